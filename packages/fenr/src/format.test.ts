import { describe, expect, test } from 'vitest';
import { fenrFormat } from './format.js';

const fieldsOf = (text: string): string[] =>
  fenrFormat
    .spans(text)
    .map((span) => `${fenrFormat.fields[span.field] ?? '?'}=${text.slice(span.start, span.end)}=${span.meaning}`);

describe('fenrFormat.detect', () => {
  test('a delay or moving marker tells a broken FENr only in a placement of ranks', () => {
    // A random-bytes property test of the CLI's detect found the line `D` named FENr.
    for (const text of ['D', 'Dd', 'Done', 'M 1', 'Mate in 2']) expect(fenrFormat.detect(text), text).toBe(0);
    expect(fenrFormat.detect('r3k2r/8/8/3D10/8 w')).toBe(0.7);
  });
});

describe('fenrFormat.spans', () => {
  test('castling and en passant may be left out: fields are told by their shape, as the parser does', () => {
    expect(fieldsOf('4k3/8/8/8/8/8/8/4K3 1500 30000')).toEqual([
      'placement=4k3/8/8/8/8/8/8/4K3=2 pieces',
      'ms since the last capture=1500=1.5 s since the last capture',
      'ms since the start=30000=game clock 30.0 s',
    ]);
    expect(fieldsOf('4k3/8/8/8/8/8/8/4K3 e3 0 0').slice(1, 2)).toEqual(['en passant=e3=en passant: e3']);
  });

  test('a broken record keeps its fields, without meanings', () => {
    expect(fieldsOf('4k3/8/8/8/8/8/8/4K3 KQkq - 0 0 x')).toEqual([
      'placement=4k3/8/8/8/8/8/8/4K3=',
      'castling=KQkq=',
      'en passant=-=',
      'ms since the last capture=0=',
      'ms since the start=0=',
      'after the last field=x=',
    ]);
  });
});
