import { OMEGA, parseSquare, setupToJson, squareName } from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { describeDecisionTable, describeErrorTable, same, type Outcome } from '@chess-formats/testing';
import { OCPN_ERROR_CODES, type OcpnErrorCode } from './errors.js';
import { INITIAL_OCPN, parseOcpn, writeOcpn, type OcpnPosition } from './index.js';

/** The start board (60 characters), as in the README's decision table: the turn is at 61. */
const B = 'WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC';
/** The board after White's triple step e1-e4 (62 characters): the turn is at 63, en passant at 75. */
const E4 = 'WWww/crnbqkbnrc/pppppppppp/A/A/A/4P5/A/A/PPPP1PPPPP/CRNBQKBNRC';
const sq = (name: string): number => parseSquare(OMEGA, name) as number;

function parsed(text: string, strict = false): OcpnPosition {
  const result = parseOcpn(text, { strict });
  if (!result.ok) throw new Error(`${text}: ${result.error.code} at ${result.error.offset}`);
  return result.value;
}

const itself = (text: string): [Outcome<OcpnErrorCode>, Outcome<OcpnErrorCode>] => same({ write: text });

/** README decision table: [row, input, default outcome, strict outcome]. */
const DECISIONS: readonly [string, string, Outcome<OcpnErrorCode>, Outcome<OcpnErrorCode>][] = [
  ['the seed example', INITIAL_OCPN, ...itself(INITIAL_OCPN)],
  [
    'files a-h: a rank of eight squares',
    `WWww/rnbqkbnr/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...same({ error: ['rank-too-short', 0, 13] }),
  ],
  [
    "ranks 0-9: e2/e3 after White's triple step",
    `${E4} b KQkq KQkq e2/e3 wb P- 0 1`,
    ...itself(`${E4} b KQkq KQkq e2/e3 wb P- 0 1`),
  ],
  [
    "ranks 1-10: e3/e4 after White's triple step",
    `${E4} b KQkq KQkq e3/e4 wb P- 0 1`,
    ...same({ error: ['ep-rank', 4, 76] }),
  ],
  ['ep squares against the passing order', `${E4} b KQkq KQkq e3/e2 wb P- 0 1`, ...same({ error: ['ep-rank', 4, 76] })],
  ['ep squares on two files', `${E4} b KQkq KQkq e2/f3 wb P- 0 1`, ...same({ error: ['ep-path', 4, 78] })],
  ['ep squares with a gap', `${E4} b KQkq KQkq e2/e4 wb P- 0 1`, ...same({ error: ['ep-path', 4, 79] })],
  ['three ep squares', `${E4} b KQkq KQkq e2/e3/e4 wb P- 0 1`, ...same({ error: ['ep-path', 4, 80] })],
  ['an ep square off the field', `${E4} b KQkq KQkq k2 wb P- 0 1`, ...same({ error: ['ep-square', 4, 75] })],
  ['an ep square on a wizard square', `${E4} b KQkq KQkq w1 wb P- 0 1`, ...same({ error: ['ep-square', 4, 75] })],
  ["Black's triple step: e7/e6", `${B} w KQkq KQkq e7/e6 wb P- 0 1`, ...itself(`${B} w KQkq KQkq e7/e6 wb P- 0 1`)],
  [
    'en dash for no castling',
    `${B} w \u2013 KQkq - wb -- 0 1`,
    { write: `${B} w - KQkq - wb -- 0 1` },
    { error: ['castling', 2, 63] },
  ],
  [
    'en dash for no guarding',
    `${B} w KQkq \u2013 - wb -- 0 1`,
    { write: `${B} w KQkq - - wb -- 0 1` },
    { error: ['guarding', 3, 68] },
  ],
  [
    'en dash for no en passant',
    `${B} w KQkq KQkq \u2013 wb -- 0 1`,
    { write: INITIAL_OCPN },
    { error: ['ep-square', 4, 73] },
  ],
  [
    'en dash for no fools in hand',
    `${B} w KQkq KQkq - \u2013 -- 0 1`,
    { write: `${B} w KQkq KQkq - - -- 0 1` },
    { error: ['fool-availability', 5, 75] },
  ],
  [
    'en dashes for no identities',
    `${B} w KQkq KQkq - wb \u2013\u2013 0 1`,
    { write: INITIAL_OCPN },
    { error: ['fool-identities', 6, 78] },
  ],
  [
    '10 for ten empty squares',
    `WWww/crnbqkbnrc/pppppppppp/10/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...same({ error: ['board-digits', 0, 28] }),
  ],
  [
    'adjacent digits',
    `WWww/crnbqkbnrc/pppppppppp/55/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...same({ error: ['board-digits', 0, 28] }),
  ],
  [
    'a lower-case a',
    `WWww/crnbqkbnrc/pppppppppp/a/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...same({ error: ['board-char', 0, 27] }),
  ],
  [
    'B, C and F are pieces, not digits',
    `WWww/crnbqkbnrc/pppppppppp/F9/A/1B1C6/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...itself(`WWww/crnbqkbnrc/pppppppppp/F9/A/1B1C6/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`),
  ],
  [
    'empty wizard squares as a digit',
    `4/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...itself(`4/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`),
  ],
  [
    'wizard squares with a gap',
    `W2w/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...itself(`W2w/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`),
  ],
  [
    'wizard squares with adjacent digits',
    `22/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...same({ error: ['board-digits', 0, 1] }),
  ],
  [
    'five wizard squares',
    `WWwww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...same({ error: ['wizard-squares', 0, 4] }),
  ],
  [
    'no wizard segment',
    `crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...same({ error: ['wizard-squares', 0, 4] }),
  ],
  ['eleven ranks', `${B}/A w - - - - -- 0 1`, ...same({ error: ['rank-count', 0, 60] })],
  [
    'nine ranks',
    `WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - - -- 0 1`,
    ...same({ error: ['rank-count', 0, 58] }),
  ],
  [
    'fool identities in lower case',
    `${B} w KQkq KQkq - wb pc 0 1`,
    { write: `${B} w KQkq KQkq - wb PC 0 1` },
    { error: ['fool-identities', 6, 78] },
  ],
  [
    'a lone - for the fool identities',
    `${B} w KQkq KQkq - wb - 0 1`,
    { write: INITIAL_OCPN },
    { error: ['fool-identities', 6, 79] },
  ],
  ['three fool identities', `${B} w KQkq KQkq - wb PCQ 0 1`, ...same({ error: ['fool-identities', 6, 80] })],
  [
    'fools in hand as bw',
    `${B} w KQkq KQkq - bw -- 0 1`,
    { write: INITIAL_OCPN },
    { error: ['fool-availability-order', 5, 76] },
  ],
  [
    'castling out of order',
    `${B} w qkQK KQkq - wb -- 0 1`,
    { write: INITIAL_OCPN },
    { error: ['castling-order', 2, 64] },
  ],
  ['castling repeated', `${B} w KKQkq KQkq - wb -- 0 1`, { write: INITIAL_OCPN }, { error: ['castling-order', 2, 64] }],
  [
    'guarding out of order',
    `${B} w KQkq qkQK - wb -- 0 1`,
    { write: INITIAL_OCPN },
    { error: ['guarding-order', 3, 69] },
  ],
  ['eight fields: no fool identities', `${B} w KQkq KQkq - wb 0 1`, ...same({ error: ['fool-identities', 6, 78] })],
  ['no full-move number', `${B} w KQkq KQkq - wb -- 0`, ...same({ error: ['missing-field', 8, 82] })],
  ['a tenth field', `${INITIAL_OCPN} x`, ...same({ error: ['extra-field', 9, 85] })],
  ['leading space', ` ${INITIAL_OCPN}`, { write: INITIAL_OCPN }, { error: ['whitespace', 0, 0] }],
  ['trailing newline', `${INITIAL_OCPN}\n`, { write: INITIAL_OCPN }, { error: ['whitespace', 9, 84] }],
  ['double space', `${B}  w KQkq KQkq - wb -- 0 1`, { write: INITIAL_OCPN }, { error: ['whitespace', 1, 61] }],
  ['tab', `${B}\tw KQkq KQkq - wb -- 0 1`, { write: INITIAL_OCPN }, { error: ['whitespace', 1, 60] }],
  ['leading zeros', `${B} w KQkq KQkq - wb -- 00 01`, { write: INITIAL_OCPN }, { error: ['halfmoves', 7, 81] }],
  ['full-move number 0', `${B} w KQkq KQkq - wb -- 0 0`, { write: INITIAL_OCPN }, { error: ['fullmoves', 8, 83] }],
  [
    'counters past 9999',
    `${B} w KQkq KQkq - wb -- 10000 10000`,
    ...same({ write: `${B} w KQkq KQkq - wb -- 10000 10000` }),
  ],
  [
    'a counter above MAX_COUNTER',
    `${B} w KQkq KQkq - wb -- 9007199254740992 1`,
    ...same({ error: ['halfmoves', 7, 96] }),
  ],
  ['a counter with a sign', `${B} w KQkq KQkq - wb -- 0 +1`, ...same({ error: ['fullmoves', 8, 83] })],
];

