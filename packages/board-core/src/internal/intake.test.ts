import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createTextIntake } from '@chess-formats/board-core/internal';

const encoder = new TextEncoder();

/** The text of `chunks` through one intake, ended; a chunk that is not text is marked `!`. */
function read(chunks: readonly unknown[], label?: unknown, byteCodes?: boolean): string {
  const intake = createTextIntake(label, byteCodes);
  return chunks.map((chunk) => intake.push(chunk) ?? '!').join('') + intake.end();
}

/** `bytes` cut at `cuts` (taken modulo its length, deduplicated). */
function cut(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.slice(from, point));
    from = point;
  }
  return chunks;
}

describe('the text intake', () => {
  test('bytes are decoded as UTF-8 by default, a character split between chunks comes out whole', () => {
    const bytes = encoder.encode('é€𝄞\r\n');
    expect(read(cut(bytes, [1, 3, 4, 6, 8, 10]))).toBe('é€𝄞\r\n');
    expect(read(['a', 'b'])).toBe('ab');
  });

  test('a string after bytes that end inside a character: the held bytes are U+FFFD, before the string', () => {
    expect(read([Uint8Array.of(0x61, 0xc3), 'b\n', Uint8Array.of(0xa9, 0x0a)])).toBe('a\uFFFDb\n\uFFFD\n');
    // At the end, likewise.
    expect(read([Uint8Array.of(0x61, 0xe2, 0x82)])).toBe('a\uFFFD');
  });

  test('a byte-order mark is dropped at the very start of the stream, as bytes or as U+FEFF in a string', () => {
    expect(read([encoder.encode('\ufeffa')])).toBe('a');
    expect(read(['\ufeffa'])).toBe('a');
    // Split inside the mark, or after empty chunks, it is still the start.
    expect(read(cut(encoder.encode('\ufeffa'), [1, 2]))).toBe('a');
    expect(read(['', new Uint8Array(0), '\ufeffa'])).toBe('a');
    // Only once, and only at the start.
    expect(read(['\ufeff\ufeffa'])).toBe('\ufeffa');
    expect(read(['a\ufeff', '\ufeffb'])).toBe('a\ufeff\ufeffb');
    expect(read([encoder.encode('a\ufeff'), encoder.encode('\ufeffb')])).toBe('a\ufeff\ufeffb');
  });

  test('a byte-order mark in bytes after a string chunk is a character (it was dropped by a fresh decoder)', () => {
    expect(read(['a', encoder.encode('\ufeffb')])).toBe('a\ufeffb');
    expect(read([encoder.encode('a'), 'b', encoder.encode('\ufeffc')])).toBe('ab\ufeffc');
  });

  test('end starts a new stream: a byte-order mark after it is dropped again', () => {
    const intake = createTextIntake();
    expect(intake.push('\ufeffa')).toBe('a');
    expect(intake.end()).toBe('');
    expect(intake.push(encoder.encode('\ufeffb'))).toBe('b');
    expect(intake.push(Uint8Array.of(0xc3))).toBe('');
    expect(intake.end()).toBe('\uFFFD');
    expect(intake.push('\ufeffc')).toBe('c');
  });

  test('byteCodes: each byte is the character of its code, ISO-8859-1 exactly', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(read([all], undefined, true)).toBe(String.fromCharCode(...all));
    // Long chunks too (the characters are made in slices).
    const long = new Uint8Array(20_000).fill(0xe9);
    expect(read([long], undefined, true)).toBe('é'.repeat(20_000));
    // The UTF-8 bytes of a byte-order mark are three Latin-1 characters; U+FEFF in a string is the mark.
    expect(read([encoder.encode('\ufeffa')], undefined, true)).toBe('ï»¿a');
    expect(read(['\ufeffa'], undefined, true)).toBe('a');
  });

  test('a label is a TextDecoder label; the WHATWG latin1 is windows-1252; an unknown label is UTF-8', () => {
    expect(read([Uint8Array.of(0x41, 0xe9, 0x80)], 'latin1')).toBe('Aé€');
    expect(read([Uint8Array.of(0xff, 0xfe, 0x41, 0x00)], 'utf-16le')).toBe('A');
    for (const label of ['bogus', 7, null, {}]) expect(read([encoder.encode('é')], label)).toBe('é');
    // Shift-JIS: an ASCII byte (0x5c) ends a character, which stays whole across a cut.
    const sjis = Uint8Array.of(0x83, 0x5c, 0x41);
    expect(read(cut(sjis, [1]), 'shift_jis')).toBe(read([sjis], 'shift_jis'));
    expect(read([sjis.subarray(0, 2)], 'shift_jis')).toBe('ソ');
  });

  test('never throws: what is neither a string nor readable bytes is undefined', () => {
    for (const chunk of [42, null, {}, undefined, [1, 2], new ArrayBuffer(2)])
      expect(createTextIntake().push(chunk)).toBeUndefined();
    const buffer = new ArrayBuffer(4);
    const view = new Uint8Array(buffer);
    structuredClone(buffer, { transfer: [buffer] });
    const intake = createTextIntake();
    expect(() => intake.push(view)).not.toThrow();
    expect(intake.push('a')).toBe('a');
  });

  test('property: bytes, not all UTF-8, cut anywhere, read as the whole decoded in one piece', () => {
    const byte = fc.constantFrom(
      0x61,
      0x0a,
      0x0d,
      0x20,
      0x80,
      0xa9,
      0xbf,
      0xc3,
      0xe2,
      0x82,
      0xac,
      0xef,
      0xbb,
      0xed,
      0xf0,
      0x9d,
      0xff,
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 8 }), (list, cuts) => {
        const bytes = Uint8Array.from(list);
        expect(read(cut(bytes, cuts))).toBe(read([bytes]));
        expect(read(cut(bytes, cuts), undefined, true)).toBe(read([bytes], undefined, true));
      }),
      { numRuns: 500 },
    );
  });

  test('property: strings and bytes mixed, cut anywhere (inside characters, CR LF, the mark), read as the whole', () => {
    const unit = fc.constantFrom('a', ' ', 'é', '€', '𝄞', '\n', '\r', '\r\n', '\ufeff', '\x19');
    const piece = fc.record({
      text: fc.string({ unit, maxLength: 12 }),
      bytes: fc.boolean(),
      cuts: fc.array(fc.nat(), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const chunks = pieces.flatMap((p): (string | Uint8Array)[] =>
          p.bytes ? cut(encoder.encode(p.text), p.cuts) : [p.text],
        );
        const whole = pieces.map((p) => p.text).join('');
        const expected = whole.startsWith('\ufeff') ? whole.slice(1) : whole;
        expect(read(chunks)).toBe(expected);
        expect(read([encoder.encode(whole)])).toBe(expected);
      }),
    );
  });
});
