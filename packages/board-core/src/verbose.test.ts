import { describe, expect, it } from 'vitest';
import type { MoveNotationErrorCode } from './move-notation.js';
import { unwrap } from './result.js';
import { standardSetup, type Setup } from './setup.js';
import { setupFromFen } from './testing/chessops-bridge.js';
import {
  BLACK_CASTLING,
  CASTLING,
  CHESS960,
  CRAZYHOUSE,
  EN_PASSANT,
  PROMOTION,
  castle,
  normal,
  sq,
} from './testing/notation-fixtures.js';
import { parseVerbose, writeVerbose } from './verbose.js';

const START = standardSetup();

function errorCode(setup: Setup, text: string): MoveNotationErrorCode | undefined {
  const result = parseVerbose(setup, text);
  return result.ok ? undefined : result.error.code;
}

/**
 * The position before the move of the FICS `help style12` example line
 * `<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B ... K/e1-e2 (0:06) Ke2 0`.
 */
const HELP_EXAMPLE = setupFromFen('rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2');
/** Before `R/f8-b8` (Black rook), as in a PyChess FICS recording (ics.md section 5). */
const BLACK_ROOK = setupFromFen('5rk1/8/8/8/8/8/8/4K3 b - - 0 37');

describe('writeVerbose', () => {
  it('writes the lines FICS sends', () => {
    expect(writeVerbose(HELP_EXAMPLE, normal('e1', 'e2'))).toBe('K/e1-e2');
    // FatICS test (ics.md 2.2): `... 1 P/d2-d4 (0:00.000) d4 0 0 0`
    expect(writeVerbose(START, normal('d2', 'd4'))).toBe('P/d2-d4');
    expect(writeVerbose(START, normal('g1', 'f3'))).toBe('N/g1-f3');
    expect(writeVerbose(BLACK_ROOK, normal('f8', 'b8'))).toBe('R/f8-b8');
    expect(writeVerbose(PROMOTION, normal('e7', 'e8', 'queen'))).toBe('P/e7-e8=Q');
    expect(writeVerbose(PROMOTION, normal('e7', 'd8', 'knight'))).toBe('P/e7-d8=N');
    expect(writeVerbose(EN_PASSANT, { kind: 'enPassant', from: sq('e5'), to: sq('f6'), captured: sq('f5') })).toBe(
      'P/e5-f6',
    );
    expect(writeVerbose(CRAZYHOUSE, { kind: 'drop', role: 'pawn', to: sq('e4') })).toBe('P/@@-e4');
    expect(writeVerbose(CRAZYHOUSE, { kind: 'drop', role: 'queen', to: sq('f7') })).toBe('Q/@@-f7');
  });
  it('writes castling as o-o and o-o-o for both sides and in Chess960', () => {
    expect(writeVerbose(CASTLING, castle('e1', 'g1', 'h1', 'f1'))).toBe('o-o');
    expect(writeVerbose(CASTLING, castle('e1', 'c1', 'a1', 'd1'))).toBe('o-o-o');
    expect(writeVerbose(BLACK_CASTLING, castle('e8', 'g8', 'h8', 'f8'))).toBe('o-o');
    expect(writeVerbose(CHESS960, castle('g1', 'g1', 'h1', 'f1'))).toBe('o-o');
    expect(writeVerbose(CHESS960, castle('g1', 'c1', 'b1', 'd1'))).toBe('o-o-o');
  });
});