describeDecisionTable({ parse: parseOcpn, write: writeOcpn }, DECISIONS);

/** One input per error code, with the field and offset the README promises. */
const ERRORS: Record<OcpnErrorCode, [string, number, number, boolean?]> = {
  empty: ['', 0, 0],
  whitespace: [`${B}  w`, 1, 61, true],
  'board-char': [`WWww/crnbqkbnrc/ppppxppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC`, 0, 20],
  'board-digits': [`WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBN02`, 0, 58],
  'wizard-squares': ['WWw/', 0, 3],
  'rank-too-long': [`WWww/crnbqkbnrcp/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC`, 0, 15],
  'rank-too-short': [`WWww/crnbqkbnr/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC`, 0, 14],
  'rank-count': ['4/A/A/A/A/A/A/A/A/A w', 0, 19],
  turn: [`${B} x`, 1, 61],
  castling: [`${B} w KQkx`, 2, 66],
  'castling-order': [`${B} w QK`, 2, 64, true],
  guarding: [`${B} w - Kx`, 3, 66],
  'guarding-order': [`${B} w - kK`, 3, 66, true],
  'ep-square': [`${B} w - - x7`, 4, 67],
  'ep-rank': [`${B} w - - e6`, 4, 68],
  'ep-path': [`${B} w - - e7/e5`, 4, 71],
  'fool-availability': [`${B} w - - - x`, 5, 69],
  'fool-availability-order': [`${B} w - - - ww`, 5, 70, true],
  'fool-identities': [`${B} w - - - - P`, 6, 72],
  halfmoves: [`${B} w - - - - -- x`, 7, 74],
  fullmoves: [`${B} w - - - - -- 0 x`, 8, 76],
  'missing-field': [`${B} w - - - - --`, 7, 73],
  'extra-field': [`${B} w - - - - -- 0 1 x`, 9, 78],
};

