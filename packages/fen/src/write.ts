import {
  COLORS,
  ROLES,
  piece,
  type Board,
  type ByColor,
  type Piece,
  type Pocket,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import { LETTERS, PIECE_BY_CODE, sideRook } from './parse.js';

export interface FenWriteOptions {
  /**
   * `'xfen'` (default): `K`/`Q` for the outermost rook on either side of the king (so
   * standard positions read `KQkq`), the rook's file letter otherwise. `'shredder'`: file
   * letters always (`HAha`).
   */
  readonly castling?: 'xfen' | 'shredder';
  /**
   * Which en passant square to write: `'always'` (default) the setup's, as the FEN standard
   * has it; or a predicate, such as `enPassantCapturable` (only when a legal en passant
   * capture exists), that decides whether to write it.
   */
  readonly epPolicy?: 'always' | ((setup: Setup, epSquare: Square) => boolean);
}

export const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function refuse(what: unknown): never {
  throw new TypeError(`writeFen: cannot write ${what as string}`);
}

/** The FEN letter (with `~` when promoted) of every interned piece FEN can express. */
const LETTER_OF = /* @__PURE__ */ (() => {
  const map = new Map<Piece, string>();
  for (const letter of LETTERS) {
    const p = PIECE_BY_CODE[letter.charCodeAt(0)] as Piece;
    map.set(p, letter);
    map.set(piece(p.color, p.role, true), `${letter}~`);
  }
  return map;
})();

/** The placement field, with `[...]` pockets when given. */
export function writeBoardFen(board: Board, pockets?: ByColor<Pocket>): string {
  if (board.geometry.name !== 'standard') refuse(board.geometry.name);
  const squares = board.pieces;
  let out = '';
  for (let rank = 7; rank >= 0; rank--) {
    let empty = 0;
    for (let square = rank * 8; square < rank * 8 + 8; square++) {
      const p = squares[square];
      if (p === undefined) empty++;
      else {
        if (empty) out += empty;
        empty = 0;
        // A piece equal to an interned one but built elsewhere is looked up by its fields.
        out += LETTER_OF.get(p) ?? LETTER_OF.get(piece(p.color, p.role, p.promoted)) ?? refuse(p.role);
      }
    }
    if (empty) out += empty;
    if (rank) out += '/';
  }
  if (!pockets) return out;
  // Pockets: white first, each colour in role order P N B R Q K.
  let total = 0;
  out += '[';
  for (const color of COLORS) {
    ROLES.forEach((role, k) => {
      const count = pockets[color][role];
      if (count === 0) return;
      if (!(k < 6 && count > 0 && (total += count) <= 64)) refuse(role);
      out += LETTERS.charAt(color === 'white' ? k : k + 6).repeat(count);
    });
  }
  return `${out}]`;
}

/**
 * The castling field for rook squares (ascending, at most two per colour, on its back
 * rank): white first, each colour from the h-side rook to the a-side rook.
 */
export function writeCastling(
  board: Board,
  castlingRooks: readonly Square[],
  mode: 'xfen' | 'shredder' = 'xfen',
): string {
  let out = '';
  let written = 0;
  for (const color of castlingRooks.length ? COLORS : []) {
    const base = color === 'white' ? 0 : 56;
    const kingRook = mode === 'xfen' ? sideRook(board.pieces, color, 1) : -1;
    const queenRook = mode === 'xfen' ? sideRook(board.pieces, color, -1) : -1;
    for (let k = castlingRooks.length - 1, count = 0; k >= 0; k--) {
      const rook = castlingRooks[k] as number;
      // Only whole squares of this colour's back rank; the rest fail the count below.
      if ((rook & 7) + base !== rook) continue;
      if (++count > 2 || !(rook < (castlingRooks[k + 1] ?? 64))) refuse(castlingRooks);
      written++;
      // Letters as offsets from `a`/`A`: k is 10 on, q 16.
      const letter = rook === kingRook ? 10 : rook === queenRook ? 16 : rook - base;
      out += String.fromCharCode((color === 'white' ? 65 : 97) + letter);
    }
  }
  if (written !== castlingRooks.length) refuse(castlingRooks);
  return out || '-';
}

function inRange(value: number, min: number, max: number): number {
  return Number.isInteger(value) && value >= min && value <= max ? value : refuse(value);
}

/** Canonical FEN of a setup; throws `TypeError` for a setup FEN cannot express. */
export function writeFen(setup: Setup, options?: FenWriteOptions): string {
  const { board, turn, epSquares, remainingChecks } = setup;
  let out = `${writeBoardFen(board, setup.pockets)} ${turn === 'white' ? 'w' : 'b'} ${writeCastling(board, setup.castlingRooks, options?.castling)} `;
  const ep = epSquares[0];
  const policy = options?.epPolicy;
  if (ep !== undefined && (epSquares.length > 1 || ep !== (turn === 'white' ? 40 : 16) + (ep & 7))) refuse(epSquares);
  out +=
    ep === undefined || (typeof policy === 'function' && !policy(setup, ep))
      ? '-'
      : String.fromCharCode(97 + (ep & 7), 49 + (ep >> 3));
  if (remainingChecks) out += ` ${inRange(remainingChecks.white, 0, 3)}+${inRange(remainingChecks.black, 0, 3)}`;
  return `${out} ${inRange(setup.halfmoves, 0, 9999)} ${inRange(setup.fullmoves, 1, 9999)}`;
}
