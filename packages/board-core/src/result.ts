import { describeError, printable } from './describe-error.js';

/** The outcome of anything that can fail on its input: a value, or an error as a value. */
export type Result<T, E> = Ok<T> | Err<E>;

/** A result that succeeded, carrying its value. */
export interface Ok<T> {
  /** Tells a success from a failure. */
  readonly ok: true;
  /** What the operation produced. */
  readonly value: T;
}

/** A result that failed, carrying the error as a value. */
export interface Err<E> {
  /** Tells a failure from a success. */
  readonly ok: false;
  /** Why the operation failed. */
  readonly error: E;
}

/** A successful result holding `value`. */
export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

/** A failed result holding `error`; an error object prints as one line (`describeError`) in a template string. */
export function err<E>(error: E): Err<E> {
  return { ok: false, error: printable(error) };
}

/**
 * The value of an ok result; otherwise throws an `Error` whose message is the error's line
 * (`describeError`: code, place, message, cause), with the error value as its `cause` and its
 * `code` (for tests and scripts).
 */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  const error: unknown = result.error;
  const thrown = new Error(`unwrap of a failed result: ${describeError(error)}`, { cause: error });
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  throw typeof code === 'string' ? Object.assign(thrown, { code }) : thrown;
}

/** Applies `f` to the value of an ok result and passes an error through. */
export function mapResult<T, U, E>(result: Result<T, E>, f: (value: T) => U): Result<U, E> {
  return result.ok ? ok(f(result.value)) : result;
}
