import type { LocatedError } from '@chess-formats/board-core';

/**
 * Every fault the decoder reports, as the `code` of an `error` event. Codes are stable: they are
 * part of the public contract and of the conformance vectors (the README says when each is
 * reported, where its offset points, and how the decoder carries on).
 */
export const ICC_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  'datagram-too-large',
  'unit-too-large',
  'unterminated-datagram',
  'unterminated-quote',
  'datagram-number',
  'unit-header',
  'stray-delimiter',
  'field-type',
  'missing-field',
  'internal-fault',
] as const);
/** The code of an `IccError`, one of `ICC_ERROR_CODES`. */
export type IccErrorCode = (typeof ICC_ERROR_CODES)[number];

/** The arguments of a datagram the decoder could not type, so that nothing is lost. */
export interface RawDatagram {
  /** The datagram number. */
  readonly id: number;
  /** Its arguments, in order. */
  readonly args: readonly string[];
}

/** Why a datagram or the framing around it could not be read, and where in the stream. */
export interface IccError extends LocatedError<IccErrorCode, number> {
  /** The stable error code. */
  readonly code: IccErrorCode;
  /**
   * Inside a datagram, the index of the token at fault: 0 is the datagram number, n the n-th
   * argument. 0 for faults of the framing (units, delimiters, sizes).
   */
  readonly field: number;
  /** Index in the decoded stream (UTF-16 code units since the first chunk) of the character at fault. */
  readonly offset: number;
  /** Short English: what was expected, and what was found. */
  readonly message: string;
  /** For `field-type` and `missing-field`: the datagram as it came. */
  readonly datagram?: RawDatagram;
}
