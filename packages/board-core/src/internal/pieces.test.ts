import { describe, expect, it } from 'vitest';
import { piece, type Piece } from '@chess-formats/board-core';
import { emptySquares, outermostRook, piecesByCode } from '@chess-formats/board-core/internal';

/** A rank of `letters` (`.` empty) as the first eight squares of a board. */
function rank(letters: string): (Piece | undefined)[] {
  const table = piecesByCode('PNBRQKpnbrqk');
  return Array.from(letters, (letter) => table[letter.charCodeAt(0)]);
}

describe('piecesByCode', () => {
  it("gives each letter its colour and role, White's half first, the shared pieces", () => {
    const table = piecesByCode('PNBRQKCWFpnbrqkcwf');
    expect(table[0x43]).toBe(piece('white', 'champion'));
    expect(table[0x66]).toBe(piece('black', 'fool'));
    expect(table[0x4b]).toBe(piece('white', 'king'));
    expect(table.length).toBe(128);
    expect(table.filter((p) => p !== undefined)).toHaveLength(18);
    expect(piecesByCode('PNBRQKpnbrqk')[0x71]).toBe(piece('black', 'queen'));
  });
});

describe('emptySquares', () => {
  it('is dense: every index is present', () => {
    const squares = emptySquares(64);
    expect(squares).toHaveLength(64);
    expect(Object.keys(squares)).toHaveLength(64);
  });
});

describe('outermostRook, the rook K/Q and castling flags name', () => {
  it('is the first rook of the colour from the corner', () => {
    expect(outermostRook(rank('R...K..R'), 'white', 7, -1, 8)).toBe(7);
    expect(outermostRook(rank('.R..K.R.'), 'white', 7, -1, 8)).toBe(6);
    expect(outermostRook(rank('.R..K.R.'), 'white', 0, 1, 8)).toBe(1);
  });

  it('stops at a king of the colour, ignores the other colour, and counts squares', () => {
    expect(outermostRook(rank('.R..K...'), 'white', 7, -1, 8)).toBe(-1);
    expect(outermostRook(rank('r...K..r'), 'white', 7, -1, 8)).toBe(-1);
    expect(outermostRook(rank('R...k...'), 'white', 7, -1, 8)).toBe(0);
    expect(outermostRook(rank('R.......'), 'white', 7, -1, 7)).toBe(-1);
  });
});
