import { describe, expect, test } from 'vitest';
import { createFicsClient, ficsLoginIvars, type FicsClientEvent, type FicsClientOptions } from './fics-client.js';
import { createFicsStandIn, type FicsStandIn, type FicsStandInOptions } from './fics-stand-in.js';
import { OWN_GAME_NUMBER, ownBoard, ownGame } from './testing/fics-game.js';
import { IVARS } from '@chess-formats/fics';
import { listenFicsStandIn, tcpTransport } from './node.js';
import type { Connection } from './connection.js';
import { recordingTimers, until } from './testing/helpers.js';

function setup(
  standInOptions: FicsStandInOptions = {},
  clientOptions: Partial<FicsClientOptions> = {},
  down = false,
): { standIn: FicsStandIn; client: ReturnType<typeof createFicsClient>; events: FicsClientEvent[]; waits: number[] } {
  const standIn = createFicsStandIn(standInOptions);
  standIn.refuse = down;
  const events: FicsClientEvent[] = [];
  const { timers, waits } = recordingTimers();
  const client = createFicsClient({
    transport: standIn.transport,
    timers,
    clock: () => 1_000_000,
    onEvent: (event) => events.push(event),
    ...clientOptions,
  });
  return { standIn, client, events, waits };
}

const kinds = (events: readonly FicsClientEvent[]) =>
  events.filter((e) => e.kind !== 'fics' && e.kind !== 'game').map((e) => e.kind);

describe('the login line', () => {
  test('%b turns on block mode, ms clocks, nowrap, startpos, gameinfo, pendinfo and seekinfo, 32 bits', () => {
    const bits = ficsLoginIvars().slice(2);
    expect(bits).toHaveLength(32);
    const on = [...bits].flatMap((bit, i) => (bit === '1' ? [IVARS[i]] : []));
    expect(on).toEqual([
      'seekremove',
      'defprompt',
      'startpos',
      'block',
      'gameinfo',
      'pendinfo',
      'seekinfo',
      'ms',
      'nowrap',
    ]);
  });
});

describe('logging in', () => {
  test('a guest: the ivars, then guest, then return at the offered name; settings in block mode', async () => {
    const { standIn, client, events } = setup();
    await until(() => client.name !== undefined);
    expect(client.name).toBe('GuestCFMT');
    const [session] = standIn.sessions;
    expect(session?.timeseal).toBe(2);
    expect(session?.received.slice(0, 3)).toEqual([ficsLoginIvars(), 'guest', '']);
    await until(() => (session?.received.length ?? 0) >= 7);
    expect(session?.received.slice(3)).toEqual([
      '1 set interface chess-formats',
      '2 set style 12',
      '3 set bell 0',
      '4 iset seekinfo 1',
    ]);
    client.close();
    expect(await client.stopped).toEqual({ kind: 'closed' });
    expect(kinds(events)).toEqual(['connected', 'logged-in', 'stopped']);
    expect(session?.received.at(-1)).toMatch(/^\d+ quit$/);
  });

  test('a registered handle: the password only at the password prompt', async () => {
    const { standIn, client } = setup(
      { users: { Wanderkind: 'secret' } },
      { credentials: { kind: 'user', name: 'Wanderkind', password: 'secret' } },
    );
    await until(() => client.name !== undefined);
    expect(client.name).toBe('Wanderkind');
    expect(standIn.sessions[0]?.received.slice(0, 3)).toEqual([ficsLoginIvars(), 'Wanderkind', 'secret']);
    client.close();
    await client.stopped;
  });

  test('a wrong password stops with failed, and no second try is made', async () => {
    const { standIn, client, events } = setup(
      { users: { Wanderkind: 'secret' } },
      { credentials: { kind: 'user', name: 'Wanderkind', password: 'wrong' } },
    );
    const stop = await client.stopped;
    expect(stop).toMatchObject({ kind: 'failed', error: { code: 'login-failed' } });
    expect(standIn.sessions).toHaveLength(1);
    expect(kinds(events)).toEqual(['connected', 'stopped']);
    expect(await client.command('games')).toMatchObject({ ok: false, error: { code: 'closed' } });
  });
});

