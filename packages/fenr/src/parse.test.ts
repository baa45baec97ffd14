import {
  STANDARD,
  boardAt,
  boardDiagram,
  legalMoves,
  movableAt,
  parseSquare,
  piece,
  setupToJson,
  statusAt,
  type Square,
} from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { FENR_ERROR_CODES, MAX_TIME_MS, parseFenr, writeFenr, type FenrErrorCode, type FenrField } from './index.js';

const sq = (name: string): Square => parseSquare(STANDARD, name) as Square;

/** The worked example of the FENr specification, exactly as printed (runs of spaces included). */
const SPEC_EXAMPLE =
  'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001   kQq    f3    14200    14200';
const EMPTY = '8/8/8/8/8/8/8/8';

function errorOf(input: string, strict = false): { code: FenrErrorCode; field: FenrField; offset: number } | undefined {
  const result = parseFenr(input, { strict });
  return result.ok ? undefined : { code: result.error.code, field: result.error.field, offset: result.error.offset };
}

describe('the worked example of the specification', () => {
  const result = parseFenr(SPEC_EXAMPLE);
  if (!result.ok) throw new Error(result.error.message);
  const setup = result.value;

  test('reads into exactly what its prose says', () => {
    expect(setupToJson(setup)).toEqual({
      geometry: 'standard',
      board: {
        a1: 'R',
        e1: 'K',
        g1: 'R',
        a2: 'P',
        b2: 'B',
        d2: 'N',
        e2: 'N',
        g2: 'B',
        h2: 'P',
        c3: 'P',
        e3: 'P',
        g3: 'P',
        a4: 'Q',
        b4: 'P',
        d4: 'P',
        e4: 'p',
        f4: 'P',
        d5: 'p',
        f5: 'p',
        g5: 'p',
        b6: 'p',
        c6: 'p',
        f6: 'n',
        a7: 'p',
        b7: 'b',
        d7: 'n',
        g7: 'b',
        h7: 'p',
        a8: 'r',
        d8: 'q',
        e8: 'k',
        h8: 'r',
      },
      // No side to move in realtime chess: the turn is the side that may capture en passant.
      turn: 'black',
      castlingRooks: ['a1', 'a8', 'h8'],
      epSquares: ['f3'],
      halfmoves: 0,
      fullmoves: 1,
      realtime: {
        clockMs: 14_200,
        sinceCaptureMs: 14_200,
        cooldownMs: 10_000,
        // The rook on g1 arrived 5 s ago (marker at 50%), the pawn on f4 1 s ago (at 90%).
        cooldowns: { g1: { arrivedAtMs: 9_200 }, f4: { arrivedAtMs: 13_200 } },
        // The white queen d1-a4 arrives in 0.45 s, the black queen e7-d8 in 0.5 s.
        flights: { a4: { from: 'd1', arrivesAtMs: 14_650 }, d8: { from: 'e7', arrivesAtMs: 14_700 } },
      },
    });
  });

  test('answers the realtime questions without another parse', () => {
    expect(statusAt(setup, sq('d8'))).toEqual({
      kind: 'flight',
      from: sq('e7'),
      arrivesAtMs: 14_700,
      remainingMs: 500,
    });
    expect(statusAt(setup, sq('f4'))).toEqual({ kind: 'cooldown', arrivedAtMs: 13_200, remainingMs: 9_000 });
    // Black may not castle queenside while its queen is on the way to d8, but keeps the right.
    expect(boardAt(setup).pieces[sq('d8')]).toBeUndefined();
    expect(boardAt(setup, 14_700).pieces[sq('d8')]).toBe(piece('black', 'queen'));
    expect(movableAt(setup)).not.toContain(sq('g1'));
    expect(movableAt(setup, 19_200)).toContain(sq('g1'));
    expect(boardDiagram(boardAt(setup)).split('\n')[4]).toBe('4 . P . P p P . .');
  });

  test('gives the en passant capture to Black, whom the rank-3 square names', () => {
    // The rules see every piece on its square (one in flight on its destination): e4 takes on f3.
    expect(legalMoves(setup)).toContainEqual({ kind: 'enPassant', from: sq('e4'), to: sq('f3'), captured: sq('f4') });
  });

  test('writes back canonically: single spaces, castling in KQkq order', () => {
    const canonical =
      'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001 Qkq f3 14200 14200';
    expect(writeFenr(setup)).toBe(canonical);
    expect(parseFenr(canonical, { strict: true })).toEqual({ ok: true, value: setup });
  });

  test('its runs of spaces are not canonical', () => {
    expect(errorOf(SPEC_EXAMPLE, true)).toEqual({ code: 'whitespace', field: 1, offset: 85 });
  });
});

