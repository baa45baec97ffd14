import { err, ok, type Result } from '@chess-formats/board-core';
import {
  CR,
  DASH,
  DIGIT_0,
  DIGIT_9,
  EQUALS,
  LEFT_PAREN,
  RIGHT_PAREN,
  SPACE,
  TAB,
  UPPER_E,
  UPPER_P,
  caughtFault,
  fault,
} from '@chess-formats/board-core/internal';
import type { FicsError, FicsErrorCode } from './errors.js';

/*
 * The one way the line readers of this package walk a line: a cursor over the text, words
 * separated by runs of blanks (the server pads its columns; some captures collapse them), a
 * fault thrown where it is found and made an error value where the read started. Every reader
 * passes over its line once.
 */

/** Real lines are under 300 characters (a `games` row, a `<pf>` with its terms); the cap bounds hostile input. */
export const MAX_LINE_LENGTH = 4096;

/** A line being read: its text, the end (trailing blanks and CR trimmed), the cursor and the index of the next word. */
export interface Cursor {
  readonly text: string;
  readonly end: number;
  at: number;
  field: number;
}

const EXPECTED: { readonly [C in FicsErrorCode]: string } = {
  empty: 'a line',
  'too-long': 'a shorter line',
  tag: 'the start of the line kind',
  word: 'a word of the line',
  number: 'a whole number',
  rating: 'a rating: digits with E or P, ++++, ---- or UNR',
  value: 'a value of the field',
  time: 'a time m:ss, m:ss.mmm or h:mm:ss.mmm',
  'missing-field': 'another field',
  'moves-table': 'the rest of the move list',
  'moves-start': 'the position the moves start from',
  'moves-move': 'a move that replays',
};

/** Whether `c` is a blank between words: a space, a tab or a CR. */
export function isBlank(c: number): boolean {
  // One comparison for the characters of words, which are most of a line.
  return c <= SPACE && (c === SPACE || c === TAB || c === CR);
}

/** Whether `c` is an ASCII digit. */
export function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

/** A cursor at the first word of `text`, or a fault when it is empty or longer than `maxLength`. */
export function begin(text: string, maxLength = MAX_LINE_LENGTH): Cursor {
  if (typeof text !== 'string' || text.length === 0) fault('empty', 0, 0);
  if (text.length > maxLength) fault('too-long', 0, maxLength);
  let end = text.length;
  while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
  if (end === 0) fault('empty', 0, 0);
  const cursor: Cursor = { text, end, at: 0, field: 0 };
  skip(cursor);
  return cursor;
}

/** Moves the cursor past blanks. */
export function skip(c: Cursor): void {
  while (c.at < c.end && isBlank(c.text.charCodeAt(c.at))) c.at++;
}

/** Whether words are left. */
export function more(c: Cursor): boolean {
  skip(c);
  return c.at < c.end;
}

/** The next word (up to a blank), or fault `missing-field` at the end of the line. */
export function word(c: Cursor): string {
  skip(c);
  if (c.at >= c.end) fault('missing-field', c.field, c.end);
  const start = c.at;
  while (c.at < c.end && !isBlank(c.text.charCodeAt(c.at))) c.at++;
  c.field++;
  return c.text.slice(start, c.at);
}

/** The next word, which must be `expected` (fault `word` otherwise, at the word); compared in place. */
export function literal(c: Cursor, expected: string): void {
  skip(c);
  const after = c.at + expected.length;
  if (!c.text.startsWith(expected, c.at) || (after < c.end && !isBlank(c.text.charCodeAt(after))))
    fault(c.at < c.end ? 'word' : 'missing-field', c.field, c.at < c.end ? c.at : c.end, `"${expected}"`);
  c.at = after;
  c.field++;
}

/** Whether the next word is `expected`; the cursor moves past it only when it is. */
export function accept(c: Cursor, expected: string): boolean {
  skip(c);
  if (!c.text.startsWith(expected, c.at)) return false;
  const after = c.at + expected.length;
  if (after < c.end && !isBlank(c.text.charCodeAt(after))) return false;
  c.at = after;
  c.field++;
  return true;
}

/** How many words `text.split(' ')` would give, counted without making them. */
export function spaceWords(text: string): number {
  let n = 1;
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) n++;
  return n;
}

