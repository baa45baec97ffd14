import { describe, expect, it } from 'vitest';
import { isCheckmate, legalMoves, perft, play } from '../rules.js';
import { parseSan, writeSan } from '../san.js';
import type { Setup } from '../setup.js';
import { hasInsufficientMaterial, outcome } from '../status.js';
import { setupFromFen } from '../testing/chessops-bridge.js';
import { losers } from './losers.js';
import { variantByFicsType, variantByIccWild, variantByPgnName, withVariant } from './lookup.js';

function losersOf(fen: string): Setup {
  return withVariant(setupFromFen(fen), losers);
}

const sans = (setup: Setup): string[] => legalMoves(setup).map((move) => writeSan(setup, move));

describe('losers', () => {
  it('has the names FICS, ICC and PGN use', () => {
    expect(variantByFicsType('losers')).toBe(losers);
    expect(variantByIccWild(17)).toBe(losers);
    expect(variantByPgnName('Losers')).toBe(losers);
  });

  it('plays chess moves until a capture is possible, then only captures', () => {
    expect([1, 2].map((depth) => perft(losers.start(), depth))).toEqual([20, 400]);
    // Chess has 8,902 moves three plies deep; compulsory captures remove some.
    expect(perft(losers.start(), 3)).toBeLessThan(8_902);
    const e4d5 = ['e4', 'd5'].reduce((setup, text) => {
      const move = parseSan(setup, text);
      if (!move.ok) throw new Error(move.error.message);
      return play(setup, move.value);
    }, losers.start());
    expect(sans(e4d5)).toEqual(['exd5']);
    expect(parseSan(e4d5, 'Nf3').ok).toBe(false);
  });

  it('keeps check: a capture must also be legal, and one that is ends the choice when in check', () => {
    // (The blocked pawns on a2 and a3 keep either side from having its king alone.)
    // The king in check may only take the rook (a capture, so the only move allowed).
    expect(sans(losersOf('4k3/8/8/8/8/p7/P3r3/4K3 w - - 0 1'))).toEqual(['Kxe2']);
    // Protected, the rook cannot be taken by the king: the evasions are the moves.
    expect(sans(losersOf('4k3/8/8/8/8/p3r3/P3r3/4K3 w - - 0 1')).sort()).toEqual(['Kd1', 'Kf1']);
  });

  it('castles only when no capture is possible', () => {
    const free = losersOf('4k3/8/8/8/8/p7/P7/R3K2R w KQ - 0 1');
    expect(parseSan(free, 'O-O-O').ok).toBe(true);
    const bound = losersOf('4k3/8/8/8/8/p7/P6p/R3K2R w KQ - 0 1');
    expect(parseSan(bound, 'O-O-O').ok).toBe(false);
    expect(sans(bound)).toEqual(['Rxh2']);
  });

  it('gives the win to a side left with its king alone, or checkmated, or stalemated', () => {
    const lone = losersOf('4k3/8/8/8/8/8/8/4K2R b - - 0 1');
    expect(outcome(lone)).toEqual({ reason: 'piecesLost', winner: 'black' });
    expect(legalMoves(lone)).toEqual([]);
    const mated = losersOf('4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 1');
    expect(isCheckmate(mated)).toBe(true);
    expect(outcome(mated)).toEqual({ reason: 'checkmate', winner: 'white' });
    const stalemated = losersOf('k7/7p/1Q5P/8/8/8/8/7K b - - 0 1');
    expect(outcome(stalemated)).toEqual({ reason: 'stalemate', winner: 'black' });
    expect(outcome(losers.start())).toBeUndefined();
  });

  it('has no insufficient material: a king takes too, so a capture can be forced', () => {
    // Bishops of one shade: dead in chess.
    const bishops = losersOf('4k3/8/8/8/8/8/7b/B3K3 w - - 0 1');
    expect(hasInsufficientMaterial(bishops, 'white')).toBe(false);
    expect(outcome(bishops)).toBeUndefined();
    // As chess the same position is dead.
    const { variant: _, ...chess } = bishops;
    expect(outcome(chess)).toEqual({ reason: 'insufficientMaterial' });
  });
});
