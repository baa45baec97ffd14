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

/** How many bytes go to one `String.fromCharCode` call (its arguments are on the stack). */
const CHUNK = 8192;

/** Bytes as text, one character a byte. */
export function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += CHUNK)
    text += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + CHUNK)));
  return text;
}

/** Text as bytes, one byte a character (a character above 255 keeps its low byte, as a socket in latin1 would). */
export function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}
