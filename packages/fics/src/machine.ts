import { ok, type ByColor, type Result } from '@chess-formats/board-core';
import {
  DASH,
  DIGIT_0,
  DIGIT_9,
  EQUALS,
  LOWER_A,
  LOWER_F,
  LOWER_R,
  LOWER_T,
  LOWER_U,
  QUESTION,
  UPPER_A,
  UPPER_B,
  UPPER_F,
  UPPER_W,
} from '@chess-formats/board-core/internal';
import {
  accept,
  digits,
  keyedValues,
  quickBegin,
  quickInt,
  ratingIn,
  wordEnd,
  isBlank,
  fault,
  int,
  literal,
  more,
  ratingOf,
  readLine,
  rest,
  skip,
  word,
  type Cursor,
  type FicsRating,
} from './cursor.js';
import type { FicsError } from './errors.js';
import { matchTermsOf, type MatchTerms } from './notices.js';

/** A `key=value` word of a machine line: the value, where it starts and the word's index. */
interface Field {
  readonly value: string;
  readonly at: number;
  readonly field: number;
}

/**
 * The `key=value` words of a machine line, in order, as places in the line: six numbers a word
 * (where the key starts and ends, where the value starts and ends, where an error about the
 * value points, the word's index). Keys are compared in place and only the values a reader asks
 * for are copied out: a line has a dozen keys, and copying and hashing each one cost more than
 * the rest of the read.
 */
interface Fields {
  readonly text: string;
  readonly places: number[];
}

const SLOT = 6;

/** The `key=value` words up to the end of the line (or up to `stop=`, whose value is the rest of the line). */
function keyValues(c: Cursor, stop?: string): Fields {
  const places: number[] = [];
  const { text } = c;
  while (more(c)) {
    const at = c.at;
    if (stop !== undefined && text.startsWith(stop, at) && text.charCodeAt(at + stop.length) === EQUALS) {
      const field = c.field;
      c.at += stop.length + 1;
      skip(c);
      places.push(at, at + stop.length, c.at, c.end, at + stop.length + 1, field);
      c.at = c.end;
      c.field++;
      break;
    }
    let end = at;
    let eq = -1;
    while (end < c.end && !isBlank(text.charCodeAt(end))) {
      if (eq < 0 && text.charCodeAt(end) === EQUALS) eq = end;
      end++;
    }
    if (eq <= at) fault('value', c.field, eq < 0 ? at : eq, 'key=value');
    places.push(at, eq, eq + 1, end, eq + 1, c.field);
    c.at = end;
    c.field++;
  }
  return { text, places };
}

/** Whether the key of word `k` is `key`. */
function isKey(fields: Fields, k: number, key: string): boolean {
  const start = fields.places[SLOT * k] as number;
  return (fields.places[SLOT * k + 1] as number) - start === key.length && fields.text.startsWith(key, start);
}

/** The last value of `key` (a key sent twice counts as its last value), or fault `missing-field`. */
function need(c: Cursor, fields: Fields, key: string): Field {
  const { places, text } = fields;
  let k = places.length / SLOT - 1;
  while (k >= 0 && !isKey(fields, k, key)) k--;
  if (k < 0) fault('missing-field', c.field, c.end, `${key}=`);
  const at = SLOT * k;
  return {
    value: text.slice(places[at + 2], places[at + 3]),
    at: places[at + 4] as number,
    field: places[at + 5] as number,
  };
}

/** The key of word `k` and its value as sent. */
function keyOf(fields: Fields, k: number): string {
  return fields.text.slice(fields.places[SLOT * k], fields.places[SLOT * k + 1]);
}
function valueOf(fields: Fields, k: number): string {
  return fields.text.slice(fields.places[SLOT * k + 2], fields.places[SLOT * k + 3]);
}

/** The fields as a record of values by key. */
function asRecord(fields: Fields): Record<string, string> {
  const record: Record<string, string> = {};
  for (let k = 0; k < fields.places.length / SLOT; k++) record[keyOf(fields, k)] = valueOf(fields, k);
  return record;
}

