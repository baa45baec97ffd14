import { ok, validateSetup } from '@chess-formats/board-core';
import type { CommandSpec } from './command-args.js';
import { defineCommand, wrapWords } from './command.js';
import { fileKey, lineLabel, runLineCommand, type LineReport, type LineWhere } from './line-command.js';
import { POSITION_FORMATS, readPositionLine, type PositionFormat } from './positions.js';

export const VALIDATE_HELP = `Usage: chess-formats validate [--format <format|auto>] [options] [file...]

Checks one position a line from the files, or from standard input when no file (or '-') is
given: that it parses, and for FEN, style 12 and OCPN positions that it is legal (kings,
pawns, castling, guarding and en passant rights, the side not to move not in check). Prints nothing for a
good line; a bad one is shown on standard error with a caret and its error code, or with
its problems. Blank lines are skipped.

Options:
  --format <format|auto>   ${wrapWords(
    `${POSITION_FORMATS.join(', ')}, or auto (the default: detected per line as 'chess-formats detect' does)`,
    92,
    ' '.repeat(27),
  )}
  --strict                 parse FEN, OCPN and FENr in their strict mode
  --json                   print one JSON object a line, for every line: {line, input, ok,
                           format, problems} or {line, input, ok: false, error}
  -h, --help               show this help

Examples:
  chess-formats validate positions.fen && echo all legal
  chess-formats validate --format fenr --strict games.fenr

Exit status: 0 when every line is valid, 1 when one is not, 2 on a usage error or an
unreadable file.
`;

export const VALIDATE_SPEC: CommandSpec = {
  name: 'validate',
  help: VALIDATE_HELP,
  flags: ['--json', '--strict'],
  values: { '--format': [...POSITION_FORMATS, 'auto'] },
};

export interface ValidateOptions {
  readonly format: PositionFormat | 'auto';
  readonly json: boolean;
  readonly strict: boolean;
}

/** Reports one line: nothing when it is a legal position, its error or problems otherwise. */
export function reportValidateLine(
  text: string,
  overflow: boolean,
  where: LineWhere,
  options: ValidateOptions,
): LineReport {
  const read = readPositionLine(text, overflow, where, options);
  if (!read.ok) return read.report;
  const { format } = read;
  // Legality by the rules of the position's board (chess, Omega chess); FENr (realtime chess,
  // where kings are captured) and setup JSON (any state) are checked by their parsers only.
  const problems =
    format === 'fen' || format === 'style12' || format === 'ocpn' ? validateSetup(read.position.setup) : [];
  const passed = problems.length === 0;
  if (options.json) {
    const json = { ...fileKey(where), line: where.line, input: text, ok: passed, format, problems };
    return { passed, out: `${JSON.stringify(json)}\n`, err: '' };
  }
  return { passed, out: '', err: passed ? '' : `${lineLabel(where)}${text}\nproblems: ${problems.join(', ')}\n` };
}

/** `chess-formats validate`: whether every non-blank line is a valid (and legal) position. */
export const VALIDATE_COMMAND = defineCommand<ValidateOptions & { readonly files: readonly string[] }>({
  ...VALIDATE_SPEC,
  summary: 'check that each line is a valid (for FEN, legal) position',
  options: ({ operands, flags, values }) =>
    ok({
      files: operands,
      format: (values.get('--format') ?? 'auto') as PositionFormat | 'auto',
      json: flags.has('--json'),
      strict: flags.has('--strict'),
    }),
  run: (options, io) =>
    runLineCommand(options.files, io, (text, overflow, where) => reportValidateLine(text, overflow, where, options)),
});
