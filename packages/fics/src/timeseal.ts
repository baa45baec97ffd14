/**
 * Timeseal, the FICS lag compensation, on the client's side: each line the client sends is
 * stamped with the client's clock and scrambled, and each ping the server slips into its
 * output (`[G]`) is answered at once, so the server charges a player's clock the thinking time
 * and not the network's. Pure functions over bytes, no socket and no clock of their own: the
 * caller passes the time, so Node and browsers use the same code and tests are exact.
 *
 * The algorithm (documented by the public clients and the server's own decoder; see the
 * README): append CONTROL_X, the clock in decimal milliseconds modulo 10^7, CONTROL_Y; pad to a
 * multiple of 12 bytes; swap bytes 0-11, 2-9 and 4-7 of each group of 12; turn every byte b
 * into ((b | 0x80) ^ key[(i + offset) % 50]) - 32; append 0x80 | offset and a line feed.
 */
import { err, ok, type LocatedError, type Result } from '@chess-formats/board-core';
import {
  CONTROL_B,
  CONTROL_X,
  CONTROL_Y,
  CR,
  DIGIT_0,
  DIGIT_1,
  DIGIT_9,
  LF,
  NUL,
  QUESTION,
} from '@chess-formats/board-core/internal';

/** The 50 characters every timeseal implementation scrambles with. */
export const TIMESEAL_KEY = 'Timestamp (FICS) v1.0 - programmed by Henrik Gram.';

/** The timeseal versions FICS knows: 1 (openseal) and 2 (zseal), which differ in their hello and their pings. */
export type TimesealVersion = 1 | 2;

/** What the clock stamp counts modulo: ten million milliseconds (seconds modulo 10,000). */
const CLOCK_MODULUS = 10_000_000;
/** The bytes are scrambled in groups of this many. */
const GROUP = 12;
/** The pairs swapped within each group. */
const SWAPS: readonly (readonly [number, number])[] = [
  [0, 11],
  [2, 9],
  [4, 7],
];
/** What pads a line to a whole number of groups (the reference programs pad with `1`). */
const FILLER = DIGIT_1;
/** The high bit set on every byte before scrambling, and on the offset byte. */
const HIGH_BIT = 0x80;
/** Taken from every scrambled byte (modulo 256). */
const SHIFT = 32;
/** What a client answers a ping with, once encoded: control-B and `9`. */
const PING_REPLY: readonly number[] = [CONTROL_B, DIGIT_9];

const KEY_BYTES = /* @__PURE__ */ Array.from(TIMESEAL_KEY, (c) => c.charCodeAt(0));

/** The last ASCII code: timeseal clears every byte's high bit, so nothing above reaches the server intact. */
const ASCII_MAX = 0x7f;

/**
 * A line as bytes: FICS speaks ASCII, and a character outside it is sent as `?` (timeseal
 * clears each byte's high bit, so the server would read another character in its place).
 */
function bytesOf(line: string | Uint8Array): Uint8Array {
  if (typeof line !== 'string') return line;
  const bytes = new Uint8Array(line.length);
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    bytes[i] = c <= ASCII_MAX ? c : QUESTION;
  }
  return bytes;
}

/**
 * One line as timeseal sends it: `line` (without its line feed) stamped with `clockMs` (the
 * client's clock in milliseconds, any origin: only differences count) and scrambled with the
 * key from `offset` (0 to 49; the reference clients use 0), ending with the offset byte and a
 * line feed. A string's characters outside ASCII are sent as `?`; bytes given above 0x7f
 * reach the server without their high bit, as with every timeseal client. Throws a `RangeError` for an offset outside 0-49 or a clock that is not a
 * finite number, which are the caller's faults, never the network's.
 *
 * @example
 * ```ts
 * import { decodeTimeseal, encodeTimeseal } from '@chess-formats/fics';
 * const sent = encodeTimeseal('observe 7', 1_234_567);
 * const read = decodeTimeseal(sent.subarray(0, -1));
 * if (read.ok) console.log(new TextDecoder().decode(read.value.line), read.value.clockMs); // → observe 7 1234567
 * ```
 */
