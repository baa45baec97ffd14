import type { LocatedError } from '@chess-formats/board-core';

/**
 * Every way the FICS line readers (and the session reader) can refuse a line. Codes are
 * stable: they are part of the public contract and of the conformance vectors. The README
 * lists when each one is reported.
 */
export const FICS_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  'empty',
  'too-long',
  'tag',
  'word',
  'number',
  'rating',
  'value',
  'time',
  'missing-field',
  'moves-table',
  'moves-start',
  'moves-move',
] as const);
/** The code of a `FicsError`, one of `FICS_ERROR_CODES`. */
export type FicsErrorCode = (typeof FICS_ERROR_CODES)[number];

/** The first fault found in a line, reading strictly left to right. */
export interface FicsError extends LocatedError<FicsErrorCode, number> {
  /** The stable error code. */
  readonly code: FicsErrorCode;
  /**
   * The 0-based index of the blank-separated word holding the fault: 0 is the line's tag or
   * first word (`<s>`, `Creating:`, a row's number).
   */
  readonly field: number;
  /** Index in the line (UTF-16 code units) of the offending character; the line's length when it ended too early. */
  readonly offset: number;
  /** Short English: what was expected, and what was found. */
  readonly message: string;
}

/**
 * The codes of `FICS_ERROR_CODES` that the session reader's `error` events can carry: the line
 * readers' other codes (`empty`, `tag`, `word`, `time`) mark lines the reader reads as text
 * rather than refuse. Its other errors are style 12's (`STYLE12_ERROR_CODES`), for board lines.
 */
export const FICS_READER_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  'too-long',
  'number',
  'rating',
  'value',
  'missing-field',
  'moves-table',
] as const satisfies readonly FicsErrorCode[]);
