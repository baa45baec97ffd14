import type { LocatedError } from '@chess-formats/board-core';
import { caretLines, printable } from './caret.js';
import { readLines } from './lines.js';
import { guardOutput, OutputFailure, outputFailureStatus, reasonOf, writeError } from './output.js';
import { createProgress, type Progress, type ProgressTerminal } from './progress.js';

/**
 * The longest line read (64 KiB of characters). Real positions are under 200 characters; the cap
 * only bounds memory on hostile or binary input, whose over-long lines are reported, not buffered.
 */
export const MAX_LINE_LENGTH = 65_536;

/** Where the command reads and writes; the real one wires the process, tests capture strings. */
export interface CommandIo {
  readonly stdin: () => AsyncIterable<string | Uint8Array>;
  /** The contents of a file; iteration rejects when the file cannot be read. */
  readonly readFile: (path: string) => AsyncIterable<string | Uint8Array>;
  /**
   * Standard output: canonical texts, diagrams, JSON lines. May wait for the stream to drain;
   * rejects when the output cannot be written (its error's `code`: `EPIPE` when the reader
   * went away, `ENOSPC` for a full disk, ...).
   */
  readonly out: (text: string) => void | Promise<void>;
  /** Standard error: errors and problems, so that standard output stays a clean list. */
  readonly err: (text: string) => void | Promise<void>;
  /** Standard error for the progress bar of line commands; none, or not a terminal: no bar. */
  readonly progress?: ProgressTerminal;
  /** The size in bytes of a file (`undefined`: standard input), when it can be known. */
  readonly sizeOf?: (path: string | undefined) => Promise<number | undefined>;
}

/** Exit statuses (the README's table). */
export const EXIT = { ok: 0, invalidLine: 1, trouble: 2 } as const;

/**
 * A parser's error (board-core's one error shape, `LocatedError`, with its `field`), or the
 * CLI's own `line-too-long` for a line no parser saw.
 */
export interface LineError extends LocatedError {
  /** A field number, or a name (move notations name theirs: `to`, `promotion`). */
  readonly field: number | string;
}

/** Where a line comes from: its file (`undefined` for standard input) and 1-based number. */
export interface LineWhere {
  readonly file: string | undefined;
  readonly line: number;
}

/** What one input line gave: text for each stream, and whether the line passed. */
export interface LineReport {
  readonly passed: boolean;
  readonly out: string;
  readonly err: string;
}

export { outputFailureStatus } from './output.js';

/** The label of a line in messages: `file:line: `. */
export function lineLabel(where: LineWhere): string {
  // A file name is text from outside, shown as input lines are: no escape sequence reaches the terminal.
  return `${where.file === undefined ? '<stdin>' : printable(where.file)}:${String(where.line)}: `;
}

/** `{ file }` when the line comes from a file, for JSON lines. */
export function fileKey(where: LineWhere): { readonly file?: string } {
  return where.file === undefined ? {} : { file: where.file };
}

/**
 * Reports a refused line: with `json`, one JSON object `{file?, line, input, ok: false, error}`
 * on standard output; otherwise the line with a caret under the offending character and the
 * error on standard error.
 */
export function errorReport(text: string, error: LineError, where: LineWhere, json: boolean): LineReport {
  if (json) {
    return {
      passed: false,
      out: `${JSON.stringify({ ...fileKey(where), line: where.line, input: text, ok: false, error })}\n`,
      err: '',
    };
  }
  const label = lineLabel(where);
  // Without a caret (an unread line) the window shows the start of the line.
  const showCaret = error.code !== 'line-too-long';
  const [shown, caret] = caretLines(text, showCaret ? error.offset : 0, label.length);
  const lines = showCaret ? [label + shown, caret] : [label + shown];
  const field = showCaret ? ` field ${String(error.field)}` : '';
  lines.push(`error[${error.code}]${field}: ${error.message}`);
  return { passed: false, out: '', err: `${lines.join('\n')}\n` };
}

