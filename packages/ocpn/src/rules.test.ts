import { OMEGA, legalMoves, parseSan, parseSquare, perft, writeSan } from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { INITIAL_OCPN, parseOcpn } from './index.js';

// The parsed setup is board-core's, so the rules and the move notations take it as it is.
// Perft counts of the Omega start position: 40, 1,600, 67,202, 2,819,484 (issue 9; board-core's
// Omega rules give the same counts from a setup built square by square).
function startSetup() {
  const result = parseOcpn(INITIAL_OCPN);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('the parsed start position plays', () => {
  test('perft 1-3: 40, 1,600, 67,202', () => {
    const setup = startSetup();
    expect([1, 2, 3].map((depth) => perft(setup, depth))).toEqual([40, 1600, 67_202]);
  });

  test('perft 4: 2,819,484 (well under two seconds)', () => {
    const started = performance.now();
    expect(perft(startSetup(), 4)).toBe(2_819_484);
    console.log(`ocpn: perft 4 from the parsed start took ${(performance.now() - started).toFixed(0)} ms`);
  });

  test('legal moves and SAN on the parsed setup', () => {
    const setup = startSetup();
    const wizard = legalMoves(setup).find((m) => m.kind === 'normal' && m.from === parseSquare(OMEGA, 'w1'));
    expect(wizard).toEqual({ kind: 'normal', from: parseSquare(OMEGA, 'w1'), to: parseSquare(OMEGA, 'a2') });
    if (wizard) expect(writeSan(setup, wizard)).toBe('Wa2');
    expect(parseSan(setup, 'e4')).toEqual({
      ok: true,
      value: { kind: 'normal', from: parseSquare(OMEGA, 'e1'), to: parseSquare(OMEGA, 'e4') },
    });
  });
});
