import { parseStyle12, writeStyle12, type Style12ParseOptions } from '@chess-formats/style12';
import { describe, expect, test } from 'vitest';
import { vectorCases } from './index.js';
import { vectorFilesOf } from './testing/corpus.js';

// The style 12 vectors run through style12Format (and parseHoldings for `<b1>` lines) with
// the other text formats of the list (formats.conformance.test.ts); these are the style 12
// corpus's own checks.

const cases = vectorCases(vectorFilesOf('style12'));

describe('style 12 conformance vectors, beyond error codes', () => {
  test('there are at least 80 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
  });

  test('every relation code, every double-push file and 30 to 34 tokens appear', () => {
    const accepted = cases
      .filter((c) => c.result === 'valid')
      .map((c) => parseStyle12(c.input, c.options as Style12ParseOptions));
    const records = accepted.flatMap((r) => (r.ok ? [r.value] : []));
    expect(new Set(records.map((r) => r.relation))).toEqual(new Set([-4, -3, -2, -1, 0, 1, 2]));
    expect(new Set(records.flatMap((r) => r.setup.epSquares.map((s) => s & 7)))).toEqual(
      new Set([0, 1, 2, 3, 4, 5, 6, 7]),
    );
    const lengths = new Set(records.map((r) => writeStyle12(r).split(' ').length));
    for (const n of [30, 31, 32, 33, 34]) expect(lengths.has(n), `${String(n)} tokens`).toBe(true);
  });
});
