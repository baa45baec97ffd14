/**
 * Cutting a PGN byte stream into pieces for `readPgnParallel`'s workers, on the main thread
 * with native searches only (no byte loop of ours: the main thread cannot be multiplied). A
 * cut is a guess: before a `[` that starts a line after a blank line (`\n\n[`, or `\n\r\n[`),
 * where a game almost always starts. The worker reading the piece before a cut tells whether
 * its reader really ended between games (`PieceReader`); when it did not (the blank line and
 * the `[` were inside a comment, after a broken game's error, between two tag sections of one
 * game), `readPgnParallel` reads the two pieces again as one. Cuts are after a line feed, so
 * no UTF-8 character is split, and a byte-order mark can only be at the start of the first
 * piece.
 */
import { CR, LEFT_BRACKET, LF } from '@chess-formats/board-core/internal';

/** A line feed, then the `[` that may start a game. */
const LINE_THEN_BRACKET = /* @__PURE__ */ new Uint8Array([LF, LEFT_BRACKET]);

/** `bytes` as a Node `Buffer` (its `indexOf` searches natively), without a copy. */
function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The parts as one array (the part itself when there is one). */
function joined(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const whole = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/**
 * Where the first guessed game start at or after `from` is in `bytes` (the offset of its
 * `[`), or -1: a `\n[` whose line feed ends a blank line.
 */
export function nextCut(bytes: Uint8Array, from: number): number {
  const buffer = bufferOf(bytes);
  for (let at = buffer.indexOf(LINE_THEN_BRACKET, Math.max(from - 1, 1)); at >= 0; ) {
    const before = buffer[at - 1];
    if (before === LF || (before === CR && at >= 2 && buffer[at - 2] === LF)) return at + 1;
    at = buffer.indexOf(LINE_THEN_BRACKET, at + 1);
  }
  return -1;
}

/**
 * Cuts a stream of PGN bytes into pieces of at least `chunkBytes` (but the last), each ending
 * at a guessed game start (`nextCut`). Not exported by the package: `readPgnParallel` uses it.
 */
export class PgnSplitter {
  readonly #chunkBytes: number;
  /** The bytes of the piece being gathered, and their total. */
  #held: Uint8Array[] = [];
  #heldLength = 0;
  /** Where in the held bytes the search for a cut goes on (what is before holds none). */
  #searched = 0;

  /** `chunkBytes`: the least size of a piece. */
  constructor(chunkBytes: number) {
    this.#chunkBytes = Math.max(1, chunkBytes);
  }

  /** Takes the next bytes of the stream; returns the pieces they complete, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const pieces: Uint8Array[] = [];
    if (chunk.length === 0) return pieces;
    this.#held.push(chunk);
    this.#heldLength += chunk.length;
    while (this.#heldLength > this.#chunkBytes) {
      // Joined once the piece is long enough (it is sent as one array anyway).
      const whole = joined(this.#held, this.#heldLength);
      const cut = nextCut(whole, Math.max(this.#searched, this.#chunkBytes));
      if (cut < 0) {
        this.#held = [whole];
        // The last byte may be the line feed of a `\n[` the next chunk completes.
        this.#searched = whole.length;
        break;
      }
      pieces.push(whole.subarray(0, cut));
      const rest = whole.subarray(cut);
      this.#held = rest.length > 0 ? [rest] : [];
      this.#heldLength = rest.length;
      this.#searched = 0;
    }
    return pieces;
  }

  /** Ends the stream: the last piece (undefined when nothing is left); the splitter starts afresh. */
  end(): Uint8Array | undefined {
    const rest = this.#heldLength > 0 ? joined(this.#held, this.#heldLength) : undefined;
    this.#held = [];
    this.#heldLength = 0;
    this.#searched = 0;
    return rest;
  }
}
