import type { Board } from './board.js';
import {
  GEOMETRY_NAMES,
  OMEGA,
  STANDARD,
  parseSquare,
  squareName,
  type Geometry,
  type GeometryName,
  type Square,
} from './geometry.js';
import type { Move } from './move.js';
import type { OmegaAdvancedState } from './omega-advanced.js';
import { piece, pieceLetter, type Piece } from './piece.js';
import { startClock, withRealtime } from './realtime.js';
import { err, ok, type Result } from './result.js';
import { emptyPocket, MAX_COUNTER, type Pocket, type RealtimeClock, type Setup } from './setup.js';
import { emptySquares } from './internal/pieces.js';
import { VARIANTS } from './variants/list.js';
import { variantByKey, type VariantKey } from './variants/lookup.js';
import { COLORS, ROLES, ROLE_LETTERS, roleFromLetter, type ByColor, type Color, type Role } from './vocabulary.js';
import { LOWER_A, LOWER_Z, TILDE, UPPER_A, UPPER_Z } from './internal/codes.js';

/**
 * The canonical, language-neutral JSON form of a Setup, used by the conformance vectors and
 * the CLI. Squares are names; pieces are FEN letters (upper case White) with a `~` suffix when
 * promoted; pockets list the letters held, in role order; keys appear in a fixed order.
 */
export interface SetupJson {
  /** The geometry's name (`standard`, `omega`). */
  readonly geometry: string;
  /** The variant's key (`Setup.variant`, a key of `VARIANTS`), when the setup names one. */
  readonly variant?: string;
  /**
   * The occupied squares by name, each with its piece's letter (`"e1": "K"`, `"d5": "q~"`), in
   * square order.
   */
  readonly board: Readonly<Record<string, string>>;
  /** The side to move: `white` or `black`. */
  readonly turn: string;
  /** The squares of the rooks that may still castle, in square order. */
  readonly castlingRooks: readonly string[];
  /** The en passant target squares, in square order. */
  readonly epSquares: readonly string[];
  /** Half-moves since the last capture or pawn move. */
  readonly halfmoves: number;
  /** The number of the full move, from 1. */
  readonly fullmoves: number;
  /** Pieces in hand by letter (upper case White's), when the setup has pockets. */
  readonly pockets?: { readonly white: string; readonly black: string };
  /** Checks each side still has to give (three-check), when the setup counts them. */
  readonly remainingChecks?: { readonly white: number; readonly black: number };
  /** The realtime clock and piece states, when the setup has either. */
  readonly realtime?: RealtimeJson;
  /** The Omega Chess Advanced state, when the setup has one. */
  readonly omegaAdvanced?: OmegaAdvancedJson;
}

/** The Omega Chess Advanced state as in the model, with `null` for a player who has not moved yet. */
export interface OmegaAdvancedJson {
  /** Each side's guarding rights. */
  readonly guarding: ByColor<{ readonly kingSide: boolean; readonly queenSide: boolean }>;
  /** Whether each side may still place its fool. */
  readonly foolInHand: ByColor<boolean>;
  /** The role of the last piece each side moved, `null` before its first move. */
  readonly lastMoved: ByColor<string | null>;
}

/**
 * The clock of a realtime setup and the states of its pieces, keyed by the square the piece
 * stands on (a piece in flight stands on its destination), in square order; times are
 * milliseconds on the game clock, as in the model.
 */
export interface RealtimeJson {
  /** The game clock: milliseconds since the start. */
  readonly clockMs: number;
  /** Milliseconds since the last capture. */
  readonly sinceCaptureMs: number;
  /** How long an arrived piece waits before it may move again, in milliseconds. */
  readonly cooldownMs: number;
  /** The pieces cooling down, by square, with when each arrived. */
  readonly cooldowns: Readonly<Record<string, { readonly arrivedAtMs: number }>>;
  /** The pieces in flight, by destination square, with where each left from and when it lands. */
  readonly flights: Readonly<Record<string, FlightJson>>;
}

/** A piece in flight: where from, when it lands, and the piece it flies at, if any (a capture in flight). */
export interface FlightJson {
  readonly from: string;
  readonly arrivesAtMs: number;
  /** The piece already on the square (standing, or flying there and landing later). */
  readonly under?: UnderJson;
}

