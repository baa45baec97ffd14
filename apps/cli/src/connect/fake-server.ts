import { createServer, type Socket } from 'node:net';
import type { RecordedSession, SessionStep } from './recorded-session.js';

/** What a fake server saw: the client's lines on each connection, and what went wrong. */
export interface FakeServerReport {
  readonly received: string[][];
  readonly problems: string[];
}

export interface FakeServer {
  readonly port: number;
  /** Resolves when the server has stopped (all connections replayed, or the time limit). */
  readonly stopped: Promise<FakeServerReport>;
  /** Stops now. */
  stop(): void;
}

/** The longest client line the fake server keeps; a longer one is a problem, not a buffer. */
const MAX_CLIENT_LINE = 4096;

/**
 * A chess server double on loopback: listens on 127.0.0.1 on a port the system picks, accepts
 * one connection for each recorded connection of the session (and refuses any other), replays
 * each one's steps (writing the server's bytes, reading and checking the client's lines) and
 * stops by itself when the last connection ends or when `lifetimeMs` has passed.
 */
export function startFakeServer(session: RecordedSession, lifetimeMs = 10_000): Promise<FakeServer> {
  const received: string[][] = [];
  const problems: string[] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  let finished = 0;
  let resolveStopped: (report: FakeServerReport) => void = () => {};
  const stopped = new Promise<FakeServerReport>((resolve) => {
    resolveStopped = resolve;
  });

  const server = createServer({ pauseOnConnect: false });
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(lifetime);
    for (const socket of sockets) socket.destroy();
    server.close(() => resolveStopped({ received, problems }));
  };

  server.on('connection', (socket) => {
    const steps = session.connections[accepted];
    const index = accepted++;
    if (steps === undefined) {
      problems.push(`unexpected connection ${String(index + 1)}`);
      socket.destroy();
      return;
    }
    sockets.add(socket);
    const lines: string[] = [];
    received[index] = lines;
    void replay(socket, steps, lines, (problem) =>
      problems.push(`connection ${String(index + 1)}: ${problem}`),
    ).finally(() => {
      sockets.delete(socket);
      finished++;
      if (finished === session.connections.length) stop();
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('no port'));
        return;
      }
      lifetime = setTimeout(() => {
        problems.push(`still running after ${String(lifetimeMs)} ms`);
        stop();
      }, lifetimeMs);
      lifetime.unref();
      resolve({ port: address.port, stopped, stop });
    });
  });
}

/** Replays one connection's steps; resolves when the connection is over. */
function replay(
  socket: Socket,
  steps: readonly SessionStep[],
  lines: string[],
  problem: (text: string) => void,
): Promise<void> {
  return new Promise((resolve) => {
    let buffered = '';
    let closed = false;
    let waiting: ((line: string | undefined) => void) | undefined;
    const queue: string[] = [];
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      buffered += text;
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end).replace(/\r$/, '');
        buffered = buffered.slice(end + 1);
        lines.push(line);
        if (waiting) {
          const deliver = waiting;
          waiting = undefined;
          deliver(line);
        } else queue.push(line);
      }
      if (buffered.length > MAX_CLIENT_LINE) {
        problem('client line too long');
        socket.destroy();
      }
    });
    const onEnd = () => {
      closed = true;
      if (waiting) {
        const deliver = waiting;
        waiting = undefined;
        deliver(undefined);
      }
    };
    socket.on('end', onEnd);
    socket.on('close', () => {
      onEnd();
      resolve();
    });
    socket.on('error', () => undefined);
    const nextLine = (): Promise<string | undefined> => {
      const line = queue.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (closed) return Promise.resolve(undefined);
      return new Promise((deliver) => {
        waiting = deliver;
      });
    };

    void (async () => {
      for (const step of steps) {
        if (socket.destroyed) return;
        switch (step.kind) {
          case 'send':
            socket.write(step.bytes);
            break;
          case 'expect': {
            const line = await nextLine();
            if (line === undefined) {
              problem(`line ${String(step.at)}: expected '${step.line ?? '*'}', the client closed`);
              socket.destroy();
              return;
            }
            if (step.line !== undefined && line !== step.line) {
              problem(`line ${String(step.at)}: expected '${step.line}', received '${line}'`);
              socket.destroy();
              return;
            }
            break;
          }
          case 'reset':
            socket.resetAndDestroy();
            return;
          case 'drop':
          case 'close':
            socket.end();
            return;
        }
      }
      // The script is over: the client closes when it is done.
    })();
  });
}
