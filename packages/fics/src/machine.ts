import type { ByColor, Result } from '@chess-formats/board-core';
import { EQUALS } from '@chess-formats/board-core/internal';
import {
  digits,
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
 * The `key=value` words of a machine line, in order, in parallel lists: a short list searched in
 * order rather than a map (a line has a dozen keys; hashing each fresh key costs more than
 * comparing them), and a `Field` made only for the keys a reader asks for.
 */
interface Fields {
  readonly keys: string[];
  readonly values: string[];
  /** Where each value starts, then the word's index: two numbers a key. */
  readonly places: number[];
}

/** The `key=value` words up to the end of the line (or up to `stop=`, whose value is the rest of the line). */
function keyValues(c: Cursor, stop?: string): Fields {
  const fields: Fields = { keys: [], values: [], places: [] };
  const { text } = c;
  while (more(c)) {
    const at = c.at;
    if (stop !== undefined && text.startsWith(`${stop}=`, at)) {
      const field = c.field;
      c.at += stop.length + 1;
      fields.keys.push(stop);
      fields.values.push(rest(c));
      fields.places.push(at + stop.length + 1, field);
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
    fields.keys.push(text.slice(at, eq));
    fields.values.push(text.slice(eq + 1, end));
    fields.places.push(eq + 1, c.field);
    c.at = end;
    c.field++;
  }
  return fields;
}

/** The last value of `key` (a key sent twice counts as its last value), or fault `missing-field`. */
function need(c: Cursor, fields: Fields, key: string): Field {
  const k = fields.keys.lastIndexOf(key);
  if (k < 0) fault('missing-field', c.field, c.end, `${key}=`);
  return {
    value: fields.values[k] as string,
    at: fields.places[2 * k] as number,
    field: fields.places[2 * k + 1] as number,
  };
}

/** The fields as a record of values by key. */
function asRecord(fields: Fields): Record<string, string> {
  const record: Record<string, string> = {};
  for (let k = 0; k < fields.keys.length; k++) record[fields.keys[k] as string] = fields.values[k] as string;
  return record;
}

/** The `key=value` words whose key is not in `known`, in order, as sent. */
function others(fields: Fields, known: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let k = 0; k < fields.keys.length; k++) {
    const key = fields.keys[k] as string;
    if (!known.has(key)) out.push(`${key}=${fields.values[k] as string}`);
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

/** Two hex digits as a number, or -1. */
function hexByte(text: string): number {
  const hi = HEX.indexOf(text.charAt(0).toLowerCase());
  const lo = HEX.indexOf(text.charAt(1).toLowerCase());
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}
const HEX = '0123456789abcdef';

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

const SEEK_KEYS = new Set(['w', 'ti', 'rt', 't', 'i', 'r', 'tp', 'c', 'rr', 'a', 'f']);

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
  return readLine(line, (c) => {
    skip(c);
    const cannotAccept = c.text.startsWith('<sn>', c.at);
    literal(c, cannotAccept ? '<sn>' : '<s>');
    const index = int(c);
    const fields = keyValues(c);
    const ti = need(c, fields, 'ti');
    const titles = ti.value.length === 2 ? hexByte(ti.value) : -1;
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
