/**
 * What carries a client's bytes: a TCP socket in Node (`@chess-formats/client/node`), a
 * WebSocket in a browser or in Node (`webSocketTransport`), or a stand-in in a test. The clients
 * see only this shape, so they run the same over each.
 */

/** One open connection: its bytes as they arrive, and a way to send and to hang up. */
export interface Connection {
  /** The bytes read; iteration ends (or throws) when the connection closes. */
  readonly chunks: AsyncIterable<Uint8Array>;
  /** Sends text (each character's code as one byte; the caller adds the line end) or bytes as they are. */
  write(data: string | Uint8Array): void;
  /**
   * Hangs up: with `farewell`, sends it and closes our side, so the server reads it, then drops
   * the connection after a grace period if the server does not close; without, at once. The
   * iteration of `chunks` then ends.
   */
  close(farewell?: string): void;
}

/**
 * Opens a connection to the server it was made for; rejects when it cannot (refused,
 * unreachable, timed out, or `signal` aborted). Called again for each reconnection.
 */
export type Transport = (signal: AbortSignalLike) => Promise<Connection>;

/**
 * The part of an `AbortSignal` the clients use. It is named here rather than taken from the DOM
 * or Node's types so that the declarations check in a project that has neither; every
 * `AbortSignal` is one.
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  /** Calls `listener` when the signal aborts (once, with `{ once: true }`). */
  addEventListener(type: 'abort', listener: () => void, options?: { readonly once?: boolean }): void;
  /** Stops calling `listener`. */
  removeEventListener(type: 'abort', listener: () => void): void;
}