/** The `key=value` words whose key is not in `known`, in order, as sent. */
function others(fields: Fields, known: readonly string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < fields.places.length / SLOT; k++) {
    if (!known.some((key) => isKey(fields, k, key))) out.push(`${keyOf(fields, k)}=${valueOf(fields, k)}`);
  }
  return out;
}

function numberOf(f: Field): number {
  const n = digits(f.value, 0, f.value.length);
  if (n < 0) fault('number', f.field, f.at);
  return n;
}

function flagOf(f: Field, yes: string, no: string): boolean {
  if (f.value !== yes && f.value !== no) fault('value', f.field, f.at, `${yes} or ${no}`);
  return f.value === yes;
}

/** The two halves of `a,b`. */
function pairOf(f: Field): [string, string, number] {
  const comma = f.value.indexOf(',');
  if (comma < 0 || f.value.indexOf(',', comma + 1) >= 0) fault('value', f.field, f.at, 'two values a,b');
  return [f.value.slice(0, comma), f.value.slice(comma + 1), comma];
}

function numberPair(f: Field): [number, number] {
  const [a, b, comma] = pairOf(f);
  const x = digits(a, 0, a.length);
  if (x < 0) fault('number', f.field, f.at);
  const y = digits(b, 0, b.length);
  if (y < 0) fault('number', f.field, f.at + comma + 1);
  return [x, y];
}

function flagPair(f: Field): ByColor<boolean> {
  const [a, b] = numberPair(f);
  if (a > 1 || b > 1) fault('value', f.field, f.at, '0 or 1, twice');
  return { white: a === 1, black: b === 1 };
}

/** A time control: the initial time and the increment, both in seconds. */
export interface SecondsControl {
  /** The initial time in seconds. */
  readonly initialSeconds: number;
  /** The increment in seconds. */
  readonly incrementSeconds: number;
}

/**
 * `<g1>` (with `iset gameinfo 1`): what a game is, sent when it starts or is observed. The
 * help says `it=` holds both initial times and `i=` both increments; real lines and FICS
 * clones show `it=` is White's initial time and increment and `i=` Black's, in seconds
 * (`t=blitz ... it=180,0 i=180,0`), and that is how they are read here.
 */
export interface GameInfo {
  /** The server's number for the game. */
  readonly gameNumber: number;
  /** `p=1`: a private game. */
  readonly private: boolean;
  /** `t=`: the game type (`blitz`, `lightning`, `standard`, `crazyhouse`, `wild/fr`, `untimed` ...). */
  readonly type: string;
  /** `r=1`: rated. */
  readonly rated: boolean;
  /** `u=`: whether each player is unregistered. */
  readonly unregistered: ByColor<boolean>;
  /** `it=` and `i=`: each side's initial time and increment, in seconds. */
  readonly timeControl: ByColor<SecondsControl>;
  /** `pt=`: the partner's game in bughouse, 0 when none. */
  readonly partnerGame: number;
  /** `rt=`: the players' ratings, with their `E`/`P` marks. */
  readonly ratings: ByColor<FicsRating>;
  /** `ts=`: whether each player uses timeseal. */
  readonly timeseal: ByColor<boolean>;
  /** Every `key=value` of the line as sent, the undocumented `m=` and `n=` and later additions included. */
  readonly fields: Readonly<Record<string, string>>;
}

/** Reads a `<g1>` line. Never throws. */
export function parseGameInfo(line: string): Result<GameInfo, FicsError> {
  const quick = quickGameInfo(line);
  return quick === undefined ? readGameInfo(line) : ok(quick);
}

/** The keys of `<g1>` a game info is made of, in the order the server writes them. */
const GAME_INFO_KEYS: readonly string[] = ['p', 't', 'r', 'u', 'it', 'i', 'pt', 'rt', 'ts'];
/** The undocumented keys the server writes after them. */
const AFTER_KEYS: readonly string[] = ['m', 'n'];

