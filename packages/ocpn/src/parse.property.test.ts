import { OMEGA, ROLES, piece, type Color, type Piece, type Role, type Square } from '@chess-formats/board-core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { OCPN_ERROR_CODES } from './errors.js';
import { INITIAL_OCPN, parseOcpn, writeOcpn, type OcpnPosition } from './index.js';

const COLORS: readonly Color[] = ['white', 'black'];
const SQUARES: readonly Square[] = OMEGA.squareNames.flatMap((name, cell) => (name === '' ? [] : [cell]));
const RIGHT_ROOKS: readonly Square[] = ['b0', 'i0', 'b9', 'i9'].map((name) => OMEGA.squareNames.indexOf(name));

const pieceArb: fc.Arbitrary<Piece> = fc
  .tuple(fc.constantFrom(...COLORS), fc.constantFrom(...ROLES))
  .map(([color, role]) => piece(color, role));

const flagsArb = fc.record({ kingSide: fc.boolean(), queenSide: fc.boolean() });
const roleArb: fc.Arbitrary<Role | undefined> = fc.option(fc.constantFrom(...ROLES), { nil: undefined });

/** Positions the writer accepts: any placement, any rights, the squares a long pawn step passes. */
const positionArb: fc.Arbitrary<OcpnPosition> = fc
  .record({
    placed: fc.array(fc.option(pieceArb, { nil: undefined, freq: 2 }), { minLength: SQUARES.length, maxLength: SQUARES.length }),
    turn: fc.constantFrom(...COLORS),
    rights: fc.subarray([...RIGHT_ROOKS]),
    ep: fc.option(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.boolean()), { nil: undefined }),
    guarding: fc.record({ white: flagsArb, black: flagsArb }),
    foolInHand: fc.record({ white: fc.boolean(), black: fc.boolean() }),
    lastMoved: fc.record({ white: roleArb, black: roleArb }),
    halfmoves: fc.integer({ min: 0, max: 9999 }),
    fullmoves: fc.integer({ min: 1, max: 9999 }),
  })
  .map(({ placed, turn, rights, ep, guarding, foolInHand, lastMoved, halfmoves, fullmoves }) => {
    const pieces = new Array<Piece | undefined>(144).fill(undefined);
    SQUARES.forEach((square, k) => (pieces[square] = placed[k]));
    let epSquares: Square[] = [];
    if (ep) {
      // White to move: Black's pawn passed rank 7 (and 6); else White's passed rank 2 (and 3).
      const [file, triple] = ep;
      const first = (turn === 'white' ? 8 : 3) * 12 + file + 1;
      const step = turn === 'white' ? -12 : 12;
      epSquares = triple ? [first, first + step].sort((a, b) => a - b) : [first];
    }
    return {
      setup: {
        board: { geometry: OMEGA, pieces },
        turn,
        castlingRooks: [...rights].sort((a, b) => a - b),
        epSquares,
        halfmoves,
        fullmoves,
      },
      guarding,
      foolInHand,
      lastMoved,
    };
  });

