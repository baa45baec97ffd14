import { setupToJson, type Setup } from '@chess-formats/board-core';
import { FENR_ERROR_CODES, parseFenr, writeFenr, type FenrParseOptions } from '@chess-formats/fenr';
import { describe, expect, test } from 'vitest';
import examples from '../vectors/fenr/examples.json' with { type: 'json' };
import fields from '../vectors/fenr/fields.json' with { type: 'json' };
import placement from '../vectors/fenr/placement.json' with { type: 'json' };
import strict from '../vectors/fenr/strict.json' with { type: 'json' };
import { errorCodeCoverage, vectorCases } from './index.js';
import { runCase, type Codec } from './run.js';
import type { VectorCase, VectorFile } from './types.js';

// The FENr vectors run through @chess-formats/fenr's parser and writer. The vectors are data;
// this file only adapts the package's API to the runner. Their shape is checked against the
// schema by the corpus sanity test, which makes the cast sound.
const files = [examples, placement, fields, strict] as unknown as readonly VectorFile[];
const cases: readonly VectorCase[] = vectorCases(files);

const codec: Codec<Setup> = {
  parse: (input, options) => parseFenr(input, options as FenrParseOptions | undefined),
  write: (setup) => writeFenr(setup),
  toJson: setupToJson,
};

describe('FENr conformance vectors', () => {
  test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, vector) => {
    const outcome = runCase(vector, codec);
    expect(outcome.reasons, vector.description).toEqual([]);
    expect(outcome.unchecked).toEqual([]);
  });

  test('at least 60 cases, valid and invalid, default and strict', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(cases.filter((c) => c.result === 'valid').length).toBeGreaterThanOrEqual(20);
    expect(cases.filter((c) => c.result === 'invalid').length).toBeGreaterThanOrEqual(40);
    expect(cases.some((c) => c.options?.['strict'] === true && c.result === 'valid')).toBe(true);
  });

  test('every FENr error code is exercised by at least one vector', () => {
    expect(errorCodeCoverage(cases, FENR_ERROR_CODES)).toEqual({ missing: [], unknown: [] });
  });

  test('every field index of the error table appears in some vector', () => {
    const used = new Set(cases.flatMap((c) => (c.error ? [c.error.field] : [])));
    expect([...used].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
