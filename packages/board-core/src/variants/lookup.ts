/**
 * Finding a variant by key, by any notation's name for it, and from a setup. The tables are
 * built from `VARIANTS` on first use, so a variant added to the list is found with no other
 * edit.
 */
import { err, ok, type Result } from '../result.js';
import type { Setup } from '../setup.js';
import { ICC_WILDS } from './icc-wild.js';
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
  /** Lichess keys as names are compared (`kingofthehill`), for PGN `Variant` values. */
  readonly byLichessName: ReadonlyMap<string, Variant>;
  readonly byFics: ReadonlyMap<string, Variant>;
  readonly byIcc: ReadonlyMap<number, Variant>;
}

/**
 * FICS's wild types that are chess from another start (`help wild`): castling as in chess from
 * the start the server sends, or none when king and rooks are not on their squares. Their games
 * are chess; wild/0 and wild/1 (a king on the d-file castles to b or f) and wild/fr are not.
 */
const FICS_CHESS_WILDS: readonly string[] = ['wild/2', 'wild/3', 'wild/4', 'wild/5', 'wild/8', 'wild/8a'];

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
  if (nameTable) return nameTable;
  const byFics = claimed((v) => v.names.fics.map((type) => type.toLowerCase()));
  for (const type of FICS_CHESS_WILDS) if (!byFics.has(type)) byFics.set(type, VARIANTS[0]);
  return (nameTable = {
    byPgn: claimed((v) => v.names.pgn.map(normalized)),
    byLichess: claimed((v) => [v.names.lichess]),
    byLichessName: claimed((v) => [v.names.lichess === undefined ? undefined : normalized(v.names.lichess)]),
    byFics,
    byIcc: claimed((v) => [v.names.icc]),
  });
}

/**
 * `Variant` values met in files that no variant lists among its PGN names, as compared
 * (`normalized`), with the key of the variant they mean: chessops' and cutechess' readings
 * (`zh`, `house`, `atomic chess`, `anti`, `giveaway`, `race`). Keys are resolved through
 * `variantByKey` when asked, so an alias of a variant not yet in `VARIANTS` names nothing.
 */
const ALIASES: ReadonlyMap<string, string> = /* @__PURE__ */ new Map([
  ['classical', 'standard'],
  ['zh', 'crazyhouse'],
  ['house', 'crazyhouse'],
  ['threecheckchess', 'threeCheck'],
  ['atom', 'atomic'],
  ['atomicchess', 'atomic'],
  ['anti', 'antichess'],
  ['giveaway', 'antichess'],
  ['hordechess', 'horde'],
  ['race', 'racingKings'],
  ['racing', 'racingKings'],
]);

/** ICC's `w23`, `wild 23`, `wild23`, `wild/23` as compared (`normalized`); FICS's `wild/0` is not ICC's wild 0. */
const ICC_WILD_NAME = /^(?:wild\/?|w)(\d{1,2})$/;

/** The variant of `VARIANTS` with this key (`threeCheck`), or undefined. */
export function variantByKey(key: string): Variant | undefined {
  return typeof key === 'string' ? rules().byKey.get(key) : undefined;
}

/**
 * The variant a PGN `Variant` tag value names, with every alias met in files: the PGN names of
 * `VARIANTS` (`Three-check`, `3check`, `Fischerandom`), other tools' names (`zh`, `giveaway`,
 * `atomic chess`), lichess keys (`kingOfTheHill`), FICS
 * game types (`crazyhouse`, `wild/fr`, FICS's own `wild/0` to `wild/8a`), and ICC wild
 * numbers FICS does not claim (`w23`, `wild 23`, `wild/23`: `iccWildVariant`). Compared
 * lower-cased without spaces, dashes and underscores; an empty value is chess. Undefined for a
 * name no variant of `VARIANTS` has (`wild/9`, `kriegspiel`): a reader must refuse the game,
 * never play it as chess.
 */
