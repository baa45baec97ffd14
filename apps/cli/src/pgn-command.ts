import { ok, type Setup } from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import { writeOcpn } from '@chess-formats/ocpn';
import { createPgnReader, mainline, type PgnEvent, type PgnGame } from '@chess-formats/pgn';
import { printable } from './caret.js';
import type { CommandSpec } from './command-args.js';
import { defineCommand } from './command.js';
import type { CommandIo } from './fen-command.js';
import { guardOutput, OutputFailure, outputFailureStatus } from './output.js';

export const PGN_HELP = `Usage: chess-formats pgn [options] [file...]

Reads PGN games from the files, or from standard input when no file (or '-') is given, as a
stream: a file of any size is read in bounded memory. Every game is checked (its tags, every
move of every line replayed); a broken game is reported on standard error with its line,
column and error code, and reading goes on with the next game. Prints how many games were
read, and how many of them are broken.

Options:
  --tags      print the tags of each game instead (as PGN tag pairs; a blank line after each game)
  --fens      print the FEN after each move of each game's main line instead (a blank line
              after each game; Omega chess as OCPN)
  --json      print one JSON object a line instead: {file?, game, ok: true, tags, plies,
              result, fen} or {file?, game, ok: false, error} for each game; with --fens
              also {file?, game, ply, san, fen} for each move before its game's line
  -h, --help  show this help

Examples:
  chess-formats pgn games.pgn
  chess-formats pgn --tags games.pgn
  chess-formats pgn --json --fens games.pgn

Exit status: 0 when every game reads, 1 when one does not, 2 on a usage error, an unreadable
file or output that cannot be written.
`;

export interface PgnCommandOptions {
  readonly files: readonly string[];
  readonly tags: boolean;
  readonly fens: boolean;
  readonly json: boolean;
}

export const PGN_SPEC: CommandSpec = { name: 'pgn', help: PGN_HELP, flags: ['--tags', '--fens', '--json'], values: {} };

const positionText = (setup: Setup): string =>
  setup.board.geometry.name === 'omega' ? writeOcpn(setup) : writeFen(setup);

const tagPairs = (game: PgnGame): string =>
  [...game.tags].map(([name, value]) => `[${name} "${value.replace(/[\\"]/g, '\\$&')}"]\n`).join('');

/** What one game prints, by the options. */
function gameOutput(
  game: PgnGame,
  where: { readonly file?: string; readonly game: number },
  options: PgnCommandOptions,
): string {
  if (!options.json) {
    if (options.fens) {
      let out = '';
      for (const step of mainline(game)) out += `${positionText(step.after)}\n`;
      return `${out}\n`;
    }
    return options.tags ? `${tagPairs(game)}\n` : '';
  }
  let out = '';
  let plies = 0;
  let last = game.setup;
  for (const step of mainline(game)) {
    plies++;
    last = step.after;
    if (options.fens)
      out += `${JSON.stringify({ ...where, ply: plies, san: step.node.san, fen: positionText(step.after) })}\n`;
  }
  return `${out}${JSON.stringify({ ...where, ok: true, tags: Object.fromEntries(game.tags), plies, result: game.result, fen: positionText(last) })}\n`;
}

/** `chess-formats pgn`: every game of every source through the PGN reader. */
export const PGN_COMMAND = defineCommand<PgnCommandOptions>({
  ...PGN_SPEC,
  summary: 'check PGN games (a stream of any size), list tags or FENs',
  options: ({ operands, flags }) =>
    ok({ files: operands, tags: flags.has('--tags'), fens: flags.has('--fens'), json: flags.has('--json') }),
  run: runPgnCommand,
});

/** `chess-formats pgn` with its options: returns the exit status. */
async function runPgnCommand(options: PgnCommandOptions, io: CommandIo): Promise<number> {
  const { out: write } = guardOutput(io);
  let games = 0;
  let broken = 0;
  let unreadable = false;
  try {
    for (const source of options.files.length === 0 ? ['-'] : options.files) {
      const file = source === '-' ? undefined : source;
      const reader = createPgnReader();
      let number = 0;
      const emit = async (events: readonly PgnEvent[]): Promise<void> => {
        let out = '';
        for (const event of events) {
          number++;
          games++;
          const where = file === undefined ? { game: number } : { file, game: number };
          if (event.kind === 'game') {
            out += gameOutput(event.game, where, options);
            continue;
          }
          broken++;
          const { error } = event;
          if (options.json) out += `${JSON.stringify({ ...where, ok: false, error })}\n`;
          else {
            const place = `${file === undefined ? '' : `${printable(file)}:`}${error.line}:${error.column}`;
            await io.err(`${place}: game ${number}: error[${error.code}] ${printable(error.message)}\n`);
          }
        }
        if (out !== '') await write(out);
      };
      const chunks = (file === undefined ? io.stdin() : io.readFile(file))[Symbol.asyncIterator]();
      for (;;) {
        let step: IteratorResult<string | Uint8Array>;
        try {
          step = await chunks.next();
        } catch (error) {
          unreadable = true;
          await io.err(
            `chess-formats: cannot read ${file === undefined ? 'standard input' : printable(file)}: ${printable(error instanceof Error ? error.message : String(error))}\n`,
          );
          break;
        }
        if (step.done === true) break;
        await emit(reader.push(step.value));
      }
      await emit(reader.end());
    }
    if (!options.json && !options.tags && !options.fens)
      await write(`${games} ${games === 1 ? 'game' : 'games'}, ${broken} broken\n`);
  } catch (error) {
    if (!(error instanceof OutputFailure)) throw error;
    return outputFailureStatus(error, unreadable ? 2 : broken > 0 ? 1 : 0, io);
  }
  return unreadable ? 2 : broken > 0 ? 1 : 0;
}
