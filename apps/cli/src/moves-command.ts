import {
  err,
  boardAt,
  legalMoves,
  movesAt,
  ok,
  parseCoordinate,
  parseSan,
  parseSmith,
  parseVerbose,
  play,
  STANDARD,
  writeCoordinate,
  writeSan,
  writeSmith,
  writeVerbose,
  type Move,
  type MoveNotationError,
  type RealtimeMove,
  type Result,
  type Setup,
} from '@chess-formats/board-core';
import type { CommandSpec } from './command-args.js';
import { defineCommand } from './command.js';
import {
  EXIT,
  errorReport,
  fileKey,
  outputFailureStatus,
  runLineCommand,
  type CommandIo,
  type LineReport,
  type LineWhere,
} from './line-command.js';
import { POSITION_FORMATS, readPositionLine, type PositionFormat } from './positions.js';

export const MOVES_HELP = `Usage: chess-formats moves [options] [file...]
       chess-formats moves --position <text> [options] <move>...

Without --position: reads one position a line (any format 'convert' reads) from the files,
or from standard input when no file (or '-') is given, and prints its legal moves on one line,
separated by spaces. A realtime position (FENr) has no turn: its line lists the moves each
side may start at the position's time, in coordinates ('white: a2a3 ... black: a7a6 ...';
with --json, 'white' and 'black' lists and 'atMs').

With --position: reads each move in turn against the position (FEN, style 12, OCPN, FENr or
setup JSON), plays it, and prints it in another notation, one a line. A move is read as SAN,
coordinate (UCI), Smith or verbose (FICS) notation, the first that fits, unless --notation
names one. A move that is not legal there is shown with a caret and its error code, and the
moves after it are not read.

Options:
  --from <format|auto>     the notation of the positions (default auto: detected)
  --to <notation>          the notation to print: san (default), uci, verbose or smith
  --notation <notation>    with --position: read the moves in this notation only
  --position <text>        the position the moves are played from
  --json                   print one JSON object a line: {line, input, ok, moves} for
                           positions, {input, ok, san, uci, verbose, smith} for moves
  -h, --help               show this help

Examples:
  echo 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' | chess-formats moves --to uci
  chess-formats moves --position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' e2e4 e7e5 g1f3
  chess-formats moves --position "$(cat position.fen)" --to verbose --json Nf3

Exit status: 0 when every position (or move) was read, 1 when one was not, 2 on a usage error
or an unreadable file.
`;

export const MOVE_NOTATIONS = ['san', 'uci', 'verbose', 'smith'] as const;
export type MoveNotation = (typeof MOVE_NOTATIONS)[number];

export const MOVES_SPEC: CommandSpec = {
  name: 'moves',
  help: MOVES_HELP,
  flags: ['--json'],
  values: {
    '--from': [...POSITION_FORMATS, 'auto'],
    '--to': MOVE_NOTATIONS,
    '--notation': MOVE_NOTATIONS,
    '--position': 'any',
  },
};

const WRITERS: Readonly<Record<MoveNotation, (setup: Setup, move: Move) => string>> = {
  san: writeSan,
  uci: (setup, move) => writeCoordinate(setup, move),
  verbose: writeVerbose,
  smith: writeSmith,
};

const READERS: Readonly<Record<MoveNotation, (setup: Setup, text: string) => Result<Move, MoveNotationError>>> = {
  san: parseSan,
  uci: parseCoordinate,
  verbose: (setup, text) => parseVerbose(setup, text),
  smith: parseSmith,
};

/**
 * A move in `notation`, or in the first notation that reads it (SAN, UCI, Smith, verbose:
 * the order in which a text is least likely to mean something else); the error is SAN's,
 * the notation people type most, unless one was named.
 */
export function readMove(
  setup: Setup,
  text: string,
  notation: MoveNotation | undefined,
): Result<Move, MoveNotationError> {
  if (notation !== undefined) return READERS[notation](setup, text);
  const san = parseSan(setup, text);
  if (san.ok) return san;
  for (const reader of [parseCoordinate, parseSmith, READERS.verbose]) {
    const read = reader(setup, text);
    if (read.ok) return read;
  }
  return san;
}

/** Reports one position line: its legal moves in `to`, or its error. */
export function reportMovesLine(
  text: string,
  overflow: boolean,
  where: LineWhere,
  options: { readonly from: PositionFormat | 'auto'; readonly to: MoveNotation; readonly json: boolean },
): LineReport {
  const read = readPositionLine(text, overflow, where, { format: options.from, json: options.json });
  if (!read.ok) return read.report;
  const { setup } = read.position;
  if (setup.realtime !== undefined) return reportRealtimeMoves(text, where, setup, options.json);
  const moves = legalMoves(setup).map((move) => WRITERS[options.to](setup, move));
  if (options.json)
    return {
      passed: true,
      out: `${JSON.stringify({ ...fileKey(where), line: where.line, input: text, ok: true, moves })}\n`,
      err: '',
    };
  return { passed: true, out: `${moves.join(' ')}\n`, err: '' };
}

