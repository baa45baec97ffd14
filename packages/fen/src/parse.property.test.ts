import { MAX_COUNTER, STANDARD, emptyPocket, piece, type Piece, type Setup } from '@chess-formats/board-core';
import fc from 'fast-check';
import { expect } from 'vitest';
import { describeTextFormatProperties } from '@chess-formats/testing';
import { FEN_ERROR_CODES } from './errors.js';
import { INITIAL_FEN, parseFen, writeFen } from './index.js';

const LETTERS = 'PNBRQKpnbrqk';
const ROLE_OF: Record<string, Piece['role']> = {
  p: 'pawn',
  n: 'knight',
  b: 'bishop',
  r: 'rook',
  q: 'queen',
  k: 'king',
};

const pieceArb: fc.Arbitrary<Piece> = fc.tuple(fc.constantFrom(...LETTERS), fc.boolean()).map(([letter, promoted]) =>
  // A pawn is never marked promoted (the reader refuses `P~`).
  piece(
    letter === letter.toUpperCase() ? 'white' : 'black',
    ROLE_OF[letter.toLowerCase()] as Piece['role'],
    promoted && letter !== 'P' && letter !== 'p',
  ),
);

/** Up to two castling rook squares per colour on its back rank (rooks need not stand there). */
const rightsArb = (base: number): fc.Arbitrary<number[]> =>
  fc.uniqueArray(fc.integer({ min: base, max: base + 7 }), { maxLength: 2 });

const pocketArb = fc
  .tuple(...[0, 1, 2, 3, 4, 5].map(() => fc.integer({ min: 0, max: 5 })))
  .map(
    ([pawn, knight, bishop, rook, queen, king]) =>
      ({ ...emptyPocket(), pawn, knight, bishop, rook, queen, king }) as ReturnType<typeof emptyPocket>,
  );

/** Setups the writer accepts: any placement, consistent rights, an ep square on the right rank. */
const setupArb: fc.Arbitrary<Setup> = fc
  .record({
    pieces: fc.array(fc.option(pieceArb, { nil: undefined, freq: 2 }), { minLength: 64, maxLength: 64 }),
    turn: fc.constantFrom('white' as const, 'black' as const),
    white: rightsArb(0),
    black: rightsArb(56),
    epFile: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
    halfmoves: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: MAX_COUNTER })),
    fullmoves: fc.oneof(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: MAX_COUNTER })),
    pockets: fc.option(fc.record({ white: pocketArb, black: pocketArb }), { nil: undefined }),
    checks: fc.option(fc.record({ white: fc.integer({ min: 0, max: 3 }), black: fc.integer({ min: 0, max: 3 }) }), {
      nil: undefined,
    }),
  })
  .map(({ pieces, turn, white, black, epFile, halfmoves, fullmoves, pockets, checks }) => {
    const setup: { -readonly [K in keyof Setup]: Setup[K] } = {
      board: { geometry: STANDARD, pieces },
      turn,
      castlingRooks: [...white, ...black].sort((a, b) => a - b),
      epSquares: epFile === undefined ? [] : [(turn === 'white' ? 40 : 16) + epFile],
      halfmoves,
      fullmoves,
    };
    if (pockets) setup.pockets = pockets;
    if (checks) setup.remainingChecks = checks;
    return setup;
  });

const S = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

describeTextFormatProperties<Setup>({
  name: 'FEN',
  parse: parseFen,
  write: (setup) => writeFen(setup),
  otherWriters: [(setup) => writeFen(setup, { castling: 'shredder' })],
  codes: FEN_ERROR_CODES,
  lastField: 6,
  values: setupArb,
  alphabet: `${LETTERS}12345678090/~[]-_+ \twbKQkqA-Hac3e6x\u2013\u00e9`,
  maxLength: 90,
  example: INITIAL_FEN,
  mutationChars: `${LETTERS}123456789/~[]- wb+x`,
  runs: { roundTrip: 400, mutations: 1000 },
  // Long castling fields, zero-padded counters, separator runs, long garbage after a long valid prefix.
  adversarial: (size) => [
    `${S} w ${'KQkq'.repeat(size / 4)} - 0 1`,
    `${S} w KQkq - ${'0'.repeat(size)} 1`,
    `${S}${' '.repeat(size)}w`,
    `${S} w KQkq - 0 1${'_'.repeat(size)}`,
    `${S}[${'P'.repeat(size)}]`,
    'x'.repeat(size),
  ],
  onLongInputs: (large) => {
    expect(parseFen(large[1] as string)).toMatchObject({ ok: true, value: { halfmoves: 0 } });
    expect(parseFen(large[0] as string, { strict: true })).toMatchObject({
      ok: false,
      error: { code: 'castling-order', offset: 50 },
    });
  },
});
