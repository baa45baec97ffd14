import {
  STYLE12_ERROR_CODES,
  holdingsToJson,
  parseHoldings,
  parseStyle12,
  style12ToJson,
  writeHoldings,
  writeStyle12,
  type Holdings,
  type Style12,
  type Style12ParseOptions,
} from '@chess-formats/style12';
import { describe, expect, test } from 'vitest';
import type { Codec } from './run.js';
import { describeConformance } from './testing/corpus.js';

// The style 12 vectors run through @chess-formats/style12. A case whose input holds `<b1>` is a
// holdings line; every other case is a board line.
const isRecord = (value: Style12 | Holdings): value is Style12 => 'setup' in value;

const codec: Codec<Style12 | Holdings> = {
  parse: (input, options) =>
    input.includes('<b1>') ? parseHoldings(input, options as Style12ParseOptions) : parseStyle12(input, options as Style12ParseOptions),
  write: (value) => (isRecord(value) ? writeStyle12(value) : writeHoldings(value)),
  toJson: (value) => (isRecord(value) ? style12ToJson(value) : holdingsToJson(value)),
};

const cases = describeConformance('style12', codec, { errorCodes: STYLE12_ERROR_CODES });

describe('style 12 conformance vectors, beyond error codes', () => {
  test('there are at least 80 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
  });

  test('every relation code, every double-push file and 30 to 34 tokens appear', () => {
    const accepted = cases.filter((c) => c.result === 'valid').map((c) => parseStyle12(c.input, c.options as Style12ParseOptions));
    const records = accepted.flatMap((r) => (r.ok ? [r.value] : []));
    expect(new Set(records.map((r) => r.relation))).toEqual(new Set([-4, -3, -2, -1, 0, 1, 2]));
    expect(new Set(records.flatMap((r) => r.setup.epSquares.map((s) => s & 7)))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7]));
    const lengths = new Set(records.map((r) => writeStyle12(r).split(' ').length));
    for (const n of [30, 31, 32, 33, 34]) expect(lengths.has(n), `${String(n)} tokens`).toBe(true);
  });
});
