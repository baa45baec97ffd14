import type { TrackedGame } from '@chess-formats/board-core';
import { gameToPgn, writePgn } from '@chess-formats/pgn';
import { parseGamesRow, type FicsEvent } from '@chess-formats/fics';
import {
  backoffDelay,
  createFicsClient,
  createIccClient,
  type BackoffOptions,
  type ClientStop,
  type Credentials,
  type FicsClientEvent,
  type IccClientEvent,
  type Timers,
  type Transport,
} from '@chess-formats/client';
import type { Connect, Connection } from '@chess-formats/client/node';
import { OutputFailure } from '../output.js';
import { detectServer, OutputTail } from './output-tail.js';
import type { ObservedPosition, ServerKind } from './protocol.js';
import { renderGameOver, renderPosition } from './render.js';
import { createBookPrinter, type BookPrinter } from './seek-lines.js';

export interface ConnectOptions {
  readonly host: string;
  readonly port: number;
  /** `auto` reads the server's greeting (see detectServer). */
  readonly server: ServerKind | 'auto';
  /** A game number or a player's name; undefined observes the best game of the `games` list. */
  readonly game: string | undefined;
  readonly json: boolean;
  /** Stop (exit 0) after this many positions. */
  readonly count: number | undefined;
  /** Reconnection attempts after a drop or a failed connection, before giving up. */
  readonly retries: number;
  /** No progress messages on standard error (errors still go there). */
  readonly quiet: boolean;
  /** A file to append the observed game to, as PGN, when it ends. */
  readonly pgn?: string;
  /** Timeseal on FICS (the default; `--no-timeseal` turns it off). ICC has no timeseal. */
  readonly timeseal?: boolean;
  /** List the seeks and offers as they change instead of observing a game. */
  readonly seeks?: boolean;
}

export interface ConnectDeps {
  readonly connect: Connect;
  readonly timers: Timers;
  readonly credentials: Credentials;
  readonly out: (text: string) => void | Promise<void>;
  readonly err: (text: string) => void | Promise<void>;
  /** Aborted on Ctrl-C (reason `SIGINT`) or a termination request (reason `SIGTERM`). */
  readonly signal: AbortSignal;
  readonly backoff: BackoffOptions;
  /** From the connection to the end of the login. */
  readonly loginTimeoutMs: number;
  /** From the login to the first position of the observed game (and the longest a command's reply may take). */
  readonly observeTimeoutMs: number;
  /** Appends text to a file (for `--pgn`); required when `pgn` is given. */
  readonly appendFile?: (path: string, text: string) => Promise<void>;
  /** The date of a game record (default: now). */
  readonly now?: () => Date;
  /** The clock timeseal stamps each line with, in milliseconds (default `Date.now`). */
  readonly clock?: () => number;
}

/** Exit statuses of `connect` (documented in the README). */
export const EXIT = { done: 0, failed: 1, usage: 2, interrupted: 130, terminated: 143 } as const;

/** Output waiting past this many characters is written at once rather than after the read in hand. */
const OUTPUT_BATCH = 64 * 1024;

/** At most this many garbage warnings a connection: a hostile stream cannot flood the terminal. */
const MAX_GARBAGE_WARNINGS = 5;

/** Text that answers `observe` when it cannot be done, on FICS and ICC. */
const OBSERVE_REFUSED = /no such game|not playing a game|is a private game|not logged in|ambiguous|no one/i;

/** The end of the output that a login prompt ends (prompts come without a line end). */
const LOGIN_PROMPT = /login:\s*$/;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const interruptedStatus = (signal: AbortSignal): number =>
  signal.reason === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;

/**
 * A connection whose first chunks were read already (to read the greeting): they come again,
 * then the rest, so the client sees the whole conversation.
 */
