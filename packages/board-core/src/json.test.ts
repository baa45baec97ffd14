import { describe, expect, it } from 'vitest';
import { withPiece } from './board.js';
import { moveToJson, setupToJson } from './json.js';
import { OMEGA, STANDARD } from './geometry.js';
import { piece } from './piece.js';
import { emptyPocket, standardSetup } from './setup.js';

describe('setupToJson', () => {
  it('names squares and writes pieces as FEN letters', () => {
    const json = setupToJson(standardSetup());
    expect(json.geometry).toBe('standard');
    expect(Object.keys(json.board)).toHaveLength(32);
    expect(json.board['e1']).toBe('K');
    expect(json.board['d8']).toBe('q');
    expect(json.castlingRooks).toEqual(['a1', 'h1', 'a8', 'h8']);
    expect(json).not.toHaveProperty('pockets');
    expect(json).not.toHaveProperty('remainingChecks');
  });
  it('marks promoted pieces and lists pocket letters in role order', () => {
    const base = standardSetup();
    const setup = {
      ...base,
      board: withPiece(base.board, 27, piece('black', 'queen', true)),
      pockets: { white: { ...emptyPocket(), queen: 1, pawn: 2 }, black: { ...emptyPocket(), knight: 1 } },
      remainingChecks: { white: 2, black: 3 },
    };
    const json = setupToJson(setup);
    expect(json.board['d4']).toBe('q~');
    expect(json.pockets).toEqual({ white: 'PPQ', black: 'n' });
    expect(json.remainingChecks).toEqual({ white: 2, black: 3 });
  });
});

describe('moveToJson', () => {
  it('names squares and roles', () => {
    expect(moveToJson(STANDARD, { kind: 'normal', from: 52, to: 60, promotion: 'knight' })).toEqual({
      kind: 'normal',
      from: 'e7',
      to: 'e8',
      promotion: 'knight',
    });
    expect(moveToJson(STANDARD, { kind: 'castle', from: 4, to: 6, rook: 7, rookTo: 5 })).toEqual({
      kind: 'castle',
      from: 'e1',
      to: 'g1',
      rook: 'h1',
      rookTo: 'f1',
    });
    expect(moveToJson(STANDARD, { kind: 'enPassant', from: 36, to: 43, captured: 35 })).toEqual({
      kind: 'enPassant',
      from: 'e5',
      to: 'd6',
      captured: 'd5',
    });
    expect(moveToJson(OMEGA, { kind: 'drop', role: 'wizard', to: 0 })).toEqual({ kind: 'drop', role: 'wizard', to: 'w1' });
  });
});
