import { err, ok, type Result, type TrackedGame } from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import { createFicsReader, createTimesealPingFilter, movesTableGame, type FicsEvent } from '@chess-formats/fics';
import { gameToPgn, writePgn } from '@chess-formats/pgn';
import {
  createStyle12Tracker,
  holdingsToJson,
  style12ToJson,
  type Style12ScanEvent,
  type Style12TrackerEvent,
  type Style12TrackerInput,
} from '@chess-formats/style12';
import type { CommandArgs, CommandSpec } from './command-args.js';
import { defineCommand, parseInvocation, type Invocation } from './command.js';
import type { CommandIo } from './fen-command.js';
import { gameJson } from './icc-command.js';
import { readSources } from './sources.js';
import { guardOutput, OutputFailure, outputFailureStatus } from './output.js';

export const FICS_HELP = `Usage: chess-formats fics decode [options] [file...]

Reads FICS output as it came off the socket (LF CR line ends, 'fics% ' prompts, BELs, block
mode frames, telnet option bytes, timeseal pings), from the files or from standard input, and
prints one JSON object a line per event of the FICS session reader: board, holdings, seek,
offer, game-info, game-start, game-end, moves, games-row, sought-row, text, error and the rest.

Options:
  --games              print the games followed instead of the events: each game as a JSON
                       line with its PGN when it ends (and those still open at the end, with
                       the result *), and tracker errors
  --pgn                print the games followed as PGN instead, each when it ends (and those
                       still open at the end, with the result *); error events and tracker
                       errors go to standard error as JSON lines
                       With either, a moves listing of a game followed (the client's
                       'moves N' after joining part way) gives the game its earlier moves.
  -h, --help           show this help

Exit status: 0 when the input reads without an error event, 1 when it has one (with --games
or --pgn: or a tracker error), 2 on a usage error, an unreadable file or output that cannot be written.
`;

export interface FicsCommandOptions {
  readonly files: readonly string[];
  readonly games: boolean;
  readonly pgn: boolean;
}

const FICS_DECODE_SPEC: CommandSpec = {
  name: 'fics decode',
  help: FICS_HELP,
  flags: ['--games', '--pgn'],
  values: {},
};

/** The options of `fics decode` from its arguments, or a usage error. */
function ficsOptions({ operands, flags }: CommandArgs): Result<FicsCommandOptions, string> {
  if (flags.has('--games') && flags.has('--pgn')) return err('--games and --pgn cannot go together');
  return ok({ files: operands, games: flags.has('--games'), pgn: flags.has('--pgn') });
}

/** Reads the arguments after `fics decode`. */
export function parseFicsArgs(args: readonly string[]): Invocation<FicsCommandOptions> {
  return parseInvocation({ ...FICS_DECODE_SPEC, options: ficsOptions }, args);
}

/** `chess-formats fics decode`. */
export const FICS_DECODE_COMMAND = defineCommand<FicsCommandOptions>({
  ...FICS_DECODE_SPEC,
  summary: 'read FICS output (boards, seeks), print its events as JSON',
  options: ficsOptions,
  run: decode,
});

/** Runs `fics decode` (the arguments after it) and returns the exit status. */
export const runFicsCommand = FICS_DECODE_COMMAND.run;

/**
 * An event as JSON: a board with its FEN and the record in the style12 package's JSON form,
 * holdings likewise (a record holds a board that JSON.stringify would not write as one);
 * every other event as it is.
 */
export function ficsEventJson(event: FicsEvent): unknown {
  switch (event.kind) {
    case 'board':
      return { ...event, fen: writeFen(event.record.setup), record: style12ToJson(event.record) };
    case 'holdings':
      return { ...event, holdings: holdingsToJson(event.holdings) };
    case 'moves': {
      const { start } = event.table;
      return start === undefined ? event : { ...event, table: { ...event.table, start: style12ToJson(start) } };
    }
    default:
      return event;
  }
}

/**
 * What the style12 tracker takes of an event: boards and holdings as they are, and each line
 * the reader typed (a game notice, `Creating:`, `<g1>`, an observe header ...) as the text line
 * it was, since the tracker reads the players' ratings, the game's type and its end from text.
 */
export function trackerInput(event: FicsEvent): Style12TrackerInput | undefined {
  switch (event.kind) {
    case 'board':
    case 'holdings':
    case 'text':
      return event;
    case 'error':
    case 'unit-start':
    case 'unit-end':
    case 'moves':
      return undefined;
    default:
      return { kind: 'text', text: event.line } as Style12ScanEvent;
  }
}

/** Telnet's "interpret as command" byte, and the commands that take an option byte after them. */
const IAC = 0xff;
const SB = 0xfa;
const SE = 0xf0;
const WILL = 0xfb;
const DONT = 0xfe;

/**
 * A capture's bytes made into what the server meant: telnet negotiation taken out (`IAC WILL
 * ECHO` around a password prompt, `IAC IAC` kept as one byte 0xff), and the timeseal pings
 * (`[G]` with LF CR, version 1, or with NUL, version 2) the server slips between its lines.
 * The pings are removed on the bytes read as Latin-1, one character a byte, so that the
 * reader decodes the rest as it would the plain bytes.
 */
