import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  legalMoves,
  parseSan,
  play,
  standardSetup,
  writeSan,
  writeVerbose,
  type Setup,
} from '@chess-formats/board-core';
import { createFicsClient, createFicsStandIn, type FicsStandInSession } from '@chess-formats/client';
import { tcpTransport } from '@chess-formats/client/node';
import { style12FromSetup, writeStyle12, type Style12Facts } from '@chess-formats/style12';
import { loadText } from './harness.js';

// `connect` under a flood (issue: "connect still holds 60k positions/s under a flood with flat
// memory"). A stand-in FICS server on loopback logs the client in (the client package's
// stand-in: the greeting, timeseal, `%b`, block mode), answers `observe 1` with the game's
// board, and then writes style-12 boards of that game as fast as the socket takes them
// (waiting for `drain`, so the client's reading sets the pace), N of them, and the game's end
// notice. Measured: the CLI's `connect` as a user runs it (the built binary, a child process
// whose output is a drained pipe), and the client library alone (`createFicsClient` over the
// TCP transport, in a child process of its own), each positions/s from the first board written
// to the client's handling of the end notice, and its resident memory read every 100 ms.

/** The goal of the issue, in positions a second. */
const GOAL = 60_000;
/** Boards written in one `socket.write` (about 100 KB): the server's own cost stays small. */
const BATCH = 800;
/** The game observed. */
const GAME = 1;
const WHITE = 'Flooder';
const BLACK = 'Drowner';
const SAMPLE_MS = 100;
/** The unit of /proc's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

const here = dirname(fileURLToPath(import.meta.url));
/** The built CLI: `run.mjs` runs the bundle from `tooling/bench`, the repository is two up. */
function cliPath(): string {
  for (const base of [process.cwd(), here]) {
    const candidate = join(base, '..', '..', 'apps', 'cli', 'dist', 'cli.js');
    if (existsSync(candidate)) return candidate;
  }
  return join(process.cwd(), '..', '..', 'apps', 'cli', 'dist', 'cli.js');
}

const FACTS: Style12Facts = {
  gameNumber: GAME,
  whiteName: WHITE,
  blackName: BLACK,
  relation: 0,
  initialTimeMinutes: 3,
  incrementSeconds: 0,
  whiteRemainingMs: 180_000,
  blackRemainingMs: 180_000,
  clockUnit: 'milliseconds',
  moveTimeMs: 0,
  clockTicking: true,
  lagMs: 0,
};

/** Style 12's fields by index after `split(' ')` (notes/ics.md, section 2). */
const FIELD = { halfmoves: 15, whiteClock: 24, blackClock: 25, moveNumber: 26 } as const;

/** Makes the `index`th board of a stream, and says whether boards of the stream follow each other by one move. */
interface Stream {
  readonly name: string;
  readonly first: string;
  readonly line: (index: number) => string;
}

/**
 * A game that never ends, every board one legal move from the last: both sides shuffle a knight
 * out and back (Nf3 Nf6 Ng1 Ng8 ...), the move number and the clocks counting on as in play.
 * Each board's text is pieced from its fixed parts (the four placements repeat) and its numbers.
 */
function shuffleStream(): Stream {
  const sans = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  let setup: Setup = standardSetup();
  const parts = sans.map((san) => {
    const move = parseSan(setup, san);
    if (!move.ok) throw new Error(san);
    const verboseMove = writeVerbose(setup, move.value);
    const sanMove = writeSan(setup, move.value);
    setup = play(setup, move.value);
    const tokens = writeStyle12(style12FromSetup(setup, { ...FACTS, verboseMove, sanMove, moveTimeMs: 1 })).split(' ');
    return {
      head: `${tokens.slice(0, FIELD.halfmoves).join(' ')} `,
      middle: ` ${tokens.slice(FIELD.halfmoves + 1, FIELD.whiteClock).join(' ')} `,
      tail: ` ${tokens.slice(FIELD.moveNumber + 1).join(' ')}`,
    };
  });
  return {
    name: 'one game, each board a legal move from the last',
    first: writeStyle12(style12FromSetup(standardSetup(), FACTS)),
    line: (index) => {
      const part = parts[index % 4] as (typeof parts)[number];
      // Plies played after this board's move: index + 1; White's clock runs on odd plies.
      const plies = index + 1;
      const white = 180_000 - (((plies + 1) >> 1) % 170_000);
      const black = 180_000 - ((plies >> 1) % 170_000);
      return `${part.head}${String(plies)}${part.middle}${String(white)} ${String(black)} ${String((plies >> 1) + 1)}${part.tail}`;
    },
  };
}

