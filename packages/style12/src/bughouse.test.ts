import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSan, parseVerbose, unwrap, type Setup } from '@chess-formats/board-core';
import { describe, expect, it } from 'vitest';
// The record of each board goes through the PGN package (not a dependency of this one).
import { finalSetup, gameToPgn, parsePgn, writePgn } from '../../pgn/src/index.js';
import {
  createBughouseTracker,
  heldFromStart,
  type BughouseTrackedGame,
  type BughouseTrackerEvent,
} from './bughouse.js';
import { parseHoldings } from './holdings.js';
import { createStyle12Scanner } from './scanner.js';

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const CAPTURE = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real', 'raw', 'bughouse.app__docs_FICS_bug.md'))
  .find((file) => existsSync(file));

const START = 'rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR';

/** A style 12 line of game `n` (White `W`, Black `B`), from the board's rows and the rest. */
const board = (n: number, rows: string, rest: string): string => `<12> ${rows} ${rest.replace('#', String(n))}`;

function run(lines: readonly string[], tracker = createBughouseTracker({ moves: { parseVerbose, parseSan } })) {
  const scanner = createStyle12Scanner();
  const events: BughouseTrackerEvent[] = [];
  for (const event of [...scanner.push(lines.join('\n') + '\n'), ...scanner.end()]) events.push(...tracker.push(event));
  return { tracker, events };
}

/** The position placement and pockets of a setup, for comparisons that leave out counters. */
const placed = (setup: Setup) => ({ pieces: setup.board.pieces, turn: setup.turn, pockets: setup.pockets });

describe('createBughouseTracker', () => {
  const session = [
    'Creating: A (++++) B (++++) unrated bughouse 10 0',
    '{Game 36 (A vs. B) Creating unrated bughouse match.}',
    'Your partner is playing game 41 (C vs. D).',
    board(36, START, 'W -1 1 1 1 1 0 # A B -1 10 0 39 39 600 600 1 none (0:00) none 1 1 0'),
    '<b1> game 36 white [] black []',
    board(
      36,
      'rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR',
      'B 4 1 1 1 1 0 # A B 1 10 0 39 39 584 600 1 P/e2-e4 (0:16) e4 1 1 0',
    ),
    '<b1> game 36 white [] black []',
    '<b1> game 36 white [] black [N] <- BN',
    board(
      36,
      'rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR',
      'W 4 1 1 1 1 0 # A B 1 10 0 39 39 584 590 2 P/e7-e5 (0:10) e5 1 1 0',
    ),
    '<b1> game 36 white [] black [N]',
    board(
      36,
      'rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R',
      'B -1 1 1 1 1 0 # A B 1 10 0 39 39 580 590 2 N/g1-f3 (0:04) Nf3 1 1 0',
    ),
    '<b1> game 36 white [] black [N]',
    board(
      36,
      'rnbqkbnr pppp-ppp -------- ----p--- ----P-n- -----N-- PPPP-PPP RNBQKB-R',
      'W -1 1 1 1 1 0 # A B 1 10 0 39 42 580 585 3 N/@@-g4 (0:05) N@g4 1 1 0',
    ),
    '<b1> game 36 white [] black []',
    '{Game 36 (A vs. B) B resigns} 1-0',
  ];

  it('links the boards, names the game bughouse, and records the piece the partner passed', () => {
    const { events } = run(session);
    expect(events.filter((e) => e.kind === 'partner')).toEqual([
      { kind: 'partner', gameNumber: 36, partner: 41 },
      { kind: 'partner', gameNumber: 41, partner: 36 },
    ]);
    const passes = events.flatMap((e) => (e.kind === 'pass' ? [e.pass] : []));
    expect(passes).toEqual([{ ply: 1, color: 'black', role: 'knight' }]);
    const ended = events.find((e) => e.kind === 'game-ended')?.game as BughouseTrackedGame;
    expect(ended.variant).toBe('bughouse');
    expect(ended.partner).toBe(41);
    expect(ended.moves).toHaveLength(4);
    expect(ended.initial.variant).toBe('bughouse');
    expect(ended.initial.pockets?.black.knight).toBe(0);
    expect(ended.setup.pockets?.black.knight).toBe(0);
  });

  it('gives a board whose one-board PGN reads back to the server’s last position', () => {
    const { events } = run(session);
    const ended = events.find((e) => e.kind === 'game-ended')?.game as BughouseTrackedGame;
    // As tracked, the drop's knight is not in hand at the start: the PGN reader would refuse it.
    const text = writePgn(gameToPgn(heldFromStart(ended), { server: 'FICS' }));
    expect(text).toContain('[Variant "Bughouse"]');
    const [read] = parsePgn(text);
    expect(read?.ok).toBe(true);
    if (read?.ok) expect(placed(finalSetup(read.value))).toEqual(placed(ended.setup));
  });

  it('takes holdings first seen after moves back to the start', () => {
    // Without the rules, the tracker takes the drop as the server's word.
    const tracker = createBughouseTracker();
    tracker.push({ kind: 'text', text: '{Game 36 (A vs. B) Creating unrated bughouse match.}' });
    const lines = session.filter((line) => !line.startsWith('<b1>') && !line.startsWith('{Game'));
    run(lines.slice(0, 7), tracker);
    // Four moves in, a knight dropped, then a pawn passed: Black held the knight at the start.
    tracker.push(unwrap(parseHoldings('<b1> game 36 white [] black [P] <- BP')));
    const game = tracker.board(36);
    expect(game?.moves).toHaveLength(4);
    expect(game?.passes).toEqual([{ ply: 4, color: 'black', role: 'pawn' }]);
    expect(game?.initial.pockets?.black).toMatchObject({ pawn: 0, knight: 1 });
    expect(game?.setup.pockets?.black).toMatchObject({ pawn: 1, knight: 0 });
  });

  it('links by <g1> and by link(), and leaves other games as the style12 tracker has them', () => {
    const tracker = createBughouseTracker();
    expect(
      tracker.push({
        kind: 'text',
        text: '<g1> 12 p=0 t=bughouse r=1 u=0,0 it=180,0 i=180,0 pt=13 rt=1500,1600 ts=1,1',
      }),
    ).toEqual([
      { kind: 'partner', gameNumber: 12, partner: 13 },
      { kind: 'partner', gameNumber: 13, partner: 12 },
    ]);
    expect(tracker.link(12, 13)).toEqual([]);
    expect(tracker.link(20, 21)).toHaveLength(2);
    const { events } = run(
      [board(5, START, 'W -1 1 1 1 1 0 # A B 0 3 0 39 39 180 180 1 none (0:00) none 0 0 0')],
      tracker,
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.kind === 'game-started' && events[0].game.variant).toBeUndefined();
    expect(tracker.board(5)).toBeUndefined();
  });
});