describe('login edge cases', () => {
  test('a server that prompts again after the %b line: the second prompt is not a refused name', async () => {
    const { client } = setup({ promptAfterIvars: true });
    await until(() => client.name !== undefined);
    expect(client.name).toBe('GuestCFMT');
    client.close();
    await client.stopped;
  });

  test('a server that never prompts: login-timeout, retried, then gave-up', async () => {
    const silent: Connection = {
      chunks: {
        [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<Uint8Array>>(() => undefined) }),
      },
      write: () => undefined,
      close: () => undefined,
    };
    const { timers, waits } = recordingTimers();
    const client = createFicsClient({
      transport: () => Promise.resolve(silent),
      timers,
      loginTimeoutMs: 20,
      retries: 1,
    });
    expect(await client.stopped).toMatchObject({ kind: 'gave-up', error: { code: 'login-timeout' } });
    expect(waits).toEqual([1000]);
  });

  test('the signal stops the client as close() does', async () => {
    const controller = new AbortController();
    const { client } = setup({}, { signal: controller.signal });
    await until(() => client.name !== undefined);
    controller.abort();
    expect(await client.stopped).toEqual({ kind: 'closed' });
  });
});

describe('reconnection', () => {
  test('a dropped connection reconnects with backoff and observes the game again', async () => {
    const { standIn, client, events, waits } = setup({ games: { [OWN_GAME_NUMBER]: ownGame(4) } });
    expect(await client.observe(7)).toMatchObject({ ok: true });
    standIn.sessions[0]?.drop();
    await until(() => (standIn.sessions[1]?.received ?? []).some((line) => / observe 7$/.test(line)));
    expect(waits).toEqual([1000]);
    expect(kinds(events)).toEqual(['connected', 'logged-in', 'disconnected', 'reconnecting', 'connected', 'logged-in']);
    expect(events.find((e) => e.kind === 'disconnected')).toMatchObject({ error: { code: 'dropped' } });
    client.close();
    await client.stopped;
  });

  test('a server that stays down: retries with doubling delays, then gave-up', async () => {
    const { client, waits } = setup({}, { retries: 3 }, true);
    const stop = await client.stopped;
    expect(stop).toMatchObject({ kind: 'gave-up', error: { code: 'connect-failed' } });
    expect(waits).toEqual([1000, 2000, 4000]);
  });
});

describe('commands in block mode', () => {
  test('replies matched by block identifier, with asynchronous lines between them kept as events', async () => {
    const seek = '<s> 12 w=Carol ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f';
    const { client, events } = setup({
      onCommand: (command, session) => {
        if (command === 'finger Carol') {
          // A seek slips in right before the reply, as unsolicited output does on FICS.
          session.send(`${seek}\n\rfics% `);
          return ['Finger of Carol:', '', 'On for: 5 mins'];
        }
        if (command === 'history Carol') return ['History for Carol:', 'No games.'];
        return undefined;
      },
    });
    const [finger, history, bad] = await Promise.all([
      client.command('finger Carol'),
      client.command('history Carol'),
      client.command('frobnicate'),
    ]);
    expect(finger).toMatchObject({
      ok: true,
      value: { command: 'finger Carol', lines: ['Finger of Carol:', 'On for: 5 mins'] },
    });
    expect(history).toMatchObject({ ok: true, value: { lines: ['History for Carol:', 'No games.'] } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'command-failed' } });
    expect(client.seeks.get(12)?.name).toBe('Carol');
    expect(events.some((e) => e.kind === 'fics' && e.event.kind === 'seek')).toBe(true);
    client.close();
    await client.stopped;
  });

  test("a late reply to a command that timed out is never taken for the next command's", async () => {
    let late: (() => void) | undefined;
    const { client } = setup(
      {
        onCommand: (command, session) => {
          if (command.startsWith('slow')) {
            // Answered only later, with the identifier the client gave it.
            const id = session.received.at(-1)?.split(' ')[0] ?? '';
            late = () => session.send(`\u0015${id}\u00160\u0016late reply\n\r\u0017\n\rfics% `);
            return null;
          }
          return command.startsWith('quick') ? [`answer to ${command}`] : undefined;
        },
      },
      { commandTimeoutMs: 40 },
    );
    expect(await client.command('slow')).toMatchObject({ ok: false, error: { code: 'command-timeout' } });
    const replies = [];
    for (let i = 0; i < 120; i++) {
      if (i === 60) late?.();
      replies.push(client.command(`quick ${String(i)}`));
    }
    const lines = (await Promise.all(replies)).map((r) => (r.ok ? r.value.lines.join() : r.error.code));
    expect(lines).toEqual(Array.from({ length: 120 }, (_, i) => `answer to quick ${String(i)}`));
    client.close();
    await client.stopped;
  });

  test('a command with no reply times out as a value; a command of two lines is refused', async () => {
    const { client } = setup(
      { onCommand: (command) => (command === 'hang' ? null : undefined) },
      { commandTimeoutMs: 50 },
    );
    expect(await client.command('hang')).toMatchObject({ ok: false, error: { code: 'command-timeout' } });
    expect(await client.command('a\nb')).toMatchObject({ ok: false, error: { code: 'command-failed' } });
    client.close();
    await client.stopped;
  });

  test('the offer book is kept from pendinfo lines', async () => {
    const { standIn, client } = setup();
    await until(() => client.name !== undefined);
    standIn.broadcast('<pf> 14 w=Bob t=draw p=#\n\r<pf> 15 w=Bob t=takeback p=2\n\r<pr> 14\n\rfics% ');
    await until(() => client.offers.size === 1);
    expect(client.offers.offers('from').map((o) => o.index)).toEqual([15]);
    client.close();
    await client.stopped;
  });
});

