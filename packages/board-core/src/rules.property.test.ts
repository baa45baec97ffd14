import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Move } from './move.js';
import { isLegal, legalMoves, perft, play } from './rules.js';
import type { Setup } from './setup.js';
import { OMEGA, STANDARD } from './geometry.js';
import { piece, type Piece } from './piece.js';
import { emptyPocket } from './setup.js';
import { outcome, positionKey } from './status.js';
import { setupFromFen } from './testing/chessops-bridge.js';
import { ROLES, type Role } from './vocabulary.js';

const STARTS: readonly string[] = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'rn2k1nr/PP6/8/8/8/8/6pp/RN2K1NR w KQkq - 0 1',
  'r3k3/1ppppppp/8/1P1P1P1P/p1p1p1p1/8/1PPPPPPP/4K2R w - - 0 1',
  'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1',
];

/** A position reached by playing the chosen moves (as fractions of the legal move list). */
const positionArbitrary = fc
  .record({
    start: fc.constantFrom(...STARTS),
    choices: fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { maxLength: 40 }),
  })
  .map(({ start, choices }) => {
    let setup = setupFromFen(start);
    for (const choice of choices) {
      const moves = legalMoves(setup);
      const move = moves[Math.floor(choice * moves.length)];
      if (!move) break;
      setup = play(setup, move);
    }
    return setup;
  });

const anyMove: fc.Arbitrary<Move> = fc.oneof(
  fc.record({
    kind: fc.constant('normal' as const),
    from: fc.integer({ min: -5, max: 70 }),
    to: fc.integer({ min: -5, max: 70 }),
  }),
  fc.record({
    kind: fc.constant('normal' as const),
    from: fc.integer({ min: 0, max: 63 }),
    to: fc.integer({ min: 0, max: 63 }),
    promotion: fc.constantFrom(...ROLES),
  }),
  fc.record({
    kind: fc.constant('enPassant' as const),
    from: fc.integer({ min: 0, max: 63 }),
    to: fc.integer({ min: 0, max: 63 }),
    captured: fc.integer({ min: -1, max: 64 }),
  }),
  fc.record({
    kind: fc.constant('castle' as const),
    from: fc.integer({ min: 0, max: 63 }),
    to: fc.integer({ min: 0, max: 63 }),
    rook: fc.integer({ min: 0, max: 63 }),
    rookTo: fc.integer({ min: 0, max: 63 }),
  }),
  fc.record({ kind: fc.constant('drop' as const), role: fc.constantFrom(...ROLES), to: fc.double() }),
);

const sameMove = (a: Move, b: Move): boolean => JSON.stringify(a) === JSON.stringify(b);

describe('rules properties', () => {
  it('accepts exactly the generated moves, and perft 1 counts them', () => {
    fc.assert(
      fc.property(positionArbitrary, anyMove, (setup, random) => {
        const moves = legalMoves(setup);
        expect(perft(setup, 1)).toBe(moves.length);
        for (const move of moves) expect(isLegal(setup, move)).toBe(true);
        expect(isLegal(setup, random)).toBe(moves.some((m) => sameMove(m, random)));
      }),
      { numRuns: 150 },
    );
  });
  it('agrees between the engine and play: perft 2 is the sum of perft 1 after each move', () => {
    fc.assert(
      fc.property(positionArbitrary, (setup) => {
        const moves = legalMoves(setup);
        const total = moves.reduce((sum, move) => sum + perft(play(setup, move), 1), 0);
        expect(perft(setup, 2)).toBe(total);
      }),
      { numRuns: 100 },
    );
  });
  it('never changes the setup it is given', () => {
    fc.assert(
      fc.property(positionArbitrary, fc.nat(), (setup: Setup, pick) => {
        const before = JSON.stringify(setup);
        const key = positionKey(setup);
        const moves = legalMoves(setup);
        const move = moves[pick % Math.max(1, moves.length)];
        if (move) play(setup, move);
        perft(setup, 2);
        expect(JSON.stringify(setup)).toBe(before);
        expect(positionKey(setup)).toBe(key);
      }),
      { numRuns: 100 },
    );
  });
});

/** Setups no parser should produce but a caller might build: any pieces anywhere, any rights. */
const oddSetupArbitrary: fc.Arbitrary<Setup> = fc
  .record({
    omega: fc.boolean(),
    pieces: fc.array(
      fc.record({ square: fc.nat(143), white: fc.boolean(), role: fc.constantFrom(...ROLES), promoted: fc.boolean() }),
      { maxLength: 24 },
    ),
    white: fc.boolean(),
    castlingRooks: fc.array(fc.integer({ min: -3, max: 150 }), { maxLength: 5 }),
    epSquares: fc.array(fc.integer({ min: -3, max: 150 }), { maxLength: 3 }),
    pocket: fc.option(fc.array(fc.constantFrom(...ROLES), { maxLength: 6 }), { nil: undefined }),
  })
  .map(({ omega, pieces, white, castlingRooks, epSquares, pocket }) => {
    const geometry = omega ? OMEGA : STANDARD;
    const cells = new Array<Piece | undefined>(geometry.width * geometry.height).fill(undefined);
    for (const p of pieces) {
      if (p.square < cells.length) cells[p.square] = piece(p.white ? 'white' : 'black', p.role, p.promoted);
    }
    const setup: Setup = {
      board: { geometry, pieces: cells },
      turn: white ? 'white' : 'black',
      castlingRooks: [...castlingRooks].sort((a, b) => a - b),
      epSquares: [...epSquares].sort((a, b) => a - b),
      halfmoves: 0,
      fullmoves: 1,
    };
    if (!pocket) return setup;
    const held: Record<Role, number> = { ...emptyPocket() };
    for (const role of pocket) held[role]++;
    return { ...setup, pockets: { white: held, black: { ...held } } };
  });

describe('rules on odd setups', () => {
  it('never throw, and every generated move can be played', () => {
    fc.assert(
      fc.property(oddSetupArbitrary, (setup) => {
        const moves = legalMoves(setup);
        expect(perft(setup, 1)).toBe(moves.length);
        perft(setup, 2);
        outcome(setup, [positionKey(setup)]);
        for (const move of moves) {
          expect(isLegal(setup, move)).toBe(true);
          play(setup, move);
        }
      }),
      { numRuns: 120 },
    );
  });
});
