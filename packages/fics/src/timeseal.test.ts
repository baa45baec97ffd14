import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  TIMESEAL_KEY,
  createTimesealPingFilter,
  decodeTimeseal,
  encodeTimeseal,
  timesealHello,
  timesealPingReply,
} from './timeseal.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('encodeTimeseal', () => {
  // Computed for a fixed clock and offset by a separate implementation of the documented
  // steps (stamp, pad with `1` to 12, swap 0-11 2-9 4-7, OR 0x80, XOR the key, minus 32).
  test.each([
    ['observe 7', 1_234_567, 0, 'c66bd560b362647fa7b37989d8d7c27f71cf607961757c73800a'],
    ['\x029', 42, 7, 'bca9717cd7b0d2c17898a793870a'],
    ['TIMESEAL2|freeseal|icsgo|', 0, 0, '868071809f91809ea2cdae72868680aca97aadafb3b3aaa5a1cabedea3b0bcbcb4b4717e800a'],
  ])('%j at %d ms, offset %d: byte-exact', (line, clock, offset, expected) => {
    expect(hex(encodeTimeseal(line, clock, offset))).toBe(expected);
  });

  test('the key is the 50 characters every implementation uses', () => {
    expect(TIMESEAL_KEY).toHaveLength(50);
  });

  test('the clock counts modulo ten million milliseconds, and only whole milliseconds', () => {
    expect(hex(encodeTimeseal('x', 10_000_042.7))).toBe(hex(encodeTimeseal('x', 42)));
    const read = decodeTimeseal(encodeTimeseal('x', -1).subarray(0, -1));
    expect(read.ok && read.value.clockMs).toBe(9_999_999);
  });

  test('a length of whole groups of 12, then the offset byte and a line feed', () => {
    for (const line of ['', 'a', 'x'.repeat(9), 'x'.repeat(10), 'x'.repeat(100)]) {
      const sent = encodeTimeseal(line, 123, 5);
      expect((sent.length - 2) % 12).toBe(0);
      expect([sent.at(-2), sent.at(-1)]).toEqual([0x85, 0x0a]);
    }
  });

  test('a character outside ASCII is sent as ?', () => {
    const read = decodeTimeseal(encodeTimeseal('tell 5 café ♞', 0).subarray(0, -1));
    expect(read.ok && text(read.value.line)).toBe('tell 5 caf? ?');
  });

  test('a caller fault (offset, clock) is a RangeError, never a wrong line', () => {
    expect(() => encodeTimeseal('x', 0, 50)).toThrow(RangeError);
    expect(() => encodeTimeseal('x', 0, -1)).toThrow(RangeError);
    expect(() => encodeTimeseal('x', Number.NaN)).toThrow(RangeError);
  });

  test('hello and ping reply: the documented contents', () => {
    const hello = decodeTimeseal(timesealHello(2, 5).subarray(0, -1));
    expect(hello.ok && text(hello.value.line)).toBe('TIMESEAL2|chess-formats|js|');
    const one = decodeTimeseal(timesealHello(1, 5, 'me', 'node').subarray(0, -1));
    expect(one.ok && text(one.value.line)).toBe('TIMESTAMP|me|node|');
    const reply = decodeTimeseal(timesealPingReply(77).subarray(0, -1));
    expect(reply.ok && [...reply.value.line]).toEqual([0x02, 0x39]);
  });
});

describe('decodeTimeseal', () => {
  test('undoes the encoding for every ASCII line, clock and offset', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 }),
        fc.integer({ min: 0, max: 9_999_999 }),
        fc.integer({ min: 0, max: 49 }),
        (line, clock, offset) => {
          const read = decodeTimeseal(encodeTimeseal(line, clock, offset).subarray(0, -1));
          expect(
            read.ok && { line: text(read.value.line), clockMs: read.value.clockMs, offset: read.value.offset },
          ).toEqual({ line, clockMs: clock, offset });
        },
      ),
    );
  });

  test('never throws on any bytes, and says why it refuses', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const read = decodeTimeseal(bytes);
        if (!read.ok) expect(['length', 'offset', 'stamp']).toContain(read.error.code);
      }),
    );
    expect(decodeTimeseal(new Uint8Array(5))).toMatchObject({ ok: false, error: { code: 'length' } });
    const bad = encodeTimeseal('x', 1).subarray(0, -1).slice();
    bad[bad.length - 1] = 0x10;
    expect(decodeTimeseal(bad)).toMatchObject({ ok: false, error: { code: 'offset', offset: 12 } });
  });
});

describe('createTimesealPingFilter', () => {
  test('version 2 pings end with NUL, version 1 pings with LF CR; other text passes', () => {
    const two = createTimesealPingFilter(2);
    expect(two.push('a[G]\0b[G]\0c[G]\n\r')).toEqual({ text: 'abc[G]\n\r', pings: 2 });
    const one = createTimesealPingFilter(1);
    expect(one.push('a[G]\n\rb[G]\0')).toEqual({ text: 'ab[G]\0', pings: 1 });
  });

  test('text that only starts like a ping is held, then given back', () => {
    const filter = createTimesealPingFilter(2);
    expect(filter.push('fics% [G')).toEqual({ text: 'fics% ', pings: 0 });
    expect(filter.push('x')).toEqual({ text: '[Gx', pings: 0 });
    expect(filter.push('[')).toEqual({ text: '', pings: 0 });
    expect(filter.end()).toEqual({ text: '[', pings: 0 });
  });

  test('the same text and pings however the output is split', () => {
    const piece = fc.constantFrom('[G]\0', '[G]\n\r', '[G', ']', '\0', 'fics% ', '<12> x\n\r', '[', 'G');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 10 }), (pieces, cuts) => {
        const whole = pieces.join('');
        for (const version of [1, 2] as const) {
          const once = createTimesealPingFilter(version);
          const a = once.push(whole);
          const aEnd = once.end();
          const split = createTimesealPingFilter(version);
          const points = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((x, y) => x - y);
          let out = '';
          let pings = 0;
          let from = 0;
          for (const at of [...points, whole.length]) {
            const r = split.push(whole.slice(from, at));
            out += r.text;
            pings += r.pings;
            from = at;
          }
          const end = split.end();
          expect({ text: out + end.text, pings }).toEqual({ text: a.text + aEnd.text, pings: a.pings });
        }
      }),
    );
  });
});
