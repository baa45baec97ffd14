import type { TrackedGame } from '@chess-formats/board-core';
import { gameToPgn, writePgn } from '@chess-formats/pgn';
import { backoffDelay, type BackoffOptions, type Timers } from '@chess-formats/client';
import { bestGame, isGamesListEnd, parseGamesLine, type ListedGame } from './games-list.js';
import { LoginMachine, settingsCommands, type Credentials, type LoginAction } from '@chess-formats/client';
import { detectServer, OutputTail } from './output-tail.js';
import type { DecoderFactory, ServerDecoder, ServerEvent, ServerKind } from './protocol.js';
import { renderGameOver, renderPosition } from './render.js';
import { createBookPrinter } from './seek-lines.js';
import type { Connect, Connection } from '@chess-formats/client/node';
import { OutputFailure } from '../output.js';
import {
  createTimesealPingFilter,
  encodeTimeseal,
  timesealHello,
  timesealPingReply,
  type TimesealPingFilter,
} from '@chess-formats/fics';

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
  readonly decoders: DecoderFactory;
  readonly timers: Timers;
  readonly credentials: Credentials;
  readonly out: (text: string) => void | Promise<void>;
  readonly err: (text: string) => void | Promise<void>;
  /** Aborted on Ctrl-C (reason `SIGINT`) or a termination request (reason `SIGTERM`). */
  readonly signal: AbortSignal;
  readonly backoff: BackoffOptions;
  /** From the connection to the end of the login. */
  readonly loginTimeoutMs: number;
  /** From the login to the first position of the observed game. */
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

/** How one connection ended. */
type ConnectionEnd =
  | { readonly kind: 'done' }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'failed'; readonly message: string; readonly retry: boolean; readonly loggedIn: boolean }
  | { readonly kind: 'dropped'; readonly loggedIn: boolean };

/** At most this many garbage warnings a connection: a hostile stream cannot flood the terminal. */
const MAX_GARBAGE_WARNINGS = 5;

/** Text that answers `observe` when it cannot be done, on FICS and ICC. */
const OBSERVE_REFUSED = /no such game|not playing a game|is a private game|not logged in|ambiguous|no one/i;

/** Largest chunk scanned for the greeting's server name (the tail keeps the end anyway). */
const GREETING_SCAN = 64 * 1024;

function latin1(chunk: Uint8Array): string {
  let text = '';
  const end = Math.min(chunk.length, GREETING_SCAN);
  for (let i = 0; i < end; i++) text += String.fromCharCode(chunk[i] ?? 0);
  return text;
}

/**
 * Timeseal version 2 (zseal's, what freechess.org's port 5000 and its web client speak): the
 * server's pings are `[G]` and a NUL.
 */
const TIMESEAL_VERSION = 2;

/** Bytes as text, one character a byte, and back: the ping filter works on text, the decoders on bytes. */
const bytesText = (chunk: Uint8Array): string =>
  Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).toString('latin1');
const textBytes = (text: string): Uint8Array => Uint8Array.from(Buffer.from(text, 'latin1'));

/** Shared state of the whole command across reconnections. */
interface Progress {
  /** What to observe: the named game, then the number of the game once it is known. */
  target: string | undefined;
  game: number | undefined;
  printed: number;
  lastPrinted: string | undefined;
}

