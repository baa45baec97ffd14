import { describe, expect, test } from 'vitest';
import { readLines, type Line } from './lines.js';

async function* from(chunks: readonly (string | Uint8Array)[]): AsyncGenerator<string | Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

async function collect(chunks: readonly (string | Uint8Array)[], maxLength = 100): Promise<Line[]> {
  const lines: Line[] = [];
  for await (const line of readLines(from(chunks), maxLength)) lines.push(line);
  return lines;
}

describe('readLines', () => {
  test('splits on newlines across chunk boundaries and numbers the lines', async () => {
    expect(await collect(['ab', 'c\nde', 'f\n\ng'])).toEqual([
      { number: 1, text: 'abc', overflow: false },
      { number: 2, text: 'def', overflow: false },
      { number: 3, text: '', overflow: false },
      { number: 4, text: 'g', overflow: false },
    ]);
  });

  test('strips a CRLF terminator and a leading byte order mark', async () => {
    expect(await collect(['\uFEFFx\r\ny\r\n'])).toEqual([
      { number: 1, text: 'x', overflow: false },
      { number: 2, text: 'y', overflow: false },
    ]);
  });

  test('a final newline does not produce an extra empty line', async () => {
    expect((await collect(['a\n'])).map((l) => l.text)).toEqual(['a']);
    expect(await collect([])).toEqual([]);
  });

  test('decodes UTF-8 split across byte chunks', async () => {
    const bytes = new TextEncoder().encode('é\nü');
    const lines = await collect([bytes.slice(0, 1), bytes.slice(1, 4), bytes.slice(4)]);
    expect(lines.map((l) => l.text)).toEqual(['é', 'ü']);
  });

  test('keeps only the first maxLength characters of a long line and flags it', async () => {
    const lines = await collect(['0123456789', 'abcdef\nok'], 8);
    expect(lines).toEqual([
      { number: 1, text: '01234567', overflow: true },
      { number: 2, text: 'ok', overflow: false },
    ]);
  });

  test('memory stays bounded on a huge line without a newline', async () => {
    const chunk = 'x'.repeat(1 << 16);
    const chunks = Array.from({ length: 64 }, () => chunk);
    const lines = await collect(chunks, 1000);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.text).toHaveLength(1000);
    expect(lines[0]?.overflow).toBe(true);
  });
});