/** A piece under a flight: its letter, and its own state (cooling down, or a flight of its own). */
export interface UnderJson {
  readonly piece: string;
  readonly arrivedAtMs?: number;
  readonly from?: string;
  readonly arrivesAtMs?: number;
  readonly under?: UnderJson;
}

function pocketLetters(pocket: Pocket, upper: boolean): string {
  let out = '';
  for (const role of ROLES) {
    const letter = upper ? ROLE_LETTERS[role].toUpperCase() : ROLE_LETTERS[role];
    out += letter.repeat(pocket[role]);
  }
  return out;
}

/** The canonical JSON form of a setup (see `SetupJson`); `parseSetupJson` reads it back to an equal setup. */
export function setupToJson(setup: Setup): SetupJson {
  const { geometry } = setup.board;
  const board: Record<string, string> = {};
  setup.board.pieces.forEach((p, square) => {
    // A pawn marked promoted (built by hand) is written as the pawn it is.
    if (p) board[squareName(geometry, square)] = pieceLetter(p) + (p.promoted && p.role !== 'pawn' ? '~' : '');
  });
  const json: {
    -readonly [K in keyof SetupJson]: SetupJson[K];
  } = {
    geometry: geometry.name,
    ...(setup.variant === undefined ? {} : { variant: setup.variant }),
    board,
    turn: setup.turn,
    castlingRooks: setup.castlingRooks.map((s) => squareName(geometry, s)),
    epSquares: setup.epSquares.map((s) => squareName(geometry, s)),
    halfmoves: setup.halfmoves,
    fullmoves: setup.fullmoves,
  };
  if (setup.pockets) {
    const pockets: ByColor<Pocket> = setup.pockets;
    json.pockets = { white: pocketLetters(pockets.white, true), black: pocketLetters(pockets.black, false) };
  }
  if (setup.remainingChecks) json.remainingChecks = { ...setup.remainingChecks };
  const realtime = realtimeToJson(setup);
  if (realtime) json.realtime = realtime;
  const advanced = setup.omegaAdvanced;
  if (advanced) {
    const { guarding, foolInHand, lastMoved } = advanced;
    json.omegaAdvanced = {
      guarding: {
        white: { kingSide: guarding.white.kingSide, queenSide: guarding.white.queenSide },
        black: { kingSide: guarding.black.kingSide, queenSide: guarding.black.queenSide },
      },
      foolInHand: { white: foolInHand.white, black: foolInHand.black },
      lastMoved: { white: lastMoved.white ?? null, black: lastMoved.black ?? null },
    };
  }
  return json;
}

/** A flight's JSON, with the pieces under it (`RealtimeState.under`) nested. */
function flightToJson(geometry: Geometry, state: { from: Square; arrivesAtMs: number; under?: Piece }): FlightJson {
  const json: { from: string; arrivesAtMs: number; under?: UnderJson } = {
    from: squareName(geometry, state.from),
    arrivesAtMs: state.arrivesAtMs,
  };
  const p = state.under;
  if (p !== undefined) {
    const letter = pieceLetter(p) + (p.promoted && p.role !== 'pawn' ? '~' : '');
    const below = p.realtime;
    json.under =
      below === undefined
        ? { piece: letter }
        : below.kind === 'cooldown'
          ? { piece: letter, arrivedAtMs: below.arrivedAtMs }
          : { piece: letter, ...flightToJson(geometry, below) };
  }
  return json;
}

/** The `realtime` key of a setup's JSON: its clock and its pieces' states; none for a setup without either. */
function realtimeToJson(setup: Setup): RealtimeJson | undefined {
  const { geometry } = setup.board;
  const cooldowns: Record<string, { arrivedAtMs: number }> = {};
  const flights: Record<string, FlightJson> = {};
  let states = false;
  setup.board.pieces.forEach((p, square) => {
    const state = p?.realtime;
    if (state === undefined) return;
    states = true;
    if (state.kind === 'cooldown') cooldowns[squareName(geometry, square)] = { arrivedAtMs: state.arrivedAtMs };
    else flights[squareName(geometry, square)] = flightToJson(geometry, state);
  });
  if (!setup.realtime && !states) return undefined;
  // Pieces in flight or cooling down are read against a clock: the start when there is none.
  const { clockMs, sinceCaptureMs, cooldownMs } = setup.realtime ?? startClock();
  return { clockMs, sinceCaptureMs, cooldownMs, cooldowns, flights };
}

