import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  keepsPosition,
  trailItems,
  trailOf,
  trailPush,
  trailReplay,
  trailTake,
  withTrailItems,
  withoutKey,
  type Trail,
} from './trail.js';

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

  test('trailReplay: the state after any count of items, from the last kept at or before it, whatever is kept', () => {
    // Items are digits appended to a string; a kept item keeps the string so far.
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 40 }), fc.nat({ max: 45 }), (keeps, count) => {
        let trail: Trail<{ digit: string; kept?: string }> | undefined;
        let text = '';
        keeps.forEach((keep, i) => {
          text += String(i % 10);
          trail = trailPush(trail, keep ? { digit: String(i % 10), kept: text } : { digit: String(i % 10) });
        });
        const replayed = trailReplay(
          trail,
          count,
          '>',
          (item) => (item.kept === undefined ? undefined : `>${item.kept}`),
          (state, item) => state + item.digit,
        );
        expect(replayed).toBe(`>${text.slice(0, count)}`);
      }),
    );
  });

  test('trailReplay is undefined when an item does not apply, and applies none past a kept state', () => {
    const trail = trailOf([{ n: 1 }, { n: 2, kept: 10 }, { n: 3 }, { n: 4 }]);
    const applied: number[] = [];
    const apply = (state: number, item: { n: number }): number | undefined => {
      applied.push(item.n);
      return item.n === 3 ? undefined : state + item.n;
    };
    const keptOf = (item: { kept?: number }): number | undefined => item.kept;
    expect(trailReplay(trail, 2, 0, keptOf, apply)).toBe(10);
    expect(trailReplay(trail, 1, 0, keptOf, apply)).toBe(1);
    expect(trailReplay(trail, 0, 0, keptOf, apply)).toBe(0);
    expect(applied).toEqual([1]);
    expect(trailReplay(trail, 4, 0, keptOf, apply)).toBeUndefined();
    expect(applied).toEqual([1, 3]);
  });

  test('keepsPosition: every 32nd move keeps its position, so a replay plays fewer than 32 moves', () => {
    const kept = Array.from({ length: 100 }, (_, i) => i + 1).filter(keepsPosition);
    expect(kept).toEqual([32, 64, 96]);
  });
});
