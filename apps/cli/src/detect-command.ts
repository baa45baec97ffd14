import { ok } from '@chess-formats/board-core';
import { isBinaryLine } from './binary.js';
import type { CommandSpec } from './command-args.js';
import { defineCommand, wrapWords } from './command.js';
import { fileKey, runLineCommand, type LineReport, type LineWhere } from './line-command.js';
import { DETECTED_FORMATS, detectFormat } from './positions.js';

/** What some of detect's words mean, beside the format names. */
const NOTES: Readonly<Record<string, string>> = {
  b1: 'holdings',
  pgn: 'a game on one line',
  'icc-stream': 'ICC units or datagrams',
  'fics-stream': 'FICS output with prompts or bells',
};

const WORDS = DETECTED_FORMATS.filter((word) => word !== 'unknown')
  .map((word) => (NOTES[word] === undefined ? word : `${word} (${NOTES[word]})`))
  .join(', ');

export const DETECT_HELP = `Usage: chess-formats detect [options] [file...]

${wrapWords(
  `Prints the format of each non-blank line of the files, or of standard input when no file (or '-') is given, one word a line: ${WORDS}, unknown, or binary for a line that is not text (a NUL, or more than one in eight of its characters invalid UTF-8 or control characters other than tab, CR, LF, BEL, control-Z and ICC's control-Y delimiters). Detection looks at the shape of the line only (see the README's table): a line of the right shape may still fail to parse, which 'chess-formats validate' tells.`,
  92,
)}

Options:
  --json       print one JSON object a line: {line, format}
  -h, --help   show this help

Examples:
  chess-formats detect positions.fen
  chess-formats detect --json positions.fen game.ics

Exit status: 0 when every line has a known format, 1 when one is unknown or binary, 2 on a
usage error or an unreadable file.
`;

export const DETECT_SPEC: CommandSpec = { name: 'detect', help: DETECT_HELP, flags: ['--json'], values: {} };

/**
 * Reports the detected format of one line: `binary` when it is not text (`isBinaryLine`; for an
 * over-long line, its first part read), else its format (an over-long line is `unknown`).
 */
export function reportDetectLine(text: string, overflow: boolean, where: LineWhere, json: boolean): LineReport {
  const format = isBinaryLine(text) ? 'binary' : overflow ? 'unknown' : detectFormat(text);
  const out = json ? `${JSON.stringify({ ...fileKey(where), line: where.line, format })}\n` : `${format}\n`;
  return { passed: format !== 'unknown' && format !== 'binary', out, err: '' };
}

/** `chess-formats detect`: the format of every non-blank line. */
export const DETECT_COMMAND = defineCommand<{ readonly files: readonly string[]; readonly json: boolean }>({
  ...DETECT_SPEC,
  summary: 'print the format of each line',
  options: ({ operands, flags }) => ok({ files: operands, json: flags.has('--json') }),
  run: (options, io) =>
    runLineCommand(options.files, io, (text, overflow, where) => reportDetectLine(text, overflow, where, options.json)),
});
