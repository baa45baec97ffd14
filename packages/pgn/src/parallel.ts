/**
 * Reading one PGN stream on several cores: the main thread cuts the bytes where games likely
 * start (`PgnSplitter`, native searches) and measures each piece (`PieceMeter`: where it starts
 * in the whole input), worker threads read the pieces (`PieceReader`, one a worker) with every
 * event placed in the whole input and tell whether the piece ended between games (else it is
 * read again with the next), and
 * the main thread hands on, in input order, either the events (games mode) or what the
 * caller's own code made of each event in the worker (processor mode: small results, so that
 * the main thread builds no game). Node only (`./node` entry).
 */
import { createReadStream, existsSync } from 'node:fs';
import { open as openFile, type FileHandle } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { err, ok, type Result } from '@chess-formats/board-core';
import type { PgnError } from './errors.js';
import type { PgnGame } from './game.js';
import { createPacker, createUnpacker, type PackedTrees } from './pack.js';
import { PieceMeter, PieceReader, type PieceBase } from './piece.js';
import { createPgnReader, type PgnEvent, type PgnReadOptions } from './read.js';
import { nextCut, PgnSplitter } from './split.js';
import { withPartial } from './tokens.js';
import { positiveInteger } from './values.js';

/** Options of `readPgnParallel`: how many threads, how big the pieces, and the reader's options. */
export interface PgnParallelOptions extends PgnReadOptions {
  /**
   * Threads reading at once. Processor mode: default `os.availableParallelism()`. Games mode:
   * default 1, which reads in this thread with no worker; more cost more than they save (this
   * thread rebuilds every game the workers read, which costs about what reading it did), so
   * give more only to take the reading itself off this thread.
   */
  readonly jobs?: number;
  /** The least size of a piece handed to a worker, in bytes (default 256 KiB); pieces end at game boundaries. */
  readonly chunkBytes?: number;
  /**
   * Called with the number of bytes each time bytes are read from the source (a progress
   * bar's measure: with workers, reading runs a few pieces ahead of the results).
   */
  readonly onBytes?: (bytes: number) => void;
}

/**
 * Options of `readPgnParallel` in processor mode: the module each worker runs (it calls
 * `servePgnWorker` with its processor) and the JSON-like value its processor is made with.
 */
export interface PgnProcessorOptions<O = unknown> extends PgnParallelOptions {
  /** The worker module: a path or a `file:` URL of JavaScript that calls `servePgnWorker`. */
  readonly worker: string | URL;
  /** Handed to the module's `createProcessor` in each worker (structured clone: plain data). */
  readonly workerOptions?: O;
}

/**
 * What a worker module gives `servePgnWorker`: made once a worker with the caller's
 * `workerOptions`, then called for every event of the pieces the worker reads, as it is read
 * (so no game outlives its turn). Its result crosses to the main thread by structured clone:
 * keep it small (a string, a few numbers). The event's number in the whole input is not known
 * in the worker (the pieces before may not be read yet): `onResult` gets it with the result.
 */
export type PgnProcessorFactory<R, O = unknown> = (workerOptions: O) => (event: PgnEvent) => R;

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
  /** `source-failed`: the file or stream could not be read; `worker-failed`: a worker thread stopped, or its processor threw. */
  readonly code: PgnParallelErrorCode;
  /** Short English for people, with the cause's own message. */
  readonly message: string;
  /** What the read had given when it stopped. */
  readonly partial: PgnParallelSummary;
}

/**
 * The default least size of a piece: small enough that the pieces on their way and what a
 * worker makes of one stay a few megabytes (1 MiB pieces held four times as much, and the
 * peak memory of two jobs grew with the input for longer), large enough that a piece's
 * messages cost nothing next to its reading.
 */
export const DEFAULT_CHUNK_BYTES = 1 << 18;

/** The bytes a file is read in. */
const READ_BYTES = 1 << 16;

/**
 * The young generation of a worker, in MiB. Left to itself, V8 grows a worker's young
 * generation to its largest under the reader's rate of allocation, and each worker then held
 * that much more memory (the peak at 100 MB of input 167 MB, against 141 MB with 16). Smaller
 * costs time: with 8, the workers' scavenges took twice as long in all (472 against 261 on 50
 * MB, `--trace-gc`), a tenth more CPU time.
 */
const WORKER_YOUNG_MB = 16;

