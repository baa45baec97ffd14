import { play, writeSan, type TrackedGame } from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import { createIccDecoder, createIccTracker, datagramId, type IccEvent, type IccGameFacts } from '@chess-formats/icc-dg';
import { parseCommandArgs, type CommandSpec } from './command-args.js';
import type { CommandIo } from './fen-command.js';

export const ICC_HELP = `Usage: chess-formats icc decode [options] [file...]

Reads ICC output (level 0 text, level 1 units, level 2 datagrams) as it came off the socket,
from the files or from standard input, and prints one JSON object a line per event: unit-start,
unit-end, command-start, command-end, datagram, text, overflow, error.

Options:
  --games              print the games followed instead of the events: each game as a JSON
                       line when it ends (and those still open at the end), and tracker errors
  --settings <list>    the level 2 variables the client turned on, as DG names or numbers
                       separated by commas, or as the bits of its level2settings= line
  -h, --help           show this help

Exit status: 0 when the input decodes without an error event, 1 when it has one, 2 on a usage
error or an unreadable file.
`;

export interface IccCommandOptions {
  readonly files: readonly string[];
  readonly games: boolean;
  readonly settings: readonly number[];
}

type IccInvocation =
  | { readonly kind: 'help' }
  | { readonly kind: 'decode'; readonly options: IccCommandOptions }
  | { readonly kind: 'usage-error'; readonly message: string };

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
    if (id === undefined) return `--settings: unknown datagram '${name}'`;
    ids.push(id);
  }
  return ids;
}

const ICC_DECODE_SPEC: CommandSpec = {
  name: 'icc decode',
  help: ICC_HELP,
  flags: ['--games'],
  values: {
    '--settings': (value) => {
      if (value === undefined) return '--settings needs a value';
      const settings = parseSettings(value);
      return typeof settings === 'string' ? settings : undefined;
    },
  },
};

export function parseIccArgs(args: readonly string[]): IccInvocation {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '-h' || sub === '--help' || sub === 'help') return { kind: 'help' };
  if (sub !== 'decode') return { kind: 'usage-error', message: `unknown icc command '${sub}' (expected decode)` };
  const invocation = parseCommandArgs(ICC_DECODE_SPEC, rest);
  if (invocation.kind !== 'run') return invocation;
  const { operands, flags, values } = invocation.args;
  const settings = parseSettings(values.get('--settings') ?? '');
  // Every value was checked as it was read; this only narrows the type.
  if (typeof settings === 'string') return { kind: 'usage-error', message: settings };
  return { kind: 'decode', options: { files: operands, games: flags.has('--games'), settings } };
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

/** Runs `icc ...` (the arguments after `icc`) and returns the exit status. */
export async function runIccCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const invocation = parseIccArgs(args);
  if (invocation.kind === 'help') {
    await io.out(ICC_HELP);
    return 0;
  }
  if (invocation.kind === 'usage-error') {
    await io.err(`chess-formats: ${invocation.message}\n\n${ICC_HELP}`);
    return 2;
  }
  const { files, games, settings } = invocation.options;
  const decoder = createIccDecoder({ settings });
  const tracker = createIccTracker();
  const facts = new Map<number, IccGameFacts>();
  let failed = false;
  const emit = async (events: readonly IccEvent[]): Promise<void> => {
    let out = '';
    for (const event of events) {
      if (event.kind === 'error') failed = true;
      if (!games) {
        out += `${JSON.stringify(event)}\n`;
        continue;
      }
      if (event.kind === 'error') out += `${JSON.stringify(event)}\n`;
      for (const change of tracker.push(event)) {
        if (change.kind === 'game-left') {
          out += `${JSON.stringify(gameJson(change.game, facts.get(change.game.gameNumber)))}\n`;
          facts.delete(change.game.gameNumber);
        } else if (change.kind === 'error') {
          out += `${JSON.stringify({ kind: 'tracker-error', error: change.error })}\n`;
        }
        // A game that leaves takes its ICC facts with it: they are kept here as they change.
        const number = change.kind === 'error' ? change.game?.gameNumber : change.kind === 'game-left' ? undefined : change.game.gameNumber;
        const current = number === undefined ? undefined : tracker.facts(number);
        if (number !== undefined && current) facts.set(number, current);
      }
    }
    if (out !== '') await io.out(out);
  };
  const sources = files.length === 0 ? ['-'] : files;
  for (const file of sources) {
    try {
      for await (const chunk of file === '-' ? io.stdin() : io.readFile(file)) await emit(decoder.push(chunk));
    } catch (error) {
      await io.err(`chess-formats: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
  }
  await emit(decoder.end());
  if (games) for (const game of tracker.games()) await io.out(`${JSON.stringify(gameJson(game, tracker.facts(game.gameNumber)))}\n`);
  return failed ? 1 : 0;
}
