import type { Board } from './board.js';
import type { Square } from './geometry.js';
import { piece, type Piece, type RealtimeState } from './piece.js';
import type { RealtimeClock, Setup } from './setup.js';

/**
 * Realtime chess (Kung-Fu Chess, FENr): both sides move at any time; a piece travels for a
 * while, then cools down before it may move again. A setup holds the game clock
 * (`Setup.realtime`) and each piece its state in absolute times on that clock
 * (`Piece.realtime`), so the questions below are answered from the stored times alone.
 *
 * The timeline of a piece is half-open: in flight while `t < arrivesAtMs`; cooling down while
 * `arrivedAt <= t < arrivedAt + cooldownMs` (a piece that flew arrived at its `arrivesAtMs`);
 * ready from then on. A time `t` is milliseconds since the game started, an integer no
 * earlier than the setup's clock (the setup does not know its past).
 */

/** The cooldown of FENr: its delay markers count up to 10,000 ms. */
export const FENR_COOLDOWN_MS = 10_000;

/** A realtime chess clock at the start of a game: nothing has happened yet. */
export function startClock(cooldownMs: number = FENR_COOLDOWN_MS): RealtimeClock {
  return { clockMs: 0, sinceCaptureMs: 0, cooldownMs };
}

/**
 * A piece with a realtime state, or the shared plain piece for `undefined`. A realtime piece is
 * an object of its own, read-only by type; it is not frozen, as the shared plain pieces are,
 * since no other setup holds it (and freezing would cost a parser more than the rest of the
 * marker).
 */
export function withRealtime(p: Piece, state: RealtimeState | undefined): Piece {
  return state === undefined
    ? piece(p.color, p.role, p.promoted)
    : { color: p.color, role: p.role, promoted: p.promoted, realtime: state };
}

/** What a piece is doing at a moment. */
export type PieceStatus =
  | { readonly kind: 'ready' }
  | { readonly kind: 'cooldown'; readonly arrivedAtMs: number; readonly remainingMs: number }
  | { readonly kind: 'flight'; readonly from: Square; readonly arrivesAtMs: number; readonly remainingMs: number };

const READY: PieceStatus = /* @__PURE__ */ Object.freeze({ kind: 'ready' });

function clockOf(setup: Setup): RealtimeClock {
  return setup.realtime ?? startClock();
}

/** `t`, checked: an integer no earlier than the setup's clock (the clock when absent). */
function momentOf(setup: Setup, t: number | undefined): number {
  const now = clockOf(setup).clockMs;
  if (t === undefined) return now;
  if (!Number.isSafeInteger(t) || t < now) throw new RangeError(`expected an integer time from ${now} ms, got ${t}`);
  return t;
}

/** The status of a piece at `t`, given the cooldown length. */
export function pieceStatus(p: Piece, t: number, cooldownMs: number): PieceStatus {
  const state = p.realtime;
  if (state === undefined) return READY;
  let arrivedAtMs: number;
  if (state.kind === 'flight') {
    if (t < state.arrivesAtMs)
      return { kind: 'flight', from: state.from, arrivesAtMs: state.arrivesAtMs, remainingMs: state.arrivesAtMs - t };
    arrivedAtMs = state.arrivesAtMs;
  } else arrivedAtMs = state.arrivedAtMs;
  const remainingMs = arrivedAtMs + cooldownMs - t;
  return remainingMs > 0 ? { kind: 'cooldown', arrivedAtMs, remainingMs } : READY;
}

/** What the piece on `square` is doing at `t` (default: the setup's clock); undefined for an empty square. */
export function statusAt(setup: Setup, square: Square, t?: number): PieceStatus | undefined {
  const p = setup.board.pieces[square];
  return p && pieceStatus(p, momentOf(setup, t), clockOf(setup).cooldownMs);
}

/**
 * The board as it stands at `t` (default: the setup's clock): every piece that is on its
 * square, as a plain piece (so diagrams, attacks and move generation work as for any board);
 * pieces still in flight are on no square (see `flightsAt`).
 */