/** Where the comma of `a,b` is, or -1 when there is not exactly one. */
function commaOf(value: string): number {
  const comma = value.indexOf(',');
  return comma < 0 || value.indexOf(',', comma + 1) >= 0 ? -1 : comma;
}

/** The number before (`half` 0) or after (1) the comma of `a,b`, or -1. */
function halfOf(value: string, half: 0 | 1): number {
  const comma = commaOf(value);
  if (comma < 0) return -1;
  return half === 0 ? digits(value, 0, comma) : digits(value, comma + 1, value.length);
}

/** A flag of `0,1`: 1 or 0, or -1 for any other value. */
function bitOf(value: string, half: 0 | 1): number {
  const n = halfOf(value, half);
  return n > 1 ? -1 : n;
}

/** A game info whose keys come in the server's order (any others after them), or `undefined` for any other line (exported for the tests). */
export function quickGameInfo(line: string): GameInfo | undefined {
  const c = quickBegin(line);
  if (c === undefined || !accept(c, '<g1>')) return undefined;
  const { text } = c;
  const gameNumber = quickInt(c);
  if (gameNumber < 0 || !keyedValues(c, GAME_INFO_KEYS, PLACES)) return undefined;
  const value = (k: number): string => text.slice(PLACES[2 * k], PLACES[2 * k + 1]);
  const p = value(0);
  const t = value(1);
  const r = value(2);
  const u = value(3);
  const it = value(4);
  const i = value(5);
  const pt = value(6);
  const rt = value(7);
  const ts = value(8);
  if ((p !== '1' && p !== '0') || (r !== '1' && r !== '0')) return undefined;
  // A literal rather than a store of each key: one store site for many keys is a slow, generic
  // one. The server writes `m=` and `n=` after the documented keys; they go in the literal too.
  const after = c.at;
  const m = keyedValues(c, AFTER_KEYS, PLACES) ? value(0) : undefined;
  if (m === undefined) c.at = after;
  const fields: Record<string, string> =
    m === undefined ? { p, t, r, u, it, i, pt, rt, ts } : { p, t, r, u, it, i, pt, rt, ts, m, n: value(1) };
  while (more(c)) {
    const end = wordEnd(c);
    const eq = text.indexOf('=', c.at);
    if (eq <= c.at || eq >= end) return undefined;
    const key = text.slice(c.at, eq);
    // A known key sent again: its last value counts, which the full reader sorts out.
    if (GAME_INFO_KEYS.includes(key)) return undefined;
    fields[key] = text.slice(eq + 1, end);
    c.at = end;
  }
  const unregisteredWhite = bitOf(u, 0);
  const unregisteredBlack = bitOf(u, 1);
  const whiteInitial = halfOf(it, 0);
  const whiteIncrement = halfOf(it, 1);
  const blackInitial = halfOf(i, 0);
  const blackIncrement = halfOf(i, 1);
  const partnerGame = digits(pt, 0, pt.length);
  const comma = commaOf(rt);
  const whiteRating = comma < 0 ? undefined : ratingIn(rt.slice(0, comma));
  const blackRating = comma < 0 ? undefined : ratingIn(rt.slice(comma + 1));
  const timesealWhite = bitOf(ts, 0);
  const timesealBlack = bitOf(ts, 1);
  if (
    unregisteredWhite < 0 ||
    unregisteredBlack < 0 ||
    whiteInitial < 0 ||
    whiteIncrement < 0 ||
    blackInitial < 0 ||
    blackIncrement < 0 ||
    partnerGame < 0 ||
    whiteRating === undefined ||
    blackRating === undefined ||
    timesealWhite < 0 ||
    timesealBlack < 0
  )
    return undefined;
  return {
    gameNumber,
    private: p === '1',
    type: t,
    rated: r === '1',
    unregistered: { white: unregisteredWhite === 1, black: unregisteredBlack === 1 },
    timeControl: {
      white: { initialSeconds: whiteInitial, incrementSeconds: whiteIncrement },
      black: { initialSeconds: blackInitial, incrementSeconds: blackIncrement },
    },
    partnerGame,
    ratings: { white: whiteRating, black: blackRating },
    timeseal: { white: timesealWhite === 1, black: timesealBlack === 1 },
    fields: Object.freeze(fields),
  };
}

