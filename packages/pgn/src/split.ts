/**
 * Cutting a PGN byte stream into pieces for `readPgnParallel`'s workers, on the main thread
 * with native searches only (no byte loop of ours: the main thread cannot be multiplied). A
 * cut is a guess: before a `[` that starts a line after a line that is not a tag pair's (a
 * blank line, or the end of a game's movetext: `\n\n[`, `1-0\n[`), where a game almost always
 * starts. The worker reading the piece before a cut tells whether its reader really ended
 * between games (`PieceReader`); when it did not (the `[` was inside a comment, after a broken
 * game's error, between two tag sections of one game), `readPgnParallel` reads the two pieces
 * again as one. Cuts are after a line feed, so no UTF-8 character is split, and a byte-order
 * mark can only be at the start of the first piece.
 */
import { CR, LEFT_BRACKET, LF, RIGHT_BRACKET } from '@chess-formats/board-core/internal';

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
 * `[`), or -1: a `\n[` whose line feed ends a line that is not a tag pair's (its last byte
 * before the line end is not `]`).
 */
export function nextCut(bytes: Uint8Array, from: number): number {
  const buffer = bufferOf(bytes);
  for (let at = buffer.indexOf(LINE_THEN_BRACKET, Math.max(from - 1, 0)); at >= 0; ) {
    const before = at >= 1 && buffer[at - 1] === CR ? at - 2 : at - 1;
    if (before >= 0 && buffer[before] !== RIGHT_BRACKET) return at + 1;
    at = buffer.indexOf(LINE_THEN_BRACKET, at + 1);
  }
  return -1;
}

/** Bytes kept before a new chunk, so that a `\n[` and the line end before it are found across chunks. */
const LOOK_BEHIND = 3;

/**
 * Cuts a stream of PGN bytes into pieces of at least `chunkBytes` (but the last), each ending
 * at a guessed game start (`nextCut`). Not exported by the package: `readPgnParallel` uses it.
 */
export class PgnSplitter {
  readonly #chunkBytes: number;
  /** The bytes of the piece being gathered, and their total. */
  #held: Uint8Array[] = [];
  #heldLength = 0;

  /** `chunkBytes`: the least size of a piece. */
  constructor(chunkBytes: number) {
    this.#chunkBytes = Math.max(1, chunkBytes);
  }

  /**
   * Takes the next bytes of the stream; returns the pieces they complete, in order. Each new
   * chunk is searched once (with the few bytes before it), and the held bytes are joined only
   * for a cut: a long stretch without one costs no copying over and over.
   */
  push(chunk: Uint8Array): Uint8Array[] {
    const pieces: Uint8Array[] = [];
    if (chunk.length === 0) return pieces;
    const before = this.#heldLength;
    this.#held.push(chunk);
    this.#heldLength += chunk.length;
    if (this.#heldLength <= this.#chunkBytes) return pieces;
    // The new chunk, with the bytes before it, searched from the first place a cut may be.
    const probeStart = Math.max(0, before - LOOK_BEHIND);
    const from = Math.max(this.#chunkBytes, probeStart + 1);
    const probe = probeStart < before ? this.tail(probeStart) : chunk;
    const found = nextCut(probe, from - probeStart);
    if (found < 0) return pieces;
    let whole = joined(this.#held, this.#heldLength);
    let cut = probeStart + found;
    for (;;) {
      pieces.push(whole.subarray(0, cut));
      whole = whole.subarray(cut);
      // The rest may hold more cuts (a chunk longer than a piece).
      cut = whole.length > this.#chunkBytes ? nextCut(whole, this.#chunkBytes) : -1;
      if (cut < 0) break;
    }
    this.#held = whole.length > 0 ? [whole] : [];
    this.#heldLength = whole.length;
    return pieces;
  }

  /** The held bytes from `start` on, as one array (a few bytes of the earlier chunks and the last one). */
  private tail(start: number): Uint8Array {
    const parts: Uint8Array[] = [];
    let at = this.#heldLength;
    for (let k = this.#held.length - 1; k >= 0 && at > start; k--) {
      const part = this.#held[k]!;
      at -= part.length;
      parts.unshift(at >= start ? part : part.subarray(start - at));
    }
    return joined(parts, this.#heldLength - start);
  }

  /** Ends the stream: the last piece (undefined when nothing is left); the splitter starts afresh. */
  end(): Uint8Array | undefined {
    const rest = this.#heldLength > 0 ? joined(this.#held, this.#heldLength) : undefined;
    this.#held = [];
    this.#heldLength = 0;
    return rest;
  }
}
