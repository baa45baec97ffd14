import { describe, expect, test } from 'vitest';
import { encodeDatagram, encodeUnitStart } from '@chess-formats/icc-dg';
import { realTimers, type Timers } from './backoff.js';
import { createIccClient, type IccClient, type IccClientEvent } from './icc-client.js';
import { createIccStandIn, type IccStandInGame, type IccStandInOptions } from './icc-stand-in.js';
import { listenStandIn, tcpTransport } from './node.js';
import { memoryTransport, settle, type MemoryConnection } from './testing/memory-transport.js';

/** Waits until `check` holds (the stand-in is on loopback: a few milliseconds), at most 5 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Timers whose backoff sleeps are recorded and skipped; command timeouts run for real. */
function instantSleeps(): { timers: Timers; slept: number[] } {
  const slept: number[] = [];
  return {
    slept,
    timers: {
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
      start: realTimers.start,
    },
  };
}

/** A game of our own, observed after its sixth move. */
const RUY_LOPEZ: IccStandInGame = {
  white: { name: 'Corvid', rating: 2650, titles: ['GM'] },
  black: { name: 'Tallis', rating: 2480 },
  ratingType: 'Blitz',
  initialMinutes: 3,
  incrementSeconds: 2,
  moves: ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6'],
};

const kinds = (events: readonly IccClientEvent[]) => events.map((e) => e.kind);

/** A stand-in on loopback with game 42, and a client connected to it through TCP. */
async function standInClient(
  options: IccStandInOptions = {},
  clientOptions: Partial<Parameters<typeof createIccClient>[0]> = {},
) {
  const standIn = createIccStandIn({ games: { 42: RUY_LOPEZ }, ...options });
  const listening = await listenStandIn(standIn);
  const events: IccClientEvent[] = [];
  const client = createIccClient({
    transport: tcpTransport({ host: '127.0.0.1', port: listening.port }),
    onEvent: (event) => events.push(event),
    ...clientOptions,
  });
  const received = (index: number): readonly string[] => standIn.sessions[index]?.received ?? [];
  const done = async () => {
    client.close();
    await client.stopped;
    await listening.close();
  };
  return { server: standIn, received, client, events, done };
}

const loggedIn =
  (events: readonly IccClientEvent[], n = 1) =>
  () =>
    events.filter((e) => e.kind === 'logged-in').length >= n;

