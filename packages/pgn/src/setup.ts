import {
  deepFreeze,
  standardSetup,
  variantByFicsType,
  variantByKey,
  variantByPgnName,
  withVariant,
  type Setup,
  type VariantKey,
} from '@chess-formats/board-core';
import { parseFen } from '@chess-formats/fen';
import { INITIAL_OCPN, parseOcpn } from '@chess-formats/ocpn';

/**
 * The key of the variant a `Variant` tag value names (board-core's `variantByPgnName`: the
 * PGN names of every variant of `VARIANTS` and the aliases met in files, lichess keys, FICS
 * game types, ICC wild numbers, compared lower-cased without spaces, dashes and underscores);
 * chess without a tag; undefined for a name no variant has.
 */
export function variantOf(tag: string | undefined): VariantKey | undefined {
  return variantByPgnName(tag ?? '')?.key as VariantKey | undefined;
}

/** The key of the variant that plays a FICS game type (board-core's `variantByFicsType`), or undefined. */
export function variantOfFicsType(type: string): VariantKey | undefined {
  return variantByFicsType(type)?.key as VariantKey | undefined;
}

export type InitialSetup =
  | { readonly ok: true; readonly setup: Setup }
  | { readonly ok: false; readonly code: 'bad-fen'; readonly message: string; readonly cause: NonNullable<unknown> };

/**
 * The start of each variant read without a FEN tag, completed and named as `initialSetup`
 * gives it, deeply frozen and shared by every such game: a Setup of its own per game was much
 * of what the collector copied in files of many short games (opening books).
 */
const starts = /* @__PURE__ */ new Map<string, Setup>();

function startOf(key: VariantKey): Setup {
  let start = starts.get(key);
  if (start === undefined) {
    const variant = variantByKey(key);
    start = deepFreeze(variant ? withVariant(variant.start(), variant) : standardSetup());
    starts.set(key, start);
  }
  return start;
}

/**
 * The initial position of a game: the `FEN` tag when there is one, whatever `SetUp` says
 * (files often leave it out), else the variant's start. The tag is OCPN for a variant of the
 * Omega board (whose start is OCPN's, Omega Chess Advanced state included), FEN otherwise.
 * The position is completed for its variant and names it where it must (board-core's
 * `withVariant`): crazyhouse positions always have pockets, three-check positions always count
 * checks, a king of the hill position names its variant, so that the rules play the variant.
 */
export function initialSetup(key: VariantKey, fen: string | undefined): InitialSetup {
  const variant = variantByKey(key);
  let setup: Setup;
  if (variant?.rules.spec.geometry.name === 'omega') {
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
    return { ok: true, setup: startOf(key) };
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
  return { ok: true, setup: variant ? withVariant(setup, variant) : setup };
}
