import { emptyPocket, standardSetup, type Setup } from '../setup.js';
import { STANDARD_RULES } from '../variant.js';
import { ROLES } from '../vocabulary.js';
import { defineVariant, type Variant } from './types.js';

/**
 * Whether neither side can mate in crazyhouse, by material: captured pieces change hands and
 * are dropped anywhere, so only a game of at most three pieces, kings included, whose one
 * besides the kings is an unpromoted knight or bishop (the reading of chessops and
 * python-chess). The same for both colours.
 */
function crazyhouseIsDrawn(setup: Setup): boolean {
  const pockets = setup.pockets;
  let count = 0;
  if (pockets) {
    for (const role of ROLES) {
      const held = pockets.white[role] + pockets.black[role];
      if (held > 0 && role !== 'knight' && role !== 'bishop') return false;
      count += held;
    }
  }
  for (const p of setup.board.pieces) {
    if (!p) continue;
    if (p.role !== 'king' && (p.promoted || (p.role !== 'knight' && p.role !== 'bishop'))) return false;
    count++;
  }
  return count <= 3;
}

/**
 * Crazyhouse (lichess, FICS `help crazyhouse`, ICC wild 23): a captured piece goes to the
 * captor's pocket (a promoted one as a pawn) and may be dropped instead of a move, a pawn not
 * on the first or last rank. Drops come from the pockets a setup carries, so an unnamed setup
 * with pockets is crazyhouse.
 */
export const crazyhouse: Variant<'crazyhouse'> = /* @__PURE__ */ defineVariant({
  key: 'crazyhouse',
  title: 'Crazyhouse',
  names: { pgn: ['Crazyhouse'], lichess: 'crazyhouse', fics: ['crazyhouse'], icc: 23 },
  rules: {
    spec: STANDARD_RULES,
    insufficientMaterial: crazyhouseIsDrawn,
    prepare: (setup) => (setup.pockets ? setup : { ...setup, pockets: { white: emptyPocket(), black: emptyPocket() } }),
  },
  shownBy: { carries: 'pockets' },
  start: () => ({ ...standardSetup(), pockets: { white: emptyPocket(), black: emptyPocket() } }),
});
