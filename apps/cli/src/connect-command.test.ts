import { describe, expect, test } from 'vitest';
import { CONNECT_HELP, connectMain, parseConnectArgs, type ConnectEnvironment } from './connect-command.js';
import { main } from './main.js';
import { memoryIo } from './test-io.js';

const defaults = {
  server: 'auto',
  game: undefined,
  json: false,
  count: undefined,
  retries: 5,
  quiet: false,
  timeseal: true,
  seeks: false,
};

describe('parseConnectArgs', () => {
  test('host and port, with defaults', () => {
    expect(parseConnectArgs(['freechess.org', '5000'])).toEqual({
      kind: 'run',
      options: {
        options: { ...defaults, host: 'freechess.org', port: 5000 },
        user: undefined,
        passwordEnv: 'CHESS_FORMATS_PASSWORD',
      },
    });
  });

  test('every option, a game by number or by player', () => {
    const parsed = parseConnectArgs([
      '--server=icc',
      '--json',
      '--quiet',
      '--user',
      'Greyhame',
      '--password-env',
      'ICC_PW',
      '--count',
      '3',
      '--retries=0',
      '--no-timeseal',
      'chessclub.com',
      '23',
      '305',
    ]);
    expect(parsed).toEqual({
      kind: 'run',
      options: {
        options: {
          host: 'chessclub.com',
          port: 23,
          server: 'icc',
          game: '305',
          json: true,
          count: 3,
          retries: 0,
          quiet: true,
          timeseal: false,
          seeks: false,
        },
        user: 'Greyhame',
        passwordEnv: 'ICC_PW',
      },
    });
    expect(parseConnectArgs(['h', '1', 'Magnus_C'])).toMatchObject({
      kind: 'run',
      options: { options: { game: 'Magnus_C' } },
    });
    expect(parseConnectArgs(['--seeks', 'h', '1'])).toMatchObject({
      kind: 'run',
      options: { options: { seeks: true, game: undefined, timeseal: true } },
    });
  });

  test.each([
    [[], 'connect needs HOST and PORT'],
    [['host'], 'connect needs HOST and PORT'],
    [['host', '0'], "PORT must be 1-65535, found '0'"],
    [['host', '65536'], "PORT must be 1-65535, found '65536'"],
    [['host', '50x'], "PORT must be 1-65535, found '50x'"],
    [['host', '5000', 'a b'], "GAME must be a game number or a player's name, found 'a b'"],
    [['host', '5000', '1', '2'], "unexpected argument '2'"],
    [['--server', 'chess.com', 'h', '1'], "--server: expected fics, icc or auto, found 'chess.com'"],
    [['--count', '0', 'h', '1'], '--count must be at least 1'],
    [['--retries', '-1', 'h', '1'], '--retries needs a whole number'],
    [['--user', '', 'h', '1'], '--user needs a handle (letters and digits, at most 20)'],
    [['--json=yes', 'h', '1'], "option '--json' takes no value"],
    [['--bogus', 'h', '1'], "unknown option '--bogus' for connect"],
    [['--seeks', 'h', '1', '12'], '--seeks lists seeks and offers: it observes no GAME'],
    [['--seeks', '--pgn', 'g.pgn', 'h', '1'], '--seeks and --pgn cannot go together: --seeks observes no game'],
  ])('%j is a usage error: %s', (args, message) => {
    expect(parseConnectArgs(args)).toEqual({ kind: 'usage-error', message });
  });

  test('a password on the command line is refused, whatever its spelling', () => {
    expect(parseConnectArgs(['--password', 'x', 'h', '1'])).toMatchObject({
      kind: 'usage-error',
      message: expect.stringMatching(/never given on the command line/),
    });
    expect(parseConnectArgs(['--password=x', 'h', '1'])).toMatchObject({ kind: 'usage-error' });
  });

  test('help', () => {
    expect(parseConnectArgs(['-h'])).toEqual({ kind: 'help' });
    expect(parseConnectArgs(['h', '1', '--help'])).toEqual({ kind: 'help' });
  });
});

describe('connectMain without a network', () => {
  const environment = (env: Record<string, string>, asked: string[] = []): ConnectEnvironment => ({
    env,
    askPassword: (prompt) => {
      asked.push(prompt);
      return Promise.resolve(undefined);
    },
    signal: new AbortController().signal,
  });

  test('chess-formats help connect prints the usage, exit 0', async () => {
    const { io, captured } = memoryIo('');
    expect(await main(['help', 'connect'], io)).toBe(0);
    expect(captured.out).toBe(CONNECT_HELP);
  });

  test('--help prints the usage, exit 0', async () => {
    const { io, captured } = memoryIo('');
    expect(await connectMain(['--help'], io, environment({}))).toBe(0);
    expect(captured.out).toBe(CONNECT_HELP);
  });

  test('a usage error: exit 2 with the message and the usage', async () => {
    const { io, captured } = memoryIo('');
    expect(await connectMain(['h'], io, environment({}))).toBe(2);
    expect(captured.err).toBe(
      "chess-formats connect: connect needs HOST and PORT\nRun 'chess-formats connect --help' for its options.\n",
    );
  });

  test('a user without a password in the environment and no terminal: asked, then exit 2', async () => {
    const { io, captured } = memoryIo('');
    const asked: string[] = [];
    expect(await connectMain(['--user', 'me', 'h', '1'], io, environment({}, asked))).toBe(2);
    expect(asked).toEqual(['Password for me at h: ']);
    expect(captured.err).toBe(
      'chess-formats connect: no password for me: set CHESS_FORMATS_PASSWORD, or run in a terminal to be asked\n',
    );
  });

  test('a password with a line end is refused before connecting (exit 2)', async () => {
    const { io, captured } = memoryIo('');
    expect(await connectMain(['--user', 'me', 'h', '1'], io, environment({ CHESS_FORMATS_PASSWORD: 'a\nquit' }))).toBe(
      2,
    );
    expect(captured.err).toMatch(/has a line end in it/);
  });
});
