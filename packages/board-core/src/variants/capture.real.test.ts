/**
 * Real games of the capture-compulsory variants replayed by SAN, where the shared data is
 * (FICS database exports of suicide and losers games, kept by the Raptor client's tests, and
 * a FICS losers game kept by a scalachess fork's tests; never copied into the repository):
 * every move must read and play, and a game that ends on the board must end with the result
 * the server gave. The PGN reader's own tests read them as PGN.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { play } from '../rules.js';
import { parseSan } from '../san.js';
import type { Setup } from '../setup.js';
import { outcome } from '../status.js';
import { losers } from './losers.js';
import { suicide } from './suicide.js';
import type { Variant } from './types.js';

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const DIRECTORY = ['../../../../../shared', '../../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real'))
  .find((dir) => existsSync(join(dir, 'pgn')));

interface Game {
  readonly result: string;
  readonly moves: readonly string[];
}

/** The games of a PGN export: each one's Result tag and its SAN moves (comments, numbers and results dropped). */
function gamesOf(text: string): Game[] {
  const games: Game[] = [];
  for (const chunk of text.split(/(?=^\[Event )/m)) {
    const result = /^\[Result "([^"]*)"\]/m.exec(chunk)?.[1];
    if (result === undefined) continue;
    const movetext = chunk
      .replace(/^\[.*\]\s*$/gm, '')
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\d+\.(\.\.)?/g, ' ');
    const moves = movetext.split(/\s+/).filter((token) => token !== '' && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token));
    games.push({ result, moves });
  }
  return games;
}

/** The PGN result of an outcome. */
function resultOf(end: { winner?: string | undefined }): string {
  return end.winner === 'white' ? '1-0' : end.winner === 'black' ? '0-1' : '1/2-1/2';
}

const FILES: readonly { readonly path: string; readonly variant: Variant; readonly games: number }[] = [
  { path: 'pgn/raptor/raptor__projectFiles__test__suicidegames.pgn', variant: suicide, games: 200 },
  { path: 'pgn/raptor/raptor__projectFiles__test__losersgames.pgn', variant: losers, games: 200 },
  { path: 'variants/scalachess-ijhchess__LosersVariantTest_EXTRACT.pgn', variant: losers, games: 1 },
];

describe.skipIf(DIRECTORY === undefined)('real suicide and losers games (shared data)', () => {
  it.each(FILES.map((file) => [file.path, file] as const))('%s replays by SAN', (_path, file) => {
    const games = gamesOf(readFileSync(join(DIRECTORY as string, file.path), 'utf8'));
    expect(games).toHaveLength(file.games);
    let decided = 0;
    for (const [index, game] of games.entries()) {
      let setup: Setup = file.variant.start();
      for (const [ply, text] of game.moves.entries()) {
        const move = parseSan(setup, text);
        if (!move.ok) throw new Error(`game ${index + 1}, ply ${ply + 1} ${text}: ${move.error.message}`);
        setup = play(setup, move.value);
      }
      const end = outcome(setup);
      if (end === undefined || game.result === '*') continue;
      decided++;
      expect(resultOf(end), `game ${index + 1} ended by ${end.reason}`).toBe(game.result);
    }
    // Most games of each file end on the board (155 of the suicide games, 140 of the losers
    // games), the rest by resignation or time.
    expect(decided).toBeGreaterThanOrEqual(Math.ceil(file.games / 2));
  });
});

describe.skipIf(DIRECTORY !== undefined)('real suicide and losers games', () => {
  it.skip('skipped: the shared real games (real/pgn) are not beside the repository', () => {});
});