describe('login', () => {
  test('a guest: level1=5 and the DGs at the first prompts, the name the server gives', async () => {
    const { received, client, events, done } = await standInClient();
    await until(loggedIn(events), 'the login');
    expect(client.user()).toBe('guest1');
    expect(events.find((e) => e.kind === 'logged-in')).toEqual({ kind: 'logged-in', server: 'icc', name: 'guest1' });
    await until(() => received(0).length >= 8, 'the settings');
    const lines = received(0);
    expect(lines.slice(0, 3)).toEqual(['level1=5', expect.stringMatching(/^level2settings=1[01]+$/), 'guest']);
    // The seek DGs are turned on after the login, as the spec advises for DGs that send this much.
    expect(lines).toContain('`c4`set-2 50 1');
    await done();
    expect(await client.stopped).toEqual({ kind: 'closed' });
    expect(received(0).at(-1), JSON.stringify([received(0), events.map((e) => e.kind)])).toBe('quit');
  });

  test('a registered name: the password only at its prompt', async () => {
    const { received, client, events, done } = await standInClient(
      { users: { Greyhame: 'mellon' } },
      { credentials: { kind: 'user', name: 'Greyhame', password: 'mellon' } },
    );
    await until(loggedIn(events), 'the login');
    expect(client.user()).toBe('Greyhame');
    expect(received(0).slice(2, 4)).toEqual(['Greyhame', '*']);
    await done();
  });

  test('an unregistered name enters with return', async () => {
    const { client, events, done } = await standInClient(
      {},
      { credentials: { kind: 'user', name: 'Nobody', password: 'x' } },
    );
    await until(loggedIn(events), 'the login');
    expect(client.user()).toBe('Nobody');
    await done();
  });

  test('a refused password fails for good: no second connection', async () => {
    const { server, client, events, done } = await standInClient(
      { users: { Greyhame: 'mellon' } },
      { credentials: { kind: 'user', name: 'Greyhame', password: 'balrog' } },
    );
    const stop = await client.stopped;
    expect(stop).toEqual({
      kind: 'failed',
      error: { code: 'login-failed', message: 'login failed (ICC code 11): Invalid password.' },
    });
    expect(server.sessions).toHaveLength(1);
    expect(kinds(events)).not.toContain('logged-in');
    expect(kinds(events).slice(-2)).toEqual(['disconnected', 'stopped']);
    await done();
  });

  test('prompts inside or right before level 1 brackets are read (ICC wraps login output in $LoggingIn$ units)', async () => {
    const conns: MemoryConnection[] = [];
    const events: IccClientEvent[] = [];
    const client = createIccClient({
      transport: memoryTransport((c) => conns.push(c)),
      credentials: { kind: 'user', name: 'Greyhame', password: 'mellon' },
      onEvent: (e) => events.push(e),
    });
    await until(() => conns.length === 1, 'the connection');
    const conn = conns[0] as MemoryConnection;
    for (let i = 0; i < 3; i++) {
      conn.feed(i === 0 ? 'login: ' : '\x19[20 $LoggingIn$\r\nlogin: \x19]');
      await until(() => conn.written.length > i, 'a login line');
    }
    conn.feed(
      `\x19[20 $LoggingIn$\r\n${encodeDatagram({ name: 'DG_LOGIN_FAILED', fields: { code: 5, explanationString: 'Greyhame is a registered name.' } })}\x19]password: `,
    );
    await until(() => conn.written.length > 3, 'the password');
    expect(conn.written).toEqual(['level1=5\n', expect.stringMatching(/^level2settings=/), 'Greyhame\n', 'mellon\n']);
    conn.feed('\x19[20 $LoggingIn$\r\n\x19(0 Greyhame {}\x19)\x19]');
    await until(loggedIn(events), 'the login');
    client.close();
  });

  test('a login that never ends is a login-timeout, retried', async () => {
    const conns: MemoryConnection[] = [];
    const { timers, slept } = instantSleeps();
    const client = createIccClient({
      transport: memoryTransport((c) => conns.push(c)),
      loginTimeoutMs: 20,
      retries: 1,
      timers,
    });
    const stop = await client.stopped;
    expect(stop.kind).toBe('gave-up');
    expect(stop.kind === 'gave-up' && stop.error.code).toBe('login-timeout');
    expect(conns).toHaveLength(2);
    expect(slept).toEqual([1000]);
  });
});

