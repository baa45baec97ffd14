import { describe, expect, it } from 'vitest';
import { piece, pieceLetter, samePiece } from './piece.js';

describe('piece', () => {
  it('returns one shared frozen object per colour, role and promotion', () => {
    expect(piece('white', 'queen')).toBe(piece('white', 'queen'));
    expect(piece('white', 'queen', true)).not.toBe(piece('white', 'queen'));
    expect(piece('black', 'wizard')).toEqual({ color: 'black', role: 'wizard', promoted: false });
    expect(Object.isFrozen(piece('black', 'fool'))).toBe(true);
  });
  it('writes FEN letters, upper case for White', () => {
    expect(pieceLetter(piece('white', 'champion'))).toBe('C');
    expect(pieceLetter(piece('black', 'knight'))).toBe('n');
  });
  it('compares pieces by value', () => {
    expect(samePiece({ color: 'white', role: 'pawn', promoted: false }, piece('white', 'pawn'))).toBe(true);
    expect(samePiece(piece('white', 'pawn'), piece('black', 'pawn'))).toBe(false);
    expect(samePiece(undefined, undefined)).toBe(true);
  });
});
