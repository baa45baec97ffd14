import type { Result } from '@chess-formats/board-core';
import { DOT, LEFT_BRACE, LEFT_BRACKET, LEFT_PAREN } from '@chess-formats/board-core/internal';
import {
  accept,
  digits,
  fault,
  int,
  literal,
  more,
  parenRating,
  readLine,
  rest,
  skip,
  spaceWords,
  word,
  type Cursor,
  type FicsRating,
} from './cursor.js';
import type { FicsError } from './errors.js';

/** A player as FICS names one in notices and tables: the handle and the rating beside it. */
export interface FicsPlayer {
  /** The handle (`GuestABCD`, `Mainflame(C)`). */
  readonly name: string;
  /** The rating in the parentheses after it. */
  readonly rating: FicsRating;
}

/** A game's kind as most notices give it: rated or not, the type, and the clock when timed. */
export interface GameTerms {
  /** `rated` rather than `unrated`. */
  readonly rated: boolean;
  /** The type: `blitz`, `lightning`, `standard`, `untimed`, `crazyhouse`, `wild`, `wild/fr` ... */
  readonly type: string;
  /** Initial time in minutes; `undefined` when the line gives none (`untimed`). */
  readonly minutes: number | undefined;
  /** Increment in seconds; `undefined` when the line gives none. */
  readonly increment: number | undefined;
}

function player(c: Cursor): FicsPlayer {
  return { name: word(c), rating: parenRating(c) };
}

function ratedOf(c: Cursor): boolean {
  skip(c);
  const at = c.at;
  const w = word(c);
  if (w !== 'rated' && w !== 'unrated') fault('word', c.field - 1, at, '"rated" or "unrated"');
  return w === 'rated';
}

/** `rated|unrated TYPE [MIN INC]`: the clock is read when the next word is a number. */
function terms(c: Cursor, clock: 'required' | 'optional'): GameTerms {
  const rated = ratedOf(c);
  const type = word(c);
  skip(c);
  if (clock === 'optional' && (!more(c) || digits(c.text, c.at, c.at + 1) < 0))
    return { rated, type, minutes: undefined, increment: undefined };
  return { rated, type, minutes: int(c), increment: int(c) };
}

/** `[white]` or `[black]` when it is next. */
function colorOf(c: Cursor): 'white' | 'black' | undefined {
  skip(c);
  if (c.text.charCodeAt(c.at) !== LEFT_BRACKET) return undefined;
  if (accept(c, '[white]')) return 'white';
  if (accept(c, '[black]')) return 'black';
  return fault('word', c.field, c.at, '[white] or [black]');
}

/**
 * The terms of a match offer, as `Challenge:` lines and `<pf>`/`<pt>` parameters give them:
 * `A (R) [color] B (R) rated|unrated TYPE MIN INC`, then, for a game resumed or set up,
 * `Loaded from wild/fr` and `(adjourned)`.
 */
export interface MatchTerms extends GameTerms {
  /** Who made the offer. */
  readonly challenger: FicsPlayer;
  /** The colour the challenger asked for, `undefined` for none. */
  readonly color: 'white' | 'black' | undefined;
  /** Who received it. */
  readonly receiver: FicsPlayer;
  /** `Loaded from X`: the position file of a wild game (`wild/fr`), when given. */
  readonly loadedFrom: string | undefined;
  /** `(adjourned)`: the offer resumes an adjourned game. */
  readonly adjourned: boolean;
}

function matchTerms(c: Cursor): MatchTerms {
  const challenger = player(c);
  const color = colorOf(c);
  const receiver = player(c);
  const game = terms(c, 'optional');
  let loadedFrom: string | undefined;
  if (accept(c, 'Loaded')) {
    literal(c, 'from');
    loadedFrom = word(c);
  }
  const adjourned = accept(c, '(adjourned)');
  return { challenger, color, receiver, ...game, loadedFrom, adjourned };
}

/** Reads the terms of a match offer (the `p=` of a `<pf>`, say). Never throws. */
export function matchTermsOf(text: string): Result<MatchTerms, FicsError> {
  return readLine(text, (c) => {
    const read = matchTerms(c);
    if (more(c)) fault('word', c.field, c.at, 'the end of the terms');
    return read;
  });
}

