import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createIccDecoder, type IccDecoderOptions, type IccEvent } from './decoder.js';
import { encodeDatagram, type DatagramInput } from './encode.js';
import { datagramName } from './schema.js';
import { SCHEMA_IDS, arbitraryDatagram } from './testing/arbitrary.js';
import { SAMPLE_SESSION, SAMPLE_SETTINGS } from './testing/sample.js';

const ALL_ON = Array.from({ length: 256 }, (_, i) => i);
/** The variables that change the shape of some datagram (moves, ratings, match assessment, arrivals). */
const GATES = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 33, 34, 35, 36, 85, 88, 113, 121, 125, 126, 130, 131, 133, 140, 145, 149, 150, 151,
];

function decode(input: string | Uint8Array, options: IccDecoderOptions): IccEvent[] {
  const decoder = createIccDecoder(options);
  return [...decoder.push(input), ...decoder.end()];
}

/** The events with every fields object replaced by its entries, so that the order of the keys counts. */
function withKeyOrder(events: readonly IccEvent[]): unknown[] {
  return events.map((e) => (e.kind === 'datagram' ? { ...e, entries: Object.entries(e.datagram.fields ?? {}) } : e));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fields objects made by generated literals (compile) and key by key', () => {
  // First: the makers are made once per module, and the property below makes them all.
  test('compile: false never generates code; the default does, once per field set', () => {
    const calls = vi.fn();
    const RealFunction = Function;
    vi.stubGlobal(
      'Function',
      new Proxy(RealFunction, {
        construct(target, args: string[]) {
          calls(args);
          return Reflect.construct(target, args) as object;
        },
      }),
    );
    const plain = decode(SAMPLE_SESSION, { settings: SAMPLE_SETTINGS, compile: false });
    expect(calls).not.toHaveBeenCalled();
    const compiled = decode(SAMPLE_SESSION, { settings: SAMPLE_SETTINGS });
    expect(compiled).toStrictEqual(plain);
    const made = calls.mock.calls.length;
    expect(made).toBeGreaterThan(5);
    // Only field names from the schema go into the generated source.
    for (const [args] of calls.mock.calls as [string[]][])
      expect(args[1]).toMatch(/^return \{ ("[A-Za-z0-9]+": v\[\d+\](, )?)* \};$/);
    decode(SAMPLE_SESSION, { settings: SAMPLE_SETTINGS });
    expect(calls.mock.calls.length).toBe(made);
  });

  test('give the same events, keys in the same order, for every datagram under any settings and with trailing arguments cut', () => {
    for (const id of SCHEMA_IDS) {
      fc.assert(
        fc.property(arbitraryDatagram(id), fc.subarray(GATES), fc.nat({ max: 4 }), ({ fields, extra }, gates, cut) => {
          const input = { name: datagramName(id), fields, extra } as DatagramInput;
          const text = encodeDatagram(input, { settings: ALL_ON });
          // Cutting arguments off the end meets the optional fields and the missing-field fault.
          const body = text.slice(2, -2).split(' ');
          const shortened = `\x19(${body.slice(0, Math.max(1, body.length - cut)).join(' ')}\x19)`;
          for (const sample of [text, shortened]) {
            const compiled = decode(sample, { settings: gates });
            expect(withKeyOrder(compiled)).toStrictEqual(
              withKeyOrder(decode(sample, { settings: gates, compile: false })),
            );
          }
        }),
        { numRuns: 8 },
      );
    }
  });
});
