import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Reader, createPgnReader, type PgnEvent, type PgnReadOptions } from './read.js';
import { pushSplit } from './testing/push.js';
import { arbitraryGame } from './testing/games.js';
import { writePgn } from './write.js';

/** Pieces of text that are not standard PGN but read, and some that break games, to mix. */
const LENIENT = [
  '[Result "1/2"]\n\n1. e4 e5 1/2\n',
  '[White ""Socrates Expert""]\n[Black "a "b" c" ]\n\n',
  '1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 *\n',
  '1. e4 Nf6 2. e5 d5 3. exd6ep *\n',
  '1. e4‼ e5 ⁇ 2. Nf3⁉ Nc6⁈ 3. Bb5 □ a6 ∞ ± *\n',
  '[Event "A"]\n[Result "1-0"]\n\n[Event "B"]\n\n',
  '[Event "A"]\n\n[Site "B"]\n\n',
  '1. e4 e5 (1... c5 2. Nf3 Kd3 {x} (2... d6) 3. d4) 2. Nf3 *\n',
  '[White "A"]\n\n1. e4 (1. d4) e5 2. Ke3 Nc6 *\n\n',
  '1. e4 ( 1. d4 ( 1. c4 ',
];

/** The events with what deep equality does not see: the partial game of an error. */
function withPartials(events: readonly PgnEvent[]): unknown[] {
  return events.map((e) => (e.kind === 'error' ? { ...e, partial: e.partial } : e));
}

describe('the leniencies, however the text is split', () => {
  const text = fc
    .array(
      fc.oneof(
        fc.constantFrom(...LENIENT),
        arbitraryGame.map((g) => writePgn(g)),
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join('\n'));
  const options = fc.record({ tagsOnly: fc.boolean() }) as fc.Arbitrary<PgnReadOptions>;

  test('whole and in pieces: the events, warnings and partial games of the plain state machine', () => {
    fc.assert(
      fc.property(text, options, fc.array(fc.nat(), { maxLength: 8 }), (text, options, cuts) => {
        const slow = new Reader(options, false);
        const expected = withPartials([...slow.push(text), ...slow.end()]);
        const whole = createPgnReader(options);
        expect(withPartials([...whole.push(text), ...whole.end()])).toEqual(expected);
        expect(withPartials(pushSplit(new Reader(options), text, cuts))).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  test('bytes of every encoding split anywhere give the events of the bytes read whole', () => {
    const bytes = fc
      .tuple(text, fc.array(fc.integer({ min: 0x80, max: 0xff }), { maxLength: 4 }), fc.nat())
      .map(([text, extra, at]) => {
        const encoded = new TextEncoder().encode(text);
        const cut = at % (encoded.length + 1);
        return new Uint8Array([...encoded.subarray(0, cut), ...extra, ...encoded.subarray(cut)]);
      });
    fc.assert(
      fc.property(
        bytes,
        fc.constantFrom('utf-8', 'latin1', 'auto' as const),
        fc.array(fc.nat(), { maxLength: 8 }),
        (bytes, encoding, cuts) => {
          const whole = createPgnReader({ encoding });
          const expected = withPartials([...whole.push(bytes), ...whole.end()]);
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
          const reader = createPgnReader({ encoding });
          const events: PgnEvent[] = [];
          let from = 0;
          for (const point of [...points, bytes.length]) {
            events.push(...reader.push(bytes.subarray(from, point)));
            from = point;
          }
          events.push(...reader.end());
          expect(withPartials(events)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
