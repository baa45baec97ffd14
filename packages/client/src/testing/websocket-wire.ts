import { createHash } from 'node:crypto';

/**
 * The WebSocket wire (RFC 6455) as far as the tests need it: the opening handshake's key
 * answer, and frames written and read, masked or not, whole or in fragments. Test-only: the
 * package itself never speaks the wire, a WebSocket class does.
 */

/** The GUID the server appends to the client's key before hashing (RFC 6455, 1.3). */
const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** Frame opcodes (RFC 6455, 5.2). */
export const OPCODE = Object.freeze({ continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa });

/** First byte: the final fragment of a message. */
const FIN_BIT = 0x80;
/** Second byte: the payload is masked (every client frame must be). */
const MASK_BIT = 0x80;
const OPCODE_BITS = 0x0f;
const LENGTH_BITS = 0x7f;
/** Length codes: a 16-bit length follows, or a 64-bit one. */
const LENGTH_16 = 126;
const LENGTH_64 = 127;
const MASK_LENGTH = 4;
/** Control frames carry at most this many payload bytes (RFC 6455, 5.5). */
export const MAX_CONTROL_PAYLOAD = 125;

/** The `Sec-WebSocket-Accept` answer to a `Sec-WebSocket-Key`. */
export function acceptKey(key: string): string {
  return createHash('sha1')
    .update(key + HANDSHAKE_GUID)
    .digest('base64');
}

/** The header block of an HTTP message, once its blank line has arrived. */
export function headerBlock(buffer: Buffer): { head: string; rest: Buffer } | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  return { head: buffer.subarray(0, end).toString('latin1'), rest: buffer.subarray(end + 4) };
}

/** A header's value in a header block (names are case-insensitive). */
export function headerValue(head: string, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === wanted) return line.slice(colon + 1).trim();
  }
  return undefined;
}

export interface Frame {
  readonly fin: boolean;
  readonly opcode: number;
  readonly payload: Buffer;
}

/** One frame's bytes; `mask` (4 bytes) for a client's frame. */
export function encodeFrame(opcode: number, payload: Uint8Array, fin = true, mask?: Uint8Array): Buffer {
  const length = payload.length;
  const lengthBytes = length < LENGTH_16 ? 0 : length <= 0xffff ? 2 : 8;
  const header = Buffer.alloc(2 + lengthBytes + (mask ? MASK_LENGTH : 0));
  header[0] = (fin ? FIN_BIT : 0) | opcode;
  const maskBit = mask ? MASK_BIT : 0;
  if (lengthBytes === 0) header[1] = maskBit | length;
  else if (lengthBytes === 2) {
    header[1] = maskBit | LENGTH_16;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = maskBit | LENGTH_64;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  const body = Buffer.from(payload);
  if (mask) {
    header.set(mask, 2 + lengthBytes);
    for (let i = 0; i < body.length; i++) body[i] = (body[i] as number) ^ (mask[i % MASK_LENGTH] as number);
  }
  return Buffer.concat([header, body]);
}

/** Reads frames out of bytes as they come, however they are split. */
export class FrameReader {
  private buffer = Buffer.alloc(0);

  /** The frames `chunk` completes, in order; an incomplete one waits for more. */
  push(chunk: Uint8Array): Frame[] {
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    const frames: Frame[] = [];
    for (;;) {
      const buffer = this.buffer;
      if (buffer.length < 2) break;
      const first = buffer[0] as number;
      const second = buffer[1] as number;
      const code = second & LENGTH_BITS;
      let offset = 2;
      let length = code;
      if (code === LENGTH_16) {
        if (buffer.length < 4) break;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (code === LENGTH_64) {
        if (buffer.length < 10) break;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      const masked = (second & MASK_BIT) !== 0;
      const mask = masked ? buffer.subarray(offset, offset + MASK_LENGTH) : undefined;
      if (masked) offset += MASK_LENGTH;
      if (buffer.length < offset + length) break;
      const payload = Buffer.from(buffer.subarray(offset, offset + length));
      if (mask) for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number);
      frames.push({ fin: (first & FIN_BIT) !== 0, opcode: first & OPCODE_BITS, payload });
      this.buffer = buffer.subarray(offset + length);
    }
    return frames;
  }
}

/** A whole message: its data frames joined. */
export interface Message {
  readonly text: boolean;
  readonly data: Buffer;
}

/** Joins fragments into messages; control frames pass through between them. */
export class MessageAssembler {
  private parts: Buffer[] = [];
  private text = false;

  /** A message when `frame` ends one, the control frame itself, or nothing yet. */
  add(frame: Frame): { message: Message } | { control: Frame } | undefined {
    if (frame.opcode >= OPCODE.close) return { control: frame };
    if (frame.opcode !== OPCODE.continuation) {
      this.parts = [];
      this.text = frame.opcode === OPCODE.text;
    }
    this.parts.push(frame.payload);
    if (!frame.fin) return undefined;
    const message = { text: this.text, data: Buffer.concat(this.parts) };
    this.parts = [];
    return { message };
  }
}

/** A close frame's payload: the code, then the reason. */
export function closePayload(code: number, reason = ''): Buffer {
  const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
  payload.writeUInt16BE(code, 0);
  payload.write(reason, 2);
  return payload;
}

/** The code of a close frame's payload (1005, "no status", when it has none). */
export function closeCode(payload: Buffer): number {
  return payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
}
