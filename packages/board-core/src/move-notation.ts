/**
 * What the four move notations (SAN, coordinates, style 12 verbose, Smith) share: the error
 * shape and codes, the length cap, and the scanning of square names and role letters that
 * asks the geometry instead of assuming eight files and eight ranks.
 */
import type { Engine } from './engine.js';
import { parseSquare, squareName, squareX, squareY, type Geometry, type Square } from './geometry.js';
import type { LocatedError } from './located-error.js';
import type { CastleMove, Move } from './move.js';
import { err, ok, type Err, type Result } from './result.js';
import { engineFor } from './rules.js';
import type { Setup } from './setup.js';
import { variantOf } from './variants/lookup.js';
import { roleFromLetter, type Role } from './vocabulary.js';
import { DIGIT_0, DIGIT_9, LOWER_A, LOWER_Z } from './internal/codes.js';

/**
 * Every code a move parser can report. Shared by all notations so that a caller can treat a
 * move from any wire format alike.
 */
export const MOVE_NOTATION_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  /** The text is empty. */
  'empty',
  /** The text is longer than {@link MAX_MOVE_TEXT_LENGTH}. */
  'too-long',
  /** The text is not in the form of the notation. */
  'syntax',
  /** A square name that the board's geometry does not have. */
  'unknown-square',
  /** A piece letter that names no role. */
  'unknown-role',
  /** A placeholder for "no move" (`none`, `--`, `0000`), which is not a move. */
  'no-move',
  /** Well formed, but no legal move matches it. */
  'illegal',
  /** Well formed, but several legal moves match it. */
  'ambiguous',
  /** A pawn reaches the last rank and the text names no piece to promote to. */
  'missing-promotion',
  /** The text names a promotion for a move that cannot promote. */
  'unexpected-promotion',
  /** The text names a piece other than the one standing on the origin square. */
  'piece-mismatch',
  /** A Smith capture letter that disagrees with the board. */
  'capture-mismatch',
  /** Nothing stands on the origin square (unchecked Smith moves). */
  'no-piece',
  /** The piece on the origin square belongs to the side not to move (unchecked Smith moves). */
  'wrong-color',
  /** A castling move whose rook cannot be found on the board (unchecked Smith moves). */
  'no-castling-rook',
] as const);
/** The code of a `MoveNotationError`, one of `MOVE_NOTATION_ERROR_CODES`. */
export type MoveNotationErrorCode = (typeof MOVE_NOTATION_ERROR_CODES)[number];

/** Which part of the move text an error is about. */
export type MoveNotationField = 'move' | 'piece' | 'from' | 'to' | 'promotion' | 'capture' | 'suffix';

/**
 * Why a move text (SAN, coordinate, verbose or Smith notation) could not be read, or is not legal
 * in the position.
 */
export interface MoveNotationError extends LocatedError<MoveNotationErrorCode, MoveNotationField> {
  /** The stable error code. */
  readonly code: MoveNotationErrorCode;
  /** The part of the move text at fault. */
  readonly field: MoveNotationField;
  /** Offset into the text (UTF-16 code units) where the problem starts. */
  readonly offset: number;
  /** Short English for people: what is wrong. */
  readonly message: string;
}

/**
 * No move in any notation is longer (the longest SAN is like `Qa1xb2=Q+!?`; an Omega move
 * like `Ww1xw2`), so anything longer is rejected before any work is done on it.
 */
export const MAX_MOVE_TEXT_LENGTH = 32;

export function moveError(
  code: MoveNotationErrorCode,
  field: MoveNotationField,
  offset: number,
  message: string,
): Err<MoveNotationError> {
  return err({ code, field, offset, message });
}

/** A short, printable excerpt of untrusted text for error messages. */
export function excerpt(text: string): string {
  const cut = text.length > 16 ? `${text.slice(0, 16)}...` : text;
  return JSON.stringify(cut);
}

/**
 * The checks every parser starts with: a string (untyped JavaScript may pass anything; it is
 * a `syntax` error, never a TypeError), not empty, not too long.
 */
export function checkLength(text: string): Err<MoveNotationError> | undefined {
  const value: unknown = text;
  if (typeof value !== 'string') {
    const kind =
      value === undefined || value === null
        ? String(value)
        : typeof value === 'object'
          ? 'an object'
          : `a ${typeof value}`;
    return moveError('syntax', 'move', 0, `expected the text of a move, got ${kind}`);
  }
  if (text.length === 0) return moveError('empty', 'move', 0, 'expected a move, got an empty text');
  if (text.length > MAX_MOVE_TEXT_LENGTH) {
    return moveError(
      'too-long',
      'move',
      MAX_MOVE_TEXT_LENGTH,
      `a move has at most ${MAX_MOVE_TEXT_LENGTH} characters, got ${text.length}: ${excerpt(text)}`,
    );
  }
  return undefined;
}

