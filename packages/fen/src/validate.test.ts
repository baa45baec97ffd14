import type { Setup } from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { INITIAL_FEN, parseFen, validateSetup } from './index.js';

function parsed(text: string): Setup {
  const result = parseFen(text);
  if (!result.ok) throw new Error(`${text}: ${result.error.code} at ${result.error.offset}`);
  return result.value;
}

const problems = (fen: string): string[] => validateSetup(parsed(fen));

describe('validateSetup', () => {
  test.each([
    INITIAL_FEN,
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1',
    // Check by the pawn that has just made the double step d7-d5.
    '7k/8/8/3p4/4K3/8/8/8 w - d6 0 1',
  ])('legal: %s', (fen) => {
    expect(problems(fen)).toEqual([]);
  });

  test('kings', () => {
    expect(problems('8/8/8/8/8/8/8/8 w - - 0 1')).toEqual(['white-king-missing', 'black-king-missing']);
    expect(problems('k7/8/8/8/8/8/8/KK6 w - - 0 1')).toEqual(['white-kings-too-many']);
    expect(problems('kk6/8/8/8/8/8/8/K7 w - - 0 1')).toEqual(['black-kings-too-many']);
  });

  test('pawns on the back rank', () => {
    expect(problems('k6P/8/8/8/8/8/8/K7 b - - 0 1')).toEqual(['pawns-on-back-rank']);
    expect(problems('k7/8/8/8/8/8/8/K6p w - - 0 1')).toEqual(['pawns-on-back-rank']);
  });

  test('material', () => {
    expect(problems('k7/8/8/8/8/PPPPPPPP/P7/K7 w - - 0 1')).toEqual(['white-too-many-pawns', 'white-too-many-pieces']);
    // Eight pawns and a second queen: one promotion too many.
    expect(problems('k7/8/8/8/8/PPPPPPPP/8/KQQ5 w - - 0 1')).toEqual(['white-too-many-pieces']);
    // Seven pawns and three knights: one promotion, fine.
    expect(problems('k7/8/8/8/8/PPPPPPP1/8/KNNN4 w - - 0 1')).toEqual([]);
    // Pockets (crazyhouse) lift the material limits.
    expect(problems('k7/8/8/8/8/PPPPPPPP/8/KQQ5[] w - - 0 1')).toEqual([]);
  });

  test('castling rights without king and rook in place', () => {
    expect(problems('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1')).toEqual([]);
    expect(problems('r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1')).toEqual([]);
    expect(problems('r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1')).toEqual(['castling-rights']);
    expect(problems('r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1')).toEqual(['castling-rights']);
    // Two rights on the king's side.
    expect(problems('r3k2r/8/8/8/8/8/8/R3K1RR w KGkq - 0 1')).toEqual(['castling-rights']);
  });

  test('en passant squares', () => {
    expect(problems('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2')).toEqual([]);
    // No black pawn on d5.
    expect(problems('4k3/8/8/4P3/8/8/8/4K3 w - d6 0 2')).toEqual(['ep-square']);
    // The pawn's start square d7 is occupied.
    expect(problems('4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 2')).toEqual(['ep-square']);
  });

  test('the side not to move in check', () => {
    expect(problems('4k3/4R3/8/8/8/8/8/4K3 w - - 0 1')).toEqual(['opposite-check']);
  });

  test('too many and impossible checkers', () => {
    // Rook e1, knight d6 and bishop g6 all check the black king.
    // No single move gives three checks: also an impossible check, as python-chess reports it.
    expect(problems('4k3/8/3N2B1/8/8/8/8/4R1K1 b - - 0 1')).toEqual(['too-many-checkers', 'impossible-check']);
    // The three checkers: pawn f7, knight d6, rook e2.
    expect(problems('4k3/5P2/3N4/8/8/8/4R3/4K3 b - - 0 1')).toEqual(['too-many-checkers', 'impossible-check']);
    // Two pawns cannot check at once.
    expect(problems('4k3/3P1P2/8/8/8/8/8/6K1 b - - 0 1')).toEqual(['impossible-check']);
    // Pawn and knight neither.
    expect(problems('4k3/3P4/5N2/8/8/8/8/6K1 b - - 0 1')).toEqual(['impossible-check']);
    // Two rooks on one line through the king.
    expect(problems('R3k2R/8/8/8/8/8/8/6K1 b - - 0 1')).toEqual(['impossible-check']);
    // Rook and knight: a discovered double check, possible.
    expect(problems('4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1')).toEqual([]);
    // A rook check the double step to e5 could not have uncovered (e7 is not on its line).
    expect(problems('7k/8/8/4pP2/8/8/8/K6r w - e6 0 2')).toEqual(['impossible-check']);
    // The double step d7-d5 uncovered the rook's check along the seventh rank.
    expect(problems('8/K6r/8/3pP3/8/8/8/7k w - d6 0 2')).toEqual([]);
  });
});
