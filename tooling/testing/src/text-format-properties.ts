/**
 * Test-only: what every text-format reader promises (round trip, never throwing, errors that
 * point inside the input, mutations rejected or read consistently, linear time), and the
 * README's decision and error tables, written once and run by the tests of fen, ocpn and fenr
 * with their own reader, writer, inputs and arbitraries.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Result } from '@chess-formats/board-core';

/** The part of a format's error that these checks read. */
export interface TextFormatError {
  readonly code: string;
  readonly field: number;
  readonly offset: number;
  readonly message: string;
}

export interface TextFormat<T, Code extends string = string> {
  readonly parse: (
    text: string,
    options?: { strict?: boolean },
  ) => Result<T, TextFormatError & { readonly code: Code }>;
  /** The canonical writer. */
  readonly write: (value: T) => string;
  /** Every error code the reader may return. */
  readonly codes: readonly Code[];
  /** The highest field index an error may name. */
  readonly lastField: number;
  /** Whether strict mode reads canonical text only (so whatever it reads writes back to the input). */
  readonly strictIsCanonical?: boolean;
}

/**
 * The outcome of reading any input, in both modes: either a value whose canonical text strict
 * mode reads back to the same value, or an error with a listed code, a field in range, an
 * offset inside the input and a message.
 */
export function checkOutcome<T>(format: TextFormat<T>, input: string): void {
  for (const strict of [false, true]) {
    const result = format.parse(input, { strict });
    if (result.ok) {
      const text = format.write(result.value);
      expect(format.parse(text, { strict: true })).toEqual({ ok: true, value: result.value });
      if (strict && format.strictIsCanonical) expect(text).toBe(input);
    } else {
      const { code, field, offset, message } = result.error;
      expect(format.codes).toContain(code);
      expect(field).toBeGreaterThanOrEqual(0);
      expect(field).toBeLessThanOrEqual(format.lastField);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThanOrEqual(input.length);
      expect(message.length).toBeGreaterThan(0);
    }
  }
}

export interface TextFormatProperties<T> extends TextFormat<T> {
  /** The format's name in test titles, e.g. `FEN`. */
  readonly name: string;
  /** Values the writer accepts. */
  readonly values: fc.Arbitrary<T>;
  /** Writers besides the canonical one (e.g. other castling notations) whose text reads to the same value. */
  readonly otherWriters?: readonly ((value: T) => string)[];
  /** Characters of format-like strings (and a few strangers), so that parsing gets deep. */
  readonly alphabet: string;
  /** The longest format-like string. */
  readonly maxLength: number;
  /** A valid text whose prefixes get arbitrary tails. */
  readonly example: string;
  /** Characters inserted into or replaced in written text. */
  readonly mutationChars: string;
  readonly runs: { readonly roundTrip: number; readonly mutations: number };
  /** Inputs of about `size` characters that the reader has to walk to the end. */
  readonly adversarial: (size: number) => string[];
  /** The format's own expectations on the 1 MB adversarial inputs. */
  readonly onLongInputs?: (inputs: readonly string[]) => void;
}

/** The property tests every text-format reader has, as `describe` blocks. */
export function describeTextFormatProperties<T>(format: TextFormatProperties<T>): void {
  const { name, values, alphabet, maxLength, example, runs } = format;
  const formatish = fc.array(fc.constantFrom(...alphabet.split('')), { maxLength }).map((chars) => chars.join(''));

  describe('round trip', () => {
    test(`parse(write(x)) deep-equals x for ${name}, in both modes, and canonical text is a fixed point`, () => {
      const writers = [format.write, ...(format.otherWriters ?? [])];
      fc.assert(
        fc.property(values, fc.nat({ max: writers.length - 1 }), (value, w) => {
          const text = (writers[w] as (value: T) => string)(value);
          const lenient = format.parse(text);
          expect(lenient).toEqual({ ok: true, value });
          expect(format.parse(text, { strict: true })).toEqual(lenient);
          if (w === 0 && lenient.ok) expect(format.write(lenient.value)).toBe(text);
        }),
        { numRuns: runs.roundTrip },
      );
    });
  });

  describe('never throws', () => {
    const check = (input: string): void => checkOutcome(format, input);
    test('on arbitrary strings', () => {
      fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 120 }), check), { numRuns: 300 });
    });
    test(`on ${name}-like strings`, () => {
      fc.assert(fc.property(formatish, check), { numRuns: 1500 });
    });
    test('on prefixes of a valid text with arbitrary tails', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: example.length }), formatish, (cut, tail) =>
          check(example.slice(0, cut) + tail),
        ),
        { numRuns: 1000 },
      );
    });
    test('on values that are not strings', () => {
      fc.assert(
        fc.property(fc.anything(), (value) => {
          expect(format.parse(value as string).ok).toBe(typeof value === 'string' && format.parse(value).ok);
        }),
        { numRuns: 200 },
      );
    });
  });

  describe(`mutations of written ${name}`, () => {
    const mutationArb = fc.tuple(
      values,
      fc.constantFrom('delete', 'insert', 'replace'),
      fc.nat(),
      fc.constantFrom(...format.mutationChars.split('')),
    );
    test('are rejected with an in-range error, or read to a value that writes back consistently', () => {
      fc.assert(
        fc.property(mutationArb, ([value, kind, at, char]) => {
          const text = format.write(value);
          const i = at % (text.length + (kind === 'insert' ? 1 : 0));
          const mutated =
            kind === 'delete'
              ? text.slice(0, i) + text.slice(i + 1)
              : kind === 'insert'
                ? text.slice(0, i) + char + text.slice(i)
                : text.slice(0, i) + char + text.slice(i + 1);
          checkOutcome(format, mutated);
        }),
        { numRuns: runs.mutations },
      );
    });
  });

  describe('linear time and bounded work on long inputs', () => {
    test('1 MB inputs parse without throwing, and 10x the input costs far less than 100x the time', () => {
      const large = expectLinearTime((input) => format.parse(input), format.adversarial);
      format.onLongInputs?.(large);
    });
  });
}

