/**
 * The Node entry of `@chess-formats/pgn`: reading one PGN file or stream on several cores. The
 * main entry stays free of Node's modules, for browsers.
 */
import { dirname, join } from 'node:path';
import type { Result } from '@chess-formats/board-core';
import {
  createWorkerPool,
  processInParallel,
  readInParallel,
  servePgnWorker,
  type PgnParallelError,
  type PgnParallelErrorCode,
  type PgnParallelOptions,
  type PgnParallelSummary,
  type PgnPooledOptions,
  type PgnProcessorFactory,
  type PgnProcessorOptions,
  type PgnSource,
  type PgnWorkerPool,
  type PgnWorkerPoolOptions,
} from './parallel.js';
import { PIECE_WORKER } from './piece-worker.js';
import type { PgnEvent } from './read.js';

export type {
  PgnParallelError,
  PgnParallelErrorCode,
  PgnParallelOptions,
  PgnParallelSummary,
  PgnPooledOptions,
  PgnProcessorFactory,
  PgnProcessorOptions,
  PgnSource,
  PgnWorkerPool,
  PgnWorkerPoolOptions,
};
export { servePgnWorker };

/** The file the workers run, beside this module (built, as ESM or CommonJS). */
function workerFile(): string | URL {
  return typeof __filename === 'string'
    ? join(dirname(__filename), `${PIECE_WORKER}.cjs`)
    : new URL(`./${PIECE_WORKER}.js`, import.meta.url);
}

/**
 * Reads every game of a PGN file or byte stream on `jobs` threads, handing each event to
 * `onEvent` in input order: the same events, errors at the same line, column and offset, as
 * `createPgnReader` reading the whole. This games mode rebuilds every game in this thread, which
 * costs about what reading it did, so more jobs are not faster than one: `jobs` defaults to 1
 * here (this thread reads); for speed, give a `worker` module (processor mode, below) and take
 * small results instead. With `jobs` over 1, the input is cut into pieces of about
 * `chunkBytes` before tag lines that follow a blank line or movetext; worker threads read
 * them, at most four pieces a worker at once (the source is read no faster; a file's pieces
 * are read into buffers the workers take and hand back, so memory stays flat), and a piece
 * whose reader did not end between games is read again joined to the next. With `jobs: 1`,
 * or where the worker file is not beside this module (a bundle that left it out), it reads in
 * this thread. Never throws for
 * its input: a source that fails or a worker that stops ends the read with an error value (the
 * events before were handed on); an exception thrown by `onEvent` stops the read and rejects.
 *
 * @example
 * ```ts
 * import { writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { readPgnParallel } from '@chess-formats/pgn/node';
 * const file = join(tmpdir(), 'pgn-doc-games.pgn');
 * writeFileSync(file, '[White "A"]\n\n1. e4 e5 1-0\n\n[White "B"]\n\n1. d4 d5 0-1\n');
 * const white: string[] = [];
 * const read = await readPgnParallel(file, { jobs: 2 }, (event) => {
 *   if (event.kind === 'game') white.push(event.game.tags.get('White') ?? '?');
 * });
 * console.log(white, read.ok && read.value.games); // → [ 'A', 'B' ] 2
 * ```
 */
export function readPgnParallel(
  source: PgnSource,
  options?: PgnParallelOptions,
  onEvent?: (event: PgnEvent) => void,
): Promise<Result<PgnParallelSummary, PgnParallelError>>;
/**
 * Processor mode: each of `jobs` workers runs the module `options.worker`, which calls
 * `servePgnWorker(createProcessor)`; every event is made into a result there as it is read,
 * and `onResult` gets the results in input order with the event's number in the input
 * (from 0; it may
 * return a promise: no more pieces are read until it settles). Events and their positions
 * are those of one sequential read; the main thread only cuts the input and hands results
 * on, so this is the mode that runs faster on more cores. `jobs: 1` still reads in one worker.
 */
