import { standardSetup } from '../setup.js';
import { STANDARD_RULES } from '../variant.js';
import { defineVariant, type VariantBoard, type Variant } from './types.js';

/** The side that has given its last check; White first (a position cannot have both). */
function checksGiven(board: VariantBoard): 'white' | 'black' | undefined {
  const white = board.checksLeft('white');
  if (white !== undefined && white <= 0) return 'white';
  const black = board.checksLeft('black');
  return black !== undefined && black <= 0 ? 'black' : undefined;
}

/**
 * Three-check (lichess, ICC wild 25): chess, and a side that gives its third check wins. The
 * counters are the setup's `remainingChecks` (FEN's `3+3` field), so an unnamed setup that
 * counts checks is three-check. Any piece besides the king can give check, so only a lone king
 * is insufficient material.
 */
export const threeCheck: Variant<'threeCheck'> = /* @__PURE__ */ defineVariant({
  key: 'threeCheck',
  title: 'Three-check',
  names: { pgn: ['Three-check', '3check'], lichess: 'threeCheck', fics: [], icc: 25 },
  rules: {
    spec: STANDARD_RULES,
    winner: checksGiven,
    winReason: 'threeChecks',
    insufficientMaterial: (setup, color) =>
      setup.board.pieces.every((p) => !p || p.color !== color || p.role === 'king'),
    prepare: (setup) => (setup.remainingChecks ? setup : { ...setup, remainingChecks: { white: 3, black: 3 } }),
  },
  shownBy: { carries: 'remainingChecks' },
  start: () => ({ ...standardSetup(), remainingChecks: { white: 3, black: 3 } }),
});
