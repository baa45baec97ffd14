import { err, ok } from '@chess-formats/board-core';
import { TEXT_FORMATS } from '@chess-formats/formats';
import type { CommandSpec } from './command-args.js';
import { defineCommand, wrapWords } from './command.js';
import { errorReport, fileKey, runLineCommand, type LineReport, type LineWhere } from './line-command.js';
import { POSITION_FORMATS, readPositionLine, writePosition, type PositionFormat } from './positions.js';

export const CONVERT_HELP = `Usage: chess-formats convert --from <format|auto> --to <format> [options] [file...]

Reads one position a line from the files, or from standard input when no file (or '-') is
${wrapWords(
  `given, and prints it in another notation, one a line. Formats: ${TEXT_FORMATS.map((f) => `${f.name}: ${f.title};`).join(' ')} setup-json: board-core's canonical JSON. A line that does not parse, or that the target cannot hold (an Omega board in FEN), is shown with a caret and its error code. Blank lines are skipped.`,
  92,
)}

Options:
  --from <format|auto>   the notation of the input; auto (the default) detects it per line
                         as 'chess-formats detect' does
  --to <format>          the notation to write (required)
  --strict               parse FEN, OCPN and FENr in their strict mode
  --json                 print one JSON object a line: {line, input, ok, from, to, output}
                         or {line, input, ok: false, error}
  -h, --help             show this help

Examples:
  chess-formats convert --to style12 positions.fen
  echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' | chess-formats convert --to fenr
  chess-formats convert --from fen --to setup-json --json positions.fen

Exit status: 0 when every line was converted, 1 when one was not, 2 on a usage error or an
unreadable file.
`;

export const CONVERT_SPEC: CommandSpec = {
  name: 'convert',
  help: CONVERT_HELP,
  flags: ['--json', '--strict'],
  values: { '--from': [...POSITION_FORMATS, 'auto'], '--to': POSITION_FORMATS },
};

export interface ConvertOptions {
  readonly from: PositionFormat | 'auto';
  readonly to: PositionFormat;
  readonly json: boolean;
  readonly strict: boolean;
}

/** Reports one line: the position in the target notation, or why it is not there. */
export function reportConvertLine(
  text: string,
  overflow: boolean,
  where: LineWhere,
  options: ConvertOptions,
): LineReport {
  const read = readPositionLine(text, overflow, where, {
    format: options.from,
    strict: options.strict,
    json: options.json,
  });
  if (!read.ok) return read.report;
  const { format } = read;
  let output: string;
  try {
    output = writePosition(options.to, read.position);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    const message = `${options.to} cannot hold this ${format} position: ${reason}`;
    return errorReport(text, { code: 'cannot-convert', field: 0, offset: 0, message }, where, options.json);
  }
  if (!options.json) return { passed: true, out: `${output}\n`, err: '' };
  const json = { ...fileKey(where), line: where.line, input: text, ok: true, from: format, to: options.to, output };
  return { passed: true, out: `${JSON.stringify(json)}\n`, err: '' };
}

/** `chess-formats convert`: every non-blank line read in one notation and written in another. */
export const CONVERT_COMMAND = defineCommand<ConvertOptions & { readonly files: readonly string[] }>({
  ...CONVERT_SPEC,
  summary: `convert positions: ${POSITION_FORMATS.join(', ')}`,
  options: ({ operands, flags, values }) => {
    const to = values.get('--to') as PositionFormat | undefined;
    if (to === undefined) return err(`convert needs --to: ${POSITION_FORMATS.join(', ')}`);
    const from = (values.get('--from') ?? 'auto') as PositionFormat | 'auto';
    return ok({ files: operands, from, to, json: flags.has('--json'), strict: flags.has('--strict') });
  },
  run: (options, io) =>
    runLineCommand(options.files, io, (text, overflow, where) => reportConvertLine(text, overflow, where, options)),
});
