/**
 * Reading one piece of a stream cut by `PgnSplitter` apart from the others: the main thread
 * measures each piece as the sequential reader would decode it (`PieceMeter`: the text before
 * it, in characters and lines, and the encoding it is read in), and the worker that reads it
 * places its errors and warnings in the whole input with that.
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { BYTE_ORDER_MARK, LF } from '@chess-formats/board-core/internal';
import { ByteDecoder, type PgnEncoding } from './decode.js';
import type { PgnError, PgnWarning } from './errors.js';
import type { PgnGame } from './game.js';
import { Reader, type PgnEvent, type PgnReadOptions } from './read.js';
import { withPartial } from './tokens.js';

/** What comes before a piece in the whole input. */
export interface PieceBase {
  /** Characters (UTF-16 code units) of the text before the piece, the byte-order mark the reader drops not counted. */
  readonly characters: number;
  /** Line feeds before the piece (it starts a line). */
  readonly lines: number;
  /** Bytes before the piece. */
  readonly bytes: number;
  /** How the piece's bytes are decoded: with `auto`, Latin-1 once bytes before it were not UTF-8. */
  readonly encoding: PgnEncoding;
}

const LINE_FEED_TEXT = '\n';

/**
 * Measures the pieces of one stream in order, decoding them as the sequential reader does
 * (its own decoder: the lengths and the switch of `auto` to Latin-1 are the reader's). A
 * piece ends at a line feed, so no character is cut between two pieces.
 */
export class PieceMeter {
  readonly #decoder: ByteDecoder;
  readonly #encoding: PgnEncoding;
  #characters = 0;
  #lines = 0;
  #bytes = 0;
  /** Whether text has come yet: the reader drops a byte-order mark that starts the first text. */
  #started = false;
  readonly #sink = {
    text: (text: string) => {
      // The decoder drops the bytes' own mark; a second one starting the text is the reader's
      // to drop (its offsets do not count it), so it is not counted here either.
      const mark = !this.#started && text.length > 0 && text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
      if (text.length > 0) this.#started = true;
      this.#characters += text.length - mark;
      for (let i = text.indexOf(LINE_FEED_TEXT); i >= 0; i = text.indexOf(LINE_FEED_TEXT, i + 1)) this.#lines++;
    },
    warn: () => {},
  };

  constructor(encoding: PgnEncoding | undefined) {
    this.#encoding = encoding ?? 'utf-8';
    this.#decoder = new ByteDecoder(this.#encoding);
  }

  /** The base of the next piece, `bytes`, which is then counted. */
  measure(bytes: Uint8Array): PieceBase {
    const latin1 = this.#decoder.readingLatin1;
    const base: PieceBase = {
      characters: this.#characters,
      lines: this.#lines,
      bytes: this.#bytes,
      encoding: latin1 ? 'latin1' : this.#encoding,
    };
    // The first piece goes through the decoder (a byte-order mark there is dropped, and the
    // decoder must know it is past the start); so do the bytes that are not UTF-8 (their
    // warnings, and the switch of `auto` to Latin-1). Every other piece is counted from its
    // bytes with native checks: this thread's time is the one that does not shrink with more
    // workers, and decoding every byte into text was most of it.
    const characters = this.#bytes === 0 ? -1 : latin1 ? bytes.length : utf8Characters(bytes);
    if (characters < 0) this.#decoder.push(bytes, this.#sink);
    else {
      this.#characters += characters;
      this.#lines += lineFeeds(bytes);
    }
    this.#bytes += bytes.length;
    return base;
  }
}

/** The line feeds of `bytes`, found by the native search (a loop of ours over every byte cost twice as much). */
function lineFeeds(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let lines = 0;
  for (let at = buffer.indexOf(LF); at >= 0; at = buffer.indexOf(LF, at + 1)) lines++;
  return lines;
}

/** The first byte of a four-byte UTF-8 sequence (a character of two UTF-16 code units) and the mask of a continuation byte. */
const LEAD_4 = 0xf0;
const CONTINUATION_MASK = 0xc0;
const CONTINUATION = 0x80;
/** Bytes checked for ASCII at once: only the blocks that are not are walked byte by byte. */
const ASCII_BLOCK = 4096;

