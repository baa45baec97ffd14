import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { schemaProblems } from './json-schema.js';

const schema = JSON.parse(readFileSync(new URL('../vectors.schema.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

const goodCase = {
  id: 'fen.t.x',
  description: 'a case',
  input: 'x',
  result: 'invalid',
  error: { code: 'turn', field: 1, offset: 0 },
};
const file = (cases: unknown[]): unknown => ({ format: 'fen', topic: 't', spec: 's', notes: {}, cases });

describe('schemaProblems against vectors.schema.json', () => {
  test('a well-formed file has no problems', () => {
    expect(schemaProblems(file([goodCase]), schema)).toEqual([]);
  });

  test('reports a missing property, a wrong type and an unexpected property', () => {
    expect(schemaProblems({ format: 'fen', topic: 't', spec: 's', notes: {}, cases: [], extra: 1 }, schema)).toEqual([
      '$.cases: fewer than 1 items',
      '$: unexpected property extra',
    ]);
    expect(schemaProblems({ format: 1, topic: 't', spec: 's', notes: {}, cases: [goodCase] }, schema)).toEqual([
      '$.format: expected string',
    ]);
  });

  test('an invalid case without its error, and a valid case with one, are both reported', () => {
    const { error: _error, ...noError } = goodCase;
    expect(schemaProblems(file([noError]), schema)).toEqual(['$.cases[0]: missing error']);
    const validWithError = { ...goodCase, result: 'valid', expected: { text: 'x' } };
    expect(schemaProblems(file([validWithError]), schema)).toHaveLength(1);
  });

  test('checks patterns, enums and integer minimums', () => {
    const bad = { ...goodCase, id: 'Bad Id', result: 'maybe', error: { code: 'turn', field: -1, offset: 0.5 } };
    expect(schemaProblems(file([bad]), schema)).toEqual([
      '$.cases[0].id: "Bad Id" does not match ^[a-z][a-z0-9-]*\\.[a-z][a-z0-9-]*\\.[a-z0-9][a-z0-9-]*$',
      '$.cases[0].result: "maybe" is not one of ["valid","invalid","acceptable"]',
      '$.cases[0].error.field: matches none of the anyOf schemas',
      '$.cases[0].error.offset: expected integer',
    ]);
  });

  test('anyOf accepts a value matching one alternative', () => {
    const either = { anyOf: [{ type: 'integer', minimum: 0 }, { enum: ['move', 'to'] }] };
    expect(schemaProblems(3, either)).toEqual([]);
    expect(schemaProblems('to', either)).toEqual([]);
    expect(schemaProblems('x', either)).toEqual(['$: matches none of the anyOf schemas']);
  });

  test('if/then/else applies the branch the condition picks', () => {
    const conditional = { if: { required: ['a'] }, then: { required: ['b'] }, else: { not: { required: ['b'] } } };
    expect(schemaProblems({ a: 1, b: 2 }, conditional)).toEqual([]);
    expect(schemaProblems({ a: 1 }, conditional)).toEqual(['$: missing b']);
    expect(schemaProblems({}, conditional)).toEqual([]);
    expect(schemaProblems({ b: 2 }, conditional)).toHaveLength(1);
  });

  test('a move case without its notation, and a FEN case with one, are both reported', () => {
    const move = {
      id: 'moves.t.x',
      description: 'a move',
      position: '8/8/8/8/8/8/8/8 w - - 0 1',
      input: 'e4',
      result: 'invalid',
      error: { code: 'illegal', field: 'move', offset: 0 },
    };
    expect(schemaProblems(file([{ ...move, notation: 'san' }]), schema)).toEqual([]);
    expect(schemaProblems(file([move]), schema)).toEqual(['$.cases[0]: missing notation']);
    expect(schemaProblems(file([{ ...goodCase, notation: 'san' }]), schema)).toHaveLength(1);
    expect(
      schemaProblems(
        file([{ ...move, notation: 'san', error: { code: 'illegal', field: 'square', offset: 0 } }]),
        schema,
      ),
    ).toEqual(['$.cases[0].error.field: matches none of the anyOf schemas']);
  });

  test('a keyword outside the supported subset is reported, not ignored', () => {
    expect(schemaProblems('x', { type: 'string', format: 'email' })).toEqual(['$: unsupported keyword format']);
  });
});
