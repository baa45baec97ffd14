import { createConnection } from 'node:net';

/** One open connection: its bytes as they arrive, and a way to send lines and to hang up. */
export interface Connection {
  /** The bytes read; iteration ends (or throws) when the connection closes. */
  readonly chunks: AsyncIterable<Uint8Array>;
  /** Sends text as is (the caller adds the line end). */
  write(text: string): void;
  /**
   * Hangs up: with `farewell`, writes it and closes our side, so the server reads it, then
   * destroys the socket after a grace period if the server does not close; without, at once.
   * The iteration of `chunks` then ends.
   */
  close(farewell?: string): void;
}

/** Opens a connection; rejects when it cannot (refused, unreachable, timed out, aborted). */
export type Connect = (host: string, port: number, signal: AbortSignal) => Promise<Connection>;

/** How long a server has to close after our farewell (`quit`) before we hang up ourselves. */
const CLOSE_GRACE_MS = 1000;

/**
 * A plain TCP connection (no timeseal). Reading is pulled by the async iterator, so while the
 * output waits for a slow terminal the socket stays paused: node buffers at most its stream
 * high-water mark, and the rest waits in the kernel (TCP flow control slows the server).
 */
export function tcpConnect(timeoutMs: number): Connect {
  return (host, port, signal) =>
    new Promise((resolve, reject) => {
      const socket = createConnection({ host, port });
      const fail = (error: Error) => {
        cleanup();
        socket.destroy();
        reject(error);
      };
      const onAbort = () => fail(new Error('interrupted'));
      const timer = setTimeout(() => fail(new Error(`no answer within ${String(timeoutMs / 1000)} s`)), timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        socket.off('error', fail);
      };
      if (signal.aborted) {
        fail(new Error('interrupted'));
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      socket.once('error', fail);
      socket.once('connect', () => {
        cleanup();
        socket.setNoDelay(true);
        // Errors after the connection end the iteration; a listener keeps them from being unhandled.
        socket.on('error', () => undefined);
        resolve({
          chunks: socket as AsyncIterable<Uint8Array>,
          write: (text) => {
            if (!socket.destroyed && !socket.writableEnded) socket.write(text);
          },
          close: (farewell) => {
            if (farewell === undefined || socket.destroyed) {
              socket.destroy();
              return;
            }
            socket.end(farewell);
            setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
          },
        });
      });
    });
}
