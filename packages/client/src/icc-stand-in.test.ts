import { describe, expect, test } from 'vitest';
import { createIccClient } from './icc-client.js';
import { createIccStandIn } from './icc-stand-in.js';

async function loggedInClient(standIn: ReturnType<typeof createIccStandIn>, commandTimeoutMs = 30_000) {
  const client = createIccClient({ transport: standIn.transport, commandTimeoutMs });
  for (let i = 0; i < 500 && client.user() === undefined; i++) await new Promise((r) => setTimeout(r, 10));
  return client;
}

describe('createIccStandIn', () => {
  test('games whose moves are not legal are refused when it is made', () => {
    expect(() =>
      createIccStandIn({ games: { 1: { white: { name: 'A1' }, black: { name: 'B1' }, moves: ['e4', 'e4'] } } }),
    ).toThrow("game 1: 'e4' is not a legal move here");
  });

  test('in memory: onCommand answers with a unit, command not found, or nothing at all', async () => {
    const standIn = createIccStandIn({
      games: { 3: { white: { name: 'Corvid' }, black: { name: 'Tallis' }, moves: [] } },
      guestName: 'guest77',
      onCommand: (command, session) => {
        if (command === 'hang') return null;
        return command.startsWith('finger') ? `Finger of ${session.name ?? '?'}:\r\n` : undefined;
      },
    });
    const client = await loggedInClient(standIn, 100);
    expect(client.user()).toBe('guest77');
    expect(await client.command('finger')).toMatchObject({ ok: true, value: { lines: ['Finger of guest77:'] } });
    expect(await client.command('xyzzy')).toMatchObject({
      ok: true,
      value: { commandNumber: 0, lines: ['xyzzy: command not found.'] },
    });
    expect(await client.command('hang')).toMatchObject({ ok: false, error: { code: 'command-timeout' } });
    expect(standIn.sessions[0]?.datagrams.has(50)).toBe(true);
    expect(() => standIn.move(3, 'e5')).toThrow("game 3: 'e5' is not a legal move here");
    expect(() => standIn.move(4, 'e4')).toThrow('no stand-in game 4');
    client.close();
    await client.stopped;
    expect(standIn.sessions[0]?.open).toBe(false);
    expect(standIn.sessions[0]?.received.at(-1)).toBe('quit');
  });

  test('refuse: the transport rejects, as a server that is down', async () => {
    const standIn = createIccStandIn();
    standIn.refuse = true;
    const client = createIccClient({ transport: standIn.transport, retries: 0 });
    expect(await client.stopped).toMatchObject({ kind: 'gave-up', error: { code: 'connect-failed' } });
  });
});
