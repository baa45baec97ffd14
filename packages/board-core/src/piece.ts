import type { Square } from './geometry.js';
import { COLORS, ROLES, ROLE_LETTERS, type Color, type Role } from './vocabulary.js';

/**
 * Realtime chess state of a piece (FENr; see realtime.ts), in absolute times on the game clock
 * (milliseconds since the start), so that time passing changes the clock and no piece:
 * - `cooldown`: the piece arrived at `arrivedAtMs` and may move again from `arrivedAtMs` plus
 *   the setup's cooldown;
 * - `flight`: the piece left `from` for the square it stands on and arrives at `arrivesAtMs`
 *   (it stands nowhere until then; its origin is not reserved), over the piece it flies at
 *   (`under`), if any.
 * A piece without `realtime` stands still and may move.
 */
export type RealtimeState =
  | { readonly kind: 'cooldown'; readonly arrivedAtMs: number }
  | {
      readonly kind: 'flight';
      readonly from: Square;
      readonly arrivesAtMs: number;
      /**
       * The piece already on the square this one flies to (standing there, or flying there and
       * arriving later): a capture in flight, which the realtime rules (`advance`) resolve.
       * FENr writes only the flight; absent for a flight to a free square.
       */
      readonly under?: Piece;
    };

/**
 * A piece: its colour, its role and whether it is a promoted pawn. Plain pieces are frozen and
 * shared, so compare them with `samePiece`, not by identity.
 */
export interface Piece {
  /** The side the piece belongs to. */
  readonly color: Color;
  /** What kind of piece it is. */
  readonly role: Role;
  /** A promoted pawn (crazyhouse and bughouse return it to the pocket as a pawn). */
  readonly promoted: boolean;
  /** Realtime chess only: cooling down or in flight. Such pieces are objects of their own; plain pieces are shared. */
  readonly realtime?: RealtimeState;
}

/** Every plain piece exists once, so that parsers allocate nothing per piece; by role, then colour, then promoted. */
const PIECES: readonly Piece[] = /* @__PURE__ */ ROLES.flatMap((role) =>
  COLORS.flatMap((color) => [false, true].map((promoted): Piece => Object.freeze({ color, role, promoted }))),
);

function pieceIndex(color: Color, role: Role, promoted: boolean): number {
  return ROLES.indexOf(role) * 4 + (color === 'white' ? 0 : 2) + (promoted ? 1 : 0);
}

/** The (shared, frozen) piece of this colour and role. */
export function piece(color: Color, role: Role, promoted = false): Piece {
  return PIECES[pieceIndex(color, role, promoted)] as Piece;
}

/** The FEN letter of a piece: upper case for White. */
export function pieceLetter(p: Piece): string {
  const letter = ROLE_LETTERS[p.role];
  return p.color === 'white' ? letter.toUpperCase() : letter;
}

/**
 * Whether two pieces (or empty squares) are the same: colour, role and promoted alike. Realtime
 * states are not compared.
 */
export function samePiece(a: Piece | undefined, b: Piece | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return a.color === b.color && a.role === b.role && a.promoted === b.promoted;
}
