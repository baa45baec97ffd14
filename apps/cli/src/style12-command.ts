import {
  boardDiagram,
  err,
  ok,
  type ByColor,
  type Pocket,
  type Result,
  type Setup,
  type TrackedGame,
} from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import { gameToPgn, writePgn } from '@chess-formats/pgn';
import {
  createStyle12Scanner,
  createStyle12Tracker,
  style12FromSetup,
  writeStyle12,
  holdingsToJson,
  style12ToJson,
  type ClockUnit,
  type Style12Dialect,
  type Style12ScanEvent,
} from '@chess-formats/style12';
import { caretLines } from './caret.js';
import type { CommandArgs, CommandSpec } from './command-args.js';
import { defineCommand, parseInvocation, type Invocation } from './command.js';
import type { CommandIo } from './fen-command.js';
import { guardOutput, OutputFailure, outputFailureStatus } from './output.js';
import { didYouMean } from './suggest.js';

export const STYLE12_HELP = `Usage: chess-formats style12 [options] [file...]

Reads style 12 board lines (FICS, ICC) from the files, or from standard input when no file (or
'-') is given: one line each, or a raw FICS stream as it comes off the socket (LF CR line ends,
BELs, 'fics% ' prompts, block mode). Prints the FEN of each board; <b1> holdings lines give
the pockets of the next FEN. A board line that does not parse is shown with a caret under the
offending character and its error code. Other lines are skipped.

Options:
  --board                     print a diagram of the board after each FEN
  --json                      print one JSON object a line: {kind: "board", fen, record},
                              {kind: "holdings", holdings}, {kind: "error", line, error}
                              (with --text also {kind: "text", text})
  --text                      also print the lines that are not boards (as they are, or as JSON)
  --pgn                       print the games of the stream as PGN instead of FENs, each when
                              it ends (and those still open at the end, with the result *);
                              not with --board, --json or --text
  --dialect <fics|icc>        pin the dialect (icc: clocks in seconds, relation -4 refused)
  --clock-unit <seconds|milliseconds>
                              pin the unit of the clocks (default: read from the move time)
  -h, --help                  show this help

Exit status: 0 when every board line parses, 1 when one does not, 2 on a usage error or an
unreadable file.
`;

type Pockets = ByColor<Pocket>;

export interface Style12CommandOptions {
  readonly files: readonly string[];
  readonly board: boolean;
  readonly json: boolean;
  readonly text: boolean;
  readonly pgn: boolean;
  readonly dialect: Style12Dialect | undefined;
  readonly clockUnit: ClockUnit | undefined;
}

/** What the arguments after `style12` ask for. */
export type Style12Invocation = Invocation<Style12CommandOptions>;

const isDialect = (value: string | undefined): value is Style12Dialect => value === 'fics' || value === 'icc';
const isClockUnit = (value: string | undefined): value is ClockUnit => value === 'seconds' || value === 'milliseconds';

export const STYLE12_SPEC: CommandSpec = {
  name: 'style12',
  help: STYLE12_HELP,
  flags: ['--board', '--json', '--text', '--pgn'],
  values: {
    '--dialect': (value) =>
      isDialect(value) ? undefined : `--dialect needs fics or icc${didYouMean(value ?? '', ['fics', 'icc'])}`,
    '--clock-unit': (value) =>
      isClockUnit(value)
        ? undefined
        : `--clock-unit needs seconds or milliseconds${didYouMean(value ?? '', ['seconds', 'milliseconds'])}`,
  },
};

/** The options of `style12` from its arguments, or a usage error. */
function style12Options({ operands, flags, values }: CommandArgs): Result<Style12CommandOptions, string> {
  const dialect = values.get('--dialect');
  const clockUnit = values.get('--clock-unit');
  const other = ['--board', '--json', '--text'].find((flag) => flags.has(flag));
  if (flags.has('--pgn') && other !== undefined) return err(`--pgn and ${other} cannot go together`);
  return ok({
    files: operands,
    board: flags.has('--board'),
    json: flags.has('--json'),
    text: flags.has('--text'),
    pgn: flags.has('--pgn'),
    dialect: isDialect(dialect) ? dialect : undefined,
    clockUnit: isClockUnit(clockUnit) ? clockUnit : undefined,
  });
}

/** Reads the arguments after `style12`. */
export function parseStyle12Args(args: readonly string[]): Style12Invocation {
  return parseInvocation({ ...STYLE12_SPEC, options: style12Options }, args);
}

