import { standardSetup } from '../setup.js';
import { STANDARD_RULES } from '../variant.js';
import { defineVariant, type VariantBoard, type Variant } from './types.js';

/** d4, e4, d5, e5: the hill. */
const HILL: readonly number[] = [27, 28, 35, 36];

/** The side whose king stands on the hill; White first (both kings cannot stand there legally). */
function kingOnHill(board: VariantBoard): 'white' | 'black' | undefined {
  if (HILL.includes(board.kingSquare('white'))) return 'white';
  return HILL.includes(board.kingSquare('black')) ? 'black' : undefined;
}

/**
 * King of the hill (lichess): chess, and a side whose king reaches one of the four centre
 * squares wins at once. A king can always walk toward the hill, so no material is
 * insufficient (chessops' reading). Nothing in a position says it is played, so a setup
 * names it (`variant: 'kingOfTheHill'`).
 */
export const kingOfTheHill: Variant<'kingOfTheHill'> = /* @__PURE__ */ defineVariant({
  key: 'kingOfTheHill',
  title: 'King of the Hill',
  names: { pgn: ['King of the Hill', 'KOTH'], lichess: 'kingOfTheHill', fics: [] },
  rules: { spec: STANDARD_RULES, winner: kingOnHill, insufficientMaterial: () => false },
  start: () => ({ ...standardSetup(), variant: 'kingOfTheHill' }),
});
