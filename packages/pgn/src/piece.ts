/**
 * Reading one piece of a stream cut by `PgnSplitter`: its events, and what the main thread
 * needs to place its errors in the whole input (the piece's text length and line feeds).
 */
import { BYTE_ORDER_MARK } from '@chess-formats/board-core/internal';
import { createPgnReader, type PgnEvent, type PgnReadOptions } from './read.js';

/** What reading a piece gives. */
export interface PieceRead {
  /** The piece's events, in order; positions count from the piece's start. */
  readonly events: PgnEvent[];
  /** The piece's length in characters (UTF-16 code units), the byte-order marks the reader drops not counted. */
  readonly length: number;
  /** The line feeds of the piece. */
  readonly lines: number;
}

/** The part of the WHATWG `TextDecoder` used here (the package compiles without DOM types). */
interface Decoder {
  decode(input?: Uint8Array): string;
}
declare const TextDecoder: new (label?: string, options?: { readonly ignoreBOM?: boolean }) => Decoder;

let decoder: Decoder | undefined;

/**
 * Reads the piece `bytes`; `first`: it starts the stream (a byte-order mark there is dropped).
 * `keep` makes each event into what is kept of it (the event itself by default).
 */
export function readPiece(
  bytes: Uint8Array,
  first: boolean,
  options: PgnReadOptions | undefined,
  keep: (event: PgnEvent) => PgnEvent = (event) => event,
): PieceRead {
  const events: PgnEvent[] = [];
  const reader = createPgnReader(options);
  // The reader decodes the bytes itself (its options apply); they are decoded again here for
  // the text's length, which the reader does not tell.
  reader.push(bytes, (event) => events.push(keep(event)));
  reader.end((event) => events.push(keep(event)));
  const text = (decoder ??= new TextDecoder('utf-8', { ignoreBOM: true })).decode(bytes);
  let length = text.length;
  // The stream's mark is dropped, and a second one after it too (the reader reads bytes so).
  if (first && text.charCodeAt(0) === BYTE_ORDER_MARK) length -= text.charCodeAt(1) === BYTE_ORDER_MARK ? 2 : 1;
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return { events, length, lines };
}
