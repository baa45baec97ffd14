import { setupToJson, type Setup } from '@chess-formats/board-core';
import { FENR_ERROR_CODES, parseFenr, writeFenr, type FenrParseOptions } from '@chess-formats/fenr';
import { describe, expect, test } from 'vitest';
import type { Codec } from './run.js';
import { describeConformance } from './testing/corpus.js';

// The FENr vectors run through @chess-formats/fenr's parser and writer. The vectors are data;
// this file only adapts the package's API to the runner.

const codec: Codec<Setup> = {
  parse: (input, options) => parseFenr(input, options as FenrParseOptions | undefined),
  write: (setup) => writeFenr(setup),
  toJson: setupToJson,
};

const cases = describeConformance('fenr', codec, { errorCodes: FENR_ERROR_CODES });

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
