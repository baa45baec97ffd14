import type { LocatedError } from '@chess-formats/board-core';

/**
 * Every way `parseFen` can refuse its input. Codes are stable: they are part of the public
 * contract and of the conformance vectors. The README lists when each one is reported and
 * which character its `offset` points at.
 */
export const FEN_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  'empty',
  'whitespace',
  'board-char',
  'board-digits',
  'promoted-marker',
  'rank-too-long',
  'rank-too-short',
  'rank-count',
  'pocket',
  'turn',
  'castling',
  'castling-order',
  'castling-too-many',
  'ep-square',
  'ep-rank',
  'halfmoves',
  'fullmoves',
  'checks',
  'missing-field',
  'extra-field',
] as const);
/** The code of a `FenError`, one of `FEN_ERROR_CODES`. */
export type FenErrorCode = (typeof FEN_ERROR_CODES)[number];

/**
 * Index of a FEN field, by meaning: 0 board (with its pocket), 1 turn, 2 castling, 3 en
 * passant, 4 halfmoves, 5 fullmoves, 6 three-check counters or any field after the last.
 * Three-check counters are field 6 wherever they appear, so halfmoves stay field 4.
 */
export type FenField = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The first fault found, reading strictly left to right. */
export interface FenError extends LocatedError<FenErrorCode, FenField> {
  /** The stable error code. */
  readonly code: FenErrorCode;
  /** The field at fault (see `FenField`). */
  readonly field: FenField;
  /** Index in the input string of the offending character (the input's length for "ended too early"). */
  readonly offset: number;
  /** Short English: what was expected, and what was found. */
  readonly message: string;
}
