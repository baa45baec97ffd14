import { STANDARD, emptyBoard, piece, setupToJson, withRealtime, type Piece, type Setup } from '@chess-formats/board-core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FENR_ERROR_CODES, MAX_TIME_MS, parseFenr, writeFenr } from './index.js';

const LETTERS = 'PNBRQKpnbrqk';
const ROLE_OF: Record<string, Piece['role']> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
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
      const plain = piece(letter === letter.toUpperCase() ? 'white' : 'black', ROLE_OF[letter.toLowerCase()] as Piece['role']);
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

describe('round trip', () => {
  test('parseFenr(writeFenr(s)) deep-equals s in both modes, and the text is a fixed point', () => {
    fc.assert(
      fc.property(setupArb, (setup) => {
        const text = writeFenr(setup);
        const strict = parseFenr(text, { strict: true });
        expect(strict).toEqual({ ok: true, value: setup });
        expect(parseFenr(text)).toEqual(strict);
        if (strict.ok) expect(writeFenr(strict.value)).toBe(text);
      }),
      { numRuns: 400 },
    );
  });
});

/** Strings over the FENr alphabet (and a few strangers), so that parsing gets deep. */
const fenrishArb = fc
  .array(fc.constantFrom(...`${LETTERS}DM1234567890/- \tKQkqabcdefgh36x`.split('')), { maxLength: 100 })
  .map((chars) => chars.join(''));

const EXAMPLE = 'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001 Qkq f3 14200 14200';

function checkOutcome(input: string): void {
  for (const strict of [false, true]) {
    const result = parseFenr(input, { strict });
    if (result.ok) {
      // Whatever parses writes canonical text that parses to the same value.
      const text = writeFenr(result.value);
      expect(parseFenr(text, { strict: true })).toEqual({ ok: true, value: result.value });
    } else {
      const { code, field, offset, message } = result.error;
      expect(FENR_ERROR_CODES).toContain(code);
      expect(field).toBeGreaterThanOrEqual(0);
      expect(field).toBeLessThanOrEqual(5);
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
  test('on FENr-like strings', () => {
    fc.assert(fc.property(fenrishArb, checkOutcome), { numRuns: 1500 });
  });
  test('on prefixes of the worked example with arbitrary tails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: EXAMPLE.length }), fenrishArb, (cut, tail) => checkOutcome(EXAMPLE.slice(0, cut) + tail)),
      { numRuns: 1000 },
    );
  });
});

describe('mutations of canonical FENr', () => {
  const mutationArb = fc.tuple(
    setupArb,
    fc.constantFrom('delete', 'insert', 'replace'),
    fc.nat(),
    fc.constantFrom(...`${LETTERS}DM0123456789/- KQkqaefh36`.split('')),
  );
  function mutate(text: string, kind: string, at: number, char: string): string {
    const i = at % (text.length + (kind === 'insert' ? 1 : 0));
    if (kind === 'delete') return text.slice(0, i) + text.slice(i + 1);
    if (kind === 'insert') return text.slice(0, i) + char + text.slice(i);
    return text.slice(0, i) + char + text.slice(i + 1);
  }
  test('are rejected in strict mode, or read to a different value', () => {
    fc.assert(
      fc.property(mutationArb, ([setup, kind, at, char]) => {
        const text = writeFenr(setup);
        const mutated = mutate(text, kind, at, char);
        if (mutated === text) return;
        const result = parseFenr(mutated, { strict: true });
        if (result.ok) expect(setupToJson(result.value)).not.toEqual(setupToJson(setup));
        checkOutcome(mutated);
      }),
      { numRuns: 800 },
    );
  });
});

describe('linear time and bounded work on long inputs', () => {
  const S = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
  // Inputs the reader walks to the end: long castling and time fields, separator runs,
  // markers on every square of a long placement, long garbage after a valid prefix.
  const adversarial = (size: number): string[] => [
    `${S} ${'K'.repeat(size)} - 0 0`,
    `${S} - - ${'0'.repeat(size)} 1`,
    `${S}${' '.repeat(size)}-`,
    `${S} - - 0 0${'\t'.repeat(size)}`,
    `${'DP0000'.repeat(size / 6)}`,
    `${'MPa10000/'.repeat(size / 9)}`,
    'x'.repeat(size),
  ];

  function timeOf(inputs: readonly string[]): number {
    const start = performance.now();
    for (let round = 0; round < 3; round++) for (const input of inputs) parseFenr(input);
    return performance.now() - start;
  }

  test('1 MB inputs parse without throwing, and 10x the input costs far less than 100x the time', () => {
    const small = adversarial(100_000);
    const large = adversarial(1_000_000);
    for (const input of large) expect(() => parseFenr(input)).not.toThrow();
    expect(parseFenr(large[1] as string)).toMatchObject({ ok: true, value: { realtime: { sinceCaptureMs: 0, clockMs: 1 } } });
    expect(parseFenr(large[0] as string)).toMatchObject({ ok: false, error: { code: 'castling', offset: 45 } });
    timeOf(small); // warm-up
    const smallTime = Math.max(timeOf(small), 1);
    const largeTime = timeOf(large);
    // Linear would be ~10x; quadratic ~100x. Generous slack for a busy machine.
    expect(largeTime / smallTime).toBeLessThan(40);
  });
});

test('an empty board with every square cooling down writes and reads back', () => {
  const pieces = emptyBoard().pieces.map((_, square) => withRealtime(piece('white', 'pawn'), { kind: 'cooldown', arrivedAtMs: square === 0 ? 0 : -square }));
  const setup: Setup = { board: { geometry: STANDARD, pieces }, turn: 'white', castlingRooks: [], epSquares: [], halfmoves: 0, fullmoves: 1, realtime: { clockMs: 0, sinceCaptureMs: 0, cooldownMs: 10_000 } };
  expect(parseFenr(writeFenr(setup), { strict: true })).toEqual({ ok: true, value: setup });
});
