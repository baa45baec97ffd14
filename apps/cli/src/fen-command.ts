import { boardDiagram, setupToJson, validateSetup, type SetupJson } from '@chess-formats/board-core';
import { parseFen, writeFen, type FenWriteOptions } from '@chess-formats/fen';
import { defineCommand } from './command.js';
import { FEN_SPEC, fenOptions, type FenCommandOptions } from './fen-options.js';
import {
  errorReport,
  fileKey,
  lineLabel,
  overflowReport,
  runLineCommand,
  type CommandIo,
  type LineError,
  type LineReport,
  type LineWhere,
} from './line-command.js';
import { toStyle12 } from './style12-command.js';

export { MAX_LINE_LENGTH, type CommandIo, type LineReport } from './line-command.js';

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
  | {
      readonly file?: string;
      readonly line: number;
      readonly input: string;
      readonly ok: false;
      readonly error: LineError;
    };

function writeOptions(options: FenCommandOptions): FenWriteOptions | undefined {
  // `kqkq` is the default X-FEN output: K/Q/k/q, with a file letter only where they would be ambiguous.
  return options.castling === 'shredder' ? { castling: 'shredder' } : undefined;
}

/**
 * Reports one line: its canonical FEN (and diagram, problems) or its error with a caret;
 * `where` names the line in messages (`file:line`).
 */
export function reportFenLine(
  text: string,
  overflow: boolean,
  where: LineWhere,
  options: FenCommandOptions,
): LineReport {
  if (overflow) return overflowReport(text, where, options.json);
  const label = lineLabel(where);
  const parsed = parseFen(text, options.strict ? { strict: true } : undefined);
  if (!parsed.ok) return errorReport(text, parsed.error, where, options.json);

  const setup = parsed.value;
  const fen = options.to === 'style12' ? toStyle12(setup) : writeFen(setup, writeOptions(options));
  const problems = options.validate ? validateSetup(setup) : [];
  const passed = problems.length === 0;
  if (options.json) {
    const json: FenJsonLine = {
      ...fileKey(where),
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
export function runFenCommand(options: FenCommandOptions, io: CommandIo): Promise<number> {
  return runLineCommand(options.files, io, (text, overflow, where) => reportFenLine(text, overflow, where, options));
}

/** `chess-formats fen`. */
export const FEN_COMMAND = defineCommand<FenCommandOptions>({
  ...FEN_SPEC,
  summary: 'read FEN positions, one a line, print them in canonical form',
  options: fenOptions,
  run: runFenCommand,
});