/** A seeded generator (mulberry32): the same positions every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Boards that have nothing to do with the one before: positions of seeded random games (a new
 * game when one ends or reaches 160 plies), sent in shuffled order, so that the tracker reads
 * each as a new position of the game (its moves start again from it).
 */
function unrelatedStream(): Stream {
  const next = random(12);
  const lines: string[] = [];
  let setup: Setup = standardSetup();
  let plies = 0;
  while (lines.length < 4096) {
    const moves = legalMoves(setup);
    if (moves.length === 0 || plies >= 160) {
      setup = standardSetup();
      plies = 0;
      continue;
    }
    const move = moves[Math.floor(next() * moves.length)] as (typeof moves)[number];
    const verboseMove = writeVerbose(setup, move);
    const sanMove = writeSan(setup, move);
    setup = play(setup, move);
    plies++;
    lines.push(writeStyle12(style12FromSetup(setup, { ...FACTS, verboseMove, sanMove, moveTimeMs: 1 })));
  }
  for (let i = lines.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [lines[i], lines[j]] = [lines[j] as string, lines[i] as string];
  }
  return {
    name: 'unrelated positions of one game number',
    first: writeStyle12(style12FromSetup(standardSetup(), FACTS)),
    line: (index) => lines[index % lines.length] as string,
  };
}

/** What one flood run measured. */
interface Run {
  readonly positions: number;
  readonly seconds: number;
  /** Resident memory in bytes, sampled every 100 ms, with when (seconds since the flood began). */
  readonly rss: readonly { readonly at: number; readonly bytes: number }[];
  readonly peak: number;
  /** The CPU time the client used up to its handling of the end, when /proc tells it. */
  readonly cpu: number | undefined;
  /** The library's heap after a full collection once the flood is over (what it keeps). */
  readonly held: number | undefined;
}

/** A FICS stand-in on loopback that floods whoever observes game 1, one flood at a time. */
interface FloodServer {
  readonly port: number;
  /** Arms the next observation's flood: `count` boards of `stream`; resolves when the first is written. */
  arm(stream: Stream, count: number): Promise<number>;
  close(): Promise<void>;
}

