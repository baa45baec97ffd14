import manifest from '../package.json' with { type: 'json' };
import type { Command } from './command.js';
import { connectCommand } from './connect-command.js';
import { processConnectEnvironment } from './connect/process-environment.js';
import { CONVERT_COMMAND } from './convert-command.js';
import { DETECT_COMMAND } from './detect-command.js';
import { FEN_COMMAND, type CommandIo } from './fen-command.js';
import { FENR_COMMAND } from './fenr-command.js';
import { FICS_DECODE_COMMAND } from './fics-command.js';
import { ICC_DECODE_COMMAND } from './icc-command.js';
import { MOVES_COMMAND } from './moves-command.js';
import { OCPN_COMMAND } from './ocpn-command.js';
import { PGN_COMMAND } from './pgn-command.js';
import { guardOutput, OutputFailure, outputFailureStatus } from './output.js';
import { STYLE12_COMMAND } from './style12-command.js';
import { didYouMean } from './suggest.js';
import { VALIDATE_COMMAND } from './validate-command.js';

export type { Command } from './command.js';

/**
 * Every command, in the order the program's help lists them; each is written the one way
 * (`defineCommand`, see CONTRIBUTING.md's "Adding a CLI command").
 */
export const COMMANDS: readonly Command[] = Object.freeze([
  FEN_COMMAND,
  FENR_COMMAND,
  OCPN_COMMAND,
  PGN_COMMAND,
  STYLE12_COMMAND,
  ICC_DECODE_COMMAND,
  FICS_DECODE_COMMAND,
  // connect needs the process's signals and terminal, taken only when it runs.
  connectCommand(processConnectEnvironment),
  CONVERT_COMMAND,
  VALIDATE_COMMAND,
  DETECT_COMMAND,
  MOVES_COMMAND,
]);

/** The rows of the program's help after the commands: `help` itself, then the options. */
const HELP_ROW: readonly [string, string] = ['help [command]', 'show this help, or the options of a command'];
const OPTION_ROWS: readonly (readonly [string, string])[] = [
  ['-h, --help', 'show this help'],
  ['-V, --version', 'print the version'],
];

/** Rows as two columns, the second starting at the same place on every line. */
function columns(rows: readonly (readonly [string, string])[], width: number): string {
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}\n`).join('');
}

function mainHelp(): string {
  const commandRows = [...COMMANDS.map((c): readonly [string, string] => [c.name, c.summary]), HELP_ROW];
  const width = Math.max(...[...commandRows, ...OPTION_ROWS].map(([left]) => left.length));
  return `Usage: chess-formats <command> [options]