/** What one scanner event prints, and whether it is a failure. */
function report(
  event: Style12ScanEvent,
  label: string,
  options: Style12CommandOptions,
  pockets: Map<number, Pockets>,
): { out: string; err: string; failed: boolean } {
  const none = { out: '', err: '', failed: false };
  switch (event.kind) {
    case 'board': {
      const held = pockets.get(event.record.gameNumber);
      const setup = held === undefined ? event.record.setup : { ...event.record.setup, pockets: held };
      const fen = writeFen(setup);
      if (options.json)
        return { ...none, out: `${JSON.stringify({ kind: 'board', fen, record: style12ToJson(event.record) })}\n` };
      return { ...none, out: options.board ? `${fen}\n${boardDiagram(setup.board)}\n\n` : `${fen}\n` };
    }
    case 'holdings': {
      const { white, black } = event.holdings.pockets;
      const count = Object.values(white).reduce((a, b) => a + b, 0) + Object.values(black).reduce((a, b) => a + b, 0);
      // FEN holds at most 64 pieces in pockets; a larger (hostile) holdings line is shown as JSON only.
      if (count <= 64) pockets.set(event.holdings.gameNumber, event.holdings.pockets);
      return options.json
        ? { ...none, out: `${JSON.stringify({ kind: 'holdings', holdings: holdingsToJson(event.holdings) })}\n` }
        : none;
    }
    case 'text':
      if (!options.text) return none;
      return {
        ...none,
        out: options.json ? `${JSON.stringify({ kind: 'text', text: event.text })}\n` : `${event.text}\n`,
      };
    case 'error': {
      const { error, line } = event;
      if (options.json) return { out: `${JSON.stringify({ kind: 'error', line, error })}\n`, err: '', failed: true };
      const [shown, caret] = caretLines(line, error.offset, label.length);
      return {
        out: '',
        err: `${label}${shown}\n${caret}\nerror[${error.code}] field ${String(error.field)}: ${error.message}\n`,
        failed: true,
      };
    }
    case 'unit-start':
    case 'unit-end':
      return none;
  }
}

/**
 * `chess-formats style12`: every source through the style 12 scanner. Returns the exit status:
 * 0 when every board line parses, 1 when one does not, 2 when a file cannot be read.
 */
export async function runStyle12Command(options: Style12CommandOptions, io: CommandIo): Promise<number> {
  const sources = options.files.length === 0 ? ['-'] : options.files;
  let failed = false;
  let unreadable = false;
  const { out: write } = guardOutput(io);
  try {
    for (const source of sources) await readSource(source);
  } catch (error) {
    if (!(error instanceof OutputFailure)) throw error;
    return outputFailureStatus(error, unreadable ? 2 : failed ? 1 : 0, io);
  }
  return unreadable ? 2 : failed ? 1 : 0;

  async function readSource(source: string): Promise<void> {
    const file = source === '-' ? undefined : source;
    const label = `${file ?? '<stdin>'}: `;
    const scanner = createStyle12Scanner({
      ...(options.dialect === undefined ? {} : { dialect: options.dialect }),
      ...(options.clockUnit === undefined ? {} : { clockUnit: options.clockUnit }),
    });
    const pockets = new Map<number, Pockets>();
    // With --pgn the boards go to a tracker, and the games it follows come out as PGN.
    const tracker = options.pgn ? createStyle12Tracker() : undefined;
    const server = options.dialect === 'icc' ? 'ICC' : 'FICS';
    const record = (game: TrackedGame): string => `${writePgn(gameToPgn(game, { server }))}\n`;
    const emit = async (events: readonly Style12ScanEvent[]): Promise<void> => {
      for (const event of events) {
        if (tracker !== undefined) {
          let out = '';
          for (const change of tracker.push(event)) if (change.kind === 'game-left') out += record(change.game);
          if (out !== '') await write(out);
          if (event.kind !== 'error') continue;
        }
        const printed = report(event, label, options, pockets);
        if (printed.failed) failed = true;
        if (printed.out !== '') await write(printed.out);
        if (printed.err !== '') await io.err(printed.err);
      }
    };
    // Only a failure of reading ends a source with status 2; a failure of processing is a bug and propagates.
    const chunks = (file === undefined ? io.stdin() : io.readFile(file))[Symbol.asyncIterator]();
    for (;;) {
      let step: IteratorResult<string | Uint8Array>;
      try {
        step = await chunks.next();
      } catch (e) {
        unreadable = true;
        await io.err(
          `chess-formats: cannot read ${file ?? 'standard input'}: ${e instanceof Error ? e.message : String(e)}\n`,
        );
        break;
      }
      if (step.done === true) break;
      await emit(scanner.push(step.value));
    }
    await emit(scanner.end());
    if (tracker !== undefined) for (const game of tracker.games()) await write(record(game));
  }
}

/** `chess-formats style12`. */
export const STYLE12_COMMAND = defineCommand<Style12CommandOptions>({
  ...STYLE12_SPEC,
  summary: 'read style 12 lines or a raw FICS stream, print their FENs',
  options: style12Options,
  run: runStyle12Command,
});

/**
 * `fen --to style12`: a position as a style 12 line of an isolated position (relation -3, as
 * FICS sends for `sposition`): game 0, players White and Black, no clocks, no last move.
 */
export function toStyle12(setup: Setup): string {
  return writeStyle12(style12FromSetup(setup, { gameNumber: 0, whiteName: 'White', blackName: 'Black', relation: -3 }));
}
