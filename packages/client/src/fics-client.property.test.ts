import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createFicsClient, type FicsClientEvent } from './fics-client.js';
import { createFicsStandIn } from './fics-stand-in.js';
import { OWN_GAME_NUMBER, ownBoard, ownGame } from './testing/fics-game.js';
import { recordingTimers, until } from './testing/helpers.js';

const SEEK = '<s> 12 w=Carol ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f';

/**
 * One whole session against the stand-in, every write of the server cut into chunks of the
 * given sizes (in turn): login with timeseal 2 and a ping before each reply, a game joined
 * after six plies, its move list, two more moves, a seek, an offer and a ping between replies.
 * Returns what the client reported: the session's events (the reader's and the games'), and
 * the connection's.
 */
async function session(sizes: readonly number[]): Promise<{ session: string[]; connection: string[] }> {
  let turn = 0;
  const chunks = (bytes: Uint8Array): Uint8Array[] => {
    if (sizes.length === 0) return [bytes];
    const out: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; ) {
      const size = sizes[turn++ % sizes.length] as number;
      out.push(bytes.subarray(at, at + size));
      at += size;
    }
    return out;
  };
  const standIn = createFicsStandIn({
    games: { [OWN_GAME_NUMBER]: ownGame(6) },
    pingEachReply: true,
    chunks,
    onCommand: (command) => (command === 'finger' ? ['Finger of GuestCFMT:', 'On for: 1 min'] : undefined),
  });
  const events: FicsClientEvent[] = [];
  const client = createFicsClient({
    transport: standIn.transport,
    timers: recordingTimers().timers,
    clock: () => 42,
    onEvent: (event) => events.push(event),
  });
  await client.observe(OWN_GAME_NUMBER);
  await client.moves(OWN_GAME_NUMBER);
  standIn.broadcast(`${ownBoard(7)}\n\rfics% ${SEEK}\n\r<pf> 14 w=Bob t=draw p=#\n\rfics% `);
  standIn.sessions[0]?.ping();
  standIn.broadcast(`${ownBoard(8)}\n\rfics% `);
  await client.command('finger');
  await until(() => client.game(OWN_GAME_NUMBER)?.moves.length === 8);
  client.close();
  await client.stopped;
  expect(standIn.sessions[0]?.problems).toEqual([]);
  expect(standIn.sessions[0]?.pingsAnswered).toBe(standIn.sessions[0]?.pingsSent);
  const isSession = (e: FicsClientEvent) => e.kind === 'fics' || e.kind === 'game';
  return {
    session: events.filter(isSession).map((e) => JSON.stringify(e)),
    connection: events.filter((e) => !isSession(e)).map((e) => JSON.stringify(e)),
  };
}

test('every chunking of the server stream gives the same events', async () => {
  const whole = await session([]);
  expect(whole.session.length).toBeGreaterThan(20);
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 48 }), { minLength: 1, maxLength: 12 }), async (sizes) => {
      const split = await session(sizes);
      expect(split.session).toEqual(whole.session);
      expect(split.connection).toEqual(whole.connection);
    }),
    { numRuns: 40 },
  );
});

test('no server output makes the client throw or lose its next reply', async () => {
  const pieces = fc.constantFrom(
    '<12> ',
    '<g1> 7 ',
    '<s> ',
    '<pf> ',
    'Movelist for game 7:',
    '{Game 7 (A vs. B) ',
    '\u0015',
    '\u0016',
    '\u0017',
    '[G]\u0000',
    '\n\r',
    'fics% ',
    ' ',
    'x',
  );
  await fc.assert(
    fc.asyncProperty(fc.array(fc.oneof(pieces, fc.string({ maxLength: 12 })), { maxLength: 40 }), async (parts) => {
      const standIn = createFicsStandIn({ onCommand: (command) => (command === 'finger' ? ['Finger'] : undefined) });
      const client = createFicsClient({
        transport: standIn.transport,
        timers: recordingTimers().timers,
        commandTimeoutMs: 1000,
      });
      await until(() => client.name !== undefined);
      // Whatever came before, a frame that is closed and a line end put the stream back in step.
      standIn.broadcast(`${parts.join('')}\u0017\n\r`);
      const reply = await client.command('finger');
      client.close();
      await client.stopped;
      expect(reply.ok).toBe(true);
    }),
    { numRuns: 40 },
  );
});