describe.skipIf(CAPTURE === undefined)('the real FICS bughouse capture (games 76 and 97, observed)', () => {
  const text = CAPTURE === undefined ? '' : readFileSync(CAPTURE, 'utf8');

  it('follows both boards to their ends, and each board’s PGN reads back to the server’s last position', () => {
    const tracker = createBughouseTracker({ moves: { parseVerbose, parseSan } });
    // Observers are told no partner numbers without the gameinfo ivar: the client links the boards.
    tracker.link(76, 97);
    const scanner = createStyle12Scanner();
    const events = [...scanner.push(text), ...scanner.end()].flatMap((event) => tracker.push(event));
    expect(events.filter((e) => e.kind === 'error')).toEqual([]);
    const ended = new Map(
      events.flatMap((e) => (e.kind === 'game-ended' ? [[e.game.gameNumber, e.game as BughouseTrackedGame]] : [])),
    );
    const a = ended.get(76);
    const b = ended.get(97);
    expect(a?.result).toBe('0-1');
    expect(b?.result).toBe('1-0');
    expect(a?.partner).toBe(97);
    // Observed from the 5th move of game 76 and the 9th of game 97: 31 and 28 boards, every move read.
    expect([a?.moves.length, b?.moves.length]).toEqual([30, 27]);
    expect(a?.passes.length).toBeGreaterThan(5);
    for (const game of [a, b]) {
      if (game === undefined) throw new Error('a board did not end');
      const pgn = writePgn(gameToPgn(heldFromStart(game), { server: 'FICS' }));
      expect(pgn).toContain('[Variant "Bughouse"]');
      const [read] = parsePgn(pgn);
      if (!read?.ok) throw new Error(`game ${game.gameNumber}: ${JSON.stringify(read)}`);
      expect(placed(finalSetup(read.value))).toEqual(placed(game.setup));
      // Without the passed pieces held from the start, the first drop of a passed piece is refused.
      const [bare] = parsePgn(writePgn(gameToPgn(game, { server: 'FICS' })));
      expect(bare?.ok).toBe(false);
    }
  });
});

describe('the positions of a bughouse board', () => {
  it('are named as board-core names them', async () => {
    const { variantByKey, withVariant, standardSetup } = await import('@chess-formats/board-core');
    const { events } = run([
      '{Game 3 (A vs. B) Creating unrated bughouse match.}',
      board(3, START, 'W -1 1 1 1 1 0 # A B -1 10 0 39 39 600 600 1 none (0:00) none 1 1 0'),
    ]);
    const started = events.find((e) => e.kind === 'game-started')?.game;
    expect(started?.initial).toEqual(withVariant(standardSetup(), variantByKey('bughouse')!));
  });
});
