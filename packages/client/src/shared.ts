import type { ClientError, ClientErrorCode } from './client.js';

/**
 * The small pieces both clients and both stand-ins use: an error as a value, how an option is
 * read, and bytes as text, one character a byte (FICS and ICC speak ASCII; a byte above it is
 * kept as its Latin-1 character so that nothing is lost on the way through).
 */

/** A client fault as a value. */
export function clientError(code: ClientErrorCode, message: string): ClientError {
  return { code, message };
}

/** A failed result with that fault. */
export function fault(code: ClientErrorCode, message: string): { readonly ok: false; readonly error: ClientError } {
  return { ok: false, error: clientError(code, message) };
}

/** A whole number option from `minimum` on, or the default when it is missing or not one. */
export function positiveInteger(value: unknown, fallback: number, minimum = 1): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= minimum ? value : fallback;
}

/** How many bytes go to one `String.fromCharCode.apply` call (its arguments are on the stack). */
const CHUNK = 8192;
/**
 * The bytes a `latin1` TextDecoder reads otherwise than Latin-1: the encoding standard decodes
 * the label as windows-1252, whose 0x80-0x9F are letters and signs, not the C1 controls.
 */
const C1_FIRST = 0x80;
const C1_LAST = 0x9f;

/** The part of the WHATWG `TextDecoder` used here (the package compiles without DOM types). */
interface Latin1Decoder {
  decode(bytes: Uint8Array): string;
}
declare const TextDecoder: (new (label: string) => Latin1Decoder) | undefined;

/** The decoder of the common case, made once; undefined where the platform has none. */
const decoder: Latin1Decoder | undefined = (() => {
  try {
    return typeof TextDecoder === 'function' ? new TextDecoder('latin1') : undefined;
  } catch {
    return undefined;
  }
})();

/**
 * Bytes as text, one character a byte. Every chunk a client reads goes through here, so it is
 * on the hot path of a flood: the platform's decoder reads the bytes in one call (spreading the
 * bytes into `String.fromCharCode` cost 2.4 ms per 64 KB, about 5 us a board); a chunk that has
 * a byte of 0x80-0x9F, which that decoder would misread, is taken by character codes instead.
 */
export function latin1(bytes: Uint8Array): string {
  if (decoder !== undefined) {
    let c1 = false;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i] as number;
      if (byte >= C1_FIRST && byte <= C1_LAST) {
        c1 = true;
        break;
      }
    }
    if (!c1) return decoder.decode(bytes);
  }
  let text = '';
  for (let i = 0; i < bytes.length; i += CHUNK)
    text += String.fromCharCode.apply(
      null,
      bytes.subarray(i, Math.min(bytes.length, i + CHUNK)) as unknown as number[],
    );
  return text;
}

/** Text as bytes, one byte a character (a character above 255 keeps its low byte, as a socket in latin1 would). */
export function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}