export function encodeTimeseal(line: string | Uint8Array, clockMs: number, offset = 0): Uint8Array {
  if (!Number.isInteger(offset) || offset < 0 || offset >= KEY_BYTES.length)
    throw new RangeError(`a timeseal offset is 0 to 49, got ${String(offset)}`);
  if (!Number.isFinite(clockMs)) throw new RangeError(`a timeseal clock is a number of milliseconds, got ${clockMs}`);
  const text = bytesOf(line);
  const stamp = String(((Math.floor(clockMs) % CLOCK_MODULUS) + CLOCK_MODULUS) % CLOCK_MODULUS);
  const length = Math.ceil((text.length + stamp.length + 2) / GROUP) * GROUP;
  const out = new Uint8Array(length + 2).fill(FILLER, 0, length);
  out.set(text);
  let at = text.length;
  out[at++] = CONTROL_X;
  for (let k = 0; k < stamp.length; k++) out[at++] = stamp.charCodeAt(k);
  out[at] = CONTROL_Y;
  for (let group = 0; group < length; group += GROUP) {
    for (const [a, b] of SWAPS) {
      const t = out[group + a] as number;
      out[group + a] = out[group + b] as number;
      out[group + b] = t;
    }
  }
  for (let i = 0; i < length; i++)
    out[i] =
      ((((out[i] as number) | HIGH_BIT) ^ (KEY_BYTES[(i + offset) % KEY_BYTES.length] as number)) - SHIFT) & 0xff;
  out[length] = HIGH_BIT | offset;
  out[length + 1] = LF;
  return out;
}

/**
 * The first line a timeseal client sends, before it answers `login:`: version 1 stamps
 * `TIMESTAMP|client|system|`, version 2 `TIMESEAL2|client|system|` (what the server reads to
 * switch timeseal on for the connection).
 */
export function timesealHello(
  version: TimesealVersion,
  clockMs: number,
  client = 'chess-formats',
  system = 'js',
): Uint8Array {
  return encodeTimeseal(`${version === 1 ? 'TIMESTAMP' : 'TIMESEAL2'}|${client}|${system}|`, clockMs);
}

/** The answer to one ping: the two bytes control-B and `9`, encoded like any line. */
export function timesealPingReply(clockMs: number, offset = 0): Uint8Array {
  return encodeTimeseal(Uint8Array.from(PING_REPLY), clockMs, offset);
}

/** Every way `decodeTimeseal` can refuse a line (frozen; stable codes). */
export const TIMESEAL_ERROR_CODES = /* @__PURE__ */ Object.freeze(['length', 'offset', 'stamp'] as const);
/** Why a received line is not timeseal, one of `TIMESEAL_ERROR_CODES`. */
export type TimesealErrorCode = (typeof TIMESEAL_ERROR_CODES)[number];

/** What `decodeTimeseal` refuses: its code, the part of the line, the byte offset, and a message. */
export interface TimesealError extends LocatedError<TimesealErrorCode, 'line' | 'offset-byte' | 'stamp'> {
  /** The stable error code. */
  readonly code: TimesealErrorCode;
  /** The part at fault: the scrambled line, the offset byte, or the clock stamp inside. */
  readonly field: 'line' | 'offset-byte' | 'stamp';
  /** Index of the offending byte in the bytes given. */
  readonly offset: number;
  /** Short English: what was expected, and what was found. */
  readonly message: string;
}

/** A line decoded: what the client typed, its clock stamp and the key offset it used. */
export interface TimesealLine {
  /** The bytes the client sent, without the stamp and the padding. */
  readonly line: Uint8Array;
  /** The client's clock stamp, in milliseconds modulo ten million. */
  readonly clockMs: number;
  /** Where in the key the client started scrambling (0 to 49). */
  readonly offset: number;
}

/**
 * A line as the server reads it (its bytes without the line feed): the steps of
 * `encodeTimeseal` undone. For a stand-in server in tests, and for reading captures of what a
 * client sent. Never throws.
 */