/** `Challenge: A (R) [color] B (R) rated|unrated TYPE MIN INC.`: a match offer, readable form. */
export function parseChallenge(line: string): Result<MatchTerms, FicsError> {
  return readLine(line, (c) => {
    literal(c, 'Challenge:');
    // The sentence's full stop ends the last word; the terms are read without it.
    const end = c.text.charCodeAt(c.end - 1) === DOT ? c.end - 1 : c.end;
    const inner: Cursor = { text: c.text, end, at: c.at, field: c.field };
    const read = matchTerms(inner);
    if (more(inner)) fault('word', inner.field, inner.at, 'the end of the terms');
    return read;
  });
}

/** A game between two players, as `Creating:`, the observe header and `Game notification:` give it. */
export interface GamePairing extends GameTerms {
  /** White. */
  readonly white: FicsPlayer;
  /** Black. */
  readonly black: FicsPlayer;
}

/** `Creating: W (R) B (R) rated|unrated TYPE MIN INC`: sent to the players when their game starts. */
export interface Creating extends GamePairing {
  /** Text after the terms, as sent (`(adjourned)` for a resumed game), `''` when none. */
  readonly note: string;
}

/** Reads a `Creating:` line. Never throws. */
export function parseCreating(line: string): Result<Creating, FicsError> {
  return readLine(line, (c) => {
    literal(c, 'Creating:');
    const white = player(c);
    const black = player(c);
    const game = terms(c, 'optional');
    return { white, black, ...game, note: rest(c) };
  });
}

/** The observe header, `Game N: W (R) B (R) rated|unrated TYPE MIN INC`. */
export interface ObserveHeader extends GamePairing {
  /** The server's number for the game. */
  readonly gameNumber: number;
}

function gameColon(c: Cursor): number {
  literal(c, 'Game');
  skip(c);
  const at = c.at;
  const w = word(c);
  const n = digits(w, 0, w.length - 1);
  if (n < 0 || !w.endsWith(':')) fault('number', c.field - 1, at, 'a game number and ":"');
  return n;
}

/** Reads the observe header (`observe`, `follow`). Never throws. */
export function parseObserveHeader(line: string): Result<ObserveHeader, FicsError> {
  return readLine(line, (c) => {
    const gameNumber = gameColon(c);
    const white = player(c);
    const black = player(c);
    const game = terms(c, 'optional');
    if (more(c)) fault('word', c.field, c.at, 'the end of the line');
    return { gameNumber, white, black, ...game };
  });
}

/** Reads `Game notification: A (R) vs. B (R) rated TYPE MIN INC: Game N` (a notified player's game started). Never throws. */
export function parseGameNotification(line: string): Result<ObserveHeader, FicsError> {
  return readLine(line, (c) => {
    literal(c, 'Game');
    literal(c, 'notification:');
    const white = player(c);
    literal(c, 'vs.');
    const black = player(c);
    const rated = ratedOf(c);
    const type = word(c);
    const minutes = int(c);
    skip(c);
    const at = c.at;
    const w = word(c);
    const increment = digits(w, 0, w.length - 1);
    if (increment < 0 || !w.endsWith(':')) fault('number', c.field - 1, at, 'the increment and ":"');
    literal(c, 'Game');
    return { gameNumber: int(c), white, black, rated, type, minutes, increment };
  });
}

/** `{Game N (W vs. B) Creating|Continuing rated|unrated TYPE match.}`: a game started or resumed. */
export interface GameStart {
  /** The server's number for the game. */
  readonly gameNumber: number;
  /** White's handle. */
  readonly white: string;
  /** Black's handle. */
  readonly black: string;
  /** `Continuing`: an adjourned game resumed, rather than a new one. */
  readonly continuing: boolean;
  /** Rated rather than unrated. */
  readonly rated: boolean;
  /** The game type. */
  readonly type: string;
}

/** What a game's result was, as PGN writes it. */
export type FicsResult = '1-0' | '0-1' | '1/2-1/2' | '*';

/**
 * The class of a game end's reason, from the server's texts: who won how, or why the game
 * stopped. `other` for a reason not in the table.
 */
export type EndReasonClass =
  | 'resignation'
  | 'checkmate'
  | 'time'
  | 'time-insufficient-material'
  | 'disconnection'
  | 'partner'
  | 'losing-all-material'
  | 'less-material'
  | 'agreement'
  | 'repetition'
  | 'fifty-moves'
  | 'stalemate'
  | 'both-flags'
  | 'insufficient-material'
  | 'adjudication'
  | 'aborted'
  | 'adjourned'
  | 'other';

