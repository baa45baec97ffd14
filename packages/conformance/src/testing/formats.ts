import { setupToJson, validateSetup, type TextFormat } from '@chess-formats/board-core';
import { STREAM_FORMATS, TEXT_FORMATS, detectFormat } from '@chess-formats/formats';
import { holdingsToJson, parseHoldings, writeHoldings, type Holdings } from '@chess-formats/style12';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Codec } from '../run.js';
import type { VectorFile, VectorOptions } from '../types.js';
import { PACKAGE_DIR, describeConformance, vectorFilesOf, vectorFormats } from './corpus.js';

// The text formats of the one list run their vectors through their descriptors: a new format
// in FORMATS with a folder of vectors is checked with no code here.

// The formats of the list, by kind.
export { STREAM_FORMATS, TEXT_FORMATS };

/** Vector folders that are no format of the list: board-core's move notations, with their own adapter. */
export const NOTATION_VECTORS = ['moves'] as const;

/** A runner's codec for a text format, from its descriptor alone. */
export function descriptorCodec(format: TextFormat): Codec<unknown> {
  return {
    parse: (input, options) => format.parse(input, options),
    write: (value, options) => format.write(value, options),
    toJson: (value) => (format.toJson ? format.toJson(value) : setupToJson(format.setupOf(value))),
    // The legality of a position is the model's business: the same check for every format.
    validate: (value) => validateSetup(format.setupOf(value)),
  };
}

const isHoldingsLine = (input: string): boolean => input.includes('<b1>');
const isHoldings = (value: unknown): value is Holdings =>
  typeof value === 'object' && value !== null && !('setup' in value);

/**
 * What some formats' vectors check beyond the descriptor: the
 * `<b1>` holdings lines that sit in style 12's corpus but are records of their own.
 */
export const CODEC_EXTRAS: Readonly<Record<string, (codec: Codec<unknown>) => Codec<unknown>>> = {
  style12: (codec) => ({
    parse: (input, options: VectorOptions | undefined) =>
      isHoldingsLine(input) ? parseHoldings(input, options) : codec.parse(input, options),
    write: (value, options) => (isHoldings(value) ? writeHoldings(value) : codec.write(value, options)),
    toJson: (value) => (isHoldings(value) ? holdingsToJson(value) : codec.toJson?.(value)),
  }),
};

/** The codec a format's vectors run through. */
export function codecOf(format: TextFormat): Codec<unknown> {
  const codec = descriptorCodec(format);
  return Object.prototype.hasOwnProperty.call(CODEC_EXTRAS, format.name)
    ? (CODEC_EXTRAS[format.name] as (c: Codec<unknown>) => Codec<unknown>)(codec)
    : codec;
}

/** Where the list's loop finds its vectors: the files of a format, and the formats that have some. */
export interface VectorSource {
  readonly filesOf: (format: string) => readonly VectorFile[];
  readonly formats: () => readonly string[];
}

/**
 * The conformance loop over the one list: every text format of `FORMATS` against its vectors,
 * through its descriptor, each record it reads detected as that format; the corpus's folders
 * are the list's formats and the notations, each stream format and notation with its own
 * adapter. By default the vectors of `vectors/`; the recipe's proof adds a toy's.
 */
export function describeListConformance(
  source: VectorSource = { filesOf: vectorFilesOf, formats: vectorFormats },
): void {
  for (const format of TEXT_FORMATS) {
    const cases = describeConformance(format.name, codecOf(format), {
      errorCodes: format.errorCodes,
      files: source.filesOf(format.name),
    });

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
      expect(source.formats()).toEqual([...names, ...NOTATION_VECTORS].sort());
    });

    test.each([...STREAM_FORMATS.map((format) => format.name), ...NOTATION_VECTORS])(
      '%s has its own adapter',
      (name) => {
        expect(existsSync(join(PACKAGE_DIR, 'src', `${name}.conformance.test.ts`))).toBe(true);
      },
    );
  });
}
