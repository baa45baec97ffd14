import fc from 'fast-check';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from './connection.js';
import { TestWebSocket } from './testing/websocket-client.js';
import { startWebSocketServer, type TestWebSocketServer, type WebSocketPeer } from './testing/websocket-server.js';
import { webSocketTransport, type WebSocketLike, type WebSocketTransportOptions } from './websocket.js';

const never = new AbortController().signal;

/** The next peer the server gets, and the server. */
let server: TestWebSocketServer;
const peers: ((peer: WebSocketPeer) => void)[] = [];
const nextPeer = () => new Promise<WebSocketPeer>((resolve) => peers.push(resolve));

beforeAll(async () => {
  server = await startWebSocketServer({ onPeer: (peer) => peers.shift()?.(peer) });
});
afterAll(() => server.close());

async function open(options: WebSocketTransportOptions = {}): Promise<[Connection, WebSocketPeer]> {
  const peer = nextPeer();
  const connection = await webSocketTransport(server.url, { WebSocket: TestWebSocket, ...options })(never);
  return [connection, await peer];
}

/** Reads `count` bytes (or to the end) from a connection's iterator. */
async function read(iterator: AsyncIterator<Uint8Array>, count: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let total = 0;
  while (total < count) {
    const next = await iterator.next();
    if (next.done === true) break;
    parts.push(Buffer.from(next.value));
    total += next.value.length;
  }
  return Buffer.concat(parts);
}

/** Everything the iterator gives to its end, or the error that ends it. */
async function drain(chunks: AsyncIterable<Uint8Array>): Promise<{ bytes: Buffer; error?: string }> {
  const parts: Buffer[] = [];
  try {
    for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  } catch (error) {
    return { bytes: Buffer.concat(parts), error: (error as Error).message };
  }
  return { bytes: Buffer.concat(parts) };
}

