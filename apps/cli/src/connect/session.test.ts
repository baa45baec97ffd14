import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { protocolDecoders } from './decoders.js';
import { runAgainstSession, type HarnessOptions } from './harness.js';

const FICS_LOGIN = [
  '@line-end \\n\\r',
  '< Free Internet Chess Server look-alike',
  '<| login: ',
  '> guest',
  '<| Press return to enter the server as "GuestABCD":',
  '>',
  '< **** Starting FICS session as GuestABCD(U) ****',
  '<| fics% ',
  ...[
    'set interface chess-formats',
    'set style 12',
    'iset ms 1',
    'iset nowrap 1',
    'set bell 0',
    'set seek 0',
    'set shout 0',
    'set cshout 0',
    'set pin 0',
    'set gin 0',
  ].map((command) => `> ${command}`),
];
const session = (...lines: string[]) => [...FICS_LOGIN, ...lines].join('\n');

/** A port that nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 1;
}

describe('connect against a fake FICS server', () => {
  test('observe a named game that does not exist: exit 1, the server says why', async () => {
    const result = await runAgainstSession(
      session('> observe 999', '< There is no such game.', '<| fics% ', '> quit', 'close'),
      { game: '999' },
    );
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.err).toContain('chess-formats: logged in to 127.0.0.1 (FICS) as GuestABCD');
    expect(result.err).toContain('cannot observe 999: There is no such game.');
    expect(result.waits).toEqual([]);
  });

  test('a games list without a game to observe: exit 1', async () => {
    const result = await runAgainstSession(session('> games', '<', '<   0 games displayed.', '> quit', 'close'));
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.err).toContain('the server lists no game to observe');
  });

  test('a refused password ends at once, without reconnecting', async () => {
    const text = [
      '<| login: ',
      '> Wanderkind',
      '< "Wanderkind" is a registered name.  If it is yours, type the password.',
      '<| password: ',
      '> wrong',
      '< **** Invalid password! ****',
      '<| login: ',
      'close',
    ].join('\n');
    const result = await runAgainstSession(text, {
      args: ['--user', 'Wanderkind'],
      env: { CHESS_FORMATS_PASSWORD: 'wrong' },
    });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.err).toBe('chess-formats: the server refused the password\n');
    expect(result.waits).toEqual([]);
  });

  test('Ctrl-C: quit is sent, the connection closed, exit 130 (SIGTERM: 143)', async () => {
    for (const [reason, status] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      const result = await runAgainstSession(session('> observe 5', '> quit', 'close'), {
        game: '5',
        onOutput: (text, interrupt) => {
          if (text.includes('logged in')) setTimeout(() => interrupt(reason), 50);
        },
      });
      expect(result.report?.problems).toEqual([]);
      expect(result.report?.received[0]?.slice(-2)).toEqual(['observe 5', 'quit']);
      expect(result.status).toBe(status);
    }
  });

  test('a reset during the login, then a refusal: one reconnection after 1 s', async () => {
    const text = [
      '<| login: ',
      '> guest',
      'reset',
      '=== again',
      ...session('> observe 7', '< There is no such game.', 'close').split('\n'),
    ].join('\n');
    const result = await runAgainstSession(text, { game: '7' });
    expect(result.report?.problems).toEqual([]);
    expect(result.waits).toEqual([1000]);
    expect(result.err).toContain('the connection was closed; reconnecting in 1 s (attempt 1 of 5)');
    expect(result.status).toBe(1);
  });

  test('no server: backoff 1, 2, 4 s, then give up with exit 1', async () => {
    const result = await runAgainstSession(undefined, {
      port: await closedPort(),
      args: ['--retries', '3', '--quiet'],
    });
    expect(result.waits).toEqual([1000, 2000, 4000]);
    expect(result.status).toBe(1);
    expect(result.err).toMatch(
      /^chess-formats: cannot connect to 127\.0\.0\.1:\d+: .*; giving up after 3 reconnection attempts\n$/,
    );
  });

  test('observed, but no position comes: exit 1 after the observe timeout, no reconnection', async () => {
    const result = await runAgainstSession(
      session('> observe 5', '< You are now observing game 5.', '> quit', 'close'),
      { game: '5', observeTimeoutMs: 300 },
    );
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.waits).toEqual([]);
    expect(result.err).toContain('chess-formats: no position of game 5 within 0.3 s\n');
  });

  test('a fault while handling a position ends the command with its message: no reconnection', async () => {
    // The decoder stands for any fault of ours after the login (printing a position, writing
    // --pgn): such a fault would recur on every connection, so the server is never called again.
    const failing: NonNullable<HarnessOptions['decoders']> = (kind) => {
      const real = protocolDecoders(kind);
      return {
        push: (chunk) => {
          if (new TextDecoder().decode(chunk).includes('You are now observing')) throw new Error('no room for it');
          return real.push(chunk);
        },
        end: () => real.end(),
      };
    };
    const result = await runAgainstSession(
      session('> observe 5', '< You are now observing game 5.', '> quit', 'close'),
      { game: '5', args: ['--retries', '3'], decoders: failing },
    );
    expect(result.report?.problems).toEqual([]);
    expect(result.report?.received.length).toBe(1);
    expect(result.waits).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.err).toContain("chess-formats: could not handle the server's output: no room for it\n");
    expect(result.err).not.toContain('the connection was closed');
  });

  test('a server that never prompts: the login times out, and is retried', async () => {
    const text = ['< hello', 'close', '=== again', '< hello', 'close'].join('\n');
    const result = await runAgainstSession(text, { args: ['--retries', '1'], loginTimeoutMs: 300 });
    expect(result.waits).toEqual([1000]);
    expect(result.status).toBe(1);
  });
});
