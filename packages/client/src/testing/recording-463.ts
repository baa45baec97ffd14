/**
 * PyChess's recorded FICS session of game 463, observed at move 37
 * (`real/raw/pychess__ficsobserve.py` of the shared test data), read at run time and never
 * copied: for the tests of the client and of `connect` that replay a real mid-game join.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The recording beside the repository (a clone next to shared/, or the directory of worktrees); undefined without it. */
export const RECORDING_463: string | undefined = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real', 'raw', 'pychess__ficsobserve.py'))
  .find((path) => existsSync(path));

/** The recording's server lines: each Python string literal alone on its line, in order. */
function recordedLines(path: string): string[] {
  const lines: string[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const literal = /^\s*"(.*)",?\s*$/.exec(line);
    if (literal) lines.push(literal[1] as string);
  }
  return lines;
}

/**
 * The start notice, the reply to `observe 463` (to its first board), the `moves 463` listing,
 * and the first two boards of game 463 after the listing.
 */
export function game463(path: string) {
  const lines = recordedLines(path);
  const start = lines.find((l) => l.startsWith('{Game 463 ') && l.includes('Creating'));
  const observing = lines.indexOf('You are now observing game 463.');
  const firstBoard = lines.findIndex((l, i) => i > observing && l.startsWith('<12> ') && l.includes(' 463 '));
  const listing = lines.indexOf('Movelist for game 463:');
  const listingEnd = lines.findIndex((l, i) => i > listing && l.startsWith('{Still in progress}'));
  const later = lines.filter((l, i) => i > listingEnd && l.startsWith('<12> ') && l.includes(' 463 ')).slice(0, 2);
  return {
    start,
    observe: lines.slice(observing, firstBoard + 1),
    moves: lines.slice(listing, listingEnd + 1),
    later,
  };
}