async function runConnection(options: ConnectOptions, deps: ConnectDeps, progress: Progress): Promise<ConnectionEnd> {
  const stopped = (): ConnectionEnd => ({ kind: 'stopped' });
  let connection: Connection;
  try {
    connection = await deps.connect(options.host, options.port, deps.signal);
  } catch (error) {
    if (deps.signal.aborted) return stopped();
    const reason = error instanceof Error ? error.message : String(error);
    return {
      kind: 'failed',
      message: `cannot connect to ${options.host}:${String(options.port)}: ${reason}`,
      retry: true,
      loggedIn: false,
    };
  }
  const info = async (text: string) => {
    if (!options.quiet) await deps.err(`chess-formats: ${text}\n`);
  };

  let end: ConnectionEnd | undefined;
  let loggedIn = false;
  let server: ServerKind | undefined = options.server === 'auto' ? undefined : options.server;
  let sawIccGreeting = false;
  let decoder: ServerDecoder | undefined;
  let login: LoginMachine | undefined;
  let phase: 'login' | 'listing' | 'observing' | 'seeking' = 'login';
  /** With --seeks, this connection's seek and offer books (a new connection starts them empty). */
  const books = options.seeks === true ? createBookPrinter() : undefined;
  let best: ListedGame | undefined;
  let garbage = 0;
  /** Positions of the observed game on this connection: before the first, a refusal is read. */
  let positionsHere = 0;
  let cancelTimer = () => {};
  const tail = new OutputTail();
  const clock = deps.clock ?? Date.now;
  /** Timeseal's ping filter once the hello went out (FICS, unless --no-timeseal). */
  let seal: TimesealPingFilter | undefined;

  const send = (line: string) => {
    if (end === undefined) connection.write(seal === undefined ? `${line}\n` : encodeTimeseal(line, clock()));
  };
  const finish = (result: ConnectionEnd, farewell?: string) => {
    if (end !== undefined) return;
    end = result;
    cancelTimer();
    if (farewell === undefined || !loggedIn) connection.close();
    else if (seal === undefined) connection.close(`${farewell}\n`);
    else {
      // The farewell is sealed like every line; closing with an empty one still lets it reach the server.
      connection.write(encodeTimeseal(farewell, clock()));
      connection.close('');
    }
  };
  const onAbort = () => finish(stopped(), 'quit');
  /** With `--pgn`, appends the ended game to the file; returns why it could not, if it could not. */
  const saveGame = async (game: TrackedGame | undefined, kind: ServerKind): Promise<string | undefined> => {
    if (options.pgn === undefined || game === undefined) return undefined;
    const record = gameToPgn(game, {
      server: kind === 'fics' ? 'FICS' : 'ICC',
      site: options.host,
      date: (deps.now ?? (() => new Date()))(),
    });
    try {
      if (deps.appendFile === undefined) throw new Error('no file writer');
      // A blank line after each game keeps a file of appended games one PGN database.
      await deps.appendFile(options.pgn, `${writePgn(record)}\n`);
      return undefined;
    } catch (error) {
      return `cannot write ${options.pgn}: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
  deps.signal.addEventListener('abort', onAbort, { once: true });
  if (deps.signal.aborted) onAbort();
  // A login that does not finish is worth another connection; a server that accepted us but
  // sends no list or position would do the same again.
  const startTimer = (ms: number, message: string, retry: boolean) => {
    cancelTimer();
    cancelTimer = deps.timers.start(ms, () => finish({ kind: 'failed', message, retry, loggedIn }, 'quit'));
  };
  const guessed = options.server === 'auto' ? ' (if the server is not what its greeting suggested, pass --server)' : '';
  startTimer(deps.loginTimeoutMs, `no login within ${String(deps.loginTimeoutMs / 1000)} s${guessed}`, true);

  const observe = (target: string) => {
    phase = 'observing';
    send(`observe ${target}`);
    startTimer(
      deps.observeTimeoutMs,
      `no position of game ${target} within ${String(deps.observeTimeoutMs / 1000)} s`,
      false,
    );
  };

  const apply = async (action: LoginAction, kind: ServerKind) => {
    if (action.kind === 'wait') return;
    tail.clear();
    if (action.kind === 'send') {
      send(action.line);
      return;
    }
    if (action.kind === 'failed') {
      finish({ kind: 'failed', message: action.message, retry: action.retry, loggedIn });
      return;
    }
    loggedIn = true;
    await info(`logged in to ${options.host} (${kind.toUpperCase()}) as ${action.name}`);
    for (const command of settingsCommands(kind)) send(command);
    if (books !== undefined) {
      cancelTimer();
      if (kind !== 'fics') {
        finish({ kind: 'failed', message: '--seeks lists the seeks of FICS only', retry: false, loggedIn }, 'quit');
        return;
      }
      // The books of a new connection start empty: say so when lines were printed before.
      if (progress.printed > 0) await deps.out(`${JSON.stringify({ kind: 'books-cleared' })}\n`);
      phase = 'seeking';
      // seekinfo last: the server sends the whole list when it is set after the login.
      for (const command of ['iset seekremove 1', 'iset pendinfo 1', 'iset seekinfo 1']) send(command);
      return;
    }
    if (progress.target !== undefined) {
      observe(progress.target);
    } else {
      phase = 'listing';
      send('games');
      startTimer(deps.observeTimeoutMs, `no games list within ${String(deps.observeTimeoutMs / 1000)} s`, false);
    }
  };

  const onEvent = async (event: ServerEvent, kind: ServerKind) => {
    switch (event.kind) {
      case 'datagram':
        if (phase === 'login' && login !== undefined) await apply(login.onDatagram(event.id, event.args), kind);
        return;
      case 'book': {
        if (phase !== 'seeking' || books === undefined) return;
        for (const line of books.push(event.event)) {
          await deps.out(`${JSON.stringify(line)}\n`);
          progress.printed++;
          if (options.count !== undefined && progress.printed >= options.count) {
            finish({ kind: 'done' }, 'quit');
            return;
          }
        }
        return;
      }
      case 'garbage':
        garbage++;
        if (garbage <= MAX_GARBAGE_WARNINGS) await info(`skipped unreadable server output (${event.message})`);
        return;
      case 'line':
        if (phase === 'listing') {
          const listed = parseGamesLine(event.text);
          if (listed !== undefined) best = bestGame(best === undefined ? [listed] : [best, listed]);
          if (isGamesListEnd(event.text)) {
            if (best === undefined) {
              finish(
                { kind: 'failed', message: 'the server lists no game to observe', retry: false, loggedIn },
                'quit',
              );
              return;
            }
            await info(
              `observing the best game: ${String(best.game)} ${best.white} (${String(best.whiteRating)}) vs ${best.black} (${String(best.blackRating)})`,
            );
            observe(String(best.game));
          }
        } else if (phase === 'observing' && positionsHere === 0 && OBSERVE_REFUSED.test(event.text)) {
          finish(
            {
              kind: 'failed',
              message: `cannot observe ${progress.target ?? 'the game'}: ${event.text.trim()}`,
              retry: false,
              loggedIn,
            },
            'quit',
          );
        }
        return;
      case 'position': {
        const { position } = event;
        if (phase !== 'observing') return;
        if (progress.game === undefined) {
          progress.game = position.game;
          progress.target = String(position.game);
          cancelTimer();
        }
        if (position.game !== progress.game) return;
        positionsHere++;
        cancelTimer();
        // A server resends a position (a refresh, the end of a game): print it once.
        const text = renderPosition(position, kind, options.json);
        if (text === progress.lastPrinted) return;
        progress.lastPrinted = text;
        await deps.out(text);
        progress.printed++;
        if (options.count !== undefined && progress.printed >= options.count) finish({ kind: 'done' }, 'quit');
        return;
      }
      case 'game-over': {
        if (progress.game === undefined || event.game !== progress.game) return;
        const saved = await saveGame(event.tracked, kind);
        await deps.out(renderGameOver(event.game, event.result, kind, options.json, event.reason));
        finish(
          saved === undefined ? { kind: 'done' } : { kind: 'failed', message: saved, retry: false, loggedIn },
          'quit',
        );
        return;
      }
    }
  };

  /**
   * Reads one chunk of the server's output. A fault while handling it (printing a position,
   * writing a game) is ours, not the connection's: the command ends with it, and a server is
   * never called again for a fault that would recur on every connection.
   */
  const handle = async (chunk: Uint8Array) => {
    try {
      await read(chunk);
    } catch (error) {
      if (error instanceof OutputFailure) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      finish(
        { kind: 'failed', message: `could not handle the server's output: ${reason}`, retry: false, loggedIn },
        'quit',
      );
    }
  };
  /** The server's pings taken out of its output and answered at once (a late answer is charged to the mover). */
  const unseal = (chunk: Uint8Array): Uint8Array => {
    if (seal === undefined) return chunk;
    const { text, pings } = seal.push(bytesText(chunk));
    for (let i = 0; i < pings && end === undefined; i++) connection.write(timesealPingReply(clock()));
    return pings === 0 && text.length === chunk.length ? chunk : textBytes(text);
  };
  const read = async (sealed: Uint8Array) => {
    const chunk = unseal(sealed);
    if (phase === 'login') {
      const text = tail.push(chunk);
      if (server === undefined)
        sawIccGreeting ||= detectServer(text) === 'icc' || detectServer(latin1(chunk)) === 'icc';
      if (login === undefined && /login:\s*$/.test(text.slice(-64))) {
        server ??= sawIccGreeting ? 'icc' : 'fics';
        decoder = deps.decoders(server);
        login = new LoginMachine(server, deps.credentials);
        if (server === 'fics' && options.timeseal !== false) {
          // The hello is the first line, before the login is answered: the server then reads every line sealed.
          connection.write(timesealHello(TIMESEAL_VERSION, clock()));
          seal = createTimesealPingFilter(TIMESEAL_VERSION);
        }
        // The greeting before the first prompt is not for the decoder; everything after is.
        await apply(login.onText(text), server);
        return;
      }
    }
    if (decoder === undefined || server === undefined) return;
    for (const event of decoder.push(chunk)) {
      await onEvent(event, server);
      if (end !== undefined) break;
    }
    if (end === undefined && phase === 'login' && login !== undefined) await apply(login.onText(tail.value), server);
  };

  try {
    for await (const chunk of connection.chunks) {
      if (end !== undefined) break;
      await handle(chunk);
    }
  } catch (error) {
    // Output that cannot be written ends the command (main applies the rule of every command);
    // reconnecting would not help.
    if (error instanceof OutputFailure) {
      connection.close();
      throw error;
    }
    // A reset or a destroyed socket ends the iteration with an error: it is a drop like any other.
  } finally {
    deps.signal.removeEventListener('abort', onAbort);
    cancelTimer();
  }
  if (end !== undefined) return end;
  connection.close();
  return { kind: 'dropped', loggedIn };
}

