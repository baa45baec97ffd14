/**
 * Coordinate notation (the UCI move form): origin and destination squares, a lower-case
 * promotion letter, `N@f3` drops. Castling is the king's move (`e1g1`) or, for Chess960, the
 * king taking its own rook (`e1h1`).
 */
import { roleCode, type Engine } from './engine.js';
import { squareX } from './geometry.js';
import type { Move } from './move.js';
import {
  checkLength,
  choosePromotion,
  excerpt,
  isErr,
  legalDrop,
  legalMovesTo,
  matchFromTo,
  moveError,
  nameOf,
  scanDrop,
  scanSquare,
  upperLetter,
  type MoveNotationError,
} from './move-notation.js';
import type { Result } from './result.js';
import type { Setup } from './setup.js';
import { ROLE_LETTERS, roleFromLetter, type Role } from './vocabulary.js';
import { DIGIT_1, LOWER_A, LOWER_Z, UPPER_A, UPPER_Z } from './internal/codes.js';

/** How `writeCoordinate` writes castling. */
export interface CoordinateOptions {
  /**
   * Write every castling move as king-to-rook (`e1h1`), the UCI_Chess960 convention. Without
   * it, a castling king that moves at least two files is written king-to-destination (`e1g1`),
   * and any other (a Chess960 king that moves one file or stays) king-to-rook, because its
   * king-to-destination form would read as a king step or a non-move.
   */
  readonly chess960?: boolean;
}

/**
 * Writes a move in coordinate (UCI) notation: `e2e4`, `e7e8q`, `N@f3`, castling as `e1g1` or
 * `e1h1` (see `CoordinateOptions`). The move is not checked for legality.
 */
export function writeCoordinate(setup: Setup, move: Move, options: CoordinateOptions = {}): string {
  switch (move.kind) {
    case 'drop':
      return `${upperLetter(move.role)}@${nameOf(setup, move.to)}`;
    case 'castle': {
      const { geometry } = setup.board;
      const kingFiles = Math.abs(squareX(geometry, move.to) - squareX(geometry, move.from));
      const target = options.chess960 === true || kingFiles < 2 ? move.rook : move.to;
      return nameOf(setup, move.from) + nameOf(setup, target);
    }
    case 'enPassant':
      return nameOf(setup, move.from) + nameOf(setup, move.to);
    case 'normal':
      return (
        nameOf(setup, move.from) +
        nameOf(setup, move.to) +
        (move.promotion === undefined ? '' : ROLE_LETTERS[move.promotion])
      );
  }
}

/**
 * Reads a coordinate move against the legal moves of `setup`. Both castling forms are read in
 * either mode; a promotion letter may be of either case; `0000` is the no-move placeholder.
 */
export function parseCoordinate(setup: Setup, text: string): Result<Move, MoveNotationError> {
  const lengthError = checkLength(text);
  if (lengthError) return lengthError;
  if (text === '0000') return moveError('no-move', 'move', 0, `${excerpt(text)} stands for no move`);
  const { geometry } = setup.board;
  const at = text.indexOf('@');
  if (at >= 0) {
    const drop = scanDrop(geometry, text, at);
    if (isErr(drop)) return drop;
    if (drop.end !== text.length)
      return moveError('syntax', 'suffix', drop.end, `unexpected text after the square in ${excerpt(text)}`);
    return legalDrop(setup, drop.role, drop.to, text);
  }
  const from = scanSquare(geometry, text, 0, 'from');
  if (isErr(from)) return from;
  const to = scanSquare(geometry, text, from.end, 'to');
  if (isErr(to)) return to;
  let promotion: Role | undefined;
  if (to.end < text.length) {
    if (to.end + 1 !== text.length)
      return moveError('syntax', 'suffix', to.end + 1, `unexpected text after the move in ${excerpt(text)}`);
    const letter = text.charCodeAt(to.end);
    if (!((letter >= UPPER_A && letter <= UPPER_Z) || (letter >= LOWER_A && letter <= LOWER_Z))) {
      return moveError('syntax', 'suffix', to.end, `unexpected text after the move in ${excerpt(text)}`);
    }
    promotion = roleFromLetter(text.charAt(to.end));
    if (promotion === undefined || promotion === 'pawn' || promotion === 'king') {
      return moveError(
        'unknown-role',
        'promotion',
        to.end,
        `${excerpt(text.charAt(to.end))} is not a piece to promote to`,
      );
    }
  }
  return choosePromotion(matchFromTo(legalMovesTo(setup, to.square), from.square, to.square), promotion, text, to.end);
}

