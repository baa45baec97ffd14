/**
 * Finding a variant by key, by any notation's name for it, and from a setup. The tables are
 * built from `VARIANTS` on first use, so a variant added to the list is found with no other
 * edit.
 */
import type { Setup } from '../setup.js';
import { VARIANTS } from './list.js';
import type { Variant, VariantSign } from './types.js';

/** The key of a variant of `VARIANTS` (`standard`, `threeCheck`, ...): the value of `Setup.variant`. */
export type VariantKey = (typeof VARIANTS)[number]['key'];

/** A name as compared: lower-cased, without spaces, dashes and underscores (`Three-check` = `threecheck`). */
function normalized(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, '');
}

// Two tables, each built on first use: the rules need only the first, so a bundle that plays
// moves but reads no names carries no name tables.
const list = VARIANTS as readonly Variant[];

/** What the rules ask: variants by key, and which variant an unnamed setup shows. */
interface RulesTable {
  readonly byKey: ReadonlyMap<string, Variant>;
  /** The variants a setup can show, in list order. */
  readonly shown: readonly Variant[];
  /** The first variant of the list: what an unnamed setup that shows no variant is played as. */
  readonly fallback: Variant;
  /** The variant of an unnamed setup on the standard board that carries no state. */
  readonly plain: Variant;
}

/** Variants by each notation's name. */
interface NameTable {
  readonly byPgn: ReadonlyMap<string, Variant>;
  readonly byLichess: ReadonlyMap<string, Variant>;
  readonly byFics: ReadonlyMap<string, Variant>;
  readonly byIcc: ReadonlyMap<number, Variant>;
}

let rulesTable: RulesTable | undefined;
let nameTable: NameTable | undefined;

/** Adds each name's variant; the first variant to claim a name keeps it (the list's test forbids two claiming one). */
function claimed<N>(names: (variant: Variant) => readonly (N | undefined)[]): Map<N, Variant> {
  const map = new Map<N, Variant>();
  for (const variant of list)
    for (const name of names(variant)) if (name !== undefined && !map.has(name)) map.set(name, variant);
  return map;
}

function rules(): RulesTable {
  if (rulesTable) return rulesTable;
  const shown = list.filter((v) => v.shownBy !== undefined);
  const fallback = list[0] as Variant;
  const plain = shown.find((v) => v.shownBy?.carries === undefined && v.shownBy?.board === 'standard') ?? fallback;
  return (rulesTable = { byKey: claimed((v) => [v.key]), shown, fallback, plain });
}

function names(): NameTable {
  return (nameTable ??= {
    byPgn: claimed((v) => v.names.pgn.map(normalized)),
    byLichess: claimed((v) => [v.names.lichess]),
    byFics: claimed((v) => v.names.fics.map((type) => type.toLowerCase())),
    byIcc: claimed((v) => [v.names.icc]),
  });
}

/** The variant of `VARIANTS` with this key (`threeCheck`), or undefined. */
export function variantByKey(key: string): Variant | undefined {
  return typeof key === 'string' ? rules().byKey.get(key) : undefined;
}

/**
 * The variant a PGN `Variant` tag value names (`Three-check`, `3check`, `Fischerandom`),
 * compared lower-cased without spaces, dashes and underscores; an empty value is chess.
 * Undefined for a name no variant of `VARIANTS` has.
 */
export function variantByPgnName(name: string): Variant | undefined {
  if (typeof name !== 'string') return undefined;
  const key = normalized(name);
  return key === '' ? VARIANTS[0] : names().byPgn.get(key);
}

/** The variant of a lichess variant key (`kingOfTheHill`, `threeCheck`), or undefined. */
export function variantByLichessKey(key: string): Variant | undefined {
  return typeof key === 'string' ? names().byLichess.get(key) : undefined;
}

/** The variant of a FICS game type (`crazyhouse`, `wild/fr`; any case), or undefined. */
export function variantByFicsType(type: string): Variant | undefined {
  return typeof type === 'string' ? names().byFics.get(type.toLowerCase()) : undefined;
}

/** The variant of an ICC wild number (22 is Chess960), or undefined. */
export function variantByIccWild(wild: number): Variant | undefined {
  return names().byIcc.get(wild);
}

/**
 * The variant a server or a notation names, trying in turn: a PGN `Variant` value, a FICS
 * game type, ICC's wild number as `wild/N` (how the ICC tracker names a wild) or alone, and a
 * lichess key. Undefined when none matches (`wild/5`, a chess start that no variant here
 * plays by other rules).
 */
export function variantByName(name: string): Variant | undefined {
  if (typeof name !== 'string') return undefined;
  const wild = /^(?:wild\/)?(\d{1,3})$/i.exec(name.trim());
  return (
    variantByPgnName(name) ??
    variantByFicsType(name.trim()) ??
    (wild ? variantByIccWild(Number(wild[1])) : undefined) ??
    variantByLichessKey(name.trim())
  );
}

/**
 * The variant a setup is played by: the one it names (`setup.variant`), else the first of
 * `VARIANTS` it shows (`shownBy`: the Omega board, pockets, check counters), else chess.
 * Throws a RangeError for a name no variant has or a variant of another board: a programmer's
 * error, as a move off the board is to `play`.
 */
export function variantOf(setup: Setup): Variant {
  const key = setup.variant;
  const t = rulesTable ?? rules();
  if (key === undefined) {
    // Run for every position the rules load: the common case (the standard board, no state
    // carried) is a few comparisons; the signs are data, so no variant can make it slower.
    const board = setup.board.geometry.name;
    if (
      board === 'standard' &&
      setup.pockets === undefined &&
      setup.remainingChecks === undefined &&
      setup.omegaAdvanced === undefined &&
      setup.realtime === undefined
    )
      return t.plain;
    for (const variant of t.shown) {
      const sign = variant.shownBy as VariantSign;
      if (
        (sign.board === undefined || sign.board === board) &&
        (sign.carries === undefined || setup[sign.carries] !== undefined)
      )
        return variant;
    }
    return t.fallback;
  }
  const named = t.byKey.get(key);
  if (named === undefined) throw new RangeError(`no variant is named ${JSON.stringify(key)}`);
  if (named.rules.spec.geometry.name !== setup.board.geometry.name)
    throw new RangeError(`${named.title} is not played on the ${setup.board.geometry.name} board`);
  return named;
}

/**
 * The setup completed for `variant` (its `prepare` hook: pockets for crazyhouse, counters for
 * three-check), naming it only when it must: when the setup unnamed would be played by other
 * rules (king of the hill). A variant with chess's rules (chess, Chess960) never overrides
 * what a position shows, so a FEN with pockets under `[Variant "Standard"]` is still played
 * as crazyhouse, as it always was. `variant` must be played on the setup's board.
 */
export function withVariant(setup: Setup, variant: Variant): Setup {
  const prepared = variant.rules.prepare ? variant.rules.prepare(setup) : setup;
  // A setup that names nothing is returned as it is, so chess positions keep their identity.
  const unnamed = prepared.variant === undefined ? prepared : withoutName(prepared);
  const shown = variantOf(unnamed).rules;
  if (shown === variant.rules || variant.rules === VARIANTS[0].rules) return unnamed;
  return { ...unnamed, variant: variant.key as VariantKey };
}

function withoutName({ variant: _named, ...unnamed }: Setup): Setup {
  return unnamed;
}