async function floodServer(): Promise<FloodServer> {
  const sockets = new Map<number, Socket>();
  let armed: { stream: Stream; count: number; started: (at: number) => void } | undefined;

  const flood = (socket: Socket, stream: Stream, count: number, started: (at: number) => void): void => {
    let sent = 0;
    const pump = (): void => {
      while (sent < count && !socket.destroyed) {
        const end = Math.min(count, sent + BATCH);
        let text = '';
        // Each board ends with the prompt, and the next one comes glued to it, as FICS writes them.
        for (let i = sent; i < end; i++) text += `${stream.line(i)}\n\rfics% `;
        if (sent === 0) started(performance.now());
        sent = end;
        if (!socket.write(Buffer.from(text, 'latin1'))) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!socket.destroyed)
        socket.write(`\n\r{Game ${String(GAME)} (${WHITE} vs. ${BLACK}) ${BLACK} resigns} 1-0\n\rfics% `);
    };
    pump();
  };

  const standIn = createFicsStandIn({
    onCommand: (command: string, session: FicsStandInSession) => {
      if (!/^observe\b/.test(command)) return undefined;
      const socket = sockets.get(session.index);
      const job = armed;
      armed = undefined;
      if (socket !== undefined && job !== undefined)
        setImmediate(() => flood(socket, job.stream, job.count, job.started));
      return [
        `You are now observing game ${String(GAME)}.`,
        `Game ${String(GAME)}: ${WHITE} (2100) ${BLACK} (2050) unrated blitz 3 0`,
        '',
        job?.stream.first ?? writeStyle12(style12FromSetup(standardSetup(), FACTS)),
      ];
    },
  });
  const server: Server = createServer((socket) => {
    socket.setNoDelay(true);
    const index = standIn.sessions.length;
    const served = standIn.accept({
      write: (bytes) => {
        if (!socket.destroyed) socket.write(bytes);
      },
      end: () => socket.end(),
    });
    sockets.set(index, socket);
    socket.on('data', (bytes: Buffer) => served.receive(bytes));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(index);
      served.closed();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the flood server has no port');
  return {
    port: address.port,
    arm: (stream, count) =>
      new Promise((started) => {
        armed = { stream, count, started };
      }),
    close: () =>
      new Promise((done) => {
        for (const socket of sockets.values()) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** The CPU time a process has used in seconds (user and system, every thread), from /proc (Linux). */
function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'latin1');
    // The fields after the command's name (which may hold blanks) in parentheses; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The resident memory of a process in bytes, from /proc (Linux); undefined elsewhere or once it exited. */
function residentBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'latin1');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a client as a child process against the armed flood; `done` reads its standard output
 * (drained as it comes) and says when the client has handled the end of the game.
 */
async function measureChild(
  server: FloodServer,
  stream: Stream,
  count: number,
  args: readonly string[],
  done: (text: string) => boolean,
): Promise<Run> {
  const start = server.arm(stream, count);
  // FLOOD_PROFILE=DIR writes a CPU profile of each client into DIR (node --cpu-prof).
  const profile = process.env.FLOOD_PROFILE;
  const flags = profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`];
  const child = spawn(process.execPath, [...flags, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  let errors = '';
  let finished: number | undefined;
  let cpu: number | undefined;
  const ended = new Promise<void>((resolve) => {
    child.stdout.setEncoding('latin1');
    child.stdout.on('data', (text: string) => {
      // Only the end of the output is kept: the positions are counted by the client's end line.
      tail = (tail + text).slice(-4096);
      if (finished === undefined && done(tail)) {
        finished = performance.now();
        if (child.pid !== undefined) cpu = cpuSeconds(child.pid);
      }
    });
    child.stderr.on('data', (text: Buffer) => {
      errors = (errors + text.toString()).slice(-4096);
    });
    child.on('close', () => resolve());
  });
  const samples: { at: number; bytes: number }[] = [];
  let began: number | undefined;
  void start.then((at) => {
    began = at;
  });
  let peak = 0;
  const sampler = setInterval(() => {
    const bytes = child.pid === undefined ? undefined : residentBytes(child.pid);
    if (bytes === undefined || began === undefined || finished !== undefined) return;
    peak = Math.max(peak, bytes);
    samples.push({ at: (performance.now() - began) / 1000, bytes });
  }, SAMPLE_MS);
  await ended;
  clearInterval(sampler);
  if (finished === undefined || began === undefined)
    throw new Error(`the client did not finish (exit ${String(child.exitCode)}): ${errors}${tail.slice(-400)}`);
  const held = /"heap":(\d+)/.exec(tail)?.[1];
  return {
    positions: count,
    seconds: (finished - began) / 1000,
    rss: samples,
    peak,
    cpu,
    held: held === undefined ? undefined : Number(held),
  };
}

/** The CLI's `connect`, as a user follows game 1 and sends the output to a file or a pipe. */
function cliContender(json: boolean) {
  return {
    name: json ? 'CLI connect --json' : 'CLI connect',
    run: (server: FloodServer, stream: Stream, count: number) =>
      measureChild(
        server,
        stream,
        count,
        [
          cliPath(),
          'connect',
          '--quiet',
          '--retries',
          '0',
          ...(json ? ['--json'] : []),
          '127.0.0.1',
          String(server.port),
          String(GAME),
        ],
        // The game's end is the last thing it prints.
        (tail) => tail.includes(json ? '"kind":"game-over"' : `game ${String(GAME)} is over`),
      ),
  };
}

/** The library alone: this bundle started again as `--flood-library PORT` (see `floodLibrary`). */
function libraryContender(mode: 'onEvent' | 'events') {
  return {
    name: mode === 'onEvent' ? 'client library (onEvent)' : 'client library (events())',
    run: (server: FloodServer, stream: Stream, count: number) =>
      measureChild(
        server,
        stream,
        count,
        ['--expose-gc', process.argv[1] as string, '--flood-library', String(server.port), mode],
        (tail) => tail.includes('"ended"'),
      ),
  };
}

/**
 * The child's side of the library contender: `createFicsClient` over the TCP transport observes
 * game 1 and counts the game's changes until it ends, read by `onEvent` or by an `events()`
 * iterator; prints one line of JSON at the end.
 */
export async function floodLibrary(port: number, mode: string): Promise<void> {
  let changes = 0;
  let dropped = 0;
  let ended: (() => void) | undefined;
  const over = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const onGame = (kind: string): void => {
    if (kind === 'game-ended') ended?.();
    else changes++;
  };
  const client = createFicsClient({
    transport: tcpTransport({ host: '127.0.0.1', port }),
    retries: 0,
    ...(mode === 'onEvent'
      ? { onEvent: (event) => (event.kind === 'game' ? onGame(event.event.kind) : undefined) }
      : {}),
  });
  if (mode === 'events')
    void (async () => {
      for await (const event of client.events()) {
        if (event.kind === 'game') onGame(event.event.kind);
        else if (event.kind === 'events-dropped') dropped += event.count;
        else if (event.kind === 'stopped') break;
      }
    })();
  const observed = await client.observe(GAME);
  if (!observed.ok) throw new Error(observed.error.message);
  await over;
  console.log(JSON.stringify({ ended: true, changes, dropped }));
  // What the client still holds once the flood is over (started with --expose-gc), after the timing.
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  if (collect !== undefined) console.log(JSON.stringify({ heap: process.memoryUsage().heapUsed }));
  client.close();
  await client.stopped;
}

const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)}`;

/** The sample nearest `fraction` of the run. */
function rssAt(run: Run, fraction: number): string {
  if (run.rss.length === 0) return 'n/a';
  const at = run.seconds * fraction;
  let best = run.rss[0] as Run['rss'][number];
  for (const sample of run.rss) if (Math.abs(sample.at - at) < Math.abs(best.at - at)) best = sample;
  return mb(best.bytes);
}

function printRun(name: string, run: Run): void {
  const rate = run.positions / run.seconds;
  console.log(
    `${name.padEnd(28)} ${`${(rate / 1000).toFixed(1)}k`.padStart(8)} ${`${(rate / GOAL).toFixed(2)}x`.padStart(7)} ${run.seconds.toFixed(2).padStart(7)} ${(run.cpu === undefined ? 'n/a' : `${(run.positions / run.cpu / 1000).toFixed(1)}k`).padStart(9)} ${rssAt(run, 0.1).padStart(7)} ${rssAt(run, 0.5).padStart(7)} ${rssAt(run, 1).padStart(7)} ${mb(run.peak).padStart(7)} ${(run.held === undefined ? '' : mb(run.held)).padStart(7)}`,
  );
}

/** `pnpm bench flood [positions ...]`: the default sizes are 100k and 1M. */
export async function runFlood(): Promise<void> {
  const cli = cliPath();
  const sizes = process.argv
    .slice(3)
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  const counts = sizes.length > 0 ? sizes : [100_000, 1_000_000];
  if (!existsSync(cli)) {
    console.log(`\nflood: no built CLI at ${cli}: run \`pnpm turbo run build --filter=@chess-formats/cli...\` first`);
    process.exitCode = 1;
    return;
  }
  console.log(
    `\nflood: style-12 boards of one observed game over loopback TCP, as fast as the client reads them; goal ${String(GOAL / 1000)}k positions/s; the CLI built ${statSync(cli).mtime.toISOString()}; load ${loadText()}`,
  );
  const contenders = [cliContender(false), cliContender(true), libraryContender('onEvent'), libraryContender('events')];
  const server = await floodServer();
  try {
    for (const stream of [shuffleStream(), unrelatedStream()]) {
      for (const count of counts) {
        console.log(`\n## ${stream.name}: ${count.toLocaleString('en')} positions`);
        console.log(
          `${'client'.padEnd(28)} ${'pos/s'.padStart(8)} ${'/goal'.padStart(7)} ${'s'.padStart(7)} ${'pos/cpu-s'.padStart(9)} ${'MB 10%'.padStart(7)} ${'MB 50%'.padStart(7)} ${'MB 100%'.padStart(7)} ${'MB peak'.padStart(7)} ${'MB held'.padStart(7)}`,
        );
        // One pass each, the order reversed for every other size, so a load that comes and goes falls on all alike.
        const order = counts.indexOf(count) % 2 === 0 ? contenders : [...contenders].reverse();
        for (const contender of order) printRun(contender.name, await contender.run(server, stream, count));
      }
    }
  } finally {
    await server.close();
  }
  console.log(`load after: ${loadText()}`);
}
