import { appendFile } from 'node:fs/promises';
import { DEFAULT_BACKOFF, realTimers } from '@chess-formats/client';
import type { Credentials } from '@chess-formats/client';
import type { ServerKind } from './connect/protocol.js';
import { EXIT, runConnect, type ConnectDeps, type ConnectOptions } from './connect/session.js';
import { tcpConnect } from '@chess-formats/client/node';
import { err, ok, type Result } from '@chess-formats/board-core';
import type { CommandArgs, CommandSpec, ValueCheck } from './command-args.js';
import { defineCommand, parseInvocation, type DefinedCommand, type Invocation } from './command.js';
import type { CommandIo } from './fen-command.js';

/** The environment variable read for the password unless `--password-env` names another. */
export const DEFAULT_PASSWORD_ENV = 'CHESS_FORMATS_PASSWORD';

export const CONNECT_HELP = `Usage: chess-formats connect [options] HOST PORT [GAME]

Connects to a FICS- or ICC-style chess server over TCP, logs in, observes GAME (a game
number or a player's name) or, without GAME, the best game the server lists, and prints each
position as it arrives. On FICS it speaks timeseal (the server then charges the players'
clocks for thinking, not for the network). Reconnects after a dropped connection. The
session is the FICS or ICC client of @chess-formats/client.

Options:
  --server fics|icc|auto   the kind of server (default auto: read from its greeting)
  --user NAME              log in as NAME (default: a guest); the password comes from the
                           environment variable ${DEFAULT_PASSWORD_ENV}, or is asked for
                           when standard input is a terminal; never from the command line
  --password-env VAR       read the password from VAR instead
  --json                   one JSON object a line: {kind: "position", server, game, white,
                           black, fen, turn, whiteClockMs, blackClockMs, lastMove}, and
                           {kind: "game-over", server, game, result} at the end
  --count N                stop after N positions
  --pgn FILE               when the observed game ends, append it to FILE as PGN: the
                           whole game from its first move, even when joined in the middle
                           (tags from the server, moves with their clocks, the result and why)
  --retries N              reconnection attempts before giving up (default 5); waits 1, 2,
                           4, 8, 16, then 30 seconds between attempts
  --seeks                  list the seeks and offers instead of observing: each change as a
                           JSON line {kind: "seek"|"seek-removed"|"offer"|"offer-removed"...}
                           until Ctrl-C or --count lines
  --no-timeseal            send plain lines on FICS (for a server or relay without timeseal)
  --quiet                  no progress messages on standard error
  -h, --help               show this help

Examples:
  chess-formats connect freechess.org 5000
  chess-formats connect --json --count 20 freechess.org 5000 123
  chess-formats connect --pgn games.pgn freechess.org 5000
  ${DEFAULT_PASSWORD_ENV}=... chess-formats connect --server icc --user me chessclub.com 5000

Exit status: 0 when the observed game ends or --count positions (with --seeks: lines) were
printed, 1 when the server cannot be reached or refuses the login or the observation (after
the retries), or the --pgn file cannot be written; 2 on a usage
error, 130 after Ctrl-C (the session is closed with 'quit' first), 143 on SIGTERM.
`;

export interface ConnectArguments {
  readonly options: ConnectOptions;
  readonly user: string | undefined;
  readonly passwordEnv: string;
}

/** What the arguments after `connect` ask for. */
export type ConnectInvocation = Invocation<ConnectArguments>;

function count(value: string | undefined, name: string, min: number): number | string {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return `${name} needs a whole number`;
  const n = Number(value);
  return n < min ? `${name} must be at least ${String(min)}` : n;
}

/** A value check that refuses what `read` refuses (with its message). */
const checked =
  (read: (value: string | undefined) => unknown): ValueCheck =>
  (value) => {
    const result = read(value);
    return typeof result === 'string' ? result : undefined;
  };

const isServer = (value: string | undefined): value is ServerKind | 'auto' =>
  value === 'fics' || value === 'icc' || value === 'auto';

const CONNECT_SPEC: CommandSpec = {
  name: 'connect',
  help: CONNECT_HELP,
  flags: ['--json', '--quiet', '--seeks', '--no-timeseal'],
  values: {
    '--server': (v) => (isServer(v) ? undefined : `--server: expected fics, icc or auto, found '${v ?? ''}'`),
    '--user': (v) =>
      v !== undefined && /^[A-Za-z][A-Za-z0-9_-]{0,19}$/.test(v)
        ? undefined
        : '--user needs a handle (letters and digits, at most 20)',
    '--password': () =>
      `a password is never given on the command line (others can read it there): set ${DEFAULT_PASSWORD_ENV} or let the command ask for it`,
    '--password-env': (v) =>
      v !== undefined && /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(v)
        ? undefined
        : '--password-env needs an environment variable name',
    '--count': checked((v) => count(v, '--count', 1)),
    '--pgn': (v) => (v === undefined || v === '' ? '--pgn needs a file name' : undefined),
    '--retries': checked((v) => count(v, '--retries', 0)),
  },
};