describe('webSocketTransport', () => {
  it('delivers the same bytes however the server cuts them into messages, frames and TCP writes', async () => {
    const message = fc.record({
      bytes: fc.uint8Array({ minLength: 0, maxLength: 300 }),
      text: fc.boolean(),
      fragments: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 5 }),
      writes: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 6 }), async (messages) => {
        const [connection, peer] = await open();
        const expected = Buffer.concat(messages.map((m) => m.bytes));
        for (const { bytes, ...plan } of messages) peer.send(bytes, plan);
        peer.close();
        const { bytes, error } = await drain(connection.chunks);
        expect(error).toBeUndefined();
        expect(bytes.equals(expected)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('one big message (64-bit length) and a long run of small ones', async () => {
    const [connection, peer] = await open();
    const big = Buffer.alloc(70_000, 'a');
    peer.send(big, { fragments: [1, 65_536] });
    for (let i = 0; i < 200; i++) peer.send(`line ${String(i)}\n\r`);
    peer.close();
    const { bytes } = await drain(connection.chunks);
    const lines = Array.from({ length: 200 }, (_, i) => `line ${String(i)}\n\r`).join('');
    expect(bytes.equals(Buffer.concat([big, Buffer.from(lines, 'latin1')]))).toBe(true);
  });

  it('reads text messages one byte per character, as TCP does', async () => {
    const [connection, peer] = await open();
    peer.send('caf\u00e9 \u00ff\n\r', { text: true });
    peer.close();
    expect((await drain(connection.chunks)).bytes).toEqual(
      Buffer.from([...'caf\u00e9 \u00ff\n\r'].map((c) => c.charCodeAt(0))),
    );
  });

  it('writes text one byte per character and bytes as they are, as binary messages', async () => {
    const [connection, peer] = await open();
    const got = new Promise<void>((resolve) => {
      peer.onMessage = () => {
        if (peer.messages.length === 2) resolve();
      };
    });
    connection.write('guest\u00e9\n');
    connection.write(Uint8Array.of(0x80, 0x00, 0xff));
    await got;
    expect(peer.messages.map((m) => [m.text, [...m.data]])).toEqual([
      [false, [...Buffer.from('guest\u00e9\n', 'latin1')]],
      [false, [0x80, 0x00, 0xff]],
    ]);
    connection.close();
    expect(await peer.closed).toBe(1000);
  });

  it('ends the iteration when the server closes, and throws when the connection drops', async () => {
    const [clean, peer] = await open();
    peer.send('bye');
    peer.close();
    expect(await drain(clean.chunks)).toEqual({ bytes: Buffer.from('bye') });
    const [dropped, peer2] = await open();
    peer2.send('half');
    // Let the message arrive before the drop, as it would from a server.
    await new Promise((resolve) => setTimeout(resolve, 20));
    peer2.drop();
    expect(await drain(dropped.chunks)).toEqual({
      bytes: Buffer.from('half'),
      error: 'the connection dropped (code 1006)',
    });
  });

  it("close with a farewell sends it and reads the server's goodbye until it closes", async () => {
    const [connection, peer] = await open();
    peer.onMessage = (message) => {
      if (message.data.toString('latin1') === 'quit\n') {
        peer.send('Thank you for using the server.\n\r');
        peer.close();
      }
    };
    const drained = drain(connection.chunks);
    connection.close('quit\n');
    expect(await drained).toEqual({ bytes: Buffer.from('Thank you for using the server.\n\r') });
    expect(await peer.closed).toBe(1000);
  });

  it('close with a farewell hangs up itself when the server does not close within the grace period', async () => {
    const [connection, peer] = await open({ closeGraceMs: 50 });
    const drained = drain(connection.chunks);
    const started = Date.now();
    connection.close('quit\n');
    expect(await drained).toEqual({ bytes: Buffer.alloc(0) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect(await peer.closed).toBe(1000);
    expect(peer.messages.map((m) => m.data.toString('latin1'))).toEqual(['quit\n']);
  });

  it('close without a farewell ends the iteration at once; writes after it are dropped', async () => {
    const [connection, peer] = await open();
    connection.close();
    connection.write('late\n');
    expect(await drain(connection.chunks)).toEqual({ bytes: Buffer.alloc(0) });
    expect(await peer.closed).toBe(1000);
    expect(peer.messages).toEqual([]);
  });

  it('a reader stopping early closes the connection', async () => {
    const [connection, peer] = await open();
    peer.send('first');
    for await (const chunk of connection.chunks) {
      expect(Buffer.from(chunk).toString()).toBe('first');
      break;
    }
    expect(await peer.closed).toBe(1000);
  });

  it('closes with 1009 and ends in an error when the reader falls more than maxBufferedBytes behind', async () => {
    const [connection, peer] = await open({ maxBufferedBytes: 100 });
    const iterator = connection.chunks[Symbol.asyncIterator]();
    peer.send(Buffer.alloc(60, 1));
    expect((await read(iterator, 60)).length).toBe(60);
    // Read in time, the same amount again is fine; unread, past the bound, it is not.
    peer.send(Buffer.alloc(60, 2));
    peer.send(Buffer.alloc(60, 3));
    expect(await peer.closed).toBe(1009);
    await expect(read(iterator, 200)).rejects.toThrow(
      'the reader fell behind: more than 100 bytes received and not read',
    );
  });

  it('takes a bound that makes no sense (0, negative, NaN) as the default', async () => {
    const [connection, peer] = await open({ maxBufferedBytes: 0, closeGraceMs: -1, timeoutMs: Number.NaN });
    peer.send(Buffer.alloc(1000, 1));
    peer.close();
    expect((await drain(connection.chunks)).bytes.length).toBe(1000);
  });

  it('rejects when the handshake takes too long, when aborted, when refused, and with no WebSocket', async () => {
    const silent = await startWebSocketServer({ answer: false });
    try {
      await expect(webSocketTransport(silent.url, { WebSocket: TestWebSocket, timeoutMs: 100 })(never)).rejects.toThrow(
        'no answer within 0.1 s',
      );
      const controller = new AbortController();
      const pending = webSocketTransport(silent.url, { WebSocket: TestWebSocket })(controller.signal);
      setTimeout(() => controller.abort(), 20);
      await expect(pending).rejects.toThrow('interrupted');
      await expect(webSocketTransport(silent.url, { WebSocket: TestWebSocket })(AbortSignal.abort())).rejects.toThrow(
        'interrupted',
      );
    } finally {
      await silent.close();
    }
    const port = await freePort();
    await expect(
      webSocketTransport(`ws://127.0.0.1:${String(port)}`, { WebSocket: TestWebSocket })(never),
    ).rejects.toThrow(`cannot connect to ws://127.0.0.1:${String(port)}`);
    await expect(webSocketTransport('wss://example.invalid', { WebSocket: TestWebSocket })(never)).rejects.toThrow(
      'cannot open wss://example.invalid: TestWebSocket speaks ws:// only',
    );
    const global = (globalThis as { WebSocket?: unknown }).WebSocket;
    if (global === undefined) {
      await expect(webSocketTransport(server.url)(never)).rejects.toThrow('pass options.WebSocket');
    }
  });

  it('ends in an error on a message it cannot read synchronously (a Blob), takes views of bytes, and reads a character past U+00FF as ?', async () => {
    const connection = await webSocketTransport('ws://stand-in', { WebSocket: ScriptedSocket })(never);
    const drained = drain(connection.chunks);
    const socket = ScriptedSocket.last as ScriptedSocket;
    socket.deliver(new Uint8Array([1, 2, 3, 4]).subarray(1, 3));
    socket.deliver('\u2654x');
    socket.deliver({ size: 3 });
    expect(await drained).toEqual({
      bytes: Buffer.from([2, 3, 0x3f, 0x78]),
      error: 'the WebSocket delivered a message as a Blob: its binaryType must be "arraybuffer"',
    });
  });
});

/** A port nothing listens on: one the system gave and took back. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 1));
    });
  });
}

/** A WebSocket that opens at once and delivers what the test gives it. */
class ScriptedSocket implements WebSocketLike {
  static last: ScriptedSocket | undefined;
  binaryType = 'blob';
  readyState = 0;
  onopen: ((event: object) => unknown) | null = null;
  onmessage: ((event: { data: unknown }) => unknown) | null = null;
  onerror: ((event: object) => unknown) | null = null;
  onclose: ((event: object) => unknown) | null = null;
  constructor() {
    ScriptedSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
  }
  deliver(data: unknown): void {
    this.onmessage?.({ data });
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}
