import { expect, test } from 'vitest';
import { createFicsClient } from './fics-client.js';
import { createFicsStandIn } from './fics-stand-in.js';
import { listenStandIn, tcpTransport } from './node.js';
import { until } from './testing/helpers.js';

test('over TCP the timeseal farewell reaches the server readable: text goes one byte a character', async () => {
  // A timeseal line has bytes from 0x80 up; sent as UTF-8 they would be two bytes each and the line unreadable.
  const standIn = createFicsStandIn();
  const server = await listenStandIn(standIn);
  try {
    const client = createFicsClient({ transport: tcpTransport({ host: '127.0.0.1', port: server.port }) });
    await until(() => client.user() !== undefined);
    client.close();
    await client.stopped;
    const [session] = standIn.sessions;
    await until(() => session?.open === false);
    expect(session?.timeseal).toBe(2);
    expect(session?.received.at(-1)).toMatch(/^\d{1,2} quit$/);
    expect(session?.problems).toEqual([]);
  } finally {
    await server.close();
  }
});
