import type { Square } from '../geometry.js';
import { piece, type Piece } from '../piece.js';
import { ROLES, type Color, type Role } from '../vocabulary.js';
import { NON_ASCII } from './codes.js';

/*
 * The board side of the readers' skeleton: the piece of each letter, the empty board a parse
 * fills, and the rook a castling letter or flag names.
 */

/**
 * The piece of each letter of `letters`, by char code (ASCII only): White's letters, then
 * Black's, each half in the order of board-core's `ROLES` (`PNBRQKpnbrqk` for chess,
 * `PNBRQKCWFpnbrqkcwf` for Omega Chess). The pieces are board-core's shared ones, so a board
 * read with the table can be searched by identity.
 */
export function piecesByCode(letters: string): readonly (Piece | undefined)[] {
  const half = letters.length / 2;
  const table = emptySquares(NON_ASCII) as (Piece | undefined)[];
  for (let k = 0; k < letters.length; k++)
    table[letters.charCodeAt(k)] = piece(k < half ? 'white' : 'black', ROLES[k % half] as Role);
  return table;
}

/**
 * `size` empty squares, as a dense array (every index present, so that the engine keeps it a
 * plain array of elements). A parse copies one made once (`EMPTY.slice()`): a copy is cheaper
 * than a new array filled.
 */
export function emptySquares(size: number): undefined[] {
  // A spread of a sparse array is a dense array of undefined.
  return [...Array<undefined>(size)];
}

/**
 * The outermost rook of `color` on one side of its king, the rook that `K`/`Q` castling letters
 * and castling flags name: the first square from `corner` that holds a rook of `color`, stepping
 * `step` for at most `count` squares, unless a king of `color` comes first; -1 when there is none.
 */
export function outermostRook(
  pieces: readonly (Piece | undefined)[],
  color: Color,
  corner: Square,
  step: number,
  count: number,
): Square {
  for (let k = 0, square = corner; k < count; k++, square += step) {
    const p = pieces[square];
    if (p !== undefined && p.color === color) {
      if (p.role === 'king') break;
      if (p.role === 'rook') return square;
    }
  }
  return -1;
}
