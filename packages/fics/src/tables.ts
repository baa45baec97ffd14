import { ok, type ByColor, type Color, type Result } from '@chess-formats/board-core';
import {
  DASH,
  DOT,
  LEFT_BRACE,
  LEFT_BRACKET,
  LEFT_PAREN,
  LOWER_P,
  LOWER_R,
  LOWER_U,
  RIGHT_BRACKET,
  RIGHT_PAREN,
  SPACE,
} from '@chess-formats/board-core/internal';
import {
  accept,
  isBlank,
  digits,
  fault,
  int,
  literal,
  more,
  parenRating,
  quickBegin,
  quickInt,
  ratingIn,
  ratingOf,
  readLine,
  rest,
  skip,
  spaceWords,
  timeMs,
  word,
  wordEnd,
  type Cursor,
  type FicsRating,
} from './cursor.js';
import type { FicsError } from './errors.js';
import type { FicsPlayer, FicsResult } from './notices.js';

// The `moves` table, line by line (the session reader puts them together):
//   Movelist for game 7:
//   WHITE (R) vs. BLACK (R) --- Tue Aug 11, 05:37 EDT 2015
//   Rated blitz match, initial time: 3 minutes, increment: 0 seconds.
//   [the relation -4 board, with `iset startpos 1`]
//   Move  WHITE                  BLACK
//   ----  ---------------------  ---------------------
//     1.  e4      (0:00.000)     e5      (0:00.000)
//         {Still in progress} *

/** Reads `Movelist for game N:`: the game number. Never throws. */
export function parseMovesHeader(line: string): Result<number, FicsError> {
  return readLine(line, (c) => {
    for (const w of ['Movelist', 'for', 'game']) literal(c, w);
    skip(c);
    const at = c.at;
    const w = word(c);
    const n = digits(w, 0, w.length - 1);
    if (n < 0 || !w.endsWith(':')) fault('number', c.field - 1, at, 'a game number and ":"');
    return n;
  });
}

/** The players line of a move list: both players and the date as the server printed it. */
export interface MovesPlayers {
  /** White, with the rating (`UNR` for an unregistered player). */
  readonly white: FicsPlayer;
  /** Black. */
  readonly black: FicsPlayer;
  /** The date and time the game started, as printed (`Tue Aug 11, 05:37 EDT 2015`; the zone may be `???`). */
  readonly date: string;
}

/** Reads `WHITE (R) vs. BLACK (R) --- DATE`. Never throws. */
export function parseMovesPlayers(line: string): Result<MovesPlayers, FicsError> {
  return readLine(line, (c) => {
    const white = { name: word(c), rating: parenRating(c) };
    literal(c, 'vs.');
    const black = { name: word(c), rating: parenRating(c) };
    literal(c, '---');
    const date = rest(c);
    if (date.length === 0) fault('missing-field', c.field, c.end, 'a date');
    return { white, black, date };
  });
}

/** The match line of a move list: rated, the type and the time control. */
export interface MovesMatch {
  /** `Rated` rather than `Unrated`. */
  readonly rated: boolean;
  /** The game type (`blitz`, `wild/fr`, `bughouse` ...). */
  readonly type: string;
  /** Initial time in minutes. */
  readonly minutes: number;
  /** Increment in seconds. */
  readonly increment: number;
}

/** Reads `Rated blitz match, initial time: 3 minutes, increment: 0 seconds.`. Never throws. */
export function parseMovesMatch(line: string): Result<MovesMatch, FicsError> {
  return readLine(line, (c) => {
    skip(c);
    const at = c.at;
    const ratedWord = word(c);
    if (ratedWord !== 'Rated' && ratedWord !== 'Unrated') fault('word', 0, at, '"Rated" or "Unrated"');
    const type = word(c);
    for (const w of ['match,', 'initial', 'time:']) literal(c, w);
    const minutes = int(c);
    for (const w of ['minutes,', 'increment:']) literal(c, w);
    const increment = int(c);
    literal(c, 'seconds.');
    return { rated: ratedWord === 'Rated', type, minutes, increment };
  });
}

/** A move of a move list: the SAN and the time it took. */
export interface ListedMove {
  /** The move in SAN as the server wrote it (`Nf3`, `N@g5`, `O-O-O`, `Bxe6+`). */
  readonly san: string;
  /** The time the move took, as printed without parentheses: `0:03`, `0:01.838`, `1:14:24.313`. */
  readonly timeText: string;
  /** The same time in milliseconds. */
  readonly timeMs: number;
}

