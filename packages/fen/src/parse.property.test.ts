import { STANDARD, emptyPocket, piece, type Piece, type Setup } from '@chess-formats/board-core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FEN_ERROR_CODES } from './errors.js';
import { INITIAL_FEN, parseFen, writeFen } from './index.js';

const LETTERS = 'PNBRQKpnbrqk';
const ROLE_OF: Record<string, Piece['role']> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

const pieceArb: fc.Arbitrary<Piece> = fc
  .tuple(fc.constantFrom(...LETTERS), fc.boolean())
  .map(([letter, promoted]) =>
    // A pawn is never marked promoted (the reader refuses `P~`).
    piece(letter === letter.toUpperCase() ? 'white' : 'black', ROLE_OF[letter.toLowerCase()] as Piece['role'], promoted && letter !== 'P' && letter !== 'p'),
  );

/** Up to two castling rook squares per colour on its back rank (rooks need not stand there). */
const rightsArb = (base: number): fc.Arbitrary<number[]> =>
  fc.uniqueArray(fc.integer({ min: base, max: base + 7 }), { maxLength: 2 });

const pocketArb = fc
  .tuple(...[0, 1, 2, 3, 4, 5].map(() => fc.integer({ min: 0, max: 5 })))
  .map(([pawn, knight, bishop, rook, queen, king]) => ({ ...emptyPocket(), pawn, knight, bishop, rook, queen, king }) as ReturnType<typeof emptyPocket>);

/** Setups the writer accepts: any placement, consistent rights, an ep square on the right rank. */
const setupArb: fc.Arbitrary<Setup> = fc
  .record({
    pieces: fc.array(fc.option(pieceArb, { nil: undefined, freq: 2 }), { minLength: 64, maxLength: 64 }),
    turn: fc.constantFrom('white' as const, 'black' as const),
    white: rightsArb(0),
    black: rightsArb(56),
    epFile: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
    halfmoves: fc.integer({ min: 0, max: 9999 }),
    fullmoves: fc.integer({ min: 1, max: 9999 }),
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

describe('round trip', () => {
  test('parseFen(writeFen(s)) deep-equals s, in both castling styles and both modes', () => {
    fc.assert(
      fc.property(setupArb, fc.constantFrom('xfen' as const, 'shredder' as const), (setup, castling) => {
        const text = writeFen(setup, { castling });
        const lenient = parseFen(text);
        const strict = parseFen(text, { strict: true });
        expect(lenient).toEqual({ ok: true, value: setup });
        expect(strict).toEqual(lenient);
        // Canonical text is a fixed point.
        if (castling === 'xfen' && lenient.ok) expect(writeFen(lenient.value)).toBe(text);
      }),
      { numRuns: 400 },
    );
  });
});

/** Strings over the FEN alphabet (and a few strangers), so that parsing gets deep. */
const fenishArb = fc
  .array(fc.constantFrom(...`${LETTERS}12345678090/~[]-_+ \twbKQkqA-Hac3e6x\u2013\u00e9`.split('')), { maxLength: 90 })
  .map((chars) => chars.join(''));

function checkOutcome(input: string): void {
  for (const strict of [false, true]) {
    const result = parseFen(input, { strict });
    if (result.ok) {
      // Whatever parses writes canonical text that parses to the same value.
      const text = writeFen(result.value);
      expect(parseFen(text, { strict: true })).toEqual({ ok: true, value: result.value });
    } else {
      const { code, field, offset, message } = result.error;
      expect(FEN_ERROR_CODES).toContain(code);
      expect(field).toBeGreaterThanOrEqual(0);
      expect(field).toBeLessThanOrEqual(6);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThanOrEqual(input.length);
      expect(message.length).toBeGreaterThan(0);
    }
  }
}

describe('never throws', () => {
  test('on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 120 }), checkOutcome), { numRuns: 300 });
  });
  test('on FEN-like strings', () => {
    fc.assert(fc.property(fenishArb, checkOutcome), { numRuns: 1500 });
  });
  test('on FEN prefixes with arbitrary tails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: INITIAL_FEN.length }), fenishArb, (cut, tail) =>
        checkOutcome(INITIAL_FEN.slice(0, cut) + tail),
      ),
      { numRuns: 1000 },
    );
  });
});

describe('mutations of valid FENs', () => {
  const mutationArb = fc.tuple(
    setupArb,
    fc.constantFrom('delete', 'insert', 'replace'),
    fc.nat(),
    fc.constantFrom(...`${LETTERS}123456789/~[]- wb+x`.split('')),
  );
  test('are rejected with an in-range offset, or parse to a value that writes back consistently', () => {
    fc.assert(
      fc.property(mutationArb, ([setup, kind, at, char]) => {
        const text = writeFen(setup);
        const i = at % (text.length + (kind === 'insert' ? 1 : 0));
        const mutated =
          kind === 'delete'
            ? text.slice(0, i) + text.slice(i + 1)
            : kind === 'insert'
              ? text.slice(0, i) + char + text.slice(i)
              : text.slice(0, i) + char + text.slice(i + 1);
        checkOutcome(mutated);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('linear time and bounded work on long inputs', () => {
  const S = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
  // Inputs that the reader has to walk to the end: long castling fields, zero-padded
  // counters, separator runs, and long garbage after a long valid prefix.
  const adversarial = (size: number): string[] => [
    `${S} w ${'KQkq'.repeat(size / 4)} - 0 1`,
    `${S} w KQkq - ${'0'.repeat(size)} 1`,
    `${S}${' '.repeat(size)}w`,
    `${S} w KQkq - 0 1${'_'.repeat(size)}`,
    `${S}[${'P'.repeat(size)}]`,
    'x'.repeat(size),
  ];

  function timeOf(inputs: readonly string[]): number {
    const start = performance.now();
    for (let round = 0; round < 3; round++) for (const input of inputs) parseFen(input);
    return performance.now() - start;
  }

  test('1 MB inputs parse without throwing, and 10x the input costs far less than 100x the time', () => {
    const small = adversarial(100_000);
    const large = adversarial(1_000_000);
    for (const input of large) expect(() => parseFen(input)).not.toThrow();
    expect(parseFen(large[1] as string)).toMatchObject({ ok: true, value: { halfmoves: 0 } });
    expect(parseFen(large[0] as string, { strict: true })).toMatchObject({ ok: false, error: { code: 'castling-order', offset: 50 } });
    timeOf(small); // warm-up
    const smallTime = Math.max(timeOf(small), 1);
    const largeTime = timeOf(large);
    // Linear would be ~10x; quadratic ~100x. Generous slack for a busy machine.
    expect(largeTime / smallTime).toBeLessThan(40);
  });
});
