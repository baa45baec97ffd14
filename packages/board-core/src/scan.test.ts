import { describe, expect, it } from 'vitest';
import { countCode, fault, faultError, fieldEnd, isNone, isSeparator, leadingTokens } from './scan.js';

const BY_CODE = { empty: 'a record' };
const BY_FIELD = ['a board', 'w or b'];

/** What `fault` throws, made an error value the way a parser's catch does. */
function caught(read: () => unknown, text: string): unknown {
  try {
    read();
  } catch (thrown) {
    return faultError(thrown, text, BY_CODE, BY_FIELD);
  }
  return 'nothing thrown';
}

describe('fault and faultError', () => {
  it('make the error value: the code, field and offset, what was expected and what was found', () => {
    expect(caught(() => fault('turn', 1, 2), 'x y')).toEqual({
      ok: false,
      error: { code: 'turn', field: 1, offset: 2, message: 'expected w or b, found "y"' },
    });
    // The code's words come before the field's; past the end there is no character.
    expect(caught(() => fault('empty', 0, 0), '')).toEqual({
      ok: false,
      error: { code: 'empty', field: 0, offset: 0, message: 'expected a record, found end' },
    });
  });
  it('throw a frozen value, and pass on anything else thrown (a defect, not a fault)', () => {
    let thrown: unknown;
    try {
      fault('turn', 1, 0);
    } catch (e) {
      thrown = e;
    }
    expect(Object.isFrozen(thrown)).toBe(true);
    const defect = new TypeError('a bug');
    expect(() => faultError(defect, '', BY_CODE, BY_FIELD)).toThrow(defect);
  });
  it('keep nothing between parses: each error names its own text', () => {
    const first = caught(() => fault('turn', 1, 0), 'a');
    caught(() => fault('turn', 1, 0), 'b');
    expect(first).toMatchObject({ error: { message: 'expected w or b, found "a"' } });
  });
});

describe('separators and fields', () => {
  it('separates fields by space, tab, LF, CR and _', () => {
    expect([...' \t\n\r_'].every((c) => isSeparator(c.charCodeAt(0)))).toBe(true);
    expect([...'-a0/\u00a0'].some((c) => isSeparator(c.charCodeAt(0)))).toBe(false);
  });
  it('takes - for none, and the en dash in default mode only', () => {
    expect(isNone(45, true)).toBe(true);
    expect(isNone(8211, false)).toBe(true);
    expect(isNone(8211, true)).toBe(false);
    expect(isNone(95, false)).toBe(false);
  });
  it('ends a field at a separator or the end of the text, and faults a stray character', () => {
    expect(fieldEnd('w KQ', 1, 'turn', 1)).toBe(1);
    expect(fieldEnd('w', 1, 'turn', 1)).toBe(1);
    expect(caught(() => fieldEnd('wx', 1, 'turn', 1), 'wx')).toMatchObject({
      error: { code: 'turn', field: 1, offset: 1 },
    });
  });
});

describe('leadingTokens and countCode, for detectors', () => {
  it('the first tokens only, split on any blank, runs of blanks as one', () => {
    expect(leadingTokens('  a\tb\r\nc  d ', 3)).toEqual(['a', 'b', 'c']);
    expect(leadingTokens('one', 5)).toEqual(['one']);
    expect(leadingTokens('', 2)).toEqual([]);
  });

  it('counts a char code', () => {
    expect(countCode('8/8/8/8/8/8/8/8', 47)).toBe(7);
    expect(countCode('', 47)).toBe(0);
  });
});