/**
 * `chess-formats connect`: connects, logs in, observes, prints positions; reconnects with
 * backoff after a drop. Returns the exit status (EXIT).
 */
export async function runConnect(options: ConnectOptions, deps: ConnectDeps): Promise<number> {
  const progress: Progress = { target: options.game, game: undefined, printed: 0, lastPrinted: undefined };
  const info = async (text: string) => {
    if (!options.quiet) await deps.err(`chess-formats: ${text}\n`);
  };
  let failures = 0;
  for (;;) {
    const end = await runConnection(options, deps, progress);
    if (end.kind === 'done') return EXIT.done;
    if (end.kind === 'stopped' || deps.signal.aborted) {
      return deps.signal.reason === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
    }
    if (end.kind === 'failed' && !end.retry) {
      await deps.err(`chess-formats: ${end.message}\n`);
      return EXIT.failed;
    }
    if (end.loggedIn) failures = 0;
    failures++;
    const why = end.kind === 'failed' ? end.message : 'the connection was closed';
    if (failures > options.retries) {
      await deps.err(`chess-formats: ${why}; giving up after ${String(options.retries)} reconnection attempts\n`);
      return EXIT.failed;
    }
    const delay = backoffDelay(failures, deps.backoff);
    await info(
      `${why}; reconnecting in ${String(delay / 1000)} s (attempt ${String(failures)} of ${String(options.retries)})`,
    );
    await deps.timers.sleep(delay, deps.signal);
  }
}