/**
 * The canonical JSON form of a move, as the conformance vectors write it: squares by name,
 * roles by name (`{"kind": "castle", "from": "e1", "to": "g1", "rook": "h1", "rookTo": "f1"}`).
 */
export type MoveJson =
  | { readonly kind: 'normal'; readonly from: string; readonly to: string; readonly promotion?: string }
  | { readonly kind: 'enPassant'; readonly from: string; readonly to: string; readonly captured: string }
  | {
      readonly kind: 'castle';
      readonly from: string;
      readonly to: string;
      readonly rook: string;
      readonly rookTo: string;
    }
  | { readonly kind: 'drop'; readonly role: string; readonly to: string };

/** The canonical JSON form of a move, squares named in `geometry`; `parseMoveJson` reads it back. */
export function moveToJson(geometry: Geometry, move: Move): MoveJson {
  const name = (square: Square): string => squareName(geometry, square);
  switch (move.kind) {
    case 'normal':
      return move.promotion === undefined
        ? { kind: move.kind, from: name(move.from), to: name(move.to) }
        : { kind: move.kind, from: name(move.from), to: name(move.to), promotion: move.promotion };
    case 'enPassant':
      return { kind: move.kind, from: name(move.from), to: name(move.to), captured: name(move.captured) };
    case 'castle':
      return {
        kind: move.kind,
        from: name(move.from),
        to: name(move.to),
        rook: name(move.rook),
        rookTo: name(move.rookTo),
      };
    case 'drop':
      return { kind: move.kind, role: move.role, to: name(move.to) };
  }
}

/**
 * Every code `parseSetupJson` and `parseMoveJson` report. They check shape and vocabulary
 * only; whether a position or move is legal is the rules' question.
 */
export const SETUP_JSON_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  /** A value of the wrong JSON type: an array or a number where an object or a string belongs; an object that is not plain (a typed array, a `String` wrapper, a class instance). */
  'wrong-type',
  /** A required key is absent. */
  'missing-key',
  /** A key the canonical JSON does not have (unless `unknownKeys: 'ignore'`). */
  'unknown-key',
  /** More entries than the geometry has squares (board, square lists, pocket letters). */
  'too-many',
  /** A geometry name other than those of `GEOMETRY_NAMES`. */
  'unknown-geometry',
  /** A variant key that no variant of `VARIANTS` has, or one whose variant is played on another geometry. */
  'unknown-variant',
  /** A square name that the geometry does not have. */
  'unknown-square',
  /** A piece that is not one FEN letter with an optional `~`, or a pawn with one (board); a pocket character that is no piece letter. */
  'unknown-piece',
  /** A role name other than those of `ROLES` (moves). */
  'unknown-role',
  /** A turn other than `white` or `black`. */
  'unknown-color',
  /** A move kind other than `normal`, `enPassant`, `castle` or `drop`. */
  'unknown-kind',
  /** A realtime state (cooldown, flight) for a square the board has no piece on. */
  'no-piece',
  /** A pocket letter of the other side's case (`p` in White's pocket). */
  'wrong-color',
  /** A square listed twice in `castlingRooks` or `epSquares`. */
  'duplicate-square',
  /** A number that is not an allowed integer: negative counters, fullmoves 0, remaining checks above 3. */
  'out-of-range',
  /** Reading the value threw (a getter or a proxy); JSON.parse never produces such values. The engine's own limit on listing keys is `too-many`. */
  'unreadable',
] as const);
/** The code of a `SetupJsonError`, one of `SETUP_JSON_ERROR_CODES`. */
export type SetupJsonErrorCode = (typeof SETUP_JSON_ERROR_CODES)[number];

/** Why `parseSetupJson` or `parseMoveJson` rejected a value, and where in it. */
export interface SetupJsonError {
  /** The stable error code. */
  readonly code: SetupJsonErrorCode;
  /**
   * Where the problem is: keys joined by `.`, array and string indexes in brackets
   * (`board.e9`, `castlingRooks[2]`, `pockets.white[3]`); `''` for the value itself.
   * Keys longer than 16 characters are cut, so a path may not name a hostile key exactly.
   */
  readonly path: string;
  /** Short English for people: what was expected, and what was found. */
  readonly message: string;
}

