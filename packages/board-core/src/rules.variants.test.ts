import { describe, expect, it } from 'vitest';
import { withPiece } from './board.js';
import { parseSetupJson, setupToJson } from './json.js';
import type { Move } from './move.js';
import { piece } from './piece.js';
import { MAX_PERFT_DEPTH, isCheckmate, isLegal, isStalemate, legalMoves, perft, play } from './rules.js';
import { parseSan, writeSan } from './san.js';
import { emptyPocket, type Setup } from './setup.js';
import { outcome } from './status.js';
import { setupFromFen } from './testing/chessops-bridge.js';
import { normal, sq } from './testing/notation-fixtures.js';

/** Perft by the persistent API: `legalMoves` and `play`, no engine make/unmake. */
function perftByPlay(setup: Setup, depth: number): number {
  if (depth === 0) return 1;
  let nodes = 0;
  for (const move of legalMoves(setup)) nodes += perftByPlay(play(setup, move), depth - 1);
  return nodes;
}

describe('three-check', () => {
  // The first three counts are published with chessops (src/variant.test.ts, three-check
  // perft) and python-chess (examples/perft/3check.perft): a side that has given its third
  // check has won, so the position after it has no legal moves, as in the fourth position.
  const PUBLISHED: readonly [name: string, fen: string, depth: number, count: number][] = [
    ['castling rooks, one check each left', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1', 2, 562],
    ['castling rooks, one check each left', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1', 3, 13410],
    [
      'Kiwipete, one check each left',
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+1 0 1',
      3,
      97848,
    ],
    ['White has given its three checks', 'R3k2r/8/8/8/8/8/8/4K2R b Kk - 0+1 0 1', 1, 0],
  ];
  for (const [name, fen, depth, count] of PUBLISHED) {
    it(`perft ${depth} of ${name} is ${count}`, () => {
      expect(perft(setupFromFen(fen), depth)).toBe(count);
    });
  }
  it('agrees with play and legalMoves when checks run out', () => {
    const setup = setupFromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1');
    expect(perftByPlay(setup, 2)).toBe(562);
  });
  it('ends the game at the last check: no moves, neither mate nor stalemate, and the checker wins', () => {
    const over = setupFromFen('R3k2r/8/8/8/8/8/8/4K2R b Kk - 0+1 0 1');
    expect(legalMoves(over)).toEqual([]);
    expect(isLegal(over, normal('e8', 'd7'))).toBe(false);
    expect(parseSan(over, 'Kd7').ok).toBe(false);
    expect(isCheckmate(over)).toBe(false);
    expect(isStalemate(over)).toBe(false);
    expect(outcome(over)).toEqual({ reason: 'threeChecks', winner: 'white' });
  });
  it('writes the last check as + unless it also mates', () => {
    const lastCheck = setupFromFen('4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1');
    expect(writeSan(lastCheck, normal('a1', 'a8'))).toBe('Ra8+');
    const lastCheckMates = setupFromFen('4k3/R7/8/8/8/8/8/1R2K3 w - - 1+3 0 1');
    expect(writeSan(lastCheckMates, normal('b1', 'b8'))).toBe('Rb8#');
  });
});

describe('impossible positions: one definition of a move', () => {
  // A king that can be taken (the side not to move is in check) and a side with two kings.
  // The engine's perft and the persistent API (legalMoves, then play) must count alike.
  const POSITIONS = [
    '4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1',
    '8/8/8/8/5qk1/5K1K/8/8 b - - 0 1',
    '8/8/8/8/5qk1/5K1K/8/8 w - - 0 1',
    'k7/8/8/8/8/8/8/KK6 w - - 0 1',
    '4k3/8/8/8/8/8/8/4K3[Kk] w - - 0 1',
  ];
  for (const fen of POSITIONS) {
    it(`perft agrees with legalMoves and play in ${fen}`, () => {
      const setup = setupFromFen(fen);
      for (const depth of [1, 2, 3]) expect(perft(setup, depth)).toBe(perftByPlay(setup, depth));
    });
  }
  it('takes the king and carries on without it', () => {
    const setup = setupFromFen('4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1');
    const take = normal('e7', 'e8');
    expect(isLegal(setup, take)).toBe(true);
    expect(legalMoves(play(setup, take))).toEqual([]);
  });
  it('moves a second king as a piece; the lowest-square king is the one kept out of check', () => {
    const setup = setupFromFen('k7/8/8/8/8/8/8/KK6 w - - 0 1');
    expect(isLegal(setup, normal('b1', 'c2'))).toBe(true);
    expect(isLegal(setup, normal('a1', 'a2'))).toBe(true);
  });
});

describe('a promoted pawn is a pawn', () => {
  // parseFen and parseSetupJson refuse `P~`; a setup built by hand may still hold one.
  function withPromotedPawn(fen: string, square: string): Setup {
    const setup = setupFromFen(fen);
    const p = setup.board.pieces[sq(square)];
    if (p?.role !== 'pawn') throw new Error(`no pawn on ${square}`);
    return { ...setup, board: withPiece(setup.board, sq(square), piece(p.color, 'pawn', true)) };
  }
  it('attacks like a pawn', () => {
    const setup = withPromotedPawn('4k3/8/8/5p2/5K2/8/8/8 w - - 0 1', 'f5');
    const targets = legalMoves(setup).map((m) => m.to);
    expect(targets).not.toContain(sq('g4'));
    expect(targets).not.toContain(sq('e4'));
    expect(legalMoves(setup)).toEqual(legalMoves(setupFromFen('4k3/8/8/5p2/5K2/8/8/8 w - - 0 1')));
  });
  it('gives check like a pawn', () => {
    const setup = withPromotedPawn('4k3/3P4/8/8/8/8/8/r3K3 b - - 0 1', 'd7');
    expect(isLegal(setup, normal('a1', 'a2'))).toBe(false);
    expect(parseSan(setup, 'Ra2').ok).toBe(false);
    expect(legalMoves(setup)).toEqual(legalMoves(setupFromFen('4k3/3P4/8/8/8/8/8/r3K3 b - - 0 1')));
  });
});

describe('drops', () => {
  it('never drops a king held in a pocket', () => {
    const setup = setupFromFen('4k3/8/8/8/8/8/8/4K3[KQk] w - - 0 1');
    const drops = legalMoves(setup).filter((m) => m.kind === 'drop');
    expect(drops.length).toBeGreaterThan(0);
    expect(drops.every((m) => m.kind === 'drop' && m.role === 'queen')).toBe(true);
    expect(parseSan(setup, 'K@e4').ok).toBe(false);
    expect(isLegal(setup, { kind: 'drop', role: 'king', to: sq('e4') })).toBe(false);
  });
});

describe('perft depth', () => {
  // Each side has one move, a king step back and forth, forever: every pawn is blocked and
  // takes nothing, and both bishops are shut in by their own pawns.
  const SHUFFLE = '4b2k/3pPp1p/3P1P1P/8/8/3p1p1p/3PpP1P/4B2K w - - 0 1';
  it(`goes ${MAX_PERFT_DEPTH} plies deep without running out of stack`, () => {
    expect(perft(setupFromFen(SHUFFLE), MAX_PERFT_DEPTH)).toBe(1);
  });
  it('refuses a deeper request with a RangeError that says why', () => {
    expect(() => perft(setupFromFen(SHUFFLE), MAX_PERFT_DEPTH + 1)).toThrow(/from 0 to 1000/);
    expect(() => perft(setupFromFen(SHUFFLE), 10_000)).toThrow(RangeError);
  });
});

describe('play', () => {
  it('shares no mutable list with its input', () => {
    const setup = setupFromFen('r3k2r/8/8/8/8/8/8/R3K2R[Pp] w KQkq - 1+1 0 1');
    const quiet: Move = normal('a1', 'a2');
    const after = play(setup, quiet);
    expect(after.castlingRooks).not.toBe(setup.castlingRooks);
    expect(after.board.pieces).not.toBe(setup.board.pieces);
    expect(after.pockets?.white).not.toBe(setup.pockets?.white);
    expect(after.pockets?.black).not.toBe(setup.pockets?.black);
    expect(after.remainingChecks).not.toBe(setup.remainingChecks);
    const kingMove = play(setup, normal('e1', 'd1'));
    expect(kingMove.pockets?.black).not.toBe(setup.pockets?.black);
  });
  it('keeps counters safe integers at the top of the range', () => {
    const top = {
      ...setupFromFen('4k3/8/8/8/8/8/8/R3K3 b - - 0 1'),
      halfmoves: Number.MAX_SAFE_INTEGER,
      fullmoves: Number.MAX_SAFE_INTEGER,
    };
    const after = play(top, normal('e8', 'e7'));
    expect(after.halfmoves).toBe(Number.MAX_SAFE_INTEGER);
    expect(after.fullmoves).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseSetupJson(setupToJson(after)).ok).toBe(true);
  });
  it('takes a pocket with every role', () => {
    const setup = {
      ...setupFromFen('4k3/8/8/8/8/8/8/4K3[] w - - 0 1'),
      pockets: { white: emptyPocket(), black: emptyPocket() },
    };
    expect(play(setup, normal('e1', 'e2')).pockets).toEqual(setup.pockets);
  });
});
