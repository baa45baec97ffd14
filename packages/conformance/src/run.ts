import { excerpt, jsonEqual } from './equal.js';
import type {
  Expected,
  ExpectedError,
  MoveNotation,
  VectorCase,
  VectorFile,
  VectorOptions,
  VectorPosition,
} from './types.js';

/** The part of an implementation's parse error the corpus checks; other properties are ignored. */
export interface CodecError {
  /** The implementation's stable error code. */
  readonly code: string;
  /** A field index (FEN) or a field name (moves); compared with `===`. */
  readonly field: number | string;
  /** Offset of the fault in the input, in UTF-16 code units. */
  readonly offset: number;
  /** Shown in failure reasons; not compared. */
  readonly message?: string;
}

/**
 * What a codec's `parse` returns: the value, or the error whose `code`, `field` and `offset`
 * the corpus compares.
 */
export type CodecParseResult<V> =
  | { readonly ok: true; readonly value: V }
  | { readonly ok: false; readonly error: CodecError };

/**
 * The implementation under test, adapted by the caller. Only `parse` and `write` are required;
 * without `toJson` the expected values are not compared, without `validate` the expected
 * problems are not compared (the outcome lists what went unchecked).
 */
export interface Codec<V> {
  /** Parses a case's input with the case's parse options (`undefined` for the defaults). */
  parse(input: string, options: VectorOptions | undefined): CodecParseResult<V>;
  /** Writes a value with the case's write options (`undefined` for the defaults). */
  write(value: V, options: VectorOptions | undefined): string;
  /** The canonical JSON of a parsed value, comparable with `expected.value`. */
  toJson?(value: V): unknown;
  /** The problems of a parsed value, as codes or as objects with a `code`. */
  validate?(value: V): readonly (string | { readonly code: string })[];
}

/**
 * The implementation under test for move vectors: a move is read and written against a
 * position, in a notation named by the case. `P` is the implementation's position, `M` its move.
 * `position` builds the position of a case (a FEN or the canonical setup JSON); throwing there
 * fails the case, so an implementation without some board (Omega) filters those cases out.
 * `toJson` gives the language-neutral move object the vectors hold in `expected.value`.
 */
export interface MoveCodec<P, M> {
  /** Builds the position of a case; throw when the implementation cannot (the case fails). */
  position(position: VectorPosition): P;
  /** Reads a move in `notation` against `position`, with the case's parse options. */
  parse(notation: MoveNotation, position: P, input: string, options: VectorOptions | undefined): CodecParseResult<M>;
  /** Writes a move in `notation` against `position`, with the case's write options. */
  write(notation: MoveNotation, position: P, move: M, options: VectorOptions | undefined): string;
  /**
   * The canonical JSON of a move, comparable with `expected.value`; without it values and other
   * notations go unchecked.
   */
  toJson?(move: M): unknown;
}

/** The parts of a case a runner checks; `unchecked` in an outcome names the ones it could not. */
export const CHECKS = /* @__PURE__ */ Object.freeze([
  'parse',
  'error',
  'value',
  'text',
  'fixed-point',
  'problems',
  'position',
  'notations',
] as const);
/** A part of a case a runner checks, one of `CHECKS`. */
export type Check = (typeof CHECKS)[number];

/** The outcome of one case: pass or fail, why, and what could not be checked. */
export interface CaseOutcome {
  /** The case's id. */
  readonly id: string;
  /** The case's description. */
  readonly description: string;
  /** Whether the implementation conforms on this case. */
  readonly status: 'pass' | 'fail';
  /** One line per failed check; empty when the case passes. */
  readonly reasons: readonly string[];
  /** Checks the case asks for that the codec cannot perform (no `toJson`, no `validate`). */
  readonly unchecked: readonly Check[];
  /** Whether the implementation accepted the input. */
  readonly accepted: boolean;
}

/** The outcome of a run: counts of passed and failed cases and each case's outcome, in order. */
export interface SuiteOutcome {
  /** How many cases passed. */
  readonly passed: number;
  /** How many cases failed. */
  readonly failed: number;
  /** Each case's outcome, in the order run. */
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
  return `${error.code} at field ${JSON.stringify(error.field)} offset ${String(error.offset)}${message}`;
}

function describeExpectedError(error: ExpectedError): string {
  return `${error.code} at field ${JSON.stringify(error.field)} offset ${String(error.offset)}`;
}

