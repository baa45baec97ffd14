import { describe, expect, it } from 'vitest';
import { parseCoordinate, writeCoordinate } from './coordinate.js';
import { OMEGA, parseSquare } from './geometry.js';
import type { Move } from './move.js';
import {
  MAX_MOVE_TEXT_LENGTH,
  MOVE_NOTATION_ERROR_CODES,
  fileOfName,
  rankOfName,
  squareTokenEnd,
  type MoveNotationError,
  type MoveNotationErrorCode,
} from './move-notation.js';
import { unwrap, type Result } from './result.js';
import { play } from './rules.js';
import { parseSan, writeSan } from './san.js';
import { standardSetup } from './setup.js';
import { applySmith, parseSmith, parseSmithUnchecked, unplaySmith, writeSmith } from './smith.js';
import { setupFromFen } from './testing/chessops-bridge.js';
import { PROMOTION } from './testing/notation-fixtures.js';
import { STARTS } from './testing/random-play.js';
import { parseVerbose, writeVerbose } from './verbose.js';

const omega = (name: string): number => {
  const square = parseSquare(OMEGA, name);
  if (square === undefined) throw new Error(name);
  return square;
};
const OMEGA_START = STARTS.find((s) => s.name === 'omega')?.setup ?? (undefined as never);

describe('square names from the geometry', () => {
  it('splits names into file and rank, Omega and wizard squares included', () => {
    expect([fileOfName('e4'), rankOfName('e4')]).toEqual(['e', '4']);
    expect([fileOfName('a0'), rankOfName('a0')]).toEqual(['a', '0']);
    expect([fileOfName('w3'), rankOfName('w3')]).toEqual(['w', '3']);
    expect([fileOfName('a10'), rankOfName('a10')]).toEqual(['a', '10']);
    expect(squareTokenEnd('e2e4', 0)).toBe(2);
    expect(squareTokenEnd('w1a2', 2)).toBe(4);
    expect(squareTokenEnd('N@', 0)).toBe(0);
  });
  it('lists every error code once', () => {
    expect(new Set(MOVE_NOTATION_ERROR_CODES).size).toBe(MOVE_NOTATION_ERROR_CODES.length);
    expect(MAX_MOVE_TEXT_LENGTH).toBe(32);
  });
});

