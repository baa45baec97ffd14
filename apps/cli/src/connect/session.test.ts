import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { createFicsStandIn } from '@chess-formats/client';
import { ficsReport, runAgainstSession, runAgainstStandIn } from './harness.js';

/** A script for the stand-in FICS: its answers to the commands (see the harness). */
const session = (...lines: string[]) => ['@line-end \\n\\r', ...lines].join('\n');

/** A port that nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address !== null ? address.port : 1;
}

/** A server on loopback that greets each connection with `text` and closes it: it never prompts for a login. */
async function neverPrompts(text: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((socket) => socket.end(text));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 1,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('connect against a stand-in FICS', () => {
  test('observe a named game that does not exist: exit 1, the server says why', async () => {
    const result = await runAgainstSession(session('> observe 999', '< There is no such game.'), { game: '999' });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.err).toContain('chess-formats: logged in to 127.0.0.1 (FICS) as GuestABCD');
    expect(result.err).toContain('cannot observe 999: There is no such game.');
    expect(result.waits).toEqual([]);
    expect(result.report?.received[0]?.at(-1)).toBe('quit');
  });

  test('--server fics: no greeting is read, the client has the connection from the start', async () => {
    const result = await runAgainstSession(session('> observe 999', '< There is no such game.'), {
      game: '999',
      args: ['--server', 'fics', '--quiet'],
    });
    expect(result.report?.problems).toEqual([]);
    expect(result.report?.timeseal).toEqual([2]);
    expect(result.status).toBe(1);
    expect(result.err).toBe('chess-formats: cannot observe 999: There is no such game.\n');
  });

  test('--server icc on a FICS: the ICC client does not log in, and says so after the retries', async () => {
    const result = await runAgainstSession(session(), {
      args: ['--server', 'icc', '--quiet', '--retries', '0'],
      loginTimeoutMs: 300,
    });
    expect(result.status).toBe(1);
    expect(result.err).toMatch(/^chess-formats: .*gave up after 0 reconnection attempts\n$/);
  });

  test('a games list without a game to observe: exit 1', async () => {
    const result = await runAgainstSession(session('> games', '<', '<   0 games displayed.'));
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.err).toContain('the server lists no game to observe');
  });

  test('a refused password ends at once, without reconnecting', async () => {
    const result = await runAgainstSession(session(), {
      args: ['--user', 'Wanderkind'],
      env: { CHESS_FORMATS_PASSWORD: 'wrong' },
      users: { Wanderkind: 'right' },
    });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.err).toBe('chess-formats: the server refused the password\n');
    expect(result.waits).toEqual([]);
    expect(result.report?.received).toHaveLength(1);
  });

  test('Ctrl-C: quit is sent, the connection closed, exit 130 (SIGTERM: 143)', async () => {
    for (const [reason, status] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      const result = await runAgainstSession(session('> observe 5', '< You are now observing game 5.'), {
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

  test('a connection closed before the login, then a refusal: one reconnection after 1 s', async () => {
    const standIn = createFicsStandIn({ guestName: 'GuestABCD' });
    // Down at first: the connection is hung up at once; up again for the reconnection.
    standIn.refuse = true;
    const result = await runAgainstStandIn(standIn, {
      game: '7',
      onWait: () => {
        standIn.refuse = false;
      },
    });
    expect(result.waits).toEqual([1000]);
    expect(result.err).toContain('the server closed the connection; reconnecting in 1 s (attempt 1 of 5)');
    expect(result.err).toContain('cannot observe 7: There is no such game.');
    expect(result.status).toBe(1);
    expect(ficsReport(standIn.sessions).problems).toEqual([]);
  });

  test('a drop after the login: the client reconnects and observes again; the game gone, exit 1', async () => {
    const standIn = createFicsStandIn({
      onCommand: (command, served) => {
        if (command !== 'observe 7') return undefined;
        if (served.index > 0) return ['There is no such game.'];
        setTimeout(() => served.drop(), 5);
        return ['You are now observing game 7.'];
      },
    });
    const result = await runAgainstStandIn(standIn, { game: '7' });
    expect(result.waits).toEqual([1000]);
    expect(result.status).toBe(1);
    expect(result.err).toContain('the server closed the connection; reconnecting in 1 s (attempt 1 of 5)');
    expect(result.err.split('\n').at(-2)).toBe('chess-formats: cannot observe 7: There is no such game.');
    const report = ficsReport(standIn.sessions);
    expect(report.problems).toEqual([]);
    expect(report.received[1]?.slice(-2)).toEqual(['observe 7', 'quit']);
  });

  test('no server: backoff 1, 2, 4 s, then give up with exit 1', async () => {
    const result = await runAgainstSession(undefined, {
      port: await closedPort(),
      args: ['--retries', '3', '--quiet'],
    });
    expect(result.waits).toEqual([1000, 2000, 4000]);
    expect(result.status).toBe(1);
    expect(result.err).toMatch(/^chess-formats: cannot connect: .*; gave up after 3 reconnection attempts\n$/);
  });

  test('no server, --server fics: the client gives up the same way', async () => {
    const result = await runAgainstSession(undefined, {
      port: await closedPort(),
      args: ['--retries', '2', '--quiet', '--server', 'fics'],
    });
    expect(result.waits).toEqual([1000, 2000]);
    expect(result.status).toBe(1);
    expect(result.err).toMatch(/^chess-formats: cannot connect: .*; gave up after 2 reconnection attempts\n$/);
  });

  test('observed, but no position comes: exit 1 after the observe timeout, no reconnection', async () => {
    const result = await runAgainstSession(session('> observe 5', '< You are now observing game 5.'), {
      game: '5',
      observeTimeoutMs: 300,
    });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.waits).toEqual([]);
    expect(result.err).toContain('chess-formats: no position of game 5 within 0.3 s\n');
    expect(result.report?.received[0]?.at(-1)).toBe('quit');
  });

  test('a fault while handling the game ends the command with its message: no reconnection', async () => {
    // The clock of the PGN record stands for any fault of ours after the login (printing a
    // position, writing --pgn): such a fault would recur on every connection, so the server is
    // never called again.
    const text = session(
      '> observe 5',
      '< You are now observing game 5.',
      '< Game 5: Alpha (1500) Beta (1500) unrated blitz 3 0',
      '<',
      '< <12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 5 Alpha Beta 0 3 0 39 39 180000 180000 1 P/e2-e4 (0:00.000) e4 0 0 0',
      '< {Game 5 (Alpha vs. Beta) Alpha resigns} 0-1',
    );
    const result = await runAgainstSession(text, {
      game: '5',
      args: ['--retries', '3', '--pgn', 'never.pgn'],
      deps: {
        now: () => {
          throw new Error('no room for it');
        },
      },
    });
    expect(result.report?.problems).toEqual([]);
    expect(result.report?.received.length).toBe(1);
    expect(result.waits).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.err).toContain("chess-formats: could not handle the server's output: no room for it\n");
    expect(result.err).not.toContain('reconnecting');
  });

  test('a server that never prompts: the login times out, and is retried', async () => {
    const server = await neverPrompts('hello\n\r');
    try {
      const result = await runAgainstSession(undefined, {
        port: server.port,
        args: ['--retries', '1'],
        loginTimeoutMs: 300,
      });
      expect(result.waits).toEqual([1000]);
      expect(result.status).toBe(1);
      expect(result.err).toContain('gave up after 1 reconnection attempt\n');
    } finally {
      await server.close();
    }
  });
});