/** Digits of `text` from `start` to `end` as a number (at most 9 of them), or -1. */
export function digits(text: string, start: number, end: number): number {
  if (end <= start || end - start > 9) return -1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - DIGIT_0;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** The next word as a whole number (an optional `-` first when `signed`); fault `number` otherwise. Read in place: no copy of the word. */
export function int(c: Cursor, signed = false): number {
  skip(c);
  const at = c.at;
  if (at >= c.end) fault('missing-field', c.field, c.end);
  while (c.at < c.end && !isBlank(c.text.charCodeAt(c.at))) c.at++;
  c.field++;
  const negative = signed && c.text.charCodeAt(at) === DASH;
  const n = digits(c.text, negative ? at + 1 : at, c.at);
  if (n < 0) fault('number', c.field - 1, at);
  return negative ? -n : n;
}

/** The rest of the line from the cursor, blanks around it trimmed; '' when nothing is left. */
export function rest(c: Cursor): string {
  skip(c);
  const text = c.text.slice(c.at, c.end);
  c.at = c.end;
  return text;
}

/**
 * A rating as FICS prints it: digits with an optional `E` (estimated) or `P` (provisional),
 * `++++` (an unregistered player), `----` (no rating yet) or `UNR` (unrated, in move lists).
 */
export interface FicsRating {
  /** The rating as sent, without padding or parentheses: `1880`, `2158E`, `++++`. */
  readonly text: string;
  /** The number, or `undefined` for `++++`, `----` and `UNR`. */
  readonly value: number | undefined;
  /** `E` estimated, `P` provisional, or `undefined` for an established rating (and for no number). */
  readonly mark: 'E' | 'P' | undefined;
}

/** `text` as a rating, or `undefined` when it is not one. */
export function ratingIn(text: string): FicsRating | undefined {
  // Compared to the three literals rather than looked up in a set: a set hashes each fresh word first.
  if (text === '++++' || text === '----' || text === 'UNR') return { text, value: undefined, mark: undefined };
  const last = text.charCodeAt(text.length - 1);
  const mark = last === UPPER_E ? 'E' : last === UPPER_P ? 'P' : undefined;
  const value = digits(text, 0, mark === undefined ? text.length : text.length - 1);
  return value < 0 ? undefined : { text, value, mark };
}

/** `text` (from `at` in the line, for the error) as a rating; fault `rating` of `field` otherwise. */
export function ratingOf(text: string, field: number, at: number): FicsRating {
  const rating = ratingIn(text);
  if (rating === undefined) fault('rating', field, at);
  return rating;
}

/** A rating in parentheses, `(1880)`, padded `( 978)` or `(++++)`; fault `rating` otherwise. */
export function parenRating(c: Cursor): FicsRating {
  skip(c);
  const at = c.at;
  if (c.text.charCodeAt(at) !== LEFT_PAREN) fault('rating', c.field, at);
  let i = at + 1;
  while (i < c.end && c.text.charCodeAt(i) === SPACE) i++;
  const start = i;
  while (i < c.end && c.text.charCodeAt(i) !== RIGHT_PAREN && !isBlank(c.text.charCodeAt(i))) i++;
  if (c.text.charCodeAt(i) !== RIGHT_PAREN) fault('rating', c.field, i);
  const rating = ratingOf(c.text.slice(start, i), c.field, start);
  c.at = i + 1;
  if (c.at < c.end && !isBlank(c.text.charCodeAt(c.at))) fault('rating', c.field, c.at);
  c.field++;
  return rating;
}

/**
 * A time as FICS prints the time a move took or a clock: `m:ss`, `m:ss.mmm`, `h:mm:ss`,
 * `h:mm:ss.mmm` (an optional `-` first when `signed`), in milliseconds; -1 when it is not one.
 */
export function timeMs(text: string, signed = false): number {
  const negative = signed && text.charCodeAt(0) === DASH;
  let start = negative ? 1 : 0;
  const dot = text.indexOf('.');
  const whole = dot < 0 ? text.length : dot;
  let ms = 0;
  if (dot >= 0) {
    ms = digits(text, dot + 1, text.length);
    if (ms < 0 || text.length - dot - 1 !== 3) return -1;
  }
  let total = 0;
  let groups = 0;
  while (start <= whole) {
    let colon = text.indexOf(':', start);
    if (colon < 0 || colon > whole) colon = whole;
    const n = digits(text, start, colon);
    // Minutes and seconds after the first group are two digits under 60.
    if (n < 0 || (groups > 0 && (colon - start !== 2 || n > 59))) return -1;
    total = total * 60 + n;
    groups++;
    start = colon + 1;
  }
  if (groups < 2 || groups > 3) return -1;
  const value = total * 1000 + ms;
  return negative ? -value : value;
}

/*
 * The quick reads. The line kinds a session is mostly made of (seeks, game infos, table rows)
 * are read first by a quick reader of the layout the server writes: the words in their order,
 * read in place, a sentinel rather than a fault where the line differs. When it differs in
 * any way the line is read again by the full reader, which gives the value or the error; so a
 * quick reader needs to be right only about the lines it accepts (a property test holds each
 * to its full reader).
 */

/** A cursor at the first word of `text`, as `begin` makes it, or `undefined` where `begin` would fault. */
export function quickBegin(text: string): Cursor | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_LINE_LENGTH) return undefined;
  // The server separates words by spaces; a line with another blank is left to the full reader,
  // and the quick reads find a word's end with a search rather than a loop over its characters.
  if (text.includes('\t') || text.includes('\r')) return undefined;
  let end = text.length;
  while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
  if (end === 0) return undefined;
  const cursor: Cursor = { text, end, at: 0, field: 0 };
  skip(cursor);
  return cursor;
}

