import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readTokens, tokensId } from './tokenize.js';

/** Bodies made of the characters that matter to the reader: digits, blanks, quotes, control-Y. */
const body = fc
  .array(
    fc.constantFrom(
      '1',
      '0',
      'a',
      'W',
      ' ',
      ' ',
      '\t',
      '\r\n',
      '{',
      '}',
      '\x19{',
      '\x19}',
      '\x19',
      '{GM TD}',
      '|',
      '}{',
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

function read(text: string, from = 0, to = text.length): { args: string[]; id: number } | object {
  const starts: number[] = [];
  const result = readTokens(text, from, to, starts);
  return Array.isArray(result) ? { args: result, id: tokensId, starts } : result;
}

describe('readTokens, the in-place reader of a datagram body', () => {
  test('reads a body inside a larger text exactly as the body alone: nothing outside [from, to) leaks in', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('24 ', '56', '0 ', '123456789', '1234567890 ', ''),
        body,
        fc.string({ maxLength: 4 }),
        body,
        (id, rest, before, after) => {
          const text = id + rest;
          expect(read(before + text + after, before.length, before.length + text.length)).toEqual(read(text));
        },
      ),
    );
  });

  test('examples: quotes of both kinds, adjacent quotes, runs of blanks, and each fault', () => {
    expect(read('24 e4 e2e4 12')).toEqual({ args: ['e4', 'e2e4', '12'], id: 24, starts: [3, 6, 11] });
    expect(read('32 {a b}{}\x19{x}\x19}  z\tw')).toMatchObject({ args: ['a b', '', 'x}', 'z', 'w'], id: 32 });
    expect(read('9')).toMatchObject({ args: [], id: 9 });
    expect(read('9x 1')).toMatchObject({ code: 'datagram-number', at: 0 });
    expect(read('9 a {open')).toMatchObject({ code: 'unterminated-quote', at: 4, field: 2 });
    expect(read('9 {a\x19b}')).toMatchObject({ code: 'stray-delimiter', at: 4, field: 1 });
    expect(read('9 \x19{a\x19{b\x19}')).toMatchObject({ code: 'stray-delimiter', at: 5, field: 1 });
    expect(read('9 \x19{a}')).toMatchObject({ code: 'unterminated-quote', at: 2, field: 1 });
    expect(read('9 a \x19}')).toMatchObject({ code: 'stray-delimiter', at: 4, field: 2 });
  });

  test('a body of many quotes with a fault at its end is read in linear time', () => {
    const text = `9 ${'{} '.repeat(100_000)}{\x19}`;
    expect(read(text)).toMatchObject({ code: 'stray-delimiter', field: 100_001 });
    expect(read(`9 ${'\x19{\x19} '.repeat(100_000)}\x19{`)).toMatchObject({
      code: 'unterminated-quote',
      field: 100_001,
    });
  });
});
