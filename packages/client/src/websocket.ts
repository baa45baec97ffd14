import type { Connection, Transport } from './connection.js';

/**
 * A WebSocket transport, for a browser (FICS serves timeseal inside a WebSocket, so a page
 * needs no relay) or for Node with a WebSocket constructor passed in. It carries the same bytes
 * a TCP connection would: the clients add timeseal and split lines themselves.
 */

/** `readyState` of a WebSocket that is open (the standard's `WebSocket.OPEN`). */
const OPEN = 1;
/** The close code of an orderly end (RFC 6455, 7.4.1). */
const NORMAL_CLOSURE = 1000;
/** The close code for a peer that sent more than the endpoint can take (RFC 6455, 7.4.1). */
const MESSAGE_TOO_BIG = 1009;
/** What stands for a received character that is not one byte (above U+00FF): `?`. */
const QUESTION_MARK = 0x3f;
/** The largest character code that is one byte in the latin1 reading of text. */
const LAST_LATIN1 = 0xff;

/**
 * The part of a WebSocket this transport uses, as the standard's `WebSocket` (browsers, Deno,
 * Node 22) and the `ws` package both have it. The handlers take `never` so that any event type
 * a WebSocket declares fits; the transport reads only `data` of a message event.
 */
export interface WebSocketLike {
  /** Set to `arraybuffer`, so that binary messages come as bytes the transport reads at once. */
  binaryType: string;
  /** 1 while open (the standard's `WebSocket.OPEN`). */
  readonly readyState: number;
  /** Sends one binary message. */
  send(data: Uint8Array): void;
  /** Starts the closing handshake. */
  close(code?: number, reason?: string): void;
  /** Called once the opening handshake is done. */
  onopen: ((event: never) => unknown) | null;
  /** Called with each message; the transport reads its `data` (a string, an ArrayBuffer or a view of bytes). */
  onmessage: ((event: never) => unknown) | null;
  /** Called when the connection fails; a close event follows. */
  onerror: ((event: never) => unknown) | null;
  /** Called when the connection is closed; the transport reads its `code` and `wasClean`. */
  onclose: ((event: never) => unknown) | null;
}

/** A WebSocket class: `globalThis.WebSocket`, or `ws`'s in Node 20. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Options of `webSocketTransport`. */
export interface WebSocketTransportOptions {
  /**
   * The WebSocket class (default `globalThis.WebSocket`). Node 20 has none without
   * `--experimental-websocket`: pass one there (the `ws` package's works).
   */
  readonly WebSocket?: WebSocketConstructor;
  /** How long the opening handshake may take before the connection counts as failed (default 30 s). */
  readonly timeoutMs?: number;
  /**
   * The most bytes received and not yet read that the connection holds (default 16 MiB). A
   * WebSocket cannot be paused, so a reader that falls this far behind gets the connection
   * closed (code 1009) and its iteration ends with an error saying so, rather than memory
   * growing without end.
   */
  readonly maxBufferedBytes?: number;
  /** How long the server has to close after a farewell before the transport closes (default 1 s). */
  readonly closeGraceMs?: number;
}

/** `value` when it is a number of at least `least` (a bound left unset or nonsensical is the default). */
function orDefault(value: number | undefined, least: number, fallback: number): number {
  return typeof value === 'number' && value >= least && value !== Infinity ? value : fallback;
}

/** Text as bytes, one per character (latin1, as the TCP transport writes and reads). */
function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[i] = code > LAST_LATIN1 ? QUESTION_MARK : code;
  }
  return bytes;
}

