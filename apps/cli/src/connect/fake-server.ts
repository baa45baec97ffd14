import { createServer, type Socket } from 'node:net';
import { decodeTimeseal } from '@chess-formats/fics';
import type { RecordedSession, SessionStep } from './recorded-session.js';

/**
 * What a fake server saw: the client's lines on each connection (timeseal lines decoded), what
 * went wrong, and for each connection whether the client spoke timeseal (its hello) and how
 * many of the server's pings it was sent and answered.
 */
export interface FakeServerReport {
  readonly received: string[][];
  readonly problems: string[];
  readonly timeseal: (string | undefined)[];
  readonly pings: { sent: number; answered: number }[];
}

const LF = 0x0a;
const CR = 0x0d;
/** A timeseal line ends with its key offset byte, 0x80 or more, before the line feed. */
const SEALED = 0x80;
/** What a ping's answer holds: control-B and '9'. */
const PING_ANSWER = '\x029';

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
  const timeseal: (string | undefined)[] = [];
  const pings: { sent: number; answered: number }[] = [];
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
    server.close(() => resolveStopped({ received, problems, timeseal, pings }));
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
    const seal: Seal = { hello: undefined, sent: 0, answered: 0 };
    timeseal[index] = undefined;
    pings[index] = { sent: 0, answered: 0 };
    const report = () => {
      timeseal[index] = seal.hello;
      pings[index] = { sent: seal.sent, answered: seal.answered };
    };
    void replay(socket, steps, lines, seal, (problem) =>
      problems.push(`connection ${String(index + 1)}: ${problem}`),
    ).finally(() => {
      report();
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

/** A connection's timeseal: the client's hello once it said one, the pings written and answered. */
interface Seal {
  hello: string | undefined;
  sent: number;
  answered: number;
}

/**
 * One line of the client as the server reads it: a timeseal line decoded (as FICS does, which
 * switches timeseal on when the first line decodes to a hello), a plain line as UTF-8; or a
 * problem, when a client that said hello sends a line that is not sealed.
 */
function clientLine(bytes: Uint8Array, seal: Seal, first: boolean): { line?: string; problem?: string } {
  const sealed = bytes.length > 0 && (bytes[bytes.length - 1] ?? 0) >= SEALED;
  if (sealed && (first || seal.hello !== undefined)) {
    const read = decodeTimeseal(bytes);
    if (!read.ok) return { problem: `a timeseal line that does not decode: ${read.error.message}` };
    const text = new TextDecoder().decode(read.value.line);
    if (first && /^(TIMESEAL2|TIMESTAMP)\|/.test(text)) {
      seal.hello = text;
      return {};
    }
    if (text === PING_ANSWER) {
      seal.answered++;
      return seal.answered > seal.sent ? { problem: 'a ping answered that was not sent' } : {};
    }
    return { line: text };
  }
  if (seal.hello !== undefined) return { problem: 'a plain line after the timeseal hello' };
  const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
  return { line: new TextDecoder().decode(bytes.subarray(0, end)) };
}

/** Replays one connection's steps; resolves when the connection is over. */
function replay(
  socket: Socket,
  steps: readonly SessionStep[],
  lines: string[],
  seal: Seal,
  problem: (text: string) => void,
): Promise<void> {
  return new Promise((resolve) => {
    let buffered = new Uint8Array();
    let first = true;
    let closed = false;
    let waiting: ((line: string | undefined) => void) | undefined;
    const queue: string[] = [];
    socket.on('data', (data: Buffer) => {
      const joined = new Uint8Array(buffered.length + data.length);
      joined.set(buffered);
      joined.set(data, buffered.length);
      buffered = joined;
      for (let end = buffered.indexOf(LF); end !== -1; end = buffered.indexOf(LF)) {
        const read = clientLine(buffered.subarray(0, end), seal, first);
        buffered = buffered.slice(end + 1);
        first = false;
        if (read.problem !== undefined) problem(read.problem);
        const { line } = read;
        if (line === undefined) continue;
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
          case 'ping':
            // A server pings only a client that said the timeseal hello; version 1 pings end LF CR, version 2 NUL.
            if (seal.hello === undefined) break;
            seal.sent++;
            socket.write(seal.hello.startsWith('TIMESTAMP') ? '[G]\n\r' : '[G]\0');
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
