import { describe, expect, it } from 'vitest';
import { legalMoves, perft } from '../rules.js';
import type { Setup } from '../setup.js';
import { hasInsufficientMaterial, outcome } from '../status.js';
import { setupFromFen } from '../testing/chessops-bridge.js';
import { antichess } from './antichess.js';
import { variantByFicsType, variantByName, variantByPgnName, withVariant } from './lookup.js';
import { suicide } from './suicide.js';

function suicideOf(fen: string): Setup {
  return withVariant(setupFromFen(fen), suicide);
}

describe('FICS suicide', () => {
  it('has the names FICS and PGN use, apart from antichess', () => {
    expect(variantByFicsType('suicide')).toBe(suicide);
    expect(variantByPgnName('Suicide')).toBe(suicide);
    expect(variantByName('suicide')).toBe(suicide);
    expect(variantByName('giveaway')).toBe(antichess);
  });

  // The moves are antichess's (python-chess's giveaway perft: 20, 400, 8067).
  it('plays the moves of antichess', () => {
    expect(suicide.start().castlingRooks).toEqual([]);
    expect([1, 2, 3].map((depth) => perft(suicide.start(), depth))).toEqual([20, 400, 8_067]);
    const fen = '1n2k3/PPP1P3/8/8/8/8/3p1ppp/4K1N1 w - - 0 1';
    const ours = withVariant(setupFromFen(fen), antichess);
    expect(legalMoves(suicideOf(fen))).toEqual(legalMoves(ours));
  });

  it('gives the win to a side with no pieces left', () => {
    expect(outcome(suicideOf('8/8/8/8/8/8/8/7k w - - 0 1'))).toEqual({ reason: 'piecesLost', winner: 'white' });
  });

  it('scores a side without a move by the count of pieces: fewer wins, more loses, as many draws', () => {
    // White's pawn is blocked: one piece against two.
    const fewer = suicideOf('7k/8/8/8/8/6p1/6P1/8 w - - 0 1');
    expect(legalMoves(fewer)).toEqual([]);
    expect(outcome(fewer)).toEqual({ reason: 'stalemate', winner: 'white' });
    // Pawn and shut-in bishop against one pawn.
    expect(outcome(suicideOf('8/8/8/8/8/6p1/6P1/7B w - - 0 1'))).toEqual({ reason: 'stalemate', winner: 'black' });
    expect(outcome(suicideOf('8/8/8/8/8/6p1/6P1/8 w - - 0 1'))).toEqual({ reason: 'stalemate' });
    // Antichess gives every blocked side the win.
    const asAntichess = withVariant(setupFromFen('8/8/8/8/8/6p1/6P1/7B w - - 0 1'), antichess);
    expect(outcome(asAntichess)).toEqual({ reason: 'stalemate', winner: 'white' });
  });

  it('reads insufficient material as python-chess: only bishops that can never be taken', () => {
    const bishops = suicideOf('8/8/8/8/8/8/8/B6b w - - 0 1');
    expect(outcome(bishops)).toEqual({ reason: 'insufficientMaterial' });
    // A knight each is never insufficient in suicide (antichess reads some such positions so).
    const knights = '8/8/8/8/8/8/8/N6n w - - 0 1';
    expect(hasInsufficientMaterial(suicideOf(knights), 'white')).toBe(false);
    expect(hasInsufficientMaterial(withVariant(setupFromFen(knights), antichess), 'white')).toBe(true);
  });
});
