import { VALIDATION_PROBLEMS, setupToJson, validateSetup, type Setup } from '@chess-formats/board-core';
import {
  FEN_ERROR_CODES,
  enPassantCapturable,
  parseFen,
  writeFen,
  type FenParseOptions,
  type FenWriteOptions,
} from '@chess-formats/fen';
import { describe, expect, test } from 'vitest';
import type { Codec } from './run.js';
import { describeConformance } from './testing/corpus.js';
import type { VectorOptions } from './types.js';

// The FEN vectors run through @chess-formats/fen's parser, writer and validator. The vectors
// are data; this file only adapts the package's API to the runner.

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

const cases = describeConformance('fen', codec, { errorCodes: FEN_ERROR_CODES });

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
