import { STANDARD, parseSquare, piece, type Square } from '@chess-formats/board-core';
import { INITIAL_FEN, parseFen } from '@chess-formats/fen';
import { describe, expect, it } from 'vitest';
import {
  castlingOffered,
  clearState,
  editorFen,
  editorFrom,
  editorProblems,
  epOptions,
  movePiece,
  placePiece,
  removePiece,
  setCastling,
  setEp,
  setTurn,
  startState,
} from './editor-state.js';

const sq = (name: string): Square => {
  const square = parseSquare(STANDARD, name);
  if (square === undefined) throw new Error(name);
  return square;
};

function fromFen(text: string): ReturnType<typeof editorFrom> {
  const read = parseFen(text);
  if (!read.ok) throw new Error(read.error.message);
  return editorFrom(read.value);
}

describe('the board editor’s state', () => {
  it('starts from the standard position, clears, and writes FEN', () => {
    expect(editorFen(startState())).toBe(INITIAL_FEN);
    expect(editorFen(clearState(startState()))).toBe('8/8/8/8/8/8/8/8 w - - 0 1');
    expect(editorProblems(clearState(startState()))).toEqual(['White has no king', 'Black has no king']);
    expect(editorProblems(startState())).toEqual([]);
  });

  it('puts spares on squares, moves pieces between squares, and takes them off', () => {
    let state = clearState(startState());
    state = placePiece(state, sq('e1'), piece('white', 'king'));
    state = placePiece(state, sq('h1'), piece('white', 'rook'));
    state = placePiece(state, sq('e8'), piece('black', 'king'));
    state = placePiece(state, sq('d4'), piece('black', 'queen'));
    expect(editorFen(state)).toBe('4k3/8/8/8/3q4/8/8/4K2R w - - 0 1');
    state = movePiece(state, sq('d4'), sq('d8'));
    expect(editorFen(state)).toBe('3qk3/8/8/8/8/8/8/4K2R w - - 0 1');
    // A move onto a piece takes it; a move from an empty square does nothing.
    state = movePiece(state, sq('d8'), sq('e8'));
    expect(editorFen(state)).toBe('4q3/8/8/8/8/8/8/4K2R w - - 0 1');
    expect(movePiece(state, sq('a3'), sq('a4'))).toBe(state);
    state = removePiece(state, sq('e8'));
    expect(editorFen(state)).toBe('8/8/8/8/8/8/8/4K2R w - - 0 1');
  });

  it('offers a castling right only with the king and the rook on their squares, and drops it when one leaves', () => {
    let state = clearState(startState());
    state = placePiece(state, sq('e1'), piece('white', 'king'));
    expect(castlingOffered(state.board, 'K')).toBe(false);
    expect(setCastling(state, 'K', true).castling).toEqual([]);
    state = placePiece(state, sq('h1'), piece('white', 'rook'));
    state = placePiece(state, sq('e8'), piece('black', 'king'));
    state = setCastling(state, 'K', true);
    expect(editorFen(state)).toBe('4k3/8/8/8/8/8/8/4K2R w K - 0 1');
    state = movePiece(state, sq('h1'), sq('h2'));
    expect(state.castling).toEqual([]);
    expect(editorFen(startState())).toContain(' KQkq ');
    expect(editorFen(setCastling(startState(), 'Q', false))).toContain(' Kkq ');
  });

  it('sets the side to move', () => {
    expect(editorFen(setTurn(startState(), 'black'))).toBe(INITIAL_FEN.replace(' w ', ' b '));
  });

  it('offers an en passant square only after a possible double step with a pawn to take', () => {
    let state = fromFen('4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1');
    expect(epOptions(state)).toEqual([sq('d6')]);
    state = setEp(state, sq('d6'));
    expect(editorFen(state)).toBe('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
    // Black to move: the square is no longer possible, and is dropped.
    expect(editorFen(setTurn(state, 'black'))).toBe('4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1');
    // A square the pawn crossed is occupied: no double step happened.
    expect(epOptions(fromFen('4k3/3n4/8/3pP3/8/8/8/4K3 w - - 0 1'))).toEqual([]);
    // No pawn to take it.
    expect(epOptions(fromFen('4k3/8/8/3p4/8/8/8/4K3 w - - 0 1'))).toEqual([]);
    expect(setEp(startState(), sq('e3')).ep).toBeUndefined();
  });

  it('reads a position back from FEN, keeping only what it can edit', () => {
    const fen = 'r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 40';
    expect(editorFen(fromFen(fen))).toBe('r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1');
    expect(editorFrom(undefined)).toEqual(startState());
    // Pieces in hand and check counters are not edited, but kept until Clear or Start.
    expect(editorFen(fromFen('4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1'))).toBe('4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1');
    expect(editorFen(fromFen('4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1'))).toBe('4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1');
    expect(editorFen(clearState(fromFen('4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1')))).toBe('8/8/8/8/8/8/8/8 w - - 0 1');
  });

  it('names what makes a position illegal, in validateSetup’s words', () => {
    const state = fromFen('4k2R/8/8/8/8/8/8/4K3 w - - 0 1');
    expect(editorProblems(state)).toEqual(['the side that just moved is in check (its king could be captured)']);
    const pawns = placePiece(fromFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1'), sq('a1'), piece('white', 'pawn'));
    expect(editorProblems(pawns)).toEqual(['a pawn stands on the first or last rank']);
  });
});
