import { describe, expect, test } from 'vitest';
import { examplesOf, matchesComment, readmes, runExample, scratchDir, typeErrors } from './readme-examples.js';

const examples = readmes().flatMap(examplesOf);
const dir = scratchDir('readme-examples');

describe('README examples', () => {
  test('there are examples, and every one has a printed line to check', () => {
    expect(examples.length).toBeGreaterThan(3);
    expect(examples.filter((e) => e.expectations.length === 0).map((e) => e.where)).toEqual([]);
  });

  test('every example type-checks under the strict settings', () => {
    expect(typeErrors(examples, dir)).toEqual([]);
  }, 60_000);

  test.each(examples.map((e, i) => [e.where, e, i] as const))(
    '%s runs and prints what its comments say',
    async (_where, example, index) => {
      const printed = await runExample(example, dir, index);
      for (const { line, text } of example.expectations) {
        const mine = printed.filter((p) => p.line === line);
        expect(mine.length, `${example.where} line ${line} printed nothing`).toBeGreaterThan(0);
        for (const p of mine) expect(matchesComment(p.text, text), `printed ${p.text}\nexpected ${text}`).toBe(true);
      }
    },
  );
});

describe('matchesComment', () => {
  test('whitespace is squashed and ... matches anything', () => {
    expect(
      matchesComment(
        "{ code: 'turn', field: 1, offset: 16, message: 'x' }",
        "{ code: 'turn', field: 1, offset: 16, ... }",
      ),
    ).toBe(true);
    expect(matchesComment('false 28', 'false  28')).toBe(true);
    expect(matchesComment('false 29', 'false 28')).toBe(false);
    expect(matchesComment('a(b)', 'a(b)')).toBe(true);
  });
});