/** Options of `parseSetupJson` and `parseMoveJson`. */
export interface SetupJsonOptions {
  /**
   * What to do with a key the canonical JSON does not have, in the setup, its pockets and
   * remaining checks, or a move: `reject` (the default, so that whatever is accepted writes
   * back unchanged) or `ignore` (read JSON from a newer writer that added keys).
   */
  readonly unknownKeys?: 'reject' | 'ignore';
}

const GEOMETRY_BY_NAME: Readonly<Record<GeometryName, Geometry>> = { standard: STANDARD, omega: OMEGA };

/**
 * The failures the readers throw to unwind, told apart from whatever a getter or a proxy
 * throws by identity: a WeakSet lookup runs no code of the thrown value.
 */
const failures = /* @__PURE__ */ new WeakSet<object>();

interface Failure {
  readonly error: SetupJsonError;
}

/** A path, or a function that builds it: paths of board entries are built only when one fails. */
type Path = string | (() => string);

function fail(code: SetupJsonErrorCode, at: Path, message: string): never {
  const path = typeof at === 'string' ? at : at();
  const failure: Failure = { error: { code, path, message: path === '' ? message : `${path}: ${message}` } };
  failures.add(failure);
  throw failure;
}

function isFailure(caught: unknown): caught is Failure {
  return typeof caught === 'object' && caught !== null && failures.has(caught);
}

/** Runs `read`, turning anything it throws but a failure into an `unreadable` failure at `path`. */
function guard<T>(path: Path, read: () => T): T {
  try {
    return read();
  } catch (caught) {
    if (isFailure(caught)) throw caught;
    return fail('unreadable', path, 'reading the value threw');
  }
}

/** Runs a reader; the one place where failures become error values. */
function run<T>(read: () => T): Result<T, SetupJsonError> {
  try {
    return ok(read());
  } catch (caught) {
    return err(isFailure(caught) ? caught.error : { code: 'unreadable', path: '', message: 'reading the value threw' });
  }
}

const MAX_EXCERPT = 16;

/** A short, printable excerpt of a hostile string. */
function excerpt(text: string): string {
  return JSON.stringify(text.length > MAX_EXCERPT ? `${text.slice(0, MAX_EXCERPT)}...` : text);
}

