import {
  err,
  ok,
  opposite,
  roleFromLetter,
  type Color,
  type Move,
  type MoveNotationError,
  type MoveNotationErrorCode,
  type MoveNotationField,
  type Result,
  type Role,
  type Setup,
  type Square,
  type VerboseOptions,
} from '@chess-formats/board-core';
import { DIGIT_1, LOWER_A, outermostRook } from '@chess-formats/board-core/internal';
import { backRankKing } from './parse.js';
import type { Style12 } from './record.js';

/** board-core's `parseVerbose` or `parseSan`, or anything with their shape. */
export type VerboseReader = (setup: Setup, text: string, options?: VerboseOptions) => Result<Move, MoveNotationError>;
/** board-core's `parseSan`, or anything with its shape. */
export type SanReader = (setup: Setup, text: string) => Result<Move, MoveNotationError>;

/**
 * Options of `lastMove`: the position before the move and the move readers to check it with.
 * Without them the move is read from the verbose move and the boards, without the rules.
 */
export interface LastMoveOptions {
  /** The position before the move (the setup of the game's previous record). */
  readonly before?: Setup;
  /**
   * board-core's `parseVerbose`, to read the move against the legal moves of `before`. Passed
   * in rather than imported so that reading lines never pulls the rules engine into a bundle.
   */
  readonly parseVerbose?: VerboseReader;
  /** board-core's `parseSan`: with `parseVerbose`, read the SAN field when the verbose move fails. */
  readonly parseSan?: SanReader;
  /**
   * Whether the piece moved stands on its destination after the move, as in chess (default
   * true). Read without the rules, a move whose destination is empty on the board after it is
   * refused unless this is false: for a game of other rules, such as atomic chess, whose
   * captures take the capturing piece off the board too.
   */
  readonly movedPieceLands?: boolean;
}

function fault(
  code: MoveNotationErrorCode,
  field: MoveNotationField,
  offset: number,
  message: string,
): Result<Move, MoveNotationError> {
  return err({ code, field, offset, message });
}

/** The square of a file letter a-h and a rank digit 1-8 at `at`, or -1. */
function squareAt(text: string, at: number): Square {
  const file = text.charCodeAt(at) - LOWER_A;
  const rank = text.charCodeAt(at + 1) - DIGIT_1;
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? rank * 8 + file : -1;
}

/** The promotion piece the SAN field names (`e8=Q`, `exd8=N+`), if any. */
function sanPromotion(san: string): Role | undefined {
  const at = san.indexOf('=');
  const role = at < 0 ? undefined : roleFromLetter(san.charAt(at + 1));
  return role === 'pawn' || role === 'king' ? undefined : role;
}

/** Castling with the king on `king`: the rook of `before`'s rights on that side, else the outermost rook there, else the corner. */
function castle(color: Color, short: boolean, before: Setup | undefined): Move {
  const base = color === 'white' ? 0 : 56;
  const pieces = before?.board.pieces;
  const kingFile = pieces ? backRankKing(pieces, color) : 4;
  const from = base + (kingFile < 0 ? 4 : kingFile);
  const onSide = (square: Square): boolean => square >= base && square < base + 8 && square > from === short;
  const corner = base + (short ? 7 : 0);
  let rook = before?.castlingRooks.find(onSide);
  if (rook === undefined && pieces) {
    // From the corner to the king; with no king on the back rank, a-side up to the e-file.
    const found = outermostRook(pieces, color, corner, short ? -1 : 1, short ? corner - from : from - corner + 1);
    if (found >= 0) rook = found;
  }
  return {
    kind: 'castle',
    from,
    to: base + (short ? 6 : 2),
    rook: rook ?? corner,
    rookTo: base + (short ? 5 : 3),
  };
}

/**
 * Reads the verbose move of a record without the rules: from its text, the board after it,
 * and, when given, the position before it. Castling without `before` is standard chess
 * castling (king from the e-file, rook from the corner); a pawn capture that may have been en
 * passant is `ambiguous` without `before`.
 */
