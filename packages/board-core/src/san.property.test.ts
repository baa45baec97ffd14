import { describe, it } from 'vitest';
import { parseSan, writeSan } from './san.js';
import { checkMutations, checkNeverThrows, checkRoundTrip } from './testing/notation-properties.js';

const san = { write: writeSan, parse: parseSan };

describe('SAN properties', () => {
  it('reads back every legal move it writes, in random standard, Chess960, crazyhouse and Omega games', () => {
    checkRoundTrip(san, { runs: 30, plies: 60, every: 5 });
  });
  it('never throws, whatever the text', () => {
    checkNeverThrows(san, 400);
  });
  it('reads a mutated move as an error or a legal move', () => {
    checkMutations(san, 200);
  });
});
