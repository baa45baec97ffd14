import {
  STANDARD,
  ok,
  type Color,
  type Err,
  type Piece,
  type Result,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import {
  BELL,
  CR,
  DASH,
  DIGIT_0,
  DIGIT_1,
  COLON,
  DOT,
  LEFT_PAREN,
  LF,
  RIGHT_PAREN,
  SPACE,
  UPPER_B,
  UPPER_W,
  caughtFault,
  emptySquares,
  fault,
  faultError,
  outermostRook,
  piecesByCode,
} from '@chess-formats/board-core/internal';
import type { Style12Error, Style12ErrorCode } from './errors.js';
import type { ClockUnit, Style12, Style12Relation } from './record.js';

/** The two dialects, which differ in what a line can hold (see the README's dialect table). */
export type Style12Dialect = 'fics' | 'icc';

/** Options of `parseStyle12` (and of the scanner): the dialect, the clock unit and the longest line read. */
export interface Style12ParseOptions {
  /**
   * Pins the dialect. `'icc'`: clocks are seconds and relation -4 (FICS only) is refused.
   * `'fics'` or absent: the clock unit is read from the line (a `.` in the move time means
   * milliseconds, as FICS writes under `iset ms 1`).
   */
  readonly dialect?: Style12Dialect;
  /** Pins the unit of the two clocks, whatever the move time looks like. */
  readonly clockUnit?: ClockUnit;
  /** The longest line read, in UTF-16 code units (default {@link MAX_LINE_LENGTH}). */
  readonly maxLength?: number;
}

/** Real lines are under 200 characters; the cap bounds the work done on hostile input. */
export const MAX_LINE_LENGTH = 4096;

/** The interned piece of each letter, by char code. */
const PIECE_BY_CODE: readonly (Piece | undefined)[] = /* @__PURE__ */ piecesByCode('PNBRQKpnbrqk');

/** The empty board each parse copies. */
const EMPTY_BOARD: readonly undefined[] = /* @__PURE__ */ emptySquares(64);
const NONE: readonly Square[] = /* @__PURE__ */ Object.freeze([]);
/**
 * Setups are read-only data: parses share one frozen list per set of castling rooks and per ep
 * square. The rooks in a Map: keys up to 2^16 would turn an array's elements into a dictionary,
 * whose lookups are slow.
 */
const ROOKS_BY_FILES = new Map<number, readonly Square[]>();
const EP_LISTS: (readonly Square[])[] = [];

/**
 * A line being read, made afresh by each parse (nothing is kept between parses): the text, its
 * end (line ends trimmed) and the cursor, the index of the next character to read.
 */
export interface Line {
  readonly text: string;
  end: number;
  at: number;
}

// What each code expects. Terse, as the field and offset of the error say the rest.
const EXPECTED: { readonly [C in Style12ErrorCode]: string } = {
  empty: 'a line',
  tag: '<12> or <b1>',
  'too-long': 'a shorter line',
  whitespace: 'one space',
  board: '8 of PNBRQKpnbrqk-',
  turn: 'W or B',
  'double-push': '-1 to 7',
  castling: '0 or 1',
  number: 'an integer < 2^31',
  relation: '-4 to 2 (ICC -3)',
  'move-time': '([h:]m:ss[.mmm])',
  flag: '0 or 1',
  'missing-field': 'more tokens',
  holdings: 'a <b1> line',
};

/**
 * Throws the fault `code` of `field` at `offset`, expecting `expected` (else what `code`
 * expects): the readers' one fault (board-core's kit), made an error value by {@link caught}
 * where the parse started, with the line in hand.
 */
export const fail: (code: Style12ErrorCode, field: number, offset: number, expected?: string) => never = fault;

/**
 * The error value of a fault thrown while reading `line`, or the throw of a bug passed on. A
 * fault at the line ends trimmed off finds `end`, not the CR.
 */
export function caught(thrown: unknown, line: Line): Err<Style12Error> {
  let [code, field, offset, expected] = caughtFault(thrown);
  const text = line.text;
  // A token found empty after its blank (see `tokenStart`): a second blank, or one that ends
  // the line. (No fault that names its own expectation is found at a blank.)
  if (
    field &&
    text.charCodeAt(offset - 1) === SPACE &&
    (offset === line.end ? offset-- : text.charCodeAt(offset) === SPACE)
  )
    code = 'whitespace';
  return faultError([code, field, offset, expected], text, EXPECTED, [], line.end);
}

/**
 * Starts reading `line` as a line tagged `tag` (`<12>` or `<b1>`): skips line ends and BELs
 * around it and a `fics% ` prompt before it, checks the tag, and leaves the cursor on the
 * first token after it. `line.end` is kept current for the faults found on the way.
 */
export function beginLine(line: Line, tag: string, maxLength: number | undefined): void {
  const max = maxLength ?? MAX_LINE_LENGTH;
  const text = line.text;
  // A line not a string has end 0: its fault finds `end`.
  if (typeof text !== 'string') fail('tag', 0, 0);
  let end = (line.end = text.length);
  if (end > max) fail('too-long', 0, max);
  let start = 0;
  let c;
  while (start < end && ((c = text.charCodeAt(start)) === CR || c === LF || c === BELL)) start++;
  if (text.startsWith('fics% ', start)) {
    start += 6;
    while (text.charCodeAt(start) === BELL) start++;
  }
  while (end > start && ((c = text.charCodeAt(end - 1)) === CR || c === LF)) end--;
  line.end = end;
  if (start === end) fail('empty', 0, start);
  for (let k = 0; k < 4; k++) if (text.charCodeAt(start + k) !== tag.charCodeAt(k)) fail('tag', 0, start + k);
  const at = (line.at = start + 4);
  if (at < end && text.charCodeAt(at) !== SPACE) fail('tag', 0, at);
}

/**
 * Steps over the one space before token `field` and returns where the token starts (the
 * cursor is left for the reader to move); a missing token is a fault. A blank where the token
 * should start (a second one, or one that ends the line) fails the reader, and {@link caught}
 * names it, so that the common case reads each character once. Readers keep their position in
 * locals: a property is slower to reach.
 */
function tokenStart(line: Line, field: number): number {
  const i = line.at;
  if (i >= line.end) fail('missing-field', field, i);
  return i + 1;
}

/** Moves the cursor to `i`, the end of token `field`: a space or the end of the line. */
function tokenEnd(line: Line, i: number, code: Style12ErrorCode, field: number): void {
  line.at = i;
  if (i < line.end && line.text.charCodeAt(i) !== SPACE) fail(code, field, i);
}

/** Token `field`: a decimal integer of at most 2^31 - 1 in magnitude, with a `-` unless `unsigned`; a fault is a `code` fault. */
export function readInt(line: Line, field: number, unsigned?: boolean, code: Style12ErrorCode = 'number'): number {
  const input = line.text;
  let i = tokenStart(line, field);
  const negative = !unsigned && input.charCodeAt(i) === DASH;
  if (negative) i++;
  const first = i;
  const n = line.end;
  let value = 0;
  let digit;
  // Never past the end: a char code read there is NaN, and one NaN makes all of this float math.
  while (i < n && (digit = input.charCodeAt(i) - DIGIT_0) >= 0 && digit <= 9) {
    value = value * 10 + digit;
    if (value > 2147483647) fail(code, field, i);
    i++;
  }
  if (i === first) fail(code, field, i);
  line.at = i;
  // The character the digits stopped at, read once: the space after the token, or a fault.
  if (i < n && digit !== SPACE - DIGIT_0) fail(code, field, i);
  return negative ? -value | 0 : value;
}

/** Token `field` of printable characters (a name, a move); a control character in it is a fault. */
export function readWord(line: Line, field: number): string {
  const input = line.text;
  const first = tokenStart(line, field);
  let i = first;
  let c;
  while ((c = input.charCodeAt(i)) > SPACE) i++;
  // An empty token, or a control character (read once) where it ends.
  if (i === first || (i < line.end && c !== SPACE)) fail('whitespace', field, i);
  line.at = i;
  return input.slice(first, i);
}

/** Token `field`, one character: 0 for the char code `zero`, 1 for `one`. */
function readChoice(line: Line, field: number, code: Style12ErrorCode, zero: number, one: number): number {
  const i = tokenStart(line, field);
  // Char codes, not `indexOf(charAt(i))`: no one-character string per token.
  const c = line.text.charCodeAt(i);
  const k = c === zero ? 0 : c === one ? 1 : -1;
  if (k < 0) fail(code, field, i);
  tokenEnd(line, i + 1, code, field);
  return k;
}

/**
 * Reads the eight rank tokens into `pieces`, rank 8 first, with the cursor in a local. The
 * blank before each rank was checked by the token before it.
 */
function readBoard(line: Line, pieces: (Piece | undefined)[]): void {
  const input = line.text;
  const table = PIECE_BY_CODE;
  const end = line.end;
  let i = line.at;
  for (let field = 1; field < 9; field++) {
    if (i++ >= end) fail('missing-field', field, end);
    for (let square = 64 - field * 8, stop = square + 8; square < stop; square++, i++) {
      const c = input.charCodeAt(i);
      if (c === DASH) continue;
      const p = table[c];
      // Past the end of the line stand only CR, LF or nothing: not pieces.
      if (p === undefined) fail('board', field, i);
      pieces[square] = p;
    }
    if (i < end && input.charCodeAt(i) !== SPACE) fail('board', field, i);
  }
  line.at = i;
}

/** The file of the first king of `color` on its back rank (from the a-file), or -1. */
export function backRankKing(pieces: readonly (Piece | undefined)[], color: Color): number {
  const base = color === 'white' ? 0 : 56;
  for (let x = 0; x < 8; x++) {
    const p = pieces[base + x];
    if (p !== undefined && p.role === 'king' && p.color === color) return x;
  }
  return -1;
}

/**
 * The rook file castling flag `flag` (0 White short, 1 White long, 2 Black short, 3 Black long)
 * names: the outermost rook of its colour on that side of the king on the back rank (board-core's
 * one rule, which FEN's `K` and `Q` follow too), else the corner (also when no king stands on
 * the back rank). The two flags of a colour therefore never name the same square, so the flags
 * survive a round trip.
 */
function flagRook(pieces: readonly (Piece | undefined)[], flag: number): number {
  const color: Color = flag & 2 ? 'black' : 'white';
  const base = flag & 2 ? 56 : 0;
  const short = !(flag & 1);
  const corner = short ? 7 : 0;
  const rook = outermostRook(pieces, color, base + corner, short ? -1 : 1, 8);
  // A rook in the corner is the outermost, king or not: the usual case needs no search for the king.
  return rook < 0 || (rook !== base + corner && backRankKing(pieces, color) < 0) ? corner : rook - base;
}

/** Castling rooks from the flags (bits: 1 White short, 2 White long, 4 Black short, 8 Black long). */
function castlingRooks(pieces: readonly (Piece | undefined)[], flags: number): readonly Square[] {
  if (!flags) return NONE;
  // Rook files: bits 0-7 White's, bits 8-15 Black's.
  let files = 0;
  for (let k = 0; k < 4; k++) if (flags & (1 << k)) files |= 1 << (flagRook(pieces, k) + (k & 2) * 4);
  let rooks = ROOKS_BY_FILES.get(files) as Square[] | undefined;
  if (!rooks) {
    ROOKS_BY_FILES.set(files, (rooks = []));
    for (let k = 0; k < 16; k++) if (files & (1 << k)) rooks.push(k < 8 ? k : k + 48);
    Object.freeze(rooks);
  }
  return rooks;
}

/** The time taken for the last move, `(m:ss)`, `(m:ss.mmm)`, `(h:mm:ss[.mmm])`, in milliseconds. */
function readMoveTime(line: Line, field: number): number {
  const input = line.text;
  let i = tokenStart(line, field);
  if (input.charCodeAt(i) !== LEFT_PAREN) fail('move-time', field, i);
  i++;
  let total = 0;
  let groups = 0;
  let digit;
  for (;;) {
    const first = i;
    let value = 0;
    while ((digit = input.charCodeAt(i) - DIGIT_0) >= 0 && digit <= 9 && i - first < 6) {
      value = value * 10 + digit;
      i++;
    }
    // Minutes or hours lead; the groups after them are two digits below 60.
    const length = i - first;
    if (length === 0 || (groups > 0 && (length !== 2 || value > 59)))
      fail('move-time', field, length < 2 ? i : length > 2 ? first + 2 : first);
    total = total * 60 + value;
    groups++;
    if (input.charCodeAt(i) !== COLON || groups === 3) break;
    i++;
  }
  if (groups < 2) fail('move-time', field, i);
  total *= 1000;
  if (input.charCodeAt(i) === DOT) {
    i++;
    let ms = 0;
    for (let k = 0; k < 3; k++, i++) {
      digit = input.charCodeAt(i) - DIGIT_0;
      if (!(digit >= 0 && digit <= 9)) fail('move-time', field, i);
      ms = ms * 10 + digit;
    }
    total += ms;
  }
  if (input.charCodeAt(i) !== RIGHT_PAREN) fail('move-time', field, i);
  tokenEnd(line, i + 1, 'move-time', field);
  return total;
}

/**
 * Reads one style 12 line (`<12> ` and 30 to 32 tokens, then any extra fields). Never throws;
 * reports the first fault from the left. Line ends and BELs around the line and a `fics% `
 * prompt before it are skipped.
 *
 * @example
 * ```ts
 * import { parseStyle12 } from '@chess-formats/style12';
 * const line = '<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Alice Bob 1 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0 0 0';
 * const read = parseStyle12(line);
 * if (read.ok) console.log(read.value.whiteName, read.value.setup.turn); // → Alice black
 * ```
 */
export function parseStyle12(input: string, options?: Style12ParseOptions): Result<Style12, Style12Error> {
  const line: Line = { text: input, end: 0, at: 0 };
  try {
    beginLine(line, '<12>', options?.maxLength);
    const pieces: (Piece | undefined)[] = EMPTY_BOARD.slice();
    readBoard(line, pieces);
    const turn: Color = readChoice(line, 9, 'turn', UPPER_W, UPPER_B) === 0 ? 'white' : 'black';
    const doublePushAt = line.at + 1;
    const doublePush = readInt(line, 10, false, 'double-push');
    if (doublePush < -1 || doublePush > 7) fail('double-push', 10, doublePushAt);
    let flags = 0;
    for (let k = 0; k < 4; k++) flags |= readChoice(line, 11 + k, 'castling', DIGIT_0, DIGIT_1) << k;
    const halfmoves = readInt(line, 15, true);
    const gameNumber = readInt(line, 16);
    const whiteName = readWord(line, 17);
    const blackName = readWord(line, 18);
    const relationAt = line.at + 1;
    const relation = readInt(line, 19, false, 'relation') as Style12Relation;
    if (relation < (options?.dialect === 'icc' ? -3 : -4) || relation > 2) fail('relation', 19, relationAt);
    const initialTimeMinutes = readInt(line, 20, true);
    const incrementSeconds = readInt(line, 21, true);
    const whiteStrength = readInt(line, 22);
    const blackStrength = readInt(line, 23);
    const whiteClock = readInt(line, 24);
    const blackClock = readInt(line, 25);
    const fullmoves = readInt(line, 26, true);
    const verboseMove = readWord(line, 27);
    const moveTimeAt = line.at + 2;
    const moveTimeMs = readMoveTime(line, 28);
    const moveTimeText = input.slice(moveTimeAt, line.at - 1);
    // A valid move time has a `.` only before its three closing digits of milliseconds.
    const inMs = input.charCodeAt(line.at - 5) === DOT;
    const sanMove = readWord(line, 29);
    const end = line.end;
    let flip: boolean | undefined;
    let clockTicking: boolean | undefined;
    let lagMs: number | undefined;
    let extraFields: readonly string[] = NONE as readonly never[];
    if (line.at < end) {
      flip = readChoice(line, 30, 'flag', DIGIT_0, DIGIT_1) === 1;
      if (line.at < end) {
        clockTicking = readChoice(line, 31, 'flag', DIGIT_0, DIGIT_1) === 1;
        if (line.at < end) {
          lagMs = readInt(line, 32);
          if (line.at < end) {
            const extra: string[] = [];
            while (line.at < end) extra.push(readWord(line, 33 + extra.length));
            extraFields = extra;
          }
        }
      }
    }
    const clockUnit: ClockUnit =
      options?.clockUnit ?? (options?.dialect !== 'icc' && inMs ? 'milliseconds' : 'seconds');
    const scale = clockUnit === 'seconds' ? 1000 : 1;
    // The square behind the pawn (meaningless when no pawn was pushed: then unused).
    const epSquare = doublePush + (turn === 'white' ? 40 : 16);
    const setup: Setup = {
      board: { geometry: STANDARD, pieces },
      turn,
      castlingRooks: castlingRooks(pieces, flags),
      epSquares: doublePush < 0 ? NONE : (EP_LISTS[epSquare] ??= Object.freeze([epSquare])),
      halfmoves,
      fullmoves,
    };
    return ok({
      setup,
      gameNumber,
      whiteName,
      blackName,
      relation,
      initialTimeMinutes,
      incrementSeconds,
      whiteStrength,
      blackStrength,
      whiteRemainingMs: whiteClock * scale,
      blackRemainingMs: blackClock * scale,
      clockUnit,
      verboseMove,
      moveTimeText,
      moveTimeMs,
      sanMove,
      flip,
      clockTicking,
      lagMs,
      extraFields,
    } as Style12);
  } catch (e) {
    return caught(e, line);
  }
}
