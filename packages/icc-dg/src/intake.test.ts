import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createIccDecoder, type IccChunk, type IccEvent } from './decoder.js';

// How chunks become text: bytes and strings mixed, a byte-order mark, chunks that are neither.
// (They are board-core's text intake, which every streaming reader uses; see its tests.)

const Y = '\x19';

function decode(chunks: readonly unknown[], options?: unknown): IccEvent[] {
  const decoder = createIccDecoder(options as never);
  return [...chunks.flatMap((chunk) => decoder.push(chunk as IccChunk)), ...decoder.end()];
}

const texts = (events: readonly IccEvent[]): string[] => events.map((e) => (e.kind === 'text' ? e.text : e.kind));

describe('the decoder intake', () => {
  test('never throws: chunks that are neither text nor bytes are ignored, bad options fall back', () => {
    for (const chunk of [42, null, {}, undefined, [1, 2]])
      expect(decode([chunk, 'a\n'])).toEqual([{ kind: 'text', text: 'a\n' }]);
    for (const options of [null, 42, 'x', { encoding: 'bogus' }, { maxTextSize: Number.NaN }])
      expect(texts(decode(['a\n'], options))).toEqual(['a\n']);
  });

  test('a string chunk after bytes that end inside a character: the held bytes are U+FFFD, in order', () => {
    expect(texts(decode([Uint8Array.of(0x61, 0xc3), 'b\n', Uint8Array.of(0xa9, 0x0a)]))).toEqual([
      'a\uFFFDb\n',
      '\uFFFD\n',
    ]);
  });

  test('a byte-order mark: dropped at the very start of the stream, as bytes or in a string; text anywhere else', () => {
    const bytes = new TextEncoder().encode(`\ufeff${Y}(24 7 e4${Y})`);
    expect(decode([bytes], { settings: ['DG_MOVE_ALGEBRAIC'] }).map((e) => e.kind)).toEqual(['datagram']);
    expect(
      decode([bytes.subarray(0, 1), bytes.subarray(1)], { settings: ['DG_MOVE_ALGEBRAIC'] }).map((e) => e.kind),
    ).toEqual(['datagram']);
    expect(texts(decode(['\ufeffhi\n']))).toEqual(['hi\n']);
    expect(texts(decode(['', '\ufeffhi\n']))).toEqual(['hi\n']);
    expect(texts(decode(['a\n', '\ufeffb\n']))).toEqual(['a\n', '\ufeffb\n']);
    expect(texts(decode(['a\n', new TextEncoder().encode('\ufeffb\n')]))).toEqual(['a\n', '\ufeffb\n']);
    // Only at the start: later it is a character like any other.
    expect(texts(decode([new TextEncoder().encode('a\n\ufeffb\n')]))).toEqual(['a\n', '\ufeffb\n']);
  });

  test('property: bytes that are not all UTF-8, cut anywhere, read as their text decoded in one piece', () => {
    // Chunks that end with an ASCII byte are decoded without the stream when it holds nothing:
    // invalid and cut sequences must still come out as the streaming decode gives them.
    const byte = fc.constantFrom(
      0x61,
      0x0a,
      0x19,
      0x28,
      0x29,
      0x32,
      0x20,
      0x80,
      0xa9,
      0xbf,
      0xc3,
      0xe2,
      0x82,
      0xac,
      0xed,
      0xf0,
      0x9d,
      0xff,
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 8 }), (list, cuts) => {
        const bytes = Uint8Array.from(list);
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks: Uint8Array[] = [];
        let from = 0;
        for (const point of [...points, bytes.length]) {
          chunks.push(bytes.slice(from, point));
          from = point;
        }
        expect(decode(chunks)).toEqual(decode([new TextDecoder().decode(bytes)]));
      }),
      { numRuns: 500 },
    );
  });

  test('property: chunks of bytes and strings, bytes cut inside characters, give the events of the whole', () => {
    const unit = fc.constantFrom(
      'a',
      'Z',
      ' ',
      '{',
      '}',
      'é',
      '€',
      '𝄞',
      '\n',
      '\r',
      Y,
      '(',
      ')',
      '[',
      ']',
      '2',
      '4',
      '7',
    );
    const piece = fc.record({
      text: fc.string({ unit, maxLength: 16 }),
      bytes: fc.boolean(),
      cuts: fc.array(fc.nat(), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const chunks: IccChunk[] = [];
        for (const p of pieces) {
          if (!p.bytes) {
            chunks.push(p.text);
            continue;
          }
          const bytes = new TextEncoder().encode(p.text);
          const points = [...new Set(p.cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          let from = 0;
          for (const point of [...points, bytes.length]) {
            chunks.push(bytes.slice(from, point));
            from = point;
          }
        }
        const whole = pieces.map((p) => p.text).join('');
        expect(decode(chunks)).toEqual(decode([whole]));
      }),
    );
  });
});
