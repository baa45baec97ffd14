import { describe, it } from 'vitest';
import { parseCoordinate, writeCoordinate } from './coordinate.js';
import { checkMutations, checkNeverThrows, checkRoundTrip } from './testing/notation-properties.js';

const coordinate = { write: writeCoordinate, parse: parseCoordinate };

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
});
