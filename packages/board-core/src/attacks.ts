import type { Board } from './board.js';
import { squareAt, type Square } from './geometry.js';
import { MOVEMENT } from './movement.js';
import type { Setup } from './setup.js';
import { ROLES, opposite, type Color } from './vocabulary.js';

/** The squares holding pieces of `by` that attack `target` on this board. */
export function attackersOf(board: Board, target: Square, by: Color): Square[] {
  const { geometry, pieces } = board;
  const width = geometry.width;
  const tx = target % width;
  const ty = Math.floor(target / width);
  const found: Square[] = [];
  // Every non-pawn movement is symmetric: a piece on `target` would reach the attacker.
  for (const role of ROLES) {
    const { leaps, slides } = MOVEMENT[role];
    for (const [dx, dy] of leaps) {
      const square = squareAt(geometry, tx + dx, ty + dy);
      if (square === undefined) continue;
      const p = pieces[square];
      if (p && p.color === by && p.role === role) found.push(square);
    }
    for (const [dx, dy] of slides) {
      for (let x = tx + dx, y = ty + dy; ; x += dx, y += dy) {
        const square = squareAt(geometry, x, y);
        if (square === undefined) break;
        const p = pieces[square];
        if (!p) continue;
        if (p.color === by && p.role === role) found.push(square);
        break;
      }
    }
  }
  const back = by === 'white' ? -1 : 1;
  for (const dx of [-1, 1]) {
    const square = squareAt(geometry, tx + dx, ty + back);
    if (square === undefined) continue;
    const p = pieces[square];
    if (p && p.color === by && p.role === 'pawn') found.push(square);
  }
  return found.sort((a, b) => a - b);
}

/** Whether any piece of `by` attacks `target` on this board (pins and whose turn it is do not matter). */
export function isAttacked(board: Board, target: Square, by: Color): boolean {
  return attackersOf(board, target, by).length > 0;
}

/** The king squares of a colour, in square order (a legal position has exactly one). */
export function kingSquares(board: Board, color: Color): Square[] {
  const out: Square[] = [];
  board.pieces.forEach((p, square) => {
    if (p && p.role === 'king' && p.color === color) out.push(square);
  });
  return out;
}

/** The pieces giving check to the side to move (empty when not in check or without a king). */
export function checkers(setup: Setup): Square[] {
  const king = kingSquares(setup.board, setup.turn)[0];
  return king === undefined ? [] : attackersOf(setup.board, king, opposite(setup.turn));
}

/** Whether the side to move is in check; false when it has no king. */
export function isCheck(setup: Setup): boolean {
  return checkers(setup).length > 0;
}
