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
  /**
   * Games mode: the workers of a pool made by `createPgnWorkerPool()` (no `worker`), kept
   * across reads, instead of workers started for this read alone; `jobs` is then the pool's.
   */
  readonly pool?: PgnWorkerPool<'games'>;
}

/**
 * Options of `readPgnParallel` in processor mode: the module each worker runs (it calls
 * `servePgnWorker` with its processor) and the JSON-like value its processor is made with.
 */
export interface PgnProcessorOptions<O = unknown> extends Omit<PgnParallelOptions, 'pool'> {
  /** The worker module: a path or a `file:` URL of JavaScript that calls `servePgnWorker`. */
  readonly worker: string | URL;
  /** Handed to the module's `createProcessor` in each worker (structured clone: plain data). */
  readonly workerOptions?: O;
}

/**
 * Options of `readPgnParallel` in processor mode on a pool made by `createPgnWorkerPool({
 * worker })`: its workers run its module, and `jobs` is the pool's.
 */
export interface PgnPooledOptions<O = unknown> extends Omit<PgnParallelOptions, 'pool' | 'jobs'> {
  /** The pool whose workers read (one read at a time: a read given it while another runs waits its turn). */
  readonly pool: PgnWorkerPool<'processor'>;
  /** Handed to the module's `createProcessor` in each worker, for this read (structured clone: plain data). */
  readonly workerOptions?: O;
}

/** Options of `createPgnWorkerPool`. */
export interface PgnWorkerPoolOptions {
  /** Worker threads (default `os.availableParallelism()`). */
  readonly jobs?: number;
  /** Processor mode: the worker module (as `PgnProcessorOptions.worker`); without it, the pool reads in games mode. */
  readonly worker?: string | URL;
}

/**
 * Worker threads kept across reads of `readPgnParallel` (each compiles the reader once, not
 * once a read). A read's failure (a worker that stopped, a processor that threw, a source
 * that failed) is that read's alone: the pool stays usable (after a worker failed, the next
 * read starts new workers). Idle workers do not keep the process alive; `close()` ends them, and
 * a read given a closed pool (or running when it closes) ends with `pool-closed`.
 */
