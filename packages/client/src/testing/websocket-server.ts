import { createServer, type Socket } from 'node:net';
import {
  FrameReader,
  MessageAssembler,
  OPCODE,
  acceptKey,
  closeCode,
  closePayload,
  encodeFrame,
  headerBlock,
  headerValue,
  type Message,
} from './websocket-wire.js';
import type { StandInServer } from '../stand-in-serve.js';
import { listenOnLoopback } from './helpers.js';

/**
 * A WebSocket server for tests, on loopback (a port the system picks), written from RFC 6455
 * with node:net and node:crypto alone: the opening handshake, frames read (masked) and written
 * (whole, in fragments, or with the TCP writes cut anywhere), pings answered, the closing
 * handshake. What each connection does is up to the test (`onPeer`).
 */

/** How a message goes out: text or binary, its frame sizes, and the TCP writes its bytes are cut into. */
export interface SendPlan {
  /** A text message (the data is read as latin1 characters and sent as UTF-8, as a server of text would). */
  readonly text?: boolean;
  /** Payload bytes of each frame but the last, which takes the rest (default: one frame). */
  readonly fragments?: readonly number[];
  /** Byte counts of each TCP write but the last (default: one write). */
  readonly writes?: readonly number[];
}

/** One client's connection, seen from the server. */
export interface WebSocketPeer {
  /** The request's path (`/` by default). */
  readonly path: string;
  /** Every message received so far. */
  readonly messages: Message[];
  /** Called with each message as it arrives. */
  onMessage: ((message: Message) => void) | undefined;
  /** Resolves when the connection is over: with the client's close code, or undefined when it just dropped. */
  readonly closed: Promise<number | undefined>;
  /** Sends one message. */
  send(data: Uint8Array | string, plan?: SendPlan): void;
  /** Starts the closing handshake (the connection ends when the client answers). */
  close(code?: number): void;
  /** Drops the TCP connection with no close frame (what the browser calls 1006, abnormal). */
  drop(): void;
}

export interface WebSocketServerOptions {
  /** Called for each connection once its handshake is done. */
  readonly onPeer?: (peer: WebSocketPeer) => void;
  /** False: accept TCP connections but never answer the handshake (for timeouts). */
  readonly answer?: boolean;
}

export interface TestWebSocketServer {
  readonly port: number;
  /** `ws://127.0.0.1:PORT` */
  readonly url: string;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

/** `data` as bytes: a string's characters as latin1 bytes. */
function bytesOf(data: Uint8Array | string): Buffer {
  return typeof data === 'string' ? Buffer.from(data, 'latin1') : Buffer.from(data);
}

/** `bytes` cut at the given sizes (the last piece takes the rest; sizes past the end are dropped). */
export function cut(bytes: Buffer, sizes: readonly number[] = []): Buffer[] {
  const pieces: Buffer[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at + size >= bytes.length) break;
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  pieces.push(bytes.subarray(at));
  return pieces;
}

export function startWebSocketServer(options: WebSocketServerOptions = {}): Promise<TestWebSocketServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setNoDelay(true);
    if (options.answer === false) return;
    let pending = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const block = headerBlock(pending);
      if (block === undefined) return;
      socket.off('data', onData);
      const key = headerValue(block.head, 'sec-websocket-key');
      if (key === undefined) {
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
        return;
      }
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${acceptKey(key)}\r\n\r\n`,
      );
      const path = block.head.split(' ')[1] ?? '/';
      const peer = servePeer(socket, path);
      options.onPeer?.(peer);
      if (block.rest.length > 0) socket.emit('data', block.rest);
    };
    socket.on('data', onData);
  });
  return listenOnLoopback(server).then((port) => ({
    port,
    url: `ws://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  }));
}

function servePeer(socket: Socket, path: string): WebSocketPeer {
  const reader = new FrameReader();
  const assembler = new MessageAssembler();
  const messages: Message[] = [];
  let closing = false;
  let clientCode: number | undefined;
  const closed = new Promise<number | undefined>((resolve) => socket.on('close', () => resolve(clientCode)));
  const writeFrame = (opcode: number, payload: Uint8Array, fin = true) => {
    if (!socket.destroyed) socket.write(encodeFrame(opcode, payload, fin));
  };
  const peer: WebSocketPeer = {
    path,
    messages,
    onMessage: undefined,
    closed,
    send(data, plan = {}) {
      if (closing || socket.destroyed) return;
      const bytes = plan.text ? Buffer.from(bytesOf(data).toString('latin1'), 'utf8') : bytesOf(data);
      const fragments = cut(bytes, plan.fragments);
      const frames = Buffer.concat(
        fragments.map((part, i) =>
          encodeFrame(
            i === 0 ? (plan.text ? OPCODE.text : OPCODE.binary) : OPCODE.continuation,
            part,
            i === fragments.length - 1,
          ),
        ),
      );
      for (const piece of cut(frames, plan.writes)) socket.write(piece);
    },
    close(code = 1000) {
      if (closing) return;
      closing = true;
      writeFrame(OPCODE.close, closePayload(code));
    },
    drop() {
      socket.destroy();
    },
  };
  socket.on('data', (chunk: Buffer) => {
    for (const frame of reader.push(chunk)) {
      const got = assembler.add(frame);
      if (got === undefined) continue;
      if ('message' in got) {
        messages.push(got.message);
        peer.onMessage?.(got.message);
        continue;
      }
      const control = got.control;
      if (control.opcode === OPCODE.ping) writeFrame(OPCODE.pong, control.payload);
      else if (control.opcode === OPCODE.close) {
        clientCode = closeCode(control.payload);
        // Answer a close the client started; when the server started it, this is the answer.
        if (!closing) writeFrame(OPCODE.close, control.payload);
        closing = true;
        socket.end();
      }
    }
  });
  return peer;
}

/**
 * A stand-in server behind a WebSocket on loopback, as a browser reaches it: each connection a
 * session of the stand-in, each of its writes a binary message cut into fragments.
 */
export function serveStandInOverWebSocket(standIn: StandInServer): Promise<TestWebSocketServer> {
  return startWebSocketServer({
    onPeer: (peer) => {
      const served = standIn.accept({
        write: (bytes) => peer.send(bytes, { fragments: [7, 64] }),
        end: () => peer.close(),
      });
      peer.onMessage = (message) => served.receive(message.data);
      void peer.closed.then(() => served.closed());
    },
  });
}