function replaying(connection: Connection, seen: readonly Uint8Array[], rest: AsyncIterator<Uint8Array>): Connection {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield* seen;
    try {
      for (;;) {
        const next = await rest.next();
        if (next.done === true) return;
        yield next.value;
      }
    } finally {
      void Promise.resolve()
        .then(() => rest.return?.())
        .catch(() => undefined);
    }
  }
  return { chunks: chunks(), write: (data) => connection.write(data), close: (farewell) => connection.close(farewell) };
}

/** What the greeting of one connection said, or why it said nothing. */
type Greeting =
  | { readonly kind: 'read'; readonly server: ServerKind; readonly connection: Connection }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'stopped' };

/**
 * Reads the greeting up to the first login prompt and tells an ICC from a FICS (detectServer).
 * Server detection is the command's, not the clients': a client is made for one server.
 */
async function readGreeting(connection: Connection, deps: ConnectDeps): Promise<Greeting> {
  const iterator = connection.chunks[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  const tail = new OutputTail();
  let icc = false;
  let cancel = (): void => undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    cancel = deps.timers.start(deps.loginTimeoutMs, () => resolve('timeout'));
  });
  let onAbort = (): void => undefined;
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    deps.signal.addEventListener('abort', onAbort, { once: true });
  });
  if (deps.signal.aborted) onAbort();
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), timedOut, aborted]).catch(() => ({ done: true }) as const);
      if (next === 'aborted') {
        connection.close();
        return { kind: 'stopped' };
      }
      if (next === 'timeout') {
        connection.close();
        return {
          kind: 'failed',
          message: `no login prompt within ${String(deps.loginTimeoutMs / 1000)} s (if the server is not a FICS or an ICC, pass --server)`,
        };
      }
      if (next.done === true) {
        connection.close();
        return { kind: 'failed', message: 'the server closed the connection' };
      }
      seen.push(next.value);
      const text = tail.push(next.value);
      icc ||= detectServer(text) === 'icc';
      if (LOGIN_PROMPT.test(text.slice(-64)))
        return { kind: 'read', server: icc ? 'icc' : 'fics', connection: replaying(connection, seen, iterator) };
    }
  } finally {
    cancel();
    deps.signal.removeEventListener('abort', onAbort);
  }
}

/** The first connection, its server told from the greeting; connections that fail before it are retried with backoff. */
async function firstConnection(
  options: ConnectOptions,
  deps: ConnectDeps,
  info: (text: string) => Promise<void>,
): Promise<{ readonly server: ServerKind; readonly connection: Connection } | number> {
  let failures = 0;
  for (;;) {
    let greeting: Greeting;
    try {
      const connection = await deps.connect(options.host, options.port, deps.signal);
      greeting = await readGreeting(connection, deps);
    } catch (error) {
      greeting = deps.signal.aborted
        ? { kind: 'stopped' }
        : { kind: 'failed', message: `cannot connect: ${message(error)}` };
    }
    if (greeting.kind === 'stopped' || deps.signal.aborted) return interruptedStatus(deps.signal);
    if (greeting.kind === 'read') return greeting;
    failures++;
    if (failures > options.retries) {
      const tries = `${String(options.retries)} reconnection attempt${options.retries === 1 ? '' : 's'}`;
      await deps.err(`chess-formats: ${greeting.message}; gave up after ${tries}\n`);
      return EXIT.failed;
    }
    const delay = backoffDelay(failures, deps.backoff);
    await info(
      `${greeting.message}; reconnecting in ${String(delay / 1000)} s (attempt ${String(failures)} of ${String(options.retries)})`,
    );
    await deps.timers.sleep(delay, deps.signal);
  }
}

/** One played, public game of a `games` list. */
interface Listed {
  readonly game: number;
  readonly white: string;
  readonly whiteRating: string;
  readonly black: string;
  readonly blackRating: string;
}

/** A rating word's number: `2288`, `1790E`; `++++` (unregistered) and `----` (unrated) count as 0. */
const ratingValue = (word: string): number => Number.parseInt(word, 10) || 0;

