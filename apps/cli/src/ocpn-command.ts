import { boardDiagram, ok, setupToJson, type Result, type SetupJson } from '@chess-formats/board-core';
import { parseOcpn, writeOcpn } from '@chess-formats/ocpn';
import type { CommandArgs, CommandSpec } from './command-args.js';
import { defineCommand, parseInvocation, type Invocation } from './command.js';
import {
  errorReport,
  fileKey,
  overflowReport,
  runLineCommand,
  type LineError,
  type LineReport,
  type LineWhere,
} from './line-command.js';

export interface OcpnCommandOptions {
  readonly files: readonly string[];
  readonly board: boolean;
  readonly json: boolean;
  readonly strict: boolean;
}

export const OCPN_HELP = `Usage: chess-formats ocpn [options] [file...]

Reads one OCPN record (Omega Chess Positional Notation) a line from the files, or from
standard input when no file (or '-') is given, and prints the canonical OCPN of each line. A
line that is not valid OCPN is shown with a caret under the offending character and its error
code. Blank lines are skipped.

Options:
  --board              print a diagram of the 10x10 field and the wizard squares after each position
  --json               print one JSON object a line: {line, input, ok, ocpn, position} or
                       {line, input, ok: false, error}
  --strict             accept only canonical text (single spaces, ASCII '-', canonical order)
  -h, --help           show this help

Exit status: 0 when every line is valid OCPN, 1 when any line is not, 2 on a usage error or an
unreadable file.
`;

/** The JSON line printed for one input line with `--json`. */
export type OcpnJsonLine =
  | {
      readonly file?: string;
      readonly line: number;
      readonly input: string;
      readonly ok: true;
      readonly ocpn: string;
      /** The setup JSON of board-core, the Omega Chess Advanced fields under `omegaAdvanced`. */
      readonly position: SetupJson;
    }
  | {
      readonly file?: string;
      readonly line: number;
      readonly input: string;
      readonly ok: false;
      readonly error: LineError;
    };

/** What the arguments after `ocpn` ask for. */
export type OcpnInvocation = Invocation<OcpnCommandOptions>;

export const OCPN_SPEC: CommandSpec = {
  name: 'ocpn',
  help: OCPN_HELP,
  flags: ['--board', '--json', '--strict'],
  values: {},
};

/** The options of `ocpn` from its arguments. */
function ocpnOptions({ operands, flags }: CommandArgs): Result<OcpnCommandOptions, string> {
  return ok({ files: operands, board: flags.has('--board'), json: flags.has('--json'), strict: flags.has('--strict') });
}

/** Reads the arguments after `ocpn`. */
export function parseOcpnArgs(args: readonly string[]): OcpnInvocation {
  return parseInvocation({ ...OCPN_SPEC, options: ocpnOptions }, args);
}

/** Reports one line: its canonical OCPN (and diagram) or its error with a caret. */
export function reportOcpnLine(
  text: string,
  overflow: boolean,
  where: LineWhere,
  options: OcpnCommandOptions,
): LineReport {
  if (overflow) return overflowReport(text, where, options.json);
  const parsed = parseOcpn(text, options.strict ? { strict: true } : undefined);
  if (!parsed.ok) return errorReport(text, parsed.error, where, options.json);
  const ocpn = writeOcpn(parsed.value);
  if (options.json) {
    const json: OcpnJsonLine = {
      ...fileKey(where),
      line: where.line,
      input: text,
      ok: true,
      ocpn,
      position: setupToJson(parsed.value),
    };
    return { passed: true, out: `${JSON.stringify(json)}\n`, err: '' };
  }
  return {
    passed: true,
    out: options.board ? `${ocpn}\n${boardDiagram(parsed.value.board)}\n\n` : `${ocpn}\n`,
    err: '',
  };
}

/** `chess-formats ocpn [options] [file...]`: every non-blank line through the OCPN parser. */
export const OCPN_COMMAND = defineCommand<OcpnCommandOptions>({
  ...OCPN_SPEC,
  summary: 'read OCPN (Omega chess) positions, one a line, likewise',
  options: ocpnOptions,
  run: (options, io) =>
    runLineCommand(options.files, io, (text, overflow, where) => reportOcpnLine(text, overflow, where, options)),
});

/** Runs `ocpn` on the arguments after its name; returns the exit status (2 for a usage error). */
export const runOcpnCommand = OCPN_COMMAND.run;
