import type { Connection, Transport } from '../connection.js';

/** One in-memory connection: the test feeds the server's side and reads what the client wrote. */
export interface MemoryConnection {
  /** What the client wrote, in order. */
  readonly written: string[];
  /** Hands the client one chunk of server output. */
  feed(chunk: string | Uint8Array): void;
  /** The server hangs up. */
  hangUp(): void;
  /** Whether the client closed the connection. */
  readonly closed: boolean;
}

/** A transport whose connections live in memory, each handed to `onOpen` when the client opens it. */
export function memoryTransport(onOpen: (connection: MemoryConnection) => void): Transport {
  return () => {
    const queue: Uint8Array[] = [];
    let ended = false;
    let wake: (() => void) | undefined;
    const written: string[] = [];
    const poke = () => {
      const w = wake;
      wake = undefined;
      w?.();
    };
    const memory = {
      written,
      closed: false,
      feed(chunk: string | Uint8Array) {
        if (ended) return;
        queue.push(typeof chunk === 'string' ? Uint8Array.from(chunk, (c) => c.charCodeAt(0) & 0xff) : chunk);
        poke();
      },
      hangUp() {
        ended = true;
        poke();
      },
    };
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (;;) {
        const next = queue.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    }
    const connection: Connection = {
      chunks: chunks(),
      write: (data) => {
        written.push(typeof data === 'string' ? data : new TextDecoder('latin1').decode(data));
      },
      close: () => {
        memory.closed = true;
        ended = true;
        poke();
      },
    };
    onOpen(memory);
    return Promise.resolve(connection);
  };
}

/** Resolves on the next turn of the event loop after pending work (a chunk read, a write). */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
