import { MAX_COUNTER, STANDARD, parseSquare, setupToJson, type Setup } from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { describeDecisionTable, describeErrorTable, same, type Outcome } from '@chess-formats/testing';
import { FEN_ERROR_CODES, type FenErrorCode } from './errors.js';
import * as core from '@chess-formats/board-core';
import {
  INITIAL_FEN,
  VALIDATION_PROBLEMS,
  parseBoardFen,
  parseCastling,
  parseFen,
  validateSetup,
  writeFen,
} from './index.js';

/** The start board (43 characters), as in the README's decision table. */
const S = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
const sq = (name: string): number => parseSquare(STANDARD, name) as number;

function parsed(text: string, strict = false): Setup {
  const result = parseFen(text, { strict });
  if (!result.ok) throw new Error(`${text}: ${result.error.code} at ${result.error.offset}`);
  return result.value;
}

/** README decision table: [row, input, default outcome, strict outcome]. */
const DECISIONS: readonly [string, string, Outcome<FenErrorCode>, Outcome<FenErrorCode>][] = [
  [
    'adjacent digits',
    `rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1`,
    ...same({ error: ['board-digits', 0, 19] }),
  ],
  ['a 0 count', `rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1`, ...same({ error: ['board-digits', 0, 18] })],
  [
    'the digit 9',
    `rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1`,
    ...same({ error: ['rank-too-long', 0, 18] }),
  ],
  ['a ninth rank', `${S}/8 w - - 0 1`, ...same({ error: ['rank-count', 0, 43] })],
  [
    'lichess slash pockets',
    `${S}/Qn w KQkq - 0 1`,
    { write: `${S}[Qn] w KQkq - 0 1` },
    { error: ['rank-count', 0, 43] },
  ],
  ['a trailing slash', `${S}/ w KQkq - 0 1`, { write: `${S}[] w KQkq - 0 1` }, { error: ['rank-count', 0, 43] }],
  ['bracket pockets', `${S}[Qn] w KQkq - 0 1`, ...same({ write: `${S}[Qn] w KQkq - 0 1` })],
  ['pockets out of order', `${S}[nQ] w KQkq - 0 1`, { write: `${S}[Qn] w KQkq - 0 1` }, { error: ['pocket', 0, 45] }],
  ['empty pockets', `${S}[] w KQkq - 0 1`, ...same({ write: `${S}[] w KQkq - 0 1` })],
  [
    'promoted marker',
    `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w KQkq - 0 1`,
    ...same({ write: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w KQkq - 0 1` }),
  ],
  [
    '~ after a digit',
    `rnbqkbnr/pppppppp/8~/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`,
    ...same({ error: ['promoted-marker', 0, 19] }),
  ],
  [
    '~ at a rank start',
    `rnbqkbnr/~pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`,
    ...same({ error: ['promoted-marker', 0, 9] }),
  ],
  ['en dash castling', `${S} w \u2013 - 0 1`, { write: `${S} w - - 0 1` }, { error: ['castling', 2, 46] }],
  ['en dash ep', `${S} w KQkq \u2013 0 1`, { write: `${S} w KQkq - 0 1` }, { error: ['ep-square', 3, 51] }],
  ['leading space', ` ${S} w KQkq - 0 1`, { write: INITIAL_FEN }, { error: ['whitespace', 0, 0] }],
  ['trailing newline', `${S} w KQkq - 0 1\n`, { write: INITIAL_FEN }, { error: ['whitespace', 6, 56] }],
  ['trailing space', `${S} w KQkq - 0 1 `, { write: INITIAL_FEN }, { error: ['whitespace', 6, 56] }],
  ['double space', `${S}  w KQkq - 0 1`, { write: INITIAL_FEN }, { error: ['whitespace', 1, 44] }],
  ['tab', `${S}\tw KQkq - 0 1`, { write: INITIAL_FEN }, { error: ['whitespace', 1, 43] }],
  ['underscores', `${S}_w_KQkq_-_0_1`, { write: INITIAL_FEN }, { error: ['whitespace', 1, 43] }],
  ['board only', S, { write: `${S} w - - 0 1` }, { error: ['missing-field', 1, 43] }],
  ['no counters', `${S} w KQkq -`, { write: INITIAL_FEN }, { error: ['missing-field', 4, 52] }],
  ['- vs an empty field', `${S} w  - 0 1`, { error: ['ep-square', 3, 49] }, { error: ['whitespace', 2, 46] }],
  ['castling out of order', `${S} w qkQK - 0 1`, { write: INITIAL_FEN }, { error: ['castling-order', 2, 47] }],
  ['castling duplicates', `${S} w KKQkq - 0 1`, { write: INITIAL_FEN }, { error: ['castling-order', 2, 47] }],
  ['- mixed with letters', `${S} w K- - 0 1`, ...same({ error: ['castling', 2, 47] })],
  ['three rights for one colour', `${S} w HDA - 0 1`, ...same({ error: ['castling-too-many', 2, 48] })],
  ['Shredder letters', `${S} w HAha - 0 1`, ...same({ write: INITIAL_FEN })],
  [
    'K with no rook on that side',
    `4k3/8/8/8/8/8/8/4K3 w Kq - 0 1`,
    ...same({ write: `4k3/8/8/8/8/8/8/4K3 w Kq - 0 1` }),
  ],
  ['counters 0 1', INITIAL_FEN, ...same({ write: INITIAL_FEN })],
  ['counters past 9999', `${S} w KQkq - 10000 10000`, ...same({ write: `${S} w KQkq - 10000 10000` })],
  [
    'counters at MAX_COUNTER',
    `${S} w KQkq - ${MAX_COUNTER} ${MAX_COUNTER}`,
    ...same({ write: `${S} w KQkq - ${MAX_COUNTER} ${MAX_COUNTER}` }),
  ],
  ['counter above MAX_COUNTER', `${S} w KQkq - 9007199254740992 1`, ...same({ error: ['halfmoves', 4, 68] })],
  ['counter with a sign', `${S} w KQkq - 0 +1`, ...same({ error: ['fullmoves', 5, 55] })],
  ['counter with a point', `${S} w KQkq - 0 1.5`, ...same({ error: ['fullmoves', 5, 56] })],
  ['counter with a suffix', `${S} w KQkq - 0 1x`, ...same({ error: ['fullmoves', 5, 56] })],
  ['counter with an exponent', `${S} w KQkq - 1e3 1`, ...same({ error: ['halfmoves', 4, 54] })],
  ['leading zeros', `${S} w KQkq - 00 01`, { write: INITIAL_FEN }, { error: ['halfmoves', 4, 53] }],
  ['fullmove 0', `${S} w KQkq - 0 0`, { write: INITIAL_FEN }, { error: ['fullmoves', 5, 55] }],
  ['ep on the wrong rank', `${S} w KQkq e3 0 1`, ...same({ error: ['ep-rank', 3, 52] })],
  ['ep not a square', `${S} w KQkq e9 0 1`, ...same({ error: ['ep-square', 3, 52] })],
  ['turn W', `${S} W KQkq - 0 1`, ...same({ error: ['turn', 1, 44] })],
  ['turn white', `${S} white KQkq - 0 1`, ...same({ error: ['turn', 1, 45] })],
  ['three-check fifth field', `${S} w KQkq - 3+3 0 1`, ...same({ write: `${S} w KQkq - 3+3 0 1` })],
  [
    'three-check seventh field',
    `${S} w KQkq - 0 1 +1+2`,
    { write: `${S} w KQkq - 2+1 0 1` },
    { error: ['checks', 6, 57] },
  ],
  ['both three-check forms', `${S} w KQkq - 3+3 0 1 +1+2`, ...same({ error: ['checks', 6, 61] })],
  ['check count above 3', `${S} w KQkq - 4+3 0 1`, ...same({ error: ['checks', 6, 53] })],
  ['a seventh field not +W+B', `${S} w KQkq - 0 1 x`, ...same({ error: ['extra-field', 6, 57] })],
  [
    'unknown piece letter C',
    `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNC w KQkq - 0 1`,
    ...same({ error: ['board-char', 0, 42] }),
  ],
  [
    'non-ASCII piece',
    `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\u265c w KQkq - 0 1`,
    ...same({ error: ['board-char', 0, 42] }),
  ],
  ['a promoted pawn', '4k3/8/8/5p~2/5K2/8/8/8 w - - 0 1', ...same({ error: ['promoted-marker', 0, 10] })],
  ['three checkers', '4k3/5P2/3N4/8/8/8/4R3/4K3 b - - 0 1', ...same({ write: '4k3/5P2/3N4/8/8/8/4R3/4K3 b - - 0 1' })],
];

describeDecisionTable({ parse: parseFen, write: writeFen }, DECISIONS);

/** One input per error code, with the field and offset the README promises. */
const ERRORS: Record<FenErrorCode, [string, number, number, boolean?]> = {
  empty: ['', 0, 0],
  whitespace: [`${S}  w`, 1, 44, true],
  'board-char': ['rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 0, 13],
  'board-digits': ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN01', 0, 42],
  'promoted-marker': ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR~~', 0, 44],
  'rank-too-long': ['rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 0, 8],
  'rank-too-short': ['rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 0, 7],
  'rank-count': ['8/8/8/8/8/8/8 w', 0, 13],
  pocket: [`${S}[Qx] w`, 0, 45],
  turn: [`${S} x`, 1, 44],
  castling: [`${S} w KQkx`, 2, 49],
  'castling-order': [`${S} w QK`, 2, 47, true],
  'castling-too-many': [`${S} w kqc`, 2, 48],
  'ep-square': [`${S} w - x3`, 3, 48],
  'ep-rank': [`${S} b - e6`, 3, 49],
  halfmoves: [`${S} w - - x`, 4, 50],
  fullmoves: [`${S} w - - 0 x`, 5, 52],
  checks: [`${S} w - - 3+9 0 1`, 6, 52],
  'missing-field': [`${S} w - - 0`, 5, 51, true],
  'extra-field': [`${S} w - - 0 1 +0+0 x`, 6, 59],
};

describe('every error code, with its field and offset', () => {
  test('the code lists are frozen (shared by every caller)', () => {
    expect(Object.isFrozen(FEN_ERROR_CODES)).toBe(true);
    expect(Object.isFrozen(VALIDATION_PROBLEMS)).toBe(true);
  });
  test("validateSetup and VALIDATION_PROBLEMS are board-core's, re-exported for compatibility", () => {
    expect(validateSetup).toBe(core.validateSetup);
    expect(VALIDATION_PROBLEMS).toBe(core.VALIDATION_PROBLEMS);
  });
  describeErrorTable({ parse: parseFen, codes: FEN_ERROR_CODES }, ERRORS);
  test('messages show what was found', () => {
    const result = parseFen(`${S} x`);
    expect(result.ok ? '' : result.error.message).toBe('expected w or b, found "x"');
    const end = parseFen(S, { strict: true });
    expect(end.ok ? '' : end.error.message).toBe('expected 6 fields, found end');
  });

  test('messages name the rule where the field alone would mislead', () => {
    const message = (fen: string) => {
      const result = parseFen(fen);
      return result.ok ? '' : result.error.message;
    };
    expect(message('rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1')).toBe(
      'expected 1-8, no 2 digits, found "4"',
    );
    expect(message('rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1')).toBe('expected 8 squares, found "p"');
    expect(message('8/8/8/8/8/8/8/8/8/8 w - - 0 1')).toBe('expected 8 ranks, found "/"');
    expect(message('r3k2r/8/8/8/8/8/8/R3K2R w KQBkq - 0 1')).toBe('expected 2 a side, found "B"');
  });
});

describe('values', () => {
  test('the start position', () => {
    const setup = parsed(INITIAL_FEN, true);
    expect(setup.turn).toBe('white');
    expect(setup.castlingRooks).toEqual([0, 7, 56, 63]);
    expect(setup.epSquares).toEqual([]);
    expect([setup.halfmoves, setup.fullmoves]).toEqual([0, 1]);
    expect(setup.pockets).toBeUndefined();
    expect(setup.remainingChecks).toBeUndefined();
    expect(setup.board.geometry).toBe(STANDARD);
    expect(setup.board.pieces).toHaveLength(64);
    expect(setup.board.pieces[sq('e1')]).toEqual({ color: 'white', role: 'king', promoted: false });
    expect(setup.board.pieces[sq('d8')]).toEqual({ color: 'black', role: 'queen', promoted: false });
    expect(setup.board.pieces[sq('e4')]).toBeUndefined();
  });

  test('an ep square, counters and black to move', () => {
    const setup = parsed('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', true);
    expect(setup.turn).toBe('black');
    expect(setup.epSquares).toEqual([sq('e3')]);
    expect(parsed(`${S} w KQkq - 12 34`).halfmoves).toBe(12);
    expect(parsed(`${S} w KQkq - 12 34`).fullmoves).toBe(34);
    expect(parsed(`${S} w KQkq - 9999 9999`).fullmoves).toBe(9999);
  });

  test('pockets and promoted pieces (crazyhouse)', () => {
    const setup = parsed('r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2NP1N2/PPP2PPP/R1B~QK2R[Pp] w KQkq - 0 6', true);
    expect(setup.pockets?.white.pawn).toBe(1);
    expect(setup.pockets?.black.pawn).toBe(1);
    expect(setup.pockets?.white.queen).toBe(0);
    expect(setup.board.pieces[sq('c1')]).toEqual({ color: 'white', role: 'bishop', promoted: true });
    expect(setupToJson(setup).pockets).toEqual({ white: 'P', black: 'p' });
  });

  test('three-check counters in both forms', () => {
    expect(parsed(`${S} w KQkq - 2+1 0 1`).remainingChecks).toEqual({ white: 2, black: 1 });
    expect(parsed(`${S} w KQkq - 0 1 +2+0`).remainingChecks).toEqual({ white: 1, black: 3 });
    expect(parsed(`${S} w KQkq - 3+3`).remainingChecks).toEqual({ white: 3, black: 3 });
  });

  test('K and Q name the outermost rook on each side of the king (Chess960, X-FEN)', () => {
    // Chess960 start position 0 (Scharnagl numbering): rooks f and h, king g.
    const setup = parsed('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1');
    expect(setup.castlingRooks).toEqual([sq('f1'), sq('h1'), sq('f8'), sq('h8')]);
    expect(parsed('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1').castlingRooks).toEqual(
      setup.castlingRooks,
    );
    // Two rooks on the king's side: K is the outer one, the inner one needs its file.
    const inner = parsed('4k3/8/8/8/8/8/8/4KRR1 w KF - 0 1');
    expect(inner.castlingRooks).toEqual([sq('f1'), sq('g1')]);
    expect(writeFen(inner)).toBe('4k3/8/8/8/8/8/8/4KRR1 w KF - 0 1');
  });
});

describe('field helpers', () => {
  test('parseBoardFen reads the placement field with its pocket', () => {
    const result = parseBoardFen(`${S}[Qn]`);
    expect(result.ok && result.value.pockets?.white.queen).toBe(1);
    expect(result.ok && result.value.board.pieces[sq('a1')]?.role).toBe('rook');
    expect(parseBoardFen(`${S} w`)).toMatchObject({ ok: false, error: { code: 'board-char', offset: 43 } });
    expect(parseBoardFen('')).toMatchObject({ ok: false, error: { code: 'empty' } });
  });

  test('parseCastling resolves letters against a board', () => {
    const board = parsed(INITIAL_FEN).board;
    expect(parseCastling(board, 'Kq')).toEqual({ ok: true, value: [sq('h1'), sq('a8')] });
    expect(parseCastling(board, '-')).toEqual({ ok: true, value: [] });
    expect(parseCastling(board, 'KX')).toMatchObject({ ok: false, error: { code: 'castling', field: 2, offset: 1 } });
    expect(parseCastling(board, 'qK', { strict: true })).toMatchObject({
      ok: false,
      error: { code: 'castling-order', offset: 1 },
    });
  });
});

describe('never throws', () => {
  test.each([undefined, null, 42, Number.NaN, {}, [], Symbol('fen'), 10n])(
    'on %s from untyped JavaScript: empty at 0',
    (input) => {
      const untyped = input as unknown as string;
      for (const result of [parseFen(untyped), parseFen(untyped, { strict: true }), parseBoardFen(untyped)]) {
        expect(result.ok ? 'ok' : `${result.error.code} at ${result.error.offset}`).toBe('empty at 0');
      }
      const castling = parseCastling(parsed(INITIAL_FEN).board, untyped);
      expect(castling.ok ? 'ok' : castling.error.code).toBe('castling');
    },
  );
  test.each([
    '',
    ' ',
    '/',
    '[',
    ']',
    '~',
    '8/8/8/8/8/8/8/8[',
    `${S} w KQkq e`,
    `${S} w - - 3+`,
    `${S} w - - 0 1 +`,
    '\uffff',
    '\ud800',
  ])('%j', (input) => {
    expect(() => parseFen(input)).not.toThrow();
    expect(() => parseFen(input, { strict: true })).not.toThrow();
    expect(parseFen(input).ok).toBe(false);
  });
});
