/**
 * `checkOnly` against the reader that builds the tree: every move checked alike, so the same
 * events, the games and partial games differing in their moves alone (none kept).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { PgnGame } from './game.js';
import { createPgnReader, parsePgn, type PgnEvent, type PgnGameResult } from './read.js';
import { pushSplit } from './testing/push.js';
import { textsAmong } from './testing/games.js';

/** A game as `checkOnly` gives it: the same, its root without moves or comments. */
function withoutMoves(game: PgnGame | undefined): PgnGame | undefined {
  return game === undefined ? undefined : { ...game, root: { children: [] } };
}

/** What the events say, the partial games included (they are not enumerable, so `toEqual` would not see them). */
function seen(events: readonly PgnEvent[], strip: boolean): unknown[] {
  return events.map((event) =>
    event.kind === 'game'
      ? { game: strip ? withoutMoves(event.game) : event.game }
      : { error: event.error, partial: strip ? withoutMoves(event.partial) : event.partial },
  );
}

function seenResults(results: readonly PgnGameResult[], strip: boolean): unknown[] {
  return results.map((r) =>
    r.ok
      ? { game: strip ? withoutMoves(r.value) : r.value }
      : { error: r.error, partial: strip ? withoutMoves(r.partial) : r.partial },
  );
}

/**
 * Games, and the text that takes the reader's other paths: variations (cut at an illegal
 * move, nested, with comments before their first move), the spellings it reads with a
 * warning, NAGs and clocks, illegal moves, a NAG before any move, a pass.
 */
const corpus = textsAmong([
  '[Event "x"]\n1. e4 e5 2. Qxe5 1-0\n\n',
  '1. e4 (1. d4 {a} ( 1. c4 ) ) e5 *\n',
  '1. e4 e5 (1... Ke3 2. d4 (2. c4) d5) 2. Nf3 $1 {[%clk 0:01:02]} *\n',
  '1. e4 d5 2. e5 f5 3. exf6ep Nf6 4. Sf3 e6 5. Lb5+ c6 6. Bd3= 0-1\n',
  '1. e4 d5 2. e5 f5 3. exf6 e.p. *\n',
  '1. g1f3 d7d5 2. -- Nf6 (2... Bf5 { x } 3. e2e4) *\n',
  '{before} $3 1. e4 *\n',
  '1. e4 e5 ( { only a comment } ) 2. Qh5 ! ? *\n',
  '1. e4 e5 2. Ke3 *\n',
  '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n1. Kb2 Kg1 *\n',
  '[FEN "bad"]\n\n1. e4 *\n',
  '1. e4 (1. d4) (1. c4 c5 (1... e5 2. Nc3 (2. g3))) 1-0\n',
]);

describe('checkOnly', () => {
  test('gives the events of the reader that builds the tree, the moves left out, however the text is split', () => {
    fc.assert(
      fc.property(corpus, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        expect(seen(pushSplit(createPgnReader({ checkOnly: true }), text, cuts), false)).toEqual(
          seen(pushSplit(createPgnReader({}), text, []), true),
        );
      }),
      { numRuns: 300 },
    );
  });

  test('keeps no moves, and still finds the illegal move and the cut side line', () => {
    const text = '1. e4 e5 (1... Ke3 2. d4) 2. Nf3 $1 {[%clk 0:01:02]} *\n\n1. e4 e5 2. Ke3 *\n';
    const full = parsePgn(text);
    const checked = parsePgn(text, { checkOnly: true });
    const [fullFirst] = full;
    const [first, second] = checked;
    expect(fullFirst?.ok && fullFirst.value.root.children.length).toBe(1);
    expect(first?.ok && first.value.root.children).toEqual([]);
    expect(first?.ok && first.value.warnings?.map((w) => w.code)).toEqual(['variation-cut']);
    expect(second?.ok === false && second.error.code).toBe('illegal-move');
    expect(seenResults(checked, false)).toEqual(seenResults(full, true));
  });

  test('tags only wins over it', () => {
    expect(parsePgn('1. e4 e5 2. Ke3 *', { tagsOnly: true, checkOnly: true })[0]!.ok).toBe(true);
  });
});

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const ROOT = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real/pgn'))
  .find((dir) => existsSync(join(dir, 'SOURCES.md')));
if (ROOT === undefined)
  console.log('checkOnly on real files: skipped, the shared test data (shared/real/pgn) is not beside the repository');

describe.skipIf(ROOT === undefined)('checkOnly on the real PGN files', () => {
  test(
    'every file gives the events of the reader that builds the tree (bytes read as UTF-8, then Latin-1)',
    { timeout: 120_000 },
    () => {
      for (const folder of readdirSync(ROOT!)) {
        if (!statSync(join(ROOT!, folder)).isDirectory()) continue;
        for (const file of readdirSync(join(ROOT!, folder))) {
          if (!file.endsWith('.pgn')) continue;
          const bytes = new Uint8Array(readFileSync(join(ROOT!, folder, file)));
          const full = seenResults(parsePgn(bytes, { encoding: 'auto' }), true);
          expect(seenResults(parsePgn(bytes, { encoding: 'auto', checkOnly: true }), false), file).toEqual(full);
        }
      }
    },
  );
});
