import { describe, expect, it } from 'vitest';
import {
  caughtFault,
  countCode,
  fault,
  faultError,
  fieldEnd,
  fieldStart,
  isBlank,
  isNone,
  isSeparator,
  leadingTokens,
} from './scan.js';

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

describe('the fault a reader throws with its own expectation, and the end a reader stopped at', () => {
  it('names the expectation the fault gives over the tables', () => {
    const thrown = (() => {
      try {
        fault('turn', 1, 0, 'W or B');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(caughtFault(thrown)).toEqual(['turn', 1, 0, 'W or B']);
    expect(faultError(thrown, 'x', BY_CODE, BY_FIELD)).toMatchObject({
      error: { message: 'expected W or B, found "x"' },
    });
  });

  it('finds `end` at the end given (a trimmed line end), not the character there', () => {
    expect(faultError(Object.freeze(['turn', 1, 1, undefined]), 'x\r', BY_CODE, BY_FIELD, 1)).toMatchObject({
      error: { message: 'expected w or b, found end' },
    });
    expect(() => caughtFault(new Error('defect'))).toThrow('defect');
  });
});

describe('fieldStart, the separator loop', () => {
  const start = (text: string, pos: number, strict = false, blanksOnly = false): unknown =>
    caught(() => fieldStart(text, pos, strict, 3, blanksOnly), text);

  it('steps over one space, or a run of separators in default mode', () => {
    expect(start('a b', 1)).toBe('nothing thrown');
    expect(fieldStart('a b', 1, false, 3)).toBe(2);
    expect(fieldStart('a \t_ b', 1, false, 3)).toBe(5);
    expect(fieldStart('a _b', 1, false, 3, true)).toBe(2);
    expect(fieldStart('a  ', 1, false, 3)).toBe(3);
    expect(fieldStart('a', 1, false, 3)).toBe(1);
  });

  it('takes one space only in strict mode, and faults the first separator too many', () => {
    expect(fieldStart('a b', 1, true, 3)).toBe(2);
    expect(start('a  b', 1, true)).toMatchObject({ error: { code: 'whitespace', field: 3, offset: 2 } });
    expect(start('a\tb', 1, true)).toMatchObject({ error: { code: 'whitespace', field: 3, offset: 1 } });
    expect(start('a ', 1, true)).toMatchObject({ error: { code: 'whitespace', field: 3, offset: 1 } });
  });

  it('is isBlank without _ when asked', () => {
    expect(isBlank(95)).toBe(false);
    expect(isSeparator(95)).toBe(true);
    expect(fieldEnd('a_', 1, 'turn', 1)).toBe(1);
    expect(caught(() => fieldEnd('a_', 1, 'turn', 1, true), 'a_')).toMatchObject({
      error: { code: 'turn', offset: 1 },
    });
  });
});