/** The mark a worker started by this module finds in its `workerData`. */
export const WORKER_MARK = '@chess-formats/pgn piece reader';

/** A worker's start data. */
export interface PieceWorkerData {
  readonly mark: typeof WORKER_MARK;
  readonly options: PgnReadOptions;
  /** Processor mode: the caller's `workerOptions`. */
  readonly processor?: { readonly options: unknown };
}

/** A message to a worker: a piece to read. */
export interface PieceRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly base: PieceBase;
}

/** An event as it crosses: a game without its tree (packed apart), an error with its partial game as a plain property. */
type CrossingEvent =
  | { readonly kind: 'game'; readonly game: PgnGame }
  | { readonly kind: 'error'; readonly error: PgnError; readonly partial?: PgnGame };

/** A worker's answer; `bytes`: the piece's, handed back (transferred) for the next piece of a file to be read into. */
export type PieceReply =
  /**
   * Games mode: the piece's events, each game without its move tree (`root` null), the trees
   * packed in order; `between`: whether the piece ended between games (else it is read again
   * with the next).
   */
  | {
      readonly id: number;
      readonly events: CrossingEvent[];
      readonly roots: PackedTrees;
      readonly between: boolean;
      readonly bytes?: Uint8Array;
    }
  /** Processor mode: the processor's result for each event, how many of the events are games, and `between`. */
  | {
      readonly id: number;
      readonly results: unknown[];
      readonly games: number;
      readonly between: boolean;
      readonly bytes?: Uint8Array;
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
    ? createReadStream(source, { highWaterMark: READ_BYTES })
    : source;
}

function fileExists(file: string | URL): boolean {
  return existsSync(typeof file === 'string' ? file : fileURLToPath(file));
}

/** `length` bytes of the file at `position` (fewer at its end). */
async function readAt(handle: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(bytes, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === length ? bytes : bytes.subarray(0, filled);
}

/**
 * The pieces of a file, cut as `PgnSplitter` cuts (at the first guessed game start after
 * `chunkBytes`), each read into a buffer of its own that is handed to a worker whole: this
 * thread keeps none of the bytes (a piece to read again is read again from the file), and
 * allocates nothing else for them but the few bytes after a cut, carried to the next piece.
 * A stream's chunks, joined and copied for the workers, were garbage that this thread, which
 * allocates little else, collected seldom: its memory grew with the input for 100 MB.
 */
async function* filePieces(handle: FileHandle, chunkBytes: number, buffers: SpareBuffers): AsyncGenerator<Uint8Array> {
  let carried = new Uint8Array(READ_BYTES);
  let carriedLength = 0;
  let position = 0;
  let ended = false;
  for (;;) {
    let buffer = buffers.take(Math.max(chunkBytes, carriedLength) + READ_BYTES);
    buffer.set(carried.subarray(0, carriedLength));
    let length = carriedLength;
    let cut = -1;
    for (;;) {
      while (length < buffer.length && !ended) {
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, position);
        if (bytesRead === 0) ended = true;
        position += bytesRead;
        length += bytesRead;
      }
      cut = length > chunkBytes ? nextCut(buffer.subarray(0, length), chunkBytes) : -1;
      if (cut >= 0 || ended) break;
      // No game start yet (a long game, or a long stretch of something else): a larger buffer.
      const larger = buffers.take(buffer.length * 2);
      larger.set(buffer.subarray(0, length));
      buffers.give(buffer);
      buffer = larger;
    }
    if (cut < 0) {
      if (length > 0) yield buffer.subarray(0, length);
      return;
    }
    // The bytes after the cut are copied out: the buffer goes to a worker.
    carriedLength = length - cut;
    if (carriedLength > carried.length) carried = new Uint8Array(carriedLength);
    carried.set(buffer.subarray(cut, length));
    yield buffer.subarray(0, cut);
  }
}

/**
 * The buffers a file's pieces are read into, handed back by the workers once read: reused,
 * so that reading a file allocates nothing once the first pieces came back.
 */
class SpareBuffers {
  readonly #spare: Uint8Array[] = [];

  /** A whole buffer of at least `size` bytes (its own, `size` long when new). */
  take(size: number): Uint8Array {
    const at = this.#spare.findIndex((buffer) => buffer.length >= size);
    return at >= 0 ? this.#spare.splice(at, 1)[0]! : new Uint8Array(size);
  }

