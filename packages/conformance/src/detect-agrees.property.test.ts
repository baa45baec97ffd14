import { TEXT_FORMATS } from '@chess-formats/formats';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { vectorFilesOf } from './testing/corpus.js';

// A format that says it is sure of a text (0.9 and above) must read it, and one that reads a
// text must be sure of it: the CLI and the demo pick the parser by detection, so a detector
// surer than its parser turns a good text into an error (style 12 after a blank once did).

/**
 * Readers that read almost any text by design (the PGN reader reads the empty text as a
 * database of no games, and moves without numbers): only their sureness must imply reading.
 */
const LENIENT = new Set(['pgn']);

/** What people paste around a record: blanks, line ends, a byte-order mark, a prompt, holdings. */
const WRAPPINGS = [' ', '\t', '\n', '\r\n', '\n\n', '\uFEFF', 'fics% ', 'x', '\n<b1> game 1 white [] black []'];

describe.each(TEXT_FORMATS.map((format) => [format.name, format] as const))('%s', (_name, format) => {
  const inputs = vectorFilesOf(format.name).flatMap((file) =>
    file.cases.flatMap((c) => (typeof c.input === 'string' && c.options === undefined ? [c.input] : [])),
  );
  test('detection is sure of a text exactly when parsing reads it, around and inside', () => {
    expect(inputs.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(
        fc.constantFrom(...inputs),
        fc.constantFrom('', ...WRAPPINGS),
        fc.constantFrom('', ...WRAPPINGS),
        fc.option(fc.tuple(fc.nat(), fc.constantFrom(' ', '/', '1', 'k', '-', '\n', '<'), fc.boolean())),
        (input, before, after, edit) => {
          let text = `${before}${input}${after}`;
          if (edit !== null) {
            const [at, char, insert] = edit;
            const i = at % (text.length + 1);
            text = `${text.slice(0, i)}${char}${text.slice(insert ? i : i + 1)}`;
          }
          const sure = format.detect(text) >= 0.9;
          const reads = format.parse(text).ok;
          if (LENIENT.has(format.name)) {
            if (sure) expect(reads, JSON.stringify(text)).toBe(true);
          } else expect(sure, JSON.stringify(text)).toBe(reads);
        },
      ),
      { numRuns: 300 },
    );
  });
});

test('style 12 after a blank is a broken record, as its parser says', () => {
  const style12 = TEXT_FORMATS.find((format) => format.name === 'style12');
  const line = vectorFilesOf('style12')
    .flatMap((file) => file.cases)
    .find((c) => c.result === 'valid' && typeof c.input === 'string' && c.input.startsWith('<12>'))?.input as string;
  for (const text of [` ${line}`, `\t${line}`]) {
    expect(style12?.parse(text).ok).toBe(false);
    expect(style12?.detect(text)).toBe(0.7);
  }
  expect(style12?.detect(`fics% ${line}`)).toBe(0.95);
});
