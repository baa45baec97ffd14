import { createServer, type Socket } from 'node:net';
import type { IccStandIn } from './icc-stand-in.js';

/** A stand-in ICC served on a loopback port, made by `listenIccStandIn`. */
export interface ListeningIccStandIn {
  /** The port the system picked (or the one asked for). */
  readonly port: number;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/**
 * Serves a stand-in ICC (`createIccStandIn`) on 127.0.0.1, on `port` (default 0: a free port the
 * system picks), so that a client connects to it with `tcpTransport` as it would to the real server.
 */
export function listenIccStandIn(standIn: IccStandIn, port = 0): Promise<ListeningIccStandIn> {
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
