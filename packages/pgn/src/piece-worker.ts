/**
 * The file the workers of `readPgnParallel` run (`dist/piece-worker.js`, or `.cjs` for
 * CommonJS): it serves pieces when started with the mark of `parallel.ts`, and does nothing
 * when merely imported.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { WORKER_MARK, servePieces, type PieceWorkerData } from './parallel.js';

/** The file's name beside the node entry, without its extension. */
export const PIECE_WORKER = 'piece-worker';

/** Games mode only: a processor's worker module serves itself (`servePgnWorker`), though a bundle of it may hold this file. */
function isWorkerData(value: unknown): value is PieceWorkerData {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { mark?: unknown }).mark === WORKER_MARK &&
    (value as { processor?: unknown }).processor === undefined
  );
}

if (!isMainThread && parentPort !== null && isWorkerData(workerData)) servePieces(parentPort, workerData.options);
