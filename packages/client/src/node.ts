import { createConnection, createServer, type Socket } from 'node:net';

import type { AbortSignalLike, Connection, Transport } from './connection.js';
import type { StandInServer } from './stand-in-serve.js';

export type { Connection, Transport };
export type { StandInServer };

/**
 * The Node entry of `@chess-formats/client`: a plain TCP transport (the clients add timeseal
 * themselves, so this carries bytes only).
 */

/** Opens a TCP connection to `host:port` for each call (the old `tcpConnect` shape, kept for the CLI). */
export type Connect = (host: string, port: number, signal: AbortSignalLike) => Promise<Connection>;

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
          write: (data) => {
            if (!socket.destroyed && !socket.writableEnded)
              socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
          },
          close: (farewell) => {
            if (farewell === undefined || socket.destroyed) {
              socket.destroy();
              return;
            }
            // One byte a character, as `write` sends text: a timeseal farewell has bytes from 0x80 up.
            socket.end(Buffer.from(farewell, 'latin1'));
            setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
          },
        });
      });
    });
}

/** Options of `tcpTransport`. */
export interface TcpTransportOptions {
  readonly host: string;
  readonly port: number;
  /** How long a connection may take before it counts as failed (default 30 s). */
  readonly timeoutMs?: number;
}

/** A TCP transport to one server, for `createFicsClient` and `createIccClient`. */
export function tcpTransport(options: TcpTransportOptions): Transport {
  const connect = tcpConnect(options.timeoutMs ?? 30_000);
  return (signal) => connect(options.host, options.port, signal);
}

/** A stand-in served on a loopback port, made by `listenStandIn`. */
export interface ListeningStandIn {
  /** The port the system picked (or the one asked for). */
  readonly port: number;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/**
 * Serves a stand-in server (`createFicsStandIn` or `createIccStandIn`) on 127.0.0.1, on `port`
 * (default 0: a free port the system picks), so that a client connects to it with
 * `tcpTransport` as it would to the real server. While the stand-in's `refuse` is true, each
 * connection is hung up at once.
 */
export function listenStandIn(standIn: StandInServer, port = 0): Promise<ListeningStandIn> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    if (standIn.refuse) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.setNoDelay(true);
    const served = standIn.accept({
      write: (bytes) => {
        if (!socket.destroyed) socket.write(bytes);
      },
      end: () => socket.end(),
    });
    socket.on('data', (bytes: Buffer) => served.receive(bytes));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      served.closed();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('the stand-in has no port'));
        return;
      }
      resolve({
        port: address.port,
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
