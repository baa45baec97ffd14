import { parseCommandArgs, type CommandSpec } from './command-args.js';

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

/** What help can be asked about: the program, or one of its commands. */
export type HelpTopic = 'main' | 'fen';

export type Invocation =
  | { readonly kind: 'help'; readonly topic: HelpTopic }
  | { readonly kind: 'version' }
  | { readonly kind: 'fen'; readonly options: FenCommandOptions }
  /** `topic`: the usage printed after the message, that of the command being used. */
  | { readonly kind: 'usage-error'; readonly message: string; readonly topic: HelpTopic };

export const MAIN_HELP = `Usage: chess-formats <command> [options]

Commands:
  fen [options] [file...]   read FEN positions, one a line, and print them in canonical form
  fenr [options] [file...]  read FENr (realtime chess) positions, one a line, likewise
  ocpn [options] [file...]  read OCPN (Omega chess) positions, one a line, likewise
  style12 [options] [file...]  read FICS/ICC style 12 lines or a raw FICS stream, print FENs
  connect HOST PORT [GAME]  observe a game on a FICS or ICC server and print its positions
  icc decode [file...]      read ICC output (units, datagrams) and print its events as JSON lines
  convert --to FORMAT [file...]  convert positions between fen, style12, ocpn, fenr, setup-json
  validate [file...]        check that each line is a valid (for FEN, legal) position
  detect [file...]          print the format of each line
  moves [file...]           print the legal moves of positions, or convert moves (--position)
  help [command]            show this help, or the options of a command

Options:
  -h, --help                show this help
  -V, --version             print the version

Run 'chess-formats help <command>' for the options of a command.
`;

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
      return isCastlingStyle(value) ? undefined : `--castling: unknown style '${value}' (expected kqkq, xfen or shredder)`;
    },
    '--to': (value) => (isFenTarget(value) ? undefined : '--to needs fen or style12'),
  },
};

const fenUsageError = (message: string): Invocation => ({ kind: 'usage-error', message, topic: 'fen' });

function parseFenArgs(args: readonly string[]): Invocation {
  const invocation = parseCommandArgs(FEN_SPEC, args);
  if (invocation.kind === 'help') return { kind: 'help', topic: 'fen' };
  if (invocation.kind === 'usage-error') return fenUsageError(invocation.message);
  const { operands, flags, values } = invocation.args;
  const castling = values.get('--castling');
  const to = values.get('--to');
  const json = flags.has('--json');
  if (to === 'style12' && json) return fenUsageError('--to style12 prints style 12 lines, not JSON');
  const options: FenCommandOptions = {
    files: operands,
    board: flags.has('--board'),
    json,
    strict: flags.has('--strict'),
    validate: flags.has('--validate'),
    castling: castling !== undefined && isCastlingStyle(castling) ? castling : undefined,
    ...(isFenTarget(to) ? { to } : {}),
  };
  return { kind: 'fen', options };
}

/** Reads the command line (without the node and script paths). */
export function parseArgs(args: readonly string[]): Invocation {
  const [command, ...rest] = args;
  if (command === undefined) return { kind: 'usage-error', message: 'missing command', topic: 'main' };
  if (command === '-V' || command === '--version') return { kind: 'version' };
  if (command === '-h' || command === '--help') return { kind: 'help', topic: 'main' };
  if (command === 'help') {
    const [about, ...extra] = rest;
    if (about === undefined) return { kind: 'help', topic: 'main' };
    if (extra.length > 0) return { kind: 'usage-error', message: 'help takes one command name', topic: 'main' };
    if (about === 'fen') return { kind: 'help', topic: about };
    return { kind: 'usage-error', message: `no help for unknown command '${about}'`, topic: 'main' };
  }
  if (command === 'fen') return parseFenArgs(rest);
  return { kind: 'usage-error', message: `unknown command '${command}'`, topic: 'main' };
}
