import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinLazyResult, pageLazyResult, placeholderGames, textSlices } from './hand-over.js';
import { readPgnLazily } from './pgn-lazy.js';
import type { ReadResult } from './read.js';

const GAMES = [
  '[Event "One"]\n[White "Ada"]\n[Black "Brook"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n',
  '[Event "Two"]\n[White "Cole"]\n[Black "Dee"]\n[Result "*"]\n\n1. d4 d5 *\n',
  '[Event "Three"]\n[White "Éva ♔"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n',
  '[Event "Four"]\n[Result "1/2-1/2"]\n\n1. c4 c5 1/2-1/2\n',
  '[Event "Five"]\n[Result "*"]\n\n1. Nf3 *\n',
];
const TEXT = GAMES.join('\n');

function lazyResult(keep: number): ReadResult {
  const read = readPgnLazily(TEXT, keep);
  if (!read) throw new Error('the test text should read lazily');
  return { adapter: 'pgn', detected: 'pgn', unrecognised: false, ...read, lazy: true };
}

describe('the text handed to the worker', () => {
  it('is cut into slices of the size asked', () => {
    expect(textSlices('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
    expect(textSlices('', 3)).toEqual([]);
    expect(textSlices('abc', 3)).toEqual(['abc']);
  });

  it('comes out of its slices as it went in, at any slice size, through a message (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.integer({ min: 1, max: 20 }), (text, size) => {
        const slices = textSlices(text, size);
        expect(slices.every((slice) => slice.length <= size)).toBe(true);
        // A slice may end inside a surrogate pair: the copy keeps its half, the join restores it.
        expect(structuredClone(slices).join('')).toBe(text);
      }),
    );
  });
});

describe("a lazy reading's reply in pages", () => {
  it('sends the shown game alone and the first page of rows, then the rest of the rows in pages', () => {
    const result = lazyResult(3);
    const { head, pages } = pageLazyResult(result, 3, 2);
    expect(head.shown).toBe(3);
    expect(head.total).toBe(5);
    expect(head.result.summaries?.map((s) => s.index)).toEqual([0, 1]);
    expect(head.result.view.session?.games).toEqual([result.view.session?.games[3]]);
    expect(head.result.view.session?.games[0]?.plies.length).toBeGreaterThan(0);
    expect(pages.map((page) => page.map((s) => s.index))).toEqual([[2, 3], [4]]);
  });

  it('is put together again as the worker read it, whatever the page size', () => {
    for (const keep of [0, 2, 4])
      for (const size of [1, 2, 4, 5, 1000]) {
        const result = lazyResult(keep);
        const { head, pages } = pageLazyResult(result, keep, size);
        // As the messages carry them: copies.
        const joined = joinLazyResult(structuredClone(head), structuredClone(pages));
        expect(joined).toEqual(result);
        expect(joined.view.session?.games.filter((game) => game.plies.length > 0)).toHaveLength(1);
      }
  });

  it("names the games not read yet by their rows' titles", () => {
    const summaries = lazyResult(0).summaries ?? [];
    expect(placeholderGames(summaries).map((g) => [g.id, g.plies.length])).toEqual([
      ['1', 0],
      ['2', 0],
      ['3', 0],
      ['4', 0],
      ['5', 0],
    ]);
    expect(placeholderGames(summaries)[2]?.title).toBe(summaries[2]?.title);
  });
});
