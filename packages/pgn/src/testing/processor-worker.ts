/**
 * A worker module of `readPgnParallel`'s processor mode, for the tests: each event made into
 * one line that shows its number, its kind, where it is and what it holds (its warnings, the
 * partial game of an error), with a prefix from the worker options (a read's own, on a pool).
 */
import { servePgnWorker } from '../parallel.js';
import type { PgnEvent } from '../read.js';

/** The line of an event, as the test's sequential side makes it too. */
export function describeEvent(prefix: string, event: PgnEvent, index: number | string): string {
  if (event.kind === 'game') {
    const warnings = (event.game.warnings ?? []).map((w) => `${w.code}@${w.line}:${w.column}:${w.offset} ${w.message}`);
    return `${prefix}${index} game ${event.game.tags.get('Event') ?? '?'} ${event.game.result} [${warnings.join('; ')}]`;
  }
  const { error, partial } = event;
  return `${prefix}${index} error ${error.code}@${error.line}:${error.column}:${error.offset} partial=${partial?.tags.get('Event') ?? '-'}`;
}

// The number is the main thread's: the worker leaves `#` for it. With `exit`, the worker
// thread stops at its first event (a crash, for the tests of a pool's next read).
servePgnWorker((options: { prefix: string; exit?: number }) =>
  options.exit === undefined ? (event) => describeEvent(options.prefix, event, '#') : () => process.exit(options.exit),
);
