import {
  ROLES,
  attackersOf,
  kingSquares,
  opposite,
  type Board,
  type ByColor,
  type Color,
  type Piece,
  type Pocket,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import { sideRook } from './parse.js';

export interface FenWriteOptions {
  /**
   * `'xfen'` (default): `K`/`Q` for the outermost rook on either side of the king (so
   * standard positions read `KQkq`), the rook's file letter otherwise. `'shredder'`: file
   * letters always (`HAha`).
   */
  readonly castling?: 'xfen' | 'shredder';
  /**
   * `'always'` (default): the en passant square whenever the setup has one. `'legal'`: only
   * when the side to move can capture en passant legally.
   */
  readonly epPolicy?: 'always' | 'legal';
}

export const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function refuse(what: string): never {
  throw new TypeError(`writeFen: cannot write ${what}`);
}

const LETTERS: Readonly<Record<string, string>> = {
  pawn: 'p',
  knight: 'n',
  bishop: 'b',
  rook: 'r',
  queen: 'q',
  king: 'k',
};

// Letters of the interned pieces, so the hot loop is one map lookup per occupied square.
const letterCache = /* @__PURE__ */ new Map<Piece, string>();

function letterOf(p: Piece): string {
  let letter = letterCache.get(p);
  if (letter === undefined) {
    const lower = LETTERS[p.role];
    if (lower === undefined) refuse(`a ${p.role}`);
    letter = (p.color === 'white' ? lower.toUpperCase() : lower) + (p.promoted ? '~' : '');
    letterCache.set(p, letter);
  }
  return letter;
}

function writePockets(pockets: ByColor<Pocket>): string {
  let out = '[';
  let total = 0;
  for (const color of ['white', 'black'] as const) {
    const pocket = pockets[color];
    for (const role of ROLES) {
      const count = pocket[role];
      if (!count) continue;
      const lower = LETTERS[role];
      if (lower === undefined || !(count > 0 && count <= 64)) refuse(`${count} ${role} in a pocket`);
      total += count;
      out += (color === 'white' ? lower.toUpperCase() : lower).repeat(count);
    }
  }
  if (total > 64) refuse(`${total} pieces in pockets`);
  return `${out}]`;
}

/** The placement field, with `[...]` pockets when given. */
export function writeBoardFen(board: Board, pockets?: ByColor<Pocket>): string {
  if (board.geometry.name !== 'standard') refuse(`a ${board.geometry.name} board`);
  const pieces = board.pieces;
  let out = '';
  for (let rank = 7; rank >= 0; rank--) {
    let empty = 0;
    for (let square = rank * 8, end = square + 8; square < end; square++) {
      const p = pieces[square];
      if (p === undefined) empty++;
      else {
        if (empty > 0) {
          out += empty;
          empty = 0;
        }
        out += letterOf(p);
      }
    }
    if (empty > 0) out += empty;
    if (rank > 0) out += '/';
  }
  return pockets ? out + writePockets(pockets) : out;
}

/** The castling field for rook squares (ascending, at most two per colour on its back rank). */
export function writeCastling(
  board: Board,
  castlingRooks: readonly Square[],
  mode: 'xfen' | 'shredder' = 'xfen',
): string {
  let out = '';
  const pieces = board.pieces;
  for (let k = 0, previous = -1; k < castlingRooks.length; k++) {
    const rook = castlingRooks[k] as number;
    if (!(rook > previous && (rook < 8 || (rook >= 56 && rook < 64))) || rook !== (rook | 0)) refuse(`castling rook ${rook}`);
    previous = rook;
  }
  for (let color = 0; color < 2; color++) {
    const c: Color = color === 0 ? 'white' : 'black';
    const base = color * 56;
    const kingRook = sideRook(pieces, c, 1);
    const queenRook = sideRook(pieces, c, -1);
    let count = 0;
    for (let k = castlingRooks.length - 1; k >= 0; k--) {
      const rook = castlingRooks[k] as number;
      if (rook < base || rook >= base + 8) continue;
      if (++count > 2) refuse('more than two castling rights per colour');
      const letter =
        mode === 'xfen' && rook === kingRook
          ? 'k'
          : mode === 'xfen' && rook === queenRook
            ? 'q'
            : String.fromCharCode(97 + rook - base);
      out += color === 0 ? letter.toUpperCase() : letter;
    }
  }
  return out || '-';
}

/** Whether a pawn of the side to move can capture en passant on `ep` without exposing its king. */
function canCaptureEnPassant(setup: Setup, ep: Square): boolean {
  const { board, turn } = setup;
  const pieces = board.pieces;
  const pushed = ep + (turn === 'white' ? -8 : 8);
  const victim = pieces[pushed];
  if (pieces[ep] !== undefined || victim === undefined || victim.role !== 'pawn' || victim.color === turn) return false;
  const king = kingSquares(board, turn);
  for (const from of [pushed - 1, pushed + 1]) {
    const capturer = pieces[from];
    if ((from >> 3) !== (pushed >> 3) || capturer?.role !== 'pawn' || capturer.color !== turn) continue;
    if (king.length !== 1) return true;
    const after = pieces.slice();
    after[from] = undefined;
    after[pushed] = undefined;
    after[ep] = capturer;
    if (attackersOf({ geometry: board.geometry, pieces: after }, king[0] as number, opposite(turn)).length === 0) return true;
  }
  return false;
}

function counter(value: number, min: number): number {
  if (!(Number.isInteger(value) && value >= min && value <= 9999)) refuse(`counter ${value}`);
  return value;
}

function checkCount(value: number): number {
  if (!(Number.isInteger(value) && value >= 0 && value <= 3)) refuse(`${value} remaining checks`);
  return value;
}

/** Canonical FEN of a setup; throws `TypeError` for a setup FEN cannot express. */
export function writeFen(setup: Setup, options?: FenWriteOptions): string {
  const { board, turn, epSquares, remainingChecks } = setup;
  let out = `${writeBoardFen(board, setup.pockets)} ${turn === 'white' ? 'w' : 'b'} ${writeCastling(board, setup.castlingRooks, options?.castling)} `;
  const ep = epSquares[0];
  if (ep === undefined) out += '-';
  else {
    if (epSquares.length > 1 || ep >> 3 !== (turn === 'white' ? 5 : 2) || ep !== (ep | 0)) refuse(`en passant ${epSquares}`);
    out += options?.epPolicy !== 'legal' || canCaptureEnPassant(setup, ep) ? String.fromCharCode(97 + (ep & 7)) + (ep >> 3 === 5 ? '6' : '3') : '-';
  }
  if (remainingChecks) out += ` ${checkCount(remainingChecks.white)}+${checkCount(remainingChecks.black)}`;
  return `${out} ${counter(setup.halfmoves, 0)} ${counter(setup.fullmoves, 1)}`;
}
