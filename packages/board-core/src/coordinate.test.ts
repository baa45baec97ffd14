import { describe, expect, it } from 'vitest';
import { parseCoordinate, writeCoordinate } from './coordinate.js';
import type { MoveNotationErrorCode } from './move-notation.js';
import { unwrap } from './result.js';
import { standardSetup, type Setup } from './setup.js';
import {
  CASTLING,
  CHESS960,
  CHESS960_ONE_STEP,
  CRAZYHOUSE,
  EN_PASSANT,
  PROMOTION,
  castle,
  normal,
  sq,
} from './testing/notation-fixtures.js';

const START = standardSetup();

function errorCode(setup: Setup, text: string): MoveNotationErrorCode | undefined {
  const result = parseCoordinate(setup, text);
  return result.ok ? undefined : result.error.code;
}

describe('writeCoordinate', () => {
  it('writes origin, destination and a lower-case promotion letter', () => {
    expect(writeCoordinate(START, normal('e2', 'e4'))).toBe('e2e4');
    expect(writeCoordinate(PROMOTION, normal('e7', 'e8', 'queen'))).toBe('e7e8q');
    expect(writeCoordinate(PROMOTION, normal('e7', 'd8', 'knight'))).toBe('e7d8n');
    expect(writeCoordinate(EN_PASSANT, { kind: 'enPassant', from: sq('e5'), to: sq('f6'), captured: sq('f5') })).toBe(
      'e5f6',
    );
    expect(writeCoordinate(CRAZYHOUSE, { kind: 'drop', role: 'knight', to: sq('f3') })).toBe('N@f3');
    expect(writeCoordinate(CRAZYHOUSE, { kind: 'drop', role: 'pawn', to: sq('e4') })).toBe('P@e4');
  });
  it('writes castling king-to-destination, or king-to-rook with the chess960 option', () => {
    expect(writeCoordinate(CASTLING, castle('e1', 'g1', 'h1', 'f1'))).toBe('e1g1');
    expect(writeCoordinate(CASTLING, castle('e1', 'c1', 'a1', 'd1'))).toBe('e1c1');
    expect(writeCoordinate(CASTLING, castle('e1', 'g1', 'h1', 'f1'), { chess960: true })).toBe('e1h1');
    expect(writeCoordinate(CASTLING, castle('e1', 'c1', 'a1', 'd1'), { chess960: true })).toBe('e1a1');
    expect(writeCoordinate(CHESS960, castle('g1', 'c1', 'b1', 'd1'))).toBe('g1c1');
    expect(writeCoordinate(CHESS960, castle('g1', 'c1', 'b1', 'd1'), { chess960: true })).toBe('g1b1');
  });
  it('writes king-to-rook when the king moves less than two files, whatever the option', () => {
    // King-to-destination would be `g1g1` (no move) and `f1g1` (a king step).
    expect(writeCoordinate(CHESS960, castle('g1', 'g1', 'h1', 'f1'))).toBe('g1h1');
    expect(writeCoordinate(CHESS960_ONE_STEP, castle('f1', 'g1', 'h1', 'f1'))).toBe('f1h1');
  });
});

describe('parseCoordinate', () => {
  it('reads moves, promotions of either case, and drops', () => {
    expect(unwrap(parseCoordinate(START, 'e2e4'))).toEqual(normal('e2', 'e4'));
    expect(unwrap(parseCoordinate(PROMOTION, 'e7e8q'))).toEqual(normal('e7', 'e8', 'queen'));
    expect(unwrap(parseCoordinate(PROMOTION, 'e7d8N'))).toEqual(normal('e7', 'd8', 'knight'));
    expect(unwrap(parseCoordinate(EN_PASSANT, 'e5f6'))).toEqual({
      kind: 'enPassant',
      from: sq('e5'),
      to: sq('f6'),
      captured: sq('f5'),
    });
    expect(unwrap(parseCoordinate(CRAZYHOUSE, 'N@f3'))).toEqual({ kind: 'drop', role: 'knight', to: sq('f3') });
    expect(unwrap(parseCoordinate(CRAZYHOUSE, 'P@e4'))).toEqual({ kind: 'drop', role: 'pawn', to: sq('e4') });
  });
  it('reads both castling forms, standard and Chess960', () => {
    expect(unwrap(parseCoordinate(CASTLING, 'e1g1'))).toEqual(castle('e1', 'g1', 'h1', 'f1'));
    expect(unwrap(parseCoordinate(CASTLING, 'e1h1'))).toEqual(castle('e1', 'g1', 'h1', 'f1'));
    expect(unwrap(parseCoordinate(CASTLING, 'e1c1'))).toEqual(castle('e1', 'c1', 'a1', 'd1'));
    expect(unwrap(parseCoordinate(CASTLING, 'e1a1'))).toEqual(castle('e1', 'c1', 'a1', 'd1'));
    expect(unwrap(parseCoordinate(CHESS960, 'g1h1'))).toEqual(castle('g1', 'g1', 'h1', 'f1'));
    expect(unwrap(parseCoordinate(CHESS960, 'g1b1'))).toEqual(castle('g1', 'c1', 'b1', 'd1'));
    expect(unwrap(parseCoordinate(CHESS960, 'g1c1'))).toEqual(castle('g1', 'c1', 'b1', 'd1'));
  });
  it('prefers a king step to castling king-to-destination', () => {
    expect(unwrap(parseCoordinate(CHESS960_ONE_STEP, 'f1g1'))).toEqual(normal('f1', 'g1'));
    expect(unwrap(parseCoordinate(CHESS960_ONE_STEP, 'f1h1'))).toEqual(castle('f1', 'g1', 'h1', 'f1'));
  });
  it('reports every error code it can produce', () => {
    expect(errorCode(START, '')).toBe('empty');
    expect(errorCode(START, 'e2e4'.repeat(9))).toBe('too-long');
    expect(errorCode(START, 'e2')).toBe('syntax');
    expect(errorCode(START, 'e2-e4')).toBe('syntax');
    expect(errorCode(START, 'e2e4qq')).toBe('syntax');
    expect(errorCode(CRAZYHOUSE, 'NN@f3')).toBe('syntax');
    expect(errorCode(CRAZYHOUSE, 'N@f3+')).toBe('syntax');
    expect(errorCode(START, 'e2e9')).toBe('unknown-square');
    expect(errorCode(START, 'z2e4')).toBe('unknown-square');
    expect(errorCode(PROMOTION, 'e7e8k')).toBe('unknown-role');
    expect(errorCode(PROMOTION, 'e7e8x')).toBe('unknown-role');
    expect(errorCode(CRAZYHOUSE, 'X@f3')).toBe('unknown-role');
    expect(errorCode(START, '0000')).toBe('no-move');
    expect(errorCode(START, 'e2e5')).toBe('illegal');
    expect(errorCode(START, 'e1g1')).toBe('illegal');
    expect(errorCode(PROMOTION, 'e7e8')).toBe('missing-promotion');
    expect(errorCode(START, 'e2e4q')).toBe('unexpected-promotion');
  });
  it('points at the part in error', () => {
    expect(parseCoordinate(START, 'e2e9')).toEqual({
      ok: false,
      error: { code: 'unknown-square', field: 'to', offset: 2, message: '"e9" is not a square of the standard board' },
    });
  });
});