/** The options of `connect` from its arguments, or a usage error. */
function connectOptions({ operands, flags, values }: CommandArgs): Result<ConnectArguments, string> {
  const [host, portText, game, ...extra] = operands;
  if (host === undefined || portText === undefined) return err('connect needs HOST and PORT');
  if (extra.length > 0) return err(`unexpected argument '${extra[0] ?? ''}'`);
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65_535) return err(`PORT must be 1-65535, found '${portText}'`);
  if (game !== undefined && !/^(\d{1,6}|[A-Za-z][A-Za-z0-9_-]{0,19})$/.test(game)) {
    return err(`GAME must be a game number or a player's name, found '${game}'`);
  }
  const server = values.get('--server');
  const limit = values.get('--count');
  const retries = values.get('--retries');
  const pgn = values.get('--pgn');
  const seeks = flags.has('--seeks');
  if (seeks && game !== undefined) return err('--seeks lists seeks and offers: it observes no GAME');
  if (seeks && pgn !== undefined) return err('--seeks and --pgn cannot go together: --seeks observes no game');
  return ok({
    options: {
      host,
      port,
      server: isServer(server) ? server : 'auto',
      game,
      json: flags.has('--json'),
      count: limit === undefined ? undefined : Number(limit),
      retries: retries === undefined ? 5 : Number(retries),
      quiet: flags.has('--quiet'),
      timeseal: !flags.has('--no-timeseal'),
      seeks,
      ...(pgn === undefined ? {} : { pgn }),
    },
    user: values.get('--user'),
    passwordEnv: values.get('--password-env') ?? DEFAULT_PASSWORD_ENV,
  });
}

/** Reads the arguments after `connect`. */
export function parseConnectArgs(args: readonly string[]): ConnectInvocation {
  return parseInvocation({ ...CONNECT_SPEC, options: connectOptions }, args);
}

/** What the command needs from the process, beside CommandIo; tests replace any of it. */
export interface ConnectEnvironment {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Asks for the password without echo; undefined when there is no terminal to ask on. */
  readonly askPassword: (prompt: string) => Promise<string | undefined>;
  /** Aborted with reason `SIGINT` or `SIGTERM`; the real one listens to the process's signals. */
  readonly signal: AbortSignal;
  readonly deps?: Partial<ConnectDeps>;
}

/** `chess-formats connect`, with what it needs from the process, taken only when it runs. */
export function connectCommand(environment: () => ConnectEnvironment): DefinedCommand<ConnectArguments> {
  return defineCommand<ConnectArguments>({
    ...CONNECT_SPEC,
    summary: 'observe a game on a FICS or ICC server, print its positions',
    usagePrefix: 'chess-formats connect',
    options: connectOptions,
    run: (args, io) => runConnectCommand(args, io, environment()),
  });
}

/** `chess-formats connect ...`: returns the exit status. */
export function connectMain(args: readonly string[], io: CommandIo, environment: ConnectEnvironment): Promise<number> {
  return connectCommand(() => environment).run(args, io);
}

/** `connect` with its arguments read: asks for the password when it needs one, then runs the session. */
async function runConnectCommand(
  { options, user, passwordEnv }: ConnectArguments,
  io: CommandIo,
  environment: ConnectEnvironment,
): Promise<number> {
  let credentials: Credentials = { kind: 'guest' };
  if (user !== undefined) {
    const password =
      environment.env[passwordEnv] ?? (await environment.askPassword(`Password for ${user} at ${options.host}: `));
    if (password === undefined) {
      await io.err(
        `chess-formats connect: no password for ${user}: set ${passwordEnv}, or run in a terminal to be asked\n`,
      );
      return EXIT.usage;
    }
    if (/[\r\n]/.test(password)) {
      await io.err(
        `chess-formats connect: the password for ${user} has a line end in it: the server would read two lines\n`,
      );
      return EXIT.usage;
    }
    credentials = { kind: 'user', name: user, password };
  }
  const deps: ConnectDeps = {
    connect: tcpConnect(10_000),
    timers: realTimers,
    backoff: DEFAULT_BACKOFF,
    loginTimeoutMs: 30_000,
    observeTimeoutMs: 30_000,
    credentials,
    out: io.out,
    err: io.err,
    signal: environment.signal,
    appendFile: (path, text) => appendFile(path, text, 'utf8'),
    ...environment.deps,
  };
  return runConnect(options, deps);
}