  /** Keeps the whole buffer of `bytes` for a next piece (a few are kept, the rest dropped). */
  give(bytes: Uint8Array): void {
    if (this.#spare.length < SPARE_BUFFERS) this.#spare.push(new Uint8Array(bytes.buffer));
  }
}

/** The most buffers kept for reuse (as many as pieces may be on their way, and some). */
const SPARE_BUFFERS = 16;

/** How the pool hands on what the workers give. */
type Mode =
  | { readonly kind: 'games'; readonly onEvent: (event: PgnEvent) => void }
  | {
      readonly kind: 'processor';
      readonly options: unknown;
      readonly onResult: (result: unknown, index: number) => void | Promise<void>;
    };

/**
 * The work of `readPgnParallel`: with `mode` games, workers run `workerFile` (`piece-worker.ts`
 * built; a test gives a bundle of it), and without that file it reads in this thread; with a
 * processor, the workers run the caller's module.
 */
export async function readInParallel(
  source: PgnSource,
  options: PgnParallelOptions | undefined,
  onEvent: ((event: PgnEvent) => void) | undefined,
  workerFile: string | URL,
): Promise<Result<PgnParallelSummary, PgnParallelError>> {
  return readWith(source, options, { kind: 'games', onEvent: onEvent ?? (() => {}) }, workerFile);
}

/** Processor mode of `readPgnParallel`: every event made into a result in the workers. */
export async function processInParallel(
  source: PgnSource,
  options: PgnProcessorOptions,
  onResult?: (result: unknown, index: number) => void | Promise<void>,
): Promise<Result<PgnParallelSummary, PgnParallelError>> {
  const { worker, workerOptions, ...rest } = options;
  return readWith(
    source,
    rest,
    { kind: 'processor', options: workerOptions, onResult: onResult ?? (() => {}) },
    worker,
  );
}

async function readWith(
  source: PgnSource,
  options: PgnParallelOptions | undefined,
  mode: Mode,
  workerFile: string | URL,
): Promise<Result<PgnParallelSummary, PgnParallelError>> {
  const { jobs: jobsOption, chunkBytes: chunkOption, onBytes, ...readOptions } = options ?? {};
  const jobs = positiveInteger(jobsOption, mode.kind === 'games' ? 1 : availableParallelism());
  const chunkBytes = positiveInteger(chunkOption, DEFAULT_CHUNK_BYTES);
  const tally = { games: 0, errors: 0, bytes: 0, pieces: 0 };
  const tallyBytes = (length: number): void => {
    tally.bytes += length;
    onBytes?.(length);
  };
  const failed = (code: PgnParallelErrorCode, message: string) => err({ code, message, partial: { ...tally } });

  if (mode.kind === 'games' && (jobs === 1 || !fileExists(workerFile))) {
    // One job: the reader in this thread, with no splitting and no copies.
    const reader = createPgnReader(readOptions);
    tally.pieces = 1;
    const count = (event: PgnEvent): void => {
      if (event.kind === 'game') tally.games++;
      else tally.errors++;
      try {
        mode.onEvent(event);
      } catch (e) {
        throw new ReaderStop(e);
      }
    };
    try {
      for await (const chunk of open(source)) {
        const bytes = bytesOf(chunk);
        tallyBytes(bytes.length);
        reader.push(bytes, count);
      }
    } catch (e) {
      if (e instanceof ReaderStop) throw e.thrown;
      return failed('source-failed', `the source could not be read: ${messageOf(e)}`);
    }
    try {
      reader.end(count);
    } catch (e) {
      throw e instanceof ReaderStop ? e.thrown : e;
    }
    return ok({ ...tally });
  }

  // The workers start first: each compiles the reader while this thread opens the source.
  const pool = new Pool(jobs, workerFile, readOptions, mode, tally);
  const meter = new PieceMeter(readOptions.encoding);
  let handle: FileHandle | undefined;
  try {
    try {
      if (typeof source === 'string' || source instanceof URL) {
        handle = await openFile(source, 'r');
        // A pipe or a device is read as a stream: only a regular file can be read again at a place.
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          handle = undefined;
        }
      }
      if (handle !== undefined) {
        const file = handle;
        pool.reread = (position, length) => readAt(file, position, length);
        for await (const piece of filePieces(file, chunkBytes, pool.buffers)) {
          tallyBytes(piece.length);
          await pool.send(piece, meter.measure(piece), true);
        }
      } else {
        const splitter = new PgnSplitter(chunkBytes);
        for await (const chunk of open(source)) {
          const bytes = bytesOf(chunk);
          tallyBytes(bytes.length);
          for (const piece of splitter.push(bytes)) await pool.send(piece, meter.measure(piece), false);
        }
        const last = splitter.end();
        if (last !== undefined) await pool.send(last, meter.measure(last), false);
      }
    } catch (e) {
      if (e instanceof ReaderStop || pool.failure !== undefined || pool.sourceFailure !== undefined) throw e;
      await pool.drain();
      return failed('source-failed', `the source could not be read: ${messageOf(e)}`);
    }
    await pool.drain();
    return ok({ ...tally });
  } catch (e) {
    if (e instanceof ReaderStop) throw e.thrown;
    if (pool.failure !== undefined) return failed('worker-failed', pool.failure);
    if (pool.sourceFailure !== undefined)
      return failed('source-failed', `the source could not be read: ${pool.sourceFailure}`);
    throw e;
  } finally {
    await pool.close();
    await handle?.close();
  }
}

