import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
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
} from './websocket-wire.js';

/**
 * A WebSocket client class for tests in Node 20 (which has no global WebSocket), behaving as a
 * browser's does where the transport can tell: events through `onopen`, `onmessage`, `onerror`,
 * `onclose`; text messages as strings (UTF-8 decoded), binary ones as ArrayBuffers when
 * `binaryType` is `arraybuffer` (else as Buffers); messages arriving after `close()` dropped;
 * a connection lost without a close frame reported as an error, then a close with code 1006.
 * `ws://` only.
 */

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;
/** Close code of a connection lost without a closing handshake (RFC 6455, 7.4.1). */
const ABNORMAL = 1006;

export interface CloseEventLike {
  readonly code: number;
  readonly reason: string;
  readonly wasClean: boolean;
}

export class TestWebSocket {
  binaryType = 'blob';
  readyState = CONNECTING;
  onopen: ((event: object) => unknown) | null = null;
  onmessage: ((event: { readonly data: unknown }) => unknown) | null = null;
  onerror: ((event: object) => unknown) | null = null;
  onclose: ((event: CloseEventLike) => unknown) | null = null;
  /** Every instance made, for tests that look at the sockets a transport opened. */
  static readonly made: TestWebSocket[] = [];
  private readonly socket: Socket;

  constructor(url: string) {
    TestWebSocket.made.push(this);
    const parsed = new URL(url);
    if (parsed.protocol !== 'ws:') throw new SyntaxError(`TestWebSocket speaks ws:// only, not ${parsed.protocol}`);
    const key = randomBytes(16).toString('base64');
    const socket = connect({ host: parsed.hostname, port: Number(parsed.port || 80) });
    this.socket = socket;
    socket.setNoDelay(true);
    let pending: Buffer = Buffer.alloc(0);
    const reader = new FrameReader();
    const assembler = new MessageAssembler();
    socket.on('connect', () =>
      socket.write(
        `GET ${parsed.pathname}${parsed.search} HTTP/1.1\r\nHost: ${parsed.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      let bytes = chunk;
      if (this.readyState === CONNECTING) {
        pending = Buffer.concat([pending, chunk]);
        const block = headerBlock(pending);
        if (block === undefined) return;
        if (
          !/^HTTP\/1\.1 101\b/.test(block.head) ||
          headerValue(block.head, 'sec-websocket-accept') !== acceptKey(key)
        ) {
          this.lost();
          return;
        }
        this.readyState = OPEN;
        this.onopen?.({});
        bytes = block.rest;
      }
      for (const frame of reader.push(bytes)) {
        const got = assembler.add(frame);
        if (got === undefined) continue;
        if ('message' in got) {
          if (this.readyState !== OPEN) continue;
          const { text, data } = got.message;
          const delivered = text
            ? data.toString('utf8')
            : this.binaryType === 'arraybuffer'
              ? data.buffer.slice(data.byteOffset, data.byteOffset + data.length)
              : data;
          this.onmessage?.({ data: delivered });
          continue;
        }
        const control = got.control;
        if (control.opcode === OPCODE.ping) this.frame(OPCODE.pong, control.payload);
        else if (control.opcode === OPCODE.close) {
          if (this.readyState === OPEN) this.frame(OPCODE.close, control.payload);
          socket.end();
          this.finish({ code: closeCode(control.payload), reason: '', wasClean: true });
        }
      }
    });
    socket.on('error', () => this.lost());
    socket.on('close', () => this.lost());
  }

  send(data: Uint8Array | string): void {
    if (this.readyState !== OPEN) return;
    if (typeof data === 'string') this.frame(OPCODE.text, Buffer.from(data, 'utf8'));
    else this.frame(OPCODE.binary, data);
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === CONNECTING) {
      this.socket.destroy();
      this.lost();
      return;
    }
    if (this.readyState !== OPEN) return;
    this.frame(OPCODE.close, closePayload(code, reason));
    this.readyState = CLOSING;
  }

  private frame(opcode: number, payload: Uint8Array): void {
    if (!this.socket.destroyed) this.socket.write(encodeFrame(opcode, payload, true, randomBytes(4)));
  }

  /** The connection ended with no closing handshake. */
  private lost(): void {
    if (this.readyState === CLOSED) return;
    this.socket.destroy();
    this.onerror?.({});
    this.finish({ code: ABNORMAL, reason: '', wasClean: false });
  }

  private finish(event: CloseEventLike): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.onclose?.(event);
  }
}
