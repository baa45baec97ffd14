import {
  ROLES,
  STANDARD,
  emptyPocket,
  err,
  ok,
  piece,
  type Board,
  type ByColor,
  type Color,
  type Err,
  type Piece,
  type Pocket,
  type Result,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import type { FenError, FenErrorCode, FenField } from './errors.js';

export interface FenParseOptions {
  /**
   * Accept only canonical spelling: one space between fields, all six fields, castling in
   * canonical order, `[...]` pockets in canonical order, no leading zeros, fullmoves >= 1.
   */
  readonly strict?: boolean;
}

/** The placement field: the board and, when the text has one, its pocket. */
export interface BoardFen {
  readonly board: Board;
  readonly pockets?: ByColor<Pocket>;
}

// What each code expected; the message adds what was found. Terse on purpose: messages
// count toward the 3 KB bundle budget.
const EXPECTED: Record<FenErrorCode, string> = {
  empty: 'a FEN',
  whitespace: '1 space',
  'board-char': 'a piece',
  'board-digits': '1-8',
  'promoted-marker': 'a piece',
  'rank-too-long': '8 files',
  'rank-too-short': '8 files',
  'rank-count': '8 ranks',
  pocket: 'pieces',
  turn: 'w or b',
  castling: 'KQkq/A-H/-',
  'castling-order': 'order',
  'castling-too-many': '2 a side',
  'ep-square': 'a square',
  'ep-rank': 'rank 3/6',
  halfmoves: '0-9999',
  fullmoves: '1-9999',
  checks: 'n+n, 0-3',
  'missing-field': '6 fields',
  'extra-field': 'end',
};


/** The piece letters of FEN; role k of board-core's ROLES is letter k. */
export const LETTERS = 'PNBRQKpnbrqk';

/** The interned piece of each FEN letter, by char code. */
export const PIECE_BY_CODE: readonly (Piece | undefined)[] = /* @__PURE__ */ (() => {
  const table = new Array<Piece | undefined>(128).fill(undefined);
  for (let k = 0; k < 12; k++) {
    table[LETTERS.charCodeAt(k)] = piece(k < 6 ? 'white' : 'black', ROLES[k % 6] as Piece['role']);
  }
  return table;
})();

/** Field separators. Default mode accepts runs of them; strict mode one space only. */
function isSeparator(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 95;
}

// The reader's state. Parsing is synchronous, so one module-level cursor serves every call
// and the readers below need neither arguments nor result objects.
let text = '';
let n = 0;
let pos = 0;
let strict = false;
let fault: Err<FenError> | undefined;
let pieces: readonly (Piece | undefined)[] = [];
let pockets: ByColor<{ -readonly [R in keyof Pocket]: number }> | undefined;
let turn: Color = 'white';
let rooks: Square[] = [];
let epSquares: Square[] = [];
let counter = 0;
let halfmoves = 0;
let fullmoves = 1;
let checks: ByColor<number> | undefined;

function begin(input: string, options: FenParseOptions | undefined): void {
  text = input;
  n = input.length;
  pos = 0;
  strict = options?.strict === true;
  fault = undefined;
}

/** The error result for a fault at `offset` of the text being read. */
function fail(code: FenErrorCode, field: FenField, offset = pos): Err<FenError> {
  const found = offset < n ? JSON.stringify(text[offset]) : 'end';
  return err({ code, field, offset, message: `expected ${EXPECTED[code]}, found ${found}` });
}

/** Records a fault for `failed()` and returns false, so readers can `return stop(...)`. */
function stop(code: FenErrorCode, field: FenField, offset = pos): false {
  fault = fail(code, field, offset);
  return false;
}

function failed(): Err<FenError> {
  return fault as Err<FenError>;
}

/** True at a separator or the end; otherwise the field has a stray character. */
function atFieldEnd(code: FenErrorCode, field: FenField): boolean {
  return pos >= n || isSeparator(text.charCodeAt(pos)) || stop(code, field);
}

/** A board with no pieces, copied by every parse (a copy is cheaper than a fill). */
const EMPTY_BOARD: readonly undefined[] = /* @__PURE__ */ new Array<undefined>(64).fill(undefined);

function readBoard(): boolean {
  // Locals, not the module cursor, in the hot loop.
  const input = text;
  const end = n;
  const table = PIECE_BY_CODE;
  const board: (Piece | undefined)[] = EMPTY_BOARD.slice();
  pieces = board;
  pockets = undefined;
  let rank = 7;
  let file = 0;
  // What came before: 0 a rank start, 1 a piece, 2 a digit, 3 a `~`.
  let previous = 0;
  let c = 0;
  let i = pos;
  for (; i < end; i++) {
    c = input.charCodeAt(i);
    const p = table[c];
    if (p !== undefined) {
      if (file > 7) return stop('rank-too-long', 0, i);
      board[rank * 8 + file++] = p;
      previous = 1;
    } else if (c > 47 && c < 58) {
      if (c === 48 || previous === 2) return stop('board-digits', 0, i);
      if ((file += c - 48) > 8) return stop('rank-too-long', 0, i);
      previous = 2;
    } else if (c === 47) {
      if (file < 8) return stop('rank-too-short', 0, i);
      if (rank === 0) {
        // A ninth segment is the lichess form of the crazyhouse pocket, when it is one.
        pos = i;
        return (!strict && readPocket(-1)) || stop('rank-count', 0, i);
      }
      rank--;
      file = previous = 0;
    } else if (c === 126) {
      if (previous !== 1) return stop('promoted-marker', 0, i);
      const plain = board[rank * 8 + file - 1] as Piece;
      board[rank * 8 + file - 1] = piece(plain.color, plain.role, true);
      previous = 3;
    } else break;
  }
  pos = i;
  if (i < end && c !== 91 && !isSeparator(c)) return stop('board-char', 0);
  if (file < 8) return stop('rank-too-short', 0);
  if (rank > 0) return stop('rank-count', 0);
  return i >= end || c !== 91 || readPocket(93);
}

/** Reads pocket letters after `pos` up to `closing` (`]`), or to the field's end (-1, slash form). */
function readPocket(closing: number): boolean {
  const held: NonNullable<typeof pockets> = { white: emptyPocket(), black: emptyPocket() };
  pockets = held;
  let count = 0;
  let lastKey = 0;
  while (++pos < n) {
    const c = text.charCodeAt(pos);
    if (c === closing) {
      pos++;
      return atFieldEnd('pocket', 0);
    }
    if (isSeparator(c)) break;
    const p = PIECE_BY_CODE[c];
    if (p === undefined || ++count > 64) return stop('pocket', 0);
    // Canonical order is the order of LETTERS: white first, then pawn to king.
    const key = LETTERS.indexOf(text[pos] as string);
    if (strict && key < lastKey) return stop('pocket', 0);
    lastKey = key;
    held[p.color][p.role]++;
  }
  return closing < 0 || stop('pocket', 0);
}

function readTurn(): boolean {
  const c = text.charCodeAt(pos);
  if (c !== 119 && c !== 98) return stop('turn', 1);
  turn = c === 98 ? 'black' : 'white';
  pos++;
  return atFieldEnd('turn', 1);
}

/**
 * The rook that `K` (side 1) or `Q` (side -1) names: the outermost rook of the colour on its
 * back rank on that side of its king, or the corner square when there is none.
 */
export function sideRook(board: readonly (Piece | undefined)[], color: Color, side: number): Square {
  const base = color === 'white' ? 0 : 56;
  const corner = side > 0 ? base + 7 : base;
  for (let k = 0, square = corner; k < 8; k++, square -= side) {
    const p = board[square];
    if (p !== undefined && p.color === color) {
      if (p.role === 'king') break;
      if (p.role === 'rook') return square;
    }
  }
  return corner;
}

function readCastling(): boolean {
  rooks = [];
  let c = text.charCodeAt(pos);
  if (c === 45 || (c === 8211 && !strict)) {
    pos++;
    return atFieldEnd('castling', 2);
  }
  // Rights as rook files: bits 0-7 White's, bits 8-15 Black's.
  let rights = 0;
  let lastKey = -1;
  for (; pos < n && !isSeparator((c = text.charCodeAt(pos))); pos++) {
    const lower = c | 32;
    const black = c === lower;
    let file: number;
    if (lower === 107 || lower === 113) file = sideRook(pieces, black ? 'black' : 'white', lower === 107 ? 1 : -1) & 7;
    else if (lower > 96 && lower < 105) file = lower - 97;
    else return stop('castling', 2);
    // Canonical order: white first, each colour from the h-side rook to the a-side rook.
    const key = (black ? 8 : 0) + 7 - file;
    if (strict && key <= lastKey) return stop('castling-order', 2);
    lastKey = key;
    const bit = 1 << (black ? 8 + file : file);
    if (rights & bit) continue;
    const sameColor = black ? rights >> 8 : rights & 255;
    if (sameColor & (sameColor - 1)) return stop('castling-too-many', 2);
    rights |= bit;
  }
  for (let k = 0; k < 16; k++) if (rights & (1 << k)) rooks.push(k < 8 ? k : k + 48);
  return true;
}

function readEnPassant(): boolean {
  const c = text.charCodeAt(pos);
  if (c === 45 || (c === 8211 && !strict)) pos++;
  else {
    if (c < 97 || c > 104) return stop('ep-square', 3);
    const r = text.charCodeAt(++pos);
    if (!(r > 48 && r < 57)) return stop('ep-square', 3);
    if (r !== (turn === 'white' ? 54 : 51)) return stop('ep-rank', 3);
    epSquares = [(r - 49) * 8 + c - 97];
    pos++;
  }
  return atFieldEnd('ep-square', 3);
}

/** Reads a counter of at most 9999 into `counter`. */
function readCounter(field: 4 | 5): boolean {
  const code = field === 4 ? 'halfmoves' : 'fullmoves';
  const start = pos;
  counter = 0;
  for (let c; pos < n && !isSeparator((c = text.charCodeAt(pos))); pos++) {
    if (c < 48 || c > 57 || (counter = counter * 10 + c - 48) > 9999) return stop(code, field);
  }
  // Strict: no leading zero, and no fullmove 0.
  return !(strict && text.charCodeAt(start) === 48 && (pos > start + 1 || field === 5)) || stop(code, field, start);
}

/** Three-check counters: remaining checks `W+B`, or checks given `+W+B` (lichess). */
function readChecks(given: boolean): boolean {
  if (given) pos++;
  const white = text.charCodeAt(pos) - 48;
  if (!(white >= 0 && white <= 3) || text.charCodeAt(++pos) !== 43) return stop('checks', 6);
  const black = text.charCodeAt(++pos) - 48;
  if (!(black >= 0 && black <= 3)) return stop('checks', 6);
  pos++;
  checks = given ? { white: 3 - white, black: 3 - black } : { white, black };
  return atFieldEnd('checks', 6);
}

/** Whether the field at `pos` holds a `+` (so the fifth field is a three-check counter). */
function fieldHasPlus(): boolean {
  for (let i = pos, c; i < n && !isSeparator((c = text.charCodeAt(i))); i++) if (c === 43) return true;
  return false;
}

const READERS: readonly (() => boolean)[] = [
  readBoard,
  readTurn,
  readCastling,
  readEnPassant,
  () => readCounter(4) && ((halfmoves = counter), true),
  () => readCounter(5) && ((fullmoves = counter || 1), true),
  () =>
    text.charCodeAt(pos) !== 43
      ? stop('extra-field', 6)
      : checks !== undefined || strict
        ? stop('checks', 6)
        : readChecks(true),
];

/**
 * Reads a FEN (also X-FEN and Shredder-FEN castling, crazyhouse pockets and `~`, three-check
 * counters). Never throws; reports the first fault from the left.
 */
export function parseFen(input: string, options?: FenParseOptions): Result<Setup, FenError> {
  begin(input, options);
  while (pos < n && isSeparator(text.charCodeAt(pos))) pos++;
  if (strict && pos > 0) return fail('whitespace', 0, 0);
  if (pos === n) return fail('empty', 0, 0);
  turn = 'white';
  rooks = [];
  epSquares = [];
  halfmoves = 0;
  fullmoves = 1;
  checks = undefined;
  // `field` is the logical index of the field being read (a fifth-field three-check counter
  // does not advance it, so halfmoves stay field 4).
  let field = 0;
  for (;;) {
    const reader = READERS[field];
    if (reader === undefined) return fail('extra-field', 6, pos);
    if (field === 4 && checks === undefined && fieldHasPlus()) {
      if (!readChecks(false)) return failed();
    } else if (!reader()) return failed();
    else field++;
    if (pos >= n) break;
    const separator = pos;
    while (pos < n && isSeparator(text.charCodeAt(pos))) pos++;
    if (strict) {
      const next = (field > 6 ? 6 : field) as FenField;
      if (text.charCodeAt(separator) !== 32 || pos === n) return fail('whitespace', next, separator);
      if (pos > separator + 1) return fail('whitespace', next, separator + 1);
    }
    if (pos === n) break;
  }
  if (strict && field < 6) return fail('missing-field', field as FenField, n);
  const setup: { -readonly [K in keyof Setup]: Setup[K] } = {
    board: { geometry: STANDARD, pieces },
    turn,
    castlingRooks: rooks,
    epSquares,
    halfmoves,
    fullmoves,
  };
  if (pockets) setup.pockets = pockets;
  if (checks) setup.remainingChecks = checks;
  return ok(setup);
}

/** Reads the placement field alone (with its pocket, if any). */
export function parseBoardFen(input: string, options?: FenParseOptions): Result<BoardFen, FenError> {
  begin(input, options);
  if (n === 0) return fail('empty', 0, 0);
  if (!readBoard()) return failed();
  if (pos < n) return fail('board-char', 0, pos);
  const board: Board = { geometry: STANDARD, pieces };
  return ok(pockets ? { board, pockets } : { board });
}

/**
 * Reads a castling field against a board: `K`/`Q` name the outermost rook on that side of
 * the king, file letters name a rook's file (X-FEN, Shredder-FEN). Offsets are into `input`.
 */
export function parseCastling(board: Board, input: string, options?: FenParseOptions): Result<Square[], FenError> {
  begin(input, options);
  pieces = board.pieces;
  if (n === 0) return fail('castling', 2, 0);
  if (!readCastling()) return failed();
  return pos < n ? fail('castling', 2, pos) : ok(rooks);
}