/** A message's data as bytes, or undefined for a kind the transport cannot read synchronously (a Blob). */
function messageBytes(data: unknown): Uint8Array | undefined {
  if (typeof data === 'string') return latin1Bytes(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return undefined;
}

/**
 * A transport over a WebSocket to `url` (`ws://` or `wss://`), for `createFicsClient` and
 * `createIccClient`. Text and binary messages both become bytes (text one byte per character,
 * as the TCP transport reads it); `write` sends binary messages.
 *
 * @example
 * ```ts
 * import { webSocketTransport } from '@chess-formats/client';
 *
 * // In a browser (or Node 22): the global WebSocket. Nothing connects until a client calls it.
 * const transport = webSocketTransport('wss://www.freechess.org:5001', { timeoutMs: 10_000 });
 * console.log(typeof transport); // → function
 * ```
 */
export function webSocketTransport(url: string, options: WebSocketTransportOptions = {}): Transport {
  const timeoutMs = orDefault(options.timeoutMs, 1, 30_000);
  const maxBuffered = orDefault(options.maxBufferedBytes, 1, 16 * 1024 * 1024);
  const graceMs = orDefault(options.closeGraceMs, 0, 1000);
  return (signal) =>
    new Promise<Connection>((resolve, reject) => {
      const WebSocketClass =
        options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket ?? undefined;
      if (WebSocketClass === undefined) {
        reject(
          new Error(
            'no WebSocket here: pass options.WebSocket (Node 20 has none without --experimental-websocket; the ws package has one)',
          ),
        );
        return;
      }
      if (signal.aborted) {
        reject(new Error('interrupted'));
        return;
      }
      let socket: WebSocketLike;
      try {
        socket = new WebSocketClass(url);
      } catch (error) {
        reject(new Error(`cannot open ${url}: ${error instanceof Error ? error.message : String(error)}`));
        return;
      }
      socket.binaryType = 'arraybuffer';
      const silence = () => {
        socket.onopen = null;
        socket.onmessage = null;
        socket.onerror = null;
        socket.onclose = null;
      };
      const fail = (message: string) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        silence();
        try {
          socket.close();
        } catch {
          // Closing a socket still connecting can throw in some implementations; it is dropped anyway.
        }
        reject(new Error(message));
      };
      const onAbort = () => fail('interrupted');
      const timer = setTimeout(() => fail(`no answer within ${String(timeoutMs / 1000)} s`), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      // A browser says nothing about why (no refused or unreachable): only that it failed.
      socket.onerror = () => fail(`cannot connect to ${url}`);
      socket.onclose = () => fail(`cannot connect to ${url}`);
      socket.onopen = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(openConnection(socket, maxBuffered, graceMs));
      };
    });
}

/** The connection over an open socket: a bounded queue between its messages and the reader. */
function openConnection(socket: WebSocketLike, maxBuffered: number, graceMs: number): Connection {
  const queue: Uint8Array[] = [];
  let head = 0;
  let buffered = 0;
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;

  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const finish = (error?: Error) => {
    if (ended) return;
    ended = true;
    failure = error;
    clearTimeout(grace);
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    notify();
  };
  const hangUp = (code?: number, reason?: string) => {
    try {
      if (code === undefined) socket.close();
      else socket.close(code, reason);
    } catch {
      // Already closing or closed.
    }
  };

  socket.onmessage = (event: { readonly data: unknown }) => {
    const bytes = messageBytes(event.data);
    if (bytes === undefined) {
      hangUp(NORMAL_CLOSURE);
      finish(new Error('the WebSocket delivered a message as a Blob: its binaryType must be "arraybuffer"'));
      return;
    }
    if (bytes.length === 0) return;
    buffered += bytes.length;
    if (buffered > maxBuffered) {
      hangUp(MESSAGE_TOO_BIG, 'reader too slow');
      finish(new Error(`the reader fell behind: more than ${String(maxBuffered)} bytes received and not read`));
      return;
    }
    queue.push(bytes);
    notify();
  };
  // An error event is always followed by a close event, which carries the code.
  let failed = false;
  socket.onerror = () => {
    failed = true;
  };
  socket.onclose = (event: { readonly code?: number; readonly wasClean?: boolean }) =>
    finish(
      failed || event.wasClean === false
        ? new Error(`the connection dropped (code ${String(event.code ?? 'none')})`)
        : undefined,
    );

  const chunks: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]: () => ({
      next: async (): Promise<IteratorResult<Uint8Array>> => {
        for (;;) {
          if (head < queue.length) {
            const chunk = queue[head] as Uint8Array;
            queue[head++] = EMPTY;
            // Drop the read part of the queue once it is half of it, so the array stays small.
            if (head * 2 >= queue.length) {
              queue.splice(0, head);
              head = 0;
            }
            buffered -= chunk.length;
            return { done: false, value: chunk };
          }
          if (ended) {
            if (failure !== undefined) {
              const error = failure;
              failure = undefined;
              throw error;
            }
            return { done: true, value: undefined };
          }
          await new Promise<void>((resume) => {
            wake = resume;
          });
        }
      },
      return: (): Promise<IteratorResult<Uint8Array>> => {
        // The reader stopped early: nothing will read what comes next.
        hangUp(NORMAL_CLOSURE);
        finish();
        return Promise.resolve({ done: true, value: undefined });
      },
    }),
  };

  return {
    chunks,
    write: (data) => {
      if (ended || socket.readyState !== OPEN) return;
      socket.send(typeof data === 'string' ? latin1Bytes(data) : data);
    },
    close: (farewell) => {
      if (ended) return;
      if (farewell === undefined || socket.readyState !== OPEN) {
        hangUp(NORMAL_CLOSURE);
        finish();
        return;
      }
      // A browser drops what arrives once it has sent its close frame, so the server's goodbye
      // is read only if the server closes first: it gets the grace period to do so.
      socket.send(latin1Bytes(farewell));
      grace = setTimeout(() => {
        hangUp(NORMAL_CLOSURE);
        finish();
      }, graceMs);
    },
  };
}

const EMPTY = new Uint8Array(0);
