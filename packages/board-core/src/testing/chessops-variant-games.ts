/**
 * Test-only: random games played side by side by board-core and a chessops position of a
 * variant, comparing at every position the legal moves, the SAN of each, the end of the game
 * and insufficient material, and after every move the position. Not exported from the package.
 */
import { makeSan, parseSan as opsParseSan } from 'chessops/san';
import type { Position } from 'chessops/chess';
import { makeUci } from 'chessops/util';
import { expect } from 'vitest';
import type { Move } from '../move.js';
import { legalMoves, play } from '../rules.js';
import { parseSan, writeSan } from '../san.js';
import type { Setup } from '../setup.js';
import { hasInsufficientMaterial, outcome } from '../status.js';
import { fenOf, opsFen, opsMoves, toChessopsMove } from './chessops-bridge.js';

export { opsFen } from './chessops-bridge.js';

/** What was seen along the games, to show that they reach the rules under test. */
export interface GameTally {
  positions: number;
  captures: number;
  castles: number;
  enPassant: number;
  promotions: number;
  /** Games ended by each reason of `outcome`. */
  ends: Record<string, number>;
}

export function emptyTally(): GameTally {
  return { positions: 0, captures: 0, castles: 0, enPassant: 0, promotions: 0, ends: {} };
}

/**
 * Plays one seeded random game of at most `plies` from `setup` (board-core) and `pos` (the
 * same position in chessops), `next` choosing each move; `prefer` picks a move from the
 * legal ones first when it returns one (captures, to reach explosions sooner).
 */
export function compareGame(
  setup: Setup,
  pos: Position,
  next: () => number,
  plies: number,
  tally: GameTally,
  prefer?: (moves: readonly Move[], setup: Setup) => Move | undefined,
): void {
  let ours = setup;
  for (let ply = 0; ply < plies; ply++) {
    tally.positions++;
    const fen = opsFen(pos);
    const moves = legalMoves(ours);
    expect(moves.map((m) => makeUci(toChessopsMove(m))).sort(), `moves in ${fen}`).toEqual(opsMoves(pos));
    for (const m of moves) {
      const san = writeSan(ours, m);
      const opsMove = toChessopsMove(m);
      expect(san, `SAN of ${makeUci(opsMove)} in ${fen}`).toBe(makeSan(pos, opsMove));
      const read = parseSan(ours, san);
      expect(read.ok && makeUci(toChessopsMove(read.value)), `reading ${san} in ${fen}`).toBe(makeUci(opsMove));
      expect(opsParseSan(pos, san), `chessops reading ${san} in ${fen}`).toEqual(opsMove);
      if (ours.board.pieces[m.to] !== undefined || m.kind === 'enPassant') tally.captures++;
      if (m.kind === 'castle') tally.castles++;
      if (m.kind === 'enPassant') tally.enPassant++;
      if (m.kind === 'normal' && m.promotion !== undefined) tally.promotions++;
    }
    const end = outcome(ours);
    const opsEnd = pos.outcome();
    expect(end === undefined ? undefined : { winner: end.winner }, `outcome of ${fen}`).toEqual(
      opsEnd === undefined ? undefined : { winner: opsEnd.winner },
    );
    for (const color of ['white', 'black'] as const)
      expect(hasInsufficientMaterial(ours, color), `${color}'s material in ${fen}`).toBe(
        pos.hasInsufficientMaterial(color),
      );
    if (end) {
      tally.ends[end.reason] = (tally.ends[end.reason] ?? 0) + 1;
      expect(moves.length === 0 || end.reason === 'insufficientMaterial' || end.reason === 'seventyFiveMoves').toBe(
        true,
      );
      if (moves.length === 0) return;
    }
    if (moves.length === 0) return;
    const move = prefer?.(moves, ours) ?? (moves[Math.floor(next() * moves.length)] as Move);
    ours = play(ours, move);
    pos.play(toChessopsMove(move));
    expect(fenOf(ours), `after ${makeUci(toChessopsMove(move))} in ${fen}`).toBe(opsFen(pos));
  }
}