/** An exception of the caller's `onEvent` or `onResult`, carried out of the pool to be thrown again. */
class ReaderStop {
  readonly thrown: unknown;
  constructor(thrown: unknown) {
    this.thrown = thrown;
  }
}

interface Slot {
  readonly worker: Worker;
  held: number;
}

/**
 * A piece on its way, until handed on. To be read again joined to the next, its bytes are
 * kept (a stream's) or read again from the file (`bytes` undefined: they went to the worker).
 */
interface Piece {
  readonly id: number;
  readonly length: number;
  readonly bytes: Uint8Array | undefined;
  readonly base: PieceBase;
  reply?: PieceAnswer;
}

/** A worker's answer that is no failure. */
type PieceAnswer = Exclude<PieceReply, { readonly failure: string }>;

/** Pieces on their way at once, a worker. */
const PIECES_A_WORKER = 4;

/**
 * The workers, and the pieces sent to them in input order, each with its answer once it
 * came. An answer is handed on when its piece is first: when its reader did not end between
 * games (the cut was not at a game's start), the piece and the next are read again as one.
 */
class Pool {
  readonly #workers: Slot[] = [];
  readonly #limit: number;
  readonly #mode: Mode;
  readonly #tally: { games: number; errors: number; pieces: number };
  /** The pieces not handed on yet, in input order (at most the limit, and one joined). */
  readonly #pieces: Piece[] = [];
  /** The same by id: an answer whose id is not here is of a piece read again, dropped. */
  readonly #byId = new Map<number, Piece>();
  #sent = 0;
  /** No piece comes after the last one sent. */
  #ended = false;
  /** Why the pool stopped (a worker's failure); the read then ends. */
  failure: string | undefined;
  /** Why the pool stopped reading again a file's pieces to join; the read then ends. */
  sourceFailure: string | undefined;
  #stop: ReaderStop | undefined;
  /** Woken when an answer comes, or when the pool fails. */
  #wake: (() => void) | undefined;
  /** Results are handed on by the read's own loop (so that `onResult` may wait), one at a time. */
  #handing = false;