export interface CaptureCleaner {
  push(chunk: string | Uint8Array): string | Uint8Array;
  end(): string | Uint8Array;
}

export function createCaptureCleaner(): CaptureCleaner {
  const pings = [createTimesealPingFilter(1), createTimesealPingFilter(2)] as const;
  /** Where in a telnet command the last chunk ended: 0 outside one. */
  let telnet: 'none' | 'iac' | 'option' | 'sub' | 'sub-iac' = 'none';
  let bytes = false;
  const stripTelnet = (chunk: Uint8Array): Uint8Array => {
    const out = new Uint8Array(chunk.length);
    let n = 0;
    for (const byte of chunk) {
      switch (telnet) {
        case 'none':
          if (byte === IAC) telnet = 'iac';
          else out[n++] = byte;
          break;
        case 'iac':
          if (byte === IAC) {
            out[n++] = byte;
            telnet = 'none';
          } else if (byte === SB) telnet = 'sub';
          else if (byte >= WILL && byte <= DONT) telnet = 'option';
          else telnet = 'none';
          break;
        case 'option':
          telnet = 'none';
          break;
        case 'sub':
          if (byte === IAC) telnet = 'sub-iac';
          break;
        case 'sub-iac':
          telnet = byte === SE ? 'none' : 'sub';
          break;
      }
    }
    return out.subarray(0, n);
  };
  const filter = (text: string, end: boolean): string => {
    let out = text;
    for (const ping of pings) {
      const pushed = ping.push(out);
      out = end ? pushed.text + ping.end().text : pushed.text;
    }
    return out;
  };
  const latin1 = (chunk: Uint8Array): string =>
    Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).toString('latin1');
  const back = (text: string): string | Uint8Array => (bytes ? Uint8Array.from(Buffer.from(text, 'latin1')) : text);
  return {
    push(chunk) {
      if (typeof chunk === 'string') return filter(chunk, false);
      bytes = true;
      return back(filter(latin1(stripTelnet(chunk)), false));
    },
    end: () => back(filter('', true)),
  };
}

/** `fics decode` with its options: returns the exit status. */
async function decode(options: FicsCommandOptions, io: CommandIo): Promise<number> {
  const { files, games: gamesAsJson, pgn } = options;
  const games = gamesAsJson || pgn;
  const toPgn = (game: TrackedGame): string => writePgn(gameToPgn(game, { server: 'FICS' }));
  const record = (game: TrackedGame): string =>
    pgn ? `${toPgn(game)}\n` : `${JSON.stringify({ ...gameJson(game), pgn: toPgn(game) })}\n`;
  // PGN on standard output stays PGN: what is not a game goes to standard error.
  const problem = async (line: string): Promise<string> => {
    if (!pgn) return line;
    await io.err(line);
    return '';
  };
  const { out: write } = guardOutput(io);
  const cleaner = createCaptureCleaner();
  const reader = createFicsReader();
  const tracker = createStyle12Tracker();
  let failed = false;
  const emit = async (events: readonly FicsEvent[]): Promise<void> => {
    let out = '';
    for (const event of events) {
      if (event.kind === 'error') failed = true;
      if (!games) {
        out += `${JSON.stringify(ficsEventJson(event))}\n`;
        continue;
      }
      if (event.kind === 'error') out += await problem(`${JSON.stringify(event)}\n`);
      let changes: readonly Style12TrackerEvent[] = [];
      if (event.kind === 'moves') {
        // The listing of a game followed is its history (a client asks for it after joining a
        // game part way): the game printed starts from its first move, as the client keeps it.
        const listed = tracker.game(event.table.gameNumber) === undefined ? undefined : movesTableGame(event.table);
        if (listed?.ok === true) changes = tracker.adopt(listed.value);
      } else {
        const input = trackerInput(event);
        if (input === undefined) continue;
        changes = tracker.push(input);
      }
      for (const change of changes) {
        if (change.kind === 'game-left') {
          out += record(change.game);
        } else if (change.kind === 'error') {
          // A move the tracker could not follow makes the game printed wrong: the exit table says 1.
          failed = true;
          out += await problem(
            `${JSON.stringify({ kind: 'tracker-error', game: change.game.gameNumber, error: change.error })}\n`,
          );
        }
      }
    }
    if (out !== '') await write(out);
  };
  try {
    const read = await readSources(files, io, async (chunk) => {
      await emit(reader.push(cleaner.push(chunk)));
    });
    if (!read) return 2;
    await emit([...reader.push(cleaner.end()), ...reader.end()]);
    // Games still open at the end (a capture cut in the middle of a game) come last, result *.
    if (games) for (const game of tracker.games()) await write(record(game));
  } catch (error) {
    if (!(error instanceof OutputFailure)) throw error;
    return outputFailureStatus(error, failed ? 1 : 0, io);
  }
  return failed ? 1 : 0;
}