/** The report of a line longer than MAX_LINE_LENGTH, which no parser is given. */
export function overflowReport(text: string, where: LineWhere, json: boolean): LineReport {
  const message = `the line is longer than ${String(MAX_LINE_LENGTH)} characters and was not read`;
  return errorReport(text, { code: 'line-too-long', field: 0, offset: MAX_LINE_LENGTH, message }, where, json);
}

/**
 * Every non-blank line of every source (standard input for none or `-`) through `report`.
 * Returns the exit status: 0 when all lines pass, 1 when one does not, 2 when a file cannot be
 * read (the other files are still read) or standard output cannot be written (a closed pipe
 * only stops the command: see `outputFailureStatus`).
 */
export async function runLineCommand(
  files: readonly string[],
  io: CommandIo,
  report: (text: string, overflow: boolean, where: LineWhere) => LineReport,
): Promise<number> {
  const sources = files.length === 0 ? ['-'] : files;
  let failed = false;
  let unreadable = false;
  const status = (): number => (unreadable ? EXIT.trouble : failed ? EXIT.invalidLine : EXIT.ok);
  const progress = await progressFor(sources, io);
  let lines = 0;
  const { out: write } = guardOutput(io);
  const out = async (text: string): Promise<void> => {
    progress.clear();
    await write(text);
  };
  try {
    for (const source of sources) {
      const file = source === '-' ? undefined : source;
      let readError: unknown;
      // Only failures of reading end a source with status 2; a failure of processing is a bug
      // and propagates.
      const chunks = stopOnError(file === undefined ? io.stdin() : io.readFile(file), (e) => {
        readError = e;
      });
      const counted = counting(chunks, (bytes) => progress.advance(bytes, lines));
      for await (const line of readLines(counted, MAX_LINE_LENGTH)) {
        lines++;
        if (!line.overflow && line.text.trim() === '') continue;
        const result = report(line.text, line.overflow, { file, line: line.number });
        if (!result.passed) failed = true;
        if (result.out !== '') await out(result.out);
        if (result.err !== '') {
          progress.clear();
          await writeError(io, result.err);
        }
      }
      if (readError !== undefined) {
        progress.clear();
        unreadable = true;
        await writeError(
          io,
          `chess-formats: cannot read ${file === undefined ? 'standard input' : printable(file)}: ${reasonOf(readError)}\n`,
        );
      }
    }
  } catch (error) {
    if (!(error instanceof OutputFailure)) throw error;
    progress.clear();
    return outputFailureStatus(error, status(), io);
  }
  progress.clear();
  return status();
}

/** The progress bar of reading `sources`: their total size when every one is known. */
async function progressFor(sources: readonly string[], io: CommandIo): Promise<Progress> {
  if (io.progress === undefined || !io.progress.isTTY || io.sizeOf === undefined)
    return createProgress(io.progress, undefined);
  let total: number | undefined = 0;
  for (const source of sources) {
    const size = await io.sizeOf(source === '-' ? undefined : source).catch(() => undefined);
    total = size === undefined || total === undefined ? undefined : total + size;
  }
  return createProgress(io.progress, total);
}

/** The chunks of a source, each counted in bytes (characters for text) as it passes. */
async function* counting(
  chunks: AsyncIterable<string | Uint8Array>,
  count: (bytes: number) => void,
): AsyncGenerator<string | Uint8Array> {
  for await (const chunk of chunks) {
    count(typeof chunk === 'string' ? chunk.length : chunk.byteLength);
    yield chunk;
  }
}

/** The chunks of a source until it fails; the failure goes to `onError` instead of the reader. */
async function* stopOnError<T>(chunks: AsyncIterable<T>, onError: (error: unknown) => void): AsyncGenerator<T> {
  try {
    for await (const chunk of chunks) yield chunk;
  } catch (e) {
    onError(e);
  }
}