export function isLowerLetter(code: number): boolean {
  return code >= LOWER_A && code <= LOWER_Z;
}

export function isDigit(code: number): boolean {
  return code >= DIGIT_0 && code <= DIGIT_9;
}

/**
 * The end of a square-name token starting at `start`: lower-case letters then digits, as every
 * geometry names its squares (`e4`, Omega's `a0`, `w1`). Returns `start` when there is none.
 */
export function squareTokenEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && isLowerLetter(text.charCodeAt(i))) i++;
  if (i === start) return start;
  const digits = i;
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i === digits ? start : i;
}

export interface ScannedSquare {
  readonly square: Square;
  readonly end: number;
}

/** Reads a square name at `start`; errors say whether the text had no square or an unknown one. */
export function scanSquare(
  geometry: Geometry,
  text: string,
  start: number,
  field: MoveNotationField,
): ScannedSquare | Err<MoveNotationError> {
  const end = squareTokenEnd(text, start);
  if (end === start) {
    return moveError('syntax', field, start, `expected a square name at offset ${start} of ${excerpt(text)}`);
  }
  const name = text.slice(start, end);
  const square = parseSquare(geometry, name);
  if (square === undefined) {
    return moveError('unknown-square', field, start, `${excerpt(name)} is not a square of the ${geometry.name} board`);
  }
  return { square, end };
}

/** The file part of a square name (its letters): `e` of `e4`, `w` of `w1`. */
export function fileOfName(name: string): string {
  let i = 0;
  while (i < name.length && isLowerLetter(name.charCodeAt(i))) i++;
  return name.slice(0, i);
}

/** The rank part of a square name (its digits): `4` of `e4`, `10` of `a10`. */
export function rankOfName(name: string): string {
  return name.slice(fileOfName(name).length);
}

/** The role of an upper-case piece letter (`N`, Omega's `C` and `W`), or undefined. */
export function roleFromUpperLetter(letter: string): Role | undefined {
  return letter >= 'A' && letter <= 'Z' ? roleFromLetter(letter) : undefined;
}

/** The upper-case letter of a role, pawns included (`P`). */
export function upperLetter(role: Role): string {
  return ROLE_UPPER[role];
}

const ROLE_UPPER: Readonly<Record<Role, string>> = {
  pawn: 'P',
  knight: 'N',
  bishop: 'B',
  rook: 'R',
  queen: 'Q',
  king: 'K',
  champion: 'C',
  wizard: 'W',
  fool: 'F',
};

/**
 * Castling toward the higher files (the h-side in standard chess) is the short one, `O-O`;
 * with `fromKing` (rules that count castling from the king), the one toward the nearer edge.
 */
export function isShortCastle(geometry: Geometry, move: CastleMove, fromKing = false): boolean {
  const kingX = squareX(geometry, move.from);
  const hSide = squareX(geometry, move.rook) > kingX;
  // Castling counted from the king (FICS wild/0, wild/1): the short one goes toward the nearer edge.
  return fromKing ? hSide === kingX >= geometry.width / 2 : hSide;
}

/** Whether the setup's rules count castling from the king (`RulesSpec.castlingFromKing`), for `isShortCastle`. */
export function castlesFromKing(setup: Setup): boolean {
  return variantOf(setup).rules.spec.castlingFromKing === true;
}

/** Whether a legal-move candidate goes from `from` to `to`, reading castling both ways. */
export function castleMatches(move: CastleMove, from: Square, to: Square): boolean {
  return move.from === from && (move.to === to || move.rook === to);
}

/** The origin square of a move that has one. */
export function moveFrom(move: Move): Square | undefined {
  return move.kind === 'drop' ? undefined : move.from;
}

/** The square of the pawn taken en passant when a pawn goes from `from` to `to`. */
export function enPassantVictim(geometry: Geometry, from: Square, to: Square): Square {
  return squareY(geometry, from) * geometry.width + squareX(geometry, to);
}

/** Square name, for writers (throws on a square the geometry does not have: a programmer error). */
export function nameOf(setup: Setup, square: Square): string {
  return squareName(setup.board.geometry, square);
}

/**
 * The legal moves that land on `to`: normal moves, en passant, drops, and castling whose king
 * or rook lands there. Every notation names the destination, and asking the engine for just
 * those moves (instead of filtering all legal moves) is what makes reading a move cheap.
 */
export function legalMovesTo(setup: Setup, to: Square): Move[] {
  return movesTo(engineFor(setup), to);
}

/** `legalMovesTo` in the position the engine holds. */
export function movesTo(engine: Engine, to: Square): Move[] {
  const cell = engine.c.cellOf[to] ?? -1;
  if (cell < 0) return [];
  return publicMoves(engine, engine.generateTo(0, cell));
}

function publicMoves(engine: Engine, end: number): Move[] {
  const moves: Move[] = [];
  for (let i = 0; i < end; i++) moves.push(engine.toMove(engine.moves[i] as number));
  return moves;
}

