import { setupToJson, validateSetup } from '@chess-formats/board-core';
import { OCPN_ERROR_CODES, parseOcpn, writeOcpn, type OcpnParseOptions, type OcpnPosition } from '@chess-formats/ocpn';
import { describe, expect, test } from 'vitest';
import board from '../vectors/ocpn/board.json' with { type: 'json' };
import enPassant from '../vectors/ocpn/en-passant.json' with { type: 'json' };
import fields from '../vectors/ocpn/fields.json' with { type: 'json' };
import strict from '../vectors/ocpn/strict.json' with { type: 'json' };
import { errorCodeCoverage, runCase, vectorCases, type Codec, type VectorCase, type VectorFile } from './index.js';

// The OCPN vectors run through @chess-formats/ocpn's parser and writer. The vectors are data;
// this file only adapts the API to the runner.

const files = [board, fields, enPassant, strict] as readonly unknown[] as readonly VectorFile[];
const cases: readonly VectorCase[] = vectorCases(files);

const codec: Codec<OcpnPosition> = {
  parse: (input, options) => parseOcpn(input, options as OcpnParseOptions | undefined),
  write: (position, options) => {
    // writeOcpn has no options: a vector that gives some would be silently ignored.
    if (options !== undefined) throw new TypeError(`writeOcpn takes no options: ${JSON.stringify(options)}`);
    return writeOcpn(position);
  },
  // The value is a board-core Setup: its JSON and its legality are board-core's.
  toJson: setupToJson,
  validate: validateSetup,
};

describe('OCPN conformance vectors', () => {
  test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, vector) => {
    const outcome = runCase(vector, codec);
    expect(outcome.reasons, vector.description).toEqual([]);
    expect(outcome.unchecked).toEqual([]);
  });

  test('at least 60 cases, valid and invalid, in default and strict mode', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const mode of [false, true]) {
      const mine = cases.filter((c) => (c.options?.['strict'] === true) === mode);
      expect(mine.some((c) => c.result === 'valid')).toBe(true);
      expect(mine.some((c) => c.result === 'invalid')).toBe(true);
    }
  });

  test('every OCPN error code is exercised by at least one vector', () => {
    expect(errorCodeCoverage(cases, OCPN_ERROR_CODES)).toEqual({ missing: [], unknown: [] });
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
