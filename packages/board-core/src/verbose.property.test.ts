import { describe, it } from 'vitest';
import { parseVerbose, writeVerbose } from './verbose.js';
import type { Setup } from './setup.js';
import { checkMutations, checkNeverThrows, checkRoundTrip } from './testing/notation-properties.js';

// Written promotions always carry `=X`, so a round trip must not need the missing-piece default.
const verbose = {
  write: writeVerbose,
  parse: (setup: Setup, text: string) => parseVerbose(setup, text, { missingPromotion: 'reject' }),
};

describe('verbose properties', () => {
  it('reads back every legal move it writes, in random standard, Chess960, crazyhouse and Omega games', () => {
    checkRoundTrip(verbose, { runs: 30, plies: 60, every: 5 });
  });
  it('never throws, whatever the text', () => {
    checkNeverThrows(verbose, 400);
  });
  it('reads a mutated move as an error or a legal move', () => {
    checkMutations(verbose, 200);
  });
});
