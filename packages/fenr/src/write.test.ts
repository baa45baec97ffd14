import {
  STANDARD,
  OMEGA,
  advanceRealtime,
  emptyBoard,
  piece,
  standardSetup,
  withRealtime,
  type Piece,
  type Setup,
} from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { parseFenr, writeFenr } from './index.js';

const CLOCK = { clockMs: 20_000, sinceCaptureMs: 3_000, cooldownMs: 10_000 };

function withPieces(entries: readonly [number, Piece][], changes: Partial<Setup> = {}): Setup {
  const pieces = emptyBoard().pieces.slice();
  for (const [square, p] of entries) pieces[square] = p;
  return {
    board: { geometry: STANDARD, pieces },
    turn: 'white',
    castlingRooks: [],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
    realtime: CLOCK,
    ...changes,
  };
}

describe('writeFenr', () => {
  test('writes the start of a realtime game', () => {
    const setup = { ...standardSetup(), realtime: { clockMs: 0, sinceCaptureMs: 0, cooldownMs: 10_000 } };
    expect(writeFenr(setup)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 0');
  });

  test('writes markers with four digits, from the clock', () => {
    const setup = withPieces([
      [0, withRealtime(piece('white', 'king'), { kind: 'cooldown', arrivedAtMs: 20_000 })],
      [1, withRealtime(piece('white', 'rook'), { kind: 'cooldown', arrivedAtMs: 10_001 })],
      [63, withRealtime(piece('black', 'knight'), { kind: 'flight', from: 46, arrivesAtMs: 20_007 })],
      [62, withRealtime(piece('black', 'pawn'), { kind: 'flight', from: 54, arrivesAtMs: 29_999 })],
    ]);
    const text = writeFenr(setup);
    expect(text).toBe('6Mpg79999Mng60007/8/8/8/8/8/8/DK0000DR99996 - - 3000 20000');
    expect(parseFenr(text, { strict: true })).toEqual({ ok: true, value: setup });
  });

  test('writes what advancing time makes of a position', () => {
    const parsed = parseFenr('MQd100007/8/8/8/8/8/8/8 - - 0 1000');
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(writeFenr(advanceRealtime(parsed.value, 0))).toBe('DQ00007/8/8/8/8/8/8/8 - - 0 1000');
    expect(writeFenr(advanceRealtime(parsed.value, 9_999))).toBe('DQ99997/8/8/8/8/8/8/8 - - 9999 10999');
    expect(writeFenr(advanceRealtime(parsed.value, 10_000))).toBe('Q7/8/8/8/8/8/8/8 - - 10000 11000');
  });

  test('writes castling as KQkq and en passant by name; ignores the turn and the move counters', () => {
    const setup = withPieces([], {
      castlingRooks: [0, 56, 63],
      epSquares: [21],
      turn: 'black',
      halfmoves: 12,
      fullmoves: 30,
    });
    expect(writeFenr(setup)).toBe('8/8/8/8/8/8/8/8 Qkq f3 3000 20000');
    expect(writeFenr({ ...setup, turn: 'white' })).toBe('8/8/8/8/8/8/8/8 Qkq f3 3000 20000');
  });

  test.each([
    ['no realtime clock', withPieces([], { realtime: undefined } as unknown as Partial<Setup>)],
    ['a cooldown other than 10,000 ms', withPieces([], { realtime: { ...CLOCK, cooldownMs: 2_000 } })],
    ['the Omega geometry', { ...withPieces([]), board: emptyBoard(OMEGA) }],
    [
      'a delay of 10,000 ms (five digits)',
      withPieces([[0, withRealtime(piece('white', 'king'), { kind: 'cooldown', arrivedAtMs: 10_000 })]]),
    ],
    [
      'a delay marker from the future',
      withPieces([[0, withRealtime(piece('white', 'king'), { kind: 'cooldown', arrivedAtMs: 20_001 })]]),
    ],
    [
      'a flight 10,000 ms from arrival',
      withPieces([[0, withRealtime(piece('white', 'king'), { kind: 'flight', from: 1, arrivesAtMs: 30_000 })]]),
    ],
    [
      'a flight already over',
      withPieces([[0, withRealtime(piece('white', 'king'), { kind: 'flight', from: 1, arrivesAtMs: 19_999 })]]),
    ],
    [
      'a flight from its own square',
      withPieces([[0, withRealtime(piece('white', 'king'), { kind: 'flight', from: 0, arrivesAtMs: 20_000 })]]),
    ],
    [
      'a flight from no square',
      withPieces([[0, withRealtime(piece('white', 'king'), { kind: 'flight', from: 64, arrivesAtMs: 20_000 })]]),
    ],
    ['a promoted piece', withPieces([[0, piece('white', 'queen', true)]])],
    ['a champion', withPieces([[0, piece('white', 'champion')]])],
    ['a castling rook off the corners', withPieces([], { castlingRooks: [2] })],
    ['two en passant squares', withPieces([], { epSquares: [16, 17] })],
    ['an en passant square on rank 4', withPieces([], { epSquares: [24] })],
    ['a negative time since capture', withPieces([], { realtime: { ...CLOCK, sinceCaptureMs: -1 } })],
    ['a fractional clock', withPieces([], { realtime: { ...CLOCK, clockMs: 0.5 } })],
  ])('refuses %s', (_name, setup) => {
    expect(() => writeFenr(setup)).toThrow(TypeError);
  });
});
