import {
  FENR_COOLDOWN_MS,
  STANDARD,
  err,
  ok,
  withRealtime,
  type Color,
  type Piece,
  type Result,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import {
  DASH,
  DIGIT_0,
  DIGIT_1,
  DIGIT_3,
  DIGIT_6,
  DIGIT_8,
  DIGIT_9,
  LOWER_A,
  LOWER_H,
  LOWER_K,
  LOWER_Q,
  SLASH,
  UPPER_D,
  UPPER_K,
  UPPER_M,
  UPPER_Q,
  emptySquares,
  fault,
  faultError,
  fieldEnd,
  fieldStart,
  isBlank,
  piecesByCode,
} from '@chess-formats/board-core/internal';
import type { FenrError, FenrErrorCode, FenrField } from './errors.js';

/** Options of `parseFenr`. */
export interface FenrParseOptions {
  /**
   * Accept only the canonical spelling `writeFenr` produces: one space between the five
   * fields, `-` for no castling and no en passant, castling in the order `KQkq`, times
   * without leading zeros.
   */
  readonly strict?: boolean;
}

// What was expected, by field, and for the codes that say more than their field.
const EXPECTED_IN_FIELD = /* @__PURE__ */ 'PNBRQK/1-8/D/M|KQkq or -|a3-h3, a6-h6 or -|ms, digits|ms, digits|end'.split(
  '|',
);
const EXPECTED: Partial<Record<FenrErrorCode, string>> = {
  empty: 'FENr text',
  whitespace: '1 space',
  'board-digits': '1-8, no 2 digits',
  'rank-too-long': '8 squares',
  'rank-too-short': '8 squares',
  'rank-count': '8 ranks',
  'delay-marker': 'D, a piece letter, 4 digits (Dp0000)',
  'moving-piece': 'M, a piece letter, another square, 4 digits (MRa12500)',
  'castling-order': 'the order KQkq',
  'ep-rank': 'rank 3 or 6',
  'missing-field': '5 fields',
};

/** The piece letters of FENr; role k of board-core's ROLES is letter k. */
export const LETTERS = 'PNBRQKpnbrqk';

/** The interned piece of each FENr letter, by char code. */
const PIECE_BY_CODE: readonly (Piece | undefined)[] = /* @__PURE__ */ piecesByCode(LETTERS);

/** A board with no pieces, copied by every parse. */
const EMPTY_BOARD: readonly undefined[] = /* @__PURE__ */ emptySquares(64);

/** The rook squares of `K`, `Q`, `k`, `q`, and their bits in a set of rights. */
const CASTLING_LETTERS = 'KQkq';
const CASTLING_ROOKS: readonly Square[] = [7, 0, 63, 56];

/** One frozen list of rook squares per set of rights (bit k: letter k of `KQkq`), shared by every parse. */
const ROOKS_BY_RIGHTS: readonly (readonly Square[])[] = /* @__PURE__ */ Array.from({ length: 16 }, (_, rights) =>
  Object.freeze(CASTLING_ROOKS.filter((_rook, k) => rights & (1 << k)).sort((a, b) => a - b)),
);

/** Field separators: blanks; unlike FEN, FENr does not take `_` for a space. */
const isSeparator = isBlank;

/** Throws the fault `code` of `field` at `offset`; `parseFenr` makes it its error value. */
const fail: (code: FenrErrorCode, field: FenrField, offset: number) => never = fault;

/** The four digits at `pos` as a number, or a fault of `code` at the first non-digit. */
function fourDigits(input: string, pos: number, code: FenrErrorCode): number {
  let value = 0;
  for (let i = pos; i < pos + 4; i++) {
    const d = input.charCodeAt(i) - DIGIT_0;
    if (!(d >= 0 && d <= 9)) fail(code, 0, i);
    value = value * 10 + d;
  }
  return value;
}

/**
 * Reads the placement into `board` from `pos`: piece letters, counts of empty squares, delay
 * markers (`D` + letter + 4 digits) and moving pieces (`M` + letter + origin + 4 digits), each
 * marker one square, its times on `clockMs`. Returns where the field ends (a separator or the
 * end).
 */
function readBoard(input: string, pos: number, board: (Piece | undefined)[], clockMs: number): number {
  const n = input.length;
  const table = PIECE_BY_CODE;
  let rankEnd = 64;
  let square = 56;
  let afterDigit = false;
  let c = 0;
  let i = pos;
  for (; i < n; i++) {
    c = input.charCodeAt(i);
    const p = table[c];
    if (p !== undefined) {
      if (square >= rankEnd) fail('rank-too-long', 0, i);
      board[square++] = p;
      afterDigit = false;
    } else if (c >= DIGIT_0 && c <= DIGIT_9) {
      if (c === DIGIT_0 || afterDigit) fail('board-digits', 0, i);
      if ((square += c - DIGIT_0) > rankEnd) fail('rank-too-long', 0, i);
      afterDigit = true;
    } else if (c === SLASH) {
      if (square < rankEnd) fail('rank-too-short', 0, i);
      if (rankEnd === 8) fail('rank-count', 0, i);
      rankEnd -= 8;
      square = rankEnd - 8;
      afterDigit = false;
    } else if (c === UPPER_D || c === UPPER_M) {
      // D (delay marker, 6 characters) or M (moving piece, 8): one square, whose digits are
      // not a count of empty squares.
      const moving = c === UPPER_M;
      const code = moving ? 'moving-piece' : 'delay-marker';
      if (square >= rankEnd) fail('rank-too-long', 0, i);
      const marked = table[input.charCodeAt(i + 1)];
      if (marked === undefined) fail(code, 0, i + 1);
      let from = -1;
      if (moving) {
        const x = input.charCodeAt(i + 2) - LOWER_A;
        if (!(x >= 0 && x < 8)) fail(code, 0, i + 2);
        const y = input.charCodeAt(i + 3) - DIGIT_1;
        if (!(y >= 0 && y < 8)) fail(code, 0, i + 3);
        // A piece cannot travel to the square it leaves.
        if ((from = y * 8 + x) === square) fail(code, 0, i + 2);
      }
      // A delay marker counts the time since the piece arrived, a moving piece the time until
      // it arrives.
      const ms = fourDigits(input, moving ? i + 4 : i + 2, code);
      board[square++] = withRealtime(
        marked as Piece,
        moving ? { kind: 'flight', from, arrivesAtMs: clockMs + ms } : { kind: 'cooldown', arrivedAtMs: clockMs - ms },
      );
      i += moving ? 7 : 5;
      afterDigit = false;
    } else break;
  }
  if (i < n && !isSeparator(c)) fail('board-char', 0, i);
  if (square < rankEnd) fail('rank-too-short', 0, i);
  if (rankEnd > 8) fail('rank-count', 0, i);
  return i;
}

/**
 * The largest time read: 15 digits (about 31,700 years), so that a flight's arrival (the clock
 * plus up to 9,999 ms) is still an exact integer.
 */
export const MAX_TIME_MS = 999_999_999_999_999;

/**
 * Reads a FENr record: placement (with delay markers and moving pieces), castling, en passant,
 * milliseconds since the last capture, milliseconds since the start. Never throws; reports the
 * first fault from the left. The setup holds the realtime clock (`realtime`), pieces cooling
 * down or in flight with their times on it, turn set to the side that may capture en passant
 * (White when there is no en passant square), halfmoves 0 and fullmoves 1.
 *
 * @example
 * ```ts
 * import { parseFenr } from '@chess-formats/fenr';
 * const read = parseFenr('4k3/8/8/8/8/8/8/DR50003K3 - - 1200 1200');
 * if (read.ok) console.log(read.value.realtime?.clockMs, read.value.board.pieces[0]?.realtime); // → 1200 { kind: 'cooldown', ... }
 * ```
 */
export function parseFenr(input: string, options?: FenrParseOptions): Result<Setup, FenrError> {
  if (typeof input !== 'string') {
    return err({
      code: 'empty',
      field: 0,
      offset: 0,
      message: `expected FENr text, found ${input === null ? 'null' : typeof input}`,
    });
  }
  const strict = options?.strict === true;
  const n = input.length;
  try {
    let pos = 0;
    while (pos < n && isSeparator(input.charCodeAt(pos))) pos++;
    if (strict && pos > 0) fail('whitespace', 0, 0);
    if (pos === n) fail('empty', 0, 0);
    const pieces: (Piece | undefined)[] = EMPTY_BOARD.slice();
    // The markers' times are on the clock, the last field: its digits are read first, from
    // the end, so that the placement can make realtime pieces as it goes (no list of markers
    // kept until the end). Whatever this reads, the fields are then checked from the left, and
    // a record they accept ends in exactly this clock.
    let end = n;
    while (end > 0 && isSeparator(input.charCodeAt(end - 1))) end--;
    let at = end;
    while (at > 0 && !isSeparator(input.charCodeAt(at - 1))) at--;
    let clockAhead = 0;
    for (; at < end; at++) clockAhead = clockAhead * 10 + (input.charCodeAt(at) - DIGIT_0);
    pos = readBoard(input, pos, pieces, clockAhead);
    let rights = 0;
    let ep = -1;
    let sinceCaptureMs = 0;
    let clockMs = 0;
    // The next field that may come; castling and en passant may be left out (default mode).
    let field = 1;
    while (pos < n) {
      pos = fieldStart(input, pos, strict, field > 5 ? 5 : field, true);
      if (pos === n) break;
      let c = input.charCodeAt(pos);
      const digit = c >= DIGIT_0 && c <= DIGIT_9;
      const file = c >= LOWER_A && c <= LOWER_H;
      if (field === 1) {
        // Castling, read by its shape: `-` or the letters KQkq. Anything else but an en
        // passant square or a time is a castling fault.
        if (c === DASH || c === UPPER_K || c === UPPER_Q || c === LOWER_K || c === LOWER_Q) {
          if (c === DASH) pos = fieldEnd(input, pos + 1, 'castling', 1, true);
          else {
            // The letters KQkq, each one bit of `rights` (bit k: letter k of `KQkq`). Read here,
            // not in a function: the value and where the field ends stay locals.
            let last = -1;
            for (; pos < n && !isSeparator((c = input.charCodeAt(pos))); pos++) {
              const k = CASTLING_LETTERS.indexOf(input[pos] as string);
              // A letter given twice is a fault, so that no two spellings differ by a repetition.
              if (k < 0 || rights & (1 << k)) fail('castling', 1, pos);
              if (strict && k < last) fail('castling-order', 1, pos);
              last = k;
              rights |= 1 << k;
            }
          }
          field = 2;
          continue;
        }
        if (strict || !(file || digit)) fail('castling', 1, pos);
        field = 2;
      }
      if (field === 2) {
        if (c === DASH || file) {
          if (c === DASH) pos++;
          else {
            const r = input.charCodeAt(++pos);
            if (!(r >= DIGIT_1 && r <= DIGIT_8)) fail('ep-square', 2, pos);
            if (r !== DIGIT_3 && r !== DIGIT_6) fail('ep-rank', 2, pos);
            ep = (r - DIGIT_1) * 8 + c - LOWER_A;
            pos++;
          }
          pos = fieldEnd(input, pos, 'ep-square', 2, true);
          field = 3;
          continue;
        }
        if (strict || !digit) fail('ep-square', 2, pos);
        field = 3;
      }
      if (field > 4) fail('extra-field', 5, pos);
      // A time in milliseconds: digits, at most MAX_TIME_MS.
      const code = field === 3 ? 'since-capture' : 'elapsed';
      const start = pos;
      let value = 0;
      for (; pos < n && !isSeparator((c = input.charCodeAt(pos))); pos++) {
        if (c < DIGIT_0 || c > DIGIT_9 || (value = value * 10 + (c - DIGIT_0)) > MAX_TIME_MS)
          fail(code, field as 3 | 4, pos);
      }
      if (strict && input.charCodeAt(start) === DIGIT_0 && pos > start + 1) fail(code, field as 3 | 4, start);
      if (field === 3) sinceCaptureMs = value;
      else clockMs = value;
      field++;
    }
    // Castling and en passant may be left out, so the first missing field is a time.
    if (field < 5) fail('missing-field', (strict || field > 3 ? field : 3) as FenrField, n);
    const turn: Color = ep >= 0 && ep < 32 ? 'black' : 'white';
    return ok({
      board: { geometry: STANDARD, pieces },
      turn,
      castlingRooks: ROOKS_BY_RIGHTS[rights] as readonly Square[],
      epSquares: ep < 0 ? NO_SQUARES : [ep],
      halfmoves: 0,
      fullmoves: 1,
      realtime: { clockMs, sinceCaptureMs, cooldownMs: FENR_COOLDOWN_MS },
    });
  } catch (thrown) {
    return faultError(thrown, input, EXPECTED, EXPECTED_IN_FIELD);
  }
}

const NO_SQUARES: readonly Square[] = /* @__PURE__ */ Object.freeze([]);
