import { runSubcommand, type CommandSpec } from './command-args.js';
import { fileKey, runLineCommand, type CommandIo, type LineReport, type LineWhere } from './line-command.js';
import { detectFormat } from './positions.js';

export const DETECT_HELP = `Usage: chess-formats detect [options] [file...]

Prints the format of each non-blank line of the files, or of standard input when no file (or
'-') is given, one word a line: fen, x-fen, shredder, style12, b1 (holdings), ocpn, fenr,
pgn (a game on one line), setup-json, icc-stream (ICC units or datagrams), fics-stream (FICS output with prompts or
bells), or unknown. Detection looks at the shape of the line only (see the README's table):
a line of the right shape may still fail to parse, which 'chess-formats validate' tells.

Options:
  --json       print one JSON object a line: {line, format}
  -h, --help   show this help

Examples:
  chess-formats detect positions.fen
  chess-formats detect --json positions.fen game.ics

Exit status: 0 when every line has a known format, 1 when one is unknown, 2 on a usage error
or an unreadable file.
`;

export const DETECT_SPEC: CommandSpec = { name: 'detect', help: DETECT_HELP, flags: ['--json'], values: {} };

/** Reports the detected format of one line (an over-long line is `unknown`). */
export function reportDetectLine(text: string, overflow: boolean, where: LineWhere, json: boolean): LineReport {
  const format = overflow ? 'unknown' : detectFormat(text);
  const out = json ? `${JSON.stringify({ ...fileKey(where), line: where.line, format })}\n` : `${format}\n`;
  return { passed: format !== 'unknown', out, err: '' };
}

/** `chess-formats detect`: the format of every non-blank line. */
export function runDetectCommand(args: readonly string[], io: CommandIo): Promise<number> {
  return runSubcommand(DETECT_SPEC, args, io, ({ operands, flags }) =>
    runLineCommand(operands, io, (text, overflow, where) =>
      reportDetectLine(text, overflow, where, flags.has('--json')),
    ),
  );
}
