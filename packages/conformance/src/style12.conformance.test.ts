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
import castling from '../vectors/style12/castling.json' with { type: 'json' };
import clocks from '../vectors/style12/clocks.json' with { type: 'json' };
import enPassant from '../vectors/style12/en-passant.json' with { type: 'json' };
import errors from '../vectors/style12/errors.json' with { type: 'json' };
import examples from '../vectors/style12/examples.json' with { type: 'json' };
import holdings from '../vectors/style12/holdings.json' with { type: 'json' };
import moves from '../vectors/style12/moves.json' with { type: 'json' };
import names from '../vectors/style12/names.json' with { type: 'json' };
import relation from '../vectors/style12/relation.json' with { type: 'json' };
import tokens from '../vectors/style12/tokens.json' with { type: 'json' };
import { errorCodeCoverage, runCase, vectorCases, type Codec, type VectorCase, type VectorFile } from './index.js';

// The style 12 vectors run through @chess-formats/style12. A case whose input holds `<b1>` is a
// holdings line; every other case is a board line.
const files = [examples, relation, castling, enPassant, moves, holdings, names, clocks, tokens, errors] as readonly VectorFile[];
const cases: readonly VectorCase[] = vectorCases(files);

const isRecord = (value: Style12 | Holdings): value is Style12 => 'setup' in value;

const codec: Codec<Style12 | Holdings> = {
  parse: (input, options) =>
    input.includes('<b1>') ? parseHoldings(input, options as Style12ParseOptions) : parseStyle12(input, options as Style12ParseOptions),
  write: (value) => (isRecord(value) ? writeStyle12(value) : writeHoldings(value)),
  toJson: (value) => (isRecord(value) ? style12ToJson(value) : holdingsToJson(value)),
};

describe('style 12 conformance vectors', () => {
  test('there are at least 80 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
  });

  test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, vector) => {
    const outcome = runCase(vector, codec);
    expect(outcome.reasons, vector.description).toEqual([]);
    expect(outcome.unchecked).toEqual([]);
  });

  test('every style 12 error code is exercised by at least one vector', () => {
    expect(errorCodeCoverage(cases, STYLE12_ERROR_CODES)).toEqual({ missing: [], unknown: [] });
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
