import { parsePgn, type PgnGame } from '@chess-formats/pgn';
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-io.js';

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const FILE = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real/pgn/pychess/testing__gamefiles__dortmund.pgn'))
  .find((path) => existsSync(path));

/** Debian installs pgn-extract in /usr/games, which is not always on the PATH. */
const PGN_EXTRACT = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/games']
  .map((dir) => join(dir, 'pgn-extract'))
  .find((path) => existsSync(path));

const why =
  FILE === undefined
    ? 'the shared real PGN files (../shared/real/pgn) are not beside the repository'
    : PGN_EXTRACT === undefined
      ? 'pgn-extract is not installed (apt-get install pgn-extract)'
      : undefined;

/** A game told apart from the others of the file by its tags (as a multiset: a file may repeat a game). */
const keyOf = (tags: Readonly<Record<string, string>>): string =>
  JSON.stringify(['White', 'Black', 'Date', 'Round', 'Result', 'Event'].map((name) => tags[name] ?? ''));

/** The keys of the games pgn-extract selects with `criteria`. */
function extracted(file: string, extract: string, criteria: readonly string[]): string[] {
  const run = spawnSync(extract, ['-s', ...criteria, file], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`pgn-extract ${criteria.join(' ')}: ${run.stderr}`);
  return parsePgn(run.stdout, { tagsOnly: true })
    .map((game) => (game.ok ? keyOf(Object.fromEntries((game.value as PgnGame).tags)) : 'broken'))
    .sort();
}

/** The keys of the games `chess-formats pgn` selects with `args`. */
async function selected(file: string, args: readonly string[]): Promise<string[]> {
  const { io, captured } = memoryIo('');
  const status = await main(['pgn', '--json', ...args, file], { ...io, readFile: (path) => createReadStream(path) });
  expect(captured.err).toBe('');
  expect(status).toBe(0);
  return captured.out
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => keyOf((JSON.parse(line) as { tags: Record<string, string> }).tags))
    .sort();
}

describe.skipIf(why === undefined)('the selection against pgn-extract', () => {
  test.skip(`skipped: ${why ?? ''}`, () => {});
});

describe.skipIf(why !== undefined)('the selection against pgn-extract, on a real tournament file', () => {
  const file = FILE ?? '';
  const extract = PGN_EXTRACT ?? '';
  // The first game's White player, up to the comma of "Surname, Name": a prefix, as pgn-extract's -Tp matches.
  const first =
    why === undefined ? parsePgn(readFileSync(file, 'latin1').slice(0, 4000), { tagsOnly: true })[0] : undefined;
  const player = (first?.ok === true ? (first.value.tags.get('White') ?? '') : '').split(',')[0] ?? '';

  test.each([
    ['a player of either colour', ['--player', player], [`-Tp${player}`]],
    ['decisive games', ['--result', '1-0', '--result', '0-1'], ['-Tr1-0', '-Tr0-1']],
    ['the B openings', ['--eco', 'B00-B99'], ['-TeB']],
    [
      'draws with that player as White',
      ['--tag-match', `White~/^${player}/`, '--result', '1/2-1/2'],
      [`-Tw${player}`, '-Tr1/2'],
    ],
    ['60 to 80 plies', ['--min-plies', '60', '--max-plies', '80'], ['-pl60', '-pu80']],
    [
      'a position reached (the Ruy Lopez after 3. Bb5)',
      ['--fen-placement', 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R'],
      ['-Tfr1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R'],
    ],
  ])('%s: the same games', async (_name, ours, theirs) => {
    const expected = extracted(file, extract, theirs);
    expect(expected.length).toBeGreaterThan(0);
    expect(await selected(file, ours)).toEqual(expected);
  });

  test('every game, unfiltered, is read by both', async () => {
    expect((await selected(file, ['--tags'])).length).toBe(extracted(file, extract, []).length);
  });
});
