/**
 * Test-only conversions between board-core values and chessops values, so that differential
 * tests and fixtures can lean on a peer library. Not exported from the package.
 */
import { Board as OpsBoard } from 'chessops/board';
import { makeFen, parseFen } from 'chessops/fen';
import { Material, MaterialSide, RemainingChecks, type Setup as OpsSetup } from 'chessops/setup';
import type { Position } from 'chessops/chess';
import { SquareSet } from 'chessops/squareSet';
import type { Move as OpsMove, Role as OpsRole } from 'chessops/types';
import { makeUci } from 'chessops/util';
import { STANDARD } from '../geometry.js';
import type { Move } from '../move.js';
import { piece, type Piece } from '../piece.js';
import { emptyPocket, type Pocket, type Setup } from '../setup.js';
import type { Role } from '../vocabulary.js';

const OPS_ROLES: readonly OpsRole[] = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

function asOpsRole(role: Role): OpsRole {
  if (!(OPS_ROLES as readonly string[]).includes(role)) throw new Error(`chessops has no ${role}`);
  return role as OpsRole;
}

export function fromChessops(ops: OpsSetup): Setup {
  const pieces = new Array<Piece | undefined>(64).fill(undefined);
  for (let square = 0; square < 64; square++) {
    const p = ops.board.get(square);
    if (p) pieces[square] = piece(p.color, p.role, p.promoted === true);
  }
  const base = {
    board: { geometry: STANDARD, pieces },
    turn: ops.turn,
    castlingRooks: [...ops.castlingRights].sort((a, b) => a - b),
    epSquares: ops.epSquare === undefined ? [] : [ops.epSquare],
    halfmoves: ops.halfmoves,
    fullmoves: ops.fullmoves,
  };
  const withPockets = ops.pockets
    ? {
        ...base,
        pockets: {
          white: pocketFrom(ops.pockets.white),
          black: pocketFrom(ops.pockets.black),
        },
      }
    : base;
  return ops.remainingChecks
    ? { ...withPockets, remainingChecks: { white: ops.remainingChecks.white, black: ops.remainingChecks.black } }
    : withPockets;
}

function pocketFrom(side: MaterialSide): Pocket {
  return {
    ...emptyPocket(),
    pawn: side.pawn,
    knight: side.knight,
    bishop: side.bishop,
    rook: side.rook,
    queen: side.queen,
    king: side.king,
  };
}

export function toChessops(setup: Setup): OpsSetup {
  if (setup.board.geometry.name !== 'standard') throw new Error('chessops knows only the standard board');
  const board = OpsBoard.empty();
  setup.board.pieces.forEach((p, square) => {
    if (p) board.set(square, { color: p.color, role: asOpsRole(p.role), promoted: p.promoted });
  });
  let pockets: Material | undefined;
  if (setup.pockets) {
    const side = (pocket: Pocket): MaterialSide => {
      const m = MaterialSide.empty();
      for (const role of OPS_ROLES) m[role] = pocket[role];
      return m;
    };
    pockets = new Material(side(setup.pockets.white), side(setup.pockets.black));
  }
  return {
    board,
    pockets,
    turn: setup.turn,
    castlingRights: setFrom(setup.castlingRooks),
    epSquare: setup.epSquares[0],
    remainingChecks: setup.remainingChecks
      ? new RemainingChecks(setup.remainingChecks.white, setup.remainingChecks.black)
      : undefined,
    halfmoves: setup.halfmoves,
    fullmoves: setup.fullmoves,
  };
}

function setFrom(squares: readonly number[]): SquareSet {
  let set = SquareSet.empty();
  for (const square of squares) set = set.with(square);
  return set;
}

/** A Setup from a FEN, read by chessops (for fixtures in board-core tests, which cannot import fen). */
export function setupFromFen(fen: string): Setup {
  return fromChessops(parseFen(fen).unwrap());
}

/** The FEN of a Setup, written by chessops. */
export function fenOf(setup: Setup): string {
  return makeFen(toChessops(setup));
}

/** A board-core move as chessops writes moves (castling as king to rook square). */
export function toChessopsMove(move: Move): OpsMove {
  switch (move.kind) {
    case 'normal':
      return move.promotion === undefined
        ? { from: move.from, to: move.to }
        : { from: move.from, to: move.to, promotion: asOpsRole(move.promotion) };
    case 'enPassant':
      return { from: move.from, to: move.to };
    case 'castle':
      return { from: move.from, to: move.rook };
    case 'drop':
      return { role: asOpsRole(move.role), to: move.to };
  }
}

const PROMOTIONS: readonly OpsRole[] = ['queen', 'rook', 'bishop', 'knight'];
const DROPPABLE: readonly OpsRole[] = ['pawn', 'knight', 'bishop', 'rook', 'queen'];

/**
 * chessops' legal moves as sorted UCI strings: castling as king to rook square, a pawn
 * reaching the last rank once per role of `promotions`, drops as `N@f3` when it has pockets.
 */
export function opsMoves(pos: Position, promotions: readonly OpsRole[] = PROMOTIONS): string[] {
  const out: string[] = [];
  const backranks = SquareSet.backranks();
  for (const [from, dests] of pos.allDests()) {
    const isPawn = pos.board.pawn.has(from);
    for (const to of dests) {
      if (isPawn && backranks.has(to)) for (const promotion of promotions) out.push(makeUci({ from, to, promotion }));
      else out.push(makeUci({ from, to }));
    }
  }
  if (pos.pockets) {
    const dests = pos.dropDests();
    for (const role of DROPPABLE) {
      if (pos.pockets[pos.turn][role] <= 0) continue;
      for (const to of dests) if (role !== 'pawn' || !backranks.has(to)) out.push(makeUci({ role, to }));
    }
  }
  return out.sort();
}

/** chessops' FEN of a position, with the en passant square always written as board-core does. */
export function opsFen(pos: Position): string {
  return makeFen({ ...pos.toSetup(), epSquare: pos.epSquare });
}