function keyPath(path: string, key: string): string {
  const shown = key.length > MAX_EXCERPT ? `${key.slice(0, MAX_EXCERPT)}...` : key;
  return path === '' ? shown : `${path}.${shown}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${excerpt(value)}`;
  if (typeof value === 'object') {
    if (guard('', () => Array.isArray(value))) return 'an array';
    return guard('', () => isPlainObject(value)) ? 'an object' : 'an object that is not a plain object';
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `a ${typeof value}`;
}

/**
 * Whether an object is a plain one, as `JSON.parse` makes them (in any realm): its prototype
 * is null or has none itself. Arrays, typed arrays, `String` wrappers, maps and class
 * instances are not: their keys are not JSON keys, and listing the keys of a typed array or
 * a `String` wrapper makes one string per element, a cost out of all proportion to the value.
 */
function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** A plain JSON object (not null, not an array, not any other kind of object). */
function expectObject(value: unknown, path: Path): object {
  if (typeof value !== 'object' || value === null || !guard(path, () => isPlainObject(value))) {
    fail('wrong-type', path, `expected an object, got ${describe(value)}`);
  }
  return value;
}

/**
 * Runs `list` (which lists the keys of a plain object), turning a RangeError into `too-many`:
 * listing the keys of an ordinary object runs no code of the caller's, so a RangeError there
 * is the engine's own limit on the number of properties, not a getter's failure.
 */
function listKeys<T>(path: string, limit: number, list: () => T): T {
  try {
    return list();
  } catch (caught) {
    if (caught instanceof RangeError)
      fail('too-many', path, `more entries than the engine can list, and more than ${limit}`);
    throw caught;
  }
}

function expectString(value: unknown, path: Path): string {
  if (typeof value !== 'string') fail('wrong-type', path, `expected a string, got ${describe(value)}`);
  return value;
}

const ABSENT: unique symbol = /* @__PURE__ */ Symbol('absent');

/** An own property of `container`, or ABSENT: inherited keys are not part of JSON. */
function own(container: object, key: string, path: Path): unknown {
  return guard(path, () =>
    Object.prototype.hasOwnProperty.call(container, key)
      ? (container as Readonly<Record<string, unknown>>)[key]
      : ABSENT,
  );
}

function required(container: object, key: string, path: string): unknown {
  const at = keyPath(path, key);
  const value = own(container, key, at);
  if (value === ABSENT) fail('missing-key', at, 'missing');
  return value;
}

/** Fails on the first own enumerable key not in `allowed`; looks at no more than allowed.length + 1 keys. */
function rejectUnknownKeys(
  container: object,
  allowed: readonly string[],
  path: string,
  options: SetupJsonOptions | undefined,
): void {
  if (options?.unknownKeys === 'ignore') return;
  guard(path, () =>
    listKeys(path, allowed.length, () => {
      for (const key in container) {
        if (Object.prototype.hasOwnProperty.call(container, key) && !allowed.includes(key)) {
          fail('unknown-key', keyPath(path, key), 'not a key of the canonical JSON');
        }
      }
    }),
  );
}

function squareOf(geometry: Geometry, name: unknown, path: Path): Square {
  const square = parseSquare(geometry, expectString(name, path));
  if (square === undefined)
    fail('unknown-square', path, `${excerpt(name as string)} is not a square of the ${geometry.name} geometry`);
  return square;
}

function squareCount(geometry: Geometry): number {
  let count = 0;
  for (const name of geometry.squareNames) if (name !== '') count++;
  return count;
}

/** The role and colour of an ASCII piece letter; undefined for anything else. */
function letterPiece(code: number): { readonly color: Color; readonly role: Role } | undefined {
  const lower = code >= UPPER_A && code <= UPPER_Z ? code - UPPER_A + LOWER_A : code;
  if (lower < LOWER_A || lower > LOWER_Z) return undefined;
  const role = roleFromLetter(String.fromCharCode(lower));
  return role && { color: lower === code ? 'black' : 'white', role };
}

function pieceOf(value: unknown, path: Path): Piece {
  const text = expectString(value, path);
  const found =
    text.length === 1 || (text.length === 2 && text.charCodeAt(1) === TILDE)
      ? letterPiece(text.charCodeAt(0))
      : undefined;
  if (!found) fail('unknown-piece', path, `expected a piece letter with an optional ~, got ${excerpt(text)}`);
  const promoted = text.length === 2;
  // The rules would read a pawn's mark as a piece of its own; no writer produces one.
  if (promoted && found.role === 'pawn')
    fail('unknown-piece', path, `a pawn is never a promoted pawn, got ${excerpt(text)}`);
  return piece(found.color, found.role, promoted);
}

function boardOf(geometry: Geometry, value: unknown, limit: number): Board {
  const json = expectObject(value, 'board');
  const names = guard('board', () => listKeys('board', limit, () => Object.keys(json)));
  if (names.length > limit)
    fail('too-many', 'board', `${names.length} entries, the ${geometry.name} geometry has ${limit} squares`);
  const pieces: (Piece | undefined)[] = emptySquares(geometry.width * geometry.height);
  for (const name of names) {
    const path = (): string => keyPath('board', name);
    pieces[squareOf(geometry, name, path)] = pieceOf(own(json, name, path), path);
  }
  return { geometry, pieces };
}

/** A list of distinct square names, as squares in ascending order. */
function squareListOf(geometry: Geometry, value: unknown, path: string, limit: number): Square[] {
  if (typeof value !== 'object' || value === null || !guard(path, () => Array.isArray(value))) {
    fail('wrong-type', path, `expected an array of square names, got ${describe(value)}`);
  }
  const list = value as readonly unknown[];
  const length = guard(path, () => list.length);
  if (length > limit) fail('too-many', path, `${length} entries, the ${geometry.name} geometry has ${limit} squares`);
  const squares: Square[] = [];
  for (let i = 0; i < length; i++) {
    const at = (): string => `${path}[${i}]`;
    const square = squareOf(
      geometry,
      guard(at, () => list[i]),
      at,
    );
    if (squares.includes(square)) fail('duplicate-square', at, `${squareName(geometry, square)} is listed twice`);
    squares.push(square);
  }
  return squares.sort((a, b) => a - b);
}

function integerOf(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number') fail('wrong-type', path, `expected a number, got ${describe(value)}`);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    fail(
      'out-of-range',
      path,
      `expected an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}, got ${value}`,
    );
  }
  return value === 0 ? 0 : value; // no -0
}

