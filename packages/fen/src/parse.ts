import {
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
  type Role,
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

const FIELD_NAMES = ['board', 'turn', 'castling', 'en passant', 'halfmoves', 'fullmoves', 'checks'];

// What each code expected; the message adds what was found. Kept terse: messages count
// toward the bundle budget.
const EXPECTED: Record<FenErrorCode, string> = {
  empty: 'a FEN',
  whitespace: 'one space between fields',
  'board-char': 'a piece, 1-8, / or [',
  'board-digits': 'a digit 1-8, not after a digit',
  'promoted-marker': '~ after a piece',
  'rank-too-long': '8 squares in a rank',
  'rank-too-short': '8 squares in a rank',
  'rank-count': '8 ranks',
  pocket: 'pocket letters in order, then ]',
  turn: 'w or b',
  castling: 'KQkq, file letters or -',
  'castling-order': 'rights white first, h-side first, once',
  'castling-too-many': 'two rights per colour',
  'ep-square': '- or a square',
  'ep-rank': 'rank 6 (w) or 3 (b)',
  halfmoves: '0-9999',
  fullmoves: '1-9999',
  checks: 'W+B or +W+B, each 0-3',
  'missing-field': 'six fields',
  'extra-field': 'the end',
};

function fail(text: string, code: FenErrorCode, field: FenField, offset: number): FenError {
  const found = offset < text.length ? JSON.stringify(text[offset]) : 'the end';
  return { code, field, offset, message: `${FIELD_NAMES[field]}: expected ${EXPECTED[code]}, found ${found}` };
}

/** Piece letters by char code; the promoted twin comes from `promotedTwin`. */
const PIECE_BY_CODE: readonly (Piece | undefined)[] = /* @__PURE__ */ (() => {
  const table: (Piece | undefined)[] = new Array<Piece | undefined>(128).fill(undefined);
  const roles: Record<string, Role> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
  for (const letter in roles) {
    const role = roles[letter] as Role;
    table[letter.charCodeAt(0)] = piece('black', role);
    table[letter.toUpperCase().charCodeAt(0)] = piece('white', role);
  }
  return table;
})();

// Pocket order of the canonical spelling (white first, then pawn to king).
const POCKET_ROLES: readonly Role[] = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

/** Field separators. Default mode accepts runs of them; strict mode one space only. */
function isSeparator(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 95;
}

// Internal readers return the index after what they read, or -1 with the fault here, so
// the hot path allocates no result objects.
let fault: FenError | undefined;
function stop(text: string, code: FenErrorCode, field: FenField, offset: number): -1 {
  fault = fail(text, code, field, offset);
  return -1;
}

function failed(): Err<FenError> {
  return err(fault as FenError);
}

let readPieces: (Piece | undefined)[] = [];
let readPockets: ByColor<Pocket> | undefined;

/**
 * Reads the placement field from `start` up to the first separator (or the end) into
 * `readPieces`/`readPockets`.
 */
function readBoard(text: string, start: number, strict: boolean): number {
  const n = text.length;
  const pieces = new Array<Piece | undefined>(64).fill(undefined);
  readPieces = pieces;
  readPockets = undefined;
  let rank = 7;
  let file = 0;
  // 0 after '/' or at the start, 1 after a piece, 2 after a digit, 3 after '~'.
  let previous = 0;
  let i = start;
  let c = 0;
  for (; i < n; i++) {
    c = text.charCodeAt(i);
    const p = PIECE_BY_CODE[c];
    if (p !== undefined) {
      if (file > 7) return stop(text, 'rank-too-long', 0, i);
      pieces[rank * 8 + file++] = p;
      previous = 1;
    } else if (c >= 48 && c <= 57) {
      if (c === 48 || previous === 2) return stop(text, 'board-digits', 0, i);
      file += c - 48;
      if (file > 8) return stop(text, 'rank-too-long', 0, i);
      previous = 2;
    } else if (c === 47) {
      if (file < 8) return stop(text, 'rank-too-short', 0, i);
      if (rank === 0) return strict ? stop(text, 'rank-count', 0, i) : readSlashPocket(text, i);
      rank--;
      file = 0;
      previous = 0;
    } else if (c === 126) {
      if (previous !== 1) return stop(text, 'promoted-marker', 0, i);
      const square = rank * 8 + file - 1;
      const plain = pieces[square] as Piece;
      pieces[square] = piece(plain.color, plain.role, true);
      previous = 3;
    } else break;
  }
  if (i < n && c !== 91 && !isSeparator(c)) return stop(text, 'board-char', 0, i);
  if (file < 8) return stop(text, 'rank-too-short', 0, i);
  if (rank > 0) return stop(text, 'rank-count', 0, i);
  return i < n && c === 91 ? readBracketPocket(text, i, strict) : i;
}

function readPocketLetters(text: string, i: number, strict: boolean, closing: number): number {
  const n = text.length;
  const pockets = { white: emptyPocket(), black: emptyPocket() };
  readPockets = pockets;
  let count = 0;
  let lastKey = -1;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === closing || (closing < 0 && isSeparator(c))) return i;
    const p = PIECE_BY_CODE[c];
    if (p === undefined) {
      if (closing > 0 && isSeparator(c)) break;
      return -2 - i;
    }
    const key = (p.color === 'white' ? 0 : 6) + POCKET_ROLES.indexOf(p.role);
    if (++count > 64 || (strict && key < lastKey)) return -2 - i;
    lastKey = key;
    (pockets[p.color] as { -readonly [R in Role]: number })[p.role]++;
  }
  return closing > 0 ? -2 - i : i;
}

