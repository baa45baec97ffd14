/**
 * The worker module of `chess-formats pgn --jobs N` (built to `dist/pgn-worker.js` beside
 * `dist/cli.js`): each worker reads pieces of the input and makes every game into its output
 * text and counts, as the command does in one thread, so that the main thread only writes.
 */
import { servePgnWorker } from '@chess-formats/pgn/node';
import { pgnProcessor } from './pgn-command.js';

servePgnWorker(pgnProcessor);
