import type { LocatedError, MoveNotationError } from '@chess-formats/board-core';
import type { FenError } from '@chess-formats/fen';
import type { OcpnError } from '@chess-formats/ocpn';

/** Every code the PGN reader can report, in a stable order. */
export const PGN_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  /** A chunk or text that is neither a string nor a `Uint8Array` (from untyped JavaScript). */
  'not-text',
  /** A tag pair that is not `[Name "value"]`: no name, no quoted value, no `]`, a line break inside. */
  'tag-syntax',
  /** A tag name or value longer than the limit. */
  'tag-too-long',
  /** The `FEN` tag holds no position the reader can read (FEN, X-FEN, Shredder-FEN; OCPN for Omega). */
  'bad-fen',
  /** A `Variant` tag naming a game the rules do not play (antichess, atomic, ...). */
  'unknown-variant',
  /** A move that is not a legal move in its position (SAN, or coordinates as a fallback). */
  'illegal-move',
  /** A character or token that has no place where it stands (`)` outside a variation, a NAG before any move). */
  'unexpected-token',
  /** A game that ends (result, next game, end of input) inside a variation. */
  'unclosed-variation',
  /** Variations nested deeper than the limit. */
  'variation-too-deep',
  /** A comment longer than the limit. */
  'comment-too-long',
  /** The input ends inside a `{` comment. */
  'unterminated-comment',
  /** A `$` without a number, a number above 255, or a run of `!`/`?` that is no annotation. */
  'bad-nag',
  /** A move, number or other symbol longer than 255 characters. */
  'token-too-long',
  /** A game longer than the limit; it is skipped without being held. */
  'game-too-large',
] as const);
/** The code of a `PgnError`, one of `PGN_ERROR_CODES`. */
export type PgnErrorCode = (typeof PGN_ERROR_CODES)[number];

/** Why a game could not be read, and where: line, column and offset of the offending token. */
export interface PgnError extends LocatedError<PgnErrorCode> {
  /** The stable error code. */
  readonly code: PgnErrorCode;
  /** Line of the offending token, from 1. */
  readonly line: number;
  /** Column of the offending token on its line, from 1 (UTF-16 code units). */
  readonly column: number;
  /** Offset of the offending token from the start of the input (UTF-16 code units of the text, a byte-order mark not counted). */
  readonly offset: number;
  /** Short English for people: what is wrong, and where in the game. */
  readonly message: string;
  /** The error of the move or position reader behind an `illegal-move` or `bad-fen`. */
  readonly cause?: MoveNotationError | FenError | OcpnError;
}

/**
 * Every code of a `PgnWarning`, in a stable order: text that is not standard PGN, read the way
 * its writer meant it (see the README, "Reading PGN as people write it").
 */
export const PGN_WARNING_CODES = /* @__PURE__ */ Object.freeze([
  /** `1/2` as the movetext's draw marker, read as `1/2-1/2`. */
  'short-draw',
  /** A `"` inside a tag value, not escaped: the value runs to the quote that `]` follows. */
  'unescaped-quote',
  /** An annotation glyph as a Unicode character (`‼`, `⁉`, `±`...), read as its NAG. */
  'unicode-annotation',
  /** An en passant capture marked `e.p.` or `ep` (`exf6ep`, `exf6 e.p.`): the mark is dropped. */
  'en-passant-suffix',
  /** A game with tags and no movetext, not even a result: it ends at the next tag section or the end of the input. */
  'no-movetext',
  /** An illegal move in a side line: the line is cut there (the moves before it kept), the game goes on. */
  'variation-cut',
  /** Bytes that are not UTF-8 (with the default `encoding`): read as U+FFFD, the message says which bytes and where. */
  'invalid-utf8',
  /** With `encoding: 'auto'`, the first bytes that are not UTF-8: the input is read as Latin-1 from there. */
  'latin1-fallback',
  /** A `}` in movetext with no comment open: passed over. */
  'stray-brace',
  /** A tag value ending in a backslash before its closing quote (`[Event "Open \\"]`): the backslash is kept in the value. */
  'backslash-quote',
  /** A German piece letter (`Sf3`, `Lb5`, `Te1`, `Dd2`, `e8=D`): read as SAN's (`N`, `B`, `R`, `Q`). */
  'german-piece-letter',
  /** An ASCII annotation glued to a move (`Bc5=`): the move, and the annotation as its NAG. */
  'glued-annotation',
  /** An HTML line break (`<br />`) in the text, as a web page's copy leaves them: read as a line break. */
  'html-line-break',
] as const);
/** The code of a `PgnWarning`, one of `PGN_WARNING_CODES`. */
export type PgnWarningCode = (typeof PGN_WARNING_CODES)[number];

/**
 * Text of a game that is not standard PGN but was read anyway, and where: the game holds what
 * the text meant, and the writer writes it in the standard form.
 */
export interface PgnWarning {
  /** The stable warning code. */
  readonly code: PgnWarningCode;
  /** Line of the text, from 1. */
  readonly line: number;
  /** Column on its line, from 1 (UTF-16 code units). */
  readonly column: number;
  /** Offset from the start of the input (UTF-16 code units of the text, a byte-order mark not counted). */
  readonly offset: number;
  /** Short English for people: what was read, and as what. */
  readonly message: string;
}