/** `{Game N (W vs. B) REASON} RESULT`: a game ended (or was aborted or adjourned: result `*`). */
export interface GameEnd {
  /** The server's number for the game. */
  readonly gameNumber: number;
  /** White's handle. */
  readonly white: string;
  /** Black's handle. */
  readonly black: string;
  /** The server's words: `Zryvik resigns`, `Game drawn by repetition`. */
  readonly reason: string;
  /** The class of the reason. */
  readonly reasonClass: EndReasonClass;
  /** The result. */
  readonly result: FicsResult;
}

// Tried in order, on the reason's text: the first that occurs names the class.
const REASONS: readonly (readonly [string, EndReasonClass])[] = [
  [' resigns', 'resignation'],
  [' checkmated', 'checkmate'],
  ['has no material to mate', 'time-insufficient-material'],
  [' forfeits on time', 'time'],
  ['forfeits by disconnection', 'disconnection'],
  ["'s partner won", 'partner'],
  ['partner won', 'partner'],
  ['by losing all material', 'losing-all-material'],
  ['by having less material', 'less-material'],
  ['by mutual agreement', 'agreement'],
  ['by repetition', 'repetition'],
  ['50 move rule', 'fifty-moves'],
  ['by stalemate', 'stalemate'],
  ['both players ran out of time', 'both-flags'],
  ['mating material', 'insufficient-material'],
  ['adjudication', 'adjudication'],
  ['adjourned', 'adjourned'],
  ['aborted', 'aborted'],
];

/** The class of a game end's reason text. */
export function endReasonClass(reason: string): EndReasonClass {
  for (const [words, reasonClass] of REASONS) if (reason.includes(words)) return reasonClass;
  return 'other';
}

const RESULTS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];

/** `{Game N (W vs. B) ` and the braces' contents and what follows them. */
function notice(c: Cursor): { gameNumber: number; white: string; black: string; inner: string; after: Cursor } {
  skip(c);
  if (c.text.charCodeAt(c.at) !== LEFT_BRACE || !c.text.startsWith('{Game ', c.at)) fault('tag', 0, c.at, '"{Game "');
  c.at += 6;
  c.field++;
  const gameNumber = int(c);
  skip(c);
  if (c.text.charCodeAt(c.at) !== LEFT_PAREN) fault('word', c.field, c.at, '"(white vs. black)"');
  c.at++;
  const white = word(c);
  literal(c, 'vs.');
  skip(c);
  const close = c.text.indexOf(') ', c.at);
  if (close < 0) fault('word', c.field, c.at, '"black) "');
  const black = c.text.slice(c.at, close);
  if (black.length === 0 || black.includes(' ')) fault('word', c.field, c.at, "black's handle");
  c.at = close + 2;
  c.field++;
  const brace = c.text.lastIndexOf('}', c.end);
  if (brace < c.at) fault('word', c.field, c.end, '"}"');
  const inner = c.text.slice(c.at, brace).trim();
  c.field += spaceWords(inner);
  return { gameNumber, white, black, inner, after: { text: c.text, end: c.end, at: brace + 1, field: c.field } };
}

/** Reads a game start notice, `{Game 7 (A vs. B) Creating rated blitz match.}`. Never throws. */
export function parseGameStart(line: string): Result<GameStart, FicsError> {
  return readLine(line, (c) => {
    const { gameNumber, white, black, inner, after } = notice(c);
    const words = inner.split(' ');
    const [verb, ratedWord, type, match] = words;
    if ((verb !== 'Creating' && verb !== 'Continuing') || words.length !== 4 || match !== 'match.')
      fault('word', after.field - words.length, c.at, '"Creating|Continuing rated|unrated TYPE match."');
    if (ratedWord !== 'rated' && ratedWord !== 'unrated') fault('word', after.field - 3, c.at, '"rated" or "unrated"');
    if (more(after)) fault('word', after.field, after.at, 'the end of the line');
    return {
      gameNumber,
      white,
      black,
      continuing: verb === 'Continuing',
      rated: ratedWord === 'rated',
      type: type ?? '',
    };
  });
}

