import { printable } from './caret.js';
import type { CommandIo } from './line-command.js';

/**
 * Standard output could not be written; `cause` is the stream's error. It is its own type so
 * that a command tells it apart from a file it cannot read: both reject an `await`.
 */
export class OutputFailure {
  readonly cause: unknown;
  constructor(cause: unknown) {
    this.cause = cause;
  }
}

const GUARDED = Symbol('guarded output');

/**
 * The one place every command writes standard output through: `io` whose `out` rejects with
 * an `OutputFailure` when the write fails, and after that rejects every write without trying
 * it, so that a command stops at its next write. `main` gives every command such an io;
 * guarding twice changes nothing.
 */
export function guardOutput(io: CommandIo): CommandIo {
  if ((io as { [GUARDED]?: true })[GUARDED] === true) return io;
  let failure: OutputFailure | undefined;
  const out = async (text: string): Promise<void> => {
    if (failure !== undefined) throw failure;
    try {
      await io.out(text);
    } catch (cause) {
      failure = cause instanceof OutputFailure ? cause : new OutputFailure(cause);
      throw failure;
    }
  };
  return Object.assign({ ...io, out }, { [GUARDED]: true as const });
}

/** The message of an error from outside (a file or stream), printable. */
export function reasonOf(error: unknown): string {
  return printable(error instanceof Error ? error.message : String(error));
}

/**
 * The exit status once standard output failed with `error` (an `OutputFailure` or the stream's
 * own error), `status` being the status the command had earned so far. The same for every
 * command: a closed pipe (`| head -1`, EPIPE) is a reader that has seen enough, so the command
 * ends quietly with that status; any other failure (a full disk) is reported once on standard
 * error and ends with status 2, since the output is incomplete.
 */
export async function outputFailureStatus(error: unknown, status: number, io: CommandIo): Promise<number> {
  const cause = error instanceof OutputFailure ? error.cause : error;
  if (typeof cause === 'object' && cause !== null && (cause as { code?: unknown }).code === 'EPIPE') return status;
  await writeError(io, `chess-formats: cannot write standard output: ${reasonOf(cause)}\n`);
  return 2;
}

/** Writes to standard error, whose own failure has nowhere left to be reported. */
export async function writeError(io: CommandIo, text: string): Promise<void> {
  try {
    await io.err(text);
  } catch {
    // Standard error is gone too; the exit status still tells.
  }
}
