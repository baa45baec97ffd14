import { STANDARD, moveToJson, parseSan, parseVerbose, unwrap } from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { createStyle12Scanner, createStyle12Tracker, parseHoldings, parseStyle12, type Style12, type TrackerEvent } from './index.js';
import { START, gameLines } from './testing/games.js';

const records = (lines: readonly string[]): Style12[] => lines.map((line) => unwrap(parseStyle12(line)));
const kinds = (events: readonly TrackerEvent[]): string[] => events.map((e) => e.type);

describe('createStyle12Tracker', () => {
  const game = records(gameLines(START, ['e4', 'e5', 'Nf3', 'Nc6']));

  test('reports a new game, then moves as board-core moves', () => {
    const tracker = createStyle12Tracker();
    const events = game.flatMap((r) => tracker.push(r));
    expect(kinds(events)).toEqual(['new-game', 'move', 'move', 'move', 'move']);
    const tracked = tracker.game(7);
    expect(tracked?.moves.map((m) => moveToJson(STANDARD, m))).toEqual([
      { kind: 'normal', from: 'e2', to: 'e4' },
      { kind: 'normal', from: 'e7', to: 'e5' },
      { kind: 'normal', from: 'g1', to: 'f3' },
      { kind: 'normal', from: 'b8', to: 'c6' },
    ]);
    expect([tracked?.whiteName, tracked?.blackName, tracked?.relation, tracked?.setup.fullmoves]).toEqual(['Alice', 'Bob', 0, 3]);
  });

  test('reports refreshes, takebacks (the move number going back) and jumps', () => {
    const tracker = createStyle12Tracker({ moves: { parseVerbose, parseSan } });
    const events = [game[0], game[1], game[2], game[2], game[1], game[4]].flatMap((r) => tracker.push(r as Style12));
    expect(kinds(events)).toEqual(['new-game', 'move', 'move', 'refresh', 'takeback', 'position']);
    const takeback = events[4];
    expect(takeback?.type === 'takeback' && [takeback.plies, takeback.game.moves.length]).toEqual([1, 1]);
    expect(tracker.game(7)?.moves).toEqual([]);
  });

  test('keeps holdings as the pockets of the position, even when they come first', () => {
    const tracker = createStyle12Tracker();
    expect(tracker.push(unwrap(parseHoldings('<b1> game 7 white [P] black []')))).toEqual([]);
    tracker.push(game[0] as Style12);
    expect(tracker.game(7)?.setup.pockets?.white.pawn).toBe(1);
    const [event] = tracker.push(unwrap(parseHoldings('<b1> game 7 white [PN] black [Q] <- WN')));
    expect(event?.type === 'holdings' && event.game.setup.pockets?.black.queen).toBe(1);
  });

  test('games leave on their result line or when no longer observed; isolated positions are skipped', () => {
    const tracker = createStyle12Tracker();
    const scanner = createStyle12Scanner();
    const other = gameLines(START, [], { gameNumber: 12 });
    const isolated = gameLines(START, [], { gameNumber: 3, relation: -3 });
    const stream = [
      ...gameLines(START, ['e4']),
      ...other,
      ...isolated,
      '{Game 7 (Alice vs. Bob) Bob resigns} 1-0',
      'Removing game 12 from observation list.',
      '',
    ].join('\n\r');
    const events = [...scanner.push(stream), ...scanner.end()].flatMap((e) => tracker.push(e));
    expect(events.map((e) => (e.type === 'game-left' ? `${e.type} ${String(e.gameNumber)} ${e.reason}` : e.type))).toEqual([
      'new-game',
      'move',
      'new-game',
      'game-left 7 ended',
      'game-left 12 removed',
    ]);
    expect(tracker.games()).toEqual([]);
  });

  test('holds at most maxGames games, evicting the stalest', () => {
    const tracker = createStyle12Tracker({ maxGames: 2 });
    const lines = [1, 2, 1, 3].map((n) => gameLines(START, [], { gameNumber: n })[0] ?? '');
    const events = records(lines).flatMap((r) => tracker.push(r));
    expect(events.map((e) => (e.type === 'game-left' ? `left ${String(e.gameNumber)}` : e.type))).toEqual([
      'new-game',
      'new-game',
      'refresh',
      'new-game',
      'left 2',
    ]);
  });
});
