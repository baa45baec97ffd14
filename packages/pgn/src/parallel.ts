/**
 * Reading one PGN stream on several cores: the main thread cuts the bytes at game boundaries
 * (`PgnSplitter`), worker threads read the pieces (`readPiece`), and the main thread hands the
 * events on in input order, each error placed in the whole input. Node only (`./node` entry).
 */
import { createReadStream, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { err, ok, type Result } from '@chess-formats/board-core';
import type { PgnGame } from './game.js';
import { createPacker, createUnpacker, type PackedTrees } from './pack.js';
import { readPiece } from './piece.js';
import { DEFAULT_LIMITS, createPgnReader, type PgnEvent, type PgnReadOptions } from './read.js';
import { PgnSplitter } from './split.js';
import { positiveInteger } from './values.js';

/** Options of `readPgnParallel`: how many threads, how big the pieces, and the reader's options. */
export interface PgnParallelOptions extends PgnReadOptions {
  /** Threads reading at once (default `os.availableParallelism()`); 1 reads in this thread, with no worker. */
  readonly jobs?: number;
  /** The least size of a piece handed to a worker, in bytes (default 1 MiB); pieces end at game boundaries. */
  readonly chunkBytes?: number;
}

/** What `readPgnParallel` reads: a file's path or URL, or a stream of bytes (a Node `Readable` is one). */
export type PgnSource = string | URL | AsyncIterable<Uint8Array | string>;

/** What a whole read gave. */
export interface PgnParallelSummary {
  /** Games read. */
  readonly games: number;
  /** Error events (games that could not be read). */
  readonly errors: number;
  /** Bytes read from the source. */
  readonly bytes: number;
  /** Pieces the input was cut into (1 when read in this thread). */
  readonly pieces: number;
}

/** The codes of `PgnParallelError`. */
export type PgnParallelErrorCode = 'source-failed' | 'worker-failed';

/** Why a read stopped before the end of its source: the events before it were handed on. */
export interface PgnParallelError {
  /** `source-failed`: the file or stream could not be read; `worker-failed`: a worker thread stopped. */
  readonly code: PgnParallelErrorCode;
  /** Short English for people, with the cause's own message. */
  readonly message: string;
  /** What the read had given when it stopped. */
  readonly partial: PgnParallelSummary;
}

/** The default least size of a piece. */
export const DEFAULT_CHUNK_BYTES = 1 << 20;

/** The mark a worker started by this module finds in its `workerData`. */
export const WORKER_MARK = '@chess-formats/pgn piece reader';

/** A worker's start data. */
export interface PieceWorkerData {
  readonly mark: typeof WORKER_MARK;
  readonly options: PgnReadOptions;
}

/** A piece sent to a worker. */
export interface PieceRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
}

/** A worker's answer: the piece read, or why it could not be. */
export type PieceReply =
  | {
      readonly id: number;
      /** The events, each game without its move tree (`root` is null)... */
      readonly events: PgnEvent[];
      /** ...which is here, packed (`pack.ts`), in the order of the games. */
      readonly roots: PackedTrees;
      readonly length: number;
      readonly lines: number;
    }
  | { readonly id: number; readonly failure: string };

/** What `value` is as an `Error`'s message. */
function messageOf(value: unknown): string {
  return value instanceof Error ? value.message : String(value);
}

/** The bytes of a chunk of the source (a `Readable` with an encoding set gives strings). */
function bytesOf(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
}

function open(source: PgnSource): AsyncIterable<Uint8Array | string> {
  return typeof source === 'string' || source instanceof URL
    ? createReadStream(source, { highWaterMark: DEFAULT_CHUNK_BYTES })
    : source;
}

/** An error event of a piece, placed in the whole input: the piece starts a line. */
function rebased(event: PgnEvent, characters: number, lines: number): PgnEvent {
  if (event.kind !== 'error' || (characters === 0 && lines === 0)) return event;
  const error = event.error;
  return { kind: 'error', error: { ...error, line: error.line + lines, offset: error.offset + characters } };
}

/**
 * The work of `readPgnParallel`, with the file workers run (`piece-worker.ts` built; a test
 * gives a bundle of it). Without that file, it reads in this thread.
 */
