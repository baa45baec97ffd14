/**
 * The PGN reader: the tokenizer (`tokens.ts`) fed with text, whole or in pieces, building each
 * game with a builder (`builders.ts`): one that replays every move, or one that keeps the tags
 * alone. A text read whole and the same text pushed in any pieces give the same games.
 */
import { err, ok, type Err, type Ok } from '@chess-formats/board-core';
import { GameBuilder, TagsBuilder } from './builders.js';
import { ByteDecoder, type PgnEncoding, type TextSink } from './decode.js';
import type { PgnError } from './errors.js';
import type { PgnGame } from './game.js';
import { TagsScanner, type TextReader } from './tags-scan.js';
import { Tokenizer, withPartial } from './tokens.js';
import { describe, positiveInteger } from './values.js';

/**
 * Options of `parsePgn` and `createPgnReader`: what to read, and the limits that bound the
 * memory a hostile input can take.
 */
export interface PgnReadOptions {
  /** Read tags and the result only: movetext is scanned for its structure, moves are not read (default `false`). */
  readonly tagsOnly?: boolean;
  /**
   * Read and check every move of every line as the full reader does, with the same games,
   * errors, warnings and results, but keep no movetext: each game's `root` has no moves,
   * comments or NAGs, nor has the `partial` game of an error (default `false`). For a
   * validator or a count: faster, and a game's tree is never held. `tagsOnly` wins over it.
   */
  readonly checkOnly?: boolean;
  /** The longest game, in characters from its first token; a longer one is reported and skipped (default 1 MiB). */
  readonly maxGameLength?: number;
  /** The deepest nesting of variations (default 100). */
  readonly maxVariationDepth?: number;
  /** The longest tag name or value (default 4,096). */
  readonly maxTagLength?: number;
  /** The longest comment (default 65,536). */
  readonly maxCommentLength?: number;
  /**
   * How bytes are decoded (a string is text already): `'utf-8'` (the default; bytes that are
   * not UTF-8 are U+FFFD with an `invalid-utf8` warning on the game), `'latin1'` (each byte
   * the character of its code, ISO-8859-1), or `'auto'` (UTF-8 until the first bytes that are
   * not, Latin-1 from there on, with a `latin1-fallback` warning).
   */
  readonly encoding?: PgnEncoding;
}

/** The limits used when `PgnReadOptions` leave them out (frozen); lengths are in characters. */
export const DEFAULT_LIMITS = /* @__PURE__ */ Object.freeze({
  maxGameLength: 1 << 20,
  maxVariationDepth: 100,
  maxTagLength: 4096,
  maxCommentLength: 65536,
});

/**
 * What a `PgnReader` gives for each game of the input: the game, or the error that made it
 * unreadable (reading goes on with the next game).
 */
export type PgnEvent =
  | { readonly kind: 'game'; readonly game: PgnGame }
  | {
      readonly kind: 'error';
      readonly error: PgnError;
      /**
       * The game as read up to the error: its tags, its moves before the error (open
       * variations closed), its warnings. Absent when the game could not be set up (`bad-fen`,
       * `unknown-variant`), was too large, or there was no game (`not-text`). Not enumerable.
       */
      readonly partial?: PgnGame;
    };

/** A broken game in `parsePgn`'s list: its error, and the game read up to it (see `PgnEvent`). */
export interface PgnGameFailure extends Err<PgnError> {
  /** The game as read up to the error (a property that is not enumerable: printing and deep equality show the error alone). */
  readonly partial?: PgnGame;
}

/** What `parsePgn` gives for each game: the game, or its error with the game read up to it. */
export type PgnGameResult = Ok<PgnGame> | PgnGameFailure;

/**
 * A streaming PGN reader, made by `createPgnReader`: push the input in chunks of any size, then
 * call `end`. The events are the same however the input is split.
 */
