import type { LocatedError } from '@chess-formats/board-core';

/**
 * Every way `parseOcpn` can refuse its input. Codes are stable: they are part of the public
 * contract and of the conformance vectors. The README lists when each one is reported and
 * which character its `offset` points at.
 */
export const OCPN_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  'empty',
  'whitespace',
  'board-char',
  'board-digits',
  'wizard-squares',
  'rank-too-long',
  'rank-too-short',
  'rank-count',
  'turn',
  'castling',
  'castling-order',
  'guarding',
  'guarding-order',
  'ep-square',
  'ep-rank',
  'ep-path',
  'fool-availability',
  'fool-availability-order',
  'fool-identities',
  'halfmoves',
  'fullmoves',
  'missing-field',
  'extra-field',
] as const);
/** The code of an `OcpnError`, one of `OCPN_ERROR_CODES`. */
export type OcpnErrorCode = (typeof OCPN_ERROR_CODES)[number];

/**
 * Index of an OCPN field: 0 placement (wizard squares and ranks), 1 side to move, 2 castling,
 * 3 guarding, 4 en passant, 5 fool availability, 6 fool identities, 7 half-move clock,
 * 8 full-move number, 9 anything after the last field.
 */
export type OcpnField = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** The first fault found, reading strictly left to right. */
export interface OcpnError extends LocatedError<OcpnErrorCode, OcpnField> {
  /** The stable error code. */
  readonly code: OcpnErrorCode;
  /** The field at fault (see `OcpnField`). */
  readonly field: OcpnField;
  /** Index in the input string of the offending character (the input's length for "ended too early"). */
  readonly offset: number;
  /** Short English: what was expected, and what was found. */
  readonly message: string;
}
