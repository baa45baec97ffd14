import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { err, ok } from './result.js';
import { emptyPocket, standardSetup } from './setup.js';
import { blankSpans, setupMeaning, textSpans } from './spans.js';

describe('blankSpans', () => {
  test('the first tokens, runs of any blank as one, ends exclusive', () => {
    expect(blankSpans('  ab\t c\r\nd  ', 9)).toEqual([
      [2, 4],
      [6, 7],
      [9, 10],
    ]);
    expect(blankSpans('a b c', 2)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(blankSpans('', 3)).toEqual([]);
  });

  test('each span is a token of the text, in order', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\t', '\n', '\r') }), fc.nat(8), (text, limit) => {
        const spans = blankSpans(text, limit);
        expect(spans.length).toBeLessThanOrEqual(limit);
        let last = 0;
        for (const [start, end] of spans) {
          expect(start).toBeGreaterThanOrEqual(last);
          expect(text.slice(start, end)).toMatch(/^[ab]+$/);
          last = end;
        }
        expect(spans.map(([start, end]) => text.slice(start, end))).toEqual(
          text
            .split(/[ \t\r\n]+/)
            .filter(Boolean)
            .slice(0, limit),
        );
      }),
    );
  });
});

describe('textSpans', () => {
  const parse = (text: string) => (text.startsWith('ok') ? ok(standardSetup()) : err('no'));
  const meaning = (field: number) => `field ${field}`;

  test("places each token in its field, meanings from the value given, else the text's own parse", () => {
    expect(textSpans('x y', standardSetup(), parse, 5, (_t, i) => i + 1, meaning)).toEqual([
      { field: 1, start: 0, end: 1, meaning: 'field 1' },
      { field: 2, start: 2, end: 3, meaning: 'field 2' },
    ]);
    expect(textSpans('ok y', undefined, parse, 5, (_t, i) => i, meaning)[1]).toEqual({
      field: 1,
      start: 3,
      end: 4,
      meaning: 'field 1',
    });
  });

  test('a text that does not parse has its fields with empty meanings', () => {
    expect(textSpans('no y', undefined, parse, 5, (_t, i) => i, meaning)).toEqual([
      { field: 0, start: 0, end: 2, meaning: '' },
      { field: 1, start: 3, end: 4, meaning: '' },
    ]);
  });

  test('never throws: a value that is not the format, or a text that is no string, gives no spans', () => {
    const throwing = (): string => {
      throw new TypeError('not a setup');
    };
    expect(textSpans('ok', standardSetup(), parse, 5, (_t, i) => i, throwing)).toEqual([]);
    expect(textSpans(undefined as unknown as string, undefined, parse, 5, (_t, i) => i, meaning)).toEqual([]);
  });
});

describe('setupMeaning', () => {
  test('says what the start position holds in each field', () => {
    const start = standardSetup();
    expect(
      (['placement', 'turn', 'castling', 'en passant', 'halfmoves', 'fullmoves', 'checks'] as const).map((topic) =>
        setupMeaning(start, topic),
      ),
    ).toEqual([
      '32 pieces',
      'White to move',
      'castling: a1 h1 a8 h8',
      'no en passant',
      '0 half-moves since a capture or pawn move',
      'move 1',
      'no check counters',
    ]);
  });

  test('pockets, en passant and check counters', () => {
    const setup = {
      ...standardSetup(),
      turn: 'black' as const,
      epSquares: [20],
      castlingRooks: [],
      pockets: { white: { ...emptyPocket(), queen: 1 }, black: { ...emptyPocket(), pawn: 2 } },
      remainingChecks: { white: 2, black: 3 },
    };
    expect(setupMeaning(setup, 'placement')).toBe('32 pieces, 3 in hand');
    expect(setupMeaning(setup, 'turn')).toBe('Black to move');
    expect(setupMeaning(setup, 'castling')).toBe('no castling');
    expect(setupMeaning(setup, 'en passant')).toBe('en passant: e3');
    expect(setupMeaning(setup, 'checks')).toBe('checks to give: White 2, Black 3');
  });
});
