import type { Board, Piece, Setup, Square } from '@chess-formats/board-core';

/**
 * The one place that reads board-core's realtime piece state, which is provisional (the fenr
 * package settles its shape): when it changes, only this file changes.
 */
export interface RealtimeMarks {
  /** Milliseconds until the piece may move again. */
  readonly cooldownMs?: number;
  /** The piece is on its way to the square it is drawn on, from `from`, arriving in `remainingMs`. */
  readonly flight?: { readonly from: Square; readonly remainingMs: number };
}

/**
 * FENr's delay marker runs from 0000 to 9999 ms (fenr spec, "A piece with a delay marker"):
 * a piece that has just arrived waits ten seconds.
 */
export const FULL_COOLDOWN_MS = 10_000;

/**
 * FENr's moving piece counts the milliseconds until it arrives, and its examples put 2500 ms
 * at 2.5 squares away (fenr spec, "Moving piece"): pieces travel one square a second.
 */
export const MS_PER_SQUARE = 1000;

export function realtimeMarks(piece: Piece): RealtimeMarks | undefined {
  const state = piece.realtime;
  if (!state) return undefined;
  const marks: { cooldownMs?: number; flight?: { from: Square; remainingMs: number } } = {};
  if (typeof state.cooldownRemainingMs === 'number' && state.cooldownRemainingMs > 0) marks.cooldownMs = state.cooldownRemainingMs;
  if (state.inFlight && state.inFlight.remainingMs > 0) marks.flight = { from: state.inFlight.from, remainingMs: state.inFlight.remainingMs };
  return marks.cooldownMs === undefined && marks.flight === undefined ? undefined : marks;
}

export function hasRealtime(board: Board): boolean {
  return board.pieces.some((p) => p !== undefined && realtimeMarks(p) !== undefined);
}

/** The piece with its timers run down by `elapsedMs`; a piece that arrives starts its cooldown. */
function advancePiece(piece: Piece, elapsedMs: number): Piece {
  const state = piece.realtime;
  if (!state) return piece;
  let cooldown = state.cooldownRemainingMs;
  let inFlight = state.inFlight;
  if (inFlight) {
    const left = inFlight.remainingMs - elapsedMs;
    if (left > 0) inFlight = { from: inFlight.from, remainingMs: left };
    else {
      inFlight = undefined;
      cooldown = Math.max(0, FULL_COOLDOWN_MS + left);
    }
  } else if (cooldown !== undefined) cooldown = Math.max(0, cooldown - elapsedMs);
  const realtime = {
    ...(cooldown !== undefined && cooldown > 0 ? { cooldownRemainingMs: cooldown } : {}),
    ...(inFlight ? { inFlight } : {}),
  };
  const { realtime: _old, ...plain } = piece;
  return Object.keys(realtime).length ? { ...plain, realtime } : plain;
}

/** The setup `elapsedMs` later: flights advance, cooldowns run down (what the play button shows). */
export function advanceRealtime(setup: Setup, elapsedMs: number): Setup {
  const pieces = setup.board.pieces.map((p) => (p ? advancePiece(p, elapsedMs) : p));
  return { ...setup, board: { geometry: setup.board.geometry, pieces } };
}