export function decodeTimeseal(bytes: Uint8Array): Result<TimesealLine, TimesealError> {
  if (!(bytes instanceof Uint8Array))
    return err({ code: 'length', field: 'line', offset: 0, message: 'expected bytes' });
  const length = bytes.length - 1;
  const fail = (code: TimesealErrorCode, offset: number, message: string) =>
    err<TimesealError>({
      code,
      field: code === 'length' ? 'line' : code === 'offset' ? 'offset-byte' : 'stamp',
      offset,
      message,
    });
  if (length < GROUP || length % GROUP !== 0)
    return fail('length', 0, `expected a multiple of ${GROUP} bytes and the offset byte, got ${bytes.length} bytes`);
  const mark = bytes[length] as number;
  const offset = mark ^ HIGH_BIT;
  if ((mark & HIGH_BIT) === 0 || offset >= KEY_BYTES.length)
    return fail('offset', length, `expected an offset byte 0x80 to 0xb1, got 0x${mark.toString(16)}`);
  const plain = new Uint8Array(length);
  for (let i = 0; i < length; i++)
    plain[i] =
      ((((bytes[i] as number) + SHIFT) & 0xff) ^ (KEY_BYTES[(i + offset) % KEY_BYTES.length] as number)) & ~HIGH_BIT;
  for (let group = 0; group < length; group += GROUP) {
    for (const [a, b] of SWAPS) {
      const t = plain[group + a] as number;
      plain[group + a] = plain[group + b] as number;
      plain[group + b] = t;
    }
  }
  const open = plain.lastIndexOf(CONTROL_X);
  const close = plain.indexOf(CONTROL_Y, open + 1);
  let clockMs = 0;
  for (let k = open + 1; open >= 0 && k < close; k++) {
    const digit = (plain[k] as number) - DIGIT_0;
    if (digit < 0 || digit > 9) return fail('stamp', k, 'expected the clock stamp in decimal digits');
    clockMs = clockMs * 10 + digit;
  }
  if (open < 0 || close < 0 || close === open + 1)
    return fail('stamp', 0, 'expected a clock stamp between control-X and control-Y');
  return ok({ line: plain.slice(0, open), clockMs, offset });
}

/** What the ping filter gives for a chunk of server output: the text without pings, and how many to answer. */
export interface TimesealFiltered {
  /** The server's text, pings taken out. */
  readonly text: string;
  /** How many pings it held: answer each with `timesealPingReply`. */
  readonly pings: number;
}

/** Removes the server's pings from its output, however a ping is split across chunks. */
export interface TimesealPingFilter {
  /** The chunk's text without the pings it completes, and how many it completed. */
  push(chunk: string): TimesealFiltered;
  /** What is still held back (the start of a ping that never finished). */
  end(): TimesealFiltered;
}

/**
 * The filter of a version's pings: `[G]` followed by LF CR for version 1, by NUL for version 2.
 * Text that only starts like a ping is held back until the next chunk says (at most the
 * ping's length, so memory stays bounded).
 *
 * @example
 * ```ts
 * import { createTimesealPingFilter } from '@chess-formats/fics';
 * const filter = createTimesealPingFilter(2);
 * const a = filter.push('fics% [G');
 * const b = filter.push(']\0<12> ...');
 * console.log(JSON.stringify(a.text + b.text), a.pings + b.pings); // → "fics% <12> ..." 1
 * ```
 */
export function createTimesealPingFilter(version: TimesealVersion): TimesealPingFilter {
  const ping = `[G]${version === 1 ? String.fromCharCode(LF, CR) : String.fromCharCode(NUL)}`;
  let held = '';
  const filter = (input: string): TimesealFiltered => {
    let pings = 0;
    let out = '';
    let from = 0;
    for (;;) {
      const at = input.indexOf(ping, from);
      if (at < 0) break;
      out += input.slice(from, at);
      pings++;
      from = at + ping.length;
    }
    // Keep back a tail that could be the start of a ping completed by the next chunk.
    let keep = 0;
    for (let k = Math.min(ping.length - 1, input.length - from); k > 0; k--)
      if (input.endsWith(ping.slice(0, k))) {
        keep = k;
        break;
      }
    out += input.slice(from, input.length - keep);
    held = input.slice(input.length - keep);
    return { text: out, pings };
  };
  return {
    push: (chunk) => filter(held + chunk),
    end: () => {
      const rest = held;
      held = '';
      return { text: rest, pings: 0 };
    },
  };
}