  constructor(
    jobs: number,
    file: string | URL,
    options: PgnReadOptions,
    mode: Mode,
    tally: { games: number; errors: number; pieces: number },
  ) {
    // Four pieces a worker: one read, three waiting, so a worker never idles for the main
    // thread (a loaded machine may not run it at once). The pieces and their answers held are
    // bounded so, whatever the size of the input.
    this.#limit = PIECES_A_WORKER * jobs;
    this.#mode = mode;
    this.#tally = tally;
    const workerData: PieceWorkerData = {
      mark: WORKER_MARK,
      options,
      ...(mode.kind === 'processor' ? { processor: { options: mode.options } } : {}),
    };
    for (let j = 0; j < jobs; j++) {
      let worker: Worker;
      try {
        worker = new Worker(file, { workerData, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
      } catch (e) {
        this.fail(`a worker could not start: ${messageOf(e)}`);
        return;
      }
      const slot: Slot = { worker, held: 0 };
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

  /** The buffers the workers handed back, for the next pieces of a file. */
  readonly buffers = new SpareBuffers();

  /** Reads bytes of the file again (a piece to join to the next); undefined for a stream, whose pieces are kept. */
  reread: ((position: number, length: number) => Promise<Uint8Array>) | undefined;

  /**
   * Sends a piece to the least busy worker, once fewer than the limit are unread or waiting.
   * `own`: the bytes are the whole of their buffer's used part, which goes to the worker (none
   * kept here); else a copy goes, and they are kept.
   */
  async send(bytes: Uint8Array, base: PieceBase, own: boolean): Promise<void> {
    await this.handOn();
    while (this.#pieces.length >= this.#limit && this.stopped() === undefined) {
      await this.wait();
      await this.handOn();
    }
    this.check();
    const piece: Piece = { id: this.#sent++, length: bytes.length, bytes: own ? undefined : bytes, base };
    this.#pieces.push(piece);
    this.dispatch(piece, own ? bytes : new Uint8Array(bytes));
  }

  /** Waits for every piece sent to be handed on. */
  async drain(): Promise<void> {
    this.#ended = true;
    await this.handOn();
    while (this.#pieces.length > 0 && this.stopped() === undefined) {
      await this.wait();
      await this.handOn();
    }
    this.check();
  }

  async close(): Promise<void> {
    for (const slot of this.#workers) slot.held = 0;
    await Promise.all(this.#workers.map((slot) => slot.worker.terminate()));
  }

  /**
   * Sends `bytes`, the piece's, to the least busy worker, their buffer transferred (a copy of
   * the piece's own when it is kept: its bytes may be a view of a larger buffer, which a clone
   * would copy whole).
   */
  private dispatch(piece: Piece, bytes: Uint8Array): void {
    this.#byId.set(piece.id, piece);
    let slot = this.#workers[0]!;
    for (const other of this.#workers) if (other.held < slot.held) slot = other;
    slot.held++;
    const request: PieceRequest = { id: piece.id, bytes, base: piece.base };
    slot.worker.postMessage(request, [bytes.buffer as ArrayBuffer]);
  }

  private stopped(): ReaderStop | string | undefined {
    return this.#stop ?? this.failure ?? this.sourceFailure;
  }

  private check(): void {
    if (this.#stop !== undefined) throw this.#stop;
    const failure = this.failure ?? this.sourceFailure;
    if (failure !== undefined) throw new Error(failure);
  }

  private wait(): Promise<void> {
    if (this.#pieces[0]?.reply !== undefined || this.stopped() !== undefined) return Promise.resolve();
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
    if (reply.bytes !== undefined && this.reread !== undefined) this.buffers.give(reply.bytes);
    const piece = this.#byId.get(reply.id);
    if (piece === undefined) return;
    piece.reply = reply;
    if (piece === this.#pieces[0]) this.wakeUp();
  }

  /**
   * Hands on the answers that are next in order. A piece whose reader did not end between
   * games is read again with the next (its answer and the next's are dropped): when the next
   * is not cut yet, the piece waits for it, unless it is the input's last.
   */
  private async handOn(): Promise<void> {
    if (this.#handing) return;
    this.#handing = true;
    try {
      for (let first = this.#pieces[0]; first?.reply !== undefined; first = this.#pieces[0]) {
        if (this.stopped() !== undefined) return;
        const ready = first.reply;
        if (!ready.between) {
          const next = this.#pieces[1];
          if (next !== undefined) {
            await this.rejoin(first, next);
            continue;
          }
          if (!this.#ended) return;
        }
        this.#pieces.shift();
        this.#byId.delete(first.id);
        this.#tally.pieces++;
        try {
          if ('results' in ready) await this.handResults(ready.results, ready.games);
          else this.handEvents(ready.events, ready.roots);
        } catch (e) {
          this.#stop = new ReaderStop(e);
          return;
        }
      }
    } finally {
      this.#handing = false;
    }
  }

  /** Reads `first` and `next` (the first two pieces) again as one piece. */
  private async rejoin(first: Piece, next: Piece): Promise<void> {
    this.#byId.delete(first.id);
    this.#byId.delete(next.id);
    const length = first.length + next.length;
    const kept = first.bytes !== undefined && next.bytes !== undefined;
    let bytes: Uint8Array | undefined;
    if (kept) {
      bytes = new Uint8Array(length);
      bytes.set(first.bytes!);
      bytes.set(next.bytes!, first.length);
    }
    // In place at once, with no answer yet: while the file is read again, the read waits.
    const joined: Piece = { id: this.#sent++, length, bytes, base: first.base };
    this.#pieces.splice(0, 2, joined);
    if (kept) {
      this.dispatch(joined, new Uint8Array(bytes!));
      return;
    }
    // Pieces of a file: their bytes went to the workers, and are read again.
    try {
      bytes = await this.reread!(first.base.bytes, length);
    } catch (e) {
      this.sourceFailure ??= messageOf(e);
    }
    if (bytes !== undefined && bytes.length < length) this.sourceFailure ??= 'the file was shortened while it was read';
    if (this.sourceFailure !== undefined) this.wakeUp();
    else this.dispatch(joined, bytes!);
  }

  private handEvents(events: CrossingEvent[], roots: PackedTrees): void {
    if (this.#mode.kind !== 'games') return;
    // Each tree is built as its game is handed on, and is garbage as soon as the caller drops it.
    const root = createUnpacker(roots);
    for (const crossing of events) {
      let event: PgnEvent;
      if (crossing.kind === 'game') {
        (crossing.game as { root: unknown }).root = root();
        this.#tally.games++;
        event = crossing;
      } else {
        this.#tally.errors++;
        event = withPartial({ kind: 'error', error: crossing.error }, crossing.partial);
      }
      this.#mode.onEvent(event);
    }
  }

  private async handResults(results: unknown[], games: number): Promise<void> {
    if (this.#mode.kind !== 'processor') return;
    this.#tally.games += games;
    this.#tally.errors += results.length - games;
    const index = this.#firstHanded;
    this.#firstHanded += results.length;
    for (let i = 0; i < results.length; i++) {
      const handed = this.#mode.onResult(results[i], index + i);
      if (handed !== undefined) await handed;
    }
  }

  #firstHanded = 0;
}

/** The port a worker answers on. */
interface WorkerPort {
  on(event: 'message', listener: (request: PieceRequest) => void): unknown;
  postMessage(reply: PieceReply, transfer?: ArrayBuffer[]): void;
}

/** A worker's loop in games mode: reads each piece it is sent (one reader for them all), and answers with its events. */
export function servePieces(port: WorkerPort, options: PgnReadOptions): void {
  const reader = new PieceReader(options);
  port.on('message', (request) => {
    try {
      const packer = createPacker();
      const events: CrossingEvent[] = [];
      const between = reader.read(request.bytes, request.base, (event) => {
        if (event.kind !== 'game') {
          events.push(
            event.partial === undefined
              ? { kind: 'error', error: event.error }
              : { kind: 'error', error: event.error, partial: event.partial },
          );
          return;
        }
        packer.add(event.game.root as unknown as Record<string, unknown>);
        events.push({ kind: 'game', game: { ...event.game, root: null as unknown as PgnGame['root'] } });
      });
      const packed = packer.finish();
      // The piece's bytes go back (transferred, not copied), for the main thread to read the next piece into.
      port.postMessage({ id: request.id, events, roots: packed, between, bytes: request.bytes }, [
        packed.nums.buffer as ArrayBuffer,
        request.bytes.buffer as ArrayBuffer,
      ]);
    } catch (e) {
      port.postMessage({ id: request.id, failure: messageOf(e) });
    }
  });
}

/** A worker's loop in processor mode: reads each piece it is sent (one reader for them all), each event made a result as it is read. */
export function serveProcessor(port: WorkerPort, options: PgnReadOptions, process: (event: PgnEvent) => unknown): void {
  const reader = new PieceReader(options);
  port.on('message', (request) => {
    try {
      let games = 0;
      const results: unknown[] = [];
      const between = reader.read(request.bytes, request.base, (event) => {
        if (event.kind === 'game') games++;
        results.push(process(event));
      });
      port.postMessage({ id: request.id, results, games, between, bytes: request.bytes }, [
        request.bytes.buffer as ArrayBuffer,
      ]);
    } catch (e) {
      port.postMessage({ id: request.id, failure: messageOf(e) });
    }
  });
}

/**
 * Called by a worker module of processor mode: in a worker started by `readPgnParallel`, reads
 * the pieces it is sent with the processor `createProcessor` makes; elsewhere (the module
 * merely imported, in the main thread) does nothing.
 */
export function servePgnWorker<R, O>(createProcessor: PgnProcessorFactory<R, O>): void {
  if (isMainThread || parentPort === null) return;
  const data = workerData as Partial<PieceWorkerData> | null;
  if (data === null || typeof data !== 'object' || data.mark !== WORKER_MARK || data.processor === undefined) return;
  serveProcessor(parentPort, data.options ?? {}, createProcessor(data.processor.options as O));
}
