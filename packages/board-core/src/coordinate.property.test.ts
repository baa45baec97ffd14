import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCoordinate, plainCoordinateCode, writeCoordinate } from './coordinate.js';
import { createReplay } from './replay.js';
import { engineFor, play } from './rules.js';
import { checkMutations, checkNeverThrows, checkRoundTrip } from './testing/notation-properties.js';
import { STARTS, randomGame } from './testing/random-play.js';
import { VARIANTS } from './variants/list.js';

const coordinate = { write: writeCoordinate, parse: parseCoordinate };

/** Starts of every kind: the Chess960 arrays and Omega of the random games, and every variant's own (realtime's aside: it is replayed Setup by Setup). */
const STARTS_OF_EVERY_VARIANT = [
  ...STARTS.map((start) => start.setup),
  ...VARIANTS.filter((variant) => variant.key !== 'realtime').map((variant) => variant.start()),
];

describe('coordinate properties', () => {
  it('reads back every legal move it writes, in random standard, Chess960, crazyhouse and Omega games', () => {
    checkRoundTrip(coordinate, { runs: 30, plies: 60, every: 5 });
  });
  it('reads back castling written king-to-rook with the chess960 option', () => {
    checkRoundTrip(
      { write: (setup, move) => writeCoordinate(setup, move, { chess960: true }), parse: parseCoordinate },
      { runs: 15, plies: 60, every: 5 },
    );
  });
  it('never throws, whatever the text', () => {
    checkNeverThrows(coordinate, 400);
  });
  it('reads a mutated move as an error or a legal move', () => {
    checkMutations(coordinate, 200);
  });
  it('reads coordinates on the replay cursor exactly as parseCoordinate does, in every variant, moves and errors alike', () => {
    const squareName = fc.tuple(fc.constantFrom(...'abcdefgh'), fc.constantFrom(...'12345678')).map(([f, r]) => f + r);
    fc.assert(
      fc.property(
        fc.constantFrom(...STARTS_OF_EVERY_VARIANT),
        fc.array(fc.nat({ max: 1 << 16 }), { minLength: 0, maxLength: 60 }),
        fc.noBias(fc.nat(9999)),
        fc.boolean(),
        // Any pair of squares with a letter or none: illegal moves, missing and wrong promotions.
        fc.tuple(squareName, squareName, fc.constantFrom('', '', 'q', 'n', 'R', 'b', 'k', 'p', 'x')),
        fc.nat(2),
        (start, choices, pick, chess960, [from, to, letter], form) => {
          const positions = randomGame(start, choices);
          const { setup, legal } = positions[positions.length - 1] as (typeof positions)[number];
          const move = legal[pick % Math.max(legal.length, 1)];
          const text = form < 2 && move !== undefined ? writeCoordinate(setup, move, { chess960 }) : from + to + letter;
          const expected = parseCoordinate(setup, text);
          const replay = createReplay(setup);
          expect(replay.playCoordinate(text)).toEqual(expected);
          if (expected.ok) {
            const after = play(setup, expected.value);
            expect(replay.setup().board.pieces).toEqual(after.board.pieces);
            expect(replay.turn).toBe(after.turn);
            expect(replay.undo()).toBe(true);
          }
          expect(replay.setup().board.pieces).toEqual(setup.board.pieces);
          // The short road takes every normal and en passant move of the standard board.
          if (
            expected.ok &&
            setup.board.geometry.name === 'standard' &&
            (expected.value.kind === 'normal' || expected.value.kind === 'enPassant')
          ) {
            const engine = engineFor(setup);
            expect(engine.toMove(plainCoordinateCode(engine, text))).toEqual(expected.value);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
