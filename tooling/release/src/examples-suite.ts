import { describe, expect, test } from 'vitest';
import { bundleExamples, matchesComment, runExample, scratchDir, typeErrors, type Example } from './readme-examples.js';

/**
 * The tests every set of examples is held to (README blocks, `@example` blocks): there are at
 * least `minimum`, each has a `// →` line to check, all type-check under the strict settings,
 * and each runs against the sources and prints what its comments say.
 */
export function describeExamples(title: string, examples: readonly Example[], scratch: string, minimum: number): void {
  const dir = scratchDir(scratch);
  // One build of all the examples, made when the first one runs.
  let bundled: Promise<boolean> | undefined;
  describe(title, () => {
    test(`there are at least ${minimum}, and every one has a printed line to check`, () => {
      expect(examples.length).toBeGreaterThanOrEqual(minimum);
      expect(examples.filter((e) => e.expectations.length === 0).map((e) => e.where)).toEqual([]);
    });

    test('every example type-checks under the strict settings', () => {
      expect(typeErrors(examples, dir)).toEqual([]);
    }, 60_000);

    test.each(examples.map((e, i) => [e.where, e, i] as const))(
      '%s runs and prints what its comments say',
      async (_where, example, index) => {
        bundled ??= bundleExamples(examples, dir);
        const printed = await runExample(example, dir, index, await bundled);
        for (const { line, text } of example.expectations) {
          const mine = printed.filter((p) => p.line === line);
          expect(mine.length, `${example.where} line ${line} printed nothing`).toBeGreaterThan(0);
          for (const p of mine) expect(matchesComment(p.text, text), `printed ${p.text}\nexpected ${text}`).toBe(true);
        }
      },
    );
  });
}
