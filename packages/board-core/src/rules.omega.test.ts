/**
 * Omega chess on the same engine: the rules come from the official rules as summarised in
 * the notation notes (omegachess.com/rules): champion and wizard moves, wizard squares
 * reached only diagonally or by a leap, the pawn's triple step with two en passant squares,
 * promotion to champion or wizard, castling king f0->h0 / rook i0->g0 and f0->d0 / b0->e0.
 */
import { describe, expect, it } from 'vitest';
import { OMEGA, parseSquare, squareName } from './geometry.js';
import type { Move } from './move.js';
import { piece, type Piece } from './piece.js';
import { isLegal, legalMoves, perft, play } from './rules.js';
import type { Setup } from './setup.js';
import { positionKey } from './status.js';
import type { Color, Role } from './vocabulary.js';

const sq = (name: string): number => {
  const square = parseSquare(OMEGA, name);
  if (square === undefined) throw new Error(name);
  return square;
};

const LETTERS: Record<string, Role> = {
  p: 'pawn',
  n: 'knight',
  b: 'bishop',
  r: 'rook',
  q: 'queen',
  k: 'king',
  c: 'champion',
  w: 'wizard',
};

/** An Omega setup from `{ square: letter }` (upper case White). */
function omega(placement: Record<string, string>, extra: Partial<Setup> = {}): Setup {
  const pieces = new Array<Piece | undefined>(OMEGA.width * OMEGA.height).fill(undefined);
  for (const [name, letter] of Object.entries(placement)) {
    const color: Color = letter === letter.toUpperCase() ? 'white' : 'black';
    pieces[sq(name)] = piece(color, LETTERS[letter.toLowerCase()] as Role);
  }
  return {
    board: { geometry: OMEGA, pieces },
    turn: 'white',
    castlingRooks: [],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
    ...extra,
  };
}

/** The start position (notes 3.2): C R N B Q K B N R C on ranks 0 and 9, wizards in the corners. */
function omegaStart(): Setup {
  const placement: Record<string, string> = { w1: 'W', w2: 'W', w3: 'w', w4: 'w' };
  'crnbqkbnrc'.split('').forEach((letter, file) => {
    const f = String.fromCharCode(97 + file);
    placement[`${f}0`] = letter.toUpperCase();
    placement[`${f}1`] = 'P';
    placement[`${f}8`] = 'p';
    placement[`${f}9`] = letter;
  });
  return omega(placement, { castlingRooks: [sq('b0'), sq('i0'), sq('b9'), sq('i9')].sort((a, b) => a - b) });
}

const destinations = (setup: Setup, from: string): string[] =>
  legalMoves(setup)
    .filter((m) => m.kind === 'normal' && m.from === sq(from))
    .map((m) => squareName(OMEGA, m.to))
    .sort();

