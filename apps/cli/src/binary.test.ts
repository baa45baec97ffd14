import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isBinaryLine } from './binary.js';
import type { CommandIo } from './line-command.js';
import { main } from './main.js';
import { memoryIo } from './test-io.js';

/** `chess-formats detect` over bytes given as standard input, as a pipe gives them. */
async function detectBytes(bytes: Uint8Array): Promise<{ status: number; out: string }> {
  const { io: strings, captured } = memoryIo('');
  const io: CommandIo = {
    ...strings,
    stdin: async function* () {
      // Chunks of 13 bytes, so that UTF-8 sequences and lines cross chunk boundaries.
      for (let i = 0; i < bytes.length; i += 13) yield bytes.subarray(i, i + 13);
    },
  };
  const status = await main(['detect'], io);
  return { status, out: captured.out };
}

const SESSION = new URL('../../../packages/icc-dg/samples/session.icc', import.meta.url);

describe('isBinaryLine', () => {
  test.each([
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', false],
    ['\x19(24 117 e2e4 179\x19)\x19(56 117 W 177840 1\x19)', false],
    ['\x19[2 Corvid\r', false],
    ['\rfics% \x07', false],
    ['Müller–Ostrowski, a name in UTF-8 \u2013 and one \uFFFD from a Latin-1 byte', false],
    ['tab\tseparated\tfields\x1a', false],
    ['a\u0000b', true],
    ['\uFFFD\uFFFD(ab', true],
    ['\x19A\x19B', true],
    ['\x01\x02\x03\x04 text', true],
    ['\x7f\x85', true],
    ['', false],
  ])('%j: %s', (line, binary) => {
    expect(isBinaryLine(line)).toBe(binary);
  });

  test('one suspect character in eight is text, one more is binary', () => {
    expect(isBinaryLine('\x01abcdefg')).toBe(false);
    expect(isBinaryLine('\x01\x02abcdefghijklmn')).toBe(false);
    expect(isBinaryLine('\x01\x02abcdefghijklm')).toBe(true);
  });
});

describe('chess-formats detect on binary input', () => {
  test('random bytes are binary or unknown, never icc-stream (or any format), and exit 1', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 64, maxLength: 4096 }), async (bytes) => {
        const { status, out } = await detectBytes(bytes);
        const words = new Set(out.split('\n').filter((word) => word !== ''));
        expect(words.has('icc-stream')).toBe(false);
        for (const word of words) expect(['binary', 'unknown']).toContain(word);
        // Some line is binary: one of 64 random bytes or more is suspect or a NUL.
        if (words.size > 0) expect(status).toBe(1);
      }),
      { numRuns: 60 },
    );
  });

  test('a file of random bytes: no line of a format, nearly every one binary (seeded: the same file every run)', async () => {
    let seed = 0x2545f491;
    const bytes = new Uint8Array(50_000).map(() => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 24;
    });
    const { status, out } = await detectBytes(bytes);
    const words = out.split('\n').filter((word) => word !== '');
    expect(words.length).toBeGreaterThan(100);
    // A line of a few printable bytes between two LF bytes is text, and unknown.
    expect(words.filter((word) => word !== 'binary' && word !== 'unknown')).toEqual([]);
    expect(words.filter((word) => word === 'binary').length).toBeGreaterThan(words.length * 0.95);
    expect(status).toBe(1);
  });

  test('the ICC sample capture (control-Y delimiters, CR LF) is text: its lines are what they were', async () => {
    const bytes = readFileSync(SESSION);
    const lines = new TextDecoder().decode(bytes).split('\n');
    expect(lines.filter((line) => isBinaryLine(line))).toEqual([]);
    const { out } = await detectBytes(bytes);
    expect(out).not.toContain('binary');
    expect(out).toContain('icc-stream');
  });

  test('binary in --json and for an over-long line (its first part read)', async () => {
    const { io, captured } = memoryIo(`\x00\x01\x02\n${'\x03'.repeat(300_000)}\n`);
    expect(await main(['detect', '--json'], io)).toBe(1);
    expect(captured.out).toBe('{"line":1,"format":"binary"}\n{"line":2,"format":"binary"}\n');
  });
});

/** Real ICC captures beside the repository, when they are there: none may read as binary. */
const REAL = new URL('../../../../shared/real/', import.meta.url);
const realCaptures = (): string[] => {
  const files = existsSync(new URL('icc-capture.bin', REAL)) ? [fileURLToPath(new URL('icc-capture.bin', REAL))] : [];
  const dir = new URL('icc/', REAL);
  if (existsSync(dir)) files.push(...readdirSync(dir).map((name) => join(fileURLToPath(dir), name)));
  return files;
};

describe.skipIf(realCaptures().length === 0)('real ICC captures (skipped: ../shared/real/icc* is absent)', () => {
  test.each(realCaptures())('%s: no line is binary', async (file) => {
    const bytes = readFileSync(file);
    const lines = new TextDecoder().decode(bytes).split('\n');
    expect(lines.filter((line) => isBinaryLine(line)).slice(0, 3)).toEqual([]);
    const { out } = await detectBytes(bytes);
    expect(out).not.toContain('binary');
  });
});