/** A row of a move list: the move number and the moves played at it. */
export interface MovesRow {
  /** The move number. */
  readonly moveNumber: number;
  /** White's move; its `san` is `...` in the first row of a game where Black moved first. */
  readonly white: ListedMove;
  /** Black's move, `undefined` when Black has not moved yet. */
  readonly black: ListedMove | undefined;
}

function listedMove(c: Cursor): ListedMove {
  const san = word(c);
  skip(c);
  const at = c.at;
  const w = word(c);
  const ms = w.charCodeAt(0) === LEFT_PAREN && w.charCodeAt(w.length - 1) === RIGHT_PAREN ? timeMs(w.slice(1, -1)) : -1;
  if (ms < 0) fault('time', c.field - 1, at);
  return { san, timeText: w.slice(1, -1), timeMs: ms };
}

/** Reads a row, `  1.  e4      (0:00.000)     e5      (0:00.000)`. Never throws. */
export function parseMovesRow(line: string): Result<MovesRow, FicsError> {
  const quick = quickMovesRow(line);
  return quick === undefined ? readMovesRow(line) : ok(quick);
}

/** A move and its time in parentheses, or `undefined` (the full reader says why). */
function quickListedMove(c: Cursor): ListedMove | undefined {
  const sanEnd = wordEnd(c);
  if (sanEnd < 0) return undefined;
  const san = c.text.slice(c.at, sanEnd);
  c.at = sanEnd;
  const end = wordEnd(c);
  if (end < 0 || c.text.charCodeAt(c.at) !== LEFT_PAREN || c.text.charCodeAt(end - 1) !== RIGHT_PAREN) return undefined;
  const timeText = c.text.slice(c.at + 1, end - 1);
  const ms = timeMs(timeText);
  c.at = end;
  return ms < 0 ? undefined : { san, timeText, timeMs: ms };
}

/** A row read in one pass, or `undefined` for a line that is not one (see `quickBegin`; exported for the tests). */
export function quickMovesRow(line: string): MovesRow | undefined {
  const c = quickBegin(line);
  if (c === undefined) return undefined;
  const end = wordEnd(c);
  const moveNumber = end < 0 || c.text.charCodeAt(end - 1) !== DOT ? -1 : digits(c.text, c.at, end - 1);
  if (moveNumber < 0) return undefined;
  c.at = end;
  const white = quickListedMove(c);
  if (white === undefined) return undefined;
  let black: ListedMove | undefined;
  if (more(c)) {
    black = quickListedMove(c);
    if (black === undefined || more(c)) return undefined;
  }
  return { moveNumber, white, black };
}

/** The full reader, which reads every line and gives the errors (exported for the tests, not from the package). */
export function readMovesRow(line: string): Result<MovesRow, FicsError> {
  return readLine(line, (c) => {
    skip(c);
    const at = c.at;
    const w = word(c);
    const moveNumber = digits(w, 0, w.length - 1);
    if (moveNumber < 0 || !w.endsWith('.')) fault('number', 0, at, 'a move number and "."');
    const white = listedMove(c);
    const black = more(c) ? listedMove(c) : undefined;
    if (more(c)) fault('word', c.field, c.at, 'the end of the row');
    return { moveNumber, white, black };
  });
}

/** The last line of a move list: `{Still in progress} *`, or the reason the game ended and its result. */
export interface MovesEnd {
  /** The text in braces: `Still in progress`, `Game adjourned by mutual agreement`, `Zryvik resigns`. */
  readonly status: string;
  /** The result. */
  readonly result: FicsResult;
}

/** Reads `{STATUS} RESULT`. Never throws. */
export function parseMovesEnd(line: string): Result<MovesEnd, FicsError> {
  return readLine(line, (c) => {
    skip(c);
    if (c.text.charCodeAt(c.at) !== LEFT_BRACE) fault('tag', 0, c.at, '"{"');
    const close = c.text.indexOf('}', c.at);
    if (close < 0) fault('word', 0, c.end, '"}"');
    const status = c.text.slice(c.at + 1, close);
    c.at = close + 1;
    c.field = spaceWords(status);
    skip(c);
    const at = c.at;
    const result = more(c) ? word(c) : '';
    if (result !== '1-0' && result !== '0-1' && result !== '1/2-1/2' && result !== '*')
      fault('value', c.field - (result === '' ? 0 : 1), at, '1-0, 0-1, 1/2-1/2 or *');
    return { status, result };
  });
}

