/**
 * The worker module of `chess-formats pgn --jobs N` (built to `dist/pgn-worker.js` beside
 * `dist/cli.js`): each worker reads pieces of the input and makes every game into its output
 * text and counts, as the command does in one thread, so that the main thread only writes.
 */
import { servePgnWorker } from '@chess-formats/pgn/node';
import { compactResult, eventResult, type PgnWorkerOptions } from './pgn-command.js';
import { selectionOf } from './pgn-select.js';

servePgnWorker(({ file, options }: PgnWorkerOptions) => {
  // The filters are made again from their option values: functions do not cross threads.
  const selection = selectionOf({
    operands: [],
    flags: new Set(),
    values: new Map(),
    lists: new Map(Object.entries(options.selectionValues ?? {})),
  });
  const own = selection.ok ? { ...options, selection: selection.value } : options;
  return (event) => compactResult(eventResult(event, file, own));
});