describe('observe', () => {
  test('a game joined mid-way has every move, the players, ratings, rated and time control', async () => {
    const { client, events, done } = await standInClient();
    await until(loggedIn(events), 'the login');
    const result = await client.observe(42);
    expect(result.ok).toBe(true);
    const game = client.game(42);
    expect(game?.moves).toHaveLength(6);
    expect(client.facts(42)?.moveTexts).toEqual(['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6']);
    expect(client.facts(42)?.ratingType).toBe('Blitz');
    expect(game?.white).toEqual({ name: 'Corvid', rating: 2650, titles: ['GM'] });
    expect(game?.black).toEqual({ name: 'Tallis', rating: 2480, titles: [] });
    expect(game?.rated).toBe(true);
    expect(game?.timeControl?.white).toEqual({ initialMs: 180_000, incrementMs: 2000 });
    expect(game?.relation).toBe('observing');
    expect(kinds(events)).toContain('position-complete');
    await done();
  });

  test('moves played later arrive as events, outside any unit', async () => {
    const { server, client, events, done } = await standInClient();
    await until(loggedIn(events), 'the login');
    await client.observe('Tallis');
    server.move(42, 'Ba4');
    await until(() => client.game(42)?.moves.length === 7, 'the move');
    const move = events.filter((e) => e.kind === 'datagram').at(-3);
    expect(move).toMatchObject({
      kind: 'datagram',
      datagram: { name: 'DG_SEND_MOVES', fields: { smithMove: 'b5a4' } },
    });
    expect(move && 'unit' in move ? move.unit : undefined).toBeUndefined();
    await done();
  });

  test('a game that does not exist is command-failed with the server words; unobserve ends the game', async () => {
    const { client, events, done } = await standInClient();
    await until(loggedIn(events), 'the login');
    expect(await client.observe(7)).toEqual({
      ok: false,
      error: { code: 'command-failed', message: 'cannot observe 7: There is no such game.' },
    });
    expect((await client.observe(-1)).ok).toBe(false);
    await client.observe(42);
    expect((await client.unobserve(42)).ok).toBe(true);
    expect(client.game(42)).toBeUndefined();
    expect(events.some((e) => e.kind === 'game' && e.event.kind === 'game-left' && e.event.why === 'unobserved')).toBe(
      true,
    );
    await done();
  });

  test('follow observes the game the player is in; an unknown player is command-failed', async () => {
    const { client, events, done } = await standInClient();
    await until(loggedIn(events), 'the login');
    expect((await client.follow('Corvid')).ok).toBe(true);
    expect(client.game(42)?.moves).toHaveLength(6);
    expect(await client.follow('no_such!')).toEqual({
      ok: false,
      error: {
        code: 'command-failed',
        message: 'cannot follow no_such!: There is no player matching the name no_such!.',
      },
    });
    expect(await client.follow('two words')).toMatchObject({ ok: false, error: { code: 'command-failed' } });
    await done();
  });
});