/** Whether a line is the column header of a move list, `Move  WHITE  BLACK`. */
export function isMovesColumns(line: string): boolean {
  return /^\s*Move {2}/.test(line) && line.length < 200;
}

/** Whether a line is the rule under the column header, dashes and blanks only. */
export function isMovesRule(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length < 4 || trimmed.length > 200) return false;
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed.charCodeAt(i);
    if (c !== DASH && c !== SPACE) return false;
  }
  return true;
}

/** The game types of the `games` list's type letters (help `games`). */
export const GAME_TYPE_LETTERS = /* @__PURE__ */ Object.freeze({
  b: 'blitz',
  l: 'lightning',
  s: 'standard',
  u: 'untimed',
  w: 'wild',
  x: 'atomic',
  z: 'crazyhouse',
  B: 'bughouse',
  L: 'losers',
  S: 'suicide',
  e: 'examined',
  n: 'nonstandard',
} as const satisfies Record<string, string>);

/** A row of the `games` list. */
export interface GamesRow {
  /** The server's number for the game. */
  readonly gameNumber: number;
  /** An examined game (`(Exam. ...)`). */
  readonly examined: boolean;
  /** A game being set up (`(Setup ...)`). */
  readonly setup: boolean;
  /** `p` in the bracket: a private game. */
  readonly private: boolean;
  /** White, the handle cut to 11 characters as the list prints it. */
  readonly white: FicsPlayer;
  /** Black, likewise. */
  readonly black: FicsPlayer;
  /** The type letter of the bracket (`b`, `s`, `z`, `B` ...; `GAME_TYPE_LETTERS` names them). */
  readonly typeLetter: string;
  /** `r` in the bracket. */
  readonly rated: boolean;
  /** Initial time in minutes. */
  readonly minutes: number;
  /** Increment in seconds. */
  readonly increment: number;
  /** Both clocks in milliseconds (negative after a flag fell); `undefined` for examined and setup rows. */
  readonly clocks: ByColor<number> | undefined;
  /** Both material strengths; `undefined` for examined and setup rows. */
  readonly strength: ByColor<number> | undefined;
  /** The side to move. */
  readonly turn: Color;
  /** The move number; `undefined` when the row stops after `W:`. */
  readonly moveNumber: number | undefined;
}

/** A rating word of a list, as `ratingOf` reads it (no parentheses). */
function bareRating(c: Cursor): FicsRating {
  skip(c);
  const at = c.at;
  return ratingOf(word(c), c.field - 1, at);
}

function clock(c: Cursor): number {
  skip(c);
  const at = c.at;
  const ms = timeMs(word(c), true);
  if (ms === -1) fault('time', c.field - 1, at);
  return ms;
}

/** Reads a row of the `games` list. Never throws. */
export function parseGamesRow(line: string): Result<GamesRow, FicsError> {
  const quick = quickGamesRow(line);
  return quick === undefined ? readGamesRow(line) : ok(quick);
}

/** The next word as a rating, the cursor past it, or `undefined`. */
function quickRating(c: Cursor): FicsRating | undefined {
  const end = wordEnd(c);
  if (end < 0) return undefined;
  const rating = ratingIn(c.text.slice(c.at, end));
  c.at = end;
  return rating;
}

/** The next word as a clock (`clock` reads it so), the cursor past it, or -1. */
function quickClock(c: Cursor): number {
  const end = wordEnd(c);
  if (end < 0) return -1;
  const ms = timeMs(c.text.slice(c.at, end), true);
  c.at = end;
  return ms;
}

/** Digits from `start` to `end` with spaces around them, or -1 (for other padding too: the full reader trims it). */
function paddedDigits(text: string, start: number, end: number): number {
  while (start < end && text.charCodeAt(start) === SPACE) start++;
  while (end > start && text.charCodeAt(end - 1) === SPACE) end--;
  return digits(text, start, end);
}

/**
 * A row of a game being played (not examined or set up) read in one pass, or `undefined` for
 * any other line (see `quickBegin`; exported for the tests).
 */