/**
 * The UTF-16 code units `bytes` decode to when they are all UTF-8 (a piece ends at a line
 * feed: no character is cut), or -1 when they are not: each character counts once at its
 * first byte, and once more when it takes four bytes (a surrogate pair). PGN is mostly ASCII,
 * which the native check passes over.
 */
function utf8Characters(bytes: Uint8Array): number {
  if (isAscii(bytes)) return bytes.length;
  if (!isUtf8(bytes)) return -1;
  let characters = 0;
  for (let start = 0; start < bytes.length; start += ASCII_BLOCK) {
    const block = bytes.subarray(start, start + ASCII_BLOCK);
    if (isAscii(block)) {
      characters += block.length;
      continue;
    }
    for (let i = 0; i < block.length; i++) {
      const c = block[i]!;
      if ((c & CONTINUATION_MASK) !== CONTINUATION) characters++;
      if (c >= LEAD_4) characters++;
    }
  }
  return characters;
}

function placedWarnings(warnings: readonly PgnWarning[], base: PieceBase): PgnWarning[] {
  return warnings.map((w) => ({ ...w, line: w.line + base.lines, offset: w.offset + base.characters }));
}

function placedGame(game: PgnGame, base: PieceBase): PgnGame {
  return game.warnings === undefined ? game : { ...game, warnings: placedWarnings(game.warnings, base) };
}

/** An event of a piece placed in the whole input: its error's and warnings' lines and offsets. */
export function placed(event: PgnEvent, base: PieceBase): PgnEvent {
  if (base.characters === 0 && base.lines === 0) return event;
  if (event.kind === 'game') return { kind: 'game', game: placedGame(event.game, base) };
  const error: PgnError = {
    ...event.error,
    line: event.error.line + base.lines,
    offset: event.error.offset + base.characters,
  };
  return withPartial(
    { kind: 'error', error },
    event.partial === undefined ? undefined : placedGame(event.partial, base),
  );
}

/** The bytes a piece's reader decodes at once: a file stream's chunk. */
const PUSH_BYTES = 1 << 16;

/**
 * Reads pieces of one stream, in any order, each placed in the whole input by its base: one
 * reader kept across them (its compiled code warm, its game engine lent on), which a piece's
 * end leaves fresh again.
 */
export class PieceReader {
  readonly #reader: Reader;

  constructor(options: PgnReadOptions | undefined) {
    this.#reader = new Reader(options);
  }

  /**
   * Reads the piece `bytes`, whose place in the whole input is `base`, handing each event to
   * `onEvent` as it is read; returns whether the reader stood between games at the piece's
   * end (before ending it): only then are the events those of the whole input, and the next
   * piece starts as a fresh reader would read it.
   */
  read(bytes: Uint8Array, base: PieceBase, onEvent: (event: PgnEvent) => void): boolean {
    const reader = this.#reader;
    reader.startPiece(base.encoding, base.bytes);
    const take = (event: PgnEvent): void => onEvent(placed(event, base));
    // Pushed in slices (views, no copies), as a stream's chunks come: the text of a whole
    // piece at once is a string too large for the young generation, and every piece's then
    // cost the worker's collector a full collection now and then (three times the collector's
    // time of one thread reading the same bytes as a stream).
    for (let at = 0; at < bytes.length; at += PUSH_BYTES) reader.push(bytes.subarray(at, at + PUSH_BYTES), take);
    const between = reader.betweenGames;
    reader.end(take);
    return between;
  }
}

/**
 * Reads the piece `bytes`, whose place in the whole input is `base`: its events, with their
 * positions in the whole input, each made into what is kept of it by `keep`.
 */
export function readPiece<T = PgnEvent>(
  bytes: Uint8Array,
  base: PieceBase,
  options: PgnReadOptions | undefined,
  keep: (event: PgnEvent) => T = (event) => event as T,
): T[] {
  const kept: T[] = [];
  new PieceReader(options).read(bytes, base, (event) => kept.push(keep(event)));
  return kept;
}