/**
 * A row of ICC's `games` list: `number rating name rating name [flags time inc] clocks...`, the
 * same words as FICS's but another bracket (`[ B  3  0]`: the rating type's letter, no rated
 * letter), which the fics package's reader refuses. Private games (`[p`) are not candidates.
 * Tokens, not a regex over the whole line, so a hostile line costs linear time.
 */
function iccGamesRow(line: string): Listed | undefined {
  if (line.length > 400) return undefined;
  const [number, whiteRating, white, blackRating, black, bracket] = line.trim().split(/\s+/);
  if (number === undefined || !/^\d{1,6}$/.test(number) || bracket === undefined) return undefined;
  if (!bracket.startsWith('[') || bracket.startsWith('[p')) return undefined;
  const rating = /^(\d{1,4}[EP]?|[+-]{4})$/;
  if (!rating.test(whiteRating ?? '') || !rating.test(blackRating ?? '')) return undefined;
  if (!/^\w{1,20}$/.test(white ?? '') || !/^\w{1,20}$/.test(black ?? '')) return undefined;
  return {
    game: Number(number),
    white: white as string,
    whiteRating: whiteRating as string,
    black: black as string,
    blackRating: blackRating as string,
  };
}

/** A row of a `games` list: FICS's through the fics package's reader; examined, set-up and private games left out. */
function gamesRow(line: string, server: ServerKind): Listed | undefined {
  if (server === 'icc') return iccGamesRow(line);
  const row = parseGamesRow(line);
  if (!row.ok || row.value.examined || row.value.setup || row.value.private) return undefined;
  const { gameNumber, white, black } = row.value;
  return {
    game: gameNumber,
    white: white.name,
    whiteRating: white.rating.text,
    black: black.name,
    blackRating: black.rating.text,
  };
}

/** The game of a `games` list with the highest sum of ratings (the lower number on a tie). */
export function bestListed(lines: readonly string[], server: ServerKind): Listed | undefined {
  let best: Listed | undefined;
  let bestSum = -1;
  for (const line of lines) {
    const row = gamesRow(line, server);
    if (row === undefined) continue;
    const sum = ratingValue(row.whiteRating) + ratingValue(row.blackRating);
    if (best === undefined || sum > bestSum || (sum === bestSum && row.game < best.game)) {
      best = row;
      bestSum = sum;
    }
  }
  return best;
}

const observedPosition = (game: TrackedGame, lastMove: string | undefined): ObservedPosition => ({
  game: game.gameNumber,
  white: game.white.name,
  black: game.black.name,
  setup: game.setup,
  whiteClockMs: game.clocks.white,
  blackClockMs: game.clocks.black,
  lastMove,
});

/** How the command ends, once it knows. */
interface Outcome {
  readonly status: number;
  readonly message?: string;
}

/**
 * `chess-formats connect`: tells the server from its greeting (or `--server`), then lets
 * `createFicsClient` or `createIccClient` log in, observe, reconnect with backoff and keep the
 * game; prints each position, the end, and with `--pgn` appends the whole game. Returns the
 * exit status (EXIT).
 */
