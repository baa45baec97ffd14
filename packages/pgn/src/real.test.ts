/**
 * The leniencies on real files: the 213 PGN files of public projects kept beside the
 * repository (never in it: some are GPL), read once. Skips where they are not.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PgnWarningCode } from './errors.js';
import type { PgnGame } from './game.js';
import { parsePgn, type PgnGameResult } from './read.js';

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const ROOT = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real/pgn'))
  .find((dir) => existsSync(join(dir, 'SOURCES.md')));
if (ROOT === undefined)
  console.log('real PGN files: skipped, the shared test data (shared/real/pgn) is not beside the repository');

/**
 * How many games (and broken games) the reader reported for each file before the leniencies,
 * as the data's own listing counts them (its tables: `| file | path | bytes | games | ...`),
 * keyed by folder and file.
 */
function countsBefore(root: string): Map<string, number> {
  const counts = new Map<string, number>();
  let folder = '';
  for (const line of readFileSync(join(root, 'SOURCES.md'), 'utf8').split('\n')) {
    const heading = /^## ([^:]+):/.exec(line);
    if (heading) folder = heading[1]!;
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length >= 6 && cells[1]!.endsWith('.pgn')) counts.set(`${folder}/${cells[1]}`, Number(cells[4]));
  }
  return counts;
}

/** A game's warnings with `code`: the game read, or the part read before its error. */
function warned(results: readonly PgnGameResult[], code: PgnWarningCode): PgnGame[] {
  return results
    .map((r) => (r.ok ? r.value : r.partial))
    .filter((g): g is PgnGame => g?.warnings?.some((w) => w.code === code) === true);
}

describe.skipIf(ROOT === undefined)('real PGN files', () => {
  const read = new Map<string, PgnGameResult[]>();
  const bytes = new Map<string, Uint8Array>();
  beforeAll(() => {
    for (const folder of readdirSync(ROOT!)) {
      if (!statSync(join(ROOT!, folder)).isDirectory()) continue;
      for (const file of readdirSync(join(ROOT!, folder))) {
        const data = new Uint8Array(readFileSync(join(ROOT!, folder, file)));
        bytes.set(`${folder}/${file}`, data);
        read.set(`${folder}/${file}`, parsePgn(data));
      }
    }
  });
  const of = (name: string): PgnGameResult[] => {
    const results = read.get(name);
    if (results === undefined) throw new Error(`no file ${name}`);
    return results;
  };

  test('no game is lost: every file gives at least the games it gave before', () => {
    const before = countsBefore(ROOT!);
    expect(read.size).toBe(213);
    let games = 0;
    let readWell = 0;
    for (const [name, results] of read) {
      expect(results.length, name).toBeGreaterThanOrEqual(before.get(name)!);
      games += results.length;
      readWell += results.filter((r) => r.ok).length;
    }
    // Before: 16,314 games and broken games, 15,853 of them read (counted on the reader before the leniencies).
    expect(games).toBeGreaterThanOrEqual(16_314);
    expect(readWell).toBeGreaterThanOrEqual(15_853 + 600);
  });

  test('1/2 as the draw marker: the games of New York 1924 that end so all read', () => {
    const results = of('pgn-viewer/examples__pgn__newyork1924.pgn');
    expect(results.every((r) => r.ok)).toBe(true);
    expect(warned(results, 'short-draw')).toHaveLength(33);
    expect(warned(results, 'short-draw').every((g) => g.result === '1/2-1/2')).toBe(true);
  });

  test('unescaped quotes in tag values', () => {
    const files = [...read].filter(([, results]) => warned(results, 'unescaped-quote').length > 0).map(([f]) => f);
    expect(files.sort()).toEqual([
      'chess-library/tests__pgns__unescaped_quote_header.pgn',
      'pgn-viewer/examples__pgn__newyork1924.pgn',
      'pychess/learn__puzzles__mate_in_3.pgn',
      'pychess/learn__puzzles__mate_in_4.pgn',
      'pychess/testing__gamefiles__badpgn.pgn',
    ]);
    expect(of('chess-library/tests__pgns__unescaped_quote_header.pgn').every((r) => r.ok)).toBe(true);
  });

  test('Unicode annotation glyphs', () => {
    const [ticket] = of('pgn-viewer/examples__tickets__ticket053-pgnv.pgn');
    expect(
      ticket?.ok === false && ticket.partial?.warnings?.filter((w) => w.code === 'unicode-annotation'),
    ).toHaveLength(5);
  });

  test('side lines cut at an illegal move, the games read', () => {
    const cut = [...read].map(([, results]) => warned(results, 'variation-cut').length);
    expect(cut.reduce((a, b) => a + b)).toBe(5);
    expect(of('raptor/raptor__projectFiles__test__nestedsublines.pgn').every((r) => r.ok)).toBe(true);
  });

  test('a broken game keeps what was read before its error', () => {
    const broken = [...read.values()].flat().filter((r) => !r.ok);
    expect(broken.filter((r) => r.partial !== undefined).length).toBeGreaterThan(0);
  });

  test('exports of tags alone: one game per tag section', () => {
    const results = of('scalachess/test-kit__src__test__resources__FWWRC.pgn');
    expect(results).toHaveLength(605);
    expect(results.every((r) => r.ok && r.value.root.children.length === 0)).toBe(true);
    expect(warned(results, 'no-movetext')).toHaveLength(605);
  });

  test('the Latin-1 files: warned of in UTF-8, read whole with auto', () => {
    const latin1 = [
      'pychess/testing__gamefiles__dortmund.pgn',
      'pychess/learn__puzzles__mate_in_2.pgn',
      'pychess/lang__en__eco.pgn',
    ];
    const invalid = [...read].filter(([, results]) => warned(results, 'invalid-utf8').length > 0).map(([f]) => f);
    expect(invalid.sort()).toEqual([...latin1].sort());
    for (const file of latin1) {
      const auto = parsePgn(bytes.get(file)!, { encoding: 'auto' });
      expect(warned(auto, 'latin1-fallback'), file).toHaveLength(1);
      expect(
        auto.some((r) => r.ok && [...r.value.tags.values()].some((v) => v.includes('\uFFFD'))),
        file,
      ).toBe(false);
      expect(auto.filter((r) => r.ok).length, file).toBe(of(file).filter((r) => r.ok).length);
    }
  });
});
