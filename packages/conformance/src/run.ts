import { excerpt, jsonEqual } from './equal.js';
import type { Expected, ExpectedError, VectorCase, VectorFile, VectorOptions } from './types.js';

/** The part of an implementation's parse error the corpus checks; other properties are ignored. */
export interface CodecError {
  readonly code: string;
  readonly field: number;
  readonly offset: number;
  readonly message?: string;
}

export type CodecParseResult<V> =
  | { readonly ok: true; readonly value: V }
  | { readonly ok: false; readonly error: CodecError };

/**
 * The implementation under test, adapted by the caller. Only `parse` and `write` are required;
 * without `toJson` the expected values are not compared, without `validate` the expected
 * problems are not compared (the outcome lists what went unchecked).
 */
export interface Codec<V> {
  parse(input: string, options: VectorOptions | undefined): CodecParseResult<V>;
  write(value: V, options: VectorOptions | undefined): string;
  /** The canonical JSON of a parsed value, comparable with `expected.value`. */
  toJson?(value: V): unknown;
  /** The problems of a parsed value, as codes or as objects with a `code`. */
  validate?(value: V): readonly (string | { readonly code: string })[];
}

/** The parts of a case a runner checks; `unchecked` in an outcome names the ones it could not. */
export const CHECKS = ['parse', 'error', 'value', 'text', 'fixed-point', 'problems'] as const;
export type Check = (typeof CHECKS)[number];

export interface CaseOutcome {
  readonly id: string;
  readonly description: string;
  readonly status: 'pass' | 'fail';
  /** One line per failed check; empty when the case passes. */
  readonly reasons: readonly string[];
  /** Checks the case asks for that the codec cannot perform (no `toJson`, no `validate`). */
  readonly unchecked: readonly Check[];
  /** Whether the implementation accepted the input. */
  readonly accepted: boolean;
}

export interface SuiteOutcome {
  readonly passed: number;
  readonly failed: number;
  readonly outcomes: readonly CaseOutcome[];
}

type Attempt<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/** Runs `f`, turning a throw into a reason: the corpus reports a throwing parser, it does not crash. */
function attempt<T>(what: string, f: () => T): Attempt<T> {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    return { ok: false, reason: `${what} threw: ${e instanceof Error ? e.message : String(e)}` };
  }
}

function describeError(error: CodecError): string {
  const message = typeof error.message === 'string' ? ` (${error.message})` : '';
  return `${error.code} at field ${String(error.field)} offset ${String(error.offset)}${message}`;
}

function checkError(actual: CodecError, expected: ExpectedError, reasons: string[]): void {
  if (actual.code !== expected.code || actual.field !== expected.field || actual.offset !== expected.offset) {
    reasons.push(
      `rejected with ${describeError(actual)}, expected ${expected.code} at field ${String(expected.field)} offset ${String(expected.offset)}`,
    );
  }
}

function problemCodes(problems: readonly (string | { readonly code: string })[]): string[] {
  return problems.map((p) => (typeof p === 'string' ? p : p.code)).sort();
}

function checkAccepted<V>(
  vector: VectorCase,
  value: V,
  expected: Expected,
  codec: Codec<V>,
  reasons: string[],
  unchecked: Check[],
): void {
  if (expected.value !== undefined) {
    if (codec.toJson) {
      const json = attempt('toJson', () => codec.toJson?.(value));
      if (!json.ok) reasons.push(json.reason);
      else if (!jsonEqual(json.value, expected.value)) {
        reasons.push(`value ${excerpt(json.value)}, expected ${excerpt(expected.value)}`);
      }
    } else unchecked.push('value');
  }
  if (expected.problems !== undefined) {
    if (codec.validate) {
      const problems = attempt('validate', () => codec.validate?.(value) ?? []);
      if (!problems.ok) reasons.push(problems.reason);
      else {
        const actual = problemCodes(problems.value);
        const wanted = [...expected.problems].sort();
        if (!jsonEqual(actual, wanted)) reasons.push(`problems ${excerpt(actual)}, expected ${excerpt(wanted)}`);
      }
    } else unchecked.push('problems');
  }
  const written = attempt('write', () => codec.write(value, vector.writeOptions));
  if (!written.ok) {
    reasons.push(written.reason);
    return;
  }
  if (written.value !== expected.text) {
    reasons.push(`wrote ${excerpt(written.value)}, expected ${excerpt(expected.text)}`);
    return;
  }
  // The canonical text is a fixed point: reading it back and writing it again changes nothing.
  const reparsed = attempt('parse of the canonical text', () => codec.parse(expected.text, vector.options));
  if (!reparsed.ok) {
    reasons.push(reparsed.reason);
    return;
  }
  const canonical = reparsed.value;
  if (!canonical.ok) {
    reasons.push(`the canonical text ${excerpt(expected.text)} is rejected: ${describeError(canonical.error)}`);
    return;
  }
  const canonicalValue = canonical.value;
  const again = attempt('write', () => codec.write(canonicalValue, vector.writeOptions));
  if (!again.ok) reasons.push(again.reason);
  else if (again.value !== expected.text) {
    reasons.push(`the canonical text is not a fixed point: it writes back as ${excerpt(again.value)}`);
  }
}

/** Checks one case against a codec. Never throws on a misbehaving codec: a throw is a failure. */
export function runCase<V>(vector: VectorCase, codec: Codec<V>): CaseOutcome {
  const reasons: string[] = [];
  const unchecked: Check[] = [];
  const parsed = attempt('parse', () => codec.parse(vector.input, vector.options));
  let accepted = false;
  if (!parsed.ok) reasons.push(parsed.reason);
  else if (parsed.value.ok) {
    accepted = true;
    if (vector.result === 'invalid') {
      const wanted = vector.error ? ` with ${vector.error.code} at field ${String(vector.error.field)} offset ${String(vector.error.offset)}` : '';
      reasons.push(`accepted, expected a rejection${wanted}`);
    } else if (vector.expected) {
      checkAccepted(vector, parsed.value.value, vector.expected, codec, reasons, unchecked);
    }
  } else {
    const { error } = parsed.value;
    if (vector.result === 'valid') reasons.push(`rejected with ${describeError(error)}, expected acceptance`);
    else if (vector.error) checkError(error, vector.error, reasons);
  }
  return {
    id: vector.id,
    description: vector.description,
    status: reasons.length === 0 ? 'pass' : 'fail',
    reasons,
    unchecked,
    accepted,
  };
}

/** Runs every case of one file or of several, in order. */
export function runVectors<V>(suite: VectorFile | readonly VectorFile[], codec: Codec<V>): SuiteOutcome {
  const files: readonly VectorFile[] = Array.isArray(suite) ? suite : [suite as VectorFile];
  const outcomes: CaseOutcome[] = [];
  for (const file of files) for (const vector of file.cases) outcomes.push(runCase(vector, codec));
  const passed = outcomes.filter((o) => o.status === 'pass').length;
  return { passed, failed: outcomes.length - passed, outcomes };
}