/** An object with exactly the keys `white` and `black`, read by `side`. */
function byColorOf<T>(
  value: unknown,
  path: string,
  options: SetupJsonOptions | undefined,
  side: (json: unknown, path: string, color: Color) => T,
): ByColor<T> {
  const json = expectObject(value, path);
  rejectUnknownKeys(json, COLORS, path, options);
  const white = side(required(json, 'white', path), keyPath(path, 'white'), 'white');
  const black = side(required(json, 'black', path), keyPath(path, 'black'), 'black');
  return { white, black };
}

function pocketOf(value: unknown, path: string, color: Color, limit: number): Pocket {
  const letters = expectString(value, path);
  if (letters.length > limit)
    fail('too-many', path, `${letters.length} pieces in hand, more than the ${limit} squares`);
  const counts: Record<Role, number> = { ...emptyPocket() };
  for (let i = 0; i < letters.length; i++) {
    const found = letterPiece(letters.charCodeAt(i));
    if (!found) fail('unknown-piece', `${path}[${i}]`, `${excerpt(letters.charAt(i))} is not a piece letter`);
    if (found.color !== color)
      fail(
        'wrong-color',
        `${path}[${i}]`,
        `${color === 'white' ? 'White' : 'Black'}'s pocket holds ${excerpt(letters.charAt(i))}`,
      );
    counts[found.role]++;
  }
  return counts;
}

const SETUP_KEYS = [
  'geometry',
  'variant',
  'board',
  'turn',
  'castlingRooks',
  'epSquares',
  'halfmoves',
  'fullmoves',
  'pockets',
  'remainingChecks',
  'realtime',
  'omegaAdvanced',
] as const;

/** A variant key of `VARIANTS` whose variant is played on `geometry`. */
function variantKeyOf(value: unknown, geometry: Geometry): VariantKey {
  const key = expectString(value, 'variant');
  const variant = variantByKey(key);
  if (!variant)
    fail('unknown-variant', 'variant', `expected one of ${VARIANTS.map((v) => v.key).join(', ')}, got ${excerpt(key)}`);
  if (variant.rules.spec.geometry.name !== geometry.name)
    fail('unknown-variant', 'variant', `${variant.title} is not played on the ${geometry.name} board`);
  return variant.key as VariantKey;
}

const REALTIME_KEYS = ['clockMs', 'sinceCaptureMs', 'cooldownMs', 'cooldowns', 'flights'] as const;
const MAX = Number.MAX_SAFE_INTEGER;

/**
 * The realtime clock, and the pieces' states put on `pieces` (which the board read): a state
 * names a square with a piece, and a square has at most one state.
 */
function realtimeOf(
  value: unknown,
  pieces: (Piece | undefined)[],
  geometry: Geometry,
  limit: number,
  options: SetupJsonOptions | undefined,
): RealtimeClock {
  const path = 'realtime';
  const json = expectObject(value, path);
  rejectUnknownKeys(json, REALTIME_KEYS, path, options);
  const clock = {
    clockMs: integerOf(required(json, 'clockMs', path), 'realtime.clockMs', 0, MAX),
    sinceCaptureMs: integerOf(required(json, 'sinceCaptureMs', path), 'realtime.sinceCaptureMs', 0, MAX),
    cooldownMs: integerOf(required(json, 'cooldownMs', path), 'realtime.cooldownMs', 1, MAX),
  };
  const seen = new Set<Square>();
  const states = (
    key: 'cooldowns' | 'flights',
    keys: readonly string[],
    read: (entry: object, at: string) => Piece['realtime'],
  ): void => {
    const at = keyPath(path, key);
    const map = expectObject(required(json, key, path), at);
    const names = guard(at, () => Object.keys(map));
    if (names.length > limit)
      fail('too-many', at, `${names.length} entries, the ${geometry.name} geometry has ${limit} squares`);
    for (const name of names) {
      const entryPath = keyPath(at, name);
      const square = squareOf(geometry, name, entryPath);
      const p = pieces[square];
      if (p === undefined) fail('no-piece', entryPath, `no piece stands on ${name}`);
      if (seen.has(square)) fail('duplicate-square', entryPath, `${name} is both cooling down and in flight`);
      seen.add(square);
      const entry = expectObject(own(map, name, entryPath), entryPath);
      rejectUnknownKeys(entry, keys, entryPath, options);
      pieces[square] = withRealtime(p, read(entry, entryPath));
    }
  };
  states('cooldowns', ['arrivedAtMs'], (entry, at) => ({
    kind: 'cooldown',
    arrivedAtMs: integerOf(required(entry, 'arrivedAtMs', at), keyPath(at, 'arrivedAtMs'), -MAX, MAX),
  }));
  // A flight, and the pieces under it, nested at most as deep as the board has squares.
  const flight = (entry: object, at: string, depth: number): Piece['realtime'] => {
    const state = {
      kind: 'flight' as const,
      from: squareOf(geometry, required(entry, 'from', at), keyPath(at, 'from')),
      arrivesAtMs: integerOf(required(entry, 'arrivesAtMs', at), keyPath(at, 'arrivesAtMs'), -MAX, MAX),
    };
    if (!Object.prototype.hasOwnProperty.call(entry, 'under')) return state;
    const underPath = keyPath(at, 'under');
    if (depth >= limit) fail('too-many', underPath, `pieces under one flight, more than the ${limit} squares`);
    const below = expectObject(own(entry, 'under', underPath), underPath);
    rejectUnknownKeys(below, ['piece', 'arrivedAtMs', 'from', 'arrivesAtMs', 'under'], underPath, options);
    const p = pieceOf(required(below, 'piece', underPath), keyPath(underPath, 'piece'));
    const has = (key: string): boolean => Object.prototype.hasOwnProperty.call(below, key);
    const under = has('from')
      ? withRealtime(p, flight(below, underPath, depth + 1))
      : has('arrivedAtMs')
        ? withRealtime(p, {
            kind: 'cooldown',
            arrivedAtMs: integerOf(own(below, 'arrivedAtMs', underPath), keyPath(underPath, 'arrivedAtMs'), -MAX, MAX),
          })
        : p;
    return { ...state, under };
  };
  states('flights', ['from', 'arrivesAtMs', 'under'], (entry, at) => flight(entry, at, 0));
  return clock;
}

