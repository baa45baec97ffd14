/**
 * Reading one PGN stream on several cores: the main thread cuts the bytes at game boundaries
 * (`PgnSplitter`) and measures each piece (`PieceMeter`: where it starts in the whole input),
 * worker threads read the pieces (`readPiece`) with every event placed in the whole input, and
 * the main thread hands on, in input order, either the events (games mode) or what the
 * caller's own code made of each event in the worker (processor mode: small results, so that
 * the main thread builds no game). Node only (`./node` entry).
 */
import { createReadStream, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { err, ok, type Result } from '@chess-formats/board-core';
import type { PgnError } from './errors.js';
import type { PgnGame } from './game.js';
import { createPacker, createUnpacker, type PackedTrees } from './pack.js';
import { PieceMeter, readPiece, type PieceBase } from './piece.js';
import { DEFAULT_LIMITS, createPgnReader, type PgnEvent, type PgnReadOptions } from './read.js';
import { PgnSplitter } from './split.js';
import { withPartial } from './tokens.js';
import { positiveInteger } from './values.js';

/** Options of `readPgnParallel`: how many threads, how big the pieces, and the reader's options. */
export interface PgnParallelOptions extends PgnReadOptions {
  /** Threads reading at once (default `os.availableParallelism()`); 1 reads in this thread, with no worker (games mode). */
  readonly jobs?: number;
  /** The least size of a piece handed to a worker, in bytes (default 1 MiB); pieces end at game boundaries. */
  readonly chunkBytes?: number;
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

/** The default least size of a piece. */
export const DEFAULT_CHUNK_BYTES = 1 << 20;

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

/** A worker's answer. */
export type PieceReply =
  /** Games mode: the piece's events, each game without its move tree (`root` null), the trees packed in order. */
  | { readonly id: number; readonly events: CrossingEvent[]; readonly roots: PackedTrees }
  /** Processor mode: the processor's result for each event, and how many of the events are games. */
  | { readonly id: number; readonly results: unknown[]; readonly games: number }
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

function fileExists(file: string | URL): boolean {
  return existsSync(typeof file === 'string' ? file : fileURLToPath(file));
}

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
  const { jobs: jobsOption, chunkBytes: chunkOption, ...readOptions } = options ?? {};
  const jobs = positiveInteger(jobsOption, availableParallelism());
  const chunkBytes = positiveInteger(chunkOption, DEFAULT_CHUNK_BYTES);
  const tally = { games: 0, errors: 0, bytes: 0, pieces: 0 };
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
        tally.bytes += bytes.length;
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

  const pool = new Pool(jobs, workerFile, readOptions, mode, tally);
  const splitter = new PgnSplitter(chunkBytes, positiveInteger(readOptions.maxTagLength, DEFAULT_LIMITS.maxTagLength));
  const meter = new PieceMeter(readOptions.encoding);
  try {
    try {
      for await (const chunk of open(source)) {
        const bytes = bytesOf(chunk);
        tally.bytes += bytes.length;
        for (const piece of splitter.push(bytes)) {
          tally.pieces++;
          await pool.send(piece, meter.measure(piece));
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
      await pool.send(last, meter.measure(last));
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

/** The workers, the pieces they hold, and the answers waiting for their turn. */
class Pool {
  readonly #workers: Slot[] = [];
  readonly #limit: number;
  readonly #mode: Mode;
  readonly #tally: { games: number; errors: number };
  /** Answers come in any order; they are handed on in the order of their pieces. */
  readonly #done = new Map<number, PieceReply>();
  #next = 0;
  #sent = 0;
  /** Why the pool stopped (a worker's failure); the read then ends. */
  failure: string | undefined;
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
    tally: { games: number; errors: number },
  ) {
    // Two pieces a worker: one read, one waiting, so a worker never idles for the main thread.
    this.#limit = 2 * jobs;
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
        worker = new Worker(file, { workerData });
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

  /** Sends a piece to the least busy worker, once fewer than the limit are unread or waiting. */
  async send(bytes: Uint8Array, base: PieceBase): Promise<void> {
    await this.handOn();
    while (this.#sent - this.#next >= this.#limit && this.stopped() === undefined) {
      await this.wait();
      await this.handOn();
    }
    this.check();
    let slot = this.#workers[0]!;
    for (const other of this.#workers) if (other.held < slot.held) slot = other;
    slot.held++;
    const request: PieceRequest = { id: this.#sent++, bytes, base };
    slot.worker.postMessage(request, [bytes.buffer as ArrayBuffer]);
  }

  /** Waits for every piece sent to be handed on. */
  async drain(): Promise<void> {
    await this.handOn();
    while (this.#next < this.#sent && this.stopped() === undefined) {
      await this.wait();
      await this.handOn();
    }
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
    if (this.#done.has(this.#next) || this.stopped() !== undefined) return Promise.resolve();
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
    if (reply.id === this.#next) this.wakeUp();
  }

  /** Hands on the answers that are next in order. */
  private async handOn(): Promise<void> {
    if (this.#handing) return;
    this.#handing = true;
    try {
      for (let ready = this.#done.get(this.#next); ready !== undefined; ready = this.#done.get(this.#next)) {
        if (this.stopped() !== undefined) return;
        this.#done.delete(this.#next);
        this.#next++;
        try {
          if ('results' in ready) await this.handResults(ready.results, ready.games);
          else if ('events' in ready) this.handEvents(ready.events, ready.roots);
        } catch (e) {
          this.#stop = new ReaderStop(e);
          return;
        }
      }
    } finally {
      this.#handing = false;
    }
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

/** A worker's loop in games mode: reads each piece it is sent, and answers with its events. */
export function servePieces(port: WorkerPort, options: PgnReadOptions): void {
  port.on('message', (request) => {
    try {
      const packer = createPacker();
      const events = readPiece(request.bytes, request.base, options, (event): CrossingEvent => {
        if (event.kind !== 'game')
          return event.partial === undefined
            ? { kind: 'error', error: event.error }
            : { kind: 'error', error: event.error, partial: event.partial };
        packer.add(event.game.root as unknown as Record<string, unknown>);
        return { kind: 'game', game: { ...event.game, root: null as unknown as PgnGame['root'] } };
      });
      const packed = packer.finish();
      port.postMessage({ id: request.id, events, roots: packed }, [packed.nums.buffer as ArrayBuffer]);
    } catch (e) {
      port.postMessage({ id: request.id, failure: messageOf(e) });
    }
  });
}

/** A worker's loop in processor mode: reads each piece it is sent, each event made a result as it is read. */
export function serveProcessor(port: WorkerPort, options: PgnReadOptions, process: (event: PgnEvent) => unknown): void {
  port.on('message', (request) => {
    try {
      let games = 0;
      const results = readPiece(request.bytes, request.base, options, (event) => {
        if (event.kind === 'game') games++;
        return process(event);
      });
      port.postMessage({ id: request.id, results, games });
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
