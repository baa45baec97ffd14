import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze, isFrozenSetup } from './freeze.js';
import { createReplay } from './replay.js';
import { legalMoves } from './rules.js';
import { writeSan } from './san.js';
import type { Setup } from './setup.js';
import { STARTS, randomGame } from './testing/random-play.js';
import { VARIANTS } from './variants/list.js';

const starts: readonly Setup[] = [
  ...STARTS.map((start) => start.setup),
  ...VARIANTS.filter((variant) => variant.key !== 'realtime').map((variant) => variant.start()),
];

describe('a frozen setup loaded again', () => {
  it('is what loading it afresh gives, after the engine played on from it or from another position', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...starts),
        fc.array(fc.nat({ max: 1 << 16 }), { maxLength: 30 }),
        fc.array(fc.nat({ max: 1 << 16 }), { maxLength: 30 }),
        fc.boolean(),
        (start, toFrozen, after, between) => {
          const positions = randomGame(start, toFrozen);
          // A copy, so that the shared variant starts stay as they are for the other runs.
          const frozen = deepFreeze(structuredClone(positions[positions.length - 1]!.setup));
          expect(isFrozenSetup(frozen)).toBe(true);
          // A cursor that loads it, plays on, then lends its engine (left elsewhere) to the next.
          let done = createReplay(frozen);
          for (const position of randomGame(frozen, after).slice(0, -1)) {
            const legal = legalMoves(done.setup());
            if (legal.length === 0) break;
            done.playSan(writeSan(done.setup(), legal[position.legal.length % legal.length]!));
          }
          if (between) done = createReplay(start, done);
          const again = createReplay(frozen, done);
          const fresh = createReplay(structuredClone(frozen));
          expect(again.setup()).toEqual(fresh.setup());
          expect(again.setup()).toEqual(frozen);
          for (const move of legalMoves(frozen)) {
            const san = writeSan(frozen, move);
            expect(again.playSan(san)).toEqual(fresh.playSan(san));
            expect(again.setup()).toEqual(fresh.setup());
            again.undo();
            fresh.undo();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is not taken for frozen when a part that loading reads can change', () => {
    const setup = deepFreeze(structuredClone(starts[0]!));
    expect(isFrozenSetup(setup)).toBe(true);
    expect(isFrozenSetup({ ...setup })).toBe(false);
    expect(isFrozenSetup(Object.freeze({ ...setup, castlingRooks: [0, 7] }))).toBe(false);
    const pieces = [...setup.board.pieces];
    pieces[0] = { ...pieces[0]! };
    expect(
      isFrozenSetup(deepFreeze({ ...setup, board: Object.freeze({ ...setup.board, pieces: Object.freeze(pieces) }) })),
    ).toBe(false);
  });
});
