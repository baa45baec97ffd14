import { attackersOf, kingSquares, opposite, type Setup, type Square } from '@chess-formats/board-core';

/**
 * Whether a pawn of the side to move can capture en passant on `epSquare` without leaving
 * its own king attacked (a pinned pawn does not count). Pass it as `writeFen`'s `epPolicy`
 * to write the square only when the capture is legal, as chess.js and python-chess do by
 * default.
 */
export function enPassantCapturable(setup: Setup, epSquare: Square): boolean {
  const { board, turn } = setup;
  const pieces = board.pieces;
  const pushed = epSquare + (turn === 'white' ? -8 : 8);
  const victim = pieces[pushed];
  if (pieces[epSquare] !== undefined || victim?.role !== 'pawn' || victim.color === turn) return false;
  const kings = kingSquares(board, turn);
  for (const from of [pushed - 1, pushed + 1]) {
    const capturer = pieces[from];
    // Same rank only: pushed - 1 on the a-file would wrap to the previous rank.
    if (from >> 3 !== pushed >> 3 || capturer?.role !== 'pawn' || capturer.color !== turn) continue;
    const king = kings[0];
    if (kings.length !== 1 || king === undefined) return true;
    const after = pieces.slice();
    after[from] = undefined;
    after[pushed] = undefined;
    after[epSquare] = capturer;
    if (attackersOf({ geometry: board.geometry, pieces: after }, king, opposite(turn)).length === 0) return true;
  }
  return false;
}