describe('parseVerbose', () => {
  it('reads the lines FICS sends', () => {
    expect(unwrap(parseVerbose(HELP_EXAMPLE, 'K/e1-e2'))).toEqual(normal('e1', 'e2'));
    expect(unwrap(parseVerbose(START, 'P/d2-d4'))).toEqual(normal('d2', 'd4'));
    expect(unwrap(parseVerbose(BLACK_ROOK, 'R/f8-b8'))).toEqual(normal('f8', 'b8'));
    expect(unwrap(parseVerbose(PROMOTION, 'P/e7-e8=Q'))).toEqual(normal('e7', 'e8', 'queen'));
    expect(unwrap(parseVerbose(EN_PASSANT, 'P/e5-f6'))).toEqual({
      kind: 'enPassant',
      from: sq('e5'),
      to: sq('f6'),
      captured: sq('f5'),
    });
    expect(unwrap(parseVerbose(CRAZYHOUSE, 'P/@@-e4'))).toEqual({ kind: 'drop', role: 'pawn', to: sq('e4') });
    expect(unwrap(parseVerbose(CRAZYHOUSE, 'N/@@-f3'))).toEqual({ kind: 'drop', role: 'knight', to: sq('f3') });
  });
  it('reads o-o and o-o-o from the position, Chess960 included, and K/e1-g1', () => {
    expect(unwrap(parseVerbose(CASTLING, 'o-o'))).toEqual(castle('e1', 'g1', 'h1', 'f1'));
    expect(unwrap(parseVerbose(CASTLING, 'o-o-o'))).toEqual(castle('e1', 'c1', 'a1', 'd1'));
    expect(unwrap(parseVerbose(BLACK_CASTLING, 'o-o'))).toEqual(castle('e8', 'g8', 'h8', 'f8'));
    expect(unwrap(parseVerbose(CHESS960, 'o-o'))).toEqual(castle('g1', 'g1', 'h1', 'f1'));
    expect(unwrap(parseVerbose(CHESS960, 'o-o-o'))).toEqual(castle('g1', 'c1', 'b1', 'd1'));
    expect(unwrap(parseVerbose(CASTLING, 'K/e1-g1'))).toEqual(castle('e1', 'g1', 'h1', 'f1'));
    expect(unwrap(parseVerbose(CASTLING, 'K/e1-h1'))).toEqual(castle('e1', 'g1', 'h1', 'f1'));
  });
  it('accepts the lenient forms', () => {
    expect(unwrap(parseVerbose(CASTLING, 'O-O'))).toEqual(castle('e1', 'g1', 'h1', 'f1'));
    expect(unwrap(parseVerbose(CASTLING, '0-0-0'))).toEqual(castle('e1', 'c1', 'a1', 'd1'));
    expect(unwrap(parseVerbose(START, 'n/g1-f3'))).toEqual(normal('g1', 'f3'));
    expect(unwrap(parseVerbose(PROMOTION, 'P/e7xd8=q'))).toEqual(normal('e7', 'd8', 'queen'));
  });
  it('reads a promotion without =Q (FICS 1.x) as a queen, or as told', () => {
    expect(unwrap(parseVerbose(PROMOTION, 'P/e7-e8'))).toEqual(normal('e7', 'e8', 'queen'));
    expect(unwrap(parseVerbose(PROMOTION, 'P/e7-d8', { missingPromotion: 'knight' }))).toEqual(
      normal('e7', 'd8', 'knight'),
    );
    expect(parseVerbose(PROMOTION, 'P/e7-e8', { missingPromotion: 'reject' })).toMatchObject({
      ok: false,
      error: { code: 'missing-promotion', field: 'promotion', offset: 7 },
    });
  });
  it('reports every error code it can produce', () => {
    expect(errorCode(START, '')).toBe('empty');
    expect(errorCode(START, `P/e2-e4${' '.repeat(30)}`)).toBe('too-long');
    expect(errorCode(START, 'P')).toBe('syntax');
    expect(errorCode(START, 'Pe2-e4')).toBe('syntax');
    expect(errorCode(START, 'P/e2e4')).toBe('syntax');
    expect(errorCode(START, 'P/e2-e4 ')).toBe('syntax');
    expect(errorCode(CRAZYHOUSE, 'P/@@e4')).toBe('syntax');
    expect(errorCode(CRAZYHOUSE, 'P/@@-e4+')).toBe('syntax');
    expect(errorCode(PROMOTION, 'P/e7-e8Q')).toBe('syntax');
    expect(errorCode(START, 'P/e2-e9')).toBe('unknown-square');
    expect(errorCode(START, 'X/e2-e4')).toBe('unknown-role');
    expect(errorCode(PROMOTION, 'P/e7-e8=K')).toBe('unknown-role');
    expect(errorCode(START, 'none')).toBe('no-move');
    expect(errorCode(START, 'P/e2-e5')).toBe('illegal');
    expect(errorCode(START, 'o-o')).toBe('illegal');
    expect(errorCode(START, 'P/@@-e4')).toBe('illegal');
    expect(errorCode(START, 'P/e2-e4=Q')).toBe('unexpected-promotion');
    expect(errorCode(START, 'N/e2-e4')).toBe('piece-mismatch');
  });
});
