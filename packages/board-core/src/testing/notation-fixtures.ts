/** Test-only positions and helpers shared by the move notation tests. */
import { parseSquare, STANDARD, type Square } from '../geometry.js';
import type { CastleMove, Move } from '../move.js';
import type { Role } from '../vocabulary.js';
import { setupFromFen } from './chessops-bridge.js';

export function sq(name: string): Square {
  const square = parseSquare(STANDARD, name);
  if (square === undefined) throw new Error(`no square ${name}`);
  return square;
}

export function normal(from: string, to: string, promotion?: Role): Move {
  return promotion === undefined
    ? { kind: 'normal', from: sq(from), to: sq(to) }
    : { kind: 'normal', from: sq(from), to: sq(to), promotion };
}

export function castle(from: string, to: string, rook: string, rookTo: string): CastleMove {
  return { kind: 'castle', from: sq(from), to: sq(to), rook: sq(rook), rookTo: sq(rookTo) };
}

export const CASTLING = /* @__PURE__ */ setupFromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
export const BLACK_CASTLING = /* @__PURE__ */ setupFromFen('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1');
/** Chess960: king g1, rooks b1 and h1; O-O leaves the king on g1, O-O-O takes it to c1. */
export const CHESS960 = /* @__PURE__ */ setupFromFen('1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1');
/** Chess960: king f1, rook h1; O-O takes the king to g1, where a plain king step also goes. */
export const CHESS960_ONE_STEP = /* @__PURE__ */ setupFromFen('r4k1r/pppppppp/8/8/8/8/PPPPPPPP/R4K1R w HAha - 0 1');
export const EN_PASSANT = /* @__PURE__ */ setupFromFen('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3');
export const PROMOTION = /* @__PURE__ */ setupFromFen('3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1');
export const CRAZYHOUSE = /* @__PURE__ */ setupFromFen('rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKB1R[QNP] w KQkq - 0 1');
