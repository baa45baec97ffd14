import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { trailItems, trailOf, trailPush, trailTake, withTrailItems, withoutKey, type Trail } from './trail.js';

describe('trails', () => {
  test('push, take and items agree with an array, and earlier trails keep their items', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer(),
            fc.nat({ max: 6 }).map((n) => -1 - n),
          ),
          { maxLength: 60 },
        ),
        (ops) => {
          let trail: Trail<number> | undefined;
          let array: number[] = [];
          const kept: [Trail<number> | undefined, number[]][] = [];
          for (const op of ops) {
            if (op >= 0) {
              trail = trailPush(trail, op);
              array = [...array, op];
            } else {
              const length = Math.max(0, array.length + op);
              trail = trailTake(trail, length);
              array = array.slice(0, length);
            }
            kept.push([trail, array]);
            expect(trail?.length ?? 0).toBe(array.length);
          }
          for (const [t, a] of kept) expect(trailItems(t)).toEqual(a);
          expect(trailItems(trailOf(array))).toEqual(array);
        },
      ),
    );
  });

  test('an object with the items of a trail reads them once, and looks like a plain object', () => {
    const trail = trailOf([1, 2, 3]);
    const snapshot = withTrailItems({ name: 'x' }, 'items', trail);
    const first = snapshot.items;
    expect(first).toEqual([1, 2, 3]);
    expect(snapshot.items).toBe(first);
    expect(snapshot).toEqual({ name: 'x', items: [1, 2, 3] });
    expect(JSON.stringify(snapshot)).toBe('{"name":"x","items":[1,2,3]}');
    expect({ ...withTrailItems({}, 'items', trailPush(trail, 4)) }).toEqual({ items: [1, 2, 3, 4] });
  });

  test('withoutKey copies the other properties without reading the one left out', () => {
    let reads = 0;
    const object = Object.defineProperty({ a: 1, b: 2 }, 'items', {
      enumerable: true,
      get: () => {
        reads++;
        return [];
      },
    });
    expect(withoutKey(object as { a: number; b: number; items: never[] }, 'items')).toEqual({ a: 1, b: 2 });
    expect(reads).toBe(0);
  });
});
