import { deepFreeze } from '../freeze.js';
import { standardSetup, type Setup } from '../setup.js';
import { STANDARD_RULES, type RulesSpec } from '../variant.js';
import { defineVariant, type Variant, type VariantRules } from './types.js';

/**
 * Chess with castling counted from the king: it steps two files toward the rook, and the rook
 * lands on the file the king crossed. From the e-file that is chess's castling; from the
 * d-file the king lands on b (rook on c) or f (rook on e), and the short castling, `O-O`, is
 * the one toward the a-file (FICS `help wild`; pychess' `fin_kings` and `fin_rooks`).
 */
export const WILD_CASTLE_RULES: RulesSpec = /* @__PURE__ */ deepFreeze({
  ...STANDARD_RULES,
  kingSideCastling: { king: 2, rook: 1 },
  queenSideCastling: { king: -2, rook: -1 },
  castlingFromKing: true,
});

const rules: VariantRules = /* @__PURE__ */ Object.freeze({ spec: WILD_CASTLE_RULES });

/** d8 and e8: the squares Black's king and queen trade in wild/0, and both sides' in the wild/1 start given here. */
const D1 = 3;
const E1 = 4;
const D8 = 59;
const E8 = 60;

/** The standard start with the kings and queens of the given back-rank squares swapped. */
function swapped(variant: 'wild0' | 'wild1', pairs: readonly (readonly [number, number])[]): Setup {
  const setup = standardSetup();
  const pieces = setup.board.pieces.slice();
  for (const [a, b] of pairs) [pieces[a], pieces[b]] = [pieces[b], pieces[a]];
  return { ...setup, board: { ...setup.board, pieces }, variant };
}

/**
 * FICS wild/0 (`help wild`, style 0): chess, but Black's king and queen trade squares (king on
 * d8), so the kings face different files; castling is counted from the king
 * (`WILD_CASTLE_RULES`). A setup names it (`variant: 'wild0'`).
 */
export const wild0: Variant<'wild0'> = /* @__PURE__ */ defineVariant({
  key: 'wild0',
  title: 'Wild 0 (FICS)',
  names: { pgn: ['wild/0'], fics: ['wild/0'] },
  rules,
  start: () => swapped('wild0', [[D8, E8]]),
});

/**
 * FICS wild/1 (`help wild`, style 1) and ICC wild 1 (XBoard's `wildcastle`): the pieces of
 * the first rank shuffled, rooks in the corners, kings on the d- or e-file, bishops on
 * opposite colours; castling counted from the king (`WILD_CASTLE_RULES`). The start given is
 * one of them, both kings on the d-file. A setup names it (`variant: 'wild1'`).
 */
export const wild1: Variant<'wild1'> = /* @__PURE__ */ defineVariant({
  key: 'wild1',
  title: 'Wild 1 (wild castle)',
  names: { pgn: ['wild/1', 'Wild Castle'], fics: ['wild/1'], icc: 1 },
  rules,
  start: () =>
    swapped('wild1', [
      [D1, E1],
      [D8, E8],
    ]),
});