/** The full reader, which reads every line and gives the errors (exported for the tests, not from the package). */
export function readGameInfo(line: string): Result<GameInfo, FicsError> {
  return readLine(line, (c) => {
    literal(c, '<g1>');
    const gameNumber = int(c);
    const fields = keyValues(c);
    const rt = need(c, fields, 'rt');
    const [whiteRating, blackRating, comma] = pairOf(rt);
    const it = numberPair(need(c, fields, 'it'));
    const i = numberPair(need(c, fields, 'i'));
    return {
      gameNumber,
      private: flagOf(need(c, fields, 'p'), '1', '0'),
      type: need(c, fields, 't').value,
      rated: flagOf(need(c, fields, 'r'), '1', '0'),
      unregistered: flagPair(need(c, fields, 'u')),
      timeControl: {
        white: { initialSeconds: it[0], incrementSeconds: it[1] },
        black: { initialSeconds: i[0], incrementSeconds: i[1] },
      },
      partnerGame: numberOf(need(c, fields, 'pt')),
      ratings: {
        white: ratingOf(whiteRating, rt.field, rt.at),
        black: ratingOf(blackRating, rt.field, rt.at + comma + 1),
      },
      timeseal: flagPair(need(c, fields, 'ts')),
      fields: Object.freeze(asRecord(fields)),
    };
  });
}

/**
 * `<d1>` (with `iset compressmove 1`): a move of a played game as a delta instead of a
 * style 12 board, `<d1> GAME HALFMOVES SAN SMITH TAKEN_MS LEFT_MS` (help `iv_compressmove`).
 */
export interface DeltaBoard {
  /** The server's number for the game. */
  readonly gameNumber: number;
  /** The half-moves played, this one included. */
  readonly halfMoves: number;
  /** The move in SAN. */
  readonly san: string;
  /** The move in Smith notation (`e2c2p`: capture letter, `c`/`C` castling, `E` en passant, a promotion letter). */
  readonly smith: string;
  /** The time the move took, in milliseconds. */
  readonly takenMs: number;
  /** The mover's time left, in milliseconds. */
  readonly leftMs: number;
}

/** Reads a `<d1>` line. Never throws. */
export function parseDeltaBoard(line: string): Result<DeltaBoard, FicsError> {
  return readLine(line, (c) => {
    literal(c, '<d1>');
    return {
      gameNumber: int(c),
      halfMoves: int(c),
      san: word(c),
      smith: word(c),
      takenMs: int(c),
      leftMs: int(c, true),
    };
  });
}

/** A hex digit's value, either case, or -1. */
function hexDigit(c: number): number {
  if (c >= DIGIT_0 && c <= DIGIT_9) return c - DIGIT_0;
  if (c >= LOWER_A && c <= LOWER_F) return c - LOWER_A + 10;
  if (c >= UPPER_A && c <= UPPER_F) return c - UPPER_A + 10;
  return -1;
}

