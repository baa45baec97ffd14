import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, test } from 'vitest';
import { packTrees, unpackTrees } from './pack.js';
import { arbitraryGame } from './testing/games.js';

describe('packTrees', () => {
  test('move trees come back equal, keys in their order, after a structured clone', () => {
    fc.assert(
      fc.property(fc.array(arbitraryGame, { maxLength: 4 }), (games) => {
        const roots = games.map((game) => game.root as unknown as Record<string, unknown>);
        const back = unpackTrees(structuredClone(packTrees(roots)));
        expect(isDeepStrictEqual(back, roots)).toBe(true);
        expect(JSON.stringify(back)).toBe(JSON.stringify(roots));
      }),
      { numRuns: 100 },
    );
  });

  test('any value but plain objects and arrays of them is kept as it is', () => {
    const tree = {
      a: 1,
      b: 'x',
      c: [1, 2],
      d: [],
      e: null,
      f: undefined,
      g: true,
      h: false,
      i: new Map([[1, 2]]),
      j: -0,
      k: [{ l: NaN }],
    };
    expect(unpackTrees(structuredClone(packTrees([tree, {}])))).toStrictEqual([tree, {}]);
  });
});
