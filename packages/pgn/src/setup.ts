import { emptyPocket, standardSetup, type Setup } from '@chess-formats/board-core';
import { parseFen } from '@chess-formats/fen';
import { INITIAL_OCPN, parseOcpn } from '@chess-formats/ocpn';
import type { PgnVariant } from './game.js';

/**
 * `Variant` tag values as servers and tools write them, lower-cased with spaces, dashes and
 * underscores removed. "From Position" is lichess' name for standard chess from a FEN.
 */
const VARIANT_NAMES: ReadonlyMap<string, PgnVariant> = /* @__PURE__ */ new Map<string, PgnVariant>([
  ['', 'standard'],
  ['standard', 'standard'],
  ['chess', 'standard'],
  ['normal', 'standard'],
  ['fromposition', 'standard'],
  ['chess960', 'chess960'],
  ['960', 'chess960'],
  ['fischerandom', 'chess960'],
  ['fischerrandom', 'chess960'],
  ['crazyhouse', 'crazyhouse'],
  ['threecheck', 'threeCheck'],
  ['3check', 'threeCheck'],
  ['omega', 'omega'],
  ['omegachess', 'omega'],
]);

export function variantOf(tag: string | undefined): PgnVariant | undefined {
  return VARIANT_NAMES.get((tag ?? '').toLowerCase().replace(/[\s_-]/g, ''));
}

export type InitialSetup =
  | { readonly ok: true; readonly setup: Setup }
  | { readonly ok: false; readonly code: 'bad-fen'; readonly message: string; readonly cause: NonNullable<unknown> };

/**
 * The initial position of a game: the `FEN` tag (OCPN for Omega) when there is one, whatever
 * `SetUp` says (files often leave it out), else the variant's start. Crazyhouse positions
 * always have pockets and three-check positions always count checks, so that the rules
 * play the variant.
 */
export function initialSetup(variant: PgnVariant, fen: string | undefined): InitialSetup {
  let setup: Setup;
  if (variant === 'omega') {
    const parsed = parseOcpn(fen ?? INITIAL_OCPN);
    if (!parsed.ok)
      return {
        ok: false,
        code: 'bad-fen',
        message: `the FEN tag is not OCPN: ${parsed.error.message}`,
        cause: parsed.error,
      };
    setup = parsed.value;
  } else if (fen === undefined) {
    setup = standardSetup();
  } else {
    const parsed = parseFen(fen);
    if (!parsed.ok)
      return {
        ok: false,
        code: 'bad-fen',
        message: `the FEN tag is not FEN: ${parsed.error.message}`,
        cause: parsed.error,
      };
    setup = parsed.value;
  }
  if (variant === 'crazyhouse' && setup.pockets === undefined)
    setup = { ...setup, pockets: { white: emptyPocket(), black: emptyPocket() } };
  if (variant === 'threeCheck' && setup.remainingChecks === undefined)
    setup = { ...setup, remainingChecks: { white: 3, black: 3 } };
  return { ok: true, setup };
}
