import { decodeArgs, isFault } from './codec.js';
import type { IccError, IccErrorCode, RawDatagram } from './errors.js';
import type { Datagram } from './schema.js';
import { settingBits, type SettingNames } from './settings.js';
import { leadingNumber, readTokens, tokensId } from './tokenize.js';

// Only the part of the WHATWG TextDecoder this module uses (the package compiles without DOM types).
declare const TextDecoder: new (
  label?: string,
  options?: { fatal?: boolean; ignoreBOM?: boolean },
) => { decode(input?: Uint8Array, options?: { stream?: boolean }): string };

/** What the decoder takes: bytes exactly as they come off a socket, or text already decoded. */
export type IccChunk = Uint8Array | string;

/**
 * One thing the server said. Units are level 1 (formats2.txt, section 3): `unit-start` is the
 * `^Y[` header (`depth` 1 for the outermost unit), `unit-end` its `^Y]` (`depth` 0 for the
 * extra `^Y]` the server sends when it disconnects you). `command-start` / `command-end` are
 * `^Y<` / `^Y>` (level1 & 2). A `datagram` is level 2 (section 4). `text` is everything else,
 * one line (with its line end) or the text before a delimiter per event. `overflow` is the
 * control-Z of a full output buffer (Appendix 1): output was lost.
 */
export type IccEvent =
  | {
      readonly kind: 'unit-start';
      readonly command: number;
      readonly player: string;
      readonly tag?: string;
      readonly depth: number;
    }
  | { readonly kind: 'unit-end'; readonly depth: number }
  | { readonly kind: 'command-start' }
  | { readonly kind: 'command-end' }
  | {
      readonly kind: 'datagram';
      readonly datagram: Datagram;
      /** Where its `^Y(` stands in the decoded stream (UTF-16 code units since the first chunk). */
      readonly offset: number;
    }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'overflow' }
  | { readonly kind: 'error'; readonly error: IccError };

export interface IccDecoderOptions {
  /**
   * The level 2 variables that are on (the list given to `level2Settings`), by name or number.
   * Datagrams whose shape depends on them (DG_SEND_MOVES, DG_MOVE_LIST, DG_PLAYER_ARRIVED,
   * DG_MATCH, ...) are read by them. A DG_SET2 acknowledgement updates them.
   */
  readonly settings?: SettingNames;
  /** The longest datagram, in characters between `^Y(` and `^Y)` (default 1 MiB). */
  readonly maxDatagramSize?: number;
  /** The longest outermost unit, in characters from `^Y[` to its `^Y]` (default 16 MiB). */
  readonly maxUnitSize?: number;
  /** The longest text event; longer lines come in pieces of this size (default 64 KiB). */
  readonly maxTextSize?: number;
  /** How bytes become text: `utf-8` (default; bytes that are not UTF-8 become U+FFFD) or `latin1`. */
  readonly encoding?: 'utf-8' | 'latin1';
  /**
   * Builds each datagram's `fields` with a small function generated from the schema's field
   * names (`new Function`; never from the input): 1.2-1.3x faster. Default true. Where
   * eval is refused the decoder falls back by itself; a page whose Content-Security-Policy
   * forbids 'unsafe-eval' passes false so that the browser has no violation to report.
   */
  readonly compile?: boolean;
}

export interface IccDecoder {
  /** The events the chunk completes, in order; never throws. */
  push(chunk: IccChunk): IccEvent[];
  /** Flushes what is left (an unfinished line, datagram or header) and resets the decoder. */
  end(): IccEvent[];
  /** The characters held while waiting for a delimiter: at most about the largest size option. */
  buffered(): number;
}

const MAX_HEADER = 1024;
const COMMAND_START: IccEvent = Object.freeze({ kind: 'command-start' });
const COMMAND_END: IccEvent = Object.freeze({ kind: 'command-end' });
const OVERFLOW: IccEvent = Object.freeze({ kind: 'overflow' });
/** The unit ends of the usual depths, shared (every move comes in a unit). */
const UNIT_ENDS: readonly IccEvent[] = /* @__PURE__ */ [0, 1, 2, 3, 4].map((depth) => Object.freeze({ kind: 'unit-end', depth }));

