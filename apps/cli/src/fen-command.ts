import { boardDiagram, setupToJson, type SetupJson } from '@chess-formats/board-core';
import { parseFen, validateSetup, writeFen, type FenWriteOptions } from '@chess-formats/fen';
import type { FenCommandOptions } from './args.js';
import { caretLines } from './caret.js';
import { readLines } from './lines.js';
import { toStyle12 } from './style12-command.js';

/**
 * The longest line read (64 KiB of characters). Real FENs are under 100 characters; the cap only
 * bounds memory on hostile or binary input, whose over-long lines are reported, not buffered.
 */
export const MAX_LINE_LENGTH = 65_536;

/** Where the command reads and writes; the real one wires the process, tests capture strings. */
export interface CommandIo {
  readonly stdin: () => AsyncIterable<string | Uint8Array>;
  /** The contents of a file; iteration rejects when the file cannot be read. */
  readonly readFile: (path: string) => AsyncIterable<string | Uint8Array>;
  /** Standard output: canonical FENs, diagrams, JSON lines. May wait for the stream to drain. */
  readonly out: (text: string) => void | Promise<void>;
  /** Standard error: errors and problems, so that standard output stays a clean FEN list. */
  readonly err: (text: string) => void | Promise<void>;
}

/** The error of a line the parser did not see (the CLI's own code, beside the FEN codes). */
interface LineError {
  readonly code: string;
  readonly field: number;
  readonly offset: number;
  readonly message: string;
}

/** The JSON line printed for one input line with `--json`. */
export type FenJsonLine =
  | {
      readonly file?: string;
      readonly line: number;
      readonly input: string;
      readonly ok: true;
      readonly fen: string;
      readonly setup: SetupJson;
      readonly problems?: readonly string[];
    }
  | { readonly file?: string; readonly line: number; readonly input: string; readonly ok: false; readonly error: LineError };

/** What one input line gave: text for each stream, and whether the line passed. */
export interface LineReport {
  readonly passed: boolean;
  readonly out: string;
  readonly err: string;
}

function writeOptions(options: FenCommandOptions): FenWriteOptions | undefined {
  // `kqkq` is the default X-FEN output: K/Q/k/q, with a file letter only where they would be ambiguous.
  return options.castling === 'shredder' ? { castling: 'shredder' } : undefined;
}

/**
 * Reports one line: its canonical FEN (and diagram, problems) or its error with a caret.
 * `label` names the line in messages (`file:line`).
 */
export function reportFenLine(
  text: string,
  overflow: boolean,
  where: { readonly file: string | undefined; readonly line: number },
  options: FenCommandOptions,
): LineReport {
  const label = `${where.file ?? '<stdin>'}:${String(where.line)}: `;
  const fileKey = where.file === undefined ? {} : { file: where.file };
  const fail = (error: LineError, showCaret: boolean): LineReport => {
    if (options.json) {
      const json: FenJsonLine = { ...fileKey, line: where.line, input: text, ok: false, error };
      return { passed: false, out: `${JSON.stringify(json)}\n`, err: '' };
    }
    // Without a caret (an unread line) the window shows the start of the line.
    const [shown, caret] = caretLines(text, showCaret ? error.offset : 0, label.length);
    const lines = showCaret ? [label + shown, caret] : [label + shown];
    const field = error.code === 'line-too-long' ? '' : ` field ${String(error.field)}`;
    lines.push(`error[${error.code}]${field}: ${error.message}`);
    return { passed: false, out: '', err: `${lines.join('\n')}\n` };
  };

  if (overflow) {
    const message = `the line is longer than ${String(MAX_LINE_LENGTH)} characters and was not read`;
    return fail({ code: 'line-too-long', field: 0, offset: MAX_LINE_LENGTH, message }, false);
  }
  const parsed = parseFen(text, options.strict ? { strict: true } : undefined);
  if (!parsed.ok) return fail(parsed.error, true);

  const setup = parsed.value;
  const fen = options.to === 'style12' ? toStyle12(setup) : writeFen(setup, writeOptions(options));
  const problems = options.validate ? validateSetup(setup) : [];
  const passed = problems.length === 0;
  if (options.json) {
    const json: FenJsonLine = {
      ...fileKey,
      line: where.line,
      input: text,
      ok: true,
      fen,
      setup: setupToJson(setup),
      ...(options.validate ? { problems } : {}),
    };
    return { passed, out: `${JSON.stringify(json)}\n`, err: '' };
  }
  const out = options.board ? `${fen}\n${boardDiagram(setup.board)}\n\n` : `${fen}\n`;
  const err = passed ? '' : `${label}${fen}\nproblems: ${problems.join(', ')}\n`;
  return { passed, out, err };
}

/**
 * `chess-formats fen`: every non-blank line of every source through the parser. Returns the
 * exit status: 0 when all lines pass, 1 when one does not, 2 when a file cannot be read.
 */
export async function runFenCommand(options: FenCommandOptions, io: CommandIo): Promise<number> {
  const sources = options.files.length === 0 ? ['-'] : options.files;
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
      const report = reportFenLine(line.text, line.overflow, { file, line: line.number }, options);
      if (!report.passed) failed = true;
      if (report.out !== '') await io.out(report.out);
      if (report.err !== '') await io.err(report.err);
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
