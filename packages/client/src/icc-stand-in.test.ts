import { describe, expect, test } from 'vitest';
import { createIccClient, type IccClientEvent } from './icc-client.js';
import { startIccStandIn } from './icc-stand-in.js';
import { tcpTransport } from './node.js';

async function loggedInClient(server: { port: number }, commandTimeoutMs = 30_000) {
  const events: IccClientEvent[] = [];
  const client = createIccClient({
    transport: tcpTransport({ host: '127.0.0.1', port: server.port }),
    commandTimeoutMs,
    onEvent: (e) => events.push(e),
  });
  for (let i = 0; i < 500 && client.user() === undefined; i++) await new Promise((r) => setTimeout(r, 10));
  return { client, events };
}

describe('startIccStandIn', () => {
  test('games whose moves are not legal are refused when it starts', async () => {
    await expect(
      startIccStandIn({
        games: [{ gameNumber: 1, white: { name: 'A1' }, black: { name: 'B1' }, moves: ['e4', 'e4'] }],
      }),
    ).rejects.toThrow("game 1: 'e4' is not a legal move here");
  });

  test('answer: a unit of text, command not found, or no answer at all', async () => {
    const server = await startIccStandIn({
      games: [{ gameNumber: 3, white: { name: 'Corvid' }, black: { name: 'Tallis' }, moves: [] }],
      answer: (command, session) => {
        if (command === 'hang') return null;
        return command.startsWith('finger') ? `Finger of ${session.name}:\r\n` : undefined;
      },
    });
    const { client } = await loggedInClient(server, 100);
    expect(await client.command('finger')).toMatchObject({ ok: true, value: { lines: ['Finger of guest1:'] } });
    expect(await client.command('xyzzy')).toMatchObject({
      ok: true,
      value: { commandNumber: 0, lines: ['xyzzy: command not found.'] },
    });
    expect(await client.command('hang')).toMatchObject({ ok: false, error: { code: 'command-timeout' } });
    expect(() => server.move(3, 'e5')).toThrow("game 3: 'e5' is not a legal move here");
    expect(() => server.move(4, 'e4')).toThrow('no stand-in game 4');
    client.close();
    await client.stopped;
    await server.close();
  });
});
