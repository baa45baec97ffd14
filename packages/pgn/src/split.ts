/**
 * Cutting a PGN byte stream into pieces that can be read apart: each cut is at a place where the
 * sequential reader is between games, so the pieces' events, in order, are the events of the
 * whole (errors rebased by the text before each piece). The scanner is a byte machine far
 * lighter than the reader: it never decodes, and where it cannot be sure, it does not cut (a
 * piece may then hold many games).
 *
 * A cut is made before a line that starts with `[` and a tag name, when the line before it is
 * blank and the last line with text before that ends with a result (`1-0`, `0-1`, `1/2-1/2`,
 * `*`, standing alone after white space). Why the reader is then between games, whatever it
 * was doing:
 * - Reading tokens, the result ended the game (or, when the game was too long, the reader was
 *   skipping), and a blank line starts no game: the `[` starts a new one, as in a fresh reader.
 * - Skipping a broken game, a tag line after a blank line starts the next game.
 * - Inside a `{` comment it cannot be: every `{` (even one in a tag value or a `;` comment)
 *   opens a region to the next `}`, which holds every comment the reader can be in, since its
 *   comments end at their first `}`. A line with a `;`, or that starts with `%`, never ends
 *   with a result here, as its result may be commented out.
 * Cuts are at ASCII bytes after a line feed, so no UTF-8 character is split, and a byte-order
 * mark can only be at the start of the first piece.
 */
import {
  ASTERISK,
  DASH,
  DIGIT_0,
  DIGIT_1,
  DIGIT_2,
  LEFT_BRACE,
  LEFT_BRACKET,
  LF,
  LOWER_A,
  LOWER_Z,
  PERCENT,
  RIGHT_BRACE,
  SEMICOLON,
  SLASH,
  SPACE,
  UPPER_A,
  UPPER_Z,
} from '@chess-formats/board-core/internal';
import { isBlankCode, isSymbol } from './tokens.js';

function isLetter(c: number): boolean {
  return (c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z);
}

/** The longest result, `1/2-1/2`. */
const MAX_RESULT_LENGTH = 7;

/** What the scanner keeps of the word being read: enough to know a result. */
const RESULTS: readonly (readonly number[])[] = [
  [DIGIT_1, DASH, DIGIT_0],
  [DIGIT_0, DASH, DIGIT_1],
  [DIGIT_1, SLASH, DIGIT_2, DASH, DIGIT_1, SLASH, DIGIT_2],
  [ASTERISK],
];

/** Whether the word's first bytes, `length` in all, are a result (one of `RESULTS`; called at every word's end, so by length first). */
function isResult(word: Uint8Array, length: number): boolean {
  if (length === 1) return word[0] === ASTERISK;
  if (length === 3)
    return (
      word[1] === DASH && ((word[0] === DIGIT_1 && word[2] === DIGIT_0) || (word[0] === DIGIT_0 && word[2] === DIGIT_1))
    );
  if (length !== MAX_RESULT_LENGTH) return false;
  const draw = RESULTS[2]!;
  for (let k = 0; k < MAX_RESULT_LENGTH; k++) if (word[k] !== draw[k]) return false;
  return true;
}

/**
 * Cuts a stream of PGN bytes into pieces of at least `chunkBytes` (but the last), each ending
 * where the reader is between games. Not exported by the package: `readPgnParallel` uses it.
 */
export class PgnSplitter {
  readonly #chunkBytes: number;
  readonly #maxNameLength: number;
  /** The bytes of the piece being gathered, and their total. */
  #held: Uint8Array[] = [];
  #heldLength = 0;
  /** The offset of the first held byte in the stream. */
  #pieceStart = 0;
  /** The offset of the next byte to scan. */
  #at = 0;

  // The scanner's state.
  #inRegion = false;
  #lineStart = true;
  #lineStartedInRegion = false;
  #lineHasText = false;
  /** A `;` on the line, or a `%` that starts it. */
  #lineCommented = false;
  /** The first bytes of the word being read (no result is longer). */
  readonly #word = new Uint8Array(MAX_RESULT_LENGTH);
  #wordLength = 0;
  #lastWordIsResult = false;
  /** The last line with text ended with a result, and a blank line followed it. */
  #afterResult = false;
  #afterBlank = false;
  /** The offset of a `[` that may be cut before, once its tag name is read; -1 for none. */
  #candidate = -1;
  #nameLength = 0;

  /**
   * `chunkBytes`: the least size of a piece. `maxTagLength`: the reader's limit; a name longer
   * (which the reader reports, or skips) is no place to cut.
   */
  constructor(chunkBytes: number, maxTagLength: number) {
    this.#chunkBytes = chunkBytes;
    this.#maxNameLength = maxTagLength;
  }

