import { standardBoard, type Board } from './board.js';
import type { Square } from './geometry.js';
import type { OmegaAdvancedState } from './omega-advanced.js';
import type { VariantKey } from './variants/lookup.js';
import { ROLES, type ByColor, type ByRole, type Color, type Role } from './vocabulary.js';

/** How many pieces of each role a side holds in hand (crazyhouse, bughouse). */
export type Pocket = ByRole<number>;

/**
 * The largest value of a move counter (`halfmoves`, `fullmoves`): the largest safe integer.
 * One range for every reader and writer of the repository: a game can run past any smaller
 * limit (a server's move number 10000, a PGN of 20,000 plies), and a safe integer stays
 * exact through JSON. `play` stops counting here rather than lose precision.
 */
export const MAX_COUNTER: number = Number.MAX_SAFE_INTEGER;

/** A counter one higher, but never above `MAX_COUNTER`, however long a game (or a hostile setup) goes on. */
export function incremented(counter: number): number {
  return counter < MAX_COUNTER ? counter + 1 : counter;
}

/**
 * A position as a format writes it down: not necessarily legal. Parsers produce it; the
 * rules check it separately, so a study or a setup in progress can be held as it is.
 */
export interface Setup {
  /** The placement of the pieces. */
  readonly board: Board;
  /** The side to move. */
  readonly turn: Color;
  /** Castling rights, stored by the square of the rook that may castle (so Chess960 works); ascending. */
  readonly castlingRooks: readonly Square[];
  /** En passant target squares, ascending: none, one, or two after Omega's triple step. */
  readonly epSquares: readonly Square[];
  /** Half-moves since the last capture or pawn move: 0 to `MAX_COUNTER`. */
  readonly halfmoves: number;
  /** The number of the full move, starting at 1 and incremented after Black moves: 1 to `MAX_COUNTER`. */
  readonly fullmoves: number;
  /** The clock of a realtime chess game (FENr): present exactly when the position has one. */
  readonly realtime?: RealtimeClock;
  /** Pieces in hand, when the position has pockets (absent otherwise; present and empty is `[]` in FEN). */
  readonly pockets?: ByColor<Pocket>;
  /** Checks each side still has to give to win (three-check), when the position counts them. */
  readonly remainingChecks?: ByColor<number>;
  /**
   * The variant whose rules play this position (a key of `VARIANTS`). When absent, as FEN,
   * OCPN and the other notations leave it, the variant is the one the setup shows: Omega chess
   * on the Omega board, crazyhouse with pockets, three-check with check counters, else chess
   * (`variantOf`). Needed only by a variant nothing in the position shows (king of the hill).
   */
  readonly variant?: VariantKey;
  /**
   * Guarding rights, fools in hand and the last piece each player moved, for a position of
   * Omega Chess Advanced (OCPN's fields 3, 5 and 6); absent for every other position.
   */
  readonly omegaAdvanced?: OmegaAdvancedState;
}

/**
 * The clock of a realtime chess game, in milliseconds. Pieces hold their cooldowns and flights
 * in absolute times on this clock (`Piece.realtime`).
 */
export interface RealtimeClock {
  /** Time since the game started: "now" for the pieces' states. */
  readonly clockMs: number;
  /** Time since the last capture (realtime chess is drawn after 5 minutes without one). */
  readonly sinceCaptureMs: number;
  /** How long a piece waits after arriving before it may move again (10,000 in FENr). */
  readonly cooldownMs: number;
}

/** A pocket holding nothing, with a count of zero for every role. */
export function emptyPocket(): Pocket {
  // Built from ROLES so that a pocket can never miss a role.
  return Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>;
}

/** The standard starting position. */
export function standardSetup(): Setup {
  return {
    board: standardBoard(),
    turn: 'white',
    castlingRooks: [0, 7, 56, 63],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
  };
}
