import { err, ok, play, writeSan, type Result, type TrackedGame } from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import {
  createIccDecoder,
  createIccTracker,
  DG_SCHEMA,
  datagramId,
  inferMoveSettings,
  type IccDecoder,
  type IccEvent,
  type RawMoveDatagram,
  type IccGameFacts,
} from '@chess-formats/icc-dg';
import { gameToPgn, writePgn } from '@chess-formats/pgn';
import type { CommandArgs, CommandSpec } from './command-args.js';
import { defineCommand, parseInvocation, type Invocation } from './command.js';
import { didYouMean } from './suggest.js';
import type { CommandIo } from './fen-command.js';
import { readSources } from './sources.js';
import { guardOutput, OutputFailure, outputFailureStatus } from './output.js';

export const ICC_HELP = `Usage: chess-formats icc decode [options] [file...]

Reads ICC output (level 0 text, level 1 units, level 2 datagrams) as it came off the socket,
from the files or from standard input, and prints one JSON object a line per event: unit-start,
unit-end, command-start, command-end, datagram, text, overflow, error.

Options:
  --games              print the games followed instead of the events: each game as a JSON
                       line when it ends (and those still open at the end), and tracker errors
  --pgn                print the games followed as PGN instead, each when it ends (and those
                       still open at the end, with the result *); error events and tracker
                       errors go to standard error as JSON lines
  --settings <list>    the level 2 variables the client turned on, as DG names or numbers
                       separated by commas, or as the bits of its level2settings= line;
                       without it, the move fields (DG_MOVE_ALGEBRAIC, DG_MOVE_SMITH,
                       DG_MOVE_TIME, DG_MOVE_CLOCK, DG_IS_VARIATION) are inferred from the
                       first move datagrams, and standard error says which
  -h, --help           show this help

Exit status: 0 when the input decodes without an error event, 1 when it has one (with --games
or --pgn: or a tracker error), 2 on a usage error, an unreadable file or output that cannot be written.
`;

export interface IccCommandOptions {
  readonly files: readonly string[];
  readonly games: boolean;
  readonly pgn: boolean;
  /** The level 2 variables given with `--settings`; `undefined` without it: the move ones are inferred. */
  readonly settings: readonly number[] | undefined;
}

/** Every datagram's name, for the nearest one to a mistyped name. */
const DATAGRAM_NAMES: readonly string[] = Object.values(DG_SCHEMA).map(([name]) => name);

/** `--settings`: `DG_SEND_MOVES,34` or a level2settings bit string (`1001...`, leftmost DG 0). */
export function parseSettings(value: string): readonly number[] | string {
  if (/^[01]+$/.test(value) && value.length > 3) {
    return [...value].flatMap((bit, id) => (bit === '1' ? [id] : []));
  }
  const ids: number[] = [];
  for (const item of value.split(',')) {
    const name = item.trim();
    if (name === '') continue;
    const id = /^[0-9]{1,3}$/.test(name) ? Number(name) : datagramId(name.toUpperCase());
    if (id === undefined)
      return `--settings: unknown datagram '${name}'${didYouMean(name.toUpperCase(), DATAGRAM_NAMES)}`;
    ids.push(id);
  }
  return ids;
}

const ICC_DECODE_SPEC: CommandSpec = {
  name: 'icc decode',
  help: ICC_HELP,
  flags: ['--games', '--pgn'],
  values: {
    '--settings': (value) => {
      if (value === undefined) return '--settings needs a value';
      const settings = parseSettings(value);
      return typeof settings === 'string' ? settings : undefined;
    },
  },
};

/** The options of `icc decode` from its arguments, or a usage error. */
function iccOptions({ operands, flags, values }: CommandArgs): Result<IccCommandOptions, string> {
  const given = values.get('--settings');
  const settings = given === undefined ? undefined : parseSettings(given);
  // Every value was checked as it was read; this only narrows the type.
  if (typeof settings === 'string') return err(settings);
  if (flags.has('--games') && flags.has('--pgn')) return err('--games and --pgn cannot go together');
  return ok({ files: operands, games: flags.has('--games'), pgn: flags.has('--pgn'), settings });
}

/** Reads the arguments after `icc decode`. */
export function parseIccArgs(args: readonly string[]): Invocation<IccCommandOptions> {
  return parseInvocation({ ...ICC_DECODE_SPEC, options: iccOptions }, args);
}

/** The JSON line of a game: players, result and reason, the current FEN, the moves in SAN and the clocks. */
export function gameJson(game: TrackedGame, facts?: IccGameFacts): Record<string, unknown> {
  let before = game.initial;
  const san = game.moves.map(({ move }) => {
    const text = writeSan(before, move);
    before = play(before, move);
    return text;
  });
  return {
    game: game.gameNumber,
    white: game.white,
    black: game.black,
    relation: game.relation,
    initialFen: writeFen(game.initial),
    fen: writeFen(game.setup),
    moves: san,
    clocks: game.clocks,
    ...(facts ? { inStep: facts.inStep } : {}),
    ...(game.result ? { result: game.result, reason: game.reason } : {}),
  };
}

/** `chess-formats icc decode`. */
export const ICC_DECODE_COMMAND = defineCommand<IccCommandOptions>({
  ...ICC_DECODE_SPEC,
  summary: 'read ICC output (units, datagrams), print its events as JSON',
  options: iccOptions,
  run: decode,
});