describe('reconnection', () => {
  test('a drop reconnects after the backoff delay and observes the game again', async () => {
    const { timers, slept } = instantSleeps();
    const { server, received, client, events, done } = await standInClient({}, { timers });
    await until(loggedIn(events), 'the login');
    await client.observe(42);
    await client.follow('Tallis');
    server.move(42, 'Ba4');
    await until(() => client.game(42)?.moves.length === 7, 'the move');
    for (const session of server.sessions) session.drop();
    await until(loggedIn(events, 2), 'the second login');
    await until(() => received(1).some((line) => /^`c\d+`observe 42$/.test(line)), 're-observe');
    await until(() => received(1).some((line) => /^`c\d+`follow Tallis$/.test(line)), 're-follow');
    // After the second login the game starts again (observe, then follow), with all its moves.
    const since = () => events.slice(events.map((e) => e.kind).lastIndexOf('logged-in'));
    await until(
      () =>
        since().filter((e) => e.kind === 'game' && e.event.kind === 'game-started').length === 2 &&
        client.game(42)?.moves.length === 7,
      'the game again',
    );
    expect(client.game(42)?.moves).toHaveLength(7);
    expect(slept).toEqual([1000]);
    const life = kinds(events).filter((k) => ['connected', 'logged-in', 'disconnected', 'reconnecting'].includes(k));
    expect(life).toEqual(['connected', 'logged-in', 'disconnected', 'reconnecting', 'connected', 'logged-in']);
    expect(events.find((e) => e.kind === 'disconnected')).toMatchObject({ error: { code: 'dropped' } });
    await done();
  });

  test('a server that cannot be reached: retries with growing delays, then gave-up', async () => {
    const { timers, slept } = instantSleeps();
    const events: IccClientEvent[] = [];
    const client = createIccClient({
      transport: () => Promise.reject(new Error('connection refused')),
      retries: 3,
      timers,
      onEvent: (e) => events.push(e),
    });
    const stop = await client.stopped;
    expect(stop).toEqual({
      kind: 'gave-up',
      error: {
        code: 'connect-failed',
        message: 'cannot connect: connection refused; gave up after 3 reconnection attempts',
      },
    });
    expect(slept).toEqual([1000, 2000, 4000]);
    expect(events.filter((e) => e.kind === 'reconnecting').map((e) => e.kind === 'reconnecting' && e.attempt)).toEqual([
      1, 2, 3,
    ]);
    expect(await client.command('who')).toMatchObject({ ok: false, error: { code: 'closed' } });
  });

  test('a transport that throws is a fault of the connection, not an exception', async () => {
    const throwing = createIccClient({
      transport: () =>
        Promise.resolve({
          chunks: {
            [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('reset')) }),
          },
          write: () => {
            throw new Error('broken pipe');
          },
          close: () => {
            throw new Error('already closed');
          },
        }),
      retries: 0,
    });
    expect(await throwing.stopped).toMatchObject({ kind: 'gave-up', error: { code: 'dropped' } });
    const notAFunction = createIccClient({ transport: 'tcp://chessclub.com' as never });
    expect(await notAFunction.stopped).toMatchObject({ kind: 'failed', error: { code: 'connect-failed' } });
  });

  test('a connection that lasted, logged in, starts the backoff again; a login and a drop at once grows it', async () => {
    // The clock moves only when a connection says so: `lasted` ms for the connections listed.
    const run = async (lasted: Readonly<Record<number, number>>) => {
      const { timers, slept } = instantSleeps();
      let clock = 0;
      let opened = 0;
      const client = createIccClient({
        transport: memoryTransport((c) => {
          opened++;
          // The first two connections log in and drop; the next ones drop before any login.
          if (opened <= 2) c.feed('\x19(0 guest1 {}\x19)');
          clock += lasted[opened] ?? 0;
          c.hangUp();
        }),
        retries: 3,
        timers: { ...timers, now: () => clock },
      });
      expect((await client.stopped).kind).toBe('gave-up');
      return { slept, opened };
    };
    // The second connection stayed up a minute: its drop waits the first delay again; the count
    // of failures starts again at each login, so three more are allowed after it.
    expect(await run({ 2: 60_000 })).toEqual({ slept: [1000, 1000, 2000, 4000], opened: 5 });
    // Each login dropped at once: the count starts again, but the delays go on growing, so a
    // server that takes the login and drops every connection is not called every second.
    expect(await run({})).toEqual({ slept: [1000, 2000, 4000, 8000], opened: 5 });
  });

  test('a listener may close the client from any event, even connected', async () => {
    const conns: MemoryConnection[] = [];
    const client: IccClient = createIccClient({
      transport: memoryTransport((c) => conns.push(c)),
      onEvent: (e) => {
        if (e.kind === 'connected') client.close();
      },
    });
    expect(await client.stopped).toEqual({ kind: 'closed' });
    expect(conns[0]?.closed).toBe(true);
  });

  test('retries 0 never reconnects; the signal closes the client', async () => {
    const client = createIccClient({ transport: () => Promise.reject(new Error('no')), retries: 0 });
    expect((await client.stopped).kind).toBe('gave-up');
    const abort = new AbortController();
    const second = createIccClient({ transport: memoryTransport(() => undefined), signal: abort.signal });
    abort.abort();
    expect(await second.stopped).toEqual({ kind: 'closed' });
  });
});

/** Logs a memory client in as guest1; returns the connection. */
async function memoryLogin(
  options: Partial<Parameters<typeof createIccClient>[0]> = {},
): Promise<{ client: IccClient; events: IccClientEvent[]; conn: () => MemoryConnection; conns: MemoryConnection[] }> {
  const conns: MemoryConnection[] = [];
  const events: IccClientEvent[] = [];
  const client = createIccClient({
    transport: memoryTransport((c) => conns.push(c)),
    onEvent: (e) => events.push(e),
    ...options,
  });
  const conn = () => conns.at(-1) as MemoryConnection;
  await until(() => conns.length > 0, 'the connection');
  for (let i = 0; i < 3; i++) {
    conn().feed('login: ');
    await until(() => conn().written.length > i, 'a login line');
  }
  conn().feed('\x19(0 guest1 {}\x19)');
  await until(loggedIn(events), 'the login');
  return { client, events, conn, conns };
}

const unit = (tag: string | undefined, body: string, command = 0) =>
  `${encodeUnitStart(command, 'guest1', tag)}${body}\x19]`;
const seek = (index: number) =>
  encodeDatagram({
    name: 'DG_SEEK',
    fields: {
      index,
      name: 'Corvid',
      titles: [],
      rating: 2100,
      provisionalStatus: 2,
      wild: 0,
      ratingType: 'Blitz',
      time: 3,
      inc: 0,
      rated: true,
      color: -1,
      minRating: 0,
      maxRating: 9999,
      autoAccept: true,
      formula: false,
      fancyTimeControl: '',
    },
  });