describe('timeseal', () => {
  test.each([1, 2] as const)(
    'version %s: every line the client sends decodes, every ping is answered',
    async (version) => {
      const { standIn, client } = setup(
        { pingEachReply: true, games: { [OWN_GAME_NUMBER]: ownGame(4) } },
        { timeseal: version },
      );
      await client.observe(7);
      await client.command('finger');
      const [session] = standIn.sessions;
      expect(session?.timeseal).toBe(version);
      expect(session?.problems).toEqual([]);
      await until(() => (session?.pingsAnswered ?? 0) === session?.pingsSent);
      expect(session?.pingsSent).toBeGreaterThan(3);
      client.close();
      await client.stopped;
    },
  );

  test('timeseal false sends plain lines', async () => {
    const { standIn, client } = setup({}, { timeseal: false });
    await until(() => client.name !== undefined);
    expect(standIn.sessions[0]?.timeseal).toBe(0);
    expect(standIn.sessions[0]?.received[1]).toBe('guest');
    client.close();
    await client.stopped;
  });
});

describe('a game joined in the middle keeps its whole history', () => {
  test('our own game: observed after 6 plies, two more played, all 8 from the start', async () => {
    const { standIn, client, events } = setup({ games: { [OWN_GAME_NUMBER]: ownGame(6) } });
    expect(await client.observe(OWN_GAME_NUMBER)).toMatchObject({ ok: true });
    await until(() => client.game(OWN_GAME_NUMBER)?.moves.length === 6);
    standIn.broadcast(`${ownBoard(7)}\n\rfics% ${ownBoard(8)}\n\rfics% `);
    await until(() => client.game(OWN_GAME_NUMBER)?.moves.length === 8);
    const game = client.game(OWN_GAME_NUMBER);
    expect(game?.initial.fullmoves).toBe(1);
    expect(game?.initial.turn).toBe('white');
    expect(game?.white).toEqual({ name: 'Alice', rating: 1850 });
    expect(game?.black).toEqual({ name: 'Bob', rating: 1790 });
    expect(game?.rated).toBe(true);
    expect(game?.variant).toBe('blitz');
    expect(game?.timeControl?.white).toEqual({ initialMs: 300_000, incrementMs: 3000 });
    expect(standIn.sessions[0]?.received.some((line) => / moves 7$/.test(line))).toBe(true);
    // The last move event carries the whole game too.
    const last = events.filter((e) => e.kind === 'game' && e.event.kind === 'move').at(-1);
    expect(last?.kind === 'game' && last.event.game.moves.length).toBe(8);
    client.close();
    await client.stopped;
  });

  test('moves() gives the table, and a game not there is an error value', async () => {
    const { client } = setup({ games: { [OWN_GAME_NUMBER]: ownGame(4) } });
    const table = await client.moves(OWN_GAME_NUMBER);
    expect(table.ok && table.value.rows.length).toBe(2);
    expect(await client.moves(99)).toMatchObject({ ok: false, error: { code: 'command-failed' } });
    client.close();
    await client.stopped;
  });
});

