/**
 * The Node entry of `@chess-formats/pgn`: reading one PGN file or stream on several cores. The
 * main entry stays free of Node's modules, for browsers.
 */
import { dirname, join } from 'node:path';
import type { Result } from '@chess-formats/board-core';
import {
  readInParallel,
  type PgnParallelError,
  type PgnParallelErrorCode,
  type PgnParallelOptions,
  type PgnParallelSummary,
  type PgnSource,
} from './parallel.js';
import { PIECE_WORKER } from './piece-worker.js';
import type { PgnEvent } from './read.js';

export type { PgnParallelError, PgnParallelErrorCode, PgnParallelOptions, PgnParallelSummary, PgnSource };

/** The file the workers run, beside this module (built, as ESM or CommonJS). */
function workerFile(): string | URL {
  return typeof __filename === 'string'
    ? join(dirname(__filename), `${PIECE_WORKER}.cjs`)
    : new URL(`./${PIECE_WORKER}.js`, import.meta.url);
}

/**
 * Reads every game of a PGN file or byte stream on `jobs` threads, handing each event to
 * `onEvent` in input order: the same events, errors at the same line, column and offset, as
 * `createPgnReader` reading the whole. The input is cut into pieces of about `chunkBytes` where
 * the reader is surely between games; worker threads read them, at most two pieces a worker at
 * once (the source is read no faster). With `jobs: 1`, or where the worker file is not beside
 * this module (a bundle that left it out), it reads in this thread. Never throws for
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
): Promise<Result<PgnParallelSummary, PgnParallelError>> {
  return readInParallel(source, options, onEvent, workerFile());
}
