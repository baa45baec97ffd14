import {
  MAX_COUNTER,
  STANDARD,
  emptyPocket,
  ok,
  piece,
  type Board,
  type ByColor,
  type Color,
  type Piece,
  type Pocket,
  type Result,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import {
  DIGIT_8,
  DIGIT_0,
  DIGIT_1,
  DIGIT_3,
  DIGIT_6,
  DIGIT_9,
  LEFT_BRACKET,
  LOWER_A,
  LOWER_B,
  LOWER_H,
  LOWER_K,
  LOWER_Q,
  LOWER_W,
  PLUS,
  RIGHT_BRACKET,
  SLASH,
  SPACE,
  TILDE,
  emptySquares,
  fault,
  faultError,
  fieldEnd,
  fieldStart,
  isNone,
  isSeparator,
  outermostRook,
  piecesByCode,
} from '@chess-formats/board-core/internal';
import type { FenError, FenErrorCode, FenField } from './errors.js';

/**
 * Options of `parseFen`, `parseBoardFen` and `parseCastling`. Without `strict`, common
 * variations (extra spaces, missing counters) are read.
 */
export interface FenParseOptions {
  /**
   * Accept only canonical spelling: one space between fields, all six fields, castling in
   * canonical order, `[...]` pockets in canonical order, no leading zeros, fullmoves >= 1.
   */
  readonly strict?: boolean;
}

/** The placement field: the board and, when the text has one, its pocket. */
export interface BoardFen {
  /** The placement. */
  readonly board: Board;
  /** The pieces in hand, when the text has a pocket. */
  readonly pockets?: ByColor<Pocket>;
}

// What was expected, by field, and for the codes that say more than their field. Terse, as
// the field and offset of the error say the rest.
const EXPECTED_IN_FIELD =
  /* @__PURE__ */ 'PNBRQK/1-8|w or b|KQkq/A-H/-|rank 3/6|0-9007199254740991|1-9007199254740991|n+n, 0-3'.split('|');
const EXPECTED: Partial<Record<FenErrorCode, string>> = {
  empty: 'a FEN',
  whitespace: '1 space',
  'board-digits': '1-8, no 2 digits',
  'rank-too-long': '8 squares',
  'rank-count': '8 ranks',
  'castling-too-many': '2 a side',
  'missing-field': '6 fields',
  'extra-field': 'end',
};

/** The piece letters of FEN; role k of board-core's ROLES is letter k. */
export const LETTERS = 'PNBRQKpnbrqk';

/** The interned piece of each FEN letter, by char code. */
export const PIECE_BY_CODE: readonly (Piece | undefined)[] = /* @__PURE__ */ piecesByCode(LETTERS);

/** A board with no pieces, copied by every parse. */
const EMPTY_BOARD: readonly undefined[] = /* @__PURE__ */ emptySquares(64);

// Setups are read-only data, so parses share one frozen list of castling rooks per set of
// rights (rook files: bits 0-7 White's, bits 8-15 Black's) instead of allocating one each.
// Two levels, White's rights then Black's: an array indexed by keys up to 2^16 would turn into
// a dictionary, whose lookups are slow.
const ROOKS_BY_RIGHTS: (readonly Square[])[][] = [];

function rooksOf(rights: number): readonly Square[] {
  const list: Square[] = [];
  for (let k = 0; k < 16; k++) if (rights & (1 << k)) list.push(k < 8 ? k : k + 48);
  return Object.freeze(list);
}

const NONE: readonly Square[] = /* @__PURE__ */ rooksOf(0);

type MutablePockets = ByColor<{ -readonly [R in keyof Pocket]: number }>;

/** What the placement and castling readers read into, besides the index they return. */
interface ReadInto {
  pockets?: ByColor<Pocket>;
  castlingRooks: readonly Square[];
}

const fail: (code: FenErrorCode, field: FenField, offset: number) => never = fault;

/**
 * Reads the placement into `board` from `pos`, and its pocket into `pockets`. Returns where
 * the field ends (a separator or the end).
 */
function readBoard(input: string, pos: number, board: (Piece | undefined)[], strict: boolean, into: ReadInto): number {
  const n = input.length;
  const table = PIECE_BY_CODE;
  let rankEnd = 64;
  let square = 56;
  let c = 0;
  let i = pos;
  // Where a digit right after the last digit would stand: two digits in a row are a fault.
  let afterDigit = -1;
  for (; i < n; i++) {
    c = input.charCodeAt(i);
    const p = table[c];
    if (p !== undefined) {
      if (square >= rankEnd) fail('rank-too-long', 0, i);
      board[square++] = p;
    } else if (c >= DIGIT_0 && c <= DIGIT_9) {
      if (c === DIGIT_0 || i === afterDigit) fail('board-digits', 0, i);
      afterDigit = i + 1;
      if ((square += c - DIGIT_0) > rankEnd) fail('rank-too-long', 0, i);
    } else if (c === SLASH) {
      if (square < rankEnd) fail('rank-too-short', 0, i);
      // A ninth segment is the lichess form of the crazyhouse pocket, when it is one.
      if (rankEnd === 8) return readPocket(input, i, strict, into);
      rankEnd -= 8;
      square = rankEnd - 8;
    } else if (c === TILDE) {
      const plain = board[square - 1] as Piece;
      // Only a piece a pawn promoted to can be marked (the rules would not see a pawn's mark):
      // the character before must be a piece letter (before the field there is none, or a blank).
      if (table[input.charCodeAt(i - 1)] === undefined || plain.role === 'pawn') fail('promoted-marker', 0, i);
      board[square - 1] = piece(plain.color, plain.role, true);
    } else break;
  }
  if (i < n && c !== LEFT_BRACKET && !isSeparator(c)) fail('board-char', 0, i);
  if (square < rankEnd) fail('rank-too-short', 0, i);
  if (rankEnd > 8) fail('rank-count', 0, i);
  return c === LEFT_BRACKET ? readPocket(input, i, strict, into) : i;
}

/**
 * Reads the pocket at `pos`: `[...]`, or a ninth `/` segment of piece letters (default mode
 * only; any fault in it is `rank-count` at its `/`).
 */
function readPocket(input: string, pos: number, strict: boolean, into: ReadInto): number {
  const slash = input.charCodeAt(pos) === SLASH;
  if (slash && strict) fail('rank-count', 0, pos);
  const held: MutablePockets = { white: emptyPocket(), black: emptyPocket() };
  into.pockets = held;
  let count = 0;
  let lastKey = 0;
  let i = pos + 1;
  for (let c; i < input.length && !isSeparator((c = input.charCodeAt(i))); i++) {
    if (c === RIGHT_BRACKET && !slash) return fieldEnd(input, i + 1, 'pocket', 0);
    const p = PIECE_BY_CODE[c];
    // Canonical order is the order of LETTERS: white first, then pawn to king.
    const key = LETTERS.indexOf(input[i] as string);
    if (p === undefined || ++count > 64 || (strict && key < lastKey))
      fail(slash ? 'rank-count' : 'pocket', 0, slash ? pos : i);
    lastKey = key;
    held[p.color][p.role]++;
  }
  // The slash form ends with its field; `[` without `]` is a fault where `]` was due.
  return slash ? i : fail('pocket', 0, i);
}

/**
 * The rook that `K` (side 1) or `Q` (side -1) names: the outermost rook of the colour on its
 * back rank on that side of its king, or the corner square when there is none.
 */
export function sideRook(board: readonly (Piece | undefined)[], color: Color, side: number): Square {
  const corner = (color === 'white' ? 0 : 56) + (side > 0 ? 7 : 0);
  const rook = outermostRook(board, color, corner, -side, 8);
  return rook < 0 ? corner : rook;
}

/**
 * Reads the castling field at `pos` into `into.castlingRooks`, which holds NONE until then (so
 * `-` leaves it).
 */
function readCastling(
  input: string,
  pos: number,
  strict: boolean,
  board: readonly (Piece | undefined)[],
  into: ReadInto,
): number {
  let c = input.charCodeAt(pos);
  if (isNone(c, strict)) return fieldEnd(input, pos + 1, 'castling', 2);
  // Rights as rook files: bits 0-7 White's, bits 8-15 Black's.
  let rights = 0;
  let lastKey = -1;
  for (; pos < input.length && !isSeparator((c = input.charCodeAt(pos))); pos++) {
    // ASCII letters differ by case in one bit, the space's.
    const lower = c | SPACE;
    const black = c === lower;
    const file =
      lower === LOWER_K || lower === LOWER_Q
        ? sideRook(board, black ? 'black' : 'white', lower === LOWER_K ? 1 : -1) & 7
        : lower >= LOWER_A && lower <= LOWER_H
          ? lower - LOWER_A
          : fail('castling', 2, pos);
    // Canonical order: white first, each colour from the h-side rook to the a-side rook.
    const key = (black ? 8 : 0) + 7 - file;
    if (strict && key <= lastKey) fail('castling-order', 2, pos);
    lastKey = key;
    const bit = 1 << (black ? 8 + file : file);
    const sameColor = black ? rights >> 8 : rights & 255;
    if (!(rights & bit) && sameColor & (sameColor - 1)) fail('castling-too-many', 2, pos);
    rights |= bit;
  }
  into.castlingRooks = (ROOKS_BY_RIGHTS[rights & 255] ??= [])[rights >> 8] ??= rooksOf(rights);
  return pos;
}

/** Three-check counters at `pos`: remaining checks `W+B`, or checks given `+W+B` (lichess). */
function readChecks(input: string, pos: number, given: boolean): ByColor<number> {
  const white = input.charCodeAt(pos) - DIGIT_0;
  if (!(white >= 0 && white <= 3) || input.charCodeAt(++pos) !== PLUS) fail('checks', 6, pos);
  const black = input.charCodeAt(++pos) - DIGIT_0;
  if (!(black >= 0 && black <= 3)) fail('checks', 6, pos);
  fieldEnd(input, pos + 1, 'checks', 6);
  return given ? { white: 3 - white, black: 3 - black } : { white, black };
}

/**
 * Reads a FEN (also X-FEN and Shredder-FEN castling, crazyhouse pockets and `~`, three-check
 * counters). Never throws; reports the first fault from the left.
 *
 * @example
 * ```ts
 * import { parseFen } from '@chess-formats/fen';
 * const read = parseFen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
 * if (read.ok) console.log(read.value.turn); // → black
 * const bad = parseFen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR x KQkq - 0 1');
 * if (!bad.ok) console.log(`${bad.error}`); // → turn in field 1 at offset 46: expected w or b, found "x"
 * ```
 */
export function parseFen(input: string, options?: FenParseOptions): Result<Setup, FenError> {
  const strict = options?.strict === true;
  // A value of another type, from untyped JavaScript, is reported as `empty`.
  input = typeof input == 'string' ? input : '';
  const n = input.length;
  try {
    let pos = 0;
    while (pos < n && isSeparator(input.charCodeAt(pos))) pos++;
    if (strict && pos > 0) fail('whitespace', 0, 0);
    if (pos === n) fail('empty', 0, 0);
    const pieces: (Piece | undefined)[] = EMPTY_BOARD.slice();
    // Filled in field by field; it is also what readBoard and readCastling read their pocket
    // and castling rooks into, besides the index they return.
    const setup: { -readonly [K in keyof Setup]: Setup[K] } = {
      board: { geometry: STANDARD, pieces },
      turn: 'white',
      castlingRooks: NONE,
      epSquares: NONE,
      halfmoves: 0,
      fullmoves: 1,
    };
    pos = readBoard(input, pos, pieces, strict, setup);
    let checks: ByColor<number> | undefined;
    // The logical index of the next field (a fifth-field three-check counter does not advance
    // it, so halfmoves stay field 4).
    let field = 1;
    while (pos < n) {
      pos = fieldStart(input, pos, strict, field > 6 ? 6 : field);
      if (pos === n) break;
      let c = input.charCodeAt(pos);
      if (field === 1) {
        if (c !== LOWER_W && c !== LOWER_B) fail('turn', 1, pos);
        if (c === LOWER_B) setup.turn = 'black';
        pos = fieldEnd(input, pos + 1, 'turn', 1);
      } else if (field === 2) {
        pos = readCastling(input, pos, strict, pieces, setup);
      } else if (field === 3) {
        if (isNone(c, strict)) pos++;
        else {
          if (c < LOWER_A || c > LOWER_H) fail('ep-square', 3, pos);
          const r = input.charCodeAt(++pos);
          if (!(r >= DIGIT_1 && r <= DIGIT_8)) fail('ep-square', 3, pos);
          if (r !== (setup.turn === 'white' ? DIGIT_6 : DIGIT_3)) fail('ep-rank', 3, pos);
          setup.epSquares = [(r - DIGIT_1) * 8 + c - LOWER_A];
          pos++;
        }
        pos = fieldEnd(input, pos, 'ep-square', 3);
      } else if (field === 6 && c === PLUS) {
        // Checks given, lichess's seventh field.
        if (checks || strict) fail('checks', 6, pos);
        checks = readChecks(input, pos + 1, true);
        pos += 5;
      } else if (field > 5) fail('extra-field', 6, pos);
      else if (field === 4 && !checks && input.charCodeAt(pos + 1) === PLUS) {
        // Remaining checks in the fifth field; halfmoves follow.
        checks = readChecks(input, pos, false);
        pos += 3;
        field--;
      } else {
        const start = pos;
        const code = field === 4 ? 'halfmoves' : 'fullmoves';
        let value = 0;
        for (; pos < n && !isSeparator((c = input.charCodeAt(pos))); pos++) {
          if (c < DIGIT_0 || c > DIGIT_9 || (value = value * 10 + (c - DIGIT_0)) > MAX_COUNTER) {
            // A `+` further on makes the fifth field a malformed three-check counter.
            for (let i = start; field === 4 && !checks && i < n && !isSeparator(input.charCodeAt(i)); i++) {
              if (input.charCodeAt(i) === PLUS) readChecks(input, start, false);
            }
            fail(code, field as 4 | 5, pos);
          }
        }
        // Strict: no leading zero, and no fullmove 0.
        if (strict && input.charCodeAt(start) === DIGIT_0 && (pos > start + 1 || field === 5))
          fail(code, field as 4 | 5, start);
        if (field === 4) setup.halfmoves = value;
        else setup.fullmoves = value || 1;
      }
      field++;
    }
    if (strict && field < 6) fail('missing-field', field as FenField, n);
    if (checks) setup.remainingChecks = checks;
    return { ok: true, value: setup };
  } catch (thrown) {
    return faultError(thrown, input, EXPECTED, EXPECTED_IN_FIELD);
  }
}

/** Reads the placement field alone (with its pocket, if any). */
export function parseBoardFen(input: string, options?: FenParseOptions): Result<BoardFen, FenError> {
  input = typeof input == 'string' ? input : '';
  try {
    if (input.length === 0) fail('empty', 0, 0);
    const pieces: (Piece | undefined)[] = EMPTY_BOARD.slice();
    const read: ReadInto = { castlingRooks: NONE };
    const pos = readBoard(input, 0, pieces, options?.strict === true, read);
    const pockets = read.pockets;
    if (pos < input.length) fail('board-char', 0, pos);
    const board: Board = { geometry: STANDARD, pieces };
    return ok(pockets ? { board, pockets } : { board });
  } catch (thrown) {
    return faultError(thrown, input, EXPECTED, EXPECTED_IN_FIELD);
  }
}

/**
 * Reads a castling field against a board: `K`/`Q` name the outermost rook on that side of
 * the king, file letters name a rook's file (X-FEN, Shredder-FEN). Offsets are into `input`.
 */
export function parseCastling(board: Board, input: string, options?: FenParseOptions): Result<Square[], FenError> {
  input = typeof input == 'string' ? input : '';
  try {
    const read: ReadInto = { castlingRooks: NONE };
    const pos =
      input.length === 0
        ? fail('castling', 2, 0)
        : readCastling(input, 0, options?.strict === true, board.pieces, read);
    if (pos < input.length) fail('castling', 2, pos);
    return ok(read.castlingRooks.slice());
  } catch (thrown) {
    return faultError(thrown, input, EXPECTED, EXPECTED_IN_FIELD);
  }
}
