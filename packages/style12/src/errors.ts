import type { LocatedError } from '@chess-formats/board-core';

/**
 * Every way the style 12 and `<b1>` readers can refuse a line. Codes are stable: they are part
 * of the public contract and of the conformance vectors. The README lists when each one is
 * reported and which character its `offset` points at.
 */
export const STYLE12_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  'empty',
  'tag',
  'too-long',
  'whitespace',
  'board',
  'turn',
  'double-push',
  'castling',
  'number',
  'relation',
  'move-time',
  'flag',
  'missing-field',
  'holdings',
] as const);
/** The code of a `Style12Error`, one of `STYLE12_ERROR_CODES`. */
export type Style12ErrorCode = (typeof STYLE12_ERROR_CODES)[number];

/** The first fault found, reading strictly left to right. */
export interface Style12Error extends LocatedError<Style12ErrorCode, number> {
  /** The stable error code. */
  readonly code: Style12ErrorCode;
  /**
   * The 0-based index of the blank-separated token holding the fault: 0 is the `<12>` (or
   * `<b1>`) tag, 1-8 the ranks, 9 the turn ... 29 the SAN move, 30 flip, 31 clock ticking,
   * 32 lag, 33 and up the extra fields.
   */
  readonly field: number;
  /** Index in the input string (UTF-16 code units) of the offending character; the input's length for "ended too early". */
  readonly offset: number;
  /** Short English: what was expected, and what was found. */
  readonly message: string;
}
