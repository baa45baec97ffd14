import { backoffDelay, DEFAULT_BACKOFF, DEFAULT_STABLE_MS, realTimers, type Timers } from './backoff.js';
import type { ClientError, ClientOptions, ClientStop, ConnectionEvent } from './client.js';
import type { AbortSignalLike, Connection } from './connection.js';
import { clientError, positiveInteger } from './shared.js';

/**
 * The life of a client, the same on both servers: connect, let the server's protocol log in and
 * run the session, and after a drop wait (backoff) and connect again, until `close()`, the
 * signal, a fault another try cannot mend (`failed`), or more failures in a row than `retries`
 * allows (`gave-up`). A login starts the count of failures again; a connection that lasted
 * (`BackoffOptions.stableMs`) starts the backoff's schedule again. Each client gives only its
 * session: what it does with one open connection.
 */

/** How one session ended. */
export type SessionEnd =
  /** `close()` or the signal. */
  | { readonly kind: 'closed' }
  /** The connection failed or ended; `retry` false for a fault another try cannot mend. */
  | { readonly kind: 'ended'; readonly error: ClientError; readonly retry: boolean; readonly loggedIn: boolean };

/** The options both clients read the same way, with their defaults. */
export interface LifecycleSettings {
  readonly timers: Timers;
  readonly retries: number;
  readonly loginTimeoutMs: number;
  readonly commandTimeoutMs: number;
}

const DEFAULT_RETRIES = 5;
const DEFAULT_TIMEOUT_MS = 30_000;

/** Reads the shared options: whole numbers (`retries` from 0, the times from 1), else the defaults. */
export function lifecycleSettings(options: Partial<ClientOptions<never>>): LifecycleSettings {
  return {
    timers: options.timers ?? realTimers,
    retries: positiveInteger(options.retries, DEFAULT_RETRIES, 0),
    loginTimeoutMs: positiveInteger(options.loginTimeoutMs, DEFAULT_TIMEOUT_MS),
    commandTimeoutMs: positiveInteger(options.commandTimeoutMs, DEFAULT_TIMEOUT_MS),
  };
}

/** The end of a login that did not finish in time. */
export function loginTimedOut(loginTimeoutMs: number): SessionEnd {
  return {
    kind: 'ended',
    error: clientError('login-timeout', `no login within ${String(loginTimeoutMs / 1000)} s`),
    retry: true,
    loggedIn: false,
  };
}

/** What a client gives the lifecycle. */
export interface LifecycleConfig {
  readonly options: Partial<ClientOptions<never>>;
  readonly settings: LifecycleSettings;
  /** Reports `disconnected`, `reconnecting` and `stopped` (the session reports `connected` and `logged-in`). */
  readonly emit: (event: ConnectionEvent) => void;
  /**
   * Runs one session on an open connection until it ends. `signal` aborts on `close()`: the
   * session then says goodbye (`quit`) if it is logged in and returns `closed`.
   */
  readonly session: (connection: Connection, attempt: number, signal: AbortSignalLike) => Promise<SessionEnd>;
  /** Called once as the client stops, before the `stopped` event: settles what still waits. */
  readonly onStop: (stop: ClientStop) => void;
}

/** A running client's life. */
export interface Lifecycle {
  /** Settles when the client has stopped for good. */
  readonly stopped: Promise<ClientStop>;
  /** Aborted by `close()` or the caller's signal. */
  readonly signal: AbortSignalLike;
  /** Whether the client is closing or stopped: no command is taken any more. */
  isDone(): boolean;
  /** Stops the client; no reconnection follows. */
  close(): void;
}

/** Hangs up a connection, whatever the transport does. */
export function hangUp(connection: Connection, farewell?: string): void {
  try {
    connection.close(farewell);
  } catch {
    // Nothing more can be done with a connection that cannot be closed.
  }
}

/**
 * Starts a client's life. The first connection is made after the current turn, so a caller
 * sees its events with `onEvent` and `events()`.
 */
export function startLifecycle(config: LifecycleConfig): Lifecycle {
  const { options, settings, emit } = config;
  const stopping = new AbortController();
  let stop: ClientStop | undefined;
  let resolveStopped: (stop: ClientStop) => void = () => undefined;
  const stopped = new Promise<ClientStop>((resolve) => {
    resolveStopped = resolve;
  });

  const close = (): void => {
    if (!stopping.signal.aborted) stopping.abort();
  };

  const finish = (why: ClientStop): void => {
    if (stop !== undefined) return;
    stop = why;
    close();
    config.onStop(why);
    emit({ kind: 'stopped', stop: why });
    options.signal?.removeEventListener('abort', close);
    resolveStopped(why);
  };

  /** One connection: open it, run the session, and say how it ended. */
  const connectOnce = async (attempt: number): Promise<SessionEnd> => {
    let connection: Connection;
    try {
      connection = await options.transport!(stopping.signal);
    } catch (error) {
      if (stopping.signal.aborted) return { kind: 'closed' };
      const reason = error instanceof Error ? error.message : String(error);
      return {
        kind: 'ended',
        error: clientError('connect-failed', `cannot connect: ${reason}`),
        retry: true,
        loggedIn: false,
      };
    }
    if (stopping.signal.aborted) {
      hangUp(connection);
      return { kind: 'closed' };
    }
    return config.session(connection, attempt, stopping.signal);
  };

  const run = async (): Promise<void> => {
    if (typeof options.transport !== 'function') {
      finish({ kind: 'failed', error: clientError('connect-failed', 'no transport given') });
      return;
    }
    const backoff = options.backoff ?? DEFAULT_BACKOFF;
    const stableMs = backoff.stableMs ?? DEFAULT_STABLE_MS;
    const now = (): number => settings.timers.now?.() ?? Date.now();
    // Failures in a row since the last login (what `retries` bounds), and the backoff's step,
    // which only a connection that lasted starts again: a login alone does not, so a server
    // that drops every connection after its login is called ever less often, not every second.
    let failures = 0;
    let step = 0;
    for (let attempt = 1; ; attempt++) {
      if (stopping.signal.aborted) return finish({ kind: 'closed' });
      const began = now();
      const end = await connectOnce(attempt);
      if (end.kind === 'closed' || stopping.signal.aborted) return finish({ kind: 'closed' });
      emit({ kind: 'disconnected', error: end.error });
      if (!end.retry) return finish({ kind: 'failed', error: end.error });
      if (end.loggedIn) failures = 0;
      failures++;
      step = end.loggedIn && now() - began >= stableMs ? 1 : step + 1;
      if (failures > settings.retries) {
        const tries = `${String(settings.retries)} reconnection attempt${settings.retries === 1 ? '' : 's'}`;
        return finish({
          kind: 'gave-up',
          error: clientError(end.error.code, `${end.error.message}; gave up after ${tries}`),
        });
      }
      const delayMs = backoffDelay(step, backoff);
      emit({ kind: 'reconnecting', attempt: failures, delayMs });
      await settings.timers.sleep(delayMs, stopping.signal);
    }
  };

  if (options.signal?.aborted) close();
  else options.signal?.addEventListener('abort', close, { once: true });
  void Promise.resolve().then(run);

  return {
    stopped,
    signal: stopping.signal,
    isDone: () => stopping.signal.aborted || stop !== undefined,
    close,
  };
}
