import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createIccDecoder, type IccDecoderOptions, type IccEvent } from './decoder.js';
import { encodeDatagram, encodeEvents, type DatagramInput } from './encode.js';
import { datagramName } from './schema.js';
import { SCHEMA_IDS, arbitraryDatagram, argText } from './testing/arbitrary.js';

const Y = '\x19';
const ALL_ON = Array.from({ length: 256 }, (_, i) => i);

function decodeChunks(chunks: readonly (string | Uint8Array)[], options: IccDecoderOptions = {}): IccEvent[] {
  const decoder = createIccDecoder(options);
  const events: IccEvent[] = [];
  for (const chunk of chunks) events.push(...decoder.push(chunk));
  events.push(...decoder.end());
  return events;
}

/** Cuts `input` at the given positions (sorted, deduplicated, within bounds). */
function split<T extends string | Uint8Array>(input: T, cuts: readonly number[]): T[] {
  const points = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
  const out: T[] = [];
  let from = 0;
  for (const point of points) {
    out.push(input.slice(from, point) as T);
    from = point;
  }
  out.push(input.slice(from) as T);
  return out;
}

/** Pieces of ICC output, valid and broken, that streams are built from. */
const piece = fc.oneof(
  fc.constantFrom(`${Y}[101 *\r\n`, `${Y}[12 * tag\n`, `${Y}]`, `${Y}<`, `${Y}>`, '\x1a', `${Y}`, `${Y})`, `${Y}(`, `${Y}{`, '{', '}', '\r\n', '\n'),
  fc.constantFrom(`${Y}(24 117 Nf3 g1f3 177${Y})`, `${Y}(25 5 * {e4 e2e4}{c5 c7c5}${Y})`, `${Y}(31 bob {} ${Y}{hi {x}${Y}} 1${Y})`, `${Y}(56 1 W x${Y})`, `${Y}(41 {1${Y})`),
  argText,
  fc.string({ maxLength: 20 }),
);
/** What can stand between `^Y(` and `^Y)`: arguments and quotes, and the control-Z, braces and delimiters that break them. */
const insideDatagram = fc.oneof(
  argText,
  fc.constantFrom(' ', '\x1a', `${Y}{`, `${Y}}`, `${Y}{hi {x}${Y}}`, '{a b}', '{}', '{', '}', `${Y}`, `${Y}[`, '\n'),
);
/** A datagram, closed or not, with such insides: the states inside a datagram see every character. */
const datagramPiece = fc
  .tuple(fc.constantFrom('24', '25', '31', '56', '1', 'x'), fc.array(insideDatagram, { maxLength: 6 }), fc.boolean())
  .map(([id, inside, closed]) => `${Y}(${id} ${inside.join('')}${closed ? `${Y})` : ''}`);
const stream = fc.array(fc.oneof(piece, datagramPiece), { maxLength: 30 }).map((pieces) => pieces.join(''));
const plainStream = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(''));
const settings: IccDecoderOptions = { settings: ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK'] };
const options: IccDecoderOptions = { ...settings, maxDatagramSize: 40, maxUnitSize: 200, maxTextSize: 16 };

describe('properties', () => {
  test('any stream split into random chunks gives the events of the whole stream', () => {
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 12 }), (input, cuts) => {
        expect(decodeChunks(split(input, cuts), options)).toEqual(decodeChunks([input], options));
      }),
      { numRuns: 300 },
    );
  });

  test('the same holds for the bytes of the stream, with UTF-8 characters cut in half', () => {
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 12 }), (input, cuts) => {
        const bytes = new TextEncoder().encode(input);
        // The text the bytes stand for (a lone surrogate in the input is U+FFFD in UTF-8).
        expect(decodeChunks(split(bytes, cuts), options)).toEqual(decodeChunks([new TextDecoder().decode(bytes)], options));
      }),
      { numRuns: 200 },
    );
  });

  test('encode then decode gives back generated datagrams of every type', () => {
    for (const id of SCHEMA_IDS) {
      fc.assert(
        fc.property(arbitraryDatagram(id), ({ fields, extra }) => {
          const input = { name: datagramName(id), fields, extra } as DatagramInput;
          const [event, ...rest] = decodeChunks([encodeDatagram(input, { settings: ALL_ON })], { settings: ALL_ON });
          expect(rest).toEqual([]);
          expect(event?.kind === 'datagram' && event.datagram).toMatchObject({ id, name: datagramName(id), fields, extra });
        }),
        { numRuns: 10 },
      );
    }
  });

  test('decoded events write back to text that decodes to the same events', () => {
    fc.assert(
      fc.property(plainStream, (input) => {
        const events = decodeChunks([input], options).filter((e) => e.kind !== 'error');
        // Read back without the size limits: the writer puts a blank between arguments that came without one.
        const again = decodeChunks([encodeEvents(events, options)], settings);
        // Text events may merge or split differently; everything else comes back in order.
        // A header that did not read (command -1) is written as command 0 of `*`: its depth stays.
        const strip = (list: IccEvent[], reference: IccEvent[]): unknown[] =>
          list
            .filter((e) => e.kind !== 'text' && e.kind !== 'error')
            .map((e, i) => {
              const original = reference.filter((r) => r.kind !== 'text' && r.kind !== 'error')[i];
              if (e.kind === 'unit-start' && original?.kind === 'unit-start' && original.command === -1) return { kind: e.kind, depth: e.depth };
              return e.kind === 'datagram' ? e.datagram : e;
            });
        expect(strip(again, events)).toEqual(strip(events, events));
      }),
      { numRuns: 200 },
    );
  });

  test('arbitrary bytes never throw, and every error offset lies inside the stream', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.array(fc.nat(), { maxLength: 6 }), (bytes, cuts) => {
        const events = decodeChunks(split(bytes, cuts), options);
        for (const event of events) {
          if (event.kind === 'error') {
            expect(event.error.offset).toBeGreaterThanOrEqual(0);
            expect(event.error.offset).toBeLessThanOrEqual(bytes.length * 2);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('memory stays bounded on an endless datagram, an endless header and an endless line', () => {
    for (const start of [`${Y}(24 1 `, `${Y}[1 `, '']) {
      const decoder = createIccDecoder({ maxDatagramSize: 4096, maxTextSize: 4096 });
      decoder.push(start);
      const chunk = 'x'.repeat(1000);
      let most = 0;
      let errors = 0;
      for (let i = 0; i < 2000; i++) {
        errors += decoder.push(chunk).filter((e) => e.kind === 'error').length;
        most = Math.max(most, decoder.buffered());
      }
      expect(most, JSON.stringify(start)).toBeLessThanOrEqual(4096 + 1000);
      expect(errors, JSON.stringify(start)).toBe(start === '' ? 0 : 1);
    }
  });
});
