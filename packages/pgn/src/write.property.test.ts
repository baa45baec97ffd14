import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parsePgn } from './read.js';
import { arbitraryGame } from './testing/games.js';
import { writePgn } from './write.js';

test('parsePgn(writePgn(game)) gives the game back, for games played with board-core', () => {
  fc.assert(
    fc.property(arbitraryGame, (game) => {
      const text = writePgn(game);
      expect(parsePgn(text)).toEqual([{ ok: true, value: game }]);
    }),
    { numRuns: 300 },
  );
});

test('movetext lines are at most 80 characters, unless one comment or tag is longer by itself', () => {
  fc.assert(
    fc.property(arbitraryGame, (game) => {
      const [, movetext = ''] = writePgn(game).split('\n\n');
      for (const line of movetext.split('\n')) {
        if (line.length > 80) expect(line.includes('{') || line.includes(';') || line.includes('}')).toBe(true);
      }
    }),
    { numRuns: 100 },
  );
});

test('several games written one after another read back in order', () => {
  fc.assert(
    fc.property(fc.array(arbitraryGame, { maxLength: 4 }), (games) => {
      const text = games.map((game) => writePgn(game)).join('\n');
      expect(parsePgn(text)).toEqual(games.map((value) => ({ ok: true, value })));
    }),
    { numRuns: 60 },
  );
});