export function quickGamesRow(line: string): GamesRow | undefined {
  const c = quickBegin(line);
  if (c === undefined) return undefined;
  const { text } = c;
  const gameNumber = quickInt(c);
  if (gameNumber < 0 || !more(c) || text.charCodeAt(c.at) === LEFT_PAREN) return undefined;
  const whiteRating = quickRating(c);
  const whiteEnd = wordEnd(c);
  if (whiteRating === undefined || whiteEnd < 0) return undefined;
  const whiteName = text.slice(c.at, whiteEnd);
  c.at = whiteEnd;
  const blackRating = quickRating(c);
  const blackEnd = wordEnd(c);
  if (blackRating === undefined || blackEnd < 0) return undefined;
  const blackName = text.slice(c.at, blackEnd);
  c.at = blackEnd;
  skip(c);
  // `[psr 30   0]`: the private flag, the type letter and rated, in three fixed columns.
  const at = c.at;
  const privateFlag = text.charCodeAt(at + 1);
  const ratedFlag = text.charCodeAt(at + 3);
  if (
    text.charCodeAt(at) !== LEFT_BRACKET ||
    at + 4 > c.end ||
    (privateFlag !== LOWER_P && privateFlag !== SPACE) ||
    (ratedFlag !== LOWER_R && ratedFlag !== LOWER_U)
  )
    return undefined;
  const typeLetter = text.charAt(at + 2);
  c.at = at + 4;
  const minutes = quickInt(c);
  const incEnd = wordEnd(c);
  const increment = incEnd < 0 || text.charCodeAt(incEnd - 1) !== RIGHT_BRACKET ? -1 : digits(text, c.at, incEnd - 1);
  if (minutes < 0 || increment < 0) return undefined;
  c.at = incEnd;
  const whiteClock = quickClock(c);
  skip(c);
  if (whiteClock === -1 || text.charCodeAt(c.at) !== DASH) return undefined;
  c.at++;
  const blackClock = quickClock(c);
  skip(c);
  const open = c.at;
  const close = text.indexOf(')', open);
  const dash = text.indexOf('-', open);
  if (blackClock === -1 || text.charCodeAt(open) !== LEFT_PAREN || close < 0 || dash < 0 || dash > close)
    return undefined;
  const whiteStrength = paddedDigits(text, open + 1, dash);
  const blackStrength = paddedDigits(text, dash + 1, close);
  c.at = close + 1;
  const sideEnd = wordEnd(c);
  const side = sideEnd === c.at + 2 ? text.slice(c.at, sideEnd) : '';
  if (whiteStrength < 0 || blackStrength < 0 || (side !== 'W:' && side !== 'B:')) return undefined;
  c.at = sideEnd;
  let moveNumber: number | undefined;
  if (more(c)) {
    moveNumber = quickInt(c);
    if (moveNumber < 0) return undefined;
  }
  return {
    gameNumber,
    examined: false,
    setup: false,
    private: privateFlag === LOWER_P,
    white: { name: whiteName, rating: whiteRating },
    black: { name: blackName, rating: blackRating },
    typeLetter,
    rated: ratedFlag === LOWER_R,
    minutes,
    increment,
    clocks: { white: whiteClock, black: blackClock },
    strength: { white: whiteStrength, black: blackStrength },
    turn: side === 'W:' ? 'white' : 'black',
    moveNumber,
  };
}

