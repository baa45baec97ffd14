import {
  MAX_COUNTER,
  OMEGA,
  ROLES,
  piece,
  type Color,
  type Piece,
  type Role,
  type Square,
} from '@chess-formats/board-core';
import fc from 'fast-check';
import { expect } from 'vitest';
import { describeTextFormatProperties } from '@chess-formats/testing';
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
    placed: fc.array(fc.option(pieceArb, { nil: undefined, freq: 2 }), {
      minLength: SQUARES.length,
      maxLength: SQUARES.length,
    }),
    turn: fc.constantFrom(...COLORS),
    rights: fc.subarray([...RIGHT_ROOKS]),
    ep: fc.option(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.boolean()), { nil: undefined }),
    guarding: fc.record({ white: flagsArb, black: flagsArb }),
    foolInHand: fc.record({ white: fc.boolean(), black: fc.boolean() }),
    lastMoved: fc.record({ white: roleArb, black: roleArb }),
    halfmoves: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: MAX_COUNTER })),
    fullmoves: fc.oneof(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: MAX_COUNTER })),
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
      board: { geometry: OMEGA, pieces },
      turn,
      castlingRooks: [...rights].sort((a, b) => a - b),
      epSquares,
      halfmoves,
      fullmoves,
      omegaAdvanced: { guarding, foolInHand, lastMoved },
    };
  });

const B = INITIAL_OCPN.slice(0, 60);

describeTextFormatProperties<OcpnPosition>({
  name: 'OCPN',
  parse: parseOcpn,
  write: writeOcpn,
  codes: OCPN_ERROR_CODES,
  lastField: 9,
  strictIsCanonical: true,
  values: positionArb,
  alphabet: `PNBRQKCWFpnbrqkcwf1234567890A/ -_\twbKQkqe27/3\u2013xa`,
  maxLength: 110,
  example: INITIAL_OCPN,
  mutationChars: 'PNBRQKCWFpcwf123456789A0/- wbKQkq\u2013x',
  runs: { roundTrip: 300, mutations: 1500 },
  // Long letter fields, zero-padded counters, separator runs, long garbage after a long valid prefix.
  adversarial: (size) => [
    `${B} w ${'KQkq'.repeat(size / 4)} - - - -- 0 1`,
    `${B} w - ${'kq'.repeat(size / 2)} - - -- 0 1`,
    `${B} w - - - ${'wb'.repeat(size / 2)} -- 0 1`,
    `${B} w - - - - -- ${'0'.repeat(size)} 1`,
    `${B}${' '.repeat(size)}w`,
    `${INITIAL_OCPN}${'_'.repeat(size)}`,
    'x'.repeat(size),
    `${'A/'.repeat(size / 2)}`,
  ],
  onLongInputs: (large) => {
    expect(parseOcpn(large[3] as string)).toMatchObject({ ok: true, value: { halfmoves: 0 } });
    expect(parseOcpn(large[0] as string, { strict: true })).toMatchObject({
      ok: false,
      error: { code: 'castling-order', offset: 67 },
    });
  },
});
