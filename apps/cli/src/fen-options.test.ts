import { describe, expect, test } from 'vitest';
import { parseFenArgs } from './fen-options.js';

const defaults = { files: [], board: false, json: false, strict: false, validate: false, castling: undefined };

describe('parseFenArgs: the arguments after fen', () => {
  test('every option and files', () => {
    expect(
      parseFenArgs(['--board', '--json', '--strict', '--validate', '--castling', 'shredder', 'a.fen', '-']),
    ).toEqual({
      kind: 'run',
      options: { files: ['a.fen', '-'], board: true, json: true, strict: true, validate: true, castling: 'shredder' },
    });
  });

  test('an option value after an equals sign, and files after --', () => {
    expect(parseFenArgs(['--castling=xfen', '--', '--board'])).toEqual({
      kind: 'run',
      options: { ...defaults, castling: 'xfen', files: ['--board'] },
    });
    expect(parseFenArgs(['--to=style12', '--to', 'fen'])).toEqual({ kind: 'run', options: { ...defaults, to: 'fen' } });
  });

  test('help, wherever it is asked for', () => {
    expect(parseFenArgs(['x.fen', '-h'])).toEqual({ kind: 'help' });
    expect(parseFenArgs(['--help'])).toEqual({ kind: 'help' });
  });

  test.each([
    [['--colour'], "unknown option '--colour' for fen"],
    [['--castling'], '--castling needs a value: kqkq, xfen or shredder'],
    [['--castling', 'KQkq'], "--castling: unknown style 'KQkq' (expected kqkq, xfen or shredder); did you mean kqkq?"],
    [['--castling', 'xfn'], "--castling: unknown style 'xfn' (expected kqkq, xfen or shredder); did you mean xfen?"],
    [['--strcit'], "unknown option '--strcit' for fen; did you mean --strict?"],
    [['--to', 'stlye12'], '--to needs fen or style12; did you mean style12?'],
    [['--board=yes'], "option '--board' takes no value"],
    [['--castling='], "--castling: unknown style '' (expected kqkq, xfen or shredder)"],
    [['--to'], '--to needs fen or style12'],
    [['--to=pgn'], '--to needs fen or style12'],
    [['--to', 'style12', '--json'], '--to style12 prints style 12 lines, not JSON'],
  ])('usage error for %j', (args, message) => {
    expect(parseFenArgs(args)).toEqual({ kind: 'usage-error', message });
  });
});
