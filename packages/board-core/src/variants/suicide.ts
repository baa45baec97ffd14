import { standardSetup, type Setup } from '../setup.js';
import { opposite } from '../vocabulary.js';
import { ANTICHESS_RULES, bishopsCannotBeTaken, piecesOf, withoutCastling } from './antichess.js';
import { defineVariant, type NoMoveEnd, type Variant } from './types.js';

/**
 * No legal move in FICS suicide: a side with no pieces left has won; a side that is blocked
 * wins with fewer pieces than the other side, loses with more, and draws with as many
 * (whatever the pieces are).
 */
function suicideEnd(setup: Setup): NoMoveEnd {
  const count = piecesOf(setup);
  const own = count[setup.turn];
  const theirs = count[opposite(setup.turn)];
  if (own === 0) return { reason: 'piecesLost', winner: setup.turn };
  if (own === theirs) return { reason: 'stalemate' };
  return { reason: 'stalemate', winner: own < theirs ? setup.turn : opposite(setup.turn) };
}

/**
 * Suicide (FICS game type `suicide`, `help suicide_chess`; python-chess's suicide board):
 * antichess's moves (kings are plain pieces, a pawn may promote to one, captures are
 * compulsory, no castling), and its own end: a side that loses all its pieces wins; a side
 * with no legal move wins if it has fewer pieces than its opponent, loses if it has more,
 * and draws with as many. Only bishops that can never be taken are insufficient material
 * (python-chess's reading). Nothing in a position says it is played, so a setup names it
 * (`variant: 'suicide'`).
 */
export const suicide: Variant<'suicide'> = /* @__PURE__ */ defineVariant({
  key: 'suicide',
  title: 'Suicide',
  names: { pgn: ['Suicide', 'Suicide chess'], fics: ['suicide'] },
  rules: {
    spec: ANTICHESS_RULES,
    plainKings: true,
    capturesCompulsory: true,
    noMoves: suicideEnd,
    insufficientMaterial: (setup, color) => bishopsCannotBeTaken(setup, color) ?? false,
    prepare: withoutCastling,
  },
  start: () => ({ ...standardSetup(), castlingRooks: [], variant: 'suicide' }),
});
