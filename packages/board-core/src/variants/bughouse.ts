import { kingSquares, isCheck } from '../attacks.js';
import { squareAt, squareX, squareY } from '../geometry.js';
import { piece } from '../piece.js';
import { emptyPocket, standardSetup, type Setup } from '../setup.js';
import { STANDARD_RULES } from '../variant.js';
import { defineVariant, type Variant } from './types.js';

/**
 * Whether the side to move, without a legal move, could still be saved by a drop: a piece
 * dropped on an empty square next to its king would leave it out of check. FICS decides mate
 * and stalemate in a bughouse game this way whatever the pockets hold (its `has_legal_move`
 * puts a hypothetical queen in hand and tries a drop on each empty neighbour of the king),
 * because the partner may pass a piece at any moment: only a contact check, a knight's check
 * or a double check mates, and a side not in check is stalemated only when every square
 * around its king is occupied.
 */
function dropMayInterpose(setup: Setup): boolean {
  const board = setup.board;
  const { geometry, pieces } = board;
  const king = kingSquares(board, setup.turn)[0];
  if (king === undefined) return false;
  const queen = piece(setup.turn, 'queen');
  const x = squareX(geometry, king);
  const y = squareY(geometry, king);
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const square = squareAt(geometry, x + dx, y + dy);
      if (square === undefined || square === king || pieces[square] !== undefined) continue;
      const placed = pieces.slice();
      placed[square] = queen;
      if (!isCheck({ ...setup, board: { geometry, pieces: placed } })) return true;
    }
  }
  return false;
}

/**
 * Bughouse (FICS `help bughouse`, game type `bughouse`; ICC wild 24; the `Bughouse` of BPGN
 * and of the FICS database's `Variant` tag): crazyhouse's drops on one board of a two-board
 * team game. A capture does not go to the captor: the captured piece (a promoted one as a
 * pawn) is passed to the captor's partner, who plays the other board with the captured
 * piece's colour, so on this board pockets change only by drops and by the pieces the partner
 * board passes (the `<b1> ... <- BN` lines of FICS, or a BPGN replay of both boards). A check
 * is mate only when no drop could block it even with empty pockets (`dropMayInterpose`), and
 * no material is insufficient, since material can always arrive. Pockets show crazyhouse, so a
 * bughouse setup names its variant.
 */
export const bughouse: Variant<'bughouse'> = /* @__PURE__ */ defineVariant({
  key: 'bughouse',
  title: 'Bughouse',
  names: { pgn: ['Bughouse'], fics: ['bughouse'], icc: 24 },
  rules: {
    spec: STANDARD_RULES,
    captures: 'partner',
    mayWait: dropMayInterpose,
    insufficientMaterial: () => false,
    prepare: (setup) => (setup.pockets ? setup : { ...setup, pockets: { white: emptyPocket(), black: emptyPocket() } }),
  },
  start: () => ({
    ...standardSetup(),
    pockets: { white: emptyPocket(), black: emptyPocket() },
    variant: 'bughouse',
  }),
});