export interface PgnWorkerPool<K extends 'games' | 'processor' = 'games' | 'processor'> {
  /** `processor` when made with a worker module, else `games`. */
  readonly kind: K;
  /** Worker threads. */
  readonly jobs: number;
  /** Whether `close()` was called. */
  readonly closed: boolean;
  /** Ends the workers (a read under way ends with `pool-closed`); resolves once they stopped. Called again, does nothing more. */
  close(): Promise<void>;
  /** `close()`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * What a worker module gives `servePgnWorker`: made in each worker once a read (on a pool,
 * every read given it) with that read's `workerOptions`, then called for every event of the pieces the worker reads, as it is read
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
export type PgnParallelErrorCode = 'source-failed' | 'worker-failed' | 'pool-closed';

/** Why a read stopped before the end of its source: the events before it were handed on. */
export interface PgnParallelError {
  /**
   * `source-failed`: the file or stream could not be read; `worker-failed`: a worker thread
   * stopped, or its processor threw; `pool-closed`: the read's pool was closed before or during it.
   */
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
  /** Processor mode: the worker module serves itself (`servePgnWorker`), with a processor made for each read. */
  readonly processor: boolean;
  /**
   * One number shared with the main thread: the read under way (0 when none). A piece of
   * another read (one that stopped: a failure, or `onResult` threw) is skipped unread, so
   * that the next read does not wait behind it.
   */
  readonly current: SharedArrayBuffer;
}

/** A message to a worker: a read starts, its pieces follow (a worker's messages come in order). */
export interface ReadStart {
  readonly kind: 'read';
  readonly read: number;
  readonly options: PgnReadOptions;
  /** Processor mode: the read's `workerOptions`. */
  readonly processor?: { readonly options: unknown };
}

/** A message to a worker: a piece of the read `read` to read. */
export interface PieceRequest {
  readonly kind: 'piece';
  readonly read: number;
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
      readonly read: number;
      readonly id: number;
      readonly events: CrossingEvent[];
      readonly roots: PackedTrees;
      readonly between: boolean;
      readonly bytes?: Uint8Array;
    }
  /** Processor mode: the processor's result for each event, how many of the events are games, and `between`. */
  | {
      readonly read: number;
      readonly id: number;
      readonly results: unknown[];
      readonly games: number;
      readonly between: boolean;
      readonly bytes?: Uint8Array;
    }
  | { readonly read: number; readonly id: number; readonly failure: string }
  /** A piece of a read that stopped, not read. */
  | { readonly read: number; readonly id: number; readonly skipped: true };

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

/** How a read hands on what the workers give. */
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
 * processor, the workers run the caller's module. With `options.pool`, its workers read.
 */
export async function readInParallel(
  source: PgnSource,
  options: PgnParallelOptions | undefined,
  onEvent: ((event: PgnEvent) => void) | undefined,
  workerFile: string | URL,
): Promise<Result<PgnParallelSummary, PgnParallelError>> {
  return readWith(source, options, { kind: 'games', onEvent: onEvent ?? (() => {}) }, workerFile);
}

/** Processor mode of `readPgnParallel`: every event made into a result in the workers (the pool's, with `pool`). */
export async function processInParallel(
  source: PgnSource,
  options: PgnProcessorOptions | PgnPooledOptions,
  onResult?: (result: unknown, index: number) => void | Promise<void>,
): Promise<Result<PgnParallelSummary, PgnParallelError>> {
  const { workerOptions, ...rest } = options;
  const worker = 'worker' in rest ? rest.worker : undefined;
  return readWith(
    source,
    rest as PgnParallelOptions,
    { kind: 'processor', options: workerOptions, onResult: onResult ?? (() => {}) },
    worker ?? '',
  );
}

/** Makes the pool of `createPgnWorkerPool`: games mode runs `gamesFile`, and reads in the calling thread when it is missing. */
export function createWorkerPool(
  options: PgnWorkerPoolOptions & { readonly worker: string | URL },
  gamesFile: string | URL,
): WorkerPool<'processor'>;
export function createWorkerPool(
  options: Omit<PgnWorkerPoolOptions, 'worker'> | undefined,
  gamesFile: string | URL,
): WorkerPool<'games'>;
export function createWorkerPool(options: PgnWorkerPoolOptions | undefined, gamesFile: string | URL): WorkerPool;
export function createWorkerPool(options: PgnWorkerPoolOptions | undefined, gamesFile: string | URL): WorkerPool {
  const jobs = positiveInteger(options?.jobs, availableParallelism());
  if (options?.worker !== undefined) return new WorkerPool(jobs, options.worker, 'processor');
  return new WorkerPool(jobs, fileExists(gamesFile) ? gamesFile : undefined, 'games');
}

async function readWith(
  source: PgnSource,
  options: PgnParallelOptions | undefined,
  mode: Mode,
  workerFile: string | URL,
): Promise<Result<PgnParallelSummary, PgnParallelError>> {
  const { jobs: jobsOption, chunkBytes: chunkOption, onBytes, pool: given, ...readOptions } = options ?? {};
  const chunkBytes = positiveInteger(chunkOption, DEFAULT_CHUNK_BYTES);
  const tally = { games: 0, errors: 0, bytes: 0, pieces: 0 };
  const tallyBytes = (length: number): void => {
    tally.bytes += length;
    onBytes?.(length);
  };
  const failed = (code: PgnParallelErrorCode, message: string) => err({ code, message, partial: { ...tally } });

  let pool: WorkerPool | undefined;
  if (given !== undefined) {
    if (!(given instanceof WorkerPool)) throw new TypeError('pool: not a pool made by createPgnWorkerPool');
    if (given.closed) return failed('pool-closed', 'the worker pool was closed before this read');
    // The pool decides the mode: its workers run either the piece reader or a processor's module.
    if (given.kind !== mode.kind) throw new TypeError(`pool: a ${given.kind} pool cannot read in ${mode.kind} mode`);
    pool = given;
  }
  const jobs = pool?.jobs ?? positiveInteger(jobsOption, mode.kind === 'games' ? 1 : availableParallelism());

  if (mode.kind === 'games' && (pool !== undefined ? pool.file === undefined : jobs === 1 || !fileExists(workerFile))) {
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

  // Without a pool, the workers start first: each compiles the reader while this thread opens the source.
  const workers = pool ?? new WorkerPool(jobs, workerFile, mode.kind);
  const release = await workers.take();
  let run: Run | undefined;
  let handle: FileHandle | undefined;
  try {
    if (workers.closed) return failed('pool-closed', 'the worker pool was closed before this read');
    run = workers.begin(readOptions, mode, tally);
    const meter = new PieceMeter(readOptions.encoding);
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
        run.reread = (position, length) => readAt(file, position, length);
        for await (const piece of filePieces(file, chunkBytes, run.buffers)) {
          tallyBytes(piece.length);
          await run.send(piece, meter.measure(piece), true);
        }
      } else {
        const splitter = new PgnSplitter(chunkBytes);
        for await (const chunk of open(source)) {
          const bytes = bytesOf(chunk);
          tallyBytes(bytes.length);
          for (const piece of splitter.push(bytes)) await run.send(piece, meter.measure(piece), false);
        }
        const last = splitter.end();
        if (last !== undefined) await run.send(last, meter.measure(last), false);
      }
    } catch (e) {
      if (e instanceof ReaderStop || run.failure !== undefined || run.sourceFailure !== undefined) throw e;
      await run.drain();
      return failed('source-failed', `the source could not be read: ${messageOf(e)}`);
    }
    await run.drain();
    return ok({ ...tally });
  } catch (e) {
    if (e instanceof ReaderStop) throw e.thrown;
    if (run?.failure !== undefined) return failed(run.failure.code, run.failure.message);
    if (run?.sourceFailure !== undefined)
      return failed('source-failed', `the source could not be read: ${run.sourceFailure}`);
    throw e;
  } finally {
    if (run !== undefined) workers.finish(run);
    release();
    if (pool === undefined) await workers.close();
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

/** A worker thread of a pool. */
interface Slot {
  readonly worker: Worker;
  /** Pieces sent and not answered yet, of any read (a stopped read's are answered too, skipped). */
  held: number;
  /** Of them, the read's under way. */
  mine: number;
  /** Stopped (an error, an exit), or left by a read that a worker failed: replaced by the next read. */
  dead: boolean;
  /** Replaced: what it still tells is of no read. */
  retired: boolean;
}

/**
 * The worker threads of `createPgnWorkerPool`, or of one read of `readPgnParallel` without a
 * pool. One read at a time (`take`): each read tells every worker its options first (a
 * processor is made for it), then sends its pieces; the answers of another read (one that
 * stopped) are dropped. Workers are `unref`ed between reads, so that an idle pool never keeps
 * the process alive.
 */
export class WorkerPool<K extends 'games' | 'processor' = 'games' | 'processor'> implements PgnWorkerPool<K> {
  readonly kind: K;
  readonly jobs: number;
  /** What the workers run; undefined: games mode without its worker file, read in the calling thread. */
  readonly file: string | URL | undefined;
  readonly #slots: Slot[] = [];
  readonly #current = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  #reads = 0;
  #run: Run | undefined;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;
  #closing: Promise<void> | undefined;
  /** Why the last worker that could not start did not (the next read fails with it when none started). */
  #startFailure: string | undefined;

  constructor(jobs: number, file: string | URL | undefined, kind: K) {
    this.kind = kind;
    this.jobs = jobs;
    this.file = file;
    if (file !== undefined) for (let j = 0; j < jobs; j++) this.#start();
  }

  get closed(): boolean {
    return this.#closed;
  }

  #start(): void {
    const workerData: PieceWorkerData = {
      mark: WORKER_MARK,
      processor: this.kind === 'processor',
      current: this.#current.buffer as SharedArrayBuffer,
    };
    let worker: Worker;
    try {
      worker = new Worker(this.file!, { workerData, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
    } catch (e) {
      this.#startFailure = `a worker could not start: ${messageOf(e)}`;
      return;
    }
    // Kept alive by a read only: between reads, a pool left open does not hold the process.
    if (this.#run === undefined) worker.unref();
    const slot: Slot = { worker, held: 0, mine: 0, dead: false, retired: false };
    this.#slots.push(slot);
    worker.on('message', (reply: PieceReply) => {
      slot.held--;
      const run = this.#run;
      if (run === undefined || reply.read !== run.read || slot.retired) return;
      slot.mine--;
      run.answer(reply);
    });
    worker.on('error', (e) => {
      slot.dead = true;
      if (slot.mine > 0 && !slot.retired) this.#run?.fail('worker-failed', `a worker failed: ${messageOf(e)}`);
    });
    worker.on('exit', (code) => {
      slot.dead = true;
      if (slot.mine > 0 && !slot.retired && !this.#closed)
        this.#run?.fail('worker-failed', `a worker stopped (exit code ${code}) with ${slot.mine} piece(s) unread`);
    });
  }

  /** Waits for the reads before to end; resolves with the function that ends this one's turn. */
  async take(): Promise<() => void> {
    let release!: () => void;
    const before = this.#queue;
    this.#queue = new Promise((resolve) => (release = resolve));
    await before;
    return release;
  }

  /** Starts a read: workers that stopped are started again, and every worker is told the read's options. */
  begin(options: PgnReadOptions, mode: Mode, tally: Tally): Run {
    const read = ++this.#reads;
    const dead = this.#slots.filter((slot) => slot.dead);
    for (const slot of dead) {
      this.#slots.splice(this.#slots.indexOf(slot), 1);
      slot.retired = true;
      void slot.worker.terminate();
    }
    const run = new Run(this, read, this.jobs, mode, tally);
    this.#run = run;
    for (let j = this.#slots.length; j < this.jobs; j++) this.#start();
    Atomics.store(this.#current, 0, read);
    const start: ReadStart = {
      kind: 'read',
      read,
      options,
      ...(mode.kind === 'processor' ? { processor: { options: mode.options } } : {}),
    };
    for (const slot of this.#slots) {
      slot.mine = 0;
      slot.worker.ref();
      slot.worker.postMessage(start);
    }
    if (this.#slots.length === 0) run.fail('worker-failed', this.#startFailure ?? 'no worker could start');
    return run;
  }

  /** Ends the read `run`: its pieces still in the workers are skipped, and the workers no longer hold the process. */
  finish(run: Run): void {
    if (this.#run !== run) return;
    this.#run = undefined;
    Atomics.store(this.#current, 0, 0);
    for (const slot of this.#slots) {
      slot.worker.unref();
      // A worker that failed may not be the only one: the others may be failing on pieces of
      // the same read, whose stop they have not seen yet (a crash told later would end the
      // next read). The next read starts new workers.
      if (run.failure?.code === 'worker-failed') slot.dead = true;
    }
  }

  /** Sends a piece of the read under way to the least busy worker that runs; false when none does. */
  post(request: PieceRequest): boolean {
    let chosen: Slot | undefined;
    for (const slot of this.#slots) if (!slot.dead && (chosen === undefined || slot.held < chosen.held)) chosen = slot;
    if (chosen === undefined) return false;
    chosen.held++;
    chosen.mine++;
    chosen.worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
    return true;
  }

  close(): Promise<void> {
    if (this.#closing !== undefined) return this.#closing;
    this.#closed = true;
    this.#run?.fail('pool-closed', 'the worker pool was closed during this read');
    this.#closing = Promise.all(this.#slots.map((slot) => slot.worker.terminate())).then(() => {});
    return this.#closing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

type Tally = { games: number; errors: number; pieces: number };

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

/** A worker's answer that is a piece read. */
type PieceAnswer = Exclude<PieceReply, { readonly failure: string } | { readonly skipped: true }>;

/** Pieces on their way at once, a worker. */
const PIECES_A_WORKER = 4;

/**
 * One read on a pool's workers: the pieces sent in input order, each with its answer once it
 * came. An answer is handed on when its piece is first: when its reader did not end between
 * games (the cut was not at a game's start), the piece and the next are read again as one.
 */
class Run {
  readonly read: number;
  readonly #workers: WorkerPool;
  readonly #limit: number;
  readonly #mode: Mode;
  readonly #tally: Tally;
  /** The pieces not handed on yet, in input order (at most the limit, and one joined). */
  readonly #pieces: Piece[] = [];
  /** The same by id: an answer whose id is not here is of a piece read again, dropped. */
  readonly #byId = new Map<number, Piece>();
  #sent = 0;
  /** No piece comes after the last one sent. */
  #ended = false;
  /** Why the read stopped (a worker's failure, the pool closed). */
  failure: { readonly code: PgnParallelErrorCode; readonly message: string } | undefined;
  /** Why the read stopped reading again a file's pieces to join. */
  sourceFailure: string | undefined;
  #stop: ReaderStop | undefined;
  /** Woken when an answer comes, or when the read fails. */
  #wake: (() => void) | undefined;
  /** Results are handed on by the read's own loop (so that `onResult` may wait), one at a time. */
  #handing = false;

  constructor(workers: WorkerPool, read: number, jobs: number, mode: Mode, tally: Tally) {
    // Four pieces a worker: one read, three waiting, so a worker never idles for the main
    // thread (a loaded machine may not run it at once). The pieces and their answers held are
    // bounded so, whatever the size of the input.
    this.#workers = workers;
    this.read = read;
    this.#limit = PIECES_A_WORKER * jobs;
    this.#mode = mode;
    this.#tally = tally;
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

  /**
   * Sends `bytes`, the piece's, to the least busy worker, their buffer transferred (a copy of
   * the piece's own when it is kept: its bytes may be a view of a larger buffer, which a clone
   * would copy whole).
   */
  private dispatch(piece: Piece, bytes: Uint8Array): void {
    this.#byId.set(piece.id, piece);
    const request: PieceRequest = { kind: 'piece', read: this.read, id: piece.id, bytes, base: piece.base };
    if (!this.#workers.post(request)) this.fail('worker-failed', 'every worker stopped');
  }

  private stopped(): ReaderStop | string | undefined {
    return this.#stop ?? this.failure?.message ?? this.sourceFailure;
  }

  private check(): void {
    if (this.#stop !== undefined) throw this.#stop;
    const failure = this.failure?.message ?? this.sourceFailure;
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

  fail(code: PgnParallelErrorCode, message: string): void {
    this.failure ??= { code, message };
    this.wakeUp();
  }

  answer(reply: PieceReply): void {
    if (this.stopped() !== undefined || 'skipped' in reply) return;
    if ('failure' in reply) {
      this.fail('worker-failed', `a worker could not read a piece: ${reply.failure}`);
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
  on(event: 'message', listener: (message: ReadStart | PieceRequest) => void): unknown;
  postMessage(reply: PieceReply, transfer?: ArrayBuffer[]): void;
}

/**
 * A worker's loop: each read's options come first, then its pieces, each read by one reader
 * kept across the pieces and across reads of the same options (its compiled code and game
 * engine warm), and answered with its events (games mode: no `makeProcessor`) or with what
 * the read's processor made of each. A piece of a read that stopped is answered unread.
 */
export function servePieces(
  port: WorkerPort,
  current: SharedArrayBuffer,
  makeProcessor?: (workerOptions: unknown) => (event: PgnEvent) => unknown,
): void {
  const under = new Int32Array(current);
  let read = 0;
  let options: PgnReadOptions = {};
  let optionsKey = '';
  let reader: PieceReader | undefined;
  let process: ((event: PgnEvent) => unknown) | undefined;
  /** Why the read's processor could not be made: every piece of the read fails with it. */
  let unmade: string | undefined;
  port.on('message', (message) => {
    if (message.kind === 'read') {
      read = message.read;
      const key = JSON.stringify(message.options);
      if (key !== optionsKey) reader = undefined;
      options = message.options;
      optionsKey = key;
      process = undefined;
      unmade = undefined;
      if (makeProcessor !== undefined) {
        try {
          process = makeProcessor(message.processor?.options);
        } catch (e) {
          unmade = messageOf(e);
        }
      }
      return;
    }
    const request = message;
    if (request.read !== read || Atomics.load(under, 0) !== request.read) {
      port.postMessage({ read: request.read, id: request.id, skipped: true });
      return;
    }
    try {
      if (unmade !== undefined) throw new Error(unmade);
      reader ??= new PieceReader(options);
      if (process !== undefined) {
        const results: unknown[] = [];
        let games = 0;
        const each = process;
        const between = reader.read(request.bytes, request.base, (event) => {
          if (event.kind === 'game') games++;
          results.push(each(event));
        });
        port.postMessage({ read, id: request.id, results, games, between, bytes: request.bytes }, [
          request.bytes.buffer as ArrayBuffer,
        ]);
        return;
      }
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
      port.postMessage({ read, id: request.id, events, roots: packed, between, bytes: request.bytes }, [
        packed.nums.buffer as ArrayBuffer,
        request.bytes.buffer as ArrayBuffer,
      ]);
    } catch (e) {
      // The reader may have stopped inside a game: the next piece gets a fresh one.
      reader = undefined;
      port.postMessage({ read, id: request.id, failure: messageOf(e) });
    }
  });
}

/** Whether `value` is the start data of a worker of this module; `processor`: of processor mode. */
export function isPieceWorkerData(value: unknown, processor: boolean): value is PieceWorkerData {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { mark?: unknown }).mark === WORKER_MARK &&
    (value as { processor?: unknown }).processor === processor &&
    (value as { current?: unknown }).current instanceof SharedArrayBuffer
  );
}

/**
 * Called by a worker module of processor mode: in a worker started by `readPgnParallel` (or a
 * pool), reads the pieces it is sent with the processor `createProcessor` makes for each read;
 * elsewhere (the module merely imported, in the main thread) does nothing.
 */
export function servePgnWorker<R, O>(createProcessor: PgnProcessorFactory<R, O>): void {
  if (isMainThread || parentPort === null || !isPieceWorkerData(workerData, true)) return;
  servePieces(parentPort, workerData.current, (options) => createProcessor(options as O));
}