function checkError(actual: CodecError, expected: ExpectedError, reasons: string[]): void {
  if (actual.code !== expected.code || actual.field !== expected.field || actual.offset !== expected.offset) {
    reasons.push(`rejected with ${describeError(actual)}, expected ${describeExpectedError(expected)}`);
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

function isMoveCodec(codec: object): codec is MoveCodec<unknown, unknown> {
  return typeof (codec as { position?: unknown }).position === 'function';
}

/**
 * Checks one case against a codec. A FEN case takes a `Codec`, a move case (one with a
 * `position`) a `MoveCodec`; a case given the other kind fails. Never throws on a misbehaving
 * codec: a throw is a failure.
 */
export function runCase<V>(vector: VectorCase, codec: Codec<V>): CaseOutcome;
export function runCase<P, M>(vector: VectorCase, codec: MoveCodec<P, M>): CaseOutcome;
export function runCase(vector: VectorCase, codec: Codec<unknown> | MoveCodec<unknown, unknown>): CaseOutcome {
  const reasons: string[] = [];
  const unchecked: Check[] = [];
  let accepted = false;
  if (vector.position === undefined) {
    if (isMoveCodec(codec)) reasons.push('a case without a position, given a move codec');
    else accepted = runWithCodec(vector, codec, reasons, unchecked, undefined);
  } else if (!isMoveCodec(codec)) {
    reasons.push('a move case (it has a position), given a codec without a position function');
  } else {
    accepted = runMoveCase(vector, codec, vector.position, reasons, unchecked);
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

/**
 * A move case runs as a text case of a codec bound to its position and notation, so both
 * kinds follow one contract; `expected.notations` adds the check of the other notations.
 */
function runMoveCase<P, M>(
  vector: VectorCase,
  codec: MoveCodec<P, M>,
  where: VectorPosition,
  reasons: string[],
  unchecked: Check[],
): boolean {
  const notation = vector.notation;
  if (notation === undefined) {
    reasons.push('a move case without a notation');
    return false;
  }
  const built = attempt('position', () => codec.position(where));
  if (!built.ok) {
    reasons.push(built.reason);
    return false;
  }
  const position = built.value;
  const bound: Codec<M> = {
    parse: (input, options) => codec.parse(notation, position, input, options),
    write: (move, options) => codec.write(notation, position, move, options),
  };
  const toJson = codec.toJson?.bind(codec);
  if (toJson) bound.toJson = toJson;
  const others = (move: M): void => checkNotations(vector, codec, position, move, reasons, unchecked);
  return runWithCodec(vector, bound, reasons, unchecked, others);
}

/** Every `expected.notations` text: the move writes as it, and it reads back as the move. */
function checkNotations<P, M>(
  vector: VectorCase,
  codec: MoveCodec<P, M>,
  position: P,
  move: M,
  reasons: string[],
  unchecked: Check[],
): void {
  const texts = vector.expected?.notations;
  if (texts === undefined) return;
  const moveJson = codec.toJson ? attempt('toJson', () => codec.toJson?.(move)) : undefined;
  if (moveJson === undefined) unchecked.push('notations');
  for (const [name, text] of Object.entries(texts)) {
    const notation = name as MoveNotation;
    const written = attempt(`write ${name}`, () => codec.write(notation, position, move, undefined));
    if (!written.ok) reasons.push(written.reason);
    else if (written.value !== text)
      reasons.push(`wrote ${excerpt(written.value)} in ${name}, expected ${excerpt(text)}`);
    const read = attempt(`parse ${name}`, () => codec.parse(notation, position, text, undefined));
    if (!read.ok) {
      reasons.push(read.reason);
      continue;
    }
    if (!read.value.ok) {
      reasons.push(`the ${name} text ${excerpt(text)} is rejected: ${describeError(read.value.error)}`);
      continue;
    }
    if (moveJson?.ok === true) {
      const readMove = read.value.value;
      const json = attempt('toJson', () => codec.toJson?.(readMove));
      if (!json.ok) reasons.push(json.reason);
      else if (!jsonEqual(json.value, moveJson.value)) {
        reasons.push(
          `the ${name} text ${excerpt(text)} reads as ${excerpt(json.value)}, not ${excerpt(moveJson.value)}`,
        );
      }
    }
  }
}

/** Steps 1 to 4 of the contract for a codec of texts; returns whether the input was accepted. */
function runWithCodec<V>(
  vector: VectorCase,
  codec: Codec<V>,
  reasons: string[],
  unchecked: Check[],
  afterText: ((value: V) => void) | undefined,
): boolean {
  const parsed = attempt('parse', () => codec.parse(vector.input, vector.options));
  let accepted = false;
  if (!parsed.ok) reasons.push(parsed.reason);
  else if (parsed.value.ok) {
    accepted = true;
    if (vector.result === 'invalid') {
      const wanted = vector.error ? ` with ${describeExpectedError(vector.error)}` : '';
      reasons.push(`accepted, expected a rejection${wanted}`);
    } else if (vector.expected) {
      checkAccepted(vector, parsed.value.value, vector.expected, codec, reasons, unchecked);
      afterText?.(parsed.value.value);
    }
  } else {
    const { error } = parsed.value;
    if (vector.result === 'valid') reasons.push(`rejected with ${describeError(error)}, expected acceptance`);
    else if (vector.error) checkError(error, vector.error, reasons);
  }
  return accepted;
}

/** Runs every case of one file or of several, in order, with a `Codec` (FEN) or a `MoveCodec` (moves). */
export function runVectors<V>(suite: VectorFile | readonly VectorFile[], codec: Codec<V>): SuiteOutcome;
export function runVectors<P, M>(suite: VectorFile | readonly VectorFile[], codec: MoveCodec<P, M>): SuiteOutcome;
export function runVectors(
  suite: VectorFile | readonly VectorFile[],
  codec: Codec<unknown> | MoveCodec<unknown, unknown>,
): SuiteOutcome {
  const files: readonly VectorFile[] = Array.isArray(suite) ? suite : [suite as VectorFile];
  const outcomes: CaseOutcome[] = [];
  for (const file of files) {
    for (const vector of file.cases)
      outcomes.push(isMoveCodec(codec) ? runCase(vector, codec) : runCase(vector, codec));
  }
  const passed = outcomes.filter((o) => o.status === 'pass').length;
  return { passed, failed: outcomes.length - passed, outcomes };
}
