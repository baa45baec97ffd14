import { STANDARD, type Geometry, type Square } from './geometry.js';
import { emptySquares } from './internal/pieces.js';
import { piece, type Piece } from './piece.js';
import type { Role } from './vocabulary.js';

/** Piece placement: one entry per grid cell of the geometry, undefined where empty or a hole. */
export interface Board {
  /** The geometry the board is laid out on; `pieces` has one entry per cell of its grid. */
  readonly geometry: Geometry;
  /** The piece on each cell, indexed by `Square`. */
  readonly pieces: readonly (Piece | undefined)[];
}

/** A board of the geometry (standard by default) with no pieces. */
export function emptyBoard(geometry: Geometry = STANDARD): Board {
  return { geometry, pieces: emptySquares(geometry.width * geometry.height) };
}

const BACK_RANK: readonly Role[] = ['rook', 'knight', 'bishop', 'queen', 'king', 'bishop', 'knight', 'rook'];

/** The standard starting placement. */
export function standardBoard(): Board {
  const pieces: (Piece | undefined)[] = emptySquares(64);
  for (let x = 0; x < 8; x++) {
    const role = BACK_RANK[x] as Role;
    pieces[x] = piece('white', role);
    pieces[8 + x] = piece('white', 'pawn');
    pieces[48 + x] = piece('black', 'pawn');
    pieces[56 + x] = piece('black', role);
  }
  return { geometry: STANDARD, pieces };
}

/** The piece on a square, or undefined when it is empty or not a square of the geometry. */
export function pieceAt(board: Board, square: Square): Piece | undefined {
  return board.pieces[square];
}

/** A new board with `square` set to `p` (or emptied); the given board is not changed. */
export function withPiece(board: Board, square: Square, p: Piece | undefined): Board {
  const pieces = board.pieces.slice();
  pieces[square] = p;
  return { geometry: board.geometry, pieces };
}

/** Every occupied square with its piece, in square order. */
export function occupiedSquares(board: Board): [Square, Piece][] {
  const out: [Square, Piece][] = [];
  board.pieces.forEach((p, square) => {
    if (p) out.push([square, p]);
  });
  return out;
}
