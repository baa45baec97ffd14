import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { describeError } from './describe-error.js';
import { err, unwrap } from './result.js';

describe('describeError', () => {
  test('one line: the code, where, the message, and the cause', () => {
    expect(describeError({ code: 'halfmoves', field: 4, offset: 57, message: 'expected 0-9999, found "x"' })).toBe(
      'halfmoves in field 4 at offset 57: expected 0-9999, found "x"',
    );
    expect(
      describeError({
        code: 'illegal-move',
        line: 3,
        column: 9,
        offset: 40,
        message: '"Ke3" is not a legal move',
        cause: { code: 'illegal', field: 'to', offset: 1, message: 'no king can go there' },
      }),
    ).toBe(
      'illegal-move at line 3, column 9: "Ke3" is not a legal move; cause: illegal in field to at offset 1: no king can go there',
    );
    expect(describeError({ code: 'x', offset: 0, message: 'two\r\nlines' })).toBe('x at offset 0: two lines');
    // A cause the message already quotes is not said twice.
    expect(
      describeError({
        code: 'illegal-move',
        line: 5,
        column: 13,
        message: '2. "Ke3" is not a legal move here',
        cause: { code: 'illegal', field: 'move', offset: 0, message: '"Ke3" is not a legal move here' },
      }),
    ).toBe(
      'illegal-move at line 5, column 13: 2. "Ke3" is not a legal move here; cause: illegal in field move at offset 0: (as above)',
    );
    expect(describeError('plain')).toBe('plain');
    expect(describeError(undefined)).toBe('undefined');
    expect(describeError({})).toBe('[object Object]');
  });

  test('never throws, prints one line, and stops at a cycle of causes', () => {
    const cyclic: { code: string; message: string; cause?: unknown } = { code: 'a', message: 'b' };
    cyclic.cause = cyclic;
    expect(describeError(cyclic).split('; cause: ')).toHaveLength(5);
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const line = describeError(value);
        expect(typeof line).toBe('string');
        expect(line).not.toMatch(/[\r\n]/);
      }),
      { numRuns: 2000 },
    );
    expect(describeError(Object.create(null))).toBe('[object Object]');
    expect(describeError({ code: 'x', message: Object.create(null), offset: 1 })).toBe(
      'x at offset 1: [object Object]',
    );
  });

  test('an error value of err prints as its line in a template string, and is equal as before', () => {
    const error = { code: 'turn', field: 1, offset: 8, message: 'expected w or b, found "x"' };
    const result = err({ ...error });
    expect(`${String(result.error)}`).toBe('turn in field 1 at offset 8: expected w or b, found "x"');
    expect(result).toEqual({ ok: false, error });
    expect(result).toStrictEqual({ ok: false, error });
    expect(JSON.stringify(result.error)).toBe(JSON.stringify(error));
    expect(Object.keys(result.error)).toEqual(Object.keys(error));
  });

  test('unwrap throws the line, with the error as the cause and its code', () => {
    const error = { code: 'turn', field: 1, offset: 8, message: 'expected w or b' };
    let thrown: unknown;
    try {
      unwrap(err(error));
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe('unwrap of a failed result: turn in field 1 at offset 8: expected w or b');
    expect((thrown as Error).cause).toBe(error);
    expect((thrown as Error & { code: string }).code).toBe('turn');
  });
});
