import type { Square } from './geometry.js';
import type { Role } from './vocabulary.js';

/** A piece goes from one square to another, capturing what stands there; a pawn may promote. */
export interface NormalMove {
  /** Tells the kinds of move apart. */
  readonly kind: 'normal';
  /** The square the piece leaves. */
  readonly from: Square;
  /** The square it goes to, capturing what stands there. */
  readonly to: Square;
  /** What a pawn reaching the last rank becomes; absent for any other move. */
  readonly promotion?: Role;
}

/** A pawn captures a pawn that has just passed `to`; the captured pawn stands on `captured`. */
export interface EnPassantMove {
  /** Tells the kinds of move apart. */
  readonly kind: 'enPassant';
  /** The square the capturing pawn leaves. */
  readonly from: Square;
  /** The square the capturing pawn goes to (empty before the move). */
  readonly to: Square;
  /** The square of the pawn captured. */
  readonly captured: Square;
}

/**
 * The king castles with the rook on `rook`. `from`/`to` are the king's squares and `rookTo`
 * the rook's destination; the rook square makes Chess960 castling unambiguous.
 */
export interface CastleMove {
  /** Tells the kinds of move apart. */
  readonly kind: 'castle';
  /** The king's square before castling. */
  readonly from: Square;
  /** The king's square after castling. */
  readonly to: Square;
  /** The square of the rook castled with, before the move. */
  readonly rook: Square;
  /** The rook's square after castling. */
  readonly rookTo: Square;
}

/** A piece from the pocket is put on an empty square (crazyhouse, bughouse). */
export interface DropMove {
  /** Tells the kinds of move apart. */
  readonly kind: 'drop';
  /** The role of the piece taken from the mover's pocket. */
  readonly role: Role;
  /** The empty square it is put on. */
  readonly to: Square;
}

/**
 * A move, told apart by `kind`: a normal move (with promotion), an en passant capture, castling, or
 * a drop from the pocket.
 */
export type Move = NormalMove | EnPassantMove | CastleMove | DropMove;
