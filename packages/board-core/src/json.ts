import { squareName, type Geometry, type Square } from './geometry.js';
import type { Move } from './move.js';
import { pieceLetter } from './piece.js';
import type { Pocket, Setup } from './setup.js';
import { ROLES, ROLE_LETTERS, type ByColor } from './vocabulary.js';

/**
 * The canonical, language-neutral JSON form of a Setup, used by the conformance vectors and
 * the CLI. Squares are names; pieces are FEN letters (upper case White) with a `~` suffix when
 * promoted; pockets list the letters held, in role order; keys appear in a fixed order.
 */
export interface SetupJson {
  readonly geometry: string;
  readonly board: Readonly<Record<string, string>>;
  readonly turn: string;
  readonly castlingRooks: readonly string[];
  readonly epSquares: readonly string[];
  readonly halfmoves: number;
  readonly fullmoves: number;
  readonly pockets?: { readonly white: string; readonly black: string };
  readonly remainingChecks?: { readonly white: number; readonly black: number };
}

function pocketLetters(pocket: Pocket, upper: boolean): string {
  let out = '';
  for (const role of ROLES) {
    const letter = upper ? ROLE_LETTERS[role].toUpperCase() : ROLE_LETTERS[role];
    out += letter.repeat(pocket[role]);
  }
  return out;
}

export function setupToJson(setup: Setup): SetupJson {
  const { geometry } = setup.board;
  const board: Record<string, string> = {};
  setup.board.pieces.forEach((p, square) => {
    if (p) board[squareName(geometry, square)] = pieceLetter(p) + (p.promoted ? '~' : '');
  });
  const json: {
    -readonly [K in keyof SetupJson]: SetupJson[K];
  } = {
    geometry: geometry.name,
    board,
    turn: setup.turn,
    castlingRooks: setup.castlingRooks.map((s) => squareName(geometry, s)),
    epSquares: setup.epSquares.map((s) => squareName(geometry, s)),
    halfmoves: setup.halfmoves,
    fullmoves: setup.fullmoves,
  };
  if (setup.pockets) {
    const pockets: ByColor<Pocket> = setup.pockets;
    json.pockets = { white: pocketLetters(pockets.white, true), black: pocketLetters(pockets.black, false) };
  }
  if (setup.remainingChecks) json.remainingChecks = { ...setup.remainingChecks };
  return json;
}

/**
 * The canonical JSON form of a move, as the conformance vectors write it: squares by name,
 * roles by name (`{"kind": "castle", "from": "e1", "to": "g1", "rook": "h1", "rookTo": "f1"}`).
 */
export type MoveJson =
  | { readonly kind: 'normal'; readonly from: string; readonly to: string; readonly promotion?: string }
  | { readonly kind: 'enPassant'; readonly from: string; readonly to: string; readonly captured: string }
  | { readonly kind: 'castle'; readonly from: string; readonly to: string; readonly rook: string; readonly rookTo: string }
  | { readonly kind: 'drop'; readonly role: string; readonly to: string };

export function moveToJson(geometry: Geometry, move: Move): MoveJson {
  const name = (square: Square): string => squareName(geometry, square);
  switch (move.kind) {
    case 'normal':
      return move.promotion === undefined
        ? { kind: move.kind, from: name(move.from), to: name(move.to) }
        : { kind: move.kind, from: name(move.from), to: name(move.to), promotion: move.promotion };
    case 'enPassant':
      return { kind: move.kind, from: name(move.from), to: name(move.to), captured: name(move.captured) };
    case 'castle':
      return { kind: move.kind, from: name(move.from), to: name(move.to), rook: name(move.rook), rookTo: name(move.rookTo) };
    case 'drop':
      return { kind: move.kind, role: move.role, to: name(move.to) };
  }
}
