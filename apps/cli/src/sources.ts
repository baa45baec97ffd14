import { printable } from './caret.js';
import type { CommandIo } from './line-command.js';
import { reasonOf } from './output.js';

/**
 * Hands every chunk of the sources to `onChunk`, in order, as one stream (`-`, or no source at
 * all: standard input). A source that cannot be read is reported on standard error and ends the
 * reading: the result is then false. A failure of `onChunk` (a write) passes through, since it
 * is not a failure of reading.
 */
export async function readSources(
  files: readonly string[],
  io: CommandIo,
  onChunk: (chunk: string | Uint8Array) => Promise<void>,
): Promise<boolean> {
  for (const file of files.length === 0 ? ['-'] : files) {
    const chunks = (file === '-' ? io.stdin() : io.readFile(file))[Symbol.asyncIterator]();
    for (;;) {
      let step: IteratorResult<string | Uint8Array>;
      try {
        step = await chunks.next();
      } catch (error) {
        const name = file === '-' ? 'standard input' : printable(file);
        await io.err(`chess-formats: cannot read ${name}: ${reasonOf(error)}\n`);
        return false;
      }
      if (step.done === true) break;
      await onChunk(step.value);
    }
  }
  return true;
}
