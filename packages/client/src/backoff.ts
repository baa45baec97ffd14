import type { AbortSignalLike } from './connection.js';

/**
 * Reconnection delays: doubling from `baseMs`, never above `maxMs`. A login does not start the
 * schedule again; a connection that stayed up `stableMs` (default 60 s) does, so a server that
 * takes the login and drops each connection at once is not called every second.
 */
export interface BackoffOptions {
  readonly baseMs: number;
  readonly maxMs: number;
  readonly stableMs?: number;
}

/** How long a connection must last, logged in, for the next drop to wait `baseMs` again. */
export const DEFAULT_STABLE_MS = 60_000;

/** The reconnection schedule when none is given: 1 s, doubling, at most 30 s. */
export const DEFAULT_BACKOFF: BackoffOptions = Object.freeze({ baseMs: 1000, maxMs: 30_000 });

/**
 * The wait before reconnection attempt `attempt` (1 for the first): base, 2 base, 4 base, ...
 * up to the maximum. No random jitter: one client reconnecting to a public server does not
 * make a thundering herd, and a fixed schedule is what a user (and a test) can predict.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(options.maxMs, options.baseMs * 2 ** exponent);
}

/** Timers, injected so that tests run the schedule without waiting for it. */
export interface Timers {
  /** Resolves after `ms`, or at once when `signal` is aborted. */
  sleep(ms: number, signal: AbortSignalLike): Promise<void>;
  /** Calls `callback` after `ms` unless cancelled. */
  start(ms: number, callback: () => void): () => void;
  /** The time in milliseconds (default `Date.now`): how long a connection lasted. */
  now?(): number;
}

/** The timers of the host (`setTimeout`), which the clients use unless a test passes its own. */
export const realTimers: Timers = Object.freeze<Timers>({
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) {
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    }),
  start: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
});
