/**
 * Differential test against chessops: along seeded random games from varied starts (castling
 * rich, Chess960, promotion rich, crazyhouse), the legal moves and the position after each
 * played move must be exactly chessops'.
 */
import fc from 'fast-check';
import { Board as OpsBoard } from 'chessops/board';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { SquareSet } from 'chessops/squareSet';
import type { Role as OpsRole } from 'chessops/types';
import { makeUci } from 'chessops/util';
import { Crazyhouse } from 'chessops/variant';
import { describe, expect, it } from 'vitest';
import { isCheckmate, isStalemate, legalMoves, play } from './rules.js';
import { isInsufficientMaterial } from './status.js';
import type { Setup } from './setup.js';
import { fenOf, fromChessops, opsFen, opsMoves, toChessopsMove } from './testing/chessops-bridge.js';
import { chess960Fen, random } from './testing/seeded.js';

interface Start {
  readonly fen: string;
  readonly crazyhouse?: boolean;
}

/** How often each kind of move was offered, to show the games reach every rule. */
const offered = { normal: 0, promotion: 0, enPassant: 0, castle: 0, drop: 0 };

function runGame(start: Start, seed: number, plies: number): number {
  const next = random(seed);
  const parsed = parseFen(start.fen).unwrap();
  const pos = (start.crazyhouse ? Crazyhouse.fromSetup(parsed) : Chess.fromSetup(parsed)).unwrap();
  let setup: Setup = fromChessops(parsed);
  let positions = 0;
  for (let ply = 0; ply < plies; ply++) {
    positions++;
    const ours = legalMoves(setup);
    for (const m of ours) offered[m.kind === 'normal' && m.promotion !== undefined ? 'promotion' : m.kind]++;
    const oursUci = ours.map((m) => makeUci(toChessopsMove(m))).sort();
    expect(oursUci, `moves in ${opsFen(pos)}`).toEqual(opsMoves(pos));
    expect([isCheckmate(setup), isStalemate(setup)]).toEqual([pos.isCheckmate(), pos.isStalemate()]);
    if (!start.crazyhouse) expect(isInsufficientMaterial(setup), opsFen(pos)).toBe(pos.isInsufficientMaterial());
    if (ours.length === 0) break;
    const move = ours[Math.floor(next() * ours.length)];
    if (!move) break;
    const before = opsFen(pos);
    setup = play(setup, move);
    pos.play(toChessopsMove(move));
    expect(fenOf(setup), `after ${makeUci(toChessopsMove(move))} in ${before}`).toBe(opsFen(pos));
  }
  return positions;
}

const STARTS: readonly Start[] = [
  { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
  { fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' },
  { fen: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' },
  { fen: 'rn2k1nr/PP6/8/8/8/8/6pp/RN2K1NR w KQkq - 0 1' },
  { fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1' },
  // Facing pawn chains, so double steps keep offering en passant, some of it pinned.
  { fen: 'r3k3/1ppppppp/8/1P1P1P1P/p1p1p1p1/8/1PPPPPPP/4K2R w - - 0 1' },
  { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1', crazyhouse: true },
];

describe('differential against chessops', () => {
  it('agrees on moves and resulting positions along random games', () => {
    let positions = 0;
    let seed = 1;
    for (const start of STARTS) {
      for (let game = 0; game < 4; game++) positions += runGame(start, seed++, 120);
    }
    const next = random(960);
    for (let game = 0; game < 16; game++) positions += runGame({ fen: chess960Fen(next) }, seed++, 120);
    expect(positions).toBeGreaterThan(3000);
    expect(
      Object.values(offered).every((count) => count >= 20),
      JSON.stringify(offered),
    ).toBe(true);
  });
});

/** A random standard setup: one king each, up to 14 other pieces, random rights and ep square. */
const randomSetupArbitrary = fc
  .record({
    kings: fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { minLength: 2, maxLength: 2 }),
    others: fc.array(
      fc.record({
        square: fc.integer({ min: 0, max: 63 }),
        white: fc.boolean(),
        role: fc.constantFrom<OpsRole>('pawn', 'knight', 'bishop', 'rook', 'queen'),
      }),
      { maxLength: 14 },
    ),
    white: fc.boolean(),
    castling: fc.subarray([0, 7, 56, 63]),
    ep: fc.option(fc.constantFrom(16, 17, 18, 19, 20, 21, 22, 23, 40, 41, 42, 43, 44, 45, 46, 47), { nil: undefined }),
  })
  .map(({ kings, others, white, castling, ep }) => {
    const board = OpsBoard.empty();
    for (const { square, white: isWhite, role } of others) {
      if (role === 'pawn' && (square < 8 || square >= 56)) continue;
      board.set(square, { color: isWhite ? 'white' : 'black', role });
    }
    board.set(kings[0] as number, { color: 'white', role: 'king' });
    board.set(kings[1] as number, { color: 'black', role: 'king' });
    let castlingRights = SquareSet.empty();
    for (const square of castling) castlingRights = castlingRights.with(square);
    return {
      board,
      pockets: undefined,
      turn: white ? ('white' as const) : ('black' as const),
      castlingRights,
      epSquare: ep,
      remainingChecks: undefined,
      halfmoves: 0,
      fullmoves: 1,
    };
  });

describe('differential against chessops on random positions', () => {
  it('agrees on the legal moves of every position chessops accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(randomSetupArbitrary, (opsSetup) => {
        const result = Chess.fromSetup(opsSetup);
        if (result.isErr) return;
        accepted++;
        const pos = result.value;
        // chessops drops impossible castling rights and en passant squares on the way in.
        const setup = fromChessops({ ...pos.toSetup(), epSquare: pos.epSquare });
        const ours = legalMoves(setup)
          .map((m) => makeUci(toChessopsMove(m)))
          .sort();
        expect(ours, opsFen(pos)).toEqual(opsMoves(pos));
        expect([isCheckmate(setup), isStalemate(setup)]).toEqual([pos.isCheckmate(), pos.isStalemate()]);
      }),
      { numRuns: 1500, seed: 20261122 },
    );
    expect(accepted).toBeGreaterThan(500);
  });
});
