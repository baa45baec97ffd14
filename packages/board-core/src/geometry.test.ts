import { describe, expect, it } from 'vitest';
import { MOVEMENT } from './movement.js';
import { OMEGA, STANDARD, parseSquare, squareAt, squareName, squareX, squareY } from './geometry.js';

describe('standard geometry', () => {
  it('numbers a1 as 0 and h8 as 63', () => {
    expect(parseSquare(STANDARD, 'a1')).toBe(0);
    expect(parseSquare(STANDARD, 'h8')).toBe(63);
    expect(parseSquare(STANDARD, 'e4')).toBe(28);
    expect(squareName(STANDARD, 28)).toBe('e4');
  });
  it('rejects names off the board', () => {
    for (const name of ['i1', 'a9', 'a0', 'e', 'e44', '', 'E4']) expect(parseSquare(STANDARD, name)).toBeUndefined();
  });
});

describe('omega geometry', () => {
  it('names the field a0..j9 inside a 12x12 grid', () => {
    expect(parseSquare(OMEGA, 'a0')).toBe(13);
    expect(parseSquare(OMEGA, 'j9')).toBe(130);
    expect(squareName(OMEGA, 13)).toBe('a0');
  });
  it('puts the wizard squares at the grid corners, counter-clockwise from w1 behind a0', () => {
    expect(parseSquare(OMEGA, 'w1')).toBe(0);
    expect(parseSquare(OMEGA, 'w2')).toBe(11);
    expect(parseSquare(OMEGA, 'w3')).toBe(143);
    expect(parseSquare(OMEGA, 'w4')).toBe(132);
  });
  it('has 104 squares and holes elsewhere on the border', () => {
    expect(OMEGA.squareNames.filter((n) => n !== '').length).toBe(104);
    expect(squareAt(OMEGA, 1, 0)).toBeUndefined();
    expect(squareAt(OMEGA, 0, 1)).toBeUndefined();
  });
  it('lets a diagonal step from a0 reach w1, and a knight leap from a1 reach w1', () => {
    const a0 = parseSquare(OMEGA, 'a0')!;
    expect(squareAt(OMEGA, squareX(OMEGA, a0) - 1, squareY(OMEGA, a0) - 1)).toBe(0);
    const a1 = parseSquare(OMEGA, 'a1')!;
    const knightTargets = MOVEMENT.knight.leaps
      .map(([dx, dy]) => squareAt(OMEGA, squareX(OMEGA, a1) + dx, squareY(OMEGA, a1) + dy))
      .filter((s) => s !== undefined)
      .map((s) => squareName(OMEGA, s));
    expect(knightTargets).toContain('w1');
  });
});