describe('error codes', () => {
  it('are each produced by some parser', () => {
    const start = standardSetup();
    const twoKnights = setupFromFen('rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3');
    const cases: readonly [Result<unknown, MoveNotationError>, MoveNotationErrorCode][] = [
      [parseSan(start, ''), 'empty'],
      [parseCoordinate(start, 'e2e4'.repeat(9)), 'too-long'],
      [parseVerbose(start, 'P/e2e4'), 'syntax'],
      [parseSmith(start, 'e2e9'), 'unknown-square'],
      [parseSan(start, 'Xf3'), 'unknown-role'],
      [parseVerbose(start, 'none'), 'no-move'],
      [parseCoordinate(start, 'e2e5'), 'illegal'],
      [parseSan(twoKnights, 'Nd2'), 'ambiguous'],
      [parseCoordinate(PROMOTION, 'e7e8'), 'missing-promotion'],
      [parseSan(start, 'e4=Q'), 'unexpected-promotion'],
      [parseVerbose(start, 'N/e2-e4'), 'piece-mismatch'],
      [parseSmith(start, 'g1f3p'), 'capture-mismatch'],
      [parseSmithUnchecked(start, 'e3e4'), 'no-piece'],
      [parseSmithUnchecked(start, 'e7e5'), 'wrong-color'],
      [parseSmithUnchecked(setupFromFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1'), 'e1g1c'), 'no-castling-rook'],
    ];
    for (const [result, code] of cases) expect(result.ok ? 'ok' : result.error.code).toBe(code);
    expect(new Set(cases.map(([, code]) => code))).toEqual(new Set(MOVE_NOTATION_ERROR_CODES));
  });
});

describe('Omega chess moves in every notation', () => {
  const wizard: Move = { kind: 'normal', from: omega('w1'), to: omega('a2') };
  const champion: Move = { kind: 'normal', from: omega('a0'), to: omega('a2') };
  const tripleStep: Move = { kind: 'normal', from: omega('c1'), to: omega('c4') };
  it('writes wizard, champion and pawn moves with Omega square names', () => {
    expect([wizard, champion, tripleStep].map((m) => writeSan(OMEGA_START, m))).toEqual(['Wa2', 'Ca2', 'c4']);
    expect([wizard, champion, tripleStep].map((m) => writeCoordinate(OMEGA_START, m))).toEqual([
      'w1a2',
      'a0a2',
      'c1c4',
    ]);
    expect([wizard, champion, tripleStep].map((m) => writeVerbose(OMEGA_START, m))).toEqual([
      'W/w1-a2',
      'C/a0-a2',
      'P/c1-c4',
    ]);
    expect([wizard, champion, tripleStep].map((m) => writeSmith(OMEGA_START, m))).toEqual(['w1a2', 'a0a2', 'c1c4']);
  });
  it('reads them back', () => {
    expect(unwrap(parseSan(OMEGA_START, 'Wa2'))).toEqual(wizard);
    expect(unwrap(parseSan(OMEGA_START, 'Ww1a2'))).toEqual(wizard);
    expect(unwrap(parseSan(OMEGA_START, 'Ca2'))).toEqual(champion);
    expect(unwrap(parseCoordinate(OMEGA_START, 'w1a2'))).toEqual(wizard);
    expect(unwrap(parseVerbose(OMEGA_START, 'C/a0-a2'))).toEqual(champion);
    expect(unwrap(parseSmith(OMEGA_START, 'c1c4'))).toEqual(tripleStep);
    expect(parseSan(OMEGA_START, 'Wk2')).toMatchObject({ ok: false, error: { code: 'unknown-square' } });
  });
  it('reads Smith c as a captured champion when a king steps, and walks it back', () => {
    // Only the kings and a black champion next to the white king.
    const pieces = OMEGA_START.board.pieces.map((p) => (p?.role === 'king' ? p : undefined));
    const blackChampion = OMEGA_START.board.pieces[omega('a9')];
    pieces[omega('g0')] = blackChampion;
    const setup = { ...OMEGA_START, board: { geometry: OMEGA, pieces }, castlingRooks: [] };
    const capture: Move = { kind: 'normal', from: omega('f0'), to: omega('g0') };
    expect(writeSmith(setup, capture)).toBe('f0g0c');
    expect(unwrap(parseSmith(setup, 'f0g0c'))).toEqual(capture);
    const after = unwrap(applySmith(setup, 'f0g0c'));
    expect(after).toEqual(play(setup, capture));
    expect(unwrap(unplaySmith(after, 'f0g0c')).board).toEqual(setup.board);
  });
});

describe('parsers given something other than a string (untyped JavaScript)', () => {
  const start = standardSetup();
  const PARSERS: readonly [string, (text: string) => Result<unknown, MoveNotationError>][] = [
    ['parseSan', (text) => parseSan(start, text)],
    ['parseCoordinate', (text) => parseCoordinate(start, text)],
    ['parseVerbose', (text) => parseVerbose(start, text)],
    ['parseSmith', (text) => parseSmith(start, text)],
    ['parseSmithUnchecked', (text) => parseSmithUnchecked(start, text)],
    ['applySmith', (text) => applySmith(start, text)],
    ['unplaySmith', (text) => unplaySmith(start, text)],
  ];
  for (const [name, parse] of PARSERS) {
    it(`${name} returns a syntax error, never a TypeError`, () => {
      for (const value of [undefined, null, 42, {}, ['e4'], Symbol('e4'), 10n]) {
        const result = parse(value as unknown as string);
        expect(result.ok ? 'ok' : result.error.code).toBe('syntax');
      }
      const result = parse(undefined as unknown as string);
      expect(result.ok ? '' : result.error.message).toBe('expected the text of a move, got undefined');
      const number = parse(42 as unknown as string);
      expect(number.ok ? '' : number.error.message).toBe('expected the text of a move, got a number');
    });
  }
});