describe('markers', () => {
  test('the examples of the specification read as it says', () => {
    // "A Black pawn with full delay marker": Dp0000; "a White rook with half size delay marker": DR5000.
    const delays = parseFenr('Dp00007/8/8/8/8/8/8/DR50007 - - 0 20000');
    expect(delays.ok && setupToJson(delays.value).realtime?.cooldowns).toEqual({
      a1: { arrivedAtMs: 15_000 },
      a8: { arrivedAtMs: 20_000 },
    });
    // "A White rook moving from a1, 2.5 fields away": MRa12500 (here to a4); "a Black pawn moving from b7, 0.5 fields away": Mpb70500 (to b6).
    const moving = parseFenr('8/8/1Mpb705006/8/MRa125007/8/8/8 - - 0 1000');
    expect(moving.ok && setupToJson(moving.value).realtime?.flights).toEqual({
      a4: { from: 'a1', arrivesAtMs: 3_500 },
      b6: { from: 'b7', arrivesAtMs: 1_500 },
    });
  });

  test('digits after a marker count empty squares; a fifth marker digit is such a count', () => {
    expect(parseFenr('DP10007/8/8/8/8/8/8/8 - - 0 1000')).toMatchObject({
      ok: true,
      value: { board: { pieces: { 56: { role: 'pawn' } } } },
    });
    // DP10000 is DP1000 followed by a count of 0: a value of five digits is never read.
    expect(errorOf('DP100007/8/8/8/8/8/8/8 - - 0 20000')).toEqual({ code: 'board-digits', field: 0, offset: 6 });
  });

  test('a moving piece with 0 ms to go arrives at this very moment', () => {
    const result = parseFenr('MQd100007/8/8/8/8/8/8/8 - - 0 500');
    if (!result.ok) throw new Error(result.error.message);
    expect(statusAt(result.value, sq('a8'))).toEqual({ kind: 'cooldown', arrivedAtMs: 500, remainingMs: 10_000 });
    expect(writeFenr(result.value)).toBe('MQd100007/8/8/8/8/8/8/8 - - 0 500');
  });

  test('a delay marker may count further back than the start (a composed position)', () => {
    const result = parseFenr('DK99997/8/8/8/8/8/8/8 - - 0 0');
    expect(result.ok && result.value.board.pieces[56]?.realtime).toEqual({ kind: 'cooldown', arrivedAtMs: -9_999 });
  });
});

describe('fields read by shape', () => {
  test.each([
    [`${EMPTY} 100 200`, [], [], 'white'],
    [`${EMPTY} KQ 100 200`, [0, 7], [], 'white'],
    [`${EMPTY} e3 100 200`, [], [20], 'black'],
    [`${EMPTY} c6 100 200`, [], [42], 'white'],
    [`${EMPTY} - 100 200`, [], [], 'white'],
    [`${EMPTY} - - 100 200`, [], [], 'white'],
    [`${EMPTY} qk - 100 200`, [56, 63], [], 'white'],
    [`${EMPTY}\tKq\t\th6  100 200\n`, [7, 56], [47], 'white'],
  ])('%j', (input, castlingRooks, epSquares, turn) => {
    expect(parseFenr(input)).toMatchObject({
      ok: true,
      value: { castlingRooks, epSquares, turn, realtime: { sinceCaptureMs: 100, clockMs: 200 } },
    });
  });

  test('times may have leading zeros by default, and are bounded by value', () => {
    expect(parseFenr(`${EMPTY} - - 007 0000000000000000000042`)).toMatchObject({
      ok: true,
      value: { realtime: { sinceCaptureMs: 7, clockMs: 42 } },
    });
    expect(parseFenr(`${EMPTY} - - 0 999999999999999`)).toMatchObject({
      ok: true,
      value: { realtime: { clockMs: MAX_TIME_MS } },
    });
  });
});

