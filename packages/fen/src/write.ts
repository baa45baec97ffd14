import {
  MAX_COUNTER,
  COLORS,
  ROLES,
  STANDARD,
  type Board,
  type ByColor,
  type Piece,
  type Pocket,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import { LOWER_A, UPPER_A } from '@chess-formats/board-core/internal';
import { LETTERS, sideRook } from './parse.js';

/** Options of `writeFen`. */
export interface FenWriteOptions {
  /**
   * `'xfen'` (default): `K`/`Q` for the outermost rook on either side of the king (so
   * standard positions read `KQkq`), the rook's file letter otherwise. `'shredder'`: file
   * letters always (`HAha`).
   */
  readonly castling?: 'xfen' | 'shredder';
  /**
   * Which en passant square to write: `'always'` (default) the setup's, as the FEN standard
   * has it; or a predicate, such as `enPassantCapturable` (only when a legal en passant
   * capture exists), that decides whether to write it.
   */
  readonly epPolicy?: 'always' | ((setup: Setup, epSquare: Square) => boolean);
}

/** The FEN of the standard starting position. */
export const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function refuse(what: unknown): never {
  throw new TypeError(`not in FEN: ${what as string}`);
}

/** `text` after each count of empty squares 0-8 (written as a digit, none for 0). */
function afterEmpty(text: string): readonly string[] {
  return Array.from('012345678', (digit) => digit.replace('0', '') + text);
}

/** What ends a rank: `/` after all but the last. */
const RANK_END = /* @__PURE__ */ afterEmpty('/');
const BOARD_END = /* @__PURE__ */ afterEmpty('');

/**
 * The letters of a piece (index: role 0-5, +6 black, +12 promoted, as in LETTERS) after each
 * count of empty squares, so each piece costs one concatenation.
 */
const AFTER_EMPTY: readonly (readonly string[])[] = /* @__PURE__ */ Array.from({ length: 24 }, (_, k) =>
  afterEmpty((LETTERS[k % 12] as string) + (k < 12 ? '' : '~')),
);

/** The placement field, with `[...]` pockets when given. */
export function writeBoardFen(board: Board, pockets?: ByColor<Pocket>): string {
  if (board.geometry.name !== 'standard') refuse(board.geometry.name);
  const squares = board.pieces;
  let out = '';
  // Runs of one piece (pawns, mostly) look their letters up once.
  let last: Piece | undefined;
  let letters: readonly string[] = [];
  for (let rank = 56; rank >= 0; rank -= 8) {
    let empty = 0;
    for (let square = rank; square < rank + 8; square++) {
      const p = squares[square];
      if (p === undefined) empty++;
      else {
        if (p !== last) {
          // Compared, not looked up in a map by identity: several times faster, and a piece
          // built elsewhere (not interned) works the same. A pawn marked promoted is written as
          // the pawn it is.
          const role = (last = p).role;
          const k =
            role === 'pawn'
              ? 0
              : role === 'knight'
                ? 1
                : role === 'bishop'
                  ? 2
                  : role === 'rook'
                    ? 3
                    : role === 'queen'
                      ? 4
                      : role === 'king'
                        ? 5
                        : refuse(role);
          letters = AFTER_EMPTY[k + (p.color === 'white' ? 0 : 6) + (p.promoted && k ? 12 : 0)] as readonly string[];
        }
        out += letters[empty];
        empty = 0;
      }
    }
    out += (rank ? RANK_END : BOARD_END)[empty];
  }
  if (!pockets) return out;
  // Pockets: white first, each colour in role order P N B R Q K.
  let total = 0;
  out += '[';
  for (const color of COLORS) {
    ROLES.forEach((role, k) => {
      const count = pockets[color][role];
      if (count === 0) return;
      if (!(k < 6 && count > 0 && (total += count) <= 64)) refuse(role);
      out += (LETTERS[color === 'white' ? k : k + 6] as string).repeat(count);
    });
  }
  return `${out}]`;
}

/**
 * The castling field for rook squares (ascending, at most two per colour, on its back
 * rank): white first, each colour from the h-side rook to the a-side rook.
 */
export function writeCastling(
  board: Board,
  castlingRooks: readonly Square[],
  mode: 'xfen' | 'shredder' = 'xfen',
): string {
  const pieces = board.pieces;
  let white = '';
  let black = '';
  let previous = -1;
  for (const rook of castlingRooks) {
    const color = rook < 56 ? 'white' : 'black';
    const base = rook < 56 ? 0 : 56;
    // Only whole squares of a back rank, ascending.
    if ((rook & 7) + base !== rook || !(rook > previous)) refuse(castlingRooks);
    previous = rook;
    // Letters as offsets from `a`/`A`: k is 10 on, q 16.
    const offset =
      mode !== 'xfen'
        ? rook - base
        : rook === sideRook(pieces, color, 1)
          ? 10
          : rook === sideRook(pieces, color, -1)
            ? 16
            : rook - base;
    // Each colour's rights descend: prepend.
    if (base) black = String.fromCharCode(LOWER_A + offset) + black;
    else white = String.fromCharCode(UPPER_A + offset) + white;
  }
  if (white.length > 2 || black.length > 2) refuse(castlingRooks);
  return white + black || '-';
}

function inRange(value: number, min: number, max: number): number {
  return Number.isInteger(value) && value >= min && value <= max ? value : refuse(value);
}

/**
 * Canonical FEN of a setup; throws `TypeError` for a setup FEN cannot express.
 *
 * @example
 * ```ts
 * import { standardSetup } from '@chess-formats/board-core';
 * import { writeFen } from '@chess-formats/fen';
 * console.log(writeFen(standardSetup())); // → rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
 * ```
 */
export function writeFen(setup: Setup, options?: FenWriteOptions): string {
  const { board, turn, epSquares, remainingChecks } = setup;
  const ep = epSquares[0];
  const policy = options?.epPolicy;
  if (ep !== undefined && (epSquares.length > 1 || ep !== (turn === 'white' ? 40 : 16) + (ep & 7))) refuse(epSquares);
  // The short fields are joined first, so the long placement is concatenated once.
  return (
    writeBoardFen(board, setup.pockets) +
    `${turn === 'white' ? ' w ' : ' b '}${writeCastling(board, setup.castlingRooks, options?.castling)} ${
      ep === undefined || (typeof policy === 'function' && !policy(setup, ep))
        ? '-'
        : (STANDARD.squareNames[ep] as string)
    }${remainingChecks ? ` ${inRange(remainingChecks.white, 0, 3)}+${inRange(remainingChecks.black, 0, 3)}` : ''} ${inRange(
      setup.halfmoves,
      0,
      MAX_COUNTER,
    )} ${inRange(setup.fullmoves, 1, MAX_COUNTER)}`
  );
}