export interface PgnReader {
  /** Reads a piece of the input (text, or bytes decoded by the `encoding` option, split anywhere); returns the events it completes, in order. */
  push(chunk: string | Uint8Array): PgnEvent[];
  /**
   * Hands the events the chunk completes to `onEvent`, in order, as they are read: no array
   * holds them. The reader itself never throws; an exception thrown by `onEvent` passes
   * through, and the reader then starts afresh (the rest of the input so far is dropped).
   */
  push(chunk: string | Uint8Array, onEvent: (event: PgnEvent) => void): void;
  /** Ends the input: returns the last game (or its error); the reader then starts afresh. */
  end(): PgnEvent[];
  /** `end()`, with the events handed to `onEvent` (see `push`). */
  end(onEvent: (event: PgnEvent) => void): void;
  /** Characters held for the token being read (a diagnostic: it stays under the limits, whatever is pushed). */
  readonly bufferedLength: number;
}

type OnEvent = (event: PgnEvent) => void;

/** The tokenizer of a reader with `options`, and the builder of its games (tags only: the scanner in front of it). */
function tokenizer(options: PgnReadOptions | undefined, scan = true): TextReader {
  const o: PgnReadOptions = typeof options === 'object' && options !== null ? options : {};
  const limits = {
    maxGameLength: positiveInteger(o.maxGameLength, DEFAULT_LIMITS.maxGameLength),
    maxVariationDepth: positiveInteger(o.maxVariationDepth, DEFAULT_LIMITS.maxVariationDepth),
    maxTagLength: positiveInteger(o.maxTagLength, DEFAULT_LIMITS.maxTagLength),
    maxCommentLength: positiveInteger(o.maxCommentLength, DEFAULT_LIMITS.maxCommentLength),
  };
  if (o.tagsOnly === true) return scan ? new TagsScanner(limits) : new Tokenizer(() => new TagsBuilder(), limits);
  // Each game is lent the engine of the game before, which is over: its cursor is not used again.
  let previous: GameBuilder | undefined;
  const check = o.checkOnly === true;
  return new Tokenizer(() => (previous = new GameBuilder(previous?.position ?? previous?.spare, check)), limits);
}

/**
 * Exported for the tests only (the package exports `createPgnReader`). With `fast` false it
 * feeds the tokenizer one character at a time, so that no state reads more than one character
 * in a step: the plain character-level machine, which the tests compare with the searches.
 */
export class Reader implements PgnReader {
  readonly #tokenizer: TextReader;
  readonly #fast: boolean;
  /** Bytes or strings in, text out, split anywhere, the byte-order mark that starts the stream dropped. */
  #decoder: ByteDecoder;
  readonly #sink: TextSink;

