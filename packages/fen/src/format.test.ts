import { describe, expect, test } from 'vitest';
import { fenFormat } from './format.js';

const fieldsOf = (text: string): string[] =>
  fenFormat.spans(text).map((span) => `${fenFormat.fields[span.field] ?? '?'}=${text.slice(span.start, span.end)}`);

describe('fenFormat.spans', () => {
  test('three-check counters are placed wherever they stand, the clocks after them', () => {
    expect(fieldsOf('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1')).toEqual([
      'placement=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR',
      'turn=w',
      'castling=KQkq',
      'en passant=-',
      'check counters=3+3',
      'halfmove clock=0',
      'fullmove number=1',
    ]);
    expect(fieldsOf('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2').slice(4)).toEqual([
      'halfmove clock=0',
      'fullmove number=1',
      'check counters=+1+2',
    ]);
    expect(fenFormat.spans('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2')[6]?.meaning).toBe(
      'checks to give: White 2, Black 1',
    );
  });

  test('a crazyhouse placement counts what is in hand', () => {
    expect(fenFormat.spans('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1')[0]?.meaning).toBe(
      '32 pieces, 2 in hand',
    );
  });

  test('fields separated by `_`, as in URLs, are placed as the parser reads them', () => {
    expect(fieldsOf('8/8/8/4k3/8/8/8/4K3_b_-_-_0_40')).toEqual([
      'placement=8/8/8/4k3/8/8/8/4K3',
      'turn=b',
      'castling=-',
      'en passant=-',
      'halfmove clock=0',
      'fullmove number=40',
    ]);
  });
});