describe('every error code, with its field and offset', () => {
  describeErrorTable({ parse: parseOcpn, codes: OCPN_ERROR_CODES }, ERRORS);
  test('messages show what was found and name the rule', () => {
    const message = (input: string): string => {
      const result = parseOcpn(input);
      return result.ok ? '' : result.error.message;
    };
    expect(message(`${B} x`)).toBe('expected w or b, found "x"');
    expect(message(`${B} w - - - - --`)).toBe('expected 9 fields, found end');
    expect(message(`WWww/crnbqkbnrc/pppppppppp/55/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC`)).toBe(
      'expected 1-9 or A (ten), no 2 digits, found "5"',
    );
    expect(message(`${E4} b - - e3/e4 - -- 0 1`)).toBe(
      'expected the first square the pawn passed (rank 2 after White, 7 after Black; ranks 0-9), found "3"',
    );
  });
  test('input that is not a string is refused as empty, without throwing', () => {
    for (const input of [undefined, null, 42, {}, ['x']]) {
      const result = parseOcpn(input as unknown as string);
      expect(result).toMatchObject({ ok: false, error: { code: 'empty', field: 0, offset: 0 } });
    }
    expect(parseOcpn(INITIAL_OCPN, 7 as never).ok).toBe(true);
  });
});

describe('values', () => {
  test('the start position: every field', () => {
    const setup = parsed(INITIAL_OCPN, true);
    const { guarding, foolInHand, lastMoved } = setup.omegaAdvanced;
    const placement: Record<string, string> = { w1: 'W', w2: 'W', w3: 'w', w4: 'w' };
    'crnbqkbnrc'.split('').forEach((letter, file) => {
      const f = String.fromCharCode(97 + file);
      Object.assign(placement, { [`${f}0`]: letter.toUpperCase(), [`${f}1`]: 'P', [`${f}8`]: 'p', [`${f}9`]: letter });
    });
    const json = setupToJson(setup);
    expect(json.geometry).toBe('omega');
    expect(json.board).toEqual(placement);
    expect(json.turn).toBe('white');
    expect(json.castlingRooks).toEqual(['b0', 'i0', 'b9', 'i9']);
    expect(json.epSquares).toEqual([]);
    expect([json.halfmoves, json.fullmoves]).toEqual([0, 1]);
    expect(setup.board.geometry).toBe(OMEGA);
    expect(setup.board.pieces).toHaveLength(144);
    expect(guarding).toEqual({
      white: { kingSide: true, queenSide: true },
      black: { kingSide: true, queenSide: true },
    });
    expect(foolInHand).toEqual({ white: true, black: true });
    expect(lastMoved).toEqual({ white: undefined, black: undefined });
  });

  test('the wizard segment fills W1, W2, W3, W4 in that order', () => {
    const setup = parsed(`Q1b1/A/A/A/A/A/A/A/A/A/A w - - - - -- 0 1`);
    expect(setup.board.pieces.flatMap((p, s) => (p ? [`${squareName(OMEGA, s)}=${p.color} ${p.role}`] : []))).toEqual([
      'w1=white queen',
      'w3=black bishop',
    ]);
  });

  test('ranks run from 9 down to 0, files a to j', () => {
    const setup = parsed(`4/F9/A/A/A/A/A/A/A/A/9c w - - - - -- 0 1`);
    expect(setupToJson(setup).board).toEqual({ a9: 'F', j0: 'c' });
  });

  test('en passant squares are held ascending, as a Setup holds them', () => {
    expect(parsed(`${E4} b - - e2/e3 - P- 0 1`).epSquares).toEqual([sq('e2'), sq('e3')]);
    expect(parsed(`${B} w - - e7/e6 - -P 0 2`).epSquares).toEqual([sq('e6'), sq('e7')]);
    expect(parsed(`${B} w - - h7 - -P 0 2`).epSquares).toEqual([sq('h7')]);
  });

  test("castling letters name the rooks' start squares; guarding stays flags", () => {
    const setup = parsed(`${B} b Kq Qk - - -- 3 40`, true);
    const { guarding } = setup.omegaAdvanced;
    expect(setup.castlingRooks).toEqual([sq('i0'), sq('b9')]);
    expect(guarding).toEqual({
      white: { kingSide: false, queenSide: true },
      black: { kingSide: true, queenSide: false },
    });
    expect(setup.turn).toBe('black');
    expect([setup.halfmoves, setup.fullmoves]).toEqual([3, 40]);
  });

  test('fool availability and identities', () => {
    const one = parsed(`${B} w - - - b WF 0 1`, true).omegaAdvanced;
    expect(one.foolInHand).toEqual({ white: false, black: true });
    expect(one.lastMoved).toEqual({ white: 'wizard', black: 'fool' });
    const other = parsed(`${B} w - - - w -C 0 1`, true).omegaAdvanced;
    expect(other.foolInHand).toEqual({ white: true, black: false });
    expect(other.lastMoved).toEqual({ white: undefined, black: 'champion' });
    expect(parsed(`${B} w - - - - PK 0 1`).omegaAdvanced.lastMoved).toEqual({ white: 'pawn', black: 'king' });
  });

  test('a fool on the board', () => {
    const setup = parsed(`WWww/crnbqkbnrc/pppppppppp/A/A/4f5/A/A/A/PPPPPPPPPP/CRNBQKBNRC w - - - w QP 0 5`, true);
    expect(setup.board.pieces[sq('e5')]).toEqual({ color: 'black', role: 'fool', promoted: false });
  });
});
