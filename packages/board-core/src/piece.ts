import type { Square } from './geometry.js';
import { COLORS, ROLES, ROLE_LETTERS, type Color, type Role } from './vocabulary.js';

/**
 * Realtime chess state of a piece (FENr). Provisional: the fenr package settles its shape.
 * Times are milliseconds.
 */
export interface RealtimeState {
  /** The piece arrived and may move again once this much more time has passed. */
  readonly cooldownRemainingMs?: number;
  /** The piece is travelling from `from` to the square it stands on and arrives in `remainingMs`. */
  readonly inFlight?: { readonly from: Square; readonly remainingMs: number };
}

export interface Piece {
  readonly color: Color;
  readonly role: Role;
  /** A promoted pawn (crazyhouse and bughouse return it to the pocket as a pawn). */
  readonly promoted: boolean;
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

export function samePiece(a: Piece | undefined, b: Piece | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return a.color === b.color && a.role === b.role && a.promoted === b.promoted;
}
