import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { errorCodeCoverage, vectorCases } from '../index.js';
import { runCase, type Codec, type MoveCodec } from '../run.js';
import type { VectorCase, VectorFile } from '../types.js';

// Test support for the adapters (`src/<format>.conformance.test.ts`): the vector files of a
// format are found on disk, so a new topic file runs without any code change.

export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const VECTORS_DIR = join(PACKAGE_DIR, 'vectors');

/** The formats that have vector files: the directories of `vectors/`. */
export function vectorFormats(): string[] {
  return readdirSync(VECTORS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Every vector file of a format, read from `vectors/<format>/*.json` in name order. Their shape
 * is checked against the schema by the corpus sanity test, which makes the cast sound.
 */
export function vectorFilesOf(format: string): VectorFile[] {
  const dir = join(VECTORS_DIR, format);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as VectorFile);
}

export interface ConformanceOptions {
  /** Every error code the package exports: each is expected by some vector, and no vector expects another. */
  readonly errorCodes: readonly string[];
  /** The format's vector files; by default those of `vectors/<format>/` (`vectorFilesOf`). */
  readonly files?: readonly VectorFile[];
}

function isMoveCodec(codec: object): codec is MoveCodec<unknown, unknown> {
  return typeof (codec as { position?: unknown }).position === 'function';
}

/**
 * Runs every case of every vector file of `format` against a package, one test per case (a
 * case passes with nothing unchecked), and checks the package's error codes against the
 * corpus. Returns the cases, for the adapter's own extra tests.
 */
export function describeConformance<V, P, M>(
  format: string,
  codec: Codec<V> | MoveCodec<P, M>,
  options: ConformanceOptions,
): readonly VectorCase[] {
  const cases = vectorCases(options.files ?? vectorFilesOf(format));
  const run = (vector: VectorCase) =>
    isMoveCodec(codec) ? runCase(vector, codec) : runCase(vector, codec as Codec<V>);
  describe(`${format} conformance vectors`, () => {
    test('the format has cases', () => {
      expect(cases.length).toBeGreaterThan(0);
    });

    test.each(cases.map((c) => [c.id, c] as const))('%s', (_id, vector) => {
      const outcome = run(vector);
      expect(outcome.reasons, vector.description).toEqual([]);
      expect(outcome.unchecked).toEqual([]);
    });

    test('every error code the package exports is exercised by a vector, and no other code is expected', () => {
      expect(errorCodeCoverage(cases, options.errorCodes)).toEqual({ missing: [], unknown: [] });
    });
  });
  return cases;
}
