import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createCaptureCleaner } from './fics-command.js';

const IAC = 0xff;

/** Server text (ASCII and a few Latin-1 bytes), telnet commands and timeseal pings, as byte pieces. */
const piece = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 12 }).map((bytes) => bytes.map((b) => (b === IAC ? 0x41 : b))),
  fc
    .constantFrom(
      [IAC, 0xfb, 0x01],
      [IAC, 0xfc, 0x01],
      [IAC, 0xfa, 0x18, 0x00, IAC, 0xf0],
      [IAC, IAC],
      [...'[G]\0'].map((c) => c.charCodeAt(0)),
      [...'[G]\n\r'].map((c) => c.charCodeAt(0)),
      [...'[G'].map((c) => c.charCodeAt(0)),
    )
    .map((bytes) => Uint8Array.from(bytes)),
);

const joined = (parts: readonly Uint8Array[]): Uint8Array => Uint8Array.from(parts.flatMap((part) => [...part]));

function clean(bytes: Uint8Array, cuts: readonly number[]): Uint8Array {
  const cleaner = createCaptureCleaner();
  const out: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b), bytes.length]) {
    out.push(cleaner.push(bytes.subarray(from, cut)) as Uint8Array);
    from = cut;
  }
  out.push(cleaner.end() as Uint8Array);
  return joined(out);
}

test('the capture cleaner gives the same bytes however the capture is cut, and never more than it was given', () => {
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 8 }), (parts, cuts) => {
      const bytes = joined(parts);
      const whole = clean(bytes, []);
      expect(clean(bytes, cuts)).toEqual(whole);
      expect(whole.length).toBeLessThanOrEqual(bytes.length);
    }),
  );
});

test('bytes without telnet commands or pings come out unchanged', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 200 }), fc.array(fc.nat(), { maxLength: 5 }), (raw, cuts) => {
      const bytes = raw.map((b) => (b === IAC || b === 0x5b ? 0x20 : b));
      expect(clean(bytes, cuts)).toEqual(bytes);
    }),
  );
});
