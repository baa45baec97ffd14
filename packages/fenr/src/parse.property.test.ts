import { STANDARD, emptyBoard, piece, withRealtime, type Piece, type Setup } from '@chess-formats/board-core';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { describeTextFormatProperties } from '@chess-formats/testing';
import { FENR_ERROR_CODES, MAX_TIME_MS, parseFenr, writeFenr } from './index.js';

const LETTERS = 'PNBRQKpnbrqk';
const ROLE_OF: Record<string, Piece['role']> = {
  p: 'pawn',
  n: 'knight',
  b: 'bishop',
  r: 'rook',
  q: 'queen',
  k: 'king',
};
const RIGHTS = [0, 7, 56, 63];

/** A piece at rest, cooling down (0-9999 ms since arrival) or in flight (0-9999 ms to go), as a function of its square and the clock. */
const pieceArb = fc.tuple(
  fc.constantFrom(...LETTERS),
  fc.constantFrom('rest', 'cooldown', 'flight'),
  fc.integer({ min: 0, max: 9_999 }),
  fc.integer({ min: 0, max: 62 }),
);

/** Setups in the form the reader produces: halfmoves 0, fullmoves 1, turn from the en passant square. */
const setupArb: fc.Arbitrary<Setup> = fc
  .record({
    placed: fc.array(fc.option(pieceArb, { nil: undefined, freq: 2 }), { minLength: 64, maxLength: 64 }),
    rights: fc.subarray(RIGHTS),
    ep: fc.option(fc.oneof(fc.integer({ min: 16, max: 23 }), fc.integer({ min: 40, max: 47 })), { nil: undefined }),
    clockMs: fc.oneof(fc.nat({ max: 600_000 }), fc.nat({ max: MAX_TIME_MS })),
    sinceCaptureMs: fc.oneof(fc.nat({ max: 300_000 }), fc.nat({ max: MAX_TIME_MS })),
  })
  .map(({ placed, rights, ep, clockMs, sinceCaptureMs }) => {
    const pieces = placed.map((entry, square): Piece | undefined => {
      if (!entry) return undefined;
      const [letter, kind, ms, origin] = entry;
      const plain = piece(
        letter === letter.toUpperCase() ? 'white' : 'black',
        ROLE_OF[letter.toLowerCase()] as Piece['role'],
      );
      if (kind === 'rest') return plain;
      if (kind === 'cooldown') return withRealtime(plain, { kind, arrivedAtMs: clockMs - ms });
      // Any origin but the square itself.
      return withRealtime(plain, { kind, from: origin >= square ? origin + 1 : origin, arrivesAtMs: clockMs + ms });
    });
    return {
      board: { geometry: STANDARD, pieces },
      turn: ep !== undefined && ep < 32 ? 'black' : 'white',
      castlingRooks: [...rights].sort((a, b) => a - b),
      epSquares: ep === undefined ? [] : [ep],
      halfmoves: 0,
      fullmoves: 1,
      realtime: { clockMs, sinceCaptureMs, cooldownMs: 10_000 },
    };
  });

const S = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

describeTextFormatProperties<Setup>({
  name: 'FENr',
  parse: parseFenr,
  write: writeFenr,
  codes: FENR_ERROR_CODES,
  lastField: 5,
  strictIsCanonical: true,
  values: setupArb,
  alphabet: `${LETTERS}DM1234567890/- \tKQkqabcdefgh36x`,
  maxLength: 100,
  // The worked example of the specification, with single spaces.
  example: 'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001 Qkq f3 14200 14200',
  mutationChars: `${LETTERS}DM0123456789/- KQkqaefh36`,
  runs: { roundTrip: 400, mutations: 800 },
  // Long castling and time fields, separator runs, markers on every square of a long
  // placement, long garbage after a valid prefix.
  adversarial: (size) => [
    `${S} ${'K'.repeat(size)} - 0 0`,
    `${S} - - ${'0'.repeat(size)} 1`,
    `${S}${' '.repeat(size)}-`,
    `${S} - - 0 0${'\t'.repeat(size)}`,
    `${'DP0000'.repeat(size / 6)}`,
    `${'MPa10000/'.repeat(size / 9)}`,
    'x'.repeat(size),
  ],
  onLongInputs: (large) => {
    expect(parseFenr(large[1] as string)).toMatchObject({
      ok: true,
      value: { realtime: { sinceCaptureMs: 0, clockMs: 1 } },
    });
    expect(parseFenr(large[0] as string)).toMatchObject({ ok: false, error: { code: 'castling', offset: 45 } });
  },
});

test('an empty board with every square cooling down writes and reads back', () => {
  const pieces = emptyBoard().pieces.map((_, square) =>
    withRealtime(piece('white', 'pawn'), { kind: 'cooldown', arrivedAtMs: square === 0 ? 0 : -square }),
  );
  const setup: Setup = {
    board: { geometry: STANDARD, pieces },
    turn: 'white',
    castlingRooks: [],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
    realtime: { clockMs: 0, sinceCaptureMs: 0, cooldownMs: 10_000 },
  };
  expect(parseFenr(writeFenr(setup), { strict: true })).toEqual({ ok: true, value: setup });
});
