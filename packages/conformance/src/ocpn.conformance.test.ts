import { parseOcpn } from '@chess-formats/ocpn';
import { describe, expect, test } from 'vitest';
import { vectorCases } from './index.js';
import { vectorFilesOf } from './testing/corpus.js';

// The OCPN vectors run through ocpnFormat with the other text formats of the list
// (formats.conformance.test.ts); these are the OCPN corpus's own checks.

const cases = vectorCases(vectorFilesOf('ocpn'));

describe('OCPN conformance vectors, beyond error codes', () => {
  test('at least 60 cases, valid and invalid, in default and strict mode', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const mode of [false, true]) {
      const mine = cases.filter((c) => (c.options?.['strict'] === true) === mode);
      expect(mine.some((c) => c.result === 'valid')).toBe(true);
      expect(mine.some((c) => c.result === 'invalid')).toBe(true);
    }
  });

  test('the validation problems only Omega Chess Advanced can have are exercised here (FEN has the others)', () => {
    const used = new Set(cases.flatMap((c) => c.expected?.problems ?? []));
    expect(used.has('guarding-rights')).toBe(true);
  });

  test('every field index of the error table appears in some vector', () => {
    const used = new Set(cases.flatMap((c) => (c.error ? [c.error.field] : [])));
    expect([...used].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test('every lenient case has a strict counterpart that the strict topic rejects', () => {
    const lenient = cases.filter((c) => c.flags?.includes('lenient'));
    expect(lenient.length).toBeGreaterThan(5);
    for (const c of lenient) expect(parseOcpn(c.input, { strict: true }).ok, c.id).toBe(false);
  });
});
