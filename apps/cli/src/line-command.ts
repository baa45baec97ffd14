import { caretLines } from './caret.js';
import { readLines } from './lines.js';

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
  /** Standard output: canonical texts, diagrams, JSON lines. May wait for the stream to drain. */
  readonly out: (text: string) => void | Promise<void>;
  /** Standard error: errors and problems, so that standard output stays a clean list. */
  readonly err: (text: string) => void | Promise<void>;
}

/** A parser's error, or the CLI's own `line-too-long` for a line no parser saw. */
export interface LineError {
  readonly code: string;
  readonly field: number;
  readonly offset: number;
  readonly message: string;
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

/** The label of a line in messages: `file:line: `. */
export function lineLabel(where: LineWhere): string {
  return `${where.file ?? '<stdin>'}:${String(where.line)}: `;
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
    return { passed: false, out: `${JSON.stringify({ ...fileKey(where), line: where.line, input: text, ok: false, error })}\n`, err: '' };
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
 * read (the other files are still read).
 */
export async function runLineCommand(
  files: readonly string[],
  io: CommandIo,
  report: (text: string, overflow: boolean, where: LineWhere) => LineReport,
): Promise<number> {
  const sources = files.length === 0 ? ['-'] : files;
  let failed = false;
  let unreadable = false;
  for (const source of sources) {
    const file = source === '-' ? undefined : source;
    let readError: unknown;
    // Only failures of reading end a source with status 2; a failure of processing is a bug
    // and propagates.
    const chunks = stopOnError(file === undefined ? io.stdin() : io.readFile(file), (e) => {
      readError = e;
    });
    for await (const line of readLines(chunks, MAX_LINE_LENGTH)) {
      if (!line.overflow && line.text.trim() === '') continue;
      const result = report(line.text, line.overflow, { file, line: line.number });
      if (!result.passed) failed = true;
      if (result.out !== '') await io.out(result.out);
      if (result.err !== '') await io.err(result.err);
    }
    if (readError !== undefined) {
      unreadable = true;
      const reason = readError instanceof Error ? readError.message : String(readError);
      await io.err(`chess-formats: cannot read ${file ?? 'standard input'}: ${reason}\n`);
    }
  }
  return unreadable ? 2 : failed ? 1 : 0;
}

/** The chunks of a source until it fails; the failure goes to `onError` instead of the reader. */
async function* stopOnError<T>(chunks: AsyncIterable<T>, onError: (error: unknown) => void): AsyncGenerator<T> {
  try {
    for await (const chunk of chunks) yield chunk;
  } catch (e) {
    onError(e);
  }
}
