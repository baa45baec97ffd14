/**
 * The leniencies on real files: the 213 PGN files of public projects kept beside the
 * repository (never in it: some are GPL), read once. Skips where they are not.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { makeFen } from 'chessops/fen';
import { parsePgn as chessopsParsePgn, startingPosition } from 'chessops/pgn';
import { parseSan as chessopsParseSan } from 'chessops/san';
import { writeFen } from '@chess-formats/fen';
import { beforeAll, describe, expect, test } from 'vitest';
import type { PgnWarningCode } from './errors.js';
import { finalSetup, mainline, type PgnGame } from './game.js';
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
/** The codes of a game's warnings, in order. */
function codes(game: PgnGame): string[] {
  return (game.warnings ?? []).map((w) => w.code);
}

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
    // Ten glyphs read, and `Bc5=` as the move and $10, before `+−` (a check sign, then U+2212)
    // stops the game at move 7.
    const warnings = (ticket?.ok === false && ticket.partial?.warnings) || [];
    expect(warnings.filter((w) => w.code === 'unicode-annotation')).toHaveLength(10);
    expect(warnings.filter((w) => w.code === 'glued-annotation')).toHaveLength(1);
    expect(ticket?.ok === false && ticket.error.message).toBe('"−" has no place in movetext');
  });

  test('a backslash before a closing quote, a tag value on the next line, a German letter, HTML line breaks', () => {
    const [backslash] = of('chess-library/tests__pgns__backslash_header.pgn');
    expect(backslash?.ok && [backslash.value.tags.get('Event')?.endsWith('\\'), codes(backslash.value)]).toEqual([
      true,
      ['backslash-quote'],
    ]);
    // The second game of each breaks `PlyCount` from its value; its error is now further on.
    for (const file of [
      'raptor/raptor__projectFiles__test__test1.pgn',
      'raptor/raptor__projectFiles__test__malformed.pgn',
    ]) {
      const [, second] = of(file);
      expect(second?.ok === false && second.partial?.tags.get('PlyCount'), file).toBe('50');
    }
    const [german] = of('pgn-parser/doc__sampleGameThrow.pgn');
    expect(german?.ok && codes(german.value)).toEqual(['german-piece-letter']);
    // One game on one line of HTML: its line breaks read, it stops at a tag name with `?`.
    const [html] = of('chess.js/__tests____pgn__0.pgn');
    expect(html?.ok === false && html.partial?.warnings?.every((w) => w.code === 'html-line-break')).toBe(true);
    expect(html?.ok === false && html.error.message).toMatch(/GreatestGameEverPlayed/);
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

  // Reading the 213 files with chessops too takes 8 s alone on a busy two-core machine; beside
  // another test file it passed the default 20 s: a minute of its own.
  test('no game that chessops reads and replays is lost by ours', () => {
    // A game is known by the number of plies of its main line and the board it ends at, so that
    // games are matched however each reader splits a file (chessops takes the tags of a game
    // that follows another without a blank line for a game of its own) and whatever their tags
    // are read as (chessops reads a Latin-1 file as UTF-8; ours as auto here). A broken game of
    // ours counts as kept by its part read before the error, as python-chess keeps one.
    const board = (fen: string): string => (fen.split(' ')[0] ?? '').replace(/\[.*\]|~/g, '');
    const key = (plies: number, fen: string): string => `${String(plies)}|${board(fen)}`;
    const playersOf = (tags: (name: string) => string | undefined): string =>
      ['Event', 'White', 'Black'].map((name) => (tags(name) ?? '?').replace(/[^\x20-\x7e]/g, '')).join('|');
    let theirs = 0;
    const lost: string[] = [];
    for (const [name, data] of bytes) {
      const ours = new Map<string, number>();
      const players = new Set<string>();
      for (const result of parsePgn(data, { encoding: 'auto' })) {
        const game = result.ok ? result.value : result.partial;
        if (game === undefined) continue;
        players.add(playersOf((t) => game.tags.get(t)));
        const k = key([...mainline(game)].length, writeFen(finalSetup(game)));
        ours.set(k, (ours.get(k) ?? 0) + 1);
      }
      for (const game of chessopsParsePgn(new TextDecoder().decode(data))) {
        const start = startingPosition(game.headers);
        if (start.isErr) continue;
        const position = start.value;
        let replayed = true;
        let plies = 0;
        for (const node of game.moves.mainline()) {
          plies++;
          const move = chessopsParseSan(position, node.san);
          if (move === undefined) {
            replayed = false;
            break;
          }
          position.play(move);
        }
        // Not games: chessops's empty games (no move, no tag of its own) between and after others.
        // A game chessops cut off its moves at a comment and a blank line (it reads the moves
        // as another game) is an empty game with tags: kept here when ours has a game of them.
        const tagged = [...game.headers].some(([name, value]) => !/^[?.*-]*$/.test(value) && name !== 'Result');
        if (plies === 0 && (!tagged || players.has(playersOf((t) => game.headers.get(t))))) continue;
        // A game whose event names a variant is played by that variant's rules here (the
        // README's decision), by chess's in chessops: their last boards differ.
        const variant = /atomic|crazyhouse|zh|suicide|losers|wild|bughouse|antichess|giveaway/i;
        if (variant.test(game.headers.get('Event') ?? '')) continue;
        if (!replayed || (game.headers.get('Variant') ?? 'Standard') !== 'Standard') continue;
        theirs++;
        const k = key(plies, makeFen(position.toSetup()));
        const left = ours.get(k) ?? 0;
        if (left > 0) ours.set(k, left - 1);
        else lost.push(`${name}: ${k}`);
      }
    }
    expect(theirs).toBeGreaterThan(9_500);
    // What chessops reads here and ours does not, each a leniency not taken yet (or a reading of
    // ours that differs); a game lost anywhere else fails.
    const known: Record<string, { readonly games: number; readonly why: string }> = {
      'chess.js/__tests____pgn__0.pgn': { games: 1, why: 'a `?` in a tag name (its HTML line breaks are read)' },
      'pgn-extract-go/cancer0707.pgn': { games: 3, why: 'games cut where chessops and ours split the file apart' },
      'pgn-parser/doc__sampleGameThrow.pgn': {
        games: 1,
        why: 'chessops reads the German `Sf3` as the pawn move f3; ours as Nf3 (german-piece-letter), so the boards differ',
      },
      'pgn-viewer/examples__tickets__ticket053-pgnv.pgn': {
        games: 1,
        why: '`+−` and `-+` glued to moves (a check sign, then a minus); the glyphs and `Bc5=` before them are read',
      },
      'pychess/learn__puzzles__mate_in_3.pgn': {
        games: 2,
        why: 'empty games chessops makes of the tag sections with unescaped quotes (the tags of two games here)',
      },
      // Deliberately malformed test files: their tag value on the next line is read now, but
      // not the words of no move (`sdfgdfg asfd`) between their tags.
      'raptor/raptor__projectFiles__test__malformed.pgn': { games: 1, why: 'words that are no moves among the tags' },
      'raptor/raptor__projectFiles__test__test1.pgn': { games: 1, why: 'words that are no moves among the tags' },
    };
    const lostBy = new Map<string, number>();
    for (const entry of lost) {
      const file = entry.slice(0, entry.indexOf(': '));
      lostBy.set(file, (lostBy.get(file) ?? 0) + 1);
    }
    expect(Object.fromEntries(lostBy)).toEqual(
      Object.fromEntries(Object.entries(known).map(([file, { games }]) => [file, games])),
    );
  }, 60_000);
});