// One case or more per error code: [input, strict, code, field, offset].
const ERRORS: readonly [string, boolean, FenrErrorCode, FenrField, number][] = [
  ['', false, 'empty', 0, 0],
  ['  \t', false, 'empty', 0, 0],
  [` ${EMPTY} - - 0 0`, true, 'whitespace', 0, 0],
  [`${EMPTY}  - - 0 0`, true, 'whitespace', 1, 16],
  [`${EMPTY} - - 0\t0`, true, 'whitespace', 4, 21],
  [`${EMPTY} - - 0 0 `, true, 'whitespace', 5, 23],
  ['8/8/8/8/8/8/8/7x - - 0 0', false, 'board-char', 0, 15],
  ['8/8/8/d7/8/8/8/8 - - 0 0', false, 'board-char', 0, 6],
  ['8/8/8/08/8/8/8/8 - - 0 0', false, 'board-digits', 0, 6],
  ['8/8/8/44/8/8/8/8 - - 0 0', false, 'board-digits', 0, 7],
  ['8/8/8/9/8/8/8/8 - - 0 0', false, 'rank-too-long', 0, 6],
  ['8/8/8/8DK0000/8/8/8/8 - - 0 0', false, 'rank-too-long', 0, 7],
  ['8/8/8/7/8/8/8/8 - - 0 0', false, 'rank-too-short', 0, 7],
  ['8/8/8/8/8/8/8/7 - - 0 0', false, 'rank-too-short', 0, 15],
  ['8/8/8/8/8/8/8 - - 0 0', false, 'rank-count', 0, 13],
  ['8/8/8/8/8/8/8/8/8 - - 0 0', false, 'rank-count', 0, 15],
  ['Dx00007/8/8/8/8/8/8/8 - - 0 0', false, 'delay-marker', 0, 1],
  ['DP00x07/8/8/8/8/8/8/8 - - 0 0', false, 'delay-marker', 0, 4],
  ['DP007/8/8/8/8/8/8/8 - - 0 0', false, 'delay-marker', 0, 5],
  ['MQi100007/8/8/8/8/8/8/8 - - 0 0', false, 'moving-piece', 0, 2],
  ['MQd900007/8/8/8/8/8/8/8 - - 0 0', false, 'moving-piece', 0, 3],
  ['MQa800007/8/8/8/8/8/8/8 - - 0 0', false, 'moving-piece', 0, 2],
  ['MQd1045/8/8/8/8/8/8/8 - - 0 0', false, 'moving-piece', 0, 7],
  ['M/8/8/8/8/8/8/8 - - 0 0', false, 'moving-piece', 0, 1],
  [`${EMPTY} KQx - 0 0`, false, 'castling', 1, 18],
  [`${EMPTY} KK - 0 0`, false, 'castling', 1, 17],
  [`${EMPTY} -K - 0 0`, false, 'castling', 1, 17],
  [`${EMPTY} x 0 0`, false, 'castling', 1, 16],
  [`${EMPTY} e3 0 0`, true, 'castling', 1, 16],
  [`${EMPTY} QK - 0 0`, true, 'castling-order', 1, 17],
  [`${EMPTY} - e 0 0`, false, 'ep-square', 2, 19],
  [`${EMPTY} - e33 0 0`, false, 'ep-square', 2, 20],
  [`${EMPTY} - K 0 0`, false, 'ep-square', 2, 18],
  [`${EMPTY} - 0 0 0`, true, 'ep-square', 2, 18],
  [`${EMPTY} - e4 0 0`, false, 'ep-rank', 2, 19],
  [`${EMPTY} - - 1x 0`, false, 'since-capture', 3, 21],
  [`${EMPTY} - - -1 0`, false, 'since-capture', 3, 20],
  [`${EMPTY} - - 01 0`, true, 'since-capture', 3, 20],
  [`${EMPTY} - - 0 1000000000000000`, false, 'elapsed', 4, 37],
  [`${EMPTY} - - 0 1.5`, false, 'elapsed', 4, 23],
  [`${EMPTY} - - 0 00`, true, 'elapsed', 4, 22],
  [EMPTY, false, 'missing-field', 3, 15],
  [`${EMPTY} KQkq e6`, false, 'missing-field', 3, 23],
  [`${EMPTY} - - 0`, false, 'missing-field', 4, 21],
  [`${EMPTY} -`, true, 'missing-field', 2, 17],
  [`${EMPTY} - - 0 0 0`, false, 'extra-field', 5, 24],
  [`${EMPTY} - - 0 0 w`, false, 'extra-field', 5, 24],
];

describe('errors', () => {
  test.each(ERRORS)('%j (strict: %s) is %s', (input, strict, code, field, offset) => {
    expect(errorOf(input, strict)).toEqual({ code, field, offset });
  });

  test('every code has a case', () => {
    expect([...new Set(ERRORS.map((e) => e[2]))].sort()).toEqual([...FENR_ERROR_CODES].sort());
  });

  test('messages say what was expected and what was found', () => {
    expect(parseFenr(`${EMPTY} - e4 0 0`)).toEqual({
      ok: false,
      error: { code: 'ep-rank', field: 2, offset: 19, message: 'expected rank 3 or 6, found "4"' },
    });
    expect(parseFenr(EMPTY)).toMatchObject({ error: { message: 'expected 5 fields, found end' } });
  });

  test('values from untyped callers are errors, not throws', () => {
    for (const value of [undefined, null, 42, {}, ['8/8']]) {
      expect(parseFenr(value as unknown as string)).toMatchObject({
        ok: false,
        error: { code: 'empty', field: 0, offset: 0 },
      });
    }
    expect(parseFenr(`${EMPTY} - - 0 0`, 'strict' as never)).toMatchObject({ ok: true });
    expect(parseFenr(`${EMPTY} - - 0 0`, null as never)).toMatchObject({ ok: true });
  });
});

describe('parsed values', () => {
  test('share plain pieces and castling lists; realtime pieces are objects of their own', () => {
    const a = parseFenr(`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 0`);
    const b = parseFenr(`DR00007/8/8/8/8/8/8/R7 KQkq - 0 100`);
    if (!a.ok || !b.ok) throw new Error('rejected');
    expect(a.value.board.pieces[0]).toBe(piece('white', 'rook'));
    expect(b.value.board.pieces[0]).toBe(piece('white', 'rook'));
    expect(b.value.board.pieces[56]).not.toBe(piece('white', 'rook'));
    expect(a.value.castlingRooks).toBe(b.value.castlingRooks);
    expect(Object.isFrozen(a.value.castlingRooks)).toBe(true);
  });
});
