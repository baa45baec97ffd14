import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createBpgnReader, parseBpgn, writeBpgn, type BpgnEvent } from './bpgn.js';
import { arbitraryMatch } from './testing/bughouse.js';

/** `text` pushed into one reader in the pieces `cuts` make, then ended. */
function split(text: string, cuts: readonly number[]): BpgnEvent[] {
  const reader = createBpgnReader();
  const events: BpgnEvent[] = [];
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    events.push(...reader.push(text.slice(from, cut)));
    from = cut;
  }
  reader.push(text.slice(from), (event) => events.push(event));
  reader.end((event) => events.push(event));
  return events;
}

const asEvents = (text: string): BpgnEvent[] =>
  parseBpgn(text).map((r) => (r.ok ? { kind: 'game', game: r.value } : { kind: 'error', error: r.error }));

/** Texts near BPGN: written matches, cut and spliced with BPGN's own characters and noise. */
const nearBpgn = fc
  .tuple(
    fc.array(arbitraryMatch(30), { minLength: 1, maxLength: 2 }),
    fc.array(
      fc.tuple(fc.nat(), fc.constantFrom('[', ']', '{', '}', '"', '\\', ';', '\n', '1A.', '1b.', 'P@', ' ', 'x')),
      {
        maxLength: 6,
      },
    ),
  )
  .map(([games, edits]) => {
    let text = writeBpgn(games);
    for (const [at, piece] of edits) {
      const k = at % (text.length + 1);
      text = text.slice(0, k) + piece + text.slice(k);
    }
    return text;
  });

test('parseBpgn(writeBpgn(match)) gives the match back, for matches played on both boards', () => {
  fc.assert(
    fc.property(fc.array(arbitraryMatch(), { minLength: 1, maxLength: 3 }), (games) => {
      expect(parseBpgn(writeBpgn(games))).toEqual(games.map((value) => ({ ok: true, value })));
    }),
    { numRuns: 120 },
  );
});

test('the reader never throws, whatever it is given', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ maxLength: 300 }), nearBpgn), (text) => {
      const read = parseBpgn(text);
      for (const result of read) if (!result.ok) expect(result.error.offset).toBeLessThanOrEqual(text.length);
    }),
    { numRuns: 300 },
  );
});

test('a text read whole and pushed in any pieces gives the same events', () => {
  fc.assert(
    fc.property(
      nearBpgn.chain((text) => fc.tuple(fc.constant(text), fc.array(fc.nat(text.length), { maxLength: 8 }))),
      ([text, cuts]) => {
        expect(split(text, cuts)).toEqual(asEvents(text));
      },
    ),
    { numRuns: 200 },
  );
});

test('a match too large for the limit is skipped the same way whole and in pieces', () => {
  fc.assert(
    fc.property(
      fc.array(arbitraryMatch(20), { minLength: 2, maxLength: 3 }),
      fc.array(fc.nat(4000), { maxLength: 6 }),
      (games, cuts) => {
        const text = writeBpgn(games);
        const reader = createBpgnReader({ maxGameLength: 300 });
        const events: BpgnEvent[] = [];
        let from = 0;
        for (const cut of [...cuts].map((c) => c % (text.length + 1)).sort((a, b) => a - b)) {
          events.push(...reader.push(text.slice(from, cut)));
          from = cut;
        }
        events.push(...reader.push(text.slice(from)), ...reader.end());
        const whole = parseBpgn(text, { maxGameLength: 300 }).map((r) =>
          r.ok ? { kind: 'game', game: r.value } : { kind: 'error', error: r.error },
        );
        expect(events).toEqual(whole);
      },
    ),
    { numRuns: 60 },
  );
});
