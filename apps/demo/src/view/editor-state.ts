import {
  STANDARD,
  emptyBoard,
  piece,
  standardSetup,
  withPiece,
  type Board,
  type Color,
  type Piece,
  type Role,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import { enPassantCapturable, writeFen } from '@chess-formats/fen';
import { illegalReasons } from './panels.js';

/**
 * The board editor's state, apart from the page: a standard board being set up, the side to
 * move, the castling rights asked for and an en passant square. Every change returns a new
 * state; rights the board no longer allows are dropped as the pieces move, so what the editor
 * offers is always something FEN can say.
 */
export interface EditorState {
  readonly board: Board;
  readonly turn: Color;
  /** The castling rights asked for, by FEN letter (`K`, `Q`, `k`, `q`). */
  readonly castling: readonly CastlingRight[];
  /** The en passant target square, when one of `epOptions` is chosen. */
  readonly ep?: Square;
  /** What the editor does not edit but keeps from the position it opened on: pieces in hand, check counters. */
  readonly kept?: Pick<Setup, 'pockets' | 'remainingChecks'>;
}

export type CastlingRight = 'K' | 'Q' | 'k' | 'q';
export const CASTLING_RIGHTS: readonly CastlingRight[] = ['K', 'Q', 'k', 'q'];

/** Where the king and the rook of each right stand (standard chess: e1 with h1 or a1, e8 with h8 or a8). */
const CASTLING_SQUARES: Readonly<Record<CastlingRight, { color: Color; king: Square; rook: Square }>> = {
  K: { color: 'white', king: 4, rook: 7 },
  Q: { color: 'white', king: 4, rook: 0 },
  k: { color: 'black', king: 60, rook: 63 },
  q: { color: 'black', king: 60, rook: 56 },
};

/** The spare pieces, in the order the editor offers them. */
export const SPARE_ROLES: readonly Role[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];

const isOn = (board: Board, square: Square, color: Color, role: Role): boolean =>
  board.pieces[square]?.color === color && board.pieces[square]?.role === role;

/** Whether the board has the king and the rook of the right on their squares: only then may it be asked for. */
export function castlingOffered(board: Board, right: CastlingRight): boolean {
  const { color, king, rook } = CASTLING_SQUARES[right];
  return isOn(board, king, color, 'king') && isOn(board, rook, color, 'rook');
}

/**
 * The squares an en passant capture could target now: behind a pawn of the side that just
 * moved that stands on its fourth rank, with the two squares it crossed empty, and a pawn of
 * the side to move able to take it (`enPassantCapturable`, as FEN writers that write only
 * capturable squares decide).
 */
export function epOptions(state: Pick<EditorState, 'board' | 'turn'>): Square[] {
  const { board, turn } = state;
  const options: Square[] = [];
  // White to move: a black pawn on the fifth rank that came from the seventh, target on the sixth.
  const targetRank = turn === 'white' ? 5 : 2;
  const forward = turn === 'white' ? 8 : -8;
  for (let file = 0; file < 8; file++) {
    const target = targetRank * 8 + file;
    const pawn = board.pieces[target - forward];
    if (pawn?.role !== 'pawn' || pawn.color === turn) continue;
    if (board.pieces[target] || board.pieces[target + forward]) continue;
    const setup = editorSetup({ board, turn, castling: [] });
    if (enPassantCapturable(setup, target)) options.push(target);
  }
  return options;
}

/** The state with the rights and the en passant square the board still allows (the others dropped). */
function settled(state: EditorState): EditorState {
  const castling = state.castling.filter((right) => castlingOffered(state.board, right));
  const ep = state.ep !== undefined && epOptions(state).includes(state.ep) ? state.ep : undefined;
  return {
    board: state.board,
    turn: state.turn,
    castling,
    ...(ep === undefined ? {} : { ep }),
    ...(state.kept ? { kept: state.kept } : {}),
  };
}

/**
 * The editor's start from a position: its placement, side to move, and the castling rights
 * and en passant square the editor can say (standard corners only). A position the editor
 * cannot hold (another board, realtime pieces) starts from the standard position. Pockets
 * and check counters are kept as they were (until Clear or Start); move counters restart.
 */
export function editorFrom(setup: Setup | undefined): EditorState {
  if (!setup || setup.board.geometry.name !== 'standard' || setup.realtime) return startState();
  const pieces = setup.board.pieces.map((p) => (p ? piece(p.color, p.role, p.promoted) : undefined));
  const board: Board = { geometry: STANDARD, pieces };
  const castling = CASTLING_RIGHTS.filter((right) => setup.castlingRooks.includes(CASTLING_SQUARES[right].rook));
  const ep = setup.epSquares[0];
  const kept = {
    ...(setup.pockets ? { pockets: setup.pockets } : {}),
    ...(setup.remainingChecks ? { remainingChecks: setup.remainingChecks } : {}),
  };
  return settled({
    board,
    turn: setup.turn,
    castling,
    ...(ep === undefined ? {} : { ep }),
    ...(Object.keys(kept).length ? { kept } : {}),
  });
}

export function startState(): EditorState {
  return { board: standardSetup().board, turn: 'white', castling: [...CASTLING_RIGHTS] };
}

export function clearState(state: EditorState): EditorState {
  return { board: emptyBoard(STANDARD), turn: state.turn, castling: [] };
}

/** A piece put on a square (a spare dropped there), replacing what stood there. */
export function placePiece(state: EditorState, square: Square, p: Piece): EditorState {
  return settled({ ...state, board: withPiece(state.board, square, piece(p.color, p.role)) });
}

/** The square emptied (a piece dragged off the board). */
export function removePiece(state: EditorState, square: Square): EditorState {
  return settled({ ...state, board: withPiece(state.board, square, undefined) });
}

/** The piece on `from` moved to `to`, taking what stood there; nothing happens from an empty square. */
export function movePiece(state: EditorState, from: Square, to: Square): EditorState {
  const moving = state.board.pieces[from];
  if (!moving || from === to) return state;
  return settled({ ...state, board: withPiece(withPiece(state.board, from, undefined), to, moving) });
}

export function setTurn(state: EditorState, turn: Color): EditorState {
  return settled({ ...state, turn });
}

/** Asks for a castling right or gives it up; a right the board does not allow stays off. */
export function setCastling(state: EditorState, right: CastlingRight, on: boolean): EditorState {
  const castling = CASTLING_RIGHTS.filter((r) => (r === right ? on : state.castling.includes(r)));
  return settled({ ...state, castling });
}

export function setEp(state: EditorState, ep: Square | undefined): EditorState {
  const { ep: _dropped, ...rest } = state;
  return settled(ep === undefined ? rest : { ...rest, ep });
}

/** The state as board-core's `Setup`: halfmove clock 0, move 1, the rights as rook squares. */
export function editorSetup(state: EditorState): Setup {
  return {
    board: state.board,
    turn: state.turn,
    castlingRooks: state.castling.map((right) => CASTLING_SQUARES[right].rook).sort((a, b) => a - b),
    epSquares: state.ep === undefined ? [] : [state.ep],
    halfmoves: 0,
    fullmoves: 1,
    ...state.kept,
  };
}

/** The position as FEN (`@chess-formats/fen`'s `writeFen`). */
export function editorFen(state: EditorState): string {
  return writeFen(editorSetup(state));
}

/** Why the position could not arise in a game (board-core's `validateSetup`, in words); empty when it could. */
export function editorProblems(state: EditorState): string[] {
  return illegalReasons(editorSetup(state));
}
