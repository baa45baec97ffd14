import { describe, expect, test } from 'vitest';
import { parseArgs } from './args.js';

const defaults = { files: [], board: false, json: false, strict: false, validate: false, castling: undefined };

describe('parseArgs', () => {
  test('fen with every option and files', () => {
    expect(parseArgs(['fen', '--board', '--json', '--strict', '--validate', '--castling', 'shredder', 'a.fen', '-'])).toEqual({
      kind: 'fen',
      options: { files: ['a.fen', '-'], board: true, json: true, strict: true, validate: true, castling: 'shredder' },
    });
  });

  test('an option value after an equals sign, and files after --', () => {
    expect(parseArgs(['fen', '--castling=xfen', '--', '--board'])).toEqual({
      kind: 'fen',
      options: { ...defaults, castling: 'xfen', files: ['--board'] },
    });
    expect(parseArgs(['fen', '--to=style12', '--to', 'fen'])).toEqual({ kind: 'fen', options: { ...defaults, to: 'fen' } });
  });

  test('help for the program and for fen', () => {
    expect(parseArgs(['--help'])).toEqual({ kind: 'help', topic: 'main' });
    expect(parseArgs(['fen', 'x.fen', '-h'])).toEqual({ kind: 'help', topic: 'fen' });
  });

  test('help <command>, and the version', () => {
    expect(parseArgs(['help'])).toEqual({ kind: 'help', topic: 'main' });
    expect(parseArgs(['help', 'fen'])).toEqual({ kind: 'help', topic: 'fen' });
    expect(parseArgs(['--version'])).toEqual({ kind: 'version' });
    expect(parseArgs(['-V'])).toEqual({ kind: 'version' });
  });

  test.each([
    [[], 'missing command', 'main'],
    [['pgn'], "unknown command 'pgn'", 'main'],
    [['help', 'pgn'], "no help for unknown command 'pgn'", 'main'],
    [['help', 'fen', 'fen'], 'help takes one command name', 'main'],
    [['fen', '--colour'], "unknown option '--colour' for fen", 'fen'],
    [['fen', '--castling'], '--castling needs a value: kqkq, xfen or shredder', 'fen'],
    [['fen', '--castling', 'KQkq'], "--castling: unknown style 'KQkq' (expected kqkq, xfen or shredder)", 'fen'],
    [['fen', '--board=yes'], "option '--board' takes no value", 'fen'],
    [['fen', '--castling='], "--castling: unknown style '' (expected kqkq, xfen or shredder)", 'fen'],
    [['fen', '--to'], '--to needs fen or style12', 'fen'],
    [['fen', '--to=pgn'], '--to needs fen or style12', 'fen'],
    [['fen', '--to', 'style12', '--json'], '--to style12 prints style 12 lines, not JSON', 'fen'],
  ])('usage error for %j, with the usage of its command', (args, message, topic) => {
    expect(parseArgs(args)).toEqual({ kind: 'usage-error', message, topic });
  });
});
