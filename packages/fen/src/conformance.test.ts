import { setupToJson, type Setup } from '@chess-formats/board-core';
import {
  loadVectors,
  runCase,
  vectorCases,
  type Codec,
  type VectorCase,
  type VectorOptions,
} from '@chess-formats/conformance';
import { describe, expect, test } from 'vitest';
import {
  FEN_ERROR_CODES,
  VALIDATION_PROBLEMS,
  enPassantCapturable,
  parseFen,
  validateSetup,
  writeFen,
  type FenParseOptions,
  type FenWriteOptions,
} from './index.js';

// The shared FEN vectors (@chess-formats/conformance) run through this package's own parser,
// writer and validator. The vectors are data; this file only adapts the API to the runner.

/**
 * Vector options are JSON, so the ep policy is named (`'legal'`) where the API takes a
 * predicate (which keeps `writeFen` small when unused). An option value this adapter does not
 * know throws, so a new vector option cannot be silently ignored.
 */
function writeOptions(options: VectorOptions | undefined): FenWriteOptions | undefined {
  if (options === undefined) return undefined;
  const { epPolicy, ...rest } = options;
  if (epPolicy === undefined) return rest as FenWriteOptions;
  if (epPolicy === 'always') return { ...(rest as FenWriteOptions), epPolicy: 'always' };
  if (epPolicy === 'legal') return { ...(rest as FenWriteOptions), epPolicy: enPassantCapturable };
  throw new TypeError(`unknown epPolicy ${JSON.stringify(epPolicy)}`);
}

const codec: Codec<Setup> = {
  parse: (input, options) => parseFen(input, options as FenParseOptions | undefined),
  write: (setup, options) => writeFen(setup, writeOptions(options)),
  toJson: setupToJson,
  validate: validateSetup,
};

/**
 * Cases where this package and the vector disagree and the vector is believed right (per the
 * README's tables); each is reported for a fix. Keep this list empty in a release.
 */
const KNOWN_DISAGREEMENTS: ReadonlySet<string> = new Set<string>([]);

const cases: readonly VectorCase[] = vectorCases(loadVectors('fen'));
const running = cases.filter((c) => !KNOWN_DISAGREEMENTS.has(c.id));

describe('FEN conformance vectors', () => {
  test.each(running.map((c) => [c.id, c] as const))('%s', (_id, vector) => {
    const outcome = runCase(vector, codec);
    expect(outcome.reasons, vector.description).toEqual([]);
    expect(outcome.unchecked).toEqual([]);
  });

  test('the skip list names only existing cases', () => {
    const ids = new Set(cases.map((c) => c.id));
    for (const id of KNOWN_DISAGREEMENTS) expect(ids.has(id), id).toBe(true);
  });

  test('every FEN error code is exercised by at least one vector', () => {
    const used = new Set(cases.flatMap((c) => (c.error ? [c.error.code] : [])));
    expect(FEN_ERROR_CODES.filter((code) => !used.has(code))).toEqual([]);
    // And no vector expects a code this package does not have.
    expect([...used].filter((code) => !(FEN_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  test('every validation problem is exercised by at least one vector', () => {
    const used = new Set(cases.flatMap((c) => c.expected?.problems ?? []));
    expect(VALIDATION_PROBLEMS.filter((problem) => !used.has(problem))).toEqual([]);
    expect([...used].filter((p) => !(VALIDATION_PROBLEMS as readonly string[]).includes(p))).toEqual([]);
  });

  test('every field index of the error table appears in some vector', () => {
    const fields = new Set(cases.flatMap((c) => (c.error ? [c.error.field] : [])));
    expect([...fields].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
