import type { Square } from './geometry.js';
import type { Role } from './vocabulary.js';

/** A piece goes from one square to another, capturing what stands there; a pawn may promote. */
export interface NormalMove {
  readonly kind: 'normal';
  readonly from: Square;
  readonly to: Square;
  readonly promotion?: Role;
}

/** A pawn captures a pawn that has just passed `to`; the captured pawn stands on `captured`. */
export interface EnPassantMove {
  readonly kind: 'enPassant';
  readonly from: Square;
  readonly to: Square;
  readonly captured: Square;
}

/**
 * The king castles with the rook on `rook`. `from`/`to` are the king's squares and `rookTo`
 * the rook's destination; the rook square makes Chess960 castling unambiguous.
 */
export interface CastleMove {
  readonly kind: 'castle';
  readonly from: Square;
  readonly to: Square;
  readonly rook: Square;
  readonly rookTo: Square;
}

/** A piece from the pocket is put on an empty square (crazyhouse, bughouse). */
export interface DropMove {
  readonly kind: 'drop';
  readonly role: Role;
  readonly to: Square;
}

/**
 * A move, told apart by `kind`: a normal move (with promotion), an en passant capture, castling, or
 * a drop from the pocket.
 */
export type Move = NormalMove | EnPassantMove | CastleMove | DropMove;