/** The next word's end (the cursor moved to its start), or -1 at the end of the line; for a cursor of `quickBegin`. */
export function wordEnd(c: Cursor): number {
  const { text, end } = c;
  let i = c.at;
  while (i < end && text.charCodeAt(i) === SPACE) i++;
  c.at = i;
  if (i >= end) return -1;
  // A search finds the space; a line the reader was given is most often a slice of the session,
  // whose characters cost more one at a time.
  const space = text.indexOf(' ', i);
  return space < 0 ? end : space;
}

/** The next word as a whole number, the cursor past it; -1 when it is not one. */
export function quickInt(c: Cursor): number {
  const end = wordEnd(c);
  if (end < 0) return -1;
  const n = digits(c.text, c.at, end);
  c.at = end;
  return n;
}

/** When the next word is `key=VALUE`: where the value starts, the cursor at its end; -1 otherwise. */
export function keyed(c: Cursor, key: string): number {
  const end = wordEnd(c);
  const start = c.at + key.length + 1;
  if (end < start || c.text.charCodeAt(start - 1) !== EQUALS) return -1;
  // Compared by character: the keys are one or two letters, shorter than a call of startsWith.
  for (let k = 0; k < key.length; k++) if (c.text.charCodeAt(c.at + k) !== key.charCodeAt(k)) return -1;
  c.at = end;
  return start;
}

/**
 * Reads the words `keys` in order as `key=VALUE`, each value's start and end into `places`
 * (two numbers a key); false at the first word that differs.
 */
export function keyedValues(c: Cursor, keys: readonly string[], places: number[]): boolean {
  for (let k = 0; k < keys.length; k++) {
    const start = keyed(c, keys[k] as string);
    if (start < 0) return false;
    places[2 * k] = start;
    places[2 * k + 1] = c.at;
  }
  return true;
}

/** Reads a line with `read`, the faults it throws made error values. */
export function readLine<T>(text: string, read: (c: Cursor) => T, maxLength?: number): Result<T, FicsError> {
  let c: Cursor | undefined;
  try {
    c = begin(text, maxLength);
    return ok(read(c));
  } catch (thrown) {
    const [code, field, offset, expected] = caughtFault(thrown);
    const end = c?.end ?? (typeof text === 'string' ? text.length : 0);
    const found = (offset < end && typeof text === 'string' ? JSON.stringify(text[offset]) : undefined) ?? 'end';
    return err({
      code: code as FicsErrorCode,
      field,
      offset,
      message: `expected ${expected ?? EXPECTED[code as FicsErrorCode]}, found ${found}`,
    });
  }
}

export { fault };
