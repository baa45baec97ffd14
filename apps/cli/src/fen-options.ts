import { err, ok, type Result } from '@chess-formats/board-core';
import type { CommandArgs, CommandSpec } from './command-args.js';
import { parseInvocation, type Invocation } from './command.js';
import { didYouMean } from './suggest.js';

/** How `fen` writes castling rights (see the fen package's write options). */
export const CASTLING_STYLES = ['kqkq', 'xfen', 'shredder'] as const;
export type CastlingStyle = (typeof CASTLING_STYLES)[number];

export interface FenCommandOptions {
  readonly files: readonly string[];
  readonly board: boolean;
  readonly json: boolean;
  readonly strict: boolean;
  readonly validate: boolean;
  readonly castling: CastlingStyle | undefined;
  /** `style12`: print each position as a style 12 line instead of a FEN. */
  readonly to?: 'fen' | 'style12';
}

/** What the arguments after `fen` ask for. */
export type FenInvocation = Invocation<FenCommandOptions>;

export const FEN_HELP = `Usage: chess-formats fen [options] [file...]

Reads one FEN a line from the files, or from standard input when no file (or '-') is given,
and prints the canonical FEN of each line. A line that is not a valid FEN is shown with a
caret under the offending character and its error code. Blank lines are skipped.

Options:
  --board              print a diagram of the board after each position
  --json               print one JSON object a line: {line, input, ok, fen, setup} or
                       {line, input, ok: false, error}
  --strict             require all six fields and canonical spelling
  --castling <style>   write castling rights as kqkq (default), xfen or shredder
  --validate           also check that each position is legal and report its problems
  --to <fen|style12>   print each position as a FEN (default) or as a style 12 line
  -h, --help           show this help

Exit status: 0 when every line is a valid FEN (and legal, with --validate), 1 when any line
is not, 2 on a usage error or an unreadable file.
`;

function isCastlingStyle(value: string): value is CastlingStyle {
  return (CASTLING_STYLES as readonly string[]).includes(value);
}

const isFenTarget = (value: string | undefined): value is 'fen' | 'style12' => value === 'fen' || value === 'style12';

export const FEN_SPEC: CommandSpec = {
  name: 'fen',
  help: FEN_HELP,
  flags: ['--board', '--json', '--strict', '--validate'],
  values: {
    '--castling': (value) => {
      if (value === undefined) return '--castling needs a value: kqkq, xfen or shredder';
      return isCastlingStyle(value)
        ? undefined
        : `--castling: unknown style '${value}' (expected kqkq, xfen or shredder)${didYouMean(value, CASTLING_STYLES)}`;
    },
    '--to': (value) =>
      isFenTarget(value) ? undefined : `--to needs fen or style12${didYouMean(value ?? '', ['fen', 'style12'])}`,
  },
};

/** The options of `fen` from its arguments, or a usage error. */
export function fenOptions({ operands, flags, values }: CommandArgs): Result<FenCommandOptions, string> {
  const castling = values.get('--castling');
  const to = values.get('--to');
  const json = flags.has('--json');
  if (to === 'style12' && json) return err('--to style12 prints style 12 lines, not JSON');
  return ok({
    files: operands,
    board: flags.has('--board'),
    json,
    strict: flags.has('--strict'),
    validate: flags.has('--validate'),
    castling: castling !== undefined && isCastlingStyle(castling) ? castling : undefined,
    ...(isFenTarget(to) ? { to } : {}),
  });
}

/** Reads the arguments after `fen`. */
export function parseFenArgs(args: readonly string[]): FenInvocation {
  return parseInvocation({ ...FEN_SPEC, options: fenOptions }, args);
}
