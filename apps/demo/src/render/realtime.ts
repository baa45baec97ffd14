import { FENR_COOLDOWN_MS, statusAt, type Setup, type Square } from '@chess-formats/board-core';

/**
 * What the renderer draws for a realtime piece (FENr), read through board-core's realtime
 * model (`statusAt`): the position's clock says what every piece is doing now.
 */
export interface RealtimeMarks {
  /** Milliseconds until the piece may move again. */
  readonly cooldownMs?: number;
  /** The piece is on its way to the square it is drawn on, from `from`, arriving in `remainingMs`. */
  readonly flight?: { readonly from: Square; readonly remainingMs: number };
}

/**
 * FENr's moving piece counts the milliseconds until it arrives, and its examples put 2500 ms
 * at 2.5 squares away (fenr spec, "Moving piece"): pieces are drawn travelling one square a
 * second. Only the drawing uses this; the model keeps arrival times.
 */
export const MS_PER_SQUARE = 1000;

/** How long a piece of this position cools down after arriving (FENr: 10,000 ms). */
export function cooldownLength(setup: Setup): number {
  return setup.realtime?.cooldownMs ?? FENR_COOLDOWN_MS;
}

/** The marks of the piece on `square` at the position's clock, or undefined for a piece that is ready. */
export function realtimeMarks(setup: Setup, square: Square): RealtimeMarks | undefined {
  if (setup.board.pieces[square]?.realtime === undefined) return undefined;
  const status = statusAt(setup, square);
  if (status?.kind === 'flight') return { flight: { from: status.from, remainingMs: status.remainingMs } };
  if (status?.kind === 'cooldown') return { cooldownMs: status.remainingMs };
  return undefined;
}

/** Whether any piece is still in flight or cooling down at the position's clock. */
export function hasRealtime(setup: Setup): boolean {
  return setup.board.pieces.some(
    (p, square) => p?.realtime !== undefined && realtimeMarks(setup, square) !== undefined,
  );
}
