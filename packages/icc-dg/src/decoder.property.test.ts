import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createIccDecoder, type IccDecoderOptions, type IccEvent } from './decoder.js';
import { encodeDatagram, encodeEvents, type DatagramInput } from './encode.js';
import { datagramName } from './schema.js';
import { SCHEMA_IDS, arbitraryDatagram, argText } from './testing/arbitrary.js';
import { SAMPLE_SESSION, SAMPLE_SETTINGS } from './testing/sample.js';

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
  fc.constantFrom(
    `${Y}[101 *\r\n`,
    `${Y}[12 * tag\n`,
    `${Y}]`,
    `${Y}<`,
    `${Y}>`,
    '\x1a',
    `${Y}`,
    `${Y})`,
    `${Y}(`,
    `${Y}{`,
    '{',
    '}',
    '\r\n',
    '\n',
  ),
  fc.constantFrom(
    `${Y}(24 117 Nf3 g1f3 177${Y})`,
    `${Y}(25 5 * {e4 e2e4}{c5 c7c5}${Y})`,
    `${Y}(31 bob {} ${Y}{hi {x}${Y}} 1${Y})`,
    `${Y}(56 1 W x${Y})`,
    `${Y}(41 {1${Y})`,
  ),
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
const settings: IccDecoderOptions = { settings: ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK'] };
const options: IccDecoderOptions = { ...settings, maxDatagramSize: 40, maxUnitSize: 200, maxTextSize: 16 };

/**
 * What a stream's events say, the way a writer can say it again: errors are left out (the text at
 * fault is gone), adjacent text events are one text (the writer does not know where a line was cut),
 * and a datagram is its number, name, fields and extra arguments, and its raw arguments only when
 * the schema does not know it (`args` keeps how the arguments came: `007` is the integer 7).
 */
function value(events: readonly IccEvent[]): unknown[] {
  const out: unknown[] = [];
  for (const event of events) {
    if (event.kind === 'error') continue;
    const last = out.at(-1) as { kind?: string; text?: string } | undefined;
    if (event.kind === 'text') {
      if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: `${last.text ?? ''}${event.text}` };
      else out.push(event);
    } else if (event.kind === 'datagram') {
      const { id, name, args, fields, extra } = event.datagram;
      out.push(name === null ? { id, args } : { id, name, fields, extra });
    } else out.push(event);
  }
  return out;
}

/** Mutations of a text: a range cut out, a piece of ICC output put in, a range doubled, a character replaced; up to four of them. */
function mutated(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const mutation = fc.tuple(
    fc.nat(),
    fc.nat({ max: 40 }),
    fc.constantFrom('cut', 'insert', 'double', 'replace'),
    fc.oneof(piece, datagramPiece),
  );
  return fc.tuple(base, fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([text, mutations]) => {
    let out = text;
    for (const [at, length, kind, inserted] of mutations) {
      const from = at % (out.length + 1);
      const to = Math.min(out.length, from + length);
      if (kind === 'cut') out = out.slice(0, from) + out.slice(to);
      else if (kind === 'insert') out = out.slice(0, from) + inserted + out.slice(from);
      else if (kind === 'double') out = out.slice(0, to) + out.slice(from, to) + out.slice(to);
      else out = out.slice(0, from) + inserted.slice(0, 1) + out.slice(from + 1);
    }
    return out;
  });
}

describe('properties', () => {
  test('any stream split into random chunks gives the events of the whole stream', () => {
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 12 }), (input, cuts) => {
        expect(decodeChunks(split(input, cuts), options)).toEqual(decodeChunks([input], options));
      }),
      { numRuns: 300 },
    );
  });

  test('a delimiter cut by a chunk end, then a chunk longer than a carry (joined another way), gives the events of the whole', () => {
    const long = fc
      .array(piece, { minLength: 20, maxLength: 40 })
      .map((pieces) => `${pieces.join('')}${'x'.repeat(300)}\n`);
    fc.assert(
      fc.property(
        fc.constantFrom(`${Y}(24 117 Nf3 g1f3 177${Y})`, `${Y}[12 * tag\n`, `${Y}(31 bob {} ${Y}{hi {x}${Y}} 1${Y})`),
        fc.nat(),
        long,
        (head, cut, rest) => {
          const at = 1 + (cut % (head.length - 1));
          const chunks = [head.slice(0, at), head.slice(at) + rest];
          expect(decodeChunks(chunks, options)).toEqual(decodeChunks([head + rest], options));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('push and end with a callback hand out the events they return without one, in order', () => {
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 12 }), (input, cuts) => {
        const decoder = createIccDecoder(options);
        const events: IccEvent[] = [];
        const onEvent = (event: IccEvent): void => {
          events.push(event);
        };
        for (const chunk of split(input, cuts)) expect(decoder.push(chunk, onEvent)).toBeUndefined();
        decoder.end(onEvent);
        expect(events).toEqual(decodeChunks([input], options));
      }),
      { numRuns: 300 },
    );
  });

  test('the same holds for the bytes of the stream, with UTF-8 characters cut in half', () => {
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 12 }), (input, cuts) => {
        const bytes = new TextEncoder().encode(input);
        // The text the bytes stand for (a lone surrogate in the input is U+FFFD in UTF-8).
        expect(decodeChunks(split(bytes, cuts), options)).toEqual(
          decodeChunks([new TextDecoder().decode(bytes)], options),
        );
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
          expect(event?.kind === 'datagram' && event.datagram).toMatchObject({
            id,
            name: datagramName(id),
            fields,
            extra,
          });
        }),
        { numRuns: 10 },
      );
    }
  });

  test('decoded events write back to text that decodes to the same events', () => {
    fc.assert(
      fc.property(stream, (input) => {
        const events = decodeChunks([input], options);
        // Read back without the size limits: the writer puts a blank between arguments that came without one.
        expect(value(decodeChunks([encodeEvents(events, options)], settings))).toEqual(value(events));
      }),
      { numRuns: 300 },
    );
  });

  test('decode(encode(decode(x))) is decode(x) for mutations of the sample session', () => {
    const sample = new TextDecoder().decode(SAMPLE_SESSION);
    const sampleOptions = { settings: SAMPLE_SETTINGS };
    fc.assert(
      fc.property(mutated(fc.constant(sample)), (input) => {
        const events = decodeChunks([input], sampleOptions);
        expect(value(decodeChunks([encodeEvents(events, sampleOptions)], sampleOptions))).toEqual(value(events));
      }),
      { numRuns: 300 },
    );
  });

  test('decode(encode(decode(x))) is decode(x) for mutations of generated datagrams of every type', () => {
    const allOn = { settings: ALL_ON };
    const datagram = fc
      .constantFrom(...SCHEMA_IDS)
      .chain((id) =>
        arbitraryDatagram(id).map(({ fields, extra }) =>
          encodeDatagram({ name: datagramName(id), fields, extra } as DatagramInput, allOn),
        ),
      );
    const datagrams = fc.array(datagram, { minLength: 1, maxLength: 4 }).map((list) => list.join(''));
    fc.assert(
      fc.property(mutated(datagrams), (input) => {
        const events = decodeChunks([input], allOn);
        expect(value(decodeChunks([encodeEvents(events, allOn)], allOn))).toEqual(value(events));
      }),
      { numRuns: 400 },
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