describe('round trip', () => {
  test('parseOcpn(writeOcpn(p)) deep-equals p, in both modes, and the text is a fixed point', () => {
    fc.assert(
      fc.property(positionArb, (position) => {
        const text = writeOcpn(position);
        const lenient = parseOcpn(text);
        expect(lenient).toEqual({ ok: true, value: position });
        expect(parseOcpn(text, { strict: true })).toEqual(lenient);
        if (lenient.ok) expect(writeOcpn(lenient.value)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

/** Strings over the OCPN alphabet (and a few strangers), so that parsing gets deep. */
const ocpnishArb = fc
  .array(fc.constantFrom(...`PNBRQKCWFpnbrqkcwf1234567890A/ -_\twbKQkqe27/3\u2013xa`.split('')), { maxLength: 110 })
  .map((chars) => chars.join(''));

function checkOutcome(input: string): void {
  for (const strict of [false, true]) {
    const result = parseOcpn(input, { strict });
    if (result.ok) {
      // Whatever parses writes canonical text that strict mode reads to the same value.
      const text = writeOcpn(result.value);
      expect(parseOcpn(text, { strict: true })).toEqual({ ok: true, value: result.value });
      // Strict mode accepts canonical text only.
      if (strict) expect(text).toBe(input);
    } else {
      const { code, field, offset, message } = result.error;
      expect(OCPN_ERROR_CODES).toContain(code);
      expect(field).toBeGreaterThanOrEqual(0);
      expect(field).toBeLessThanOrEqual(9);
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
  test('on OCPN-like strings', () => {
    fc.assert(fc.property(ocpnishArb, checkOutcome), { numRuns: 1500 });
  });
  test('on prefixes of the start position with arbitrary tails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: INITIAL_OCPN.length }), ocpnishArb, (cut, tail) => checkOutcome(INITIAL_OCPN.slice(0, cut) + tail)),
      { numRuns: 1000 },
    );
  });
  test('on values that are not strings', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(parseOcpn(value as string).ok).toBe(typeof value === 'string' && parseOcpn(value).ok);
      }),
      { numRuns: 200 },
    );
  });
});

describe('mutations of valid OCPN', () => {
  const mutationArb = fc.tuple(
    positionArb,
    fc.constantFrom('delete', 'insert', 'replace'),
    fc.nat(),
    fc.constantFrom(...'PNBRQKCWFpcwf123456789A0/- wbKQkq\u2013x'.split('')),
  );
  test('are rejected in strict mode, or read to a different value (whose canonical text is the mutation)', () => {
    fc.assert(
      fc.property(mutationArb, ([position, kind, at, char]) => {
        const text = writeOcpn(position);
        const i = at % (text.length + (kind === 'insert' ? 1 : 0));
        const mutated =
          kind === 'delete'
            ? text.slice(0, i) + text.slice(i + 1)
            : kind === 'insert'
              ? text.slice(0, i) + char + text.slice(i)
              : text.slice(0, i) + char + text.slice(i + 1);
        if (mutated === text) return;
        const strict = parseOcpn(mutated, { strict: true });
        if (strict.ok) {
          expect(strict.value).not.toEqual(position);
          expect(writeOcpn(strict.value)).toBe(mutated);
        }
        checkOutcome(mutated);
      }),
      { numRuns: 1500 },
    );
  });
});

describe('linear time and bounded work on long inputs', () => {
  const B = INITIAL_OCPN.slice(0, 60);
  // Inputs that the reader has to walk to the end: long letter fields, zero-padded counters,
  // separator runs, and long garbage after a long valid prefix.
  const adversarial = (size: number): string[] => [
    `${B} w ${'KQkq'.repeat(size / 4)} - - - -- 0 1`,
    `${B} w - ${'kq'.repeat(size / 2)} - - -- 0 1`,
    `${B} w - - - ${'wb'.repeat(size / 2)} -- 0 1`,
    `${B} w - - - - -- ${'0'.repeat(size)} 1`,
    `${B}${' '.repeat(size)}w`,
    `${INITIAL_OCPN}${'_'.repeat(size)}`,
    'x'.repeat(size),
    `${'A/'.repeat(size / 2)}`,
  ];

  function timeOf(inputs: readonly string[]): number {
    const start = performance.now();
    for (let round = 0; round < 3; round++) for (const input of inputs) parseOcpn(input);
    return performance.now() - start;
  }

  test('1 MB inputs parse without throwing, and 10x the input costs far less than 100x the time', () => {
    const small = adversarial(100_000);
    const large = adversarial(1_000_000);
    for (const input of large) expect(() => parseOcpn(input)).not.toThrow();
    expect(parseOcpn(large[3] as string)).toMatchObject({ ok: true, value: { setup: { halfmoves: 0 } } });
    expect(parseOcpn(large[0] as string, { strict: true })).toMatchObject({ ok: false, error: { code: 'castling-order', offset: 67 } });
    timeOf(small); // warm-up
    const smallTime = Math.max(timeOf(small), 1);
    const largeTime = timeOf(large);
    // Linear would be ~10x; quadratic ~100x. Generous slack for a busy machine.
    expect(largeTime / smallTime).toBeLessThan(40);
  });
});