function booleanOf(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail('wrong-type', path, `expected true or false, got ${describe(value)}`);
  return value;
}

/** The Omega Chess Advanced state: guarding flags, fools in hand, and a role name or null for each last-moved piece. */
function omegaAdvancedOf(value: unknown, options: SetupJsonOptions | undefined): OmegaAdvancedState {
  const path = 'omegaAdvanced';
  const json = expectObject(value, path);
  rejectUnknownKeys(json, ['guarding', 'foolInHand', 'lastMoved'], path, options);
  const guarding = byColorOf(required(json, 'guarding', path), keyPath(path, 'guarding'), options, (side, at) => {
    const rights = expectObject(side, at);
    rejectUnknownKeys(rights, ['kingSide', 'queenSide'], at, options);
    return {
      kingSide: booleanOf(required(rights, 'kingSide', at), keyPath(at, 'kingSide')),
      queenSide: booleanOf(required(rights, 'queenSide', at), keyPath(at, 'queenSide')),
    };
  });
  const foolInHand = byColorOf(required(json, 'foolInHand', path), keyPath(path, 'foolInHand'), options, booleanOf);
  const lastMoved = byColorOf(required(json, 'lastMoved', path), keyPath(path, 'lastMoved'), options, (role, at) =>
    role === null ? undefined : roleOf(role, at),
  );
  return { guarding, foolInHand, lastMoved };
}

/**
 * Reads the canonical JSON of a Setup (the inverse of `setupToJson`), from `JSON.parse` or
 * any other untrusted value, and never throws. It checks the shape and the vocabulary (a
 * known geometry, its square names, piece letters, turn, counters, pocket letters of the
 * right case), not whether the position is legal. Castling rooks and en passant squares may
 * come in any order and are returned ascending; pocket letters may come in any order.
 * Problems are reported in a fixed order: the value itself, unknown keys, then the keys in
 * the order `setupToJson` writes them.
 */
