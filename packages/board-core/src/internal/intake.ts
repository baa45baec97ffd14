import { BYTE_ORDER_MARK, NON_ASCII } from './codes.js';

/*
 * The one text intake of the streaming readers (the style12 scanner, the ICC decoder, the PGN
 * reader): chunks as they come off a socket or a file, bytes or strings, mixed and split
 * anywhere, made into the text of the stream, piece by piece.
 *
 * The rules, the same for every reader:
 * - Bytes are decoded as a stream, so a character split between chunks comes out whole.
 * - A string after bytes that end inside a character first flushes them (U+FFFD), so that
 *   nothing of a later chunk comes before the bytes that came before it.
 * - A byte-order mark is dropped when it is the first character of the stream, whether it came
 *   as bytes or as U+FEFF in a string; anywhere else it is a character like any other. Empty
 *   chunks, and bytes held as part of a character, do not move the start.
 * - Anything that is neither a string nor a `Uint8Array`, and bytes that cannot be read (a
 *   detached buffer), give `undefined`; the intake never throws.
 */

/** The part of the WHATWG `TextDecoder` the intake uses (the packages compile without DOM types). */
interface Decoder {
  readonly encoding: string;
  decode(input?: Uint8Array, options?: { readonly stream?: boolean }): string;
}
declare const TextDecoder: new (label?: string, options?: { readonly ignoreBOM?: boolean }) => Decoder;

/** The text of a stream of chunks; made by {@link createTextIntake}. */
export interface TextIntake {
  /**
   * The text `chunk` completes (`''` when it completes none: bytes that end inside a
   * character, an empty chunk), or `undefined` when it is neither a string nor readable bytes.
   */
  push(chunk: unknown): string | undefined;
  /** The text still held (an unfinished character, as U+FFFD); the next push starts a new stream. */
  end(): string;
}

/**
 * A new intake. Bytes are decoded by a `TextDecoder` for `label` (UTF-8 when it is not a label
 * the runtime knows), or, when `byteCodes`, each byte is the character of its code (ISO-8859-1
 * exactly; the WHATWG label `latin1` names windows-1252 instead, whose bytes 0x80-0x9f differ).
 */
export function createTextIntake(label?: unknown, byteCodes = false): TextIntake {
  const decoder = byteCodes ? undefined : textDecoder(label);
  // Only UTF-8 bytes that end with an ASCII byte are whole characters (in Shift-JIS, say, an
  // ASCII byte can end a character): those are decoded whole, which engines do several times
  // faster than a stream.
  const whole = decoder?.encoding === 'utf-8' ? textDecoder('utf-8') : undefined;
  /** `decoder` may hold part of a character. */
  let pending = false;
  /** No character yet: a byte-order mark here is dropped. */
  let atStart = true;

  const start = (text: string): string => {
    if (!atStart || text === '') return text;
    atStart = false;
    return text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
  };
  const flush = (): string => {
    if (!pending || decoder === undefined) return '';
    pending = false;
    return decoder.decode();
  };

  return {
    push(chunk) {
      if (typeof chunk === 'string') {
        const held = flush();
        return start(held === '' ? chunk : held + chunk);
      }
      if (!(chunk instanceof Uint8Array)) return undefined;
      try {
        if (decoder === undefined) return start(latin1(chunk));
        const last = chunk[chunk.length - 1] ?? NON_ASCII;
        const text =
          whole !== undefined && !pending && last < NON_ASCII ? whole.decode(chunk) : decoder.decode(chunk, STREAM);
        pending = whole === undefined || last >= NON_ASCII;
        return start(text);
      } catch {
        return undefined;
      }
    },
    end() {
      const text = start(flush());
      atStart = true;
      return text;
    },
  };
}

const STREAM = { stream: true };

function textDecoder(label: unknown): Decoder {
  // The byte-order mark is the intake's to drop, at the start of the stream only.
  try {
    return new TextDecoder(typeof label === 'string' ? label : 'utf-8', { ignoreBOM: true });
  } catch {
    return new TextDecoder('utf-8', { ignoreBOM: true });
  }
}

/** Each byte as the character of its code; in slices, as `apply` takes a bounded number of arguments. */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
  }
  return text;
}
