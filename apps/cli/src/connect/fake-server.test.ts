import { createConnection } from 'node:net';
import { once } from 'node:events';
import { expect, test } from 'vitest';
import { encodeTimeseal, timesealHello, timesealPingReply } from '@chess-formats/fics';
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
  expect(report).toEqual({
    received: [['guest']],
    problems: [],
    timeseal: [undefined],
    pings: [{ sent: 0, answered: 0 }],
  });
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

/**
 * A client of byte lines: `answer` is called with all the text read so far each time more comes,
 * and returns the lines to send then (each ending with its line feed), and `end` to close our side.
 */
async function talkBytes(port: number, answer: (text: string) => readonly (Uint8Array | 'end')[]): Promise<string> {
  const socket = createConnection({ host: '127.0.0.1', port });
  socket.setEncoding('latin1');
  let text = '';
  socket.on('data', (data: string) => {
    text += data;
    for (const line of answer(text)) {
      if (line === 'end') socket.end();
      else socket.write(line);
    }
  });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  await once(socket, 'close');
  return text;
}

const pingsIn = (text: string): number => text.split('[G]').length - 1;

test('timeseal: the hello switches it on, sealed lines are decoded, pings are written and their answers counted', async () => {
  const session = parseRecordedSession('<| login: \n> guest\nping\nping\n> bye\n<| hi\nclose');
  const server = await startFakeServer(session, 5000);
  let step = 0;
  const text = await talkBytes(server.port, (seen) => {
    if (step === 0) {
      step++;
      return [timesealHello(2, 5), encodeTimeseal('guest', 9)];
    }
    if (step === 1 && pingsIn(seen) === 2) {
      step++;
      return [timesealPingReply(12), timesealPingReply(13), encodeTimeseal('bye', 14)];
    }
    return [];
  });
  expect(text).toBe('login: [G]\0[G]\0hi');
  expect(await server.stopped).toEqual({
    received: [['guest', 'bye']],
    problems: [],
    timeseal: ['TIMESEAL2|chess-formats|js|'],
    pings: [{ sent: 2, answered: 2 }],
  });
});

test('timeseal: a plain line after the hello, and a ping left unanswered, show in the report', async () => {
  const server = await startFakeServer(parseRecordedSession('<| login: \n> *\nping\n> guest\nclose'), 5000);
  const plain = new TextEncoder().encode('guest\n');
  let step = 0;
  await talkBytes(server.port, (seen) => {
    if (step === 0) {
      step++;
      return [timesealHello(1, 5), encodeTimeseal('hello', 7, 3)];
    }
    if (step === 1 && pingsIn(seen) === 1) {
      step++;
      return [plain, 'end'];
    }
    return [];
  });
  const report = await server.stopped;
  expect(report.problems).toEqual([
    'connection 1: a plain line after the timeseal hello',
    "connection 1: line 4: expected 'guest', the client closed",
  ]);
  expect(report.received).toEqual([['hello']]);
  expect(report.timeseal).toEqual(['TIMESTAMP|chess-formats|js|']);
  expect(report.pings).toEqual([{ sent: 1, answered: 0 }]);
});
