import {
  advance,
  boardAt,
  boardDiagram,
  flightsAt,
  pieceLetter,
  setupToJson,
  squareName,
  statusAt,
  ok,
  type Result,
  type Setup,
  type SetupJson,
} from '@chess-formats/board-core';
import { parseFenr, writeFenr } from '@chess-formats/fenr';
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

export interface FenrCommandOptions {
  readonly files: readonly string[];
  readonly board: boolean;
  readonly json: boolean;
  readonly strict: boolean;
  /** Milliseconds to advance every position by before printing it (0: as read). */
  readonly advanceMs: number;
}

export const FENR_HELP = `Usage: chess-formats fenr [options] [file...]

Reads one FENr record (realtime chess) a line from the files, or from standard input when no
file (or '-') is given, and prints the canonical FENr of each line. A line that is not valid
FENr is shown with a caret under the offending character and its error code. Blank lines are
skipped.

Options:
  --board              print after each position the board as it stands (pieces in flight
                       are on no square), then the pieces in flight and cooling down
  --json               print one JSON object a line: {line, input, ok, fenr, setup} or
                       {line, input, ok: false, error}
  --strict             accept only canonical text (single spaces, '-' for empty fields,
                       castling in KQkq order, no leading zeros)
  --advance <ms>       print each position that many milliseconds later by the realtime
                       rules (pieces land, collide and take each other, pawns promote,
                       cooldowns end)
  -h, --help           show this help

Exit status: 0 when every line is valid FENr, 1 when any line is not (or a position cannot be
written after --advance), 2 on a usage error or an unreadable file.
`;

/** The JSON line printed for one input line with `--json`. */
export type FenrJsonLine =
  | {
      readonly file?: string;
      readonly line: number;
      readonly input: string;
      readonly ok: true;
      readonly fenr: string;
      readonly setup: SetupJson;
    }
  | {
      readonly file?: string;
      readonly line: number;
      readonly input: string;
      readonly ok: false;
      readonly error: LineError;
    };

/** What the arguments after `fenr` ask for. */
export type FenrInvocation = Invocation<FenrCommandOptions>;

export const FENR_SPEC: CommandSpec = {
  name: 'fenr',
  help: FENR_HELP,
  flags: ['--board', '--json', '--strict'],
  // Digits only, so that `1e3`, `-5` and `0x10` are refused rather than read as numbers.
  values: {
    '--advance': (value) =>
      value !== undefined && /^[0-9]{1,15}$/.test(value)
        ? undefined
        : `--advance needs milliseconds as digits, got '${value ?? ''}'`,
  },
};

/** The options of `fenr` from its arguments. */
function fenrOptions({ operands, flags, values }: CommandArgs): Result<FenrCommandOptions, string> {
  return ok({
    files: operands,
    board: flags.has('--board'),
    json: flags.has('--json'),
    strict: flags.has('--strict'),
    advanceMs: Number(values.get('--advance') ?? 0),
  });
}

/** Reads the arguments after `fenr`. */
export function parseFenrArgs(args: readonly string[]): FenrInvocation {
  return parseInvocation({ ...FENR_SPEC, options: fenrOptions }, args);
}

/**
 * The board as it stands at the setup's clock, then one line for the pieces in flight and
 * one for those cooling down (`Q d1-a4 450 ms`: arrives in 450 ms; `R g1 5000 ms`: may move
 * in 5000 ms), omitted when there are none.
 */
export function realtimeDiagram(setup: Setup): string {
  const { geometry } = setup.board;
  const lines = [boardDiagram(boardAt(setup))];
  const flights = flightsAt(setup).map(
    (f) =>
      `${pieceLetter(f.piece)} ${squareName(geometry, f.from)}-${squareName(geometry, f.to)} ${String(f.remainingMs)} ms`,
  );
  const cooling: string[] = [];
  setup.board.pieces.forEach((p, square) => {
    const status = p && statusAt(setup, square);
    if (p && status?.kind === 'cooldown')
      cooling.push(`${pieceLetter(p)} ${squareName(geometry, square)} ${String(status.remainingMs)} ms`);
  });
  if (flights.length > 0) lines.push(`in flight: ${flights.join(', ')}`);
  if (cooling.length > 0) lines.push(`cooling down: ${cooling.join(', ')}`);
  return lines.join('\n');
}

/** Reports one line: its canonical FENr (and diagram) or its error with a caret. */
export function reportFenrLine(
  text: string,
  overflow: boolean,
  where: LineWhere,
  options: FenrCommandOptions,
): LineReport {
  if (overflow) return overflowReport(text, where, options.json);
  const parsed = parseFenr(text, options.strict ? { strict: true } : undefined);
  if (!parsed.ok) return errorReport(text, parsed.error, where, options.json);
  let setup = parsed.value;
  let fenr: string;
  try {
    // The realtime rules: pieces land, collide and take each other, pawns promote.
    if (options.advanceMs > 0) setup = advance(setup, (setup.realtime?.clockMs ?? 0) + options.advanceMs).setup;
    fenr = writeFenr(setup);
  } catch (e) {
    // Only after --advance: a clock past FENr's 15 digits.
    const message = `after --advance: ${e instanceof Error ? e.message : String(e)}`;
    return errorReport(text, { code: 'advance', field: 4, offset: text.length, message }, where, options.json);
  }
  if (options.json) {
    const json: FenrJsonLine = {
      ...fileKey(where),
      line: where.line,
      input: text,
      ok: true,
      fenr,
      setup: setupToJson(setup),
    };
    return { passed: true, out: `${JSON.stringify(json)}\n`, err: '' };
  }
  return { passed: true, out: options.board ? `${fenr}\n${realtimeDiagram(setup)}\n\n` : `${fenr}\n`, err: '' };
}

/** `chess-formats fenr [options] [file...]`: every non-blank line through the FENr parser. */
export const FENR_COMMAND = defineCommand<FenrCommandOptions>({
  ...FENR_SPEC,
  summary: 'read FENr (realtime chess) positions, one a line, likewise',
  options: fenrOptions,
  run: (options, io) =>
    runLineCommand(options.files, io, (text, overflow, where) => reportFenrLine(text, overflow, where, options)),
});

/** Runs `fenr` on the arguments after its name; returns the exit status (2 for a usage error). */
export const runFenrCommand = FENR_COMMAND.run;