Commands:
${columns(commandRows, width)}
Options:
${columns(OPTION_ROWS, width)}
Run 'chess-formats help <command>' for the options of a command.
`;
}

/** The program's help: its commands and options, as `--help` and `help` print it. */
export const MAIN_HELP: string = mainHelp();

/** The version of this program, as published. */
export const VERSION: string = manifest.version;

/** The first word of a command's name: the group of `icc decode` is `icc`. */
const groupOf = (command: Command): string => command.name.split(' ')[0] ?? command.name;

/**
 * What `words` (a command line, or what follows `help`) name: a command and the arguments after
 * its name, or the commands of a group named without one of them (`icc`), or nothing.
 */
type Found =
  | { readonly kind: 'command'; readonly command: Command; readonly rest: readonly string[] }
  | {
      readonly kind: 'group';
      readonly group: string;
      readonly commands: readonly Command[];
      readonly rest: readonly string[];
    }
  | { readonly kind: 'unknown' };

function find(words: readonly string[]): Found {
  const [first, ...rest] = words;
  const inGroup = COMMANDS.filter((c) => groupOf(c) === first);
  const command = inGroup.find((c) => c.name === first || c.name === `${first ?? ''} ${rest[0] ?? ''}`);
  if (command !== undefined) return { kind: 'command', command, rest: words.slice(command.name.split(' ').length) };
  if (first !== undefined && inGroup.length > 0) return { kind: 'group', group: first, commands: inGroup, rest };
  return { kind: 'unknown' };
}

/** The names of a group's commands without the group's: `decode` for `icc decode`. */
const subcommands = (group: string, commands: readonly Command[]): readonly string[] =>
  commands.map((c) => c.name.slice(group.length + 1));

/** The help of a group: that of each of its commands. */
const groupHelp = (commands: readonly Command[]): string => commands.map((c) => c.help).join('\n');

/** The words a command line may start with: each command's first word, and `help`. */
const commandWords = (): readonly string[] => [...new Set(COMMANDS.map(groupOf)), 'help'];

/** Where the program's commands are listed: the line after a usage error that names no command. */
const MAIN_HINT = "Run 'chess-formats --help' for the commands.";

/**
 * A usage error: the message and one line saying where to look (the help itself would bury
 * the message), status 2.
 */
async function usageError(io: CommandIo, message: string, hint: string): Promise<number> {
  await io.err(`chess-formats: ${message}\n${hint}\n`);
  return 2;
}

/** `help [command]`: the program's help, or that of one command (one word or two) or group. */
async function runHelp(args: readonly string[], io: CommandIo): Promise<number> {
  if (args.length === 0) {
    await io.out(MAIN_HELP);
    return 0;
  }
  const found = find(args);
  if (found.kind === 'unknown' || (found.kind === 'group' && found.rest.length > 0)) {
    const suggestion =
      found.kind === 'group'
        ? didYouMean(found.rest[0] ?? '', subcommands(found.group, found.commands)).replace(
            'mean ',
            `mean ${found.group} `,
          )
        : didYouMean(args[0] ?? '', commandWords());
    return usageError(io, `no help for unknown command '${args.join(' ')}'${suggestion}`, MAIN_HINT);
  }
  if (found.rest.length > 0) return usageError(io, 'help takes one command name', MAIN_HINT);
  await io.out(found.kind === 'command' ? found.command.help : groupHelp(found.commands));
  return 0;
}

async function dispatch(args: readonly string[], io: CommandIo): Promise<number> {
  const [first, second] = args;
  if (first === undefined) return usageError(io, 'missing command', MAIN_HINT);
  if (first === '-V' || first === '--version') {
    await io.out(`${VERSION}\n`);
    return 0;
  }
  if (first === '-h' || first === '--help') {
    await io.out(MAIN_HELP);
    return 0;
  }
  if (first === 'help') return runHelp(args.slice(1), io);
  const found = find(args);
  switch (found.kind) {
    case 'command':
      return found.command.run(found.rest, io);
    case 'group': {
      const help = groupHelp(found.commands);
      // `icc --help` asks for the help; `icc` alone or `icc frob` is a command line to correct.
      if (second === '-h' || second === '--help') {
        await io.out(help);
        return 0;
      }
      const names = subcommands(found.group, found.commands);
      const suggestion = didYouMean(second ?? '', names);
      // A close name is the one to give; otherwise the list of the group's commands.
      const message =
        second === undefined
          ? `${found.group} needs a command: ${names.join(', ')}`
          : `unknown ${found.group} command '${second}'${suggestion === '' ? ` (expected ${names.join(', ')})` : suggestion}`;
      return usageError(io, message, `Run 'chess-formats ${found.group} --help' for its commands.`);
    }
    case 'unknown':
      return usageError(io, `unknown command '${first}'${didYouMean(first, commandWords())}`, MAIN_HINT);
  }
}

/**
 * Runs the command line (without the node and script paths) and returns the exit status.
 * Every command writes standard output through one guarded `io.out`; when that fails, the
 * command stops, and `outputFailureStatus` decides the status the same way for every command
 * (a command that has earned a status, lines in error, passes it; the rest earned 0).
 */
export async function main(args: readonly string[], io: CommandIo): Promise<number> {
  try {
    return await dispatch(args, guardOutput(io));
  } catch (error) {
    if (!(error instanceof OutputFailure)) throw error;
    return outputFailureStatus(error, 0, io);
  }
}
