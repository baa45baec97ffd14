import { createReadStream, fstatSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import type { CommandIo } from './line-command.js';
import { outputFailureStatus } from './output.js';
import { main } from './main.js';

/**
 * The first error of standard output (a closed pipe, a full disk). Streams report it as an
 * event, often after the write that caused it returned: the next write throws it, and the
 * exit below looks for one that came after the last write.
 */
let outputError: unknown;
/** Whether a write threw `outputError`, so that main has already dealt with it. */
let outputErrorSeen = false;
process.stdout.on('error', (error) => {
  outputError ??= error;
});
// Standard error failing has nowhere left to be reported; the exit status still tells.
process.stderr.on('error', () => {});

/** Writes and, when the stream's buffer is full, waits for it to drain: memory stays bounded. */
async function writeOut(text: string): Promise<void> {
  try {
    if (outputError !== undefined) throw outputError;
    if (!process.stdout.write(text)) await once(process.stdout, 'drain');
  } catch (error) {
    outputErrorSeen = true;
    throw error;
  }
}

async function writeErr(text: string): Promise<void> {
  if (!process.stderr.write(text)) await once(process.stderr, 'drain');
}

const io: CommandIo = {
  stdin: () => process.stdin,
  readFile: (path) => createReadStream(path),
  out: writeOut,
  err: writeErr,
  // Only when standard error is a terminal: a bar in a pipe or a log file would be noise.
  ...(process.stderr.isTTY
    ? {
        progress: {
          isTTY: true,
          // 0 or undefined when the terminal does not say (a pseudo-terminal without a size).
          columns: process.stderr.columns || 80,
          write: (text: string) => process.stderr.write(text),
          now: () => performance.now(),
        },
        sizeOf: async (path: string | undefined) => {
          const info = path === undefined ? fstatSync(0) : await stat(path);
          return info.isFile() ? info.size : undefined;
        },
      }
    : {}),
};

// main deals with a write that failed (output.ts); what is left here is a failure that came
// after the last write.
let status = await main(process.argv.slice(2), io);
// Writes still on their way may fail after the command is done: wait for them (an empty write
// completes after them), then for the error events they may have left.
if (process.stdout.writableLength > 0) {
  await new Promise<void>((resolve) => {
    process.stdout.write('', () => resolve());
  });
}
await new Promise((resolve) => setImmediate(resolve));
if (outputError !== undefined && !outputErrorSeen) status = await outputFailureStatus(outputError, status, io);
process.exitCode = status;
