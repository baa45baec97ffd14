import { detectFormat } from '@chess-formats/formats';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PACKAGE_DIR, describeConformance, vectorFormats } from './testing/corpus.js';
import { NOTATION_VECTORS, STREAM_FORMATS, TEXT_FORMATS, codecOf } from './testing/formats.js';

// Every format of the one list (FORMATS of @chess-formats/formats) against its vectors,
// `vectors/<name>/*.json`: text formats through their descriptors, here; stream formats and
// board-core's move notations through their own adapters, `src/<name>.conformance.test.ts`.

for (const format of TEXT_FORMATS) {
  const cases = describeConformance(format.name, codecOf(format), { errorCodes: format.errorCodes });

  test(`${format.name}: every record the format reads is detected as that format`, () => {
    const misread = cases
      .filter((c) => format.parse(c.input, c.options).ok)
      .filter((c) => detectFormat(c.input).format !== format)
      .map((c) => c.id);
    expect(misread).toEqual([]);
  });
}

describe('the corpus and the list', () => {
  test('every format of the list has vectors, and every vector folder is a format of the list or a notation', () => {
    const names = [...TEXT_FORMATS, ...STREAM_FORMATS].map((format) => format.name);
    expect(vectorFormats()).toEqual([...names, ...NOTATION_VECTORS].sort());
  });

  test.each([...STREAM_FORMATS.map((format) => format.name), ...NOTATION_VECTORS])('%s has its own adapter', (name) => {
    expect(existsSync(join(PACKAGE_DIR, 'src', `${name}.conformance.test.ts`))).toBe(true);
  });
});
