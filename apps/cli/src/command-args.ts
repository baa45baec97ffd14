import { didYouMean } from './suggest.js';

/**
 * Checks each value given to an option (`undefined` when the option ends the arguments) and
 * returns the message of the usage error to report, or `undefined` to accept the value.
 */
export type ValueCheck = (value: string | undefined) => string | undefined;

/**
 * The options a subcommand takes: `flags` take no value, `values` take one (`--to fen` or
 * `--to=fen`), checked against the allowed list or by the check function when there is one.
 */
export interface CommandSpec {
  readonly name: string;
  readonly help: string;
  readonly flags: readonly string[];
  readonly values: Readonly<Record<string, readonly string[] | 'any' | ValueCheck>>;
}

/** The arguments of a subcommand: operands, the flags given and the last value of each option. */
export interface CommandArgs {
  readonly operands: readonly string[];
  readonly flags: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, string>;
  /** Every value of each option, in order, for options that may be given more than once. */
  readonly lists: ReadonlyMap<string, readonly string[]>;
}

export type CommandInvocation =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly args: CommandArgs }
  | { readonly kind: 'usage-error'; readonly message: string };

function has(record: Readonly<Record<string, unknown>>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/**
 * Reads the arguments after the subcommand's name; `--` ends the options, `-` is an operand.
 * An unknown option or value names the nearest known one when one is close (`nearest`).
 */
export function parseCommandArgs(spec: CommandSpec, args: readonly string[]): CommandInvocation {
  const operands: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const keep = (name: string, value: string): void => {
    values.set(name, value);
    lists.set(name, [...(lists.get(name) ?? []), value]);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      operands.push(arg);
      continue;
    }
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    const equals = arg.indexOf('=');
    const name = equals === -1 ? arg : arg.slice(0, equals);
    if (spec.flags.includes(name)) {
      if (equals !== -1) return { kind: 'usage-error', message: `option '${name}' takes no value` };
      flags.add(name);
      continue;
    }
    if (!has(spec.values, name)) {
      const names = [...spec.flags, ...Object.keys(spec.values), '--help'];
      return { kind: 'usage-error', message: `unknown option '${arg}' for ${spec.name}${didYouMean(name, names)}` };
    }
    const allowed = spec.values[name];
    const value = equals === -1 ? args[++i] : arg.slice(equals + 1);
    if (typeof allowed === 'function') {
      const message = allowed(value);
      if (message !== undefined) return { kind: 'usage-error', message };
      if (value !== undefined) keep(name, value);
      continue;
    }
    const choices = allowed === 'any' || allowed === undefined ? undefined : allowed;
    if (value === undefined) {
      return { kind: 'usage-error', message: `${name} needs a value${choices ? `: ${choices.join(', ')}` : ''}` };
    }
    if (choices && !choices.includes(value)) {
      const message = `${name}: unknown value '${value}' (expected ${choices.join(', ')})${didYouMean(value, choices)}`;
      return { kind: 'usage-error', message };
    }
    keep(name, value);
  }
  return { kind: 'run', args: { operands, flags, values, lists } };
}