describe('commands', () => {
  test('replies are matched by tag, in any order, with datagrams interleaved inside and outside units', async () => {
    const { client, events, conn } = await memoryLogin({ seeks: false });
    const finger = client.command('finger Corvid');
    const history = client.command('history Tallis');
    await settle();
    const written = conn().written.slice(-2);
    expect(written).toEqual(['`c4`finger Corvid\n', '`c5`history Tallis\n']);
    conn().feed(
      seek(7) +
        unit(
          'c5',
          `History of Tallis:\r\n${encodeDatagram({ name: 'DG_SEEK_REMOVED', fields: { index: 7, reasonCode: 3 } })}  1: + 2480\r\n`,
          129,
        ) +
        seek(8) +
        unit('c4', 'Finger of Corvid:\r\n\r\nOn for: 5 mins\r\n', 130),
    );
    expect(await history).toMatchObject({
      ok: true,
      value: {
        command: 'history Tallis',
        commandNumber: 129,
        lines: ['History of Tallis:', '  1: + 2480'],
        datagrams: [{ name: 'DG_SEEK_REMOVED' }],
      },
    });
    expect(await finger).toMatchObject({
      ok: true,
      value: { command: 'finger Corvid', commandNumber: 130, lines: ['Finger of Corvid:', '', 'On for: 5 mins'] },
    });
    // Datagrams outside units are events too, and the book follows them.
    expect(events.filter((e) => e.kind === 'seek').length).toBe(2);
    expect(events.filter((e) => e.kind === 'seek-removed')).toMatchObject([
      { index: 7, why: 'removed', seek: { index: 7 } },
    ]);
    expect(client.seeks().map((s) => s.index)).toEqual([8]);
    client.close();
  });

  test('timeouts, no connection, closed and bad commands are values', async () => {
    const { client } = await memoryLogin({ commandTimeoutMs: 20 });
    expect(await client.command('who')).toEqual({
      ok: false,
      error: { code: 'command-timeout', message: "no reply to 'who' within 0.02 s" },
    });
    expect(await client.command('two\nlines')).toMatchObject({ ok: false, error: { code: 'command-failed' } });
    expect(await client.command(42 as unknown as string)).toMatchObject({
      ok: false,
      error: { code: 'command-failed' },
    });
    const waiting = client.command('games');
    client.close();
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'closed' } });
    expect(await client.command('who')).toMatchObject({ ok: false, error: { code: 'closed' } });
    const early = createIccClient({ transport: memoryTransport(() => undefined) });
    expect(await early.command('who')).toMatchObject({ ok: false, error: { code: 'not-connected' } });
    early.close();
  });

  test('a drop settles the waiting commands with dropped, and empties the books', async () => {
    const { timers } = instantSleeps();
    const { client, conn, conns } = await memoryLogin({ timers });
    conn().feed(seek(1) + encodeDatagram({ name: 'DG_MATCH', fields: match('Corvid', 'guest1') }));
    await settle();
    expect(client.seeks()).toHaveLength(1);
    expect(client.offers()).toHaveLength(1);
    const waiting = client.command('games');
    conn().hangUp();
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'dropped' } });
    expect(client.seeks()).toEqual([]);
    expect(client.offers()).toEqual([]);
    await until(() => conns.length === 2, 'the reconnection');
    client.close();
  });
});

function match(challenger: string, receiver: string) {
  return {
    challengerName: challenger,
    challengerRating: { rating: 2100, annotation: 2 },
    challengerTitles: [],
    receiverName: receiver,
    receiverRating: { rating: 0, annotation: 0 },
    receiverTitles: [],
    wildNumber: 0,
    ratingType: 'Blitz',
    isItRated: false,
    isItAdjourned: false,
    challengerInitial: 3,
    challengerIncrement: 0,
    receiverInitial: 3,
    receiverIncrement: 0,
    challengerColorRequest: -1,
    fancyTimeControl: '',
  } as const;
}