/** Reads a game end notice, `{Game 7 (A vs. B) A resigns} 0-1`. Never throws. */
export function parseGameEnd(line: string): Result<GameEnd, FicsError> {
  return readLine(line, (c) => {
    const { gameNumber, white, black, inner, after } = notice(c);
    skip(after);
    const at = after.at;
    const result = more(after) ? word(after) : '';
    if (!RESULTS.includes(result)) fault('value', after.field - (result === '' ? 0 : 1), at, '1-0, 0-1, 1/2-1/2 or *');
    if (inner.length === 0) fault('word', after.field, at - 1, 'a reason');
    return {
      gameNumber,
      white,
      black,
      reason: inner,
      reasonClass: endReasonClass(inner),
      result: result as FicsResult,
    };
  });
}

/** Reads `You are now observing game N.`: the game number. Never throws. */
export function parseObserveStart(line: string): Result<number, FicsError> {
  return readLine(line, (c) => {
    for (const w of ['You', 'are', 'now', 'observing', 'game']) literal(c, w);
    return sentenceNumber(c);
  });
}

function sentenceNumber(c: Cursor): number {
  skip(c);
  const at = c.at;
  const w = word(c);
  const n = digits(w, 0, w.length - 1);
  if (n < 0 || !w.endsWith('.')) fault('number', c.field - 1, at, 'a game number and "."');
  return n;
}

/** Reads `Removing game N from observation list.`: the game number. Never throws. */
export function parseObserveRemoved(line: string): Result<number, FicsError> {
  return readLine(line, (c) => {
    literal(c, 'Removing');
    literal(c, 'game');
    const n = int(c);
    for (const w of ['from', 'observation', 'list.']) literal(c, w);
    return n;
  });
}

/**
 * A `follow` reply: `You will now be following NAME's games.` (the name) or `You will not
 * follow any player's games.` (`undefined`).
 */
export function parseFollow(line: string): Result<string | undefined, FicsError> {
  return readLine(line, (c) => {
    literal(c, 'You');
    literal(c, 'will');
    if (accept(c, 'not')) {
      for (const w of ['follow', 'any', "player's", 'games.']) literal(c, w);
      return undefined;
    }
    for (const w of ['now', 'be', 'following']) literal(c, w);
    skip(c);
    const at = c.at;
    const w = word(c);
    if (!w.endsWith("'s") || w.length < 3) fault('word', c.field - 1, at, "NAME's");
    literal(c, 'games.');
    return w.slice(0, -2);
  });
}

/** The interface variables (`iset NAME 0|1`) in bit order, as the `%b` login string sets them. */
export const IVARS = /* @__PURE__ */ Object.freeze([
  'compressmove',
  'audiochat',
  'seekremove',
  'defprompt',
  'lock',
  'startpos',
  'block',
  'gameinfo',
  'xdr',
  'pendinfo',
  'graph',
  'seekinfo',
  'extascii',
  'nohighlight',
  'highlight',
  'showserver',
  'pin',
  'ms',
  'pinginfo',
  'boardinfo',
  'extuserinfo',
  'seekca',
  'showownseek',
  'premove',
  'smartmove',
  'movecase',
  'suicide',
  'crazyhouse',
  'losers',
  'wildcastle',
  'fr',
  'nowrap',
  'allresults',
  'obsping',
  'singleboard',
] as const);
/** A name of `IVARS`. */
export type Ivar = (typeof IVARS)[number];

/** `NAME set.` or `NAME unset.`: the server's confirmation of an `iset`. */
export interface IvarConfirmation {
  /** The interface variable. */
  readonly ivar: Ivar;
  /** `set` rather than `unset`. */
  readonly on: boolean;
}

const IVAR_NAMES: ReadonlySet<string> = /* @__PURE__ */ new Set<string>(IVARS);

/** Reads `NAME set.` / `NAME unset.` for an interface variable of `IVARS`. Never throws. */
export function parseIvarConfirmation(line: string): Result<IvarConfirmation, FicsError> {
  return readLine(line, (c) => {
    const name = word(c);
    if (!IVAR_NAMES.has(name) && name !== 'vt_highlight') fault('value', 0, 0, 'an interface variable');
    skip(c);
    const at = c.at;
    const state = word(c);
    if (state !== 'set.' && state !== 'unset.') fault('word', 1, at, '"set." or "unset."');
    if (more(c)) fault('word', 2, c.at, 'the end of the line');
    return { ivar: (name === 'vt_highlight' ? 'highlight' : name) as Ivar, on: state === 'set.' };
  });
}
