import type { TrackedGame, TrackedGameEvent } from '@chess-formats/board-core';
import type { BackoffOptions, Timers } from './backoff.js';
import type { Transport } from './connection.js';
import type { Credentials, ServerKind } from './login.js';

/**
 * What the FICS and the ICC client share: how they are made, the life of their connection, how
 * a command's reply comes back, and the games they keep. Each server's client adds its own
 * events (the typed lines of FICS, the datagrams of ICC) and its own books.
 */

/** Options both clients take. */
export interface ClientOptions<Event> {
  /** Opens each connection (`tcpTransport` from `@chess-formats/client/node`, `webSocketTransport`). */
  readonly transport: Transport;
  /** Who to log in as (default: a guest). A password is sent only at the server's password prompt. */
  readonly credentials?: Credentials;
  /** Reconnections after a drop or a failed connection before the client gives up (default 5; 0: never). */
  readonly retries?: number;
  /** The reconnection delays (default: 1 s doubling up to 30 s). */
  readonly backoff?: BackoffOptions;
  /** From the connection to the end of the login (default 30 s). */
  readonly loginTimeoutMs?: number;
  /** How long a command may wait for its reply (default 30 s). */
  readonly commandTimeoutMs?: number;
  /** Stops the client (as `close()` does) when aborted. */
  readonly signal?: AbortSignal;
  /** Timers, for tests that run the schedule without waiting for it (default: real ones). */
  readonly timers?: Timers;
  /** Called with every event, in the order the server's bytes gave them. */
  readonly onEvent?: (event: Event) => void;
}

/** Why a client stopped for good. */
export type ClientStop =
  /** `close()` or the signal. */
  | { readonly kind: 'closed' }
  /** A fault trying again cannot mend (a refused password, a name the server refuses). */
  | { readonly kind: 'failed'; readonly error: ClientError }
  /** The connection failed or dropped more times in a row than `retries` allows. */
  | { readonly kind: 'gave-up'; readonly error: ClientError };

/** Stable codes of the client's errors. */
export const CLIENT_ERROR_CODES = Object.freeze([
  'connect-failed',
  'login-failed',
  'login-timeout',
  'dropped',
  'command-timeout',
  'command-failed',
  'not-connected',
  'closed',
] as const);

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** A client fault as a value: a stable code and a message a person can act on. */
export interface ClientError {
  readonly code: ClientErrorCode;
  readonly message: string;
}

/** The life of the connection, reported by both clients among their events. */
export type ConnectionEvent =
  | { readonly kind: 'connected'; readonly attempt: number }
  | { readonly kind: 'logged-in'; readonly server: ServerKind; readonly name: string }
  | { readonly kind: 'disconnected'; readonly error: ClientError }
  | { readonly kind: 'reconnecting'; readonly attempt: number; readonly delayMs: number }
  | { readonly kind: 'stopped'; readonly stop: ClientStop };

/** A command's reply: the text the server answered it with, or why there is none. */
export type CommandResult =
  | { readonly ok: true; readonly value: CommandReply }
  | { readonly ok: false; readonly error: ClientError };

/** The server's answer to one command. */
export interface CommandReply {
  /** The command as sent. */
  readonly command: string;
  /** The reply's text lines, board lines and control bytes taken out. */
  readonly lines: readonly string[];
}

/** What both clients offer. Every method is safe to call at any time and never throws. */
export interface ServerClient<Event> {
  /** Settles when the client has stopped for good, with why. */
  readonly stopped: Promise<ClientStop>;
  /** Sends a command and resolves with its reply (FICS block mode, ICC level 1 units). */
  command(text: string): Promise<CommandResult>;
  /** Observes a game (a number) or a player's game (a name); the client keeps its whole history. */
  observe(target: number | string): Promise<CommandResult>;
  /** Stops observing a game. */
  unobserve(target: number | string): Promise<CommandResult>;
  /** Follows a player: observes each game they start. */
  follow(name: string): Promise<CommandResult>;
  /** The games the client follows now (see `TrackedGame`), the one updated longest ago first. */
  games(): TrackedGame[];
  /** One followed game, by the server's number. */
  game(gameNumber: number): TrackedGame | undefined;
  /** Logs out (`quit`) and stops; no reconnection follows. */
  close(): void;
  /** The events of the client as an async iterable (each iterator sees the events from when it starts). */
  events(): AsyncIterable<Event>;
}

/** A tracked game's change, as both clients report it among their events. */
export interface GameEvent {
  readonly kind: 'game';
  readonly event: TrackedGameEvent;
}
