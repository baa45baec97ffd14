import type { StreamFormat, TextFormat } from '@chess-formats/board-core';
import { formatByName } from '@chess-formats/formats';

// The demo reaches every format through the one list (FORMATS of @chess-formats/formats):
// its adapters add the page's views (field tables, sessions) around these descriptors.

/** The text format of that name from the list, typed by the caller with the value it knows. */
export function textFormat<Value, WriteOptions = undefined, Code extends string = string>(
  name: string,
): TextFormat<Value, Code, { readonly strict?: boolean }, WriteOptions> {
  const format = formatByName(name);
  if (format?.kind !== 'text') throw new Error(`no text format ${name} in the list`);
  return format as TextFormat<Value, Code, { readonly strict?: boolean }, WriteOptions>;
}

/** The stream format of that name from the list. */
export function streamFormat<Reader, Options>(name: string): StreamFormat<Reader, string, Options> {
  const format = formatByName(name);
  if (format?.kind !== 'stream') throw new Error(`no stream format ${name} in the list`);
  return format as StreamFormat<Reader, string, Options>;
}