function readBracketPocket(text: string, open: number, strict: boolean): number {
  const close = readPocketLetters(text, open + 1, strict, 93);
  if (close < 0) return stop(text, 'pocket', 0, -2 - close);
  const after = close + 1;
  if (after < text.length && !isSeparator(text.charCodeAt(after))) return stop(text, 'pocket', 0, after);
  return after;
}

/** The lichess form: a ninth `/` segment of piece letters is the pocket. */
function readSlashPocket(text: string, slash: number): number {
  const end = readPocketLetters(text, slash + 1, false, -1);
  return end < 0 ? stop(text, 'rank-count', 0, slash) : end;
}

const FILE_SIDE_KING = 1;
const FILE_SIDE_QUEEN = -1;

/**
 * The rook that `K` (side 1) or `Q` (side -1) names: the outermost rook of the colour on its
 * back rank on that side of its king, or the corner square when there is none.
 */
export function sideRook(pieces: readonly (Piece | undefined)[], color: Color, side: number): Square {
  const base = color === 'white' ? 0 : 56;
  const corner = side > 0 ? base + 7 : base;
  for (let square = corner; square >= base && square < base + 8; square -= side) {
    const p = pieces[square];
    if (p !== undefined && p.color === color) {
      if (p.role === 'king') break;
      if (p.role === 'rook') return square;
    }
  }
  return corner;
}

let readRooks: Square[] = [];

/** Reads a castling field from `start` to the first separator into `readRooks`. */
function readCastling(
  pieces: readonly (Piece | undefined)[],
  text: string,
  start: number,
  strict: boolean,
): number {
  const n = text.length;
  const rooks: Square[] = [];
  readRooks = rooks;
  let c = text.charCodeAt(start);
  if (c === 45 || (c === 8211 && !strict)) {
    const next = start + 1;
    if (next < n && !isSeparator(text.charCodeAt(next))) return stop(text, 'castling', 2, next);
    return next;
  }
  let lastKey = -1;
  let i = start;
  for (; i < n; i++) {
    c = text.charCodeAt(i);
    if (isSeparator(c)) break;
    const lower = c | 32;
    const color: Color = c === lower ? 'black' : 'white';
    let square: Square;
    if (lower === 107) square = sideRook(pieces, color, FILE_SIDE_KING);
    else if (lower === 113) square = sideRook(pieces, color, FILE_SIDE_QUEEN);
    else if (lower >= 97 && lower <= 104) square = (color === 'white' ? 0 : 56) + lower - 97;
    else return stop(text, 'castling', 2, i);
    const key = (color === 'white' ? 0 : 8) + 7 - (square & 7);
    if (strict && key <= lastKey) return stop(text, 'castling-order', 2, i);
    lastKey = key;
    // Ascending insertion; a repeated right is a set member already.
    let at = rooks.length;
    while (at > 0 && (rooks[at - 1] as number) > square) at--;
    if (rooks[at - 1] === square) continue;
    let sameColor = 0;
    for (const rook of rooks) if (rook >> 3 === square >> 3) sameColor++;
    if (sameColor > 1) return stop(text, 'castling-too-many', 2, i);
    rooks.splice(at, 0, square);
  }
  return i;
}