export function variantByPgnName(name: string): Variant | undefined {
  if (typeof name !== 'string') return undefined;
  const key = normalized(name);
  if (key === '') return VARIANTS[0];
  const t = names();
  const alias = ALIASES.get(key);
  const found =
    t.byPgn.get(key) ??
    t.byLichessName.get(key) ??
    t.byFics.get(key) ??
    (alias === undefined ? undefined : variantByKey(alias));
  if (found !== undefined || key === 'wild/0') return found;
  const wild = ICC_WILD_NAME.exec(key);
  return wild ? variantByIccWild(Number(wild[1])) : undefined;
}

/** The variant of a lichess variant key (`kingOfTheHill`, `threeCheck`), or undefined. */
export function variantByLichessKey(key: string): Variant | undefined {
  return typeof key === 'string' ? names().byLichess.get(key) : undefined;
}

/**
 * The variant of a FICS game type (`crazyhouse`, `wild/fr`; any case): the speeds (`blitz`) and
 * `wild/2` to `wild/8a` are chess (from their position); undefined for a type no variant plays.
 */
export function variantByFicsType(type: string): Variant | undefined {
  return typeof type === 'string' ? names().byFics.get(type.toLowerCase()) : undefined;
}

/**
 * The variant of an ICC wild number (22 is Chess960, 5 chess from its start), or undefined
 * when none plays it: `iccWildVariant` says why.
 */
export function variantByIccWild(wild: number): Variant | undefined {
  const found = iccWildVariant(wild);
  return found.ok ? found.value : undefined;
}

/** Why an ICC wild number names no variant here: `iccWildVariant`'s error. */
export interface UnsupportedVariantError {
  /** Always `unsupported-variant`. */
  readonly code: 'unsupported-variant';
  /** The wild number asked about. */
  readonly wild: number;
  /** Short English for people: ICC's name for the wild and why it is not played here. */
  readonly message: string;
}

/**
 * The variant that plays an ICC wild number: the one of `VARIANTS` that claims the number
 * (`names.icc`), else the one whose key `ICC_WILDS` gives. `unsupported-variant` for a wild
 * no variant here plays (kriegspiel, shatranj, two kings: the reason is in `ICC_WILDS`), for
 * one whose variant is not in `VARIANTS` yet, and for a number ICC is not known to use.
 */
export function iccWildVariant(wild: number): Result<Variant, UnsupportedVariantError> {
  const claimedBy = typeof wild === 'number' ? names().byIcc.get(wild) : undefined;
  if (claimedBy !== undefined) return ok(claimedBy);
  const entry = Number.isInteger(wild) ? ICC_WILDS[wild] : undefined;
  const fail = (message: string) => err({ code: 'unsupported-variant' as const, wild, message });
  if (entry === undefined || entry.wild !== wild)
    return fail(`ICC wild ${String(wild)} is not a wild number known here`);
  if ('unsupported' in entry)
    return fail(`ICC wild ${String(wild)} (${entry.name}) is not played here: ${entry.unsupported}`);
  const variant = variantByKey(entry.key);
  return variant !== undefined
    ? ok(variant)
    : fail(
        `ICC wild ${String(wild)} (${entry.name}) is played by the variant ${JSON.stringify(entry.key)}, which is not among VARIANTS`,
      );
}

/**
 * The variant a server or a notation names: a PGN `Variant` value with its aliases
 * (`variantByPgnName`: FICS game types, lichess keys, ICC's `w23`), else ICC's wild number as
 * `wild/N` or `N` (how the ICC tracker names a wild: `iccWildVariant`; `wild/0` is chess here,
 * though as a PGN value or a FICS type it is FICS's own wild/0), else a lichess key. Undefined
 * when none matches (`wild/9`, two kings; `kriegspiel`).
 */
export function variantByName(name: string): Variant | undefined {
  if (typeof name !== 'string') return undefined;
  const trimmed = name.trim();
  const wild = /^(?:wild\/)?(\d{1,3})$/i.exec(trimmed);
  return (
    variantByPgnName(trimmed) ?? (wild ? variantByIccWild(Number(wild[1])) : undefined) ?? variantByLichessKey(trimmed)
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
