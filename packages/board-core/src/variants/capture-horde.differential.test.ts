/**
 * Differential test against chessops for antichess and horde: along seeded random games from
 * varied starts, the legal moves, the position after each move, checkmate and stalemate,
 * insufficient material and the winner of the game must be exactly chessops'.
 */
import { parseFen } from 'chessops/fen';
import type { Role as OpsRole } from 'chessops/types';
import { makeUci } from 'chessops/util';
import { Antichess, Horde } from 'chessops/variant';
import { describe, expect, it } from 'vitest';
import { isCheckmate, isStalemate, legalMoves, play } from '../rules.js';
import type { Setup } from '../setup.js';
import { isInsufficientMaterial, outcome } from '../status.js';
import { fenOf, fromChessops, opsFen, opsMoves, toChessopsMove } from '../testing/chessops-bridge.js';
import { random } from '../testing/seeded.js';
import { antichess } from './antichess.js';
import { horde } from './horde.js';
import { withVariant } from './lookup.js';
import type { Variant } from './types.js';

type OpsPosition = Antichess | Horde;

/** The winner of a game as chessops gives it: a colour, `draw`, or `-` while it goes on. */
function winnerOf(result: { readonly winner?: string | undefined } | undefined): string {
  return result === undefined ? '-' : (result.winner ?? 'draw');
}

interface Start {
  readonly variant: Variant;
  readonly fen: string;
}

const ANTICHESS_PROMOTIONS: readonly OpsRole[] = ['queen', 'rook', 'bishop', 'knight', 'king'];
const CHESS_PROMOTIONS: readonly OpsRole[] = ['queen', 'rook', 'bishop', 'knight'];

/** How often each kind of end and move was met, to show the games reach every rule. */
const met = { ends: 0, promotions: 0, kingPromotions: 0, enPassant: 0, firstRankSteps: 0, captures: 0 };

function runGame(start: Start, seed: number, plies: number): number {
  const next = random(seed);
  const parsed = parseFen(start.fen).unwrap();
  const pos: OpsPosition = (
    start.variant === antichess ? Antichess.fromSetup(parsed) : Horde.fromSetup(parsed)
  ).unwrap();
  const promotions = start.variant === antichess ? ANTICHESS_PROMOTIONS : CHESS_PROMOTIONS;
  let setup: Setup = withVariant(fromChessops(parsed), start.variant);
  let positions = 0;
  for (let ply = 0; ply < plies; ply++) {
    positions++;
    const where = opsFen(pos);
    const ours = legalMoves(setup);
    expect(ours.map((m) => makeUci(toChessopsMove(m))).sort(), `moves in ${where}`).toEqual(opsMoves(pos, promotions));
    expect([isCheckmate(setup), isStalemate(setup)], where).toEqual([pos.isCheckmate(), pos.isStalemate()]);
    expect(isInsufficientMaterial(setup), where).toBe(pos.isInsufficientMaterial());
    expect(winnerOf(outcome(setup)), where).toBe(winnerOf(pos.outcome()));
    if (ours.length === 0) {
      met.ends++;
      break;
    }
    const move = ours[Math.floor(next() * ours.length)];
    if (!move) break;
    if (move.kind === 'enPassant') met.enPassant++;
    if (move.kind === 'normal') {
      if (move.promotion !== undefined) met.promotions++;
      if (move.promotion === 'king') met.kingPromotions++;
      if (setup.board.pieces[move.to]) met.captures++;
      if (setup.board.pieces[move.from]?.role === 'pawn' && move.from < 8 && move.to - move.from === 16)
        met.firstRankSteps++;
    }
    setup = play(setup, move);
    pos.play(toChessopsMove(move));
    expect(fenOf(setup), `after ${makeUci(toChessopsMove(move))} in ${where}`).toBe(opsFen(pos));
  }
  return positions;
}

const STARTS: readonly Start[] = [
  { variant: antichess, fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1' },
  // Pawns close to promotion on both sides, kings among them.
  { variant: antichess, fen: '1n2k3/PPP1P3/8/8/8/8/3p1ppp/4K1N1 w - - 0 1' },
  // Facing pawn chains: double steps keep offering en passant, which is then compulsory.
  { variant: antichess, fen: 'r3k3/1ppppppp/8/1P1P1P1P/p1p1p1p1/8/1PPPPPPP/4K2R w - - 0 1' },
  // Few pieces: games run into the ends (no pieces, blocked, bishops apart).
  { variant: antichess, fen: '8/2p5/8/1b6/8/4B3/P5N1/8 w - - 0 1' },
  { variant: horde, fen: 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1' },
  { variant: horde, fen: '4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1' },
  { variant: horde, fen: 'k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1' },
  // A thin horde against strong pieces, so that Black takes it all within a game.
  { variant: horde, fen: 'rnbqkbnr/8/8/8/8/8/P1P2P1P/PP4PP w kq - 0 1' },
];

describe('antichess and horde against chessops', () => {
  it('agree on moves, positions, ends and material along random games', () => {
    let positions = 0;
    let seed = 26;
    for (const start of STARTS) {
      for (let game = 0; game < 12; game++) positions += runGame(start, seed++, 140);
    }
    expect(positions).toBeGreaterThan(5000);
    expect(
      Object.values(met).every((count) => count >= 5),
      JSON.stringify(met),
    ).toBe(true);
  });
});
