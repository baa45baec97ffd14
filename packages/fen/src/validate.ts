import {
  COLORS,
  attackersOf,
  checkers,
  kingSquares,
  opposite,
  type Color,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import type { ValidationProblem } from './errors.js';

const SLIDERS: ReadonlySet<string> = new Set(['bishop', 'rook', 'queen']);

/** Whether `between` lies strictly inside the straight line from `from` to `to`. */
function isBetween(from: Square, to: Square, between: Square): boolean {
  const dx = (to & 7) - (from & 7);
  const dy = (to >> 3) - (from >> 3);
  if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) return false;
  const step = Math.sign(dy) * 8 + Math.sign(dx);
  for (let square = from + step; square !== to; square += step) if (square === between) return true;
  return false;
}

/** Whether `a`, `b` and `king` lie on one rank, file or diagonal. */
function onOneLine(king: Square, a: Square, b: Square): boolean {
  const ax = (a & 7) - (king & 7);
  const ay = (a >> 3) - (king >> 3);
  const bx = (b & 7) - (king & 7);
  const by = (b >> 3) - (king >> 3);
  return ax * by === ay * bx;
}

/**
 * The en passant square's problem, if any: it must be on the rank behind a pawn of the side
 * not to move that has just made a double step, with that step's two squares empty.
 */
function epSquareIsValid(setup: Setup, ep: Square): boolean {
  const pieces = setup.board.pieces;
  const forward = setup.turn === 'white' ? 8 : -8;
  const pushed = pieces[ep - forward];
  return (
    ep >> 3 === (setup.turn === 'white' ? 5 : 2) &&
    pieces[ep] === undefined &&
    pieces[ep + forward] === undefined &&
    pushed?.role === 'pawn' &&
    pushed.color !== setup.turn
  );
}

/**
 * Every reason the setup cannot arise in a game of standard chess (or crazyhouse, when it
 * has pockets), in the order of `VALIDATION_PROBLEMS`; empty when none is found.
 */
export function validateSetup(setup: Setup): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const { board, turn } = setup;
  const pieces = board.pieces;
  const kings: Record<Color, Square[]> = { white: kingSquares(board, 'white'), black: kingSquares(board, 'black') };
  for (const color of COLORS) {
    if (kings[color].length === 0) problems.push(`${color}-king-missing`);
    // A king in a pocket (crazyhouse) would be a second king to drop: kings are never captured.
    if (kings[color].length + (setup.pockets?.[color].king ?? 0) > 1) problems.push(`${color}-kings-too-many`);
  }
  if ([0, 1, 2, 3, 4, 5, 6, 7].some((x) => pieces[x]?.role === 'pawn' || pieces[56 + x]?.role === 'pawn')) {
    problems.push('pawns-on-back-rank');
  }

  for (const color of COLORS) {
    const count = { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0, king: 0, champion: 0, wizard: 0, fool: 0 };
    let total = 0;
    for (const p of pieces) {
      if (p?.color !== color) continue;
      count[p.role]++;
      total++;
    }
    if (count.pawn > 8) problems.push(`${color}-too-many-pawns`);
    // Without pockets, every officer beyond the initial set is a promoted pawn.
    const promoted =
      Math.max(0, count.queen - 1) +
      Math.max(0, count.rook - 2) +
      Math.max(0, count.bishop - 2) +
      Math.max(0, count.knight - 2);
    // With pockets, captured pieces change sides but never leave the game: the 32 of the start
    // are all there is, so one colour holds at most 32 on the board and in its pocket.
    const pocket = setup.pockets?.[color];
    const tooMany = pocket
      ? Object.values(pocket).reduce((sum, held) => sum + held, total) > 32
      : total > 16 || count.pawn + promoted > 8;
    if (tooMany) problems.push(`${color}-too-many-pieces`);
  }

  const castlingValid = setup.castlingRooks.every((rook) => {
    const color: Color = rook < 8 ? 'white' : 'black';
    const king = kings[color][0];
    const base = color === 'white' ? 0 : 56;
    if (kings[color].length !== 1 || king === undefined || king - base >>> 3 !== 0 || rook - base >>> 3 !== 0) return false;
    const p = pieces[rook];
    if (p?.role !== 'rook' || p.color !== color) return false;
    // One right on each side of the king at most.
    return setup.castlingRooks.filter((other) => other - base >>> 3 === 0 && other < king === rook < king).length === 1;
  });
  if (!castlingValid) problems.push('castling-rights');

  const ep = setup.epSquares[0];
  const epValid = ep === undefined || (setup.epSquares.length === 1 && epSquareIsValid(setup, ep));
  if (!epValid) problems.push('ep-square');

  const theirKing = kings[opposite(turn)];
  if (theirKing.length === 1 && attackersOf(board, theirKing[0] as Square, turn).length > 0) problems.push('opposite-check');

  const king = kings[turn][0];
  const checking = kings[turn].length === 1 && king !== undefined ? checkers(setup) : [];
  // More than two checkers is also an impossible check (no move gives three), reported as both,
  // as python-chess does.
  if (checking.length > 2) problems.push('too-many-checkers', 'impossible-check');
  else if (king !== undefined && checking.length > 0) {
    let impossible: boolean;
    if (ep !== undefined && epValid) {
      // The last move was the double step: each checker is the pawn that made it, or a
      // slider it uncovered by leaving its start square.
      const forward = turn === 'white' ? 8 : -8;
      const start = ep + forward;
      impossible = !checking.every(
        (square) => square === ep - forward || (SLIDERS.has(pieces[square]?.role ?? '') && isBetween(square, king, start)),
      );
    } else if (checking.length === 2) {
      const [a, b] = checking as [Square, Square];
      const sliders = checking.filter((square) => SLIDERS.has(pieces[square]?.role ?? '')).length;
      // One move gives at most one direct check and uncovers one line.
      impossible = sliders === 0 || (sliders === 2 && onOneLine(king, a, b));
    } else impossible = false;
    if (impossible) problems.push('impossible-check');
  }
  return problems;
}
