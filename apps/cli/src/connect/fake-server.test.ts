import { createConnection } from 'node:net';
import { once } from 'node:events';
import { expect, test } from 'vitest';
import { startFakeServer } from './fake-server.js';
import { parseRecordedSession } from './recorded-session.js';

async function talk(port: number, lines: readonly string[]): Promise<string> {
  const socket = createConnection({ host: '127.0.0.1', port });
  socket.setEncoding('utf8');
  let text = '';
  socket.on('data', (data: string) => {
    text += data;
  });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  for (const line of lines) socket.write(`${line}\n`);
  await once(socket, 'close');
  return text;
}

test('replays a connection: writes, reads and checks lines, closes; then stops by itself', async () => {
  const server = await startFakeServer(parseRecordedSession('<| login: \n> guest\n< hi\nclose'), 5000);
  expect(await talk(server.port, ['guest'])).toBe('login: hi');
  const report = await server.stopped;
  expect(report).toEqual({ received: [['guest']], problems: [] });
});

test('reports a connection too many, and a line it did not expect', async () => {
  const server = await startFakeServer(parseRecordedSession('<| login: \n> guest\nclose'), 5000);
  const first = createConnection({ host: '127.0.0.1', port: server.port });
  first.on('error', () => undefined);
  await once(first, 'data');
  await talk(server.port, []);
  first.write('root\n');
  await once(first, 'close');
  const report = await server.stopped;
  expect(report.problems).toEqual([
    'unexpected connection 2',
    "connection 1: line 2: expected 'guest', received 'root'",
  ]);
});

test('stops at its time limit, whatever the client does', async () => {
  const server = await startFakeServer(parseRecordedSession('<| login: \n> guest\nclose'), 200);
  const started = Date.now();
  await talk(server.port, []);
  const report = await server.stopped;
  expect(report.problems).toEqual(['still running after 200 ms']);
  expect(Date.now() - started).toBeLessThan(3000);
});

test('refuses connections once it has stopped', async () => {
  const server = await startFakeServer(parseRecordedSession('<| x\nclose'), 2000);
  await talk(server.port, []);
  await server.stopped;
  // A second connection after the session is over is refused: the server has stopped listening.
  const socket = createConnection({ host: '127.0.0.1', port: server.port });
  const [error] = (await once(socket, 'error')) as [NodeJS.ErrnoException];
  expect(error.code).toBe('ECONNREFUSED');
});