export function readPgnParallel<R>(
  source: PgnSource,
  options: PgnProcessorOptions,
  onResult?: (result: R, index: number) => void | Promise<void>,
): Promise<Result<PgnParallelSummary, PgnParallelError>>;
/**
 * Processor mode on a pool's workers (`createPgnWorkerPool({ worker })`): as above, with the
 * pool's module and number of workers, started once for all the reads given the pool; each
 * read's `workerOptions` make its own processor in every worker.
 */
export function readPgnParallel<R>(
  source: PgnSource,
  options: PgnPooledOptions,
  onResult?: (result: R, index: number) => void | Promise<void>,
): Promise<Result<PgnParallelSummary, PgnParallelError>>;
export function readPgnParallel(
  source: PgnSource,
  options?: PgnParallelOptions | PgnProcessorOptions | PgnPooledOptions,
  handOn?: ((event: PgnEvent) => void) | ((result: never, index: number) => void | Promise<void>),
): Promise<Result<PgnParallelSummary, PgnParallelError>> {
  const pool = options !== undefined && 'pool' in options ? options.pool : undefined;
  if (pool !== undefined ? pool.kind === 'processor' : options !== undefined && 'worker' in options)
    return processInParallel(
      source,
      options as PgnProcessorOptions | PgnPooledOptions,
      handOn as ((result: unknown, index: number) => void | Promise<void>) | undefined,
    );
  return readInParallel(
    source,
    options as PgnParallelOptions | undefined,
    handOn as ((event: PgnEvent) => void) | undefined,
    workerFile(),
  );
}

/**
 * Worker threads for several reads of `readPgnParallel` (give it as `pool`): started now, each
 * compiles the reader (and a processor's module) once for all the reads, where a read without
 * a pool starts and ends its own. With `worker`, the pool reads in processor mode (that module
 * runs in each worker, and makes a processor for each read from its `workerOptions`); without,
 * in games mode. `jobs` defaults to `os.availableParallelism()`.
 *
 * One read at a time: a read given the pool while another runs waits for it. A read's failure
 * (a worker that stopped, a processor that threw, a source that failed, an `onResult` that
 * threw) ends that read alone: its pieces still in the workers are skipped, the pool stays
 * usable, and after a worker failed (or its processor threw) the next read starts new workers. Idle workers do not
 * keep the process alive, yet close the pool when done (`close()`, or `await using`): its
 * workers end, and a read given it after ends with `pool-closed`.
 *
 * @example
 * ```ts
 * import { writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { createPgnWorkerPool, readPgnParallel } from '@chess-formats/pgn/node';
 * const files = ['a', 'b'].map((name) => join(tmpdir(), `pgn-doc-pool-${name}.pgn`));
 * writeFileSync(files[0]!, '[White "A"]\n\n1. e4 e5 1-0\n');
 * writeFileSync(files[1]!, '[White "B"]\n\n1. d4 d5 0-1\n');
 * const white: string[] = [];
 * const pool = createPgnWorkerPool({ jobs: 2 });
 * try {
 *   for (const file of files) {
 *     const read = await readPgnParallel(file, { pool }, (event) => {
 *       if (event.kind === 'game') white.push(event.game.tags.get('White') ?? '?');
 *     });
 *     if (!read.ok) console.log(read.error.message);
 *   }
 * } finally {
 *   await pool.close();
 * }
 * console.log(white, pool.closed); // → [ 'A', 'B' ] true
 * ```
 */
export function createPgnWorkerPool(
  options: PgnWorkerPoolOptions & { readonly worker: string | URL },
): PgnWorkerPool<'processor'>;
export function createPgnWorkerPool(options?: Omit<PgnWorkerPoolOptions, 'worker'>): PgnWorkerPool<'games'>;
export function createPgnWorkerPool(options?: PgnWorkerPoolOptions): PgnWorkerPool {
  return createWorkerPool(options, workerFile());
}
