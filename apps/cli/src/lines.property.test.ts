import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readLines } from './lines.js';

async function* chunked(text: string, cuts: readonly number[]): AsyncGenerator<string> {
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const end = Math.min(cut, text.length);
    if (end > start) yield text.slice(start, end);
    start = Math.max(start, end);
  }
  if (start < text.length) yield text.slice(start);
}

async function linesOf(text: string, cuts: readonly number[], maxLength: number) {
  const out: { text: string; overflow: boolean }[] = [];
  for await (const line of readLines(chunked(text, cuts), maxLength))
    out.push({ text: line.text, overflow: line.overflow });
  return out;
}

/** The reference: split on newlines, drop a BOM and one CR before each newline, then cap each line. */
function reference(text: string, maxLength: number) {
  if (text === '') return [];
  const parts = text.split('\n');
  if (parts.at(-1) === '') parts.pop();
  return parts.map((part, i) => {
    let line = i === 0 && part.startsWith('\uFEFF') ? part.slice(1) : part;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    return line.length > maxLength
      ? { text: line.slice(0, maxLength), overflow: true }
      : { text: line, overflow: false };
  });
}

describe('readLines properties', () => {
  test('any chunking gives the same lines as splitting the whole text', async () => {
    const alphabet = fc.constantFrom('a', 'b', ' ', '\n', '\r', '\uFEFF', 'é');
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: alphabet, maxLength: 60 }),
        fc.array(fc.nat(60), { maxLength: 8 }),
        fc.integer({ min: 1, max: 12 }),
        async (text, cuts, maxLength) => {
          expect(await linesOf(text, cuts, maxLength)).toEqual(reference(text, maxLength));
        },
      ),
      { numRuns: 500 },
    );
  });
});
