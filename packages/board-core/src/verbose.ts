/**
 * The verbose move of style 12 (FICS `help style12`, field "verbose coordinate notation for the
 * previous move"): `P/e2-e4`, `N/g1-f3`, `o-o`, `o-o-o`, `P/e7-e8=Q`, drops `P/@@-e4`, and
 * `none` before the first move. Servers write the piece letter in upper case for both sides.
 */
import type { Move } from './move.js';
import {
  checkLength,
  choosePromotion,
  excerpt,
  isErr,
  isShortCastle,
  castlesFromKing,
  legalCastle,
  legalDrop,
  legalMovesTo,
  matchFromTo,
  moveError,
  nameOf,
  scanSquare,
  upperLetter,
  type MoveNotationError,
} from './move-notation.js';
import type { Result } from './result.js';
import type { Setup } from './setup.js';
import { roleFromLetter, type Role } from './vocabulary.js';

/** Options of `parseVerbose`. */
export interface VerboseOptions {
  /**
   * What a pawn move to the last rank without `=X` promotes to. FICS 1.x servers leave the
   * suffix out of the verbose move (only the SAN field carries it), so the piece is not in the
   * text; a caller holding the SAN field should read the piece from there. The default,
   * `'queen'`, is the server's default promotion piece; `'reject'` reports `missing-promotion`.
   */
  readonly missingPromotion?: Role | 'reject';
}

/** Writes the verbose move as freechess.org and FatICS do, promotions with `=Q`. */
export function writeVerbose(setup: Setup, move: Move): string {
  switch (move.kind) {
    case 'drop':
      return `${upperLetter(move.role)}/@@-${nameOf(setup, move.to)}`;
    case 'castle':
      return isShortCastle(setup.board.geometry, move, castlesFromKing(setup)) ? 'o-o' : 'o-o-o';
    case 'enPassant':
      return `P/${nameOf(setup, move.from)}-${nameOf(setup, move.to)}`;
    case 'normal': {
      const mover = setup.board.pieces[move.from];
      if (!mover) throw new TypeError(`writeVerbose: no piece on ${nameOf(setup, move.from)}`);
      const promotion = move.promotion === undefined ? '' : `=${upperLetter(move.promotion)}`;
      return `${upperLetter(mover.role)}/${nameOf(setup, move.from)}-${nameOf(setup, move.to)}${promotion}`;
    }
  }
}

/**
 * Reads a verbose move against the legal moves of `setup`. `o-o`/`o-o-o` carry no rook square,
 * so in Chess960 the castling move is the legal one on that side of the king; a king move
 * written as `K/e1-g1` or `K/e1-h1` is read as castling when it can only be that. Also accepted:
 * `O-O`, `0-0`, a lower-case piece letter, `x` instead of `-`, and `=q`.
 */
export function parseVerbose(
  setup: Setup,
  text: string,
  options: VerboseOptions = {},
): Result<Move, MoveNotationError> {
  const lengthError = checkLength(text);
  if (lengthError) return lengthError;
  if (text === 'none')
    return moveError('no-move', 'move', 0, '"none" stands for no move (the position before the first move)');
  const { geometry } = setup.board;
  const castling =
    text === 'o-o' || text === 'O-O' || text === '0-0'
      ? 'short'
      : text === 'o-o-o' || text === 'O-O-O' || text === '0-0-0'
        ? 'long'
        : undefined;
  if (castling !== undefined) return legalCastle(setup, castling === 'short', text);
  const role = roleFromLetter(text.charAt(0));
  if (role === undefined)
    return moveError('unknown-role', 'piece', 0, `${excerpt(text.charAt(0))} is not a piece letter`);
  if (text.charAt(1) !== '/')
    return moveError('syntax', 'piece', 1, `expected "/" after the piece letter in ${excerpt(text)}`);
  if (text.startsWith('@@', 2)) {
    if (text.charAt(4) !== '-') return moveError('syntax', 'to', 4, `expected "-" after "@@" in ${excerpt(text)}`);
    const to = scanSquare(geometry, text, 5, 'to');
    if (isErr(to)) return to;
    if (to.end !== text.length)
      return moveError('syntax', 'suffix', to.end, `unexpected text after the square in ${excerpt(text)}`);
    return legalDrop(setup, role, to.square, text);
  }
  const from = scanSquare(geometry, text, 2, 'from');
  if (isErr(from)) return from;
  const separator = text.charAt(from.end);
  if (separator !== '-' && separator !== 'x') {
    return moveError('syntax', 'to', from.end, `expected "-" between the squares of ${excerpt(text)}`);
  }
  const to = scanSquare(geometry, text, from.end + 1, 'to');
  if (isErr(to)) return to;
  let promotion: Role | undefined;
  if (to.end < text.length) {
    const letter = text.charAt(to.end + 1);
    if (text.charAt(to.end) !== '=' || to.end + 2 !== text.length) {
      return moveError(
        'syntax',
        'promotion',
        to.end,
        `expected nothing or "=" and a piece letter after the squares of ${excerpt(text)}`,
      );
    }
    promotion = roleFromLetter(letter);
    if (promotion === undefined || promotion === 'pawn' || promotion === 'king') {
      return moveError('unknown-role', 'promotion', to.end + 1, `${excerpt(letter)} is not a piece to promote to`);
    }
  }
  const mover = setup.board.pieces[from.square];
  if (mover && mover.role !== role) {
    return moveError(
      'piece-mismatch',
      'piece',
      0,
      `${excerpt(text)} names a ${role} but a ${mover.role} stands on ${nameOf(setup, from.square)}`,
    );
  }
  const candidates = matchFromTo(legalMovesTo(setup, to.square), from.square, to.square);
  if (promotion === undefined && options.missingPromotion !== 'reject') {
    const fallback = options.missingPromotion ?? 'queen';
    const promoting = candidates.filter((m) => m.kind === 'normal' && m.promotion !== undefined);
    if (promoting.length > 0 && promoting.length === candidates.length) promotion = fallback;
  }
  return choosePromotion(candidates, promotion, text, to.end);
}
