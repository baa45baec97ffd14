import { describe, expect, it } from 'vitest';
import { emptyBoard, standardBoard, withPiece } from './board.js';
import { boardDiagram } from './diagram.js';
import { OMEGA, parseSquare } from './geometry.js';
import { piece } from './piece.js';

describe('boardDiagram', () => {
  it('draws the start position with White at the bottom', () => {
    expect(boardDiagram(standardBoard())).toBe(
      [
        '8 r n b q k b n r',
        '7 p p p p p p p p',
        '6 . . . . . . . .',
        '5 . . . . . . . .',
        '4 . . . . . . . .',
        '3 . . . . . . . .',
        '2 P P P P P P P P',
        '1 R N B Q K B N R',
        '  a b c d e f g h',
      ].join('\n'),
    );
  });
  it('draws the Omega field with its wizard squares and holes', () => {
    const board = withPiece(emptyBoard(OMEGA), parseSquare(OMEGA, 'w1')!, piece('white', 'wizard'));
    const lines = boardDiagram(board).split('\n');
    expect(lines).toHaveLength(13);
    expect(lines[0]).toBe('  .                     .');
    expect(lines[1]).toBe('9   . . . . . . . . . .');
    expect(lines[11]).toBe('  W                     .');
    expect(lines[12]).toBe('    a b c d e f g h i j');
  });
});