const STREAM = { stream: true };
const FINAL = { stream: false };

const TEXT = 0;
/** A `^Y` ended the last chunk, outside a datagram. */
const CTRL = 1;
const DATAGRAM = 2;
const HEADER = 3;
/** Dropping the rest of a datagram that grew too large, up to the next delimiter. */
const SKIP = 4;

function limit(value: unknown, fallback: number): number {
  return typeof value === 'number' && value >= 1 ? Math.floor(value) : fallback;
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
  }
  return text;
}

/** Decodes ICC output (level 0, 1 and 2, mixed) from chunks of any size; see {@link IccEvent}. */
export function createIccDecoder(options: IccDecoderOptions = {}): IccDecoder {
  const opts: IccDecoderOptions = typeof options === 'object' && options !== null ? options : {};
  const maxDatagram = limit(opts.maxDatagramSize, 1 << 20);
  const maxUnit = limit(opts.maxUnitSize, 1 << 24);
  const maxText = limit(opts.maxTextSize, 1 << 16);
  const useLatin1 = opts.encoding === 'latin1';
  const compile = opts.compile !== false;
  const initialSettings = settingBits(opts.settings);
  let settings = initialSettings.slice();
  let utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

  let events: IccEvent[] = [];
  let state = TEXT;
  /** Stream offset of the current chunk's first character. */
  let base = 0;
  let pendingText = '';
  let parts: string[] = [];
  let partsLength = 0;
  /** A `^Y` ended the last chunk inside a datagram (it is not in `parts`). */
  let partsCtrl = false;
  let dgStart = 0;
  let header = '';
  let headerStart = 0;
  let headerTooLong = false;
  let depth = 0;
  let unitStart = 0;

  const fail = (code: IccErrorCode, offset: number, message: string, field = 0, datagram?: RawDatagram): void => {
    const error: IccError = datagram ? { code, field, offset, message, datagram } : { code, field, offset, message };
    events.push({ kind: 'error', error });
  };

  const tooLarge = (): void => fail('datagram-too-large', dgStart, `a datagram ran past ${String(maxDatagram)} characters; it is dropped`);

  const pushText = (piece: string, complete: boolean): void => {
    pendingText = pendingText === '' ? piece : pendingText + piece;
    while (pendingText.length > maxText) {
      events.push({ kind: 'text', text: pendingText.slice(0, maxText) });
      pendingText = pendingText.slice(maxText);
    }
    if (complete && pendingText !== '') {
      events.push({ kind: 'text', text: pendingText });
      pendingText = '';
    }
  };

  /** The header `text[from, to)` (without its line end), which stands at `at`. */
  const startUnit = (text: string, from: number, to: number, at: number): void => {
    // `number player [tag]`, read in place: a header comes with nearly every move.
    if (to > from && text.charCodeAt(to - 1) === 13) to--;
    let space = text.indexOf(' ', from);
    if (space >= to) space = -1;
    let command = leadingNumber(text, from, space < 0 ? to : space);
    let space2 = space < 0 ? -1 : text.indexOf(' ', space + 1);
    if (space2 >= to) space2 = -1;
    const player = space < 0 ? '' : text.slice(space + 1, space2 < 0 ? to : space2);
    if (player === '') command = -1;
    if (command < 0) fail('unit-header', at, `a unit header is "command-number player [tag]", found ${JSON.stringify(text.slice(from, Math.min(to, from + 40)))}`);
    depth++;
    if (space2 < 0 || space2 + 1 === to) events.push({ kind: 'unit-start', command, player, depth });
    else events.push({ kind: 'unit-start', command, player, tag: text.slice(space2 + 1, to), depth });
  };

  const checkUnitSize = (at: number): void => {
    if (depth > 0 && at - unitStart > maxUnit) {
      fail('unit-too-large', unitStart, `a unit ran past ${String(maxUnit)} characters without its ^Y]; nesting starts again from the top`);
      depth = 0;
    }
  };

  /** Decodes the datagram body `text[from, to)` whose `^Y(` stands at `at`. */
  const finishDatagram = (text: string, from: number, to: number, at: number): void => {
    if (to - from > maxDatagram) {
      tooLarge();
      return;
    }
    const args = readTokens(text, from, to);
    if (!Array.isArray(args)) {
      fail(args.code, at + 2 + args.at, args.message, args.field);
      return;
    }
    const id = tokensId;
    const datagram = decodeArgs(id, args, settings, compile);
    if (isFault(datagram)) {
      const { code, field, message } = datagram;
      const starts: number[] = [];
      readTokens(text, from, to, starts);
      const offset = at + 2 + (field - 1 < starts.length ? (starts[field - 1] as number) : to - from);
      fail(code, offset, message, field, { id, args });
      return;
    }
    if (datagram.name === 'DG_SET2' && datagram.fields.dgCode >= 0 && datagram.fields.dgCode < 256) {
      // The server acknowledges a set-2 (formats2.txt, 124): later datagrams follow the new setting.
      settings[datagram.fields.dgCode] = datagram.fields.offOn ? 1 : 0;
    }
    events.push({ kind: 'datagram', datagram, offset: at });
  };

  /** Handles the delimiter `^Y` + `c` at stream offset `at`; returns how many characters it used (1 or 2). */
  const delimiter = (c: number, at: number): number => {
    checkUnitSize(at);
    switch (c) {
      case 40: // (
        state = DATAGRAM;
        dgStart = at;
        if (parts.length > 0) parts = [];
        partsLength = 0;
        partsCtrl = false;
        return 2;
      case 91: // [
        state = HEADER;
        header = '';
        headerStart = at;
        headerTooLong = false;
        if (depth === 0) unitStart = at;
        return 2;
      case 93: // ]
        events.push(UNIT_ENDS[depth] ?? { kind: 'unit-end', depth });
        if (depth > 0) depth--;
        return 2;
      case 60:
        events.push(COMMAND_START);
        return 2;
      case 62:
        events.push(COMMAND_END);
        return 2;
      case 41:
      case 123:
      case 125:
        fail('stray-delimiter', at, `^Y${String.fromCharCode(c)} outside a datagram`);
        return 2;
      default:
        fail('stray-delimiter', at, 'a control-Y that starts no delimiter');
        return 1;
    }
  };

  // The chunk being read and the next control-Z, newline and control-Y in it (-1: none left;
  // -2: not looked for yet). They live with the decoder, not per chunk, so that a push of one
  // byte allocates no closures.
  let s = '';
  let z = -2;
  let nl = -2;
  let y = -2;
  const nextZ = (from: number): number => {
    if (z !== -1 && z < from) z = s.indexOf('\x1a', from);
    return z;
  };
  const nextNl = (from: number): number => {
    if (nl !== -1 && nl < from) nl = s.indexOf('\n', from);
    return nl;
  };
  const nextY = (from: number): number => {
    if (y !== -1 && y < from) y = s.indexOf('\x19', from);
    return y;
  };

  /** The next control-Y from `from` that is not a quote (`^Y{`, `^Y}`) inside a datagram; it may end the chunk. */
  const nextDelimiter = (from: number): number => {
    let q = nextY(from);
    while (q >= 0 && q + 1 < s.length) {
      const c = s.charCodeAt(q + 1);
      if (c !== 123 && c !== 125) break;
      q = nextY(q + 2);
    }
    return q;
  };

  /** Where the `^Y)` of the datagram whose body starts at `from` stands, if it is in this chunk with nothing to stop at before it; -1 otherwise. */
  const datagramEnd = (from: number): number => {
    const q = nextDelimiter(from);
    if (q < 0 || q + 1 >= s.length || s.charCodeAt(q + 1) !== 41 || q - from > maxDatagram) return -1;
    const zz = nextZ(from);
    return zz >= 0 && zz < q ? -1 : q;
  };

  /** Where the newline of the header that starts at `from` stands, if it is in this chunk before any control character; -1 otherwise. */
  const headerEnd = (from: number): number => {
    const line = nextNl(from);
    if (line < 0 || line - from > MAX_HEADER) return -1;
    const q = nextY(from);
    const zz = nextZ(from);
    return (q >= 0 && q < line) || (zz >= 0 && zz < line) ? -1 : line;
  };

  const process = (chunk: string): void => {
    s = chunk;
    z = -2;
    nl = -2;
    y = -2;
    const n = s.length;
    let p = 0;
    while (p < n) {
      switch (state) {
        case TEXT: {
          const q = nextY(p);
          const zz = nextZ(p);
          let stop = q < 0 ? n : q;
          const isZ = zz >= 0 && zz < stop;
          if (isZ) stop = zz;
          let i = p;
          for (let line = nextNl(i); line >= 0 && line < stop; line = nextNl(i)) {
            pushText(s.slice(i, line + 1), true);
            i = line + 1;
          }
          if (i < stop) pushText(s.slice(i, stop), stop < n);
          else if (stop < n && pendingText !== '') pushText('', true);
          p = stop;
          if (p >= n) break;
          if (isZ) {
            events.push(OVERFLOW);
            p++;
          } else if (p + 1 >= n) {
            state = CTRL;
            p = n;
          } else {
            const c = s.charCodeAt(p + 1);
            // Most delimiters open a datagram or a header that ends in the same chunk: read
            // those at once, without going through the states.
            const end = c === 40 ? datagramEnd(p + 2) : c === 91 ? headerEnd(p + 2) : -1;
            if (end < 0) p += delimiter(c, base + p);
            else {
              checkUnitSize(base + p);
              if (c === 40) {
                dgStart = base + p;
                finishDatagram(s, p + 2, end, dgStart);
                p = end + 2;
              } else {
                if (depth === 0) unitStart = base + p;
                startUnit(s, p + 2, end, base + p + 2);
                p = end + 1;
              }
            }
          }
          break;
        }
        case CTRL:
          state = TEXT;
          p += delimiter(s.charCodeAt(p), base + p - 1) - 1;
          break;
        case DATAGRAM:
        case SKIP: {
          const skipping = state === SKIP;
          let scan = p;
          if (partsCtrl) {
            partsCtrl = false;
            const c = s.charCodeAt(p);
            if (c === 123 || c === 125) {
              if (!skipping) parts.push('\x19');
              partsLength++;
              scan = p;
            } else {
              finishScan(c === 41, base + p - 1, skipping, p, p);
              p += c === 41 ? 1 : -1;
              if (p < 0) {
                // The `^Y` belongs to the previous chunk: hand the delimiter over directly.
                p = 0;
                state = CTRL;
              }
              break;
            }
          }
          const q = nextDelimiter(scan);
          const zz = nextZ(p);
          if (zz >= 0 && (q < 0 || zz < q)) {
            partsLength += zz - p;
            if (!skipping && partsLength > maxDatagram) {
              tooLarge();
            }
            events.push(OVERFLOW);
            if (parts.length > 0) parts = [];
            state = TEXT;
            p = zz + 1;
            break;
          }
          if (q < 0 || q + 1 >= n) {
            const end = q < 0 ? n : q;
            partsLength += end - p;
            if (!skipping) {
              if (partsLength > maxDatagram) {
                tooLarge();
                if (parts.length > 0) parts = [];
                state = SKIP;
              } else if (end > p) parts.push(s.slice(p, end));
            }
            partsCtrl = q >= 0;
            p = n;
            break;
          }
          const closes = s.charCodeAt(q + 1) === 41;
          partsLength += q - p;
          finishScan(closes, base + q, skipping, p, skipping ? p : q);
          p = closes ? q + 2 : q;
          break;
        }
        case HEADER: {
          const q = nextY(p);
          const zz = nextZ(p);
          const line = nextNl(p);
          let stop = n;
          if (q >= 0 && q < stop) stop = q;
          if (zz >= 0 && zz < stop) stop = zz;
          if (line >= 0 && line < stop) stop = line;
          if (!headerTooLong) {
            header += s.slice(p, stop);
            if (header.length > MAX_HEADER) {
              headerTooLong = true;
              header = '';
              fail('unit-header', headerStart + 2, `a unit header ran past ${String(MAX_HEADER)} characters`);
              depth++;
              events.push({ kind: 'unit-start', command: -1, player: '', depth });
            }
          }
          p = stop;
          if (stop === n) break;
          if (!headerTooLong) startUnit(header, 0, header.length, headerStart + 2);
          header = '';
          state = TEXT;
          if (stop === line) p++;
          break;
        }
      }
    }
    base += n;
    s = '';
  };

  /**
   * The datagram scan stopped at a `^Y` (at `at`): `^Y)` ends it, anything else breaks it off.
   * The body is what `parts` holds, then `s[from, to)`.
   */
  const finishScan = (closes: boolean, at: number, skipping: boolean, from: number, to: number): void => {
    const length = partsLength;
    const joined = parts.length === 0 ? undefined : parts.join('') + s.slice(from, to);
    if (parts.length > 0) parts = [];
    partsLength = 0;
    state = TEXT;
    if (skipping) return;
    if (length > maxDatagram) {
      tooLarge();
    } else if (!closes) fail('unterminated-datagram', dgStart, `a datagram has no ^Y) before the next delimiter at ${String(at)}`);
    else if (joined === undefined) finishDatagram(s, from, to, dgStart);
    else finishDatagram(joined, 0, joined.length, dgStart);
  };

  /** Bytes went into `utf8` since its last flush: it may hold part of a character. */
  let bytesPending = false;
  /** No text yet: a byte-order mark here, as bytes, is dropped (in a string it is text). */
  let atStart = true;
  // Chunks may mix bytes and strings. A string after bytes that end inside a character first
  // flushes them (as U+FFFD), so that the string never jumps ahead of bytes that came before it.
  const decodeChunk = (chunk: unknown, final: boolean): string => {
    let text = '';
    if (typeof chunk === 'string' || final) {
      text = bytesPending && !useLatin1 ? utf8.decode(undefined, FINAL) : '';
      if (atStart && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      bytesPending = false;
      if (typeof chunk === 'string') text += chunk;
    } else if (chunk instanceof Uint8Array) {
      bytesPending = true;
      text = useLatin1 ? latin1(chunk) : utf8.decode(chunk, STREAM);
      if (atStart && !useLatin1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text !== '') atStart = false;
    return text;
  };

  // Unreachable by design; a defect must not take the caller's connection down with it.
  const internalFault = (e: unknown): void => fail('stray-delimiter', base, `internal decoder fault: ${String(e)}`);

  const take = (): IccEvent[] => {
    const out = events;
    events = [];
    return out;
  };

  return {
    buffered: () => pendingText.length + header.length + (state === DATAGRAM ? partsLength : 0),
    push(chunk: IccChunk): IccEvent[] {
      try {
        const text = decodeChunk(chunk, false);
        if (text !== '') process(text);
      } catch (e) {
        internalFault(e);
      }
      return take();
    },
    end(): IccEvent[] {
      try {
        const rest = decodeChunk(undefined, true);
        if (rest !== '') process(rest);
        switch (state) {
          case TEXT:
            if (pendingText !== '') pushText('', true);
            break;
          case CTRL:
            fail('stray-delimiter', base - 1, 'the stream ends with a control-Y');
            break;
          case DATAGRAM:
            fail('unterminated-datagram', dgStart, 'the stream ends inside a datagram');
            break;
          case HEADER:
            if (!headerTooLong) startUnit(header, 0, header.length, headerStart + 2);
            break;
        }
      } catch (e) {
        internalFault(e);
      }
      const out = take();
      state = TEXT;
      base = 0;
      pendingText = '';
      parts = [];
      partsLength = 0;
      partsCtrl = false;
      depth = 0;
      settings = initialSettings.slice();
      utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
      bytesPending = false;
      atStart = true;
      return out;
    },
  };
}

/**
 * The decoder as a WHATWG `Transformer`: `new TransformStream(iccDecoderTransformer())` turns a
 * stream of chunks (a socket's readable side) into a stream of events.
 */
export function iccDecoderTransformer(options?: IccDecoderOptions): {
  transform(chunk: IccChunk, controller: { enqueue(event: IccEvent): void }): void;
  flush(controller: { enqueue(event: IccEvent): void }): void;
} {
  const decoder = createIccDecoder(options);
  return {
    transform(chunk, controller) {
      for (const event of decoder.push(chunk)) controller.enqueue(event);
    },
    flush(controller) {
      for (const event of decoder.end()) controller.enqueue(event);
    },
  };
}