export async function readInParallel(
  source: PgnSource,
  options: PgnParallelOptions | undefined,
  onEvent: ((event: PgnEvent) => void) | undefined,
  workerFile: string | URL,
): Promise<Result<PgnParallelSummary, PgnParallelError>> {
  const { jobs: jobsOption, chunkBytes: chunkOption, ...readOptions } = options ?? {};
  const jobs = positiveInteger(jobsOption, availableParallelism());
  const chunkBytes = positiveInteger(chunkOption, DEFAULT_CHUNK_BYTES);
  const hand = onEvent ?? (() => {});
  const tally = { games: 0, errors: 0, bytes: 0, pieces: 0 };
  const count = (event: PgnEvent): void => {
    if (event.kind === 'game') tally.games++;
    else tally.errors++;
    try {
      hand(event);
    } catch (e) {
      throw new ReaderStop(e);
    }
  };
  const failed = (code: PgnParallelErrorCode, message: string) => err({ code, message, partial: { ...tally } });

  if (jobs === 1 || !existsSync(typeof workerFile === 'string' ? workerFile : fileURLToPath(workerFile))) {
    // One job: the reader in this thread, with no splitting and no copies.
    const reader = createPgnReader(readOptions);
    tally.pieces = 1;
    try {
      for await (const chunk of open(source)) {
        const bytes = bytesOf(chunk);
        tally.bytes += bytes.length;
        reader.push(bytes, count);
      }
    } catch (e) {
      if (e instanceof ReaderStop) throw e.thrown;
      return failed('source-failed', `the source could not be read: ${messageOf(e)}`);
    }
    reader.end(count);
    return ok({ ...tally });
  }

  const pool = new Pool(jobs, workerFile, readOptions, count);
  const splitter = new PgnSplitter(chunkBytes, positiveInteger(readOptions.maxTagLength, DEFAULT_LIMITS.maxTagLength));
  try {
    try {
      for await (const chunk of open(source)) {
        const bytes = bytesOf(chunk);
        tally.bytes += bytes.length;
        for (const piece of splitter.push(bytes)) {
          tally.pieces++;
          await pool.send(piece);
        }
      }
    } catch (e) {
      if (e instanceof ReaderStop || pool.failure !== undefined) throw e;
      await pool.drain();
      return failed('source-failed', `the source could not be read: ${messageOf(e)}`);
    }
    const last = splitter.end();
    if (last !== undefined) {
      tally.pieces++;
      await pool.send(last);
    }
    await pool.drain();
    return ok({ ...tally });
  } catch (e) {
    if (e instanceof ReaderStop) throw e.thrown;
    if (pool.failure !== undefined) return failed('worker-failed', pool.failure);
    throw e;
  } finally {
    await pool.close();
  }
}

/** An exception of the caller's `onEvent`, carried out of the pool to be thrown again. */
class ReaderStop {
  readonly thrown: unknown;
  constructor(thrown: unknown) {
    this.thrown = thrown;
  }
}

/** The workers, the pieces they hold, and the answers waiting for their turn. */
class Pool {
  readonly #workers: { worker: Worker; held: number }[] = [];
  readonly #limit: number;
  readonly #onEvent: (event: PgnEvent) => void;
  /** Answers come in any order; they are handed on in the order of their pieces. */
  readonly #done = new Map<number, PieceReply>();
  #next = 0;
  #sent = 0;
  /** Placing errors: characters and line feeds of the pieces handed on. */
  #characters = 0;
  #lines = 0;
  /** Why the pool stopped (a worker's failure); the read then ends. */
  failure: string | undefined;
  #stop: ReaderStop | undefined;
  /** Woken when a piece is handed on, or when the pool fails. */
  #wake: (() => void) | undefined;

