/**
 * Test-only: a toy variant written as a real one is, to prove the recipe of CONTRIBUTING.md
 * ("Adding a variant"): one module like this, one line in `VARIANTS`. One-check: chess, and the
 * first check wins. It reuses the check counters (`remainingChecks`), one each.
 */
import { standardSetup } from '../setup.js';
import { STANDARD_RULES } from '../variant.js';
import { defineVariant, type Variant, type VariantBoard } from '../variants/types.js';

function checked(board: VariantBoard): 'white' | 'black' | undefined {
  if (board.checksLeft('white') === 0) return 'white';
  return board.checksLeft('black') === 0 ? 'black' : undefined;
}

/** One-check: the first side to give check wins. */
export const oneCheck: Variant<'oneCheck'> = /* @__PURE__ */ defineVariant({
  key: 'oneCheck',
  title: 'One-check',
  names: { pgn: ['One-check', '1check'], fics: [] },
  rules: {
    spec: STANDARD_RULES,
    winner: checked,
    prepare: (setup) => (setup.remainingChecks ? setup : { ...setup, remainingChecks: { white: 1, black: 1 } }),
  },
  start: () => ({ ...standardSetup(), remainingChecks: { white: 1, black: 1 }, variant: 'oneCheck' as never }),
});
