import { describe, expect, it } from 'vitest';
import { attackersOf, checkers, isAttacked, isCheck, kingSquares } from './attacks.js';
import { emptyBoard, standardBoard, withPiece, type Board } from './board.js';
import { OMEGA, STANDARD, parseSquare, squareName } from './geometry.js';
import { piece } from './piece.js';
import { standardSetup } from './setup.js';
import type { Color, Role } from './vocabulary.js';

const sq = (name: string) => parseSquare(STANDARD, name)!;
const om = (name: string) => parseSquare(OMEGA, name)!;

function place(board: Board, entries: [string, Color, Role][]): Board {
  return entries.reduce(
    (b, [name, color, role]) => withPiece(b, parseSquare(b.geometry, name)!, piece(color, role)),
    board,
  );
}
const names = (board: Board, squares: number[]) => squares.map((s) => squareName(board.geometry, s));

describe('attackersOf on the standard board', () => {
  it('finds the defenders of f3 in the start position', () => {
    const board = standardBoard();
    expect(names(board, attackersOf(board, sq('f3'), 'white'))).toEqual(['g1', 'e2', 'g2']);
    expect(attackersOf(board, sq('f3'), 'black')).toEqual([]);
  });
  it('stops slides at the first piece', () => {
    const board = place(emptyBoard(), [
      ['a1', 'white', 'rook'],
      ['a4', 'black', 'pawn'],
      ['a8', 'black', 'king'],
    ]);
    expect(isAttacked(board, sq('a4'), 'white')).toBe(true);
    expect(isAttacked(board, sq('a8'), 'white')).toBe(false);
  });
  it('lets pawns attack only diagonally forward', () => {
    const board = place(emptyBoard(), [
      ['e4', 'white', 'pawn'],
      ['d5', 'black', 'pawn'],
    ]);
    expect(names(board, attackersOf(board, sq('d5'), 'white'))).toEqual(['e4']);
    expect(names(board, attackersOf(board, sq('e4'), 'black'))).toEqual(['d5']);
    expect(attackersOf(board, sq('e5'), 'white')).toEqual([]);
    expect(attackersOf(board, sq('d3'), 'white')).toEqual([]);
  });
});

describe('checks', () => {
  it('finds no check in the start position', () => {
    expect(isCheck(standardSetup())).toBe(false);
    expect(kingSquares(standardBoard(), 'black')).toEqual([sq('e8')]);
  });
  it('finds a double check', () => {
    const board = place(emptyBoard(), [
      ['e1', 'white', 'king'],
      ['e8', 'black', 'rook'],
      ['d3', 'black', 'knight'],
      ['a8', 'black', 'king'],
    ]);
    const setup = { ...standardSetup(), board, castlingRooks: [] };
    expect(names(board, checkers(setup))).toEqual(['d3', 'e8']);
  });
});

describe('attacks on the Omega board', () => {
  it('lets a bishop on c2 reach w1 along the long diagonal, and a piece on a0 block it', () => {
    const board = place(emptyBoard(OMEGA), [['c2', 'white', 'bishop']]);
    expect(isAttacked(board, om('w1'), 'white')).toBe(true);
    const blocked = place(board, [['a0', 'black', 'pawn']]);
    expect(isAttacked(blocked, om('w1'), 'white')).toBe(false);
  });
  it('never lets a rook reach a wizard square', () => {
    const board = place(emptyBoard(OMEGA), [['a0', 'white', 'rook']]);
    expect(isAttacked(board, om('w1'), 'white')).toBe(false);
  });
  it('gives the champion its 12 targets and the wizard its camel leaps', () => {
    const champion = place(emptyBoard(OMEGA), [['e4', 'white', 'champion']]);
    const targets = OMEGA.squareNames.filter((n) => n !== '' && isAttacked(champion, om(n), 'white'));
    expect(targets.sort()).toEqual(['c2', 'c4', 'c6', 'd4', 'e2', 'e3', 'e5', 'e6', 'f4', 'g2', 'g4', 'g6']);
    const wizard = place(emptyBoard(OMEGA), [['a2', 'white', 'wizard']]);
    expect(isAttacked(wizard, om('w1'), 'white')).toBe(true);
    expect(isAttacked(wizard, om('b5'), 'white')).toBe(true);
    expect(isAttacked(wizard, om('a3'), 'white')).toBe(false);
  });
});