/**
 * Picks the coordinate reading of a from-to pair among legal moves: an exact normal or en
 * passant move first, then castling written king-to-rook (never ambiguous), then castling
 * written king-to-destination. The order matters in Chess960, where `f1g1` can be both a king
 * step and a castling move: the step wins, and writers emit king-to-rook in that case.
 */
export function matchFromTo(legal: readonly Move[], from: Square, to: Square): Move[] {
  const plain = legal.filter((m) => (m.kind === 'normal' || m.kind === 'enPassant') && m.from === from && m.to === to);
  if (plain.length > 0) return plain;
  const toRook = legal.filter((m) => m.kind === 'castle' && m.from === from && m.rook === to);
  if (toRook.length > 0) return toRook;
  return legal.filter((m) => m.kind === 'castle' && m.from === from && m.to === to);
}

/**
 * Narrows from-to candidates by promotion. With `promotion` undefined, a non-promoting move is
 * wanted; when only promotions match, that is a missing promotion.
 */
export function choosePromotion(
  candidates: readonly Move[],
  promotion: Role | undefined,
  text: string,
  offset: number,
): Result<Move, MoveNotationError> {
  const promoting = candidates.filter((m) => m.kind === 'normal' && m.promotion !== undefined);
  const plain = candidates.filter((m) => !(m.kind === 'normal' && m.promotion !== undefined));
  if (promotion === undefined) {
    if (plain.length === 0 && promoting.length > 0) {
      return moveError(
        'missing-promotion',
        'promotion',
        offset,
        `${excerpt(text)} reaches the last rank and names no piece to promote to`,
      );
    }
    return onlyLegal(plain, text);
  }
  if (promoting.length === 0 && plain.length > 0) {
    return moveError(
      'unexpected-promotion',
      'promotion',
      offset,
      `${excerpt(text)} names a promotion for a move that does not promote`,
    );
  }
  return onlyLegal(
    promoting.filter((m) => m.kind === 'normal' && m.promotion === promotion),
    text,
  );
}

export function isErr<T>(value: T | Err<MoveNotationError>): value is Err<MoveNotationError> {
  return typeof value === 'object' && value !== null && 'ok' in value && value.ok === false;
}

/** The one move among `candidates`, as a parse result: none is illegal, several ambiguous. */
export function onlyLegal(candidates: readonly Move[], text: string): Result<Move, MoveNotationError> {
  if (candidates.length === 1) return ok(candidates[0] as Move);
  if (candidates.length === 0) return moveError('illegal', 'move', 0, `${excerpt(text)} is not a legal move here`);
  return moveError('ambiguous', 'move', 0, `${excerpt(text)} matches ${candidates.length} legal moves`);
}

/** The legal castling move on one side of the king (`O-O`, `o-o` and Smith's `c` name no rook square). */
export function legalCastle(setup: Setup, short: boolean, text: string): Result<Move, MoveNotationError> {
  return castleOn(engineFor(setup), short, text);
}

export function castleOn(engine: Engine, short: boolean, text: string): Result<Move, MoveNotationError> {
  return onlyLegal(
    publicMoves(engine, engine.generateCastles(0)).filter(
      (m) => m.kind === 'castle' && isShortCastle(engine.c.spec.geometry, m, engine.c.castlingFromKing) === short,
    ),
    text,
  );
}

export interface ScannedDrop {
  readonly role: Role;
  readonly to: Square;
  /** Where the square name ends in the text. */
  readonly end: number;
}

/**
 * A drop written `N@f3`, its `@` at offset `at`: one piece letter or none before it (`@f3` and
 * `P@f3` drop a pawn), a square after it. What may follow the square is the caller's business.
 */
export function scanDrop(geometry: Geometry, text: string, at: number): ScannedDrop | Err<MoveNotationError> {
  if (at > 1) return moveError('syntax', 'piece', 0, `expected one piece letter before @ in ${excerpt(text)}`);
  let role: Role = 'pawn';
  if (at === 1) {
    const named = roleFromLetter(text.charAt(0));
    if (named === undefined)
      return moveError('unknown-role', 'piece', 0, `${excerpt(text.charAt(0))} is not a piece letter`);
    role = named;
  }
  const to = scanSquare(geometry, text, at + 1, 'to');
  return isErr(to) ? to : { role, to: to.square, end: to.end };
}

/** The legal drop of `role` on `to`. */
export function legalDrop(setup: Setup, role: Role, to: Square, text: string): Result<Move, MoveNotationError> {
  return dropOn(engineFor(setup), role, to, text);
}

export function dropOn(engine: Engine, role: Role, to: Square, text: string): Result<Move, MoveNotationError> {
  return onlyLegal(
    movesTo(engine, to).filter((m) => m.kind === 'drop' && m.role === role),
    text,
  );
}
