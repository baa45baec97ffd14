import { err, ok, type Result } from '@chess-formats/board-core';
import { decodeArgs, isFault } from './codec.js';
import { createIccDecoder } from './decoder.js';
import type { IccError } from './errors.js';
import type { Datagram } from './schema.js';
import { settingBits, type SettingNames } from './settings.js';

/** Options of `decodeDatagram` and `parseDatagram`. */
export interface DecodeDatagramOptions {
  /** The level 2 variables that are on (see `createIccDecoder`). */
  readonly settings?: SettingNames;
  /** See `createIccDecoder`'s option of that name (default true). */
  readonly compile?: boolean;
}

/**
 * Types the raw arguments of one datagram (its number and its arguments, unquoted) by the
 * schema: the generic codec the decoder uses, for datagrams split by other means.
 */
export function decodeDatagram(
  id: number,
  args: readonly string[],
  options: DecodeDatagramOptions = {},
): Result<Datagram, IccError> {
  if (!Number.isSafeInteger(id) || id < 0 || !Array.isArray(args) || args.some((arg) => typeof arg !== 'string')) {
    return err({
      code: 'datagram-number',
      field: 0,
      offset: 0,
      message: 'a datagram is a non-negative number and an array of string arguments',
    });
  }
  const decoded = decodeArgs(id, args, settingBits(options.settings), options.compile !== false);
  if (!isFault(decoded)) return ok(decoded);
  const { code, field, message } = decoded;
  return err({ code, field, offset: 0, message, datagram: { id, args } });
}

/**
 * Reads exactly one datagram, `^Y(` ... `^Y)`, from text; anything else (more events, text
 * around it, a fault) is an error. Offsets count from the start of `text`.
 */
export function parseDatagram(text: string, options: DecodeDatagramOptions = {}): Result<Datagram, IccError> {
  if (typeof text !== 'string')
    return err({ code: 'datagram-number', field: 0, offset: 0, message: 'a datagram is text' });
  const decoder = createIccDecoder(options);
  const events = [...decoder.push(text), ...decoder.end()];
  const first = events[0];
  if (first?.kind === 'error') return err(first.error);
  if (events.length === 1 && first?.kind === 'datagram') return ok(first.datagram);
  return err({
    code: 'unterminated-datagram',
    field: 0,
    offset: 0,
    message: 'the text is not exactly one datagram from ^Y( to ^Y)',
  });
}
