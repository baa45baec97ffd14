/** Reading what an untyped caller passes: the readers' options and inputs (PGN and BPGN alike). */

/** `value` when it is a whole number from 1, else `fallback` (an option's limit). */
export function positiveInteger(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** What a value that is not text is, for an error message (`a number`, `an array`, `null`). */
export function describe(value: unknown): string {
  return value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : `a ${typeof value}`;
}
