/**
 * Bytes to text for the PGN reader, with what the library's shared intake does not give: where
 * bytes are not UTF-8 (a warning on the game there, not a silent U+FFFD), Latin-1, and a
 * fallback from UTF-8 to Latin-1. Chunks may split a character anywhere; the text, and where
 * each warning falls in it, are the same however the bytes are split.
 */
import { BYTE_ORDER_MARK, LF, NON_ASCII } from '@chess-formats/board-core/internal';
import type { PgnWarningCode } from './errors.js';

/** How the reader decodes bytes (a string is text already). */
export type PgnEncoding = 'utf-8' | 'latin1' | 'auto';

/** The encodings of `PgnEncoding`, in a stable order. */
export const PGN_ENCODINGS: readonly PgnEncoding[] = /* @__PURE__ */ Object.freeze(['utf-8', 'latin1', 'auto']);

/** The part of the WHATWG `TextDecoder` used here (the packages compile without DOM types). */
interface Decoder {
  decode(input?: Uint8Array): string;
}
declare const TextDecoder: new (label: string, options: { fatal: boolean; ignoreBOM: boolean }) => Decoder;

/** What a decoder hands on: text, in order, and warnings at the point of the text reached. */
export interface TextSink {
  /** Text, `bytes` when decoded from bytes (after whose own mark a text's mark of its own may come). */
  text(text: string, bytes: boolean): void;
  warn(code: PgnWarningCode, message: string): void;
}

const REPLACEMENT = '\uFFFD';
/** Bytes that are not all UTF-8 are searched for their faults in blocks of about this many (see `utf8Blocks`). */
const SEARCH_BLOCK = 1 << 14;
/** The most text of good blocks handed on joined (see `utf8Blocks`). */
const JOINED_TEXT = 1 << 20;
/** The first byte of a continuation byte's range, and the lead bytes of two, three and four bytes. */
const CONTINUATION = 0x80;
const LEAD_2 = 0xc0;
const LEAD_3 = 0xe0;
const LEAD_4 = 0xf0;

/**
 * The UTF-8 sequence at `bytes[i]` (before `end`): its length when it is whole and valid, 0
 * when `end` cuts it, or minus the length of the bytes that are no character (the lead byte
 * and the continuation bytes that fitted it, as the WHATWG decoder replaces them).
 */
function sequenceAt(bytes: Uint8Array, i: number, end: number): number {
  const c = bytes[i]!;
  if (c < NON_ASCII) return 1;
  const length = c >= 0xc2 && c < LEAD_3 ? 2 : c >= LEAD_3 && c < LEAD_4 ? 3 : c >= LEAD_4 && c <= 0xf4 ? 4 : 0;
  if (length === 0) return -1;
  for (let k = 1; k < length; k++) {
    if (i + k >= end) return 0;
    const d = bytes[i + k]!;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const low = k > 1 ? CONTINUATION : c === LEAD_3 ? 0xa0 : c === LEAD_4 ? 0x90 : CONTINUATION;
    const high = k > 1 ? 0xbf : c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    if (d < low || d > high) return -k;
  }
  return length;
}

/**
 * Where a UTF-8 character cut by the end of `bytes` starts (`bytes.length` when none is). Only
 * bytes that can still become a character are held for the next chunk: a byte that is no
 * lead (`0xF5`) or a lead whose next byte is out of its range is no character whatever
 * follows, and is read now, as it would be in the middle of the bytes.
 */
function wholeEnd(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let k = n - 1; k >= 0 && k >= n - 3; k--) {
    const c = bytes[k]!;
    if (c < CONTINUATION) return n;
    if (c >= LEAD_2) return sequenceAt(bytes, k, n) === 0 ? k : n;
  }
  return n;
}

/** Each byte as the character of its code (ISO-8859-1), in slices, as `apply` takes a bounded number of arguments. */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192)
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
  return text;
}

