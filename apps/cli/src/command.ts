import type { Result } from '@chess-formats/board-core';
import { parseCommandArgs, type CommandArgs, type CommandSpec } from './command-args.js';
import type { CommandIo } from './line-command.js';

/** One command of the program: what `help` lists, what `help <name>` prints, and how it runs. */
export interface Command {
  /** One word, or two for a command of a group (`icc decode`: the group `icc`). */
  readonly name: string;
  /** Its line in the program's help. */
  readonly summary: string;
  /** What `help <name>` and `<name> --help` print. */
  readonly help: string;
  /** Runs the command on the arguments after its name and returns the exit status. */
  readonly run: (args: readonly string[], io: CommandIo) => Promise<number>;
}

/** What the arguments after a command's name ask for: its help, a run with its options, or a usage error. */
export type Invocation<Options> =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly options: Options }
  | { readonly kind: 'usage-error'; readonly message: string };

/**
 * A command, written the one way every command is: its name, summary and help; the options it
 * takes (`CommandSpec`: flags, and options with a value and how each value is checked); how
 * the arguments read become its `Options` (or a usage error, for combinations the spec cannot
 * refuse alone); and `run`, which does the work and returns the exit status. `defineCommand`
 * turns it into the `Command` that `main` lists.
 */
export interface CommandDefinition<Options> extends CommandSpec {
  /** Its line in the program's help. */
  readonly summary: string;
  /** The command's options from the arguments read, or the message of a usage error. */
  readonly options: (args: CommandArgs) => Result<Options, string>;
  /** Does the work; returns the exit status. */
  readonly run: (options: Options, io: CommandIo) => Promise<number>;
  /** What a usage error starts with (default `chess-formats`). */
  readonly usagePrefix?: string;
}

/** A command as `main` lists it, and how it reads its arguments (for its tests). */
export interface DefinedCommand<Options> extends Command {
  /** What the arguments after the command's name ask for. */
  readonly parse: (args: readonly string[]) => Invocation<Options>;
}

/** Exit status of a usage error (every command's). */
const USAGE = 2;

/**
 * The line after a usage error's message: where the command's options are. The help itself is
 * not printed: 26 lines would bury the one that says what was wrong.
 */
export const helpHint = (name: string): string => `Run 'chess-formats ${name} --help' for its options.`;

/** What the arguments after a command's name ask for, read by its spec and turned into its options. */
export function parseInvocation<Options>(
  definition: CommandSpec & Pick<CommandDefinition<Options>, 'options'>,
  args: readonly string[],
): Invocation<Options> {
  const invocation = parseCommandArgs(definition, args);
  if (invocation.kind !== 'run') return invocation;
  const options = definition.options(invocation.args);
  return options.ok ? { kind: 'run', options: options.value } : { kind: 'usage-error', message: options.error };
}

/**
 * The `Command` of a definition: `--help` prints its help (status 0); a usage error prints the
 * message (with the nearest option or value when one is close) and a line saying how to see the
 * help on standard error (status 2); otherwise it runs with its options.
 */
export function defineCommand<Options>(definition: CommandDefinition<Options>): DefinedCommand<Options> {
  const parse = (args: readonly string[]): Invocation<Options> => parseInvocation(definition, args);
  return {
    name: definition.name,
    summary: definition.summary,
    help: definition.help,
    parse,
    async run(args, io) {
      const invocation = parse(args);
      switch (invocation.kind) {
        case 'help':
          await io.out(definition.help);
          return 0;
        case 'usage-error':
          await io.err(
            `${definition.usagePrefix ?? 'chess-formats'}: ${invocation.message}\n${helpHint(definition.name)}\n`,
          );
          return USAGE;
        case 'run':
          return definition.run(invocation.options, io);
      }
    },
  };
}

/**
 * `text` wrapped at spaces into lines of at most `width` characters counted from the start of
 * the line, each line after the first starting with `indent` (and the first placed after as
 * much): for help texts that list what the one list of formats holds.
 */
export function wrapWords(text: string, width: number, indent = ''): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${indent}`);
}