/** The full reader, which reads every line and gives the errors (exported for the tests, not from the package). */
export function readGamesRow(line: string): Result<GamesRow, FicsError> {
  return readLine(line, (c) => {
    const gameNumber = int(c);
    skip(c);
    const examined = accept(c, '(Exam.');
    const setup = !examined && accept(c, '(Setup');
    const whiteRating = bareRating(c);
    const whiteName = word(c);
    const blackRating = bareRating(c);
    skip(c);
    let blackName = word(c);
    if (examined || setup) {
      if (blackName.endsWith(')')) blackName = blackName.slice(0, -1);
      else literal(c, ')');
    }
    skip(c);
    // `[psr 30   0]`: the private flag, the type letter and rated, in three fixed columns.
    const at = c.at;
    if (c.text.charCodeAt(at) !== LEFT_BRACKET || at + 4 > c.end) fault('word', c.field, at, '"[" and three flags');
    const flags = c.text.slice(at + 1, at + 4);
    const isPrivate = flags[0] === 'p';
    if (!isPrivate && flags[0] !== ' ') fault('value', c.field, at + 1, '"p" or a blank');
    const typeLetter = flags[1] ?? '';
    if (flags[2] !== 'r' && flags[2] !== 'u') fault('value', c.field, at + 3, '"r" or "u"');
    c.at = at + 4;
    c.field++;
    const minutes = int(c);
    skip(c);
    const incAt = c.at;
    const incWord = word(c);
    const increment = digits(incWord, 0, incWord.length - 1);
    if (increment < 0 || incWord.charCodeAt(incWord.length - 1) !== RIGHT_BRACKET) fault('number', c.field - 1, incAt);
    let clocks: ByColor<number> | undefined;
    let strength: ByColor<number> | undefined;
    if (!examined && !setup) {
      const whiteClock = clock(c);
      // `%6s -%6s`: a clock of seven characters (`1:37:02`) leaves no blank after the dash.
      skip(c);
      if (c.text.charCodeAt(c.at) !== DASH) fault('word', c.field, c.at, '"-"');
      c.at++;
      if (c.at < c.end && isBlank(c.text.charCodeAt(c.at))) c.field++;
      clocks = { white: whiteClock, black: clock(c) };
      skip(c);
      const sAt = c.at;
      const close = c.text.indexOf(')', sAt);
      const inner = close < 0 ? '' : c.text.slice(sAt + 1, close);
      const dash = inner.indexOf('-');
      const wsTrim = inner.slice(0, Math.max(dash, 0)).trim();
      const bsTrim = inner.slice(dash + 1).trim();
      const wsValue = digits(wsTrim, 0, wsTrim.length);
      const bsValue = digits(bsTrim, 0, bsTrim.length);
      if (c.text.charCodeAt(sAt) !== LEFT_PAREN || dash < 0 || wsValue < 0 || bsValue < 0)
        fault('value', c.field, sAt, '(W-B) strengths');
      c.at = close + 1;
      c.field++;
      strength = { white: wsValue, black: bsValue };
    }
    skip(c);
    const tAt = c.at;
    const side = word(c);
    if (side !== 'W:' && side !== 'B:') fault('value', c.field - 1, tAt, '"W:" or "B:"');
    // One capture ends at the colon; the move number is then unknown.
    const moveNumber = more(c) ? int(c) : undefined;
    return {
      gameNumber,
      examined,
      setup,
      private: isPrivate,
      white: { name: whiteName, rating: whiteRating },
      black: { name: blackName, rating: blackRating },
      typeLetter,
      rated: flags[2] === 'r',
      minutes,
      increment,
      clocks,
      strength,
      turn: side === 'W:' ? 'white' : 'black',
      moveNumber,
    };
  });
}

/** The footer of a `games` list: `N games displayed.` or, filtered, `N games displayed (of M in progress).` */
export interface GamesFooter {
  /** The rows displayed. */
  readonly count: number;
  /** The games in progress, when the list was filtered. */
  readonly inProgress: number | undefined;
}

/** Reads a `games` footer. Never throws. */
export function parseGamesFooter(line: string): Result<GamesFooter, FicsError> {
  return readLine(line, (c) => {
    const count = int(c);
    skip(c);
    const at = c.at;
    const noun = word(c);
    if (noun !== 'games' && noun !== 'game') fault('word', 1, at, '"games"');
    // With or without the full stop: captures differ.
    if (accept(c, 'displayed.') || (accept(c, 'displayed') && !more(c))) return { count, inProgress: undefined };
    literal(c, '(of');
    const inProgress = int(c);
    literal(c, 'in');
    if (!accept(c, 'progress).')) literal(c, 'progress)');
    return { count, inProgress };
  });
}

/** A row of the `sought` list: one seek ad in columns. */
export interface SoughtRow {
  /** The ad's number. */
  readonly index: number;
  /** The seeker's rating. */
  readonly rating: FicsRating;
  /** The seeker's handle, with `(C)` for a computer. */
  readonly name: string;
  /** Initial time in minutes. */
  readonly minutes: number;
  /** Increment in seconds. */
  readonly increment: number;
  /** Rated rather than unrated. */
  readonly rated: boolean;
  /** The game type. */
  readonly type: string;
  /** The colour asked for, `undefined` for either. */
  readonly color: 'white' | 'black' | undefined;
  /** The range of opponents' ratings accepted. */
  readonly ratingRange: readonly [min: number, max: number];
  /** `m`: the seeker accepts by hand. */
  readonly manual: boolean;
  /** `f`: the seeker's formula is checked. */
  readonly formula: boolean;
}