/** Runs `icc decode` (the arguments after it) and returns the exit status. */
export const runIccCommand = ICC_DECODE_COMMAND.run;

/** `icc decode` with its options: returns the exit status. */
async function decode(options: IccCommandOptions, io: CommandIo): Promise<number> {
  const { files, games: gamesAsJson, pgn, settings } = options;
  const games = gamesAsJson || pgn;
  // As a game record: the tags ICC sent, the moves with their clocks (see gameToPgn).
  const record = (game: TrackedGame, facts?: IccGameFacts): string =>
    pgn ? `${writePgn(gameToPgn(game, { server: 'ICC' }))}\n` : `${JSON.stringify(gameJson(game, facts))}\n`;
  // PGN on standard output stays PGN: what is not a game goes to standard error.
  const problem = async (line: string): Promise<string> => {
    if (!pgn) return line;
    await io.err(line);
    return '';
  };
  const { out: write } = guardOutput(io);
  let decoder: IccDecoder | undefined = settings === undefined ? undefined : createIccDecoder({ settings });
  const inference = settings === undefined ? createInference() : undefined;
  const tracker = createIccTracker();
  let failed = false;
  const emit = async (events: readonly IccEvent[]): Promise<void> => {
    let out = '';
    for (const event of events) {
      if (event.kind === 'error') failed = true;
      if (!games) {
        out += `${JSON.stringify(event)}\n`;
        continue;
      }
      if (event.kind === 'error') out += await problem(`${JSON.stringify(event)}\n`);
      for (const change of tracker.push(event)) {
        if (change.kind === 'game-left') {
          out += record(change.game, change.facts);
        } else if (change.kind === 'error') {
          // A game the tracker lost is as wrong as a datagram the decoder could not read: the exit table says 1.
          failed = true;
          out += await problem(`${JSON.stringify({ kind: 'tracker-error', error: change.error })}\n`);
        }
      }
    }
    if (out !== '') await write(out);
  };
  try {
    const read = await readSources(files, io, async (chunk) => {
      if (decoder !== undefined) await emit(decoder.push(chunk));
      else if (inference?.hold(chunk) === true) decoder = await settle(inference, io, emit);
    });
    if (!read) return 2;
    if (decoder === undefined && inference !== undefined) {
      inference.end();
      decoder = await settle(inference, io, emit);
    }
    await emit(decoder?.end() ?? []);
    if (games) for (const game of tracker.games()) await write(record(game, tracker.facts(game.gameNumber)));
  } catch (error) {
    if (!(error instanceof OutputFailure)) throw error;
    return outputFailureStatus(error, failed ? 1 : 0, io);
  }
  return failed ? 1 : 0;
}

/** The datagrams that carry moves whose parts the move variables turn on. */
const MOVE_DATAGRAMS: ReadonlySet<number | undefined> = new Set(
  (['DG_SEND_MOVES', 'DG_MOVE_LIST', 'DG_PAST_MOVE', 'DG_CORRESPONDENCE_MOVE'] as const).map((name) =>
    datagramId(name),
  ),
);

/**
 * Enough move datagrams to infer the move settings from: a shape that most of them share is
 * not a chance, and the first moves of a capture come early.
 */
const INFER_MOVES = 16;
/** Input held back while inferring, at most (characters or bytes): past it, infer from what was seen. */
const INFER_HOLD = 1 << 20;

/**
 * Decoding without `--settings`: the input is held back and read by a decoder without settings
 * until enough move datagrams were seen to infer the move variables from them, then replayed
 * into the decoder with the inferred settings.
 */
interface Inference {
  /** Holds a chunk; `true` when enough was seen to infer. */
  hold(chunk: string | Uint8Array): boolean;
  /** The end of the input: what the probe still held is seen. */
  end(): void;
  readonly held: readonly (string | Uint8Array)[];
  readonly moves: readonly RawMoveDatagram[];
}

function createInference(): Inference {
  const probe = createIccDecoder();
  const held: (string | Uint8Array)[] = [];
  const moves: RawMoveDatagram[] = [];
  let size = 0;
  const see = (events: readonly IccEvent[]): void => {
    for (const event of events) {
      if (event.kind === 'datagram' && MOVE_DATAGRAMS.has(event.datagram.id)) {
        moves.push({ id: event.datagram.id, args: event.datagram.args });
      }
    }
  };
  return {
    held,
    moves,
    hold(chunk) {
      held.push(chunk);
      size += chunk.length;
      see(probe.push(chunk));
      return moves.length >= INFER_MOVES || size >= INFER_HOLD;
    },
    end() {
      see(probe.end());
    },
  };
}

/** Infers the move settings, says so on standard error, and replays what was held into the decoder they make. */
async function settle(
  inference: Inference,
  io: CommandIo,
  emit: (events: readonly IccEvent[]) => Promise<void>,
): Promise<IccDecoder> {
  const inferred = inferMoveSettings(inference.moves);
  if (inferred !== undefined) {
    await io.err(`chess-formats: no --settings: inferred ${inferred.settings.join(', ')} from the move datagrams\n`);
  } else if (inference.moves.length > 0) {
    await io.err('chess-formats: no --settings, and the move datagrams do not tell their fields: give --settings\n');
  }
  const decoder = createIccDecoder({ settings: inferred?.settings ?? [] });
  for (const chunk of inference.held) await emit(decoder.push(chunk));
  return decoder;
}
