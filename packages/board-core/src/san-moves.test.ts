import { describe, expect, test } from 'vitest';
import { legalMoves } from './rules.js';
import { playSan, sanMoves } from './san-moves.js';
import { parseSan, writeSan } from './san.js';
import { standardSetup } from './setup.js';
import { unwrap } from './result.js';

describe('sanMoves', () => {
  test('the start position: twenty moves, pawns first as legalMoves orders them', () => {
    const moves = sanMoves(standardSetup());
    expect(moves).toHaveLength(20);
    expect(moves).toEqual(legalMoves(standardSetup()).map((m) => writeSan(standardSetup(), m)));
    expect(new Set(moves)).toEqual(
      new Set([
        'a3',
        'a4',
        'b3',
        'b4',
        'c3',
        'c4',
        'd3',
        'd4',
        'e3',
        'e4',
        'f3',
        'f4',
        'g3',
        'g4',
        'h3',
        'h4',
        'Na3',
        'Nc3',
        'Nf3',
        'Nh3',
      ]),
    );
  });

  test('every SAN it gives reads back as the same move, after a few moves with checks and captures', () => {
    let setup = standardSetup();
    for (const san of ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qe5+']) setup = unwrap(playSan(setup, san));
    const moves = sanMoves(setup);
    expect(moves).toContain('Be2');
    expect(moves).not.toContain('d4');
    for (const san of moves) expect(writeSan(setup, unwrap(parseSan(setup, san)))).toBe(san);
  });
});

describe('playSan', () => {
  test('plays a legal move and refuses an illegal one with the notation error', () => {
    const after = playSan(standardSetup(), 'Nf3');
    expect(after.ok && after.value.turn).toBe('black');
    const refused = playSan(standardSetup(), 'Ke2');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('illegal');
  });
});