describe('books', () => {
  test('offers come and go by challenger and receiver', async () => {
    const { client, events } = await memoryLogin().then(async (x) => {
      x.conn().feed(
        encodeDatagram({ name: 'DG_MATCH', fields: match('Corvid', 'guest1') }) +
          encodeDatagram({ name: 'DG_MATCH', fields: match('guest1', 'Tallis') }) +
          encodeDatagram({
            name: 'DG_MATCH_REMOVED',
            fields: {
              challengerName: 'corvid',
              receiverName: 'guest1',
              explanationString: 'Corvid withdraws the challenge.',
            },
          }),
      );
      await settle();
      return x;
    });
    expect(client.offers().map((o) => o.receiverName)).toEqual(['Tallis']);
    expect(events.filter((e) => e.kind === 'offer-removed')).toMatchObject([
      {
        challenger: 'corvid',
        receiver: 'guest1',
        explanation: 'Corvid withdraws the challenge.',
        offer: { challengerName: 'Corvid' },
      },
    ]);
    client.close();
  });
});

describe('an overflow of the server output buffer', () => {
  test('empties the books and turns their DGs off and on, so the server sends them whole again', async () => {
    const { client, events, conn } = await memoryLogin();
    conn().feed(seek(1) + encodeDatagram({ name: 'DG_MATCH', fields: match('Corvid', 'guest1') }) + '\x1a');
    await settle();
    expect(kinds(events).slice(-1)).toEqual(['overflow']);
    expect(client.seeks()).toEqual([]);
    expect(client.offers()).toEqual([]);
    expect(
      conn()
        .written.slice(-4)
        .map((line) => line.replace(/^`c\d+`/, '')),
    ).toEqual(['set-2 29 0\n', 'set-2 29 1\n', 'set-2 50 0\n', 'set-2 50 1\n']);
    client.close();
  });
});

describe('events()', () => {
  test('each iterator sees the events from when it starts, independently', async () => {
    const { client, conn } = await memoryLogin();
    const early = client.events()[Symbol.asyncIterator]();
    conn().feed(seek(1));
    await settle();
    const late = client.events()[Symbol.asyncIterator]();
    conn().feed(seek(2));
    await settle();
    expect((await early.next()).value).toMatchObject({ kind: 'datagram', datagram: { fields: { index: 1 } } });
    expect((await late.next()).value).toMatchObject({ kind: 'datagram', datagram: { fields: { index: 2 } } });
    await late.return?.();
    client.close();
    const rest: string[] = [];
    for (let r = await early.next(); r.done !== true; r = await early.next()) rest.push(r.value.kind);
    expect(rest).toEqual(['seek', 'datagram', 'seek', 'stopped']);
  });
});

describe('memory under a flood', () => {
  test('an events() iterator that does not read keeps the newest events and says how many it lost', async () => {
    const { client, conn } = await memoryLogin({ maxQueuedEvents: 10 });
    const iterator = client.events()[Symbol.asyncIterator]();
    conn().feed(Array.from({ length: 100 }, (_, i) => seek(i)).join(''));
    await settle();
    const first = await iterator.next();
    expect(first.value).toEqual({ kind: 'events-dropped', count: 190 });
    const rest: IccClientEvent[] = [];
    for (let i = 0; i < 10; i++) rest.push((await iterator.next()).value as IccClientEvent);
    expect(rest.at(-1)).toMatchObject({ kind: 'seek', seek: { index: 99 } });
    client.close();
    // The iterator ends after the stopped event.
    const tail: string[] = [];
    for (let r = await iterator.next(); r.done !== true; r = await iterator.next()) tail.push(r.value.kind);
    expect(tail).toEqual(['stopped']);
  });

  test('the seek book is bounded however many ads a server sends', async () => {
    const { client, conn } = await memoryLogin();
    conn().feed(Array.from({ length: 4100 }, (_, i) => seek(i)).join(''));
    await settle();
    expect(client.seeks()).toHaveLength(4000);
    expect(client.seeks()[0]?.index).toBe(100);
    client.close();
  });
});