/** Index of the next field's first character, or -1 with a `whitespace` fault (strict). */
function nextField(text: string, i: number, strict: boolean, field: FenField): number {
  const n = text.length;
  let j = i;
  while (j < n && isSeparator(text.charCodeAt(j))) j++;
  if (strict) {
    if (text.charCodeAt(i) !== 32 || j === n) return stop(text, 'whitespace', field, i);
    if (j > i + 1) return stop(text, 'whitespace', field, i + 1);
  }
  return j;
}

/** Reads a counter of at most 9999; -1 with the fault otherwise. */
function readCounter(text: string, start: number, strict: boolean, field: 4 | 5): number {
  const n = text.length;
  let value = 0;
  let i = start;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (isSeparator(c)) break;
    if (c < 48 || c > 57) return stop(text, field === 4 ? 'halfmoves' : 'fullmoves', field, i);
    value = value * 10 + c - 48;
    if (value > 9999) return stop(text, field === 4 ? 'halfmoves' : 'fullmoves', field, i);
  }
  if (strict && text.charCodeAt(start) === 48 && (i > start + 1 || field === 5)) {
    return stop(text, field === 4 ? 'halfmoves' : 'fullmoves', field, start);
  }
  counterValue = value;
  return i;
}
let counterValue = 0;

let checksWhite = 0;
let checksBlack = 0;
/**
 * Reads three-check counters `W+B` (remaining, `given` false) or `+W+B` (given), each 0-3.
 */
function readChecks(text: string, start: number, given: boolean): number {
  const n = text.length;
  let i = start;
  if (given) i++;
  const w = text.charCodeAt(i) - 48;
  if (!(w >= 0 && w <= 3)) return stop(text, 'checks', 6, i);
  if (text.charCodeAt(++i) !== 43) return stop(text, 'checks', 6, i);
  const b = text.charCodeAt(++i) - 48;
  if (!(b >= 0 && b <= 3)) return stop(text, 'checks', 6, i);
  if (++i < n && !isSeparator(text.charCodeAt(i))) return stop(text, 'checks', 6, i);
  checksWhite = given ? 3 - w : w;
  checksBlack = given ? 3 - b : b;
  return i;
}

/**
 * Reads a FEN (also X-FEN and Shredder-FEN castling, crazyhouse pockets and `~`, three-check
 * counters). Never throws; reports the first fault from the left.
 */
