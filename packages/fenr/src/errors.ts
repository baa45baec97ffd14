import type { LocatedError } from '@chess-formats/board-core';

/**
 * Every way `parseFenr` can refuse its input. Codes are stable: they are part of the public
 * contract and of the conformance vectors. The README lists when each one is reported and
 * which character its `offset` points at.
 */
export const FENR_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  'empty',
  'whitespace',
  'board-char',
  'board-digits',
  'rank-too-long',
  'rank-too-short',
  'rank-count',
  'delay-marker',
  'moving-piece',
  'castling',
  'castling-order',
  'ep-square',
  'ep-rank',
  'since-capture',
  'elapsed',
  'missing-field',
  'extra-field',
] as const);
/** The code of a `FenrError`, one of `FENR_ERROR_CODES`. */
export type FenrErrorCode = (typeof FENR_ERROR_CODES)[number];

/**
 * Index of a FENr field: 0 placement, 1 castling, 2 en passant, 3 milliseconds since the last
 * capture, 4 milliseconds since the start, 5 anything after the last field.
 */
export type FenrField = 0 | 1 | 2 | 3 | 4 | 5;

/** The first fault found, reading strictly left to right. */
export interface FenrError extends LocatedError<FenrErrorCode, FenrField> {
  /** The stable error code. */
  readonly code: FenrErrorCode;
  /** The field at fault (see `FenrField`). */
  readonly field: FenrField;
  /** Index in the input string of the offending character (the input's length for "ended too early"). */
  readonly offset: number;
  /** Short English: what was expected, and what was found. */
  readonly message: string;
}
