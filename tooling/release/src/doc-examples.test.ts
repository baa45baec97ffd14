import { describe, expect, test } from 'vitest';
import { docExamplesOf, matchesComment, runExample, scratchDir, sourceFiles, typeErrors } from './readme-examples.js';

// The examples of the API reference (`@example` in doc comments) are held to what README
// examples are: they type-check, run against the sources, and print what their `// →` says.
const examples = sourceFiles().flatMap(docExamplesOf);
const dir = scratchDir('doc-examples');

describe('API reference examples', () => {
  test('the main entry points have one, and each has a printed line to check', () => {
    expect(examples.length).toBeGreaterThanOrEqual(15);
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