/**
 * Reads `adversarial(100_000)` and `adversarial(1_000_000)` (each input three times) and
 * expects the large inputs to take well under 100x the time of the small ones (linear is ~10x,
 * quadratic ~100x; generous slack for a busy machine). Returns the large inputs.
 */
export function expectLinearTime(parse: (input: string) => unknown, adversarial: (size: number) => string[]): string[] {
  const small = adversarial(100_000);
  const large = adversarial(1_000_000);
  const timeOf = (inputs: readonly string[]): number => {
    const start = performance.now();
    for (let round = 0; round < 3; round++) for (const input of inputs) parse(input);
    return performance.now() - start;
  };
  for (const input of large) expect(() => parse(input)).not.toThrow();
  timeOf(small); // warm-up
  // The sizes alternated and the fastest of each kept, so that a busy machine slows both alike.
  let [smallTime, largeTime] = [Infinity, Infinity];
  for (let run = 0; run < 3; run++) {
    smallTime = Math.min(smallTime, timeOf(small));
    largeTime = Math.min(largeTime, timeOf(large));
  }
  expect(largeTime / Math.max(smallTime, 1)).toBeLessThan(40);
  return large;
}

/** A README decision-table outcome: the text the value writes back as, or [code, field, offset]. */
export type Outcome<Code extends string> =
  | { readonly write: string }
  | { readonly error: readonly [Code, number, number] };

/** The same outcome in both modes. */
export const same = <const Code extends string = never>(outcome: Outcome<Code>): [Outcome<Code>, Outcome<Code>] => [
  outcome,
  outcome,
];

/** The README's decision table, one test per row: [row, input, default outcome, strict outcome]. */
export function describeDecisionTable<T, Code extends string>(
  format: Pick<TextFormat<T, Code>, 'parse' | 'write'>,
  rows: readonly (readonly [string, string, Outcome<Code>, Outcome<Code>])[],
): void {
  describe('decision table (README), one test per row', () => {
    test.each(rows)('%s', (_row, input, lenient, strict) => {
      for (const [outcome, isStrict] of [
        [lenient, false],
        [strict, true],
      ] as const) {
        const result = format.parse(input, { strict: isStrict });
        if ('write' in outcome) {
          if (!result.ok) throw new Error(`${input}: ${result.error.code} at ${String(result.error.offset)}`);
          expect(format.write(result.value)).toBe(outcome.write);
        } else {
          expect(result.ok ? `${input} parsed` : [result.error.code, result.error.field, result.error.offset]).toEqual(
            outcome.error,
          );
        }
      }
    });
  });
}

/**
 * One input per error code, with the field and offset the README promises
 * (`[input, field, offset, strict?]`), and the table covers every code.
 */
export function describeErrorTable<T, Code extends string>(
  format: Pick<TextFormat<T, Code>, 'parse' | 'codes'>,
  errors: Readonly<Record<Code, readonly [string, number, number, boolean?]>>,
): void {
  test('the table covers every code', () => {
    expect(Object.keys(errors).sort()).toEqual([...format.codes].sort());
  });
  test.each(Object.entries<readonly [string, number, number, boolean?]>(errors))(
    '%s',
    (code, [input, field, offset, strict]) => {
      const result = format.parse(input, { strict: strict === true });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error).toMatchObject({ code, field, offset });
      expect(result.error.message).toMatch(/^expected .+, found .+$/);
    },
  );
}
