import { describe, expect, test } from 'vitest';
import { runCase, runVectors, type Codec, type MoveCodec } from './run.js';
import type { VectorCase, VectorFile } from './types.js';

// A toy format to exercise the runner: a decimal integer, written without leading zeros; `-`
// anywhere is rejected with code `sign` at its offset. Validation reports `odd` for odd numbers.
const toy: Codec<number> = {
  parse(input) {
    const sign = input.indexOf('-');
    if (sign !== -1) return { ok: false, error: { code: 'sign', field: 0, offset: sign, message: 'no sign' } };
    if (!/^[0-9]+$/.test(input)) return { ok: false, error: { code: 'digit', field: 0, offset: 0 } };
    return { ok: true, value: Number(input) };
  },
  write: (value, options) => {
    const pad = options?.['pad'];
    const n = options?.['double'] === true ? value * 2 : value;
    return typeof pad === 'number' ? String(n).padStart(pad, '0') : String(n);
  },
  toJson: (value) => ({ n: value }),
  validate: (value) => (value % 2 === 1 ? [{ code: 'odd' }] : []),
};

function valid(input: string, text: string, extra: Partial<VectorCase> = {}): VectorCase {
  return { id: `toy.t.${input || 'empty'}`, description: input, input, result: 'valid', expected: { text }, ...extra };
}

describe('runCase', () => {
  test('a valid case passes when parse, write and the fixed point agree', () => {
    const outcome = runCase(valid('007', '7', { expected: { text: '7', value: { n: 7 }, problems: ['odd'] } }), toy);
    expect(outcome).toEqual({
      id: 'toy.t.007',
      description: '007',
      status: 'pass',
      reasons: [],
      unchecked: [],
      accepted: true,
    });
  });

  test('a wrong canonical text fails with both texts in the reason', () => {
    const outcome = runCase(valid('7', '07'), toy);
    expect(outcome.status).toBe('fail');
    expect(outcome.reasons).toEqual(['wrote "7", expected "07"']);
  });

  test('a wrong value and wrong problems each give a reason', () => {
    const outcome = runCase(valid('8', '8', { expected: { text: '8', value: { n: 9 }, problems: ['odd'] } }), toy);
    expect(outcome.reasons).toEqual(['value {"n":8}, expected {"n":9}', 'problems [], expected ["odd"]']);
  });

  test('write options reach the writer, and the fixed point uses them too', () => {
    expect(runCase(valid('7', '007', { writeOptions: { pad: 3 } }), toy).status).toBe('pass');
    // Doubling on write: "16" reparses as sixteen and writes back as "32", not a fixed point.
    const outcome = runCase(valid('8', '16', { writeOptions: { double: true } }), toy);
    expect(outcome.reasons).toEqual(['the canonical text is not a fixed point: it writes back as "32"']);
  });

  test('checks without codec support are listed as unchecked, not failed', () => {
    const bare: Codec<number> = { parse: toy.parse, write: toy.write };
    const outcome = runCase(valid('3', '3', { expected: { text: '3', value: { n: 3 }, problems: [] } }), bare);
    expect(outcome.status).toBe('pass');
    expect(outcome.unchecked).toEqual(['value', 'problems']);
  });

  test('an invalid case checks code, field and offset', () => {
    const vector: VectorCase = {
      id: 'toy.t.sign',
      description: 'sign',
      input: '1-2',
      result: 'invalid',
      error: { code: 'sign', field: 0, offset: 1 },
    };
    expect(runCase(vector, toy).status).toBe('pass');
    const wrongOffset = { ...vector, error: { code: 'sign', field: 0, offset: 2 } };
    expect(runCase(wrongOffset, toy).reasons).toEqual([
      'rejected with sign at field 0 offset 1 (no sign), expected sign at field 0 offset 2',
    ]);
    const accepted = { ...vector, input: '12' };
    expect(runCase(accepted, toy).reasons).toEqual(['accepted, expected a rejection with sign at field 0 offset 1']);
  });

  test('a rejected valid case fails with the error it got', () => {
    expect(runCase(valid('x', 'x'), toy).reasons).toEqual([
      'rejected with digit at field 0 offset 0, expected acceptance',
    ]);
  });

  test('an acceptable case passes either way but still checks what it states', () => {
    const base: VectorCase = {
      id: 'toy.t.a',
      description: 'a',
      input: '-1',
      result: 'acceptable',
      flags: ['lenient'],
      error: { code: 'sign', field: 0, offset: 0 },
    };
    expect(runCase(base, toy)).toMatchObject({ status: 'pass', accepted: false });
    expect(runCase({ ...base, input: '01', expected: { text: '1' } }, toy)).toMatchObject({
      status: 'pass',
      accepted: true,
    });
    expect(runCase({ ...base, input: '01', expected: { text: '01' } }, toy).status).toBe('fail');
    expect(runCase({ ...base, error: { code: 'digit', field: 0, offset: 0 } }, toy).status).toBe('fail');
  });

  test('a throwing codec is a failure, not a crash', () => {
    const throwing: Codec<number> = {
      parse: () => {
        throw new Error('boom');
      },
      write: () => '',
    };
    expect(runCase(valid('1', '1'), throwing).reasons).toEqual(['parse threw: boom']);
    const badWriter: Codec<number> = {
      parse: toy.parse,
      write: () => {
        throw new TypeError('no');
      },
    };
    expect(runCase(valid('1', '1'), badWriter).reasons).toEqual(['write threw: no']);
  });
});