function hex(byte: number): string {
  return `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * A decoder of a stream of chunks, bytes or strings mixed, for `encoding`. `auto` reads UTF-8
 * until the first bytes that are not, and Latin-1 from those bytes on (the stream is not held
 * back to decide).
 */
export class ByteDecoder {
  readonly #auto: boolean;
  #latin1: boolean;
  /** The start of a UTF-8 character that the last chunk cut (up to three bytes). */
  #tail: Uint8Array | undefined;
  /** Bytes decoded so far, for the messages. */
  #bytes = 0;
  #fatal: Decoder | undefined;
  /** No character yet: a byte-order mark here is the stream's, dropped. */
  #atStart = true;

  /** `bytesBefore`: where the first byte is in a larger stream (a piece read apart), for the messages. */
  constructor(encoding: unknown, bytesBefore = 0) {
    this.#auto = encoding === 'auto';
    this.#latin1 = encoding === 'latin1';
    this.#bytes = bytesBefore;
  }

  /** Whether the bytes are read as Latin-1 now (with `auto`, once bytes that are not UTF-8 were met). */
  get readingLatin1(): boolean {
    return this.#latin1;
  }

  /** Decodes `chunk` into `sink`; false when it is neither a string nor a `Uint8Array`. */
  push(chunk: unknown, sink: TextSink): boolean {
    if (typeof chunk === 'string') {
      this.flush(sink);
      this.emit(sink, chunk, false);
      return true;
    }
    if (!(chunk instanceof Uint8Array)) return false;
    let bytes = chunk;
    const tail = this.#tail;
    if (tail !== undefined) {
      // The character the last chunk cut, completed by this chunk's first bytes, decoded apart
      // so that the rest of the chunk is not copied.
      const joined = new Uint8Array(tail.length + Math.min(3, chunk.length));
      joined.set(tail);
      joined.set(chunk.subarray(0, joined.length - tail.length), tail.length);
      const length = sequenceAt(joined, 0, joined.length);
      if (length === 0) {
        this.#tail = joined;
        return true;
      }
      this.#tail = undefined;
      if (length > 0) {
        this.utf8(joined.subarray(0, length), sink);
        bytes = chunk.subarray(length - tail.length);
      } else if (this.bad(joined, 0, -length, sink)) {
        this.latin1(tail, sink);
      } else bytes = chunk.subarray(-length - tail.length);
    }
    if (this.#latin1) {
      this.latin1(bytes, sink);
      return true;
    }
    const end = wholeEnd(bytes);
    this.utf8(end === bytes.length ? bytes : bytes.subarray(0, end), sink);
    if (end < bytes.length) {
      if (this.#latin1) this.latin1(bytes.subarray(end), sink);
      else this.#tail = bytes.slice(end);
    }
    return true;
  }

  /** The end of the stream: a character cut by it is no character. The decoder starts afresh. */
  end(sink: TextSink): void {
    this.flush(sink);
    this.#latin1 = this.#latin1 && !this.#auto;
    this.#bytes = 0;
    this.#atStart = true;
  }

  private emit(sink: TextSink, text: string, bytes: boolean): void {
    if (this.#atStart && text !== '') {
      this.#atStart = false;
      if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
    }
    sink.text(text, bytes);
  }

  /** Bytes held as the start of a character, before a string or the end: no character. */
  private flush(sink: TextSink): void {
    const tail = this.#tail;
    if (tail === undefined) return;
    this.#tail = undefined;
    if (this.bad(tail, 0, tail.length, sink)) this.latin1(tail, sink);
  }

  private latin1(bytes: Uint8Array, sink: TextSink): void {
    this.#bytes += bytes.length;
    this.emit(sink, latin1(bytes), true);
  }

  /**
   * Bytes that end with a whole character, read as UTF-8 (with `auto`, as Latin-1 from the
   * first that are not); `split`: long bytes with a fault are searched in blocks.
   */
  private utf8(bytes: Uint8Array, sink: TextSink, split = true): void {
    const decoder = (this.#fatal ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }));
    let text: string | undefined;
    try {
      text = decoder.decode(bytes);
    } catch {
      // Some bytes are not UTF-8: found below, one character at a time.
    }
    if (text !== undefined) {
      // Emitted outside the try: an exception of the reader's caller (its onEvent) must go
      // through, not be taken for bad bytes (the text would be read twice).
      this.#bytes += bytes.length;
      this.emit(sink, text, true);
      return;
    }
    if (split && bytes.length > SEARCH_BLOCK) {
      this.utf8Blocks(bytes, sink);
      return;
    }
    let start = 0;
    for (let i = 0; i < bytes.length; ) {
      const length = sequenceAt(bytes, i, bytes.length);
      if (length > 0) {
        i += length;
        continue;
      }
      if (i > start) {
        this.emit(sink, decoder.decode(bytes.subarray(start, i)), true);
        this.#bytes += i - start;
      }
      const bad = length === 0 ? bytes.length - i : -length;
      if (this.bad(bytes, i, i + bad, sink)) {
        this.latin1(bytes.subarray(i), sink);
        return;
      }
      i += bad;
      start = i;
    }
    if (start < bytes.length) {
      this.emit(sink, decoder.decode(bytes.subarray(start)), true);
      this.#bytes += bytes.length - start;
    }
  }

  /**
   * Long bytes that are not all UTF-8, read in blocks that end at line feeds (so at whole
   * characters): the native decoder takes the blocks without a fault, and only the others
   * are walked a character at a time (a loop that runs too rarely to be compiled well: over
   * a whole chunk of a megabyte, it cost more than the native decoding of all the rest).
   * The text of consecutive good blocks is handed on joined, up to `JOINED_TEXT` characters:
   * the reader carries the game a text's end cuts into the next text, so a text per block
   * had it copy and scan again a game every 16 KiB.
   */
  private utf8Blocks(bytes: Uint8Array, sink: TextSink): void {
    const decoder = (this.#fatal ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }));
    let good: string[] = [];
    let goodLength = 0;
    let goodBytes = 0;
    const handOn = (): void => {
      if (good.length === 0) return;
      const text = good.length === 1 ? good[0]! : good.join('');
      this.#bytes += goodBytes;
      good = [];
      goodLength = 0;
      goodBytes = 0;
      this.emit(sink, text, true);
    };
    for (let start = 0; start < bytes.length; ) {
      const lineFeed = start + SEARCH_BLOCK < bytes.length ? bytes.indexOf(LF, start + SEARCH_BLOCK) : -1;
      const end = lineFeed < 0 ? bytes.length : lineFeed + 1;
      const block = bytes.subarray(start, end);
      let text: string | undefined;
      try {
        text = decoder.decode(block);
      } catch {
        // A fault in this block: walked below, after the good text before it is handed on.
      }
      if (text !== undefined) {
        good.push(text);
        goodLength += text.length;
        goodBytes += block.length;
        if (goodLength >= JOINED_TEXT) handOn();
        start = end;
        continue;
      }
      handOn();
      this.utf8(block, sink, false);
      if (this.#latin1) {
        // With `auto`, the bytes from the first fault on are Latin-1.
        if (end < bytes.length) this.latin1(bytes.subarray(end), sink);
        return;
      }
      start = end;
    }
    handOn();
  }

  /**
   * `bytes[from, to)` are no UTF-8 character: a warning, and U+FFFD for them; or, with
   * `auto`, the switch to Latin-1 (true: the caller reads them and what follows as Latin-1).
   */
  private bad(bytes: Uint8Array, from: number, to: number, sink: TextSink): boolean {
    const shown = Array.from(bytes.subarray(from, to), hex).join(' ');
    if (this.#auto) {
      this.#latin1 = true;
      sink.warn(
        'latin1-fallback',
        `bytes that are not UTF-8 (${shown}) at byte ${this.#bytes}: the input is read as Latin-1 from there`,
      );
      return true;
    }
    sink.warn('invalid-utf8', `bytes that are not UTF-8 (${shown}) at byte ${this.#bytes}, read as U+FFFD`);
    this.#bytes += to - from;
    this.emit(sink, REPLACEMENT, true);
    return false;
  }
}