export async function runConnect(options: ConnectOptions, deps: ConnectDeps): Promise<number> {
  const info = async (text: string) => {
    if (!options.quiet) await deps.err(`chess-formats: ${text}\n`);
  };
  let server: ServerKind;
  let probed: Connection | undefined;
  if (options.server === 'auto') {
    const first = await firstConnection(options, deps, info);
    if (typeof first === 'number') return first;
    server = first.server;
    probed = first.connection;
  } else server = options.server;

  const transport: Transport = (signal) => {
    const connection = probed;
    probed = undefined;
    return connection === undefined ? deps.connect(options.host, options.port, signal) : Promise.resolve(connection);
  };
  const common = {
    transport,
    credentials: deps.credentials,
    retries: options.retries,
    backoff: deps.backoff,
    loginTimeoutMs: deps.loginTimeoutMs,
    commandTimeoutMs: deps.observeTimeoutMs,
    timers: deps.timers,
    signal: deps.signal,
  };
  const fics =
    server === 'fics'
      ? createFicsClient({ ...common, timeseal: options.timeseal === false ? false : 2, clock: deps.clock ?? Date.now })
      : undefined;
  const icc = server === 'icc' ? createIccClient(common) : undefined;
  const client = fics ?? icc;
  if (client === undefined) return EXIT.failed;
  const events: AsyncIterable<FicsClientEvent | IccClientEvent> = client.events();

  let outcome: Outcome | undefined;
  const finish = (status: number, why?: string): void => {
    if (outcome !== undefined) return;
    outcome = why === undefined ? { status } : { status, message: why };
    cancelTimer();
    client.close();
  };
  let cancelTimer = (): void => undefined;
  const startTimer = (ms: number, why: string): void => {
    cancelTimer();
    cancelTimer = deps.timers.start(ms, () => finish(EXIT.failed, why));
  };

  /**
   * Standard output is written in batches: what the events of one read from the socket print
   * goes out in one write, after them (or at once past `OUTPUT_BATCH`), since a write per
   * position costs more than reading the position under a flood. A write that fails is thrown
   * by the next `write` or by the last flush, and ends the command as before.
   */
  let pendingOutput = '';
  let flushing: Promise<void> = Promise.resolve();
  let flushScheduled = false;
  let outputFailure: { readonly error: unknown } | undefined;
  const flush = (): Promise<void> => {
    const text = pendingOutput;
    pendingOutput = '';
    if (text !== '')
      flushing = flushing
        .then(() => deps.out(text))
        .catch((error: unknown) => {
          outputFailure ??= { error };
        });
    return flushing;
  };
  const throwOutputFailure = (): void => {
    if (outputFailure !== undefined) throw outputFailure.error;
  };
  const write = async (text: string): Promise<void> => {
    throwOutputFailure();
    pendingOutput += text;
    if (pendingOutput.length >= OUTPUT_BATCH) {
      // The pipe's pace holds the reading back: memory stays bounded however fast the server.
      await flush();
      throwOutputFailure();
    } else if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(() => {
        flushScheduled = false;
        void flush();
      });
    }
  };

  /** What to observe (the named game, then its number once known) and what was printed, across reconnections. */
  let target = options.game;
  let gameNumber = target !== undefined && /^\d+$/.test(target) ? Number(target) : undefined;
  let printed = 0;
  let lastPrinted: string | undefined;
  let logins = 0;
  let lastDrop = 'the server closed the connection';
  /** Per connection: garbage warnings, positions of the game, the books of --seeks. */
  let garbage = 0;
  let positionsHere = 0;
  let books: BookPrinter | undefined;
  /** Whether `--seeks` lines are being printed (from the first login on). */
  let listing = false;
  /** The algebraic text of the move into each game's position, shown beside it (only of the game observed, once known). */
  const lastSan = new Map<number, string | undefined>();
  const noteSan = (game: number, san: string | undefined): void => {
    if (gameNumber === undefined || game === gameNumber) lastSan.set(game, san);
  };
  const observeWait = () => `no position of game ${target ?? '?'} within ${String(deps.observeTimeoutMs / 1000)} s`;

  const saveGame = async (game: TrackedGame): Promise<string | undefined> => {
    if (options.pgn === undefined) return undefined;
    const record = gameToPgn(game, {
      server: server === 'fics' ? 'FICS' : 'ICC',
      site: options.host,
      date: (deps.now ?? (() => new Date()))(),
    });
    try {
      if (deps.appendFile === undefined) throw new Error('no file writer');
      // A blank line after each game keeps a file of appended games one PGN database.
      await deps.appendFile(options.pgn, `${writePgn(record)}\n`);
      return undefined;
    } catch (error) {
      return `cannot write ${options.pgn}: ${message(error)}`;
    }
  };

  const observeFirst = async (what: string): Promise<void> => {
    target = what;
    startTimer(deps.observeTimeoutMs, observeWait());
    const reply = await client.observe(what);
    if (outcome !== undefined) return;
    if (!reply.ok) {
      const why = reply.error.message;
      finish(EXIT.failed, why.startsWith('cannot observe') ? why : `cannot observe ${what}: ${why}`);
      return;
    }
    const refusal = reply.value.lines.find((line) => OBSERVE_REFUSED.test(line));
    if (refusal !== undefined && positionsHere === 0) finish(EXIT.failed, `cannot observe ${what}: ${refusal.trim()}`);
  };

  const observeBest = async (): Promise<void> => {
    startTimer(deps.observeTimeoutMs, `no games list within ${String(deps.observeTimeoutMs / 1000)} s`);
    const reply = await client.command('games');
    if (outcome !== undefined) return;
    if (!reply.ok) {
      finish(EXIT.failed, `cannot list the games: ${reply.error.message}`);
      return;
    }
    const best = bestListed(reply.value.lines, server);
    if (best === undefined) {
      finish(EXIT.failed, 'the server lists no game to observe');
      return;
    }
    gameNumber = best.game;
    await info(
      `observing the best game: ${String(best.game)} ${best.white} (${best.whiteRating}) vs ${best.black} (${best.blackRating})`,
    );
    await observeFirst(String(best.game));
  };

  const onLogin = async (name: string): Promise<void> => {
    logins++;
    garbage = 0;
    positionsHere = 0;
    await info(`logged in to ${options.host} (${server.toUpperCase()}) as ${name}`);
    if (options.seeks === true) {
      // The books of a new connection start empty: say so when lines were printed before.
      if (listing && printed > 0) await write(`${JSON.stringify({ kind: 'books-cleared' })}\n`);
      listing = true;
      // FICS's books are kept here from the session reader's events; ICC's client keeps its own.
      if (server === 'fics') books = createBookPrinter();
      return;
    }
    // After a reconnection the client observes again what it observed; a game gone meanwhile says so, or sends nothing.
    if (logins > 1) startTimer(deps.observeTimeoutMs, observeWait());
    else if (target === undefined) void observeBest();
    else void observeFirst(target);
  };

  const printPosition = async (game: TrackedGame): Promise<void> => {
    if (target === undefined || game.relation !== 'observing') return;
    if (gameNumber === undefined) gameNumber = game.gameNumber;
    if (game.gameNumber !== gameNumber) return;
    if (positionsHere === 0) cancelTimer();
    positionsHere++;
    target = String(gameNumber);
    // A server resends a position (a refresh, the end of a game, a move list adopted): print it once.
    const text = renderPosition(observedPosition(game, lastSan.get(game.gameNumber)), server, options.json);
    if (text === lastPrinted) return;
    lastPrinted = text;
    await write(text);
    printed++;
    if (options.count !== undefined && printed >= options.count) finish(EXIT.done);
  };

  const onGameOver = async (game: TrackedGame, result: string, reason: string | undefined): Promise<void> => {
    if (gameNumber === undefined || game.gameNumber !== gameNumber) return;
    const saved = await saveGame(game);
    await write(renderGameOver(game.gameNumber, result, server, options.json, reason));
    finish(saved === undefined ? EXIT.done : EXIT.failed, saved);
  };

  const skipped = async (why: string): Promise<void> => {
    garbage++;
    if (garbage <= MAX_GARBAGE_WARNINGS) await info(`skipped unreadable server output (${why})`);
  };

  const onFics = async (event: FicsEvent): Promise<void> => {
    if (event.kind === 'board') {
      const san = event.record.sanMove;
      noteSan(event.record.gameNumber, san === 'none' ? undefined : san);
    } else if (event.kind === 'error') await skipped(`${event.error.code}: ${event.error.message}`);
    else if (event.kind === 'text' && logins > 1 && positionsHere === 0 && target !== undefined) {
      // The observation the client sent again after a reconnection was refused: the game is gone.
      if (OBSERVE_REFUSED.test(event.text)) finish(EXIT.failed, `cannot observe ${target}: ${event.text.trim()}`);
    }
    if (books === undefined) return;
    for (const line of books.push(event)) {
      await printBookLine(line);
      if (outcome !== undefined) return;
    }
  };

  /** One change of the seek or offer books, with `--seeks`. */
  const printBookLine = async (line: object): Promise<void> => {
    await write(`${JSON.stringify(line)}\n`);
    printed++;
    if (options.count !== undefined && printed >= options.count) finish(EXIT.done);
  };

  const onEvent = async (event: FicsClientEvent | IccClientEvent): Promise<void> => {
    switch (event.kind) {
      case 'logged-in':
        return onLogin(event.name);
      case 'disconnected':
        cancelTimer();
        lastDrop = event.error.message;
        return;
      case 'reconnecting':
        return info(
          `${lastDrop}; reconnecting in ${String(event.delayMs / 1000)} s (attempt ${String(event.attempt)} of ${String(options.retries)})`,
        );
      case 'fics':
        return onFics(event.event);
      case 'problem':
        return skipped(`${event.error.code}: ${event.error.message}`);
      case 'overflow':
        return skipped('the server discarded output (control-Z: its buffer for us was full)');
      case 'datagram': {
        const { datagram } = event;
        const fields = datagram.fields;
        if (fields === null || !('gameNumber' in fields)) return;
        const number = fields.gameNumber as number;
        if (datagram.name === 'DG_POSITION_BEGIN' || datagram.name === 'DG_SET_BOARD' || datagram.name === 'DG_FEN')
          noteSan(number, undefined);
        else if (datagram.name === 'DG_MOVE_LIST') noteSan(number, datagram.fields.moves.at(-1)?.algebraicMove);
        else if (datagram.name === 'DG_SEND_MOVES') noteSan(number, datagram.fields.algebraicMove);
        return;
      }
      case 'position-complete':
        return printPosition(event.game);
      case 'game': {
        const change = event.event;
        if (change.kind === 'game-ended') return onGameOver(change.game, change.result, change.reason);
        // ICC's positions are printed once their clocks are known (position-complete).
        if (server === 'fics' && change.kind !== 'game-left') return printPosition(change.game);
        return;
      }
      case 'seek':
      case 'seek-removed':
      case 'offer':
      case 'offer-removed':
        // ICC's book changes, as its client keeps the books (FICS's come through onFics).
        return listing ? printBookLine(event) : undefined;
      case 'events-dropped':
        return info(`fell behind the server: ${String(event.count)} events skipped`);
      default:
        return;
    }
  };

  let failure: unknown;
  try {
    for await (const event of events) {
      if (outcome !== undefined) break;
      try {
        await onEvent(event);
      } catch (error) {
        // Output that cannot be written ends the command (main applies the rule of every command).
        if (error instanceof OutputFailure) throw error;
        // A fault of ours (printing, writing a game) would recur on every connection: the
        // command ends with it, and the server is never called again for it.
        finish(EXIT.failed, `could not handle the server's output: ${message(error)}`);
      }
    }
  } catch (error) {
    failure = error;
    finish(EXIT.failed);
  } finally {
    cancelTimer();
  }
  await flush();
  if (failure === undefined && outputFailure !== undefined) {
    failure = outputFailure.error;
    finish(EXIT.failed);
  }
  const stop: ClientStop = await client.stopped;
  if (failure !== undefined) throw failure;
  if (outcome !== undefined) {
    if (outcome.message !== undefined) await deps.err(`chess-formats: ${outcome.message}\n`);
    return outcome.status;
  }
  if (stop.kind === 'closed') return interruptedStatus(deps.signal);
  await deps.err(`chess-formats: ${stop.error.message}\n`);
  return EXIT.failed;
}
