import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { err, ok } from '@chess-formats/board-core';
import { defineCommand, wrapWords } from './command.js';
import { CONVERT_HELP } from './convert-command.js';
import { DETECT_HELP } from './detect-command.js';
import { COMMANDS } from './main.js';
import { DETECTED_FORMATS, POSITION_FORMATS } from './positions.js';
import { memoryIo } from './test-io.js';
import { VALIDATE_HELP } from './validate-command.js';

describe('defineCommand: the one shape of a command', () => {
  const ran: unknown[] = [];
  const toy = defineCommand<{ readonly loud: boolean; readonly files: readonly string[] }>({
    name: 'toy',
    summary: 'a toy',
    help: 'Usage: toy [--loud] [file...]\n',
    flags: ['--loud'],
    values: {},
    options: ({ operands, flags }) =>
      operands.includes('bad') ? err('bad is refused') : ok({ loud: flags.has('--loud'), files: operands }),
    run: (options) => {
      ran.push(options);
      return Promise.resolve(options.loud ? 1 : 0);
    },
  });

  test('runs with its options, prints its help, refuses usage errors with status 2', async () => {
    const a = memoryIo('');
    expect(await toy.run(['--loud', 'x'], a.io)).toBe(1);
    expect(ran).toEqual([{ loud: true, files: ['x'] }]);
    const help = memoryIo('');
    expect(await toy.run(['-h'], help.io)).toBe(0);
    expect(help.captured.out).toBe('Usage: toy [--loud] [file...]\n');
    for (const [args, message] of [
      [['bad'], 'bad is refused'],
      [['--quiet'], "unknown option '--quiet' for toy"],
      [['--lound'], "unknown option '--lound' for toy; did you mean --loud?"],
    ] as const) {
      const refused = memoryIo('');
      expect(await toy.run(args, refused.io)).toBe(2);
      expect(refused.captured.err).toBe(`chess-formats: ${message}\nRun 'chess-formats toy --help' for its options.\n`);
    }
    expect(ran).toHaveLength(1);
    expect(toy.parse(['y'])).toEqual({ kind: 'run', options: { loud: false, files: ['y'] } });
  });

  test('every command module defines its command with defineCommand, none reads arguments its own way', () => {
    const dir = new URL('./', import.meta.url);
    const modules = readdirSync(dir).filter((name) => name.endsWith('-command.ts') && name !== 'line-command.ts');
    expect(modules.length).toBe(COMMANDS.length);
    for (const name of modules) {
      const source = readFileSync(new URL(name, dir), 'utf8');
      expect([name, /defineCommand(<[^>]*>)?\(/.test(source)]).toEqual([name, true]);
      expect([name, source.includes('parseCommandArgs(')]).toEqual([name, false]);
    }
  });
});

describe('help texts list the formats of the one list', () => {
  test('convert, validate and detect name every format they take or say', () => {
    const words = (help: string) => help.replace(/\s+/g, ' ');
    for (const format of POSITION_FORMATS) {
      expect(words(CONVERT_HELP)).toContain(`${format}:`);
      expect(words(VALIDATE_HELP)).toContain(`${format},`);
    }
    for (const word of DETECTED_FORMATS) expect(words(DETECT_HELP)).toMatch(new RegExp(`[ :]${word}[ ,.(]`));
  });

  test('wrapWords keeps lines within the width, the later ones indented', () => {
    expect(wrapWords('aa bb cc dd', 5)).toBe('aa bb\ncc dd');
    expect(wrapWords('aa bb cc dd', 7, '  ')).toBe('aa bb\n  cc dd');
    expect(wrapWords('averyveryverylongword x', 4)).toBe('averyveryverylongword\nx');
  });
});