describe('Omega chess', () => {
  it('has 40 moves at the start: 30 pawn steps, 4 knight, 4 champion and 2 wizard moves', () => {
    const start = omegaStart();
    const moves = legalMoves(start);
    expect(moves).toHaveLength(40);
    expect(destinations(start, 'a0')).toEqual(['a2', 'c2']);
    expect(destinations(start, 'w1')).toEqual(['a2']);
    expect(destinations(start, 'e1')).toEqual(['e2', 'e3', 'e4']);
    // Nothing can interact after one move each.
    expect(perft(start, 2)).toBe(1600);
  });
  it('moves a champion one step orthogonally or jumps two in any of eight directions', () => {
    expect(destinations(omega({ e4: 'C', a9: 'K', j0: 'k' }), 'e4')).toEqual([
      'c2',
      'c4',
      'c6',
      'd4',
      'e2',
      'e3',
      'e5',
      'e6',
      'f4',
      'g2',
      'g4',
      'g6',
    ]);
  });
  it('moves a wizard one step diagonally or by a (1,3) leap', () => {
    expect(destinations(omega({ e4: 'W', a9: 'K', j0: 'k' }), 'e4')).toEqual([
      'b3',
      'b5',
      'd1',
      'd3',
      'd5',
      'd7',
      'f1',
      'f3',
      'f5',
      'f7',
      'h3',
      'h5',
    ]);
  });
  it('reaches a wizard square diagonally or by a leap, never orthogonally', () => {
    expect(destinations(omega({ a3: 'R', j9: 'K', j5: 'k' }), 'a3')).not.toContain('w1');
    expect(destinations(omega({ a0: 'K', j9: 'k' }), 'a0')).toContain('w1');
    expect(destinations(omega({ d3: 'B', j9: 'K', j5: 'k' }), 'd3')).toContain('w1');
    expect(destinations(omega({ b0: 'N', j9: 'K', j5: 'k' }), 'b0')).toContain('w1');
    expect(destinations(omega({ b1: 'C', j9: 'K', j5: 'k' }), 'b1')).toContain('w1');
    expect(destinations(omega({ c0: 'W', j9: 'K', j5: 'k' }), 'c0')).toContain('w1');
    // From the wizard square a rook-like slide goes nowhere, a diagonal one runs to j9.
    expect(destinations(omega({ w1: 'Q', j0: 'K', a9: 'k' }), 'w1')).toEqual([
      'a0',
      'b1',
      'c2',
      'd3',
      'e4',
      'f5',
      'g6',
      'h7',
      'i8',
      'j9',
      'w3',
    ]);
  });
  it('leaves two en passant squares after a triple step, and both capture the pawn', () => {
    const before = omega({ e1: 'P', d3: 'p', f4: 'p', a0: 'K', j9: 'k' });
    const after = play(before, { kind: 'normal', from: sq('e1'), to: sq('e4') });
    expect(after.epSquares).toEqual([sq('e2'), sq('e3')]);
    const captures = legalMoves(after).filter((m) => m.kind === 'enPassant');
    expect(captures).toEqual([
      { kind: 'enPassant', from: sq('d3'), to: sq('e2'), captured: sq('e4') },
      { kind: 'enPassant', from: sq('f4'), to: sq('e3'), captured: sq('e4') },
    ]);
    const taken = play(after, captures[0] as Move);
    expect(taken.board.pieces[sq('e4')]).toBeUndefined();
    expect(taken.board.pieces[sq('e2')]).toBe(piece('black', 'pawn'));
    expect(positionKey(after)).not.toBe(positionKey({ ...after, epSquares: [] }));
  });
  it('records one en passant square after a double step', () => {
    const after = play(omega({ e1: 'P', a0: 'K', j9: 'k' }), { kind: 'normal', from: sq('e1'), to: sq('e3') });
    expect(after.epSquares).toEqual([sq('e2')]);
  });
  it('promotes on the last rank to any of six pieces', () => {
    const promotions = legalMoves(omega({ c8: 'P', a0: 'K', j0: 'k' })).filter(
      (m) => m.kind === 'normal' && m.promotion,
    );
    expect(promotions.map((m) => (m.kind === 'normal' ? m.promotion : undefined))).toEqual([
      'queen',
      'rook',
      'bishop',
      'knight',
      'champion',
      'wizard',
    ]);
  });
  it('castles king f0->h0 with rook i0->g0, and f0->d0 with rook b0->e0', () => {
    const setup = omega(
      { f0: 'K', b0: 'R', i0: 'R', a0: 'C', j0: 'C', f9: 'k' },
      { castlingRooks: [sq('b0'), sq('i0')] },
    );
    const castles = legalMoves(setup).filter((m) => m.kind === 'castle');
    expect(castles).toEqual([
      { kind: 'castle', from: sq('f0'), to: sq('d0'), rook: sq('b0'), rookTo: sq('e0') },
      { kind: 'castle', from: sq('f0'), to: sq('h0'), rook: sq('i0'), rookTo: sq('g0') },
    ]);
    const after = play(setup, castles[1] as Move);
    expect([after.board.pieces[sq('h0')], after.board.pieces[sq('g0')]]).toEqual([
      piece('white', 'king'),
      piece('white', 'rook'),
    ]);
    expect(after.castlingRooks).toEqual([]);
    // c0 must be empty for the queen side, where only the rook passes.
    const blocked = omega({ f0: 'K', b0: 'R', c0: 'N', f9: 'k' }, { castlingRooks: [sq('b0')] });
    expect(isLegal(blocked, { kind: 'castle', from: sq('f0'), to: sq('d0'), rook: sq('b0'), rookTo: sq('e0') })).toBe(
      false,
    );
  });
  it('walks the tree consistently: perft 3 from the start equals the sum over the first moves', () => {
    const start = omegaStart();
    const total = legalMoves(start).reduce((sum, move) => sum + perft(play(start, move), 2), 0);
    expect(perft(start, 3)).toBe(total);
  });
});
