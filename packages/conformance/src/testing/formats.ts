import { setupToJson, validateSetup, type TextFormat } from '@chess-formats/board-core';
import { holdingsToJson, parseHoldings, writeHoldings, type Holdings } from '@chess-formats/style12';
import type { Codec } from '../run.js';
import type { VectorOptions } from '../types.js';

// The text formats of the one list run their vectors through their descriptors: a new format
// in FORMATS with a folder of vectors is checked with no code here.

// The formats of the list, by kind.
export { STREAM_FORMATS, TEXT_FORMATS } from '@chess-formats/formats';

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
