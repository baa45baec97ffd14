/**
 * What a client sends to turn the formats on (formats2.txt, section 2, and section 3 on the
 * backquote tag). Writers: they take valid values and throw a `TypeError` otherwise.
 */
import { settingBits, type SettingNames } from './settings.js';

/**
 * The bits for the `level2settings=` login line: the leftmost bit is DG 0 (the spec: "The
 * leftmost bit becomes your level2setting[0]"), up to the highest one that is on.
 * `'level2settings=' + level2Settings(['DG_MY_GAME_STARTED', 'DG_SEND_MOVES'])`.
 */
export function level2Settings(names: SettingNames): string {
  const bits = settingBits(names);
  const last = bits.lastIndexOf(1);
  let out = '';
  for (let i = 0; i <= last; i++) out += bits[i] === 1 ? '1' : '0';
  return out === '' ? '0' : out;
}

/** One `set-2 <number> <0|1>` command per variable, in number order (section 2). */
export function set2Commands(names: SettingNames, on = true): string[] {
  const bits = settingBits(names);
  const out: string[] = [];
  bits.forEach((bit, id) => {
    if (bit === 1) out.push(`set-2 ${String(id)} ${on ? '1' : '0'}`);
  });
  return out;
}

/** The level 1 bits for `level1Value`: how the server frames the output of each command. */
export interface Level1Options {
  /** Bit 1: bracket every unit with `^Y[ ... ^Y]` and drop the prompt. */
  readonly units?: boolean;
  /** Bit 2: `^Y<` when the server starts your command, `^Y>` when it is done. */
  readonly commandDelimiters?: boolean;
  /** Bit 4: echo the backquote tag of a command in its unit header (needs `units`). */
  readonly tags?: boolean;
  /** Bit 8: `*` (you) or `%` (someone else) in the header instead of the issuer's name. */
  readonly anonymousIssuer?: boolean;
}

/** The value for `set level1 N` or the `level1=N` login line (0-15; section 2, section 3). */
export function level1Value(options: Level1Options): number {
  return (
    (options.units ? 1 : 0) |
    (options.commandDelimiters ? 2 : 0) |
    (options.tags ? 4 : 0) |
    (options.anonymousIssuer ? 8 : 0)
  );
}

/**
 * A command with a backquote tag, `` `tag`command ``: with level1 & 5 the server echoes the tag
 * in the header of the command's unit. A tag is 1-99 characters without blanks or backquotes.
 */
export function taggedCommand(tag: string, command: string): string {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > 99 || /[\s`\x00-\x1f]/.test(tag)) {
    throw new TypeError(
      `a command tag is 1-99 characters without blanks, backquotes or controls, got ${JSON.stringify(tag)}`,
    );
  }
  if (typeof command !== 'string' || /[\r\n]/.test(command)) throw new TypeError('a command is one line');
  return `\`${tag}\`${command}`;
}