describe('follow', () => {
  test("a followed player's game joined in progress: facts from <g1> and the notice, the history from moves", async () => {
    const { standIn, client, events } = setup({ games: { [OWN_GAME_NUMBER]: ownGame(4) } });
    expect(await client.follow('Alice')).toMatchObject({
      ok: true,
      value: { lines: ["You will now be following Alice's games."] },
    });
    // What FICS sends a follower, in the order it comes (no observe reply, no header).
    standIn.broadcast(
      [
        '{Game 7 (Alice vs. Bob) Continuing rated blitz match.}',
        '<g1> 7 p=0 t=blitz r=1 u=0,0 it=300,3 i=300,3 pt=0 rt=1850,1790E ts=1,1 m=2 n=1',
        ownBoard(4),
        'fics% ',
      ].join('\n\r'),
    );
    await until(() => client.game(OWN_GAME_NUMBER)?.moves.length === 4);
    const game = client.game(OWN_GAME_NUMBER);
    expect(game?.initial.fullmoves).toBe(1);
    expect([game?.white.rating, game?.black.rating, game?.rated, game?.variant]).toEqual([1850, 1790, true, 'blitz']);
    expect(await client.unobserve(OWN_GAME_NUMBER)).toMatchObject({ ok: true });
    expect(client.game(OWN_GAME_NUMBER)).toBeUndefined();
    expect(events.some((e) => e.kind === 'game' && e.event.kind === 'game-left' && e.event.why === 'unobserved')).toBe(
      true,
    );
    // After a drop the client follows again, and the books start empty.
    standIn.broadcast('<s> 12 w=Carol ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f\n\r');
    await until(() => client.seeks.size === 1);
    standIn.sessions[0]?.drop();
    await until(() => (standIn.sessions[1]?.received ?? []).some((line) => / follow Alice$/.test(line)));
    expect(client.seeks.size).toBe(0);
    expect(standIn.sessions[1]?.received.some((line) => / observe /.test(line))).toBe(false);
    client.close();
    await client.stopped;
  });
});

describe('events()', () => {
  test('an iterator that falls behind loses the oldest events, is told how many, and ends with stopped', async () => {
    const { standIn, client } = setup({}, { maxQueuedEvents: 8 });
    const iterator = client.events()[Symbol.asyncIterator]();
    await until(() => client.name !== undefined);
    for (let i = 0; i < 50; i++)
      standIn.broadcast(`<s> ${String(i)} w=Carol ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f\n\r`);
    await until(() => client.seeks.size === 50);
    const first = await iterator.next();
    expect(first.value).toMatchObject({ kind: 'events-dropped' });
    expect((first.value as { count: number }).count).toBeGreaterThan(40);
    client.close();
    const rest: FicsClientEvent[] = [];
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) rest.push(next.value);
    expect(rest.length).toBeLessThanOrEqual(9);
    expect(rest.at(-1)?.kind).toBe('stopped');
  });
});

describe('over TCP on loopback', () => {
  test('the stand-in on port 0, the client through tcpTransport: timeseal, login, a game kept whole', async () => {
    const standIn = createFicsStandIn({ games: { [OWN_GAME_NUMBER]: ownGame(4) }, pingEachReply: true });
    const server = await listenFicsStandIn(standIn);
    const client = createFicsClient({ transport: tcpTransport({ host: '127.0.0.1', port: server.port }) });
    try {
      expect(await client.observe(OWN_GAME_NUMBER)).toMatchObject({ ok: true });
      await until(() => client.game(OWN_GAME_NUMBER)?.moves.length === 4);
      expect(standIn.sessions[0]?.problems).toEqual([]);
      await until(() => standIn.sessions[0]?.pingsAnswered === standIn.sessions[0]?.pingsSent);
    } finally {
      client.close();
      await client.stopped;
      await server.close();
    }
  });
});