export function parseSetupJson(json: unknown, options?: SetupJsonOptions): Result<Setup, SetupJsonError> {
  return run(() => {
    const root = expectObject(json, '');
    rejectUnknownKeys(root, SETUP_KEYS, '', options);
    const name = expectString(required(root, 'geometry', ''), 'geometry');
    const geometry = (GEOMETRY_NAMES as readonly string[]).includes(name)
      ? GEOMETRY_BY_NAME[name as GeometryName]
      : undefined;
    if (!geometry)
      fail('unknown-geometry', 'geometry', `expected one of ${GEOMETRY_NAMES.join(', ')}, got ${excerpt(name)}`);
    const variantName = own(root, 'variant', 'variant');
    const variant = variantName === ABSENT ? undefined : variantKeyOf(variantName, geometry);
    const limit = squareCount(geometry);
    const board = boardOf(geometry, required(root, 'board', ''), limit);
    const turnName = expectString(required(root, 'turn', ''), 'turn');
    const turn = COLORS.find((color) => color === turnName);
    if (!turn) fail('unknown-color', 'turn', `expected white or black, got ${excerpt(turnName)}`);
    const setup: { -readonly [K in keyof Setup]: Setup[K] } = {
      board,
      turn,
      castlingRooks: squareListOf(geometry, required(root, 'castlingRooks', ''), 'castlingRooks', limit),
      epSquares: squareListOf(geometry, required(root, 'epSquares', ''), 'epSquares', limit),
      halfmoves: integerOf(required(root, 'halfmoves', ''), 'halfmoves', 0, MAX_COUNTER),
      fullmoves: integerOf(required(root, 'fullmoves', ''), 'fullmoves', 1, MAX_COUNTER),
    };
    if (variant !== undefined) setup.variant = variant;
    const pockets = own(root, 'pockets', 'pockets');
    if (pockets !== ABSENT)
      setup.pockets = byColorOf(pockets, 'pockets', options, (v, path, color) => pocketOf(v, path, color, limit));
    const checks = own(root, 'remainingChecks', 'remainingChecks');
    if (checks !== ABSENT)
      setup.remainingChecks = byColorOf(checks, 'remainingChecks', options, (v, path) => integerOf(v, path, 0, 3));
    const realtime = own(root, 'realtime', 'realtime');
    if (realtime !== ABSENT)
      setup.realtime = realtimeOf(realtime, board.pieces as (Piece | undefined)[], geometry, limit, options);
    const advanced = own(root, 'omegaAdvanced', 'omegaAdvanced');
    if (advanced !== ABSENT) setup.omegaAdvanced = omegaAdvancedOf(advanced, options);
    return setup;
  });
}

const MOVE_KEYS: { readonly [K in Move['kind']]: readonly string[] } = {
  normal: ['kind', 'from', 'to', 'promotion'],
  enPassant: ['kind', 'from', 'to', 'captured'],
  castle: ['kind', 'from', 'to', 'rook', 'rookTo'],
  drop: ['kind', 'role', 'to'],
};

function roleOf(value: unknown, path: string): Role {
  const name = expectString(value, path);
  const role = ROLES.find((r) => r === name);
  if (!role) fail('unknown-role', path, `expected a role name (${ROLES.join(', ')}), got ${excerpt(name)}`);
  return role;
}

/**
 * Reads the canonical JSON of a move on `geometry` (the inverse of `moveToJson`) and never
 * throws. Like `parseSetupJson` it checks shape and vocabulary (kind, square names, role
 * names), not legality: a promotion to a king or a castle of any squares reads.
 */
export function parseMoveJson(
  geometry: Geometry,
  json: unknown,
  options?: SetupJsonOptions,
): Result<Move, SetupJsonError> {
  return run((): Move => {
    const root = expectObject(json, '');
    const kindName = expectString(required(root, 'kind', ''), 'kind');
    const kind = Object.prototype.hasOwnProperty.call(MOVE_KEYS, kindName) ? (kindName as Move['kind']) : undefined;
    if (!kind) fail('unknown-kind', 'kind', `expected normal, enPassant, castle or drop, got ${excerpt(kindName)}`);
    rejectUnknownKeys(root, MOVE_KEYS[kind], '', options);
    const square = (key: string): Square => squareOf(geometry, required(root, key, ''), key);
    switch (kind) {
      case 'normal': {
        const from = square('from');
        const to = square('to');
        const promotion = own(root, 'promotion', 'promotion');
        return promotion === ABSENT
          ? { kind, from, to }
          : { kind, from, to, promotion: roleOf(promotion, 'promotion') };
      }
      case 'enPassant':
        return { kind, from: square('from'), to: square('to'), captured: square('captured') };
      case 'castle':
        return { kind, from: square('from'), to: square('to'), rook: square('rook'), rookTo: square('rookTo') };
      case 'drop':
        return { kind, role: roleOf(required(root, 'role', ''), 'role'), to: square('to') };
    }
  });
}