export function boardAt(setup: Setup, t?: number): Board {
  const moment = momentOf(setup, t);
  const pieces = setup.board.pieces.map((top) => {
    // Below a flight there may be the piece it flies at (`under`): the first one that stands.
    let p = top;
    while (p !== undefined && p.realtime?.kind === 'flight' && moment < p.realtime.arrivesAtMs) p = p.realtime.under;
    return p === undefined ? p : withRealtime(p, undefined);
  });
  return { geometry: setup.board.geometry, pieces };
}

/** A piece under way at some moment. */
export interface Flight {
  /** The piece, plain. */
  readonly piece: Piece;
  /** The square it left. */
  readonly from: Square;
  /** The square it is flying to. */
  readonly to: Square;
  /** When it lands, in milliseconds on the game clock. */
  readonly arrivesAtMs: number;
  /** Milliseconds from the moment asked about until it lands. */
  readonly remainingMs: number;
}

/** The pieces still in flight at `t` (default: the setup's clock), by destination square. */
export function flightsAt(setup: Setup, t?: number): Flight[] {
  const moment = momentOf(setup, t);
  const flights: Flight[] = [];
  setup.board.pieces.forEach((top, to) => {
    for (let p = top; p !== undefined; ) {
      const state = p.realtime;
      if (state?.kind !== 'flight') break;
      if (moment < state.arrivesAtMs) {
        flights.push({
          piece: withRealtime(p, undefined),
          from: state.from,
          to,
          arrivesAtMs: state.arrivesAtMs,
          remainingMs: state.arrivesAtMs - moment,
        });
      }
      p = state.under;
    }
  });
  return flights;
}

/** The squares of the pieces (of both colours: realtime chess has no turns) that may move at `t`, ascending. */
export function movableAt(setup: Setup, t?: number): Square[] {
  const moment = momentOf(setup, t);
  const { cooldownMs } = clockOf(setup);
  const squares: Square[] = [];
  setup.board.pieces.forEach((top, square) => {
    // A piece a flight is on its way to (`under`) still stands on its square.
    for (let p = top; p !== undefined; p = p.realtime?.kind === 'flight' ? p.realtime.under : undefined) {
      if (pieceStatus(p, moment, cooldownMs).kind === 'ready') {
        squares.push(square);
        break;
      }
    }
  });
  return squares;
}

/**
 * The setup `ms` milliseconds later: the clock and the time since the last capture move on,
 * pieces that have arrived cool down from their arrival, and pieces whose cooldown is over
 * become plain (shared) pieces again; every other piece is kept as it is. Only time passes:
 * no move starts, and nothing is captured (collisions are the game's business). A setup
 * without a clock starts from `startClock()`. Throws a `RangeError` for `ms` that is not a
 * non-negative integer, or that would take the clock or the time since the last capture past
 * `Number.MAX_SAFE_INTEGER` (every later time on that clock would be refused, or inexact).
 */
export function advanceRealtime(setup: Setup, ms: number): Setup {
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new RangeError(`expected a non-negative integer of milliseconds, got ${ms}`);
  const clock = clockOf(setup);
  const now = clock.clockMs + ms;
  if (!Number.isSafeInteger(now) || !Number.isSafeInteger(clock.sinceCaptureMs + ms)) {
    throw new RangeError(
      `expected at most ${Number.MAX_SAFE_INTEGER - Math.max(clock.clockMs, clock.sinceCaptureMs)} ms, got ${ms}`,
    );
  }
  const pieces = setup.board.pieces.map((p) => {
    if (p?.realtime === undefined) return p;
    const status = pieceStatus(p, now, clock.cooldownMs);
    if (status.kind === 'ready') return withRealtime(p, undefined);
    if (status.kind === 'cooldown' && p.realtime.kind === 'flight')
      return withRealtime(p, { kind: 'cooldown', arrivedAtMs: status.arrivedAtMs });
    return p;
  });
  return {
    ...setup,
    board: { geometry: setup.board.geometry, pieces },
    realtime: { clockMs: now, sinceCaptureMs: clock.sinceCaptureMs + ms, cooldownMs: clock.cooldownMs },
  };
}
