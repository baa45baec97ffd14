/**
 * The Node entry of `@chess-formats/pgn`: reading one PGN file or stream on several cores. The
 * main entry stays free of Node's modules, for browsers.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Result } from '@chess-formats/board-core';
import {
  WORKER_MARK,
  readInParallel,
  servePieces,
  type PgnParallelError,
  type PgnParallelErrorCode,
  type PgnParallelOptions,
  type PgnParallelSummary,
  type PgnSource,
  type PieceWorkerData,
} from './parallel.js';
import type { PgnEvent } from './read.js';

export type { PgnParallelError, PgnParallelErrorCode, PgnParallelOptions, PgnParallelSummary, PgnSource };

/** This module's own file: the workers run it (built, as ESM or CommonJS). */
function ownFile(): string | URL {
  return typeof __filename === 'string' ? __filename : new URL(import.meta.url);
}

/**
 * Reads every game of a PGN file or byte stream on `jobs` threads, handing each event to
 * `onEvent` in input order: the same events, errors at the same line, column and offset, as
 * `createPgnReader` reading the whole. The input is cut into pieces of about `chunkBytes` where
 * the reader is surely between games; worker threads read them, at most two pieces a worker at
 * once (the source is read no faster). With `jobs: 1` it reads in this thread. Never throws for
 * its input: a source that fails or a worker that stops ends the read with an error value (the
 * events before were handed on); an exception thrown by `onEvent` stops the read and rejects.
 *
 * @example
 * ```ts
 * import { writeFileSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { readPgnParallel } from '@chess-formats/pgn/node';
 * const file = join(tmpdir(), 'games-example.pgn');
 * writeFileSync(file, '[White "A"]\n\n1. e4 e5 1-0\n\n[White "B"]\n\n1. d4 d5 0-1\n');
 * const read = await readPgnParallel(file, { jobs: 2 }, (event) => {
 *   if (event.kind === 'game') console.log(event.game.tags.get('White'), event.game.result);
 * });
 * // → A 1-0
 * // → B 0-1
 * if (read.ok) console.log(read.value.games); // → 2
 * ```
 */
export function readPgnParallel(
  source: PgnSource,
  options?: PgnParallelOptions,
  onEvent?: (event: PgnEvent) => void,
): Promise<Result<PgnParallelSummary, PgnParallelError>> {
  return readInParallel(source, options, onEvent, ownFile());
}

function isWorkerData(value: unknown): value is PieceWorkerData {
  return typeof value === 'object' && value !== null && (value as { mark?: unknown }).mark === WORKER_MARK;
}

// Started as a worker by `readPgnParallel`: serve pieces.
if (!isMainThread && parentPort !== null && isWorkerData(workerData)) servePieces(parentPort, workerData.options);