// The engine's move codes: from cell | to cell << 10 | promotion role << 20 | kind << 24.
const CELL_MASK = 1023;
const KIND_CASTLE = 2;

/** The standard board's square (0 a1 ... 63 h8) named at `at` in `text`, or -1. */
function standardSquareAt(text: string, at: number): number {
  const x = text.charCodeAt(at) - LOWER_A;
  const y = text.charCodeAt(at + 1) - DIGIT_1;
  return x >= 0 && x < 8 && y >= 0 && y < 8 ? y * 8 + x : -1;
}

/**
 * The engine's move code for a coordinate move on the standard board (`g1f3`, `e5d6`, `e7e8q`)
 * that `parseCoordinate` reads as a normal or en passant move, in the position the engine
 * holds; else -1, and the general road (castling, drops, errors) gives the answer. Only the
 * moves onto the destination are generated, and no Move is built for a candidate: files of
 * opening lines written in coordinates are read move by move through here.
 */
export function plainCoordinateCode(engine: Engine, text: string): number {
  const c = engine.c;
  const length = text.length;
  if ((length !== 4 && length !== 5) || !c.standard) return -1;
  const fromSquare = standardSquareAt(text, 0);
  const toSquare = standardSquareAt(text, 2);
  if (fromSquare < 0 || toSquare < 0) return -1;
  let promotion = 0;
  if (length === 5) {
    const role = roleFromLetter(text.charAt(4));
    // A pawn or a king named as the promotion is an error, which the general road words.
    if (role === undefined || role === 'pawn' || role === 'king') return -1;
    promotion = roleCode(role);
  }
  const from = c.cellOf[fromSquare] as number;
  const to = c.cellOf[toSquare] as number;
  const end = engine.generateTo(0, to);
  const moves = engine.moves;
  let found = -1;
  let fromTo = 0;
  for (let i = 0; i < end; i++) {
    const move = moves[i] as number;
    // Normal and en passant moves (kinds 0 and 1) from the origin, with the promotion named.
    if (move >>> 24 >= KIND_CASTLE || (move & CELL_MASK) !== from) continue;
    fromTo++;
    if (((move >>> 20) & 15) !== promotion) continue;
    if (found >= 0) return -1;
    found = move;
  }
  if (fromTo > 0 || promotion !== 0) return fromTo > 0 ? found : -1;
  // Castling (kind 2, the rook's cell in the code), as `matchFromTo` picks it when no move goes
  // from the origin to the destination: the king onto its rook, else onto its destination.
  return castlingCode(engine, end, from, to);
}

/** The one castling move among the first `end` generated whose king is on `from` and whose rook, else whose king's destination, is `to`; else -1. */
function castlingCode(engine: Engine, end: number, from: number, to: number): number {
  const moves = engine.moves;
  for (let pass = 0; pass < 2; pass++) {
    let found = -1;
    for (let i = 0; i < end; i++) {
      const move = moves[i] as number;
      if (move >>> 24 !== KIND_CASTLE || (move & CELL_MASK) !== from) continue;
      const rook = (move >>> 10) & CELL_MASK;
      if ((pass === 0 ? rook : (engine.castlingTargets(from, rook)[0] as number)) !== to) continue;
      if (found >= 0) return -1;
      found = move;
    }
    if (found >= 0) return found;
  }
  return -1;
}
