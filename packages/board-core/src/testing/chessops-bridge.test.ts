import { describe, expect, it } from 'vitest';
import { standardSetup } from '../setup.js';
import { fenOf, setupFromFen } from './chessops-bridge.js';

describe('chessops bridge', () => {
  it('reads the start position as board-core writes it', () => {
    expect(setupFromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toEqual(standardSetup());
  });
  it('round-trips a crazyhouse FEN with pockets and promoted pieces', () => {
    const fen = 'r2q1rk1/ppp2ppp/2n1bN2/2b1p3/2B1P3/2N5/PPPP1PPP/R1BQ~1RK1[Pnb] b - - 0 9';
    expect(fenOf(setupFromFen(fen))).toBe(fen);
  });
});