describe('runVectors', () => {
  test('runs every case of every file and counts the outcomes', () => {
    const file: VectorFile = {
      format: 'toy',
      topic: 't',
      spec: 'none',
      notes: {},
      cases: [valid('1', '1'), valid('2', '3')],
    };
    const suite = runVectors([file, file], toy);
    expect(suite.passed).toBe(2);
    expect(suite.failed).toBe(2);
    expect(suite.outcomes.map((o) => o.status)).toEqual(['pass', 'fail', 'pass', 'fail']);
    expect(runVectors(file, toy).outcomes).toHaveLength(2);
  });
});

// A toy move notation: a position is a string of the letters that may be played; SAN writes a
// move in upper case and reads either case, coordinates write and read lower case only.
const toyMoves: MoveCodec<string, string> = {
  position: (position) => {
    if (typeof position !== 'string') throw new TypeError('toy positions are strings');
    return position;
  },
  parse: (notation, position, input) => {
    const letter = notation === 'san' ? input.toLowerCase() : input;
    if (letter.length !== 1) return { ok: false, error: { code: 'syntax', field: 'move', offset: 0 } };
    if (!position.includes(letter)) return { ok: false, error: { code: 'illegal', field: 'to', offset: 0 } };
    return { ok: true, value: letter };
  },
  write: (notation, _position, move) => (notation === 'san' ? move.toUpperCase() : move),
  toJson: (move) => ({ kind: 'normal', to: move }),
};

function move(input: string, extra: Partial<VectorCase> = {}): VectorCase {
  return {
    id: `moves.t.${input}`,
    description: input,
    position: 'abc',
    notation: 'san',
    input,
    result: 'valid',
    expected: {
      text: input.toUpperCase(),
      value: { kind: 'normal', to: input.toLowerCase() },
      notations: { coordinate: input.toLowerCase() },
    },
    ...extra,
  };
}

describe('runCase with a move codec', () => {
  test('a move case passes when the move, its text and the other notations agree', () => {
    expect(runCase(move('a'), toyMoves)).toEqual({
      id: 'moves.t.a',
      description: 'a',
      status: 'pass',
      reasons: [],
      unchecked: [],
      accepted: true,
    });
  });

  test('a wrong text in another notation is reported', () => {
    const outcome = runCase(move('b', { expected: { text: 'B', notations: { coordinate: 'B' } } }), toyMoves);
    expect(outcome.reasons).toEqual([
      'wrote "b" in coordinate, expected "B"',
      'the coordinate text "B" is rejected: illegal at field "to" offset 0',
    ]);
  });

  test('another notation text that reads as another move is reported', () => {
    const outcome = runCase(move('b', { expected: { text: 'B', notations: { coordinate: 'c' } } }), toyMoves);
    expect(outcome.reasons).toEqual([
      'wrote "b" in coordinate, expected "c"',
      'the coordinate text "c" reads as {"kind":"normal","to":"c"}, not {"kind":"normal","to":"b"}',
    ]);
  });

  test('an error field is a name compared exactly', () => {
    const vector = move('d', { result: 'invalid', error: { code: 'illegal', field: 'to', offset: 0 } });
    const { expected: _expected, ...invalid } = vector;
    expect(runCase(invalid, toyMoves).status).toBe('pass');
    expect(runCase({ ...invalid, error: { code: 'illegal', field: 'move', offset: 0 } }, toyMoves).reasons).toEqual([
      'rejected with illegal at field "to" offset 0, expected illegal at field "move" offset 0',
    ]);
  });

  test('a position the codec cannot build fails the case', () => {
    const outcome = runCase(move('a', { position: { geometry: 'omega' } }), toyMoves);
    expect(outcome.reasons).toEqual(['position threw: toy positions are strings']);
  });

  test('a move case given a text codec, and a text case given a move codec, fail', () => {
    expect(runCase(move('a'), toy).reasons).toEqual([
      'a move case (it has a position), given a codec without a position function',
    ]);
    expect(runCase(valid('1', '1'), toyMoves).reasons).toEqual(['a case without a position, given a move codec']);
  });

  test('without toJson the move values and the other notations reading back are unchecked', () => {
    const { toJson: _toJson, ...bare } = toyMoves;
    expect(runCase(move('a'), bare)).toMatchObject({ status: 'pass', unchecked: ['value', 'notations'] });
  });

  test('runVectors runs move files too', () => {
    const file: VectorFile = { format: 'moves', topic: 't', spec: 'none', notes: {}, cases: [move('a'), move('z')] };
    expect(runVectors(file, toyMoves)).toMatchObject({ passed: 1, failed: 1 });
  });
});