export function parseFen(text: string, options?: FenParseOptions): Result<Setup, FenError> {
  const strict = options?.strict === true;
  const n = text.length;
  fault = undefined;
  let i = 0;
  while (i < n && isSeparator(text.charCodeAt(i))) i++;
  if (i === n) return err(fail(text, 'empty', 0, 0));
  if (strict && i > 0) return err(fail(text, 'whitespace', 0, 0));
  i = readBoard(text, i, strict);
  if (i < 0) return failed();
  const pieces = readPieces;
  const pockets = readPockets;
  let turn: Color = 'white';
  let castlingRooks: Square[] = [];
  const epSquares: Square[] = [];
  let halfmoves = 0;
  let fullmoves = 1;
  let checks = false;
  let field: FenField = 1;
  parse: if (i < n) {
    i = nextField(text, i, strict, 1);
    if (i < 0) return failed();
    if (i === n) break parse;
    // Turn
    const t = text.charCodeAt(i);
    if (t === 98) turn = 'black';
    else if (t !== 119) return err(fail(text, 'turn', 1, i));
    i++;
    if (i < n && !isSeparator(text.charCodeAt(i))) return err(fail(text, 'turn', 1, i));
    field = 2;
    if (i === n || (i = nextField(text, i, strict, 2)) === n) break parse;
    if (i < 0) return failed();
    // Castling
    i = readCastling(pieces, text, i, strict);
    if (i < 0) return failed();
    castlingRooks = readRooks;
    field = 3;
    if (i === n || (i = nextField(text, i, strict, 3)) === n) break parse;
    if (i < 0) return failed();
    // En passant
    const e = text.charCodeAt(i);
    if (e === 45 || (e === 8211 && !strict)) i++;
    else {
      if (e < 97 || e > 104) return err(fail(text, 'ep-square', 3, i));
      const r = text.charCodeAt(i + 1);
      if (!(r >= 49 && r <= 56)) return err(fail(text, 'ep-square', 3, i + 1));
      if (r !== (turn === 'white' ? 54 : 51)) return err(fail(text, 'ep-rank', 3, i + 1));
      epSquares.push((r - 49) * 8 + e - 97);
      i += 2;
    }
    if (i < n && !isSeparator(text.charCodeAt(i))) return err(fail(text, 'ep-square', 3, i));
    field = 4;
    if (i === n || (i = nextField(text, i, strict, 4)) === n) break parse;
    if (i < 0) return failed();
    // Three-check counters in the fifth field (X-FEN style: remaining checks)
    let plus = i;
    while (plus < n && !isSeparator(text.charCodeAt(plus)) && text.charCodeAt(plus) !== 43) plus++;
    if (plus < n && text.charCodeAt(plus) === 43) {
      i = readChecks(text, i, false);
      if (i < 0) return failed();
      checks = true;
      if (i === n || (i = nextField(text, i, strict, 4)) === n) break parse;
      if (i < 0) return failed();
    }
    i = readCounter(text, i, strict, 4);
    if (i < 0) return failed();
    halfmoves = counterValue;
    field = 5;
    if (i === n || (i = nextField(text, i, strict, 5)) === n) break parse;
    if (i < 0) return failed();
    i = readCounter(text, i, strict, 5);
    if (i < 0) return failed();
    fullmoves = counterValue || 1;
    field = 6;
    if (i === n || (i = nextField(text, i, strict, 6)) === n) break parse;
    if (i < 0) return failed();
    // Three-check counters in a seventh field (lichess style: checks given)
    if (text.charCodeAt(i) !== 43) return err(fail(text, 'extra-field', 6, i));
    if (checks || strict) return err(fail(text, 'checks', 6, i));
    i = readChecks(text, i, true);
    if (i < 0) return failed();
    checks = true;
    if (i === n || (i = nextField(text, i, strict, 6)) === n) break parse;
    if (i < 0) return failed();
    return err(fail(text, 'extra-field', 6, i));
  }
  if (strict && field < 6) return err(fail(text, 'missing-field', field, n));
  const setup: { -readonly [K in keyof Setup]: Setup[K] } = {
    board: { geometry: STANDARD, pieces },
    turn,
    castlingRooks,
    epSquares,
    halfmoves,
    fullmoves,
  };
  if (pockets) setup.pockets = pockets;
  if (checks) setup.remainingChecks = { white: checksWhite, black: checksBlack };
  return ok(setup);
}

/** Reads the placement field alone (with its pocket, if any). */
export function parseBoardFen(text: string, options?: FenParseOptions): Result<BoardFen, FenError> {
  const strict = options?.strict === true;
  if (text.length === 0) return err(fail(text, 'empty', 0, 0));
  const end = readBoard(text, 0, strict);
  if (end < 0) return failed();
  if (end < text.length) return err(fail(text, 'board-char', 0, end));
  const board: Board = { geometry: STANDARD, pieces: readPieces };
  return ok(readPockets ? { board, pockets: readPockets } : { board });
}

/**
 * Reads a castling field against a board: `K`/`Q` name the outermost rook on that side of
 * the king, file letters name a rook's file (X-FEN, Shredder-FEN). Offsets are into `text`.
 */
export function parseCastling(board: Board, text: string, options?: FenParseOptions): Result<Square[], FenError> {
  if (text.length === 0) return err(fail(text, 'castling', 2, 0));
  const end = readCastling(board.pieces, text, 0, options?.strict === true);
  if (end < 0) return failed();
  if (end < text.length) return err(fail(text, 'castling', 2, end));
  return ok(readRooks);
}