function readVerbose(record: Style12, before: Setup | undefined, lands = true): Result<Move, MoveNotationError> {
  const text = record.verboseMove;
  const after = record.setup.board.pieces;
  const color = before?.turn ?? opposite(record.setup.turn);
  if (text === 'none') return fault('no-move', 'move', 0, '"none": no move was made yet');
  if (text.length > 32) return fault('too-long', 'move', 32, 'a verbose move has at most 32 characters');
  if (/^[oO0]-[oO0](-[oO0])?$/.test(text)) return ok(castle(color, text.length === 3, before));
  const role = roleFromLetter(text.charAt(0));
  if (role === undefined)
    return fault('unknown-role', 'piece', 0, `${JSON.stringify(text.charAt(0))} is not a piece letter`);
  if (text.charAt(1) !== '/')
    return fault('syntax', 'piece', 1, `expected "/" after the piece letter in ${JSON.stringify(text)}`);
  const drop = text.startsWith('@@', 2);
  const from = drop ? -1 : squareAt(text, 2);
  if (!drop && from < 0)
    return fault('unknown-square', 'from', 2, `expected a square a1-h8 in ${JSON.stringify(text)}`);
  if (text.charAt(4) !== '-' && text.charAt(4) !== 'x')
    return fault('syntax', 'to', 4, `expected "-" in ${JSON.stringify(text)}`);
  const to = squareAt(text, 5);
  if (to < 0) return fault('unknown-square', 'to', 5, `expected a square a1-h8 in ${JSON.stringify(text)}`);
  let promotion = text.charAt(7) === '=' && text.length === 9 ? roleFromLetter(text.charAt(8)) : undefined;
  if (text.length !== 7 && promotion === undefined) {
    return fault(
      'syntax',
      'promotion',
      7,
      `expected nothing or "=" and a piece letter after the squares of ${JSON.stringify(text)}`,
    );
  }
  const landed = after[to];
  if (landed === undefined ? lands : landed.color !== color) {
    return fault(
      'piece-mismatch',
      'to',
      5,
      `no ${color} piece stands on ${text.slice(5, 7)} after ${JSON.stringify(text)}`,
    );
  }
  if (drop) return ok({ kind: 'drop', role, to });
  const moved = before?.board.pieces[from];
  if (before !== undefined && moved === undefined) {
    // A move from an empty square is no move of this game: a tracker that kept it would hold a
    // game that no writer can replay.
    return fault('no-piece', 'from', 2, `${JSON.stringify(text)} moves from ${text.slice(2, 4)}, which was empty`);
  }
  if (moved !== undefined && (moved.role !== role || moved.color !== color)) {
    return fault(
      'piece-mismatch',
      'piece',
      0,
      `${JSON.stringify(text)} names a ${role}; a ${moved.color} ${moved.role} stood there`,
    );
  }
  if (role === 'pawn') {
    const lastRank = to >> 3 === (color === 'white' ? 7 : 0);
    // FICS 1.x writes promotions without `=X` in the verbose move; the SAN field has it.
    if (lastRank) promotion ??= sanPromotion(record.sanMove) ?? landed?.role ?? 'queen';
    if ((from & 7) !== (to & 7) && (before === undefined || before.board.pieces[to] === undefined)) {
      const captured = (from & ~7) | (to & 7);
      if (before !== undefined) return ok({ kind: 'enPassant', from, to, captured });
      if (after[captured] === undefined && to >> 3 === (color === 'white' ? 5 : 2)) {
        return fault(
          'ambiguous',
          'move',
          0,
          `${JSON.stringify(text)} may be en passant: pass the position before the move`,
        );
      }
    }
  }
  return ok(promotion === undefined ? { kind: 'normal', from, to } : { kind: 'normal', from, to, promotion });
}

/**
 * The last move of a record as a board-core `Move`. With `before` and `parseVerbose` the move
 * is read against the rules (falling back to the SAN field through `parseSan`); otherwise it
 * is read from the text and the boards, without the rules engine in the bundle.
 */
export function lastMove(record: Style12, options: LastMoveOptions = {}): Result<Move, MoveNotationError> {
  const { before, parseVerbose, parseSan, movedPieceLands } = options;
  if (before === undefined || parseVerbose === undefined) return readVerbose(record, before, movedPieceLands !== false);
  const promotion = sanPromotion(record.sanMove);
  const verbose = parseVerbose(
    before,
    record.verboseMove,
    promotion === undefined ? {} : { missingPromotion: promotion },
  );
  if (verbose.ok || parseSan === undefined || record.sanMove === 'none') return verbose;
  const san = parseSan(before, record.sanMove);
  return san.ok ? san : verbose;
}