  constructor(jobs: number, file: string | URL, options: PgnReadOptions, onEvent: (event: PgnEvent) => void) {
    // Two pieces a worker: one read, one waiting, so a worker never idles for the main thread.
    this.#limit = 2 * jobs;
    this.#onEvent = onEvent;
    const workerData: PieceWorkerData = { mark: WORKER_MARK, options };
    for (let j = 0; j < jobs; j++) {
      let worker: Worker;
      try {
        worker = new Worker(file, { workerData });
      } catch (e) {
        this.fail(`a worker could not start: ${messageOf(e)}`);
        return;
      }
      const slot = { worker, held: 0 };
      this.#workers.push(slot);
      worker.on('message', (reply: PieceReply) => {
        slot.held--;
        this.answer(reply);
      });
      worker.on('error', (e) => this.fail(`a worker failed: ${messageOf(e)}`));
      worker.on('exit', (code) => {
        if (slot.held > 0) this.fail(`a worker stopped (exit code ${code}) with ${slot.held} piece(s) unread`);
      });
    }
  }

  /** Sends a piece to the least busy worker, once fewer than the limit are unread or waiting. */
  async send(bytes: Uint8Array): Promise<void> {
    while (this.#sent - this.#next >= this.#limit && this.stopped() === undefined) await this.wait();
    this.check();
    let slot = this.#workers[0]!;
    for (const other of this.#workers) if (other.held < slot.held) slot = other;
    slot.held++;
    const request: PieceRequest = { id: this.#sent++, bytes };
    slot.worker.postMessage(request, [bytes.buffer as ArrayBuffer]);
  }

  /** Waits for every piece sent to be handed on. */
  async drain(): Promise<void> {
    while (this.#next < this.#sent && this.stopped() === undefined) await this.wait();
    this.check();
  }

  async close(): Promise<void> {
    for (const slot of this.#workers) slot.held = 0;
    await Promise.all(this.#workers.map((slot) => slot.worker.terminate()));
  }

  private stopped(): ReaderStop | string | undefined {
    return this.#stop ?? this.failure;
  }

  private check(): void {
    if (this.#stop !== undefined) throw this.#stop;
    if (this.failure !== undefined) throw new Error(this.failure);
  }

  private wait(): Promise<void> {
    return new Promise((resolve) => (this.#wake = resolve));
  }

  private wakeUp(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  private fail(message: string): void {
    this.failure ??= message;
    this.wakeUp();
  }

  private answer(reply: PieceReply): void {
    if (this.stopped() !== undefined) return;
    if ('failure' in reply) {
      this.fail(`a worker could not read a piece: ${reply.failure}`);
      return;
    }
    this.#done.set(reply.id, reply);
    for (let ready = this.#done.get(this.#next); ready !== undefined; ready = this.#done.get(this.#next)) {
      this.#done.delete(this.#next);
      this.#next++;
      if ('failure' in ready) continue;
      try {
        // Each tree is built as its game is handed on, and is garbage as soon as the caller drops it.
        const root = createUnpacker(ready.roots);
        for (const event of ready.events) {
          if (event.kind === 'game') (event.game as { root: unknown }).root = root();
          this.#onEvent(rebased(event, this.#characters, this.#lines));
        }
      } catch (e) {
        this.#stop = e instanceof ReaderStop ? e : new ReaderStop(e);
        break;
      }
      this.#characters += ready.length;
      this.#lines += ready.lines;
    }
    this.wakeUp();
  }
}

/** A worker's loop: reads each piece it is sent, and answers. */
export function servePieces(
  port: {
    on(event: 'message', listener: (request: PieceRequest) => void): unknown;
    postMessage(reply: PieceReply, transfer?: ArrayBuffer[]): void;
  },
  options: PgnReadOptions,
): void {
  port.on('message', (request) => {
    let reply: PieceReply;
    try {
      const packer = createPacker();
      const read = readPiece(request.bytes, request.id === 0, options, (event) => {
        if (event.kind !== 'game') return event;
        packer.add(event.game.root as unknown as Record<string, unknown>);
        return { kind: 'game', game: { ...event.game, root: null as unknown as PgnGame['root'] } };
      });
      const packed = packer.finish();
      const events = read.events;
      reply = { id: request.id, events, roots: packed, length: read.length, lines: read.lines };
      port.postMessage(reply, [packed.nums.buffer as ArrayBuffer]);
      return;
    } catch (e) {
      reply = { id: request.id, failure: messageOf(e) };
    }
    port.postMessage(reply);
  });
}
