import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { schemaProblems } from './json-schema.js';

const schema = JSON.parse(readFileSync(new URL('../vectors.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;

const goodCase = { id: 'fen.t.x', description: 'a case', input: 'x', result: 'invalid', error: { code: 'turn', field: 1, offset: 0 } };
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
    expect(schemaProblems({ format: 1, topic: 't', spec: 's', notes: {}, cases: [goodCase] }, schema)).toEqual(['$.format: expected string']);
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
      '$.cases[0].error.field: below 0',
      '$.cases[0].error.offset: expected integer',
    ]);
  });

  test('a keyword outside the supported subset is reported, not ignored', () => {
    expect(schemaProblems('x', { type: 'string', format: 'email' })).toEqual(['$: unsupported keyword format']);
  });
});
