import { describe, expect, test } from 'vitest';
import { vectorCases } from './index.js';
import { vectorFilesOf } from './testing/corpus.js';

// The FENr vectors run through fenrFormat with the other text formats of the list
// (formats.conformance.test.ts); these are the FENr corpus's own checks.

const cases = vectorCases(vectorFilesOf('fenr'));

describe('FENr conformance vectors, beyond error codes', () => {
  test('at least 60 cases, valid and invalid, default and strict', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(cases.filter((c) => c.result === 'valid').length).toBeGreaterThanOrEqual(20);
    expect(cases.filter((c) => c.result === 'invalid').length).toBeGreaterThanOrEqual(40);
    expect(cases.some((c) => c.options?.['strict'] === true && c.result === 'valid')).toBe(true);
  });

  test('every field index of the error table appears in some vector', () => {
    const used = new Set(cases.flatMap((c) => (c.error ? [c.error.field] : [])));
    expect([...used].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
