import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { didYouMean, editDistance, nearest } from './suggest.js';

describe('editDistance', () => {
  test.each([
    ['color', 'colour', 1],
    ['detetc', 'detect', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['same', 'same', 0],
  ])('%s to %s: %i', (a, b, distance) => {
    expect(editDistance(a, b, 10)).toBe(distance);
    expect(editDistance(b, a, 10)).toBe(distance);
  });

  test('stops at limit + 1 once the distance is certain to be larger', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  test('symmetric, and zero only for equal words', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b, 24);
        expect(editDistance(b, a, 24)).toBe(d);
        expect(d === 0).toBe(a === b);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe('nearest', () => {
  const options = ['--board', '--json', '--strict', '--castling', '--validate', '--to', '--help'];

  test.each([
    ['--strcit', '--strict'],
    ['--Json', '--json'],
    ['--json-lines', '--json'],
    ['--val', '--validate'],
    ['--colour', undefined],
    ['--x', undefined],
    ['--', undefined],
  ])('%s: %s', (word, found) => {
    expect(nearest(word, options)).toBe(found);
  });

  test('the fewest edits win, then the earlier candidate', () => {
    expect(nearest('fenrr', ['fen', 'fenr'])).toBe('fenr');
    expect(nearest('fex', ['fed', 'fen'])).toBe('fed');
  });

  test('didYouMean says it in the words of a usage error, or nothing', () => {
    expect(didYouMean('pgm', ['fen', 'pgn'])).toBe('; did you mean pgn?');
    expect(didYouMean('xyzzy', ['fen', 'pgn'])).toBe('');
  });
});