  /**
   * Takes the next bytes of the stream; returns the pieces they complete, in order. Every byte
   * is scanned on the main thread, so the machine runs on local variables (the state is
   * fields between chunks): read through fields and methods a byte at a time, it cost the
   * main thread a third of what reading the games costs a worker.
   */
  push(chunk: Uint8Array): Uint8Array[] {
    const pieces: Uint8Array[] = [];
    if (chunk.length === 0) return pieces;
    this.#held.push(chunk);
    this.#heldLength += chunk.length;
    const base = this.#at;
    const word = this.#word;
    const maxNameLength = this.#maxNameLength;
    const chunkBytes = this.#chunkBytes;
    let inRegion = this.#inRegion;
    let lineStart = this.#lineStart;
    let lineStartedInRegion = this.#lineStartedInRegion;
    let lineHasText = this.#lineHasText;
    let lineCommented = this.#lineCommented;
    let wordLength = this.#wordLength;
    let lastWordIsResult = this.#lastWordIsResult;
    let afterResult = this.#afterResult;
    let afterBlank = this.#afterBlank;
    let candidate = this.#candidate;
    let nameLength = this.#nameLength;
    const length = chunk.length;
    for (let i = 0; i < length; i++) {
      const c = chunk[i]!;
      let cut = -1;
      if (candidate >= 0) {
        if (isSymbol(c) && (nameLength > 0 || isLetter(c))) {
          if (++nameLength > maxNameLength) candidate = -1;
        } else {
          if (nameLength > 0) cut = candidate;
          candidate = -1;
        }
      }
      if (lineStart) {
        lineStart = false;
        lineStartedInRegion = inRegion;
        lineHasText = false;
        lineCommented = false;
        lastWordIsResult = false;
        wordLength = 0;
        if (c === LEFT_BRACKET && !inRegion && afterResult && afterBlank) {
          candidate = base + i;
          nameLength = 0;
        } else if (c === PERCENT) lineCommented = true;
      }
      if (c > SPACE) {
        // Most bytes: text of a word (every blank and the line feed are at or below the space).
        lineHasText = true;
        if (c === LEFT_BRACE) inRegion = true;
        else if (c === RIGHT_BRACE) inRegion = false;
        else if (c === SEMICOLON) lineCommented = true;
        if (wordLength < MAX_RESULT_LENGTH) word[wordLength] = c;
        wordLength++;
      } else if (c === LF) {
        // White space or a line feed ends the word being read: is it a result?
        if (wordLength > 0) {
          lastWordIsResult = isResult(word, wordLength);
          wordLength = 0;
        }
        if (!lineStartedInRegion && !lineHasText) {
          if (afterResult) afterBlank = true;
        } else {
          afterResult = !inRegion && !lineCommented && lastWordIsResult;
          afterBlank = false;
        }
        lineStart = true;
      } else if (isBlankCode(c)) {
        if (wordLength > 0) {
          lastWordIsResult = isResult(word, wordLength);
          wordLength = 0;
        }
      } else {
        lineHasText = true;
        if (c === LEFT_BRACE) inRegion = true;
        else if (c === RIGHT_BRACE) inRegion = false;
        else if (c === SEMICOLON) lineCommented = true;
        if (wordLength < MAX_RESULT_LENGTH) word[wordLength] = c;
        wordLength++;
      }
      if (cut >= 0 && cut - this.#pieceStart >= chunkBytes) pieces.push(this.take(cut));
    }
    this.#inRegion = inRegion;
    this.#lineStart = lineStart;
    this.#lineStartedInRegion = lineStartedInRegion;
    this.#lineHasText = lineHasText;
    this.#lineCommented = lineCommented;
    this.#wordLength = wordLength;
    this.#lastWordIsResult = lastWordIsResult;
    this.#afterResult = afterResult;
    this.#afterBlank = afterBlank;
    this.#candidate = candidate;
    this.#nameLength = nameLength;
    this.#at = base + length;
    return pieces;
  }

  /** Ends the stream: the last piece (undefined when nothing is left); the splitter starts afresh. */
  end(): Uint8Array | undefined {
    const rest = this.#heldLength > 0 ? this.take(this.#pieceStart + this.#heldLength) : undefined;
    this.#held = [];
    this.#heldLength = 0;
    this.#pieceStart = 0;
    this.#at = 0;
    this.#inRegion = false;
    this.#lineStart = true;
    this.#lineStartedInRegion = false;
    this.#lineHasText = false;
    this.#lineCommented = false;
    this.#wordLength = 0;
    this.#lastWordIsResult = false;
    this.#afterResult = false;
    this.#afterBlank = false;
    this.#candidate = -1;
    return rest;
  }

  /** The held bytes before the stream offset `to`, as one array; the rest stays held. */
  private take(to: number): Uint8Array {
    const length = to - this.#pieceStart;
    const piece = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const chunk = this.#held[0]!;
      const need = length - filled;
      if (chunk.length <= need) {
        piece.set(chunk, filled);
        filled += chunk.length;
        this.#held.shift();
      } else {
        piece.set(chunk.subarray(0, need), filled);
        this.#held[0] = chunk.subarray(need);
        filled = length;
      }
    }
    this.#heldLength -= length;
    this.#pieceStart = to;
    return piece;
  }
}