function range(c: Cursor): [number, number] {
  skip(c);
  const at = c.at;
  const w = word(c);
  const dash = w.indexOf('-');
  const min = digits(w, 0, dash);
  const max = digits(w, dash + 1, w.length);
  if (dash < 0 || min < 0 || max < 0) fault('number', c.field - 1, at, 'a rating range MIN-MAX');
  return [min, max];
}

function ratedWord(c: Cursor): boolean {
  skip(c);
  const at = c.at;
  const w = word(c);
  if (w !== 'rated' && w !== 'unrated') fault('word', c.field - 1, at, '"rated" or "unrated"');
  return w === 'rated';
}

function seekColor(c: Cursor): 'white' | 'black' | undefined {
  return accept(c, '[white]') ? 'white' : accept(c, '[black]') ? 'black' : undefined;
}

/** Reads a row of the `sought` list. Never throws. */
export function parseSoughtRow(line: string): Result<SoughtRow, FicsError> {
  return readLine(line, (c) => {
    const index = int(c);
    const rating = bareRating(c);
    const name = word(c);
    const minutes = int(c);
    const increment = int(c);
    const rated = ratedWord(c);
    const type = word(c);
    const color = seekColor(c);
    const ratingRange = range(c);
    skip(c);
    const at = c.at;
    const flags = rest(c);
    if (!/^m?f?$/.test(flags)) fault('value', c.field, at, 'the flags m and f');
    return {
      index,
      rating,
      name,
      minutes,
      increment,
      rated,
      type,
      color,
      ratingRange,
      manual: flags.includes('m'),
      formula: flags.includes('f'),
    };
  });
}

/** Reads the footer of a `sought` list, `N ads displayed.`: the count. Never throws. */
export function parseSoughtFooter(line: string): Result<number, FicsError> {
  return readLine(line, (c) => {
    const count = int(c);
    skip(c);
    const at = c.at;
    const noun = word(c);
    if (noun !== 'ads' && noun !== 'ad') fault('word', 1, at, '"ads"');
    literal(c, 'displayed.');
    return count;
  });
}

/** A readable seek ad, `NAME (R) seeking MIN INC rated|unrated TYPE [color] [m] [f] ("play N" to respond)`. */
export interface SeekAd {
  /** The ad's number, what `play N` accepts. */
  readonly index: number;
  /** The seeker. */
  readonly seeker: FicsPlayer;
  /** Initial time in minutes; `undefined` when untimed. */
  readonly minutes: number | undefined;
  /** Increment in seconds; `undefined` when untimed. */
  readonly increment: number | undefined;
  /** Rated rather than unrated. */
  readonly rated: boolean;
  /** The game type. */
  readonly type: string;
  /** The colour asked for, `undefined` for either. */
  readonly color: 'white' | 'black' | undefined;
  /** `m`: accepted by hand. */
  readonly manual: boolean;
  /** `f`: the formula is checked. */
  readonly formula: boolean;
}

/** Reads a readable seek ad. Never throws. */
export function parseSeekAd(line: string): Result<SeekAd, FicsError> {
  return readLine(line, (c) => {
    const seeker = { name: word(c), rating: parenRating(c) };
    literal(c, 'seeking');
    skip(c);
    let minutes: number | undefined;
    let increment: number | undefined;
    if (digits(c.text, c.at, c.at + 1) >= 0) {
      minutes = int(c);
      increment = int(c);
    }
    const rated = ratedWord(c);
    const type = word(c);
    const color = seekColor(c);
    const manual = accept(c, 'm');
    const formula = accept(c, 'f');
    literal(c, '("play');
    skip(c);
    const at = c.at;
    const w = word(c);
    const index = digits(w, 0, w.length - 1);
    if (index < 0 || !w.endsWith('"')) fault('number', c.field - 1, at, 'the ad number and a quote');
    literal(c, 'to');
    literal(c, 'respond)');
    return { index, seeker, minutes, increment, rated, type, color, manual, formula };
  });
}
