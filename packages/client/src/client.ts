import type { TrackedGame, TrackedGameEvent } from '@chess-formats/board-core';
import type { BackoffOptions, Timers } from './backoff.js';
import type { AbortSignalLike, Transport } from './connection.js';
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
  readonly signal?: AbortSignalLike;
  /** Timers, for tests that run the schedule without waiting for it (default: real ones). */
  readonly timers?: Timers;
  /** Called with every event, in the order the server's bytes gave them. */
  readonly onEvent?: (event: Event) => void;
  /**
   * How many events an `events()` iterator holds for a reader slower than the server (default
   * `DEFAULT_MAX_QUEUED_EVENTS`). Beyond it the oldest go and the iterator yields one
   * `events-dropped` saying how many, so memory stays bounded under a flood.
   */
  readonly maxQueuedEvents?: number;
}

/** The default of `maxQueuedEvents`, on both clients. */
export const DEFAULT_MAX_QUEUED_EVENTS = 4096;

/** Only from an `events()` iterator: it fell `maxQueuedEvents` behind and this many of the oldest events were dropped. */
export interface EventsDropped {
  readonly kind: 'events-dropped';
  readonly count: number;
}

/** Why a client stopped for good. */
export type ClientStop =
  /** `close()` or the signal. */
  | { readonly kind: 'closed' }
  /** A fault trying again cannot mend (a refused password, a name the server refuses). */
  | { readonly kind: 'failed'; readonly error: ClientError }
  /** The connection failed or dropped more times in a row than `retries` allows. */
  | { readonly kind: 'gave-up'; readonly error: ClientError };

/**
 * Stable codes of the client's errors, the same rule on both servers:
 * - `connect-failed`: the transport could not open a connection;
 * - `login-failed`, `login-timeout`: the login was refused, or did not end in time;
 * - `dropped`: the connection ended (the server closed it, or it broke) — also the code of a
 *   command that was sent and whose connection ended before its reply came;
 * - `command-timeout`: a command was sent and its reply did not come in time;
 * - `command-failed`: a command that is not one line, or that the server refused;
 * - `not-connected`: a command that could not be sent because the client was not logged in
 *   (FICS keeps a command until the login, for up to its timeout; ICC refuses it at once);
 * - `closed`: the client was closed (`close()` or the signal) before the reply.
 */
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

/** The stable code of a client fault, one of `CLIENT_ERROR_CODES`. */
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

/** What a client's asking resolves with: the value, or why there is none. One shape for every reply of both clients. */
export type ClientResult<Value> =
  | { readonly ok: true; readonly value: Value }
  | { readonly ok: false; readonly error: ClientError };

/** A command's reply: the text the server answered it with, or why there is none. */
export type CommandResult = ClientResult<CommandReply>;

/** The server's answer to one command. */
export interface CommandReply {
  /** The command as sent. */
  readonly command: string;
  /** The reply's text lines, board lines and control bytes taken out. */
  readonly lines: readonly string[];
}

/**
 * What both clients offer. Every method is safe to call at any time and never throws. `Seek`
 * and `Offer` are the server's own shapes of a seek ad and a pending offer (the fics package's
 * `Seek` and `Offer`, `IccSeek` and `IccOffer`).
 */
export interface ServerClient<Event, Seek = unknown, Offer = unknown> {
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
  /** The seek ads on the server now, oldest first; emptied on each new connection. */
  seeks(): Seek[];
  /** The offers to and from us now pending, oldest first; emptied on each new connection. */
  offers(): Offer[];
  /** The name the server logged us in as (`GuestABCD`, `guest1` for a guest); undefined while not logged in. */
  user(): string | undefined;
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