  /**
   * `bytesBefore`: where the input starts in a larger stream (a piece read apart), for the
   * decoder's messages. `scan` false: tags only is read by the tokenizer alone, without the
   * scanner in front of it (the tests compare the two).
   */
  constructor(options: PgnReadOptions | undefined, fast = true, bytesBefore = 0, scan = true) {
    const t = (this.#tokenizer = tokenizer(options, scan));
    this.#fast = fast;
    this.#decoder = new ByteDecoder(
      typeof options === 'object' && options !== null ? options.encoding : undefined,
      bytesBefore,
    );
    this.#sink = {
      text: (text, bytes) => this.feed(text, bytes),
      warn: (code, message) => t.warnHere(code, message),
    };
  }

  get bufferedLength(): number {
    return this.#tokenizer.bufferedLength;
  }

  push(chunk: string | Uint8Array): PgnEvent[];
  push(chunk: string | Uint8Array, onEvent: OnEvent): void;
  push(chunk: string | Uint8Array, onEvent?: OnEvent): PgnEvent[] | undefined {
    return this.read(chunk, onEvent, false);
  }

  end(): PgnEvent[];
  end(onEvent: OnEvent): void;
  end(onEvent?: OnEvent): PgnEvent[] | undefined {
    return this.read(undefined, onEvent, true);
  }

  /** Reads `chunk` (then ends the input, when `final`), with events going to `onEvent` or gathered when it is not a function. */
  private read(chunk: unknown, onEvent: unknown, final: boolean): PgnEvent[] | undefined {
    const tokenizer = this.#tokenizer;
    const sink = typeof onEvent === 'function' ? (onEvent as OnEvent) : undefined;
    tokenizer.setSink(sink);
    try {
      if (final) {
        this.#decoder.end(this.#sink);
        tokenizer.end();
      } else if (!this.#decoder.push(chunk, this.#sink))
        tokenizer.notText(`expected text or bytes, got ${describe(chunk)}`);
    } catch (e) {
      // Thrown by `onEvent`: what was read is dropped, and the next push starts a new input.
      tokenizer.reset();
      this.#decoder.end(IGNORE);
      tokenizer.setSink(undefined);
      throw e;
    }
    tokenizer.setSink(undefined);
    return sink === undefined ? tokenizer.take() : undefined;
  }

  // For `readPgnParallel`'s workers, which keep one reader (and its compiled code and game
  // engine) across the pieces they read.

  /** Whether the input so far ended between games (see `Tokenizer.betweenGames`). */
  get betweenGames(): boolean {
    return this.#tokenizer.betweenGames;
  }

  /** Makes the next input a piece at `bytesBefore` of a larger stream, decoded as `encoding`; call after `end`. */
  startPiece(encoding: PgnEncoding, bytesBefore: number): void {
    this.#decoder = new ByteDecoder(encoding, bytesBefore);
  }

  private feed(text: string, dropMark: boolean): void {
    if (this.#fast) this.#tokenizer.feed(text, dropMark);
    else for (let i = 0; i < text.length; i++) this.#tokenizer.feed(text[i]!, dropMark);
  }
}

const IGNORE: TextSink = { text() {}, warn() {} };

/**
 * A streaming PGN reader: push text or bytes in any pieces, get games as they complete. Never throws.
 *
 * @example
 * ```ts
 * import { createPgnReader } from '@chess-formats/pgn';
 * const reader = createPgnReader();
 * // Chunks of any size, split anywhere: the same games as the whole text.
 * const games = [...reader.push('[White "A"]\n\n1. e4 e'), ...reader.push('5 *\n\n[White "B"]\n\n1. d4 *\n'), ...reader.end()];
 * console.log(games.filter((e) => e.kind === 'game').length); // → 2
 * ```
 */
export function createPgnReader(options?: PgnReadOptions): PgnReader {
  return new Reader(options);
}

/**
 * Reads every game of a PGN text, or of bytes decoded by the `encoding` option. A broken game
 * is an error value in its place, with the game read up to the error as `partial`, and does not
 * stop the others (the reader skips to the next `[Event` tag, or the blank line after a
 * result). Never throws.
 *
 * @example
 * ```ts
 * import { parsePgn } from '@chess-formats/pgn';
 * for (const game of parsePgn('[White "A"]\n\n1. e4 e5 2. Nf3 *')) {
 *   if (game.ok) console.log(game.value.tags.get('White'), game.value.result); // → A *
 * }
 * ```
 */
export function parsePgn(text: string | Uint8Array, options?: PgnReadOptions): PgnGameResult[] {
  const results: PgnGameResult[] = [];
  const value: unknown = text;
  if (value instanceof Uint8Array) {
    // Bytes are read as the streaming reader reads them pushed in one piece.
    const reader = new Reader(options);
    reader.push(value, (event) =>
      results.push(event.kind === 'game' ? ok(event.game) : withPartial(err(event.error), event.partial)),
    );
    reader.end((event) =>
      results.push(event.kind === 'game' ? ok(event.game) : withPartial(err(event.error), event.partial)),
    );
    return results;
  }
  if (typeof value !== 'string') {
    results.push(
      err({ code: 'not-text', line: 1, column: 1, offset: 0, message: `expected PGN text, got ${describe(value)}` }),
    );
    return results;
  }
  // The text read whole, as `createPgnReader` reads it pushed in one piece.
  const reader = tokenizer(options);
  reader.setSink((event) =>
    results.push(event.kind === 'game' ? ok(event.game) : withPartial(err(event.error), event.partial)),
  );
  reader.feed(value, true);
  reader.end();
  return results;
}
