import { VALIDATION_PROBLEMS } from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { vectorCases } from './index.js';
import { vectorFilesOf } from './testing/corpus.js';

// The FEN vectors run through fenFormat with the other text formats of the list
// (formats.conformance.test.ts); these are the FEN corpus's own checks.

const cases = vectorCases(vectorFilesOf('fen'));

describe('FEN conformance vectors, beyond error codes', () => {
  test('every validation problem a FEN position can have is exercised by at least one vector', () => {
    const used = new Set(cases.flatMap((c) => c.expected?.problems ?? []));
    // Guarding rights belong to Omega Chess Advanced, which FEN cannot write: the OCPN vectors
    // exercise that problem (src/ocpn.conformance.test.ts).
    const fenProblems = VALIDATION_PROBLEMS.filter((problem) => problem !== 'guarding-rights');
    expect(fenProblems.filter((problem) => !used.has(problem))).toEqual([]);
    expect([...used].filter((p) => !(VALIDATION_PROBLEMS as readonly string[]).includes(p))).toEqual([]);
  });

  test('every field index of the error table appears in some vector', () => {
    const fields = new Set(cases.flatMap((c) => (c.error ? [c.error.field] : [])));
    expect([...fields].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
