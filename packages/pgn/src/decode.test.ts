import { describe, expect, test } from 'vitest';
import { ByteDecoder } from './decode.js';
import { createPgnReader, type PgnEvent } from './read.js';
import { concatBytes } from './testing/bytes.js';

const encoder = new TextEncoder();

/** Games with a Latin-1 name (a byte that is no UTF-8) now and then, and a long line of comment. */
function bytesWithFaults(games: number): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let g = 0; g < games; g++) {
    const comment = g % 7 === 3 ? ` {${'a long comment '.repeat(1200)}}` : '';
    parts.push(encoder.encode(`[Event "${g}"]\n[White "`));
    if (g % 5 === 2) parts.push(new Uint8Array([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]));
    else parts.push(encoder.encode('Müller'));
    parts.push(encoder.encode(`"]\n\n1. e4 e5${comment} 2. Nf3 Nc6 1-0\n\n`));
  }
  return concatBytes(parts);
}

function read(bytes: Uint8Array, encoding: 'utf-8' | 'auto', chunk: number): PgnEvent[] {
  const reader = createPgnReader({ encoding });
  const events: PgnEvent[] = [];
  for (let i = 0; i < bytes.length; i += chunk) events.push(...reader.push(bytes.subarray(i, i + chunk)));
  return [...events, ...reader.end()];
}

describe('the byte decoder', () => {
  test('long bytes with faults, searched in blocks, give the events of the same bytes pushed in small chunks', () => {
    const bytes = bytesWithFaults(150);
    expect(bytes.length).toBeGreaterThan(4 * (1 << 14));
    for (const encoding of ['utf-8', 'auto'] as const) {
      const whole = read(bytes, encoding, bytes.length);
      expect(whole).toEqual(read(bytes, encoding, 1000));
      const codes = whole.flatMap((e) => (e.kind === 'game' ? (e.game.warnings ?? []).map((w) => w.code) : []));
      expect(codes.length, encoding).toBeGreaterThan(0);
      expect(codes.every((code) => code === (encoding === 'auto' ? 'latin1-fallback' : 'invalid-utf8'))).toBe(true);
    }
  });

  test('the text of the good blocks between faults is handed on joined, not a text per block', () => {
    // About 2.4 MB with one byte that is no UTF-8 near the start and one near the end.
    const game = encoder.encode(`[Event "e"]\n[White "Müller"]\n\n1. e4 e5 {${'a comment '.repeat(40)}} 1-0\n\n`);
    const games = Array.from({ length: Math.ceil(2_400_000 / game.length) }, () => game);
    const fault = new Uint8Array([0x4d, 0xfc, 0x0a]);
    const bytes = concatBytes([fault, ...games, fault]);
    const texts: string[] = [];
    const warnings: string[] = [];
    const sink = { text: (text: string) => texts.push(text), warn: (code: string) => warnings.push(code) };
    const decoder = new ByteDecoder('utf-8');
    decoder.push(bytes, sink);
    decoder.end(sink);
    expect(warnings).toEqual(['invalid-utf8', 'invalid-utf8']);
    expect(texts.join('')).toBe(new TextDecoder().decode(bytes));
    expect(bytes.length / (1 << 14)).toBeGreaterThan(140);
    // The text before and after each fault, the fault's U+FFFD, and the good text between in
    // texts of a megabyte: not one per 16 KiB block.
    expect(texts.length).toBeLessThanOrEqual(10);
  });

  test('a byte that is no lead, or a lead with a byte out of its range, at the end of a chunk reads as in the middle', () => {
    // 0xF5 is no lead byte, 0xE0 0x80 an overlong start, 0xF4 0x90 past U+10FFFF: each a fault
    // of its own whatever follows; 0xE2 0x82 a character cut (held for the next chunk).
    const warnings = (bytes: Uint8Array, chunk: number): string[] =>
      read(bytes, 'utf-8', chunk).flatMap((e) =>
        e.kind === 'game' ? (e.game.warnings ?? []).map((w) => w.message) : [],
      );
    for (const faulty of [
      [0xf5, 0x80],
      [0xe0, 0x80],
      [0xf4, 0x90, 0x80],
      [0xe2, 0x82, 0x41],
    ]) {
      const bytes = new Uint8Array([
        ...new TextEncoder().encode('1. e4 {'),
        ...faulty,
        ...new TextEncoder().encode('} *'),
      ]);
      const whole = warnings(bytes, bytes.length);
      expect(whole.length, String(faulty)).toBeGreaterThan(0);
      for (const chunk of [1, 2, 3, 8])
        expect(warnings(bytes, chunk), `${String(faulty)} in chunks of ${chunk}`).toEqual(whole);
    }
    const [first] = warnings(
      new Uint8Array([...new TextEncoder().encode('{'), 0xf5, 0x80, ...new TextEncoder().encode('} 1. e4 *')]),
      1,
    );
    expect(first).toBe('bytes that are not UTF-8 (0xF5) at byte 1, read as U+FFFD');
  });
});