/** Two hex digits of `text` from `at` as a number, or -1. */
function hexByte(text: string, at: number): number {
  const hi = hexDigit(text.charCodeAt(at));
  const lo = hexDigit(text.charCodeAt(at + 1));
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

/** The title bits of a seek's `ti=` field (help `iv_seekinfo`), by name. */
export const SEEK_TITLES = /* @__PURE__ */ Object.freeze({
  unregistered: 0x1,
  computer: 0x2,
  GM: 0x4,
  IM: 0x8,
  FM: 0x10,
  WGM: 0x20,
  WIM: 0x40,
  WFM: 0x80,
} as const);
/** A name of `SEEK_TITLES`. */
export type SeekTitle = keyof typeof SEEK_TITLES;

/** The names of the bits set in a `ti=` value, in the table's order. */
export function seekTitles(bits: number): SeekTitle[] {
  return (Object.keys(SEEK_TITLES) as SeekTitle[]).filter((name) => (bits & SEEK_TITLES[name]) !== 0);
}

/**
 * `<s>` or `<sn>` (with `iset seekinfo 1`): one seek ad, `<s> INDEX w=NAME ti=TT rt=RATING
 * t=MIN i=INC r=r|u tp=TYPE c=?|W|B rr=MIN-MAX a=t|f f=t|f`. `<sn>` is the same ad of a seek
 * the user cannot accept (in practice the user's own, with `showownseek`).
 */
export interface Seek {
  /** The ad's number, what `play N` accepts. */
  readonly index: number;
  /** `<sn>`: the user cannot accept this seek. */
  readonly cannotAccept: boolean;
  /** The seeker's handle. */
  readonly name: string;
  /** `ti=`: the titles, a bit field of `SEEK_TITLES`. */
  readonly titles: number;
  /** The seeker's rating (0 for none), with `E` (estimated) or `P` (provisional) when so marked. */
  readonly rating: FicsRating;
  /** `t=`: initial time in minutes. */
  readonly minutes: number;
  /** `i=`: increment in seconds. */
  readonly increment: number;
  /** `r=r`: rated. */
  readonly rated: boolean;
  /** `tp=`: the game type (`blitz`, `wild/4`, `suicide` ...). */
  readonly type: string;
  /** `c=`: the colour the seeker asks for, `undefined` for either. */
  readonly color: 'white' | 'black' | undefined;
  /** `rr=`: the range of opponents' ratings accepted. */
  readonly ratingRange: readonly [min: number, max: number];
  /** `a=t`: the seek is accepted automatically (not `manual`). */
  readonly automatic: boolean;
  /** `f=t`: the seeker's formula is checked. */
  readonly formula: boolean;
  /** Fields after those documented, as `key=value` words, in order. */
  readonly extraFields: readonly string[];
}

const SEEK_KEYS: readonly string[] = ['w', 'ti', 'rt', 't', 'i', 'r', 'tp', 'c', 'rr', 'a', 'f'];

/**
 * Reads a `<s>` or `<sn>` line. Never throws.
 *
 * @example
 * ```ts
 * import { parseSeek, seekTitles } from '@chess-formats/fics';
 * const read = parseSeek('<s> 7 w=Alice ti=04 rt=1650P t=3 i=0 r=r tp=blitz c=W rr=1500-1800 a=t f=f');
 * if (read.ok) console.log(read.value.rating, seekTitles(read.value.titles), read.value.color); // → { text: '1650P', value: 1650, mark: 'P' } [ 'GM' ] white
 * console.log(parseSeek('<s> 7 w=Alice ti=zz')); // → { ok: false, error: { code: 'value', field: 3, offset: 17, ... } }
 * ```
 */
export function parseSeek(line: string): Result<Seek, FicsError> {
  const quick = quickSeek(line);
  return quick === undefined ? readSeek(line) : ok(quick);
}

/** A flag of one character from `start` to `end`: 1 for `yes`, 0 for `no`, -1 for anything else. */
function flagAt(text: string, start: number, end: number, yes: number, no: number): number {
  if (end !== start + 1) return -1;
  const v = text.charCodeAt(start);
  return v === yes ? 1 : v === no ? 0 : -1;
}

/** Where the quick reads put their values' places; one line is read at a time. */
const PLACES: number[] = [];

/** A seek in the order the server writes its fields, or `undefined` for any other line (see `quickBegin`; exported for the tests). */
export function quickSeek(line: string): Seek | undefined {
  const c = quickBegin(line);
  if (c === undefined) return undefined;
  const { text } = c;
  const cannotAccept = text.startsWith('<sn>', c.at);
  if (!accept(c, cannotAccept ? '<sn>' : '<s>')) return undefined;
  const index = quickInt(c);
  const at = PLACES;
  if (index < 0 || !keyedValues(c, SEEK_KEYS, at) || more(c)) return undefined;
  // The values' places, by the keys' order: w ti rt t i r tp c rr a f.
  const titles = (at[3] as number) - (at[2] as number) === 2 ? hexByte(text, at[2] as number) : -1;
  const rating = ratingIn(text.slice(at[4], at[5]));
  const minutes = digits(text, at[6] as number, at[7] as number);
  const increment = digits(text, at[8] as number, at[9] as number);
  const rated = flagAt(text, at[10] as number, at[11] as number, LOWER_R, LOWER_U);
  const colorCode = (at[15] as number) - (at[14] as number) === 1 ? text.charCodeAt(at[14] as number) : -1;
  const rr = at[16] as number;
  const rrEnd = at[17] as number;
  let dash = rr;
  while (dash < rrEnd && text.charCodeAt(dash) !== DASH) dash++;
  const min = digits(text, rr, dash);
  const max = digits(text, dash + 1, rrEnd);
  const automatic = flagAt(text, at[18] as number, at[19] as number, LOWER_T, LOWER_F);
  const formula = flagAt(text, at[20] as number, at[21] as number, LOWER_T, LOWER_F);
  if (
    titles < 0 ||
    rating === undefined ||
    minutes < 0 ||
    increment < 0 ||
    rated < 0 ||
    (colorCode !== QUESTION && colorCode !== UPPER_W && colorCode !== UPPER_B) ||
    min < 0 ||
    max < 0 ||
    automatic < 0 ||
    formula < 0
  )
    return undefined;
  return {
    index,
    cannotAccept,
    name: text.slice(at[0], at[1]),
    titles,
    rating,
    minutes,
    increment,
    rated: rated === 1,
    type: text.slice(at[12], at[13]),
    color: colorCode === UPPER_W ? 'white' : colorCode === UPPER_B ? 'black' : undefined,
    ratingRange: [min, max],
    automatic: automatic === 1,
    formula: formula === 1,
    extraFields: [],
  };
}

/** The full reader, which reads every line and gives the errors (exported for the tests, not from the package). */
export function readSeek(line: string): Result<Seek, FicsError> {
  return readLine(line, (c) => {
    skip(c);
    const cannotAccept = c.text.startsWith('<sn>', c.at);
    literal(c, cannotAccept ? '<sn>' : '<s>');
    const index = int(c);
    const fields = keyValues(c);
    const ti = need(c, fields, 'ti');
    const titles = ti.value.length === 2 ? hexByte(ti.value, 0) : -1;
    if (titles < 0) fault('value', ti.field, ti.at, 'two hex digits');
    const rt = need(c, fields, 'rt');
    const color = need(c, fields, 'c');
    if (color.value !== '?' && color.value !== 'W' && color.value !== 'B')
      fault('value', color.field, color.at, '?, W or B');
    const rr = need(c, fields, 'rr');
    const dash = rr.value.indexOf('-');
    const min = digits(rr.value, 0, dash);
    const max = digits(rr.value, dash + 1, rr.value.length);
    if (dash < 0 || min < 0) fault('number', rr.field, rr.at);
    if (max < 0) fault('number', rr.field, rr.at + dash + 1);
    return {
      index,
      cannotAccept,
      name: need(c, fields, 'w').value,
      titles,
      rating: ratingOf(rt.value, rt.field, rt.at),
      minutes: numberOf(need(c, fields, 't')),
      increment: numberOf(need(c, fields, 'i')),
      rated: flagOf(need(c, fields, 'r'), 'r', 'u'),
      type: need(c, fields, 'tp').value,
      color: color.value === 'W' ? 'white' : color.value === 'B' ? 'black' : undefined,
      ratingRange: [min, max],
      automatic: flagOf(need(c, fields, 'a'), 't', 'f'),
      formula: flagOf(need(c, fields, 'f'), 't', 'f'),
      extraFields: others(fields, SEEK_KEYS),
    };
  });
}

/** Reads `<sc>` (every seek is gone). Never throws. */
export function parseSeekClear(line: string): Result<true, FicsError> {
  return readLine(line, (c) => {
    literal(c, '<sc>');
    return true as const;
  });
}

/** Reads a list of indexes after `tag`: `<sr> 59 3 11`, `Ads removed: 22 1 119`. */
function indexes(c: Cursor): number[] {
  const list = [int(c)];
  while (more(c)) list.push(int(c));
  return list;
}

/** Reads `<sr> I1 I2 ...` (these seeks are gone): the indexes. Never throws. */
export function parseSeekRemove(line: string): Result<readonly number[], FicsError> {
  return readLine(line, (c) => {
    literal(c, '<sr>');
    return indexes(c);
  });
}

/** Reads `Ads removed: N ...`, the readable form of `<sr>`. Never throws. */
export function parseAdsRemoved(line: string): Result<readonly number[], FicsError> {
  return readLine(line, (c) => {
    literal(c, 'Ads');
    literal(c, 'removed:');
    return indexes(c);
  });
}

/**
 * An offer with `iset pendinfo 1`: `<pt> INDEX w=NAME t=TYPE p=PARAMS` (made by the user to
 * NAME) or `<pf> ...` (from NAME to the user). The parameters are typed for the types FICS
 * sends: `match` (the terms of the challenge), `takeback` (the plies), and none for `draw`
 * (`p=#`), `abort`, `adjourn`, `partner` and the others.
 */
export interface Offer {
  /** The offer's number; `<pr>` removes it. Not reused for 60 seconds. */
  readonly index: number;
  /** `to`: the user made it (`<pt>`); `from`: the user received it (`<pf>`). */
  readonly direction: 'to' | 'from';
  /** The other player. */
  readonly name: string;
  /** `t=`: `match`, `draw`, `takeback`, `abort`, `adjourn`, `partner`, or another type as sent. */
  readonly type: string;
  /** `p=`: the parameters as sent (the rest of the line). */
  readonly params: string;
  /** For `match`: the terms, read from the parameters (`undefined` when they do not read as terms). */
  readonly match?: MatchTerms;
  /** For `takeback`: the plies to take back. */
  readonly plies?: number;
}

/** Reads a `<pt>` or `<pf>` line. Never throws. */
export function parseOffer(line: string): Result<Offer, FicsError> {
  return readLine(line, (c) => {
    skip(c);
    const direction = c.text.startsWith('<pf>', c.at) ? 'from' : 'to';
    literal(c, direction === 'from' ? '<pf>' : '<pt>');
    const index = int(c);
    const fields = keyValues(c, 'p');
    const type = need(c, fields, 't').value;
    const p = need(c, fields, 'p');
    const base = { index, direction, name: need(c, fields, 'w').value, type, params: p.value } as const;
    if (type === 'match') {
      const terms = matchTermsOf(p.value);
      return terms.ok ? { ...base, match: terms.value } : base;
    }
    if (type === 'takeback') return { ...base, plies: numberOf(p) };
    return base;
  });
}

/** Reads `<pr> INDEX` (an offer was accepted, declined, withdrawn or removed): the index. Never throws. */
export function parseOfferRemove(line: string): Result<number, FicsError> {
  return readLine(line, (c) => {
    literal(c, '<pr>');
    return int(c);
  });
}

/**
 * A pin line (`iset pin 1`): `<wa> NAME FLAGS` when a player logs in, `<wd> NAME` when one
 * logs out. The flags and ratings after the name are kept as sent: their layout is not
 * documented.
 */
export interface Pin {
  /** `arrived` for `<wa>`, `departed` for `<wd>`. */
  readonly event: 'arrived' | 'departed';
  /** The player's handle. */
  readonly name: string;
  /** What follows the name on `<wa>` (flags and ratings, undocumented), `''` when nothing does. */
  readonly details: string;
}

/** Reads a `<wa>` or `<wd>` line. Never throws. */
export function parsePin(line: string): Result<Pin, FicsError> {
  return readLine(line, (c) => {
    skip(c);
    const arrived = c.text.startsWith('<wa>', c.at);
    literal(c, arrived ? '<wa>' : '<wd>');
    return { event: arrived ? 'arrived' : 'departed', name: word(c), details: rest(c) };
  });
}
