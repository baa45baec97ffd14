/**
 * The file the workers of `readPgnParallel` run (`dist/piece-worker.js`, or `.cjs` for
 * CommonJS): it serves pieces when started with the mark of `parallel.ts`, and does nothing
 * when merely imported.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { isPieceWorkerData, servePieces } from './parallel.js';

/** The file's name beside the node entry, without its extension. */
export const PIECE_WORKER = 'piece-worker';

// Games mode only: a processor's worker module serves itself (`servePgnWorker`), though a bundle of it may hold this file.
if (!isMainThread && parentPort !== null && isPieceWorkerData(workerData, false))
  servePieces(parentPort, workerData.current);
