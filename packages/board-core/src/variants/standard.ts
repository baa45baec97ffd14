import { standardSetup } from '../setup.js';
import { STANDARD_RULES } from '../variant.js';
import { defineVariant, type VariantRules, type Variant } from './types.js';

/** Chess rules on the 8x8 board, no hook: shared by every variant that differs only in its names or start. */
export const CHESS_RULES: VariantRules = /* @__PURE__ */ Object.freeze({ spec: STANDARD_RULES });

/**
 * Chess (FIDE Laws). The first of `VARIANTS`: a setup that names no variant and that no other
 * variant shows is played as chess. `From Position` is lichess' name for chess from a FEN.
 */
export const standard: Variant<'standard'> = /* @__PURE__ */ defineVariant({
  key: 'standard',
  title: 'Standard',
  names: {
    pgn: ['Standard', 'Chess', 'Normal', 'From Position'],
    lichess: 'standard',
    fics: ['lightning', 'blitz', 'standard', 'untimed'],
    icc: 0,
  },
  rules: CHESS_RULES,
  start: standardSetup,
});
