import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { plainId, plainTokens, tokenize } from './tokenize.js';

/** Bodies made of the characters that matter to the reader: digits, blanks, quotes, control-Y. */
const body = fc.array(fc.constantFrom('1', '2', '0', 'a', 'W', ' ', ' ', '\t', '\r\n', '{', '}', '\x19{', '\x19}', '\x19', '{GM TD}', '|'), { maxLength: 30 }).map((parts) => parts.join(''));

/** The careful reader (asking for argument starts takes it). */
function careful(text: string): ReturnType<typeof tokenize> {
  return tokenize(text, []);
}

describe('plainTokens, the in-place reader', () => {
  test('reads what the careful reader reads, and gives up exactly where it finds a fault', () => {
    fc.assert(
      fc.property(fc.constantFrom('24', '56', '0', '123456789'), body, fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), (id, rest, before, after) => {
        const text = id + (rest === '' || /^[\d]/.test(rest) ? ` ${rest}` : rest);
        const expected = careful(text);
        // Read in place inside a larger string: nothing outside [from, to) may leak in.
        const args = plainTokens(before + text + after, before.length, before.length + text.length);
        if ('args' in expected) {
          expect(args).toEqual(expected.args);
          expect(plainId).toBe(expected.id);
        } else expect(args).toBeUndefined();
      }),
    );
  });

  test('examples: quotes of both kinds, adjacent quotes, runs of blanks', () => {
    expect(plainTokens('24 e4 e2e4 12', 0, 13)).toEqual(['e4', 'e2e4', '12']);
    expect(plainTokens('32 {a b}{}\x19{x}\x19}  z', 0, 20)).toEqual(['a b', '', 'x}', 'z']);
    expect(plainTokens('9 {open', 0, 7)).toBeUndefined();
    expect(plainTokens('9x 1', 0, 4)).toBeUndefined();
  });

  test('a body of many quotes with a fault at its end is read in linear time', () => {
    const text = `9 ${'{} '.repeat(100_000)}{\x19}`;
    const fault = tokenize(text);
    expect(fault).toMatchObject({ code: 'stray-delimiter', field: 100_001 });
  });
});
