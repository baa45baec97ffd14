import { parsePgn, writePgn, type PgnGame, type PgnNode } from '@chess-formats/pgn';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
// The PGN package's own generator of random games (legal moves with comments, clocks, variations).
import { arbitraryGame } from '../../../packages/pgn/src/testing/games.js';
import { mainLinePlies, strippedGame } from './pgn-select.js';

/** Every node of the tree, walked without recursion. */
function nodes(game: PgnGame): PgnNode[] {
  const all: PgnNode[] = [];
  const stack = [...game.root.children];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    all.push(node);
    stack.push(...node.children);
  }
  return all;
}

/** The nodes of the main line. */
function line(game: PgnGame): PgnNode[] {
  const main: PgnNode[] = [];
  for (let node = game.root.children[0]; node !== undefined; node = node.children[0]) main.push(node);
  return main;
}

const mainSans = (game: PgnGame): string[] =>
  line(game).map((node) => (node.move === null ? '--' : JSON.stringify(node.move)));
const notes = (node: PgnNode): unknown => [node.commentsBefore, node.comments];
const clocks = (node: PgnNode): unknown => [node.clockMs, node.emtMs];

const strip = fc.record({ comments: fc.boolean(), variations: fc.boolean(), clocks: fc.boolean() });

describe('strippedGame', () => {
  test('leaves out exactly what it is asked to, keeps the main line, and writes PGN that reads back', () => {
    fc.assert(
      fc.property(arbitraryGame, strip, (game, what) => {
        const before = structuredClone(game);
        const stripped = strippedGame(game, what);
        expect(game).toEqual(before);
        expect(mainSans(stripped)).toEqual(mainSans(game));
        const all = nodes(stripped);
        if (what.comments) {
          expect(stripped.root.comments).toBeUndefined();
          expect(all.filter((n) => n.comments !== undefined || n.commentsBefore !== undefined)).toEqual([]);
        } else {
          expect(stripped.root.comments).toEqual(game.root.comments);
          expect(line(stripped).map(notes)).toEqual(line(game).map(notes));
          if (!what.variations) expect(all.map(notes)).toEqual(nodes(game).map(notes));
        }
        if (what.variations) expect(all.filter((n) => n.children.length > 1)).toEqual([]);
        else expect(all).toHaveLength(nodes(game).length);
        if (what.clocks) expect(all.filter((n) => n.clockMs !== undefined || n.emtMs !== undefined)).toEqual([]);
        else {
          expect(line(stripped).map(clocks)).toEqual(line(game).map(clocks));
          if (!what.variations) expect(all.map(clocks)).toEqual(nodes(game).map(clocks));
        }
        expect(line(stripped).map((n) => n.nags)).toEqual(line(game).map((n) => n.nags));
        const [read] = parsePgn(writePgn(stripped));
        expect(read?.ok).toBe(true);
        if (read?.ok === true) expect(mainLinePlies(read.value)).toBe(mainLinePlies(game));
      }),
      { numRuns: 100 },
    );
  });

  test('asked to leave out nothing, it gives the game itself', () => {
    fc.assert(
      fc.property(arbitraryGame, (game) => {
        expect(strippedGame(game, { comments: false, variations: false, clocks: false })).toBe(game);
      }),
      { numRuns: 20 },
    );
  });
});