/** A realtime move in coordinates (castling as the king's move, `e1g1`): realtime chess has no SAN. */
function realtimeUci(move: RealtimeMove): string {
  const name = (s: number): string => STANDARD.squareNames[s] ?? String(s);
  return name(move.from) + name(move.to);
}

/**
 * The moves each side may start at a realtime position's time (FENr: both sides move at any
 * time), in coordinates: `white: ... black: ...`, or JSON with `white` and `black` lists.
 */
function reportRealtimeMoves(text: string, where: LineWhere, setup: Setup, json: boolean): LineReport {
  const sides = { white: [] as string[], black: [] as string[] };
  // The board as it stands: a piece a flight is on its way to stands under that flight.
  const standing = boardAt(setup).pieces;
  for (const move of movesAt(setup)) sides[standing[move.from]?.color ?? 'white'].push(realtimeUci(move));
  const atMs = setup.realtime?.clockMs ?? 0;
  if (json)
    return {
      passed: true,
      out: `${JSON.stringify({ ...fileKey(where), line: where.line, input: text, ok: true, atMs, ...sides })}\n`,
      err: '',
    };
  return { passed: true, out: `white: ${sides.white.join(' ')} black: ${sides.black.join(' ')}\n`, err: '' };
}

/** Each move of `moves` read, printed and played from `position`; stops at the first bad one. */
export function reportMoveSequence(
  position: string,
  moves: readonly string[],
  options: {
    readonly from: PositionFormat | 'auto';
    readonly to: MoveNotation;
    readonly notation: MoveNotation | undefined;
    readonly json: boolean;
  },
): LineReport[] {
  const read = readPositionLine(
    position,
    false,
    { file: '<position>', line: 1 },
    { format: options.from, json: options.json },
  );
  if (!read.ok) return [read.report];
  let setup = read.position.setup;
  const reports: LineReport[] = [];
  for (const [index, text] of moves.entries()) {
    const move = readMove(setup, text, options.notation);
    if (!move.ok) {
      reports.push(errorReport(text, move.error, { file: '<move>', line: index + 1 }, options.json));
      break;
    }
    const before = setup;
    const written = (notation: MoveNotation): string => WRITERS[notation](before, move.value);
    const out = options.json
      ? `${JSON.stringify({ input: text, ok: true, san: written('san'), uci: written('uci'), verbose: written('verbose'), smith: written('smith') })}\n`
      : `${written(options.to)}\n`;
    reports.push({ passed: true, out, err: '' });
    setup = play(setup, move.value);
  }
  return reports;
}

/** Prints the reports of a move sequence; the status as `runLineCommand` gives it. */
async function printReports(reports: readonly LineReport[], io: CommandIo): Promise<number> {
  const status = reports.every((r) => r.passed) ? EXIT.ok : EXIT.invalidLine;
  for (const report of reports) {
    try {
      if (report.out !== '') await io.out(report.out);
    } catch (error) {
      return outputFailureStatus(error, status, io);
    }
    if (report.err !== '') await io.err(report.err);
  }
  return status;
}

/** The options of `moves`. */
interface MovesOptions {
  readonly files: readonly string[];
  readonly from: PositionFormat | 'auto';
  readonly to: MoveNotation;
  readonly notation: MoveNotation | undefined;
  readonly json: boolean;
  /** `--position`: the moves given as operands are read from it. */
  readonly position: string | undefined;
}

/** `chess-formats moves`: legal moves of positions, or moves converted between notations. */
export const MOVES_COMMAND = defineCommand<MovesOptions>({
  ...MOVES_SPEC,
  summary: 'list legal moves, or convert moves between notations',
  options: ({ operands, flags, values }) => {
    const notation = values.get('--notation') as MoveNotation | undefined;
    const position = values.get('--position');
    if (position === undefined && notation !== undefined)
      return err('--notation reads the moves given after --position');
    if (position !== undefined && operands.length === 0) return err('moves --position needs one move or more');
    return ok({
      files: operands,
      from: (values.get('--from') ?? 'auto') as PositionFormat | 'auto',
      to: (values.get('--to') ?? 'san') as MoveNotation,
      notation,
      json: flags.has('--json'),
      position,
    });
  },
  run: ({ files, from, to, notation, json, position }, io) =>
    position === undefined
      ? runLineCommand(files, io, (text, overflow, where) => reportMovesLine(text, overflow, where, { from, to, json }))
      : printReports(reportMoveSequence(position, files, { from, to, notation, json }), io),
});
