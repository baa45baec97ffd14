import { STANDARD, emptyPocket, moveToJson, parseSan, parseVerbose, unwrap } from '@chess-formats/board-core';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  createStyle12Scanner,
  createStyle12Tracker,
  parseHoldings,
  parseStyle12,
  type Style12,
  type Style12TrackerEvent,
} from './index.js';
import { START, gameLines } from './testing/games.js';

const records = (lines: readonly string[]): Style12[] => lines.map((line) => unwrap(parseStyle12(line)));
const kinds = (events: readonly Style12TrackerEvent[]): string[] => events.map((e) => e.kind);

/** The tracker's events for a FICS stream, through the scanner. */
function track(stream: string, tracker = createStyle12Tracker()): Style12TrackerEvent[] {
  const scanner = createStyle12Scanner();
  return [...scanner.push(stream), ...scanner.end()].flatMap((e) => tracker.push(e));
}

describe('createStyle12Tracker', () => {
  const game = records(gameLines(START, ['e4', 'e5', 'Nf3', 'Nc6']));

  test('a move from an empty square is an error, and the moves start again from the board', () => {
    // Without the rules (as the CLI runs it) the tracker once kept N/g4-f3 with g4 empty.
    const tracker = createStyle12Tracker();
    const forged = { ...(game[3] as Style12), verboseMove: 'N/g4-f3' };
    const events = ([game[0], game[1], game[2], forged] as Style12[]).flatMap((r) => tracker.push(r));
    expect(kinds(events)).toEqual(['game-started', 'move', 'move', 'error', 'position']);
    expect(tracker.game(7)?.moves).toEqual([]);
    expect(tracker.game(7)?.initial).toBe(forged.setup);
  });

  test('reports a new game, then moves as board-core moves with the clock after each', () => {
    const tracker = createStyle12Tracker();
    const events = game.flatMap((r) => tracker.push(r));
    expect(kinds(events)).toEqual(['game-started', 'move', 'move', 'move', 'move']);
    const tracked = tracker.game(7);
    expect(tracked?.moves.map((m) => moveToJson(STANDARD, m.move))).toEqual([
      { kind: 'normal', from: 'e2', to: 'e4' },
      { kind: 'normal', from: 'e7', to: 'e5' },
      { kind: 'normal', from: 'g1', to: 'f3' },
      { kind: 'normal', from: 'b8', to: 'c6' },
    ]);
    expect(tracked?.moves[0]?.clockMs).toBe(game[1]?.whiteRemainingMs);
    expect(tracked?.moves[1]?.clockMs).toBe(game[2]?.blackRemainingMs);
    expect([tracked?.white.name, tracked?.black.name, tracked?.relation, tracked?.setup.fullmoves]).toEqual([
      'Alice',
      'Bob',
      'observing',
      3,
    ]);
    expect(tracked?.initial).toEqual(START);
    expect(tracked?.clocks).toEqual({ white: game[4]?.whiteRemainingMs, black: game[4]?.blackRemainingMs });
    expect(tracked?.timeControl?.white).toEqual({
      initialMs: (game[0]?.initialTimeMinutes ?? 0) * 60_000,
      incrementMs: (game[0]?.incrementSeconds ?? 0) * 1000,
    });
    expect(tracker.record(7)).toBe(game[4]);
  });

  test('reports the same board again as a clock event, takebacks (the move number going back) and jumps', () => {
    const tracker = createStyle12Tracker({ moves: { parseVerbose, parseSan } });
    const events = [game[0], game[1], game[2], game[2], game[1], game[4]].flatMap((r) => tracker.push(r as Style12));
    expect(kinds(events)).toEqual(['game-started', 'move', 'move', 'clock', 'takeback', 'position']);
    const takeback = events[4];
    expect(takeback?.kind === 'takeback' && [takeback.plies, takeback.game.moves.length]).toEqual([1, 1]);
    expect(tracker.game(7)?.moves).toEqual([]);
    expect(tracker.game(7)?.initial).toEqual(tracker.game(7)?.setup);
  });

  test('keeps holdings as the pockets of the position, even when they come first', () => {
    const tracker = createStyle12Tracker();
    expect(tracker.push(unwrap(parseHoldings('<b1> game 7 white [P] black []')))).toEqual([]);
    tracker.push(game[0] as Style12);
    expect(tracker.game(7)?.setup.pockets?.white.pawn).toBe(1);
    const [event] = tracker.push(unwrap(parseHoldings('<b1> game 7 white [PN] black [Q] <- WN')));
    expect(event?.kind === 'holdings' && event.game.setup.pockets?.black.queen).toBe(1);
  });

  test("holdings after the first board (as FICS sends them) are the start position's; after a move, only the current one's", () => {
    const tracker = createStyle12Tracker();
    tracker.push(game[0] as Style12);
    const [event] = tracker.push(unwrap(parseHoldings('<b1> game 7 white [] black []')));
    expect(event?.kind).toBe('holdings');
    expect(tracker.game(7)?.initial.pockets?.white.pawn).toBe(0);
    tracker.push(game[1] as Style12);
    tracker.push(unwrap(parseHoldings('<b1> game 7 white [P] black []')));
    expect([tracker.game(7)?.initial.pockets?.white.pawn, tracker.game(7)?.setup.pockets?.white.pawn]).toEqual([0, 1]);
    expect(tracker.game(7)?.moves).toHaveLength(1);
  });

  test("holdings of untracked games neither start a game nor evict a tracked game's pockets", () => {
    const tracker = createStyle12Tracker({ maxGames: 2 });
    tracker.push(game[0] as Style12);
    tracker.push(unwrap(parseHoldings('<b1> game 7 white [Q] black []')));
    for (let n = 100; n < 110; n++)
      expect(tracker.push(unwrap(parseHoldings(`<b1> game ${String(n)} white [P] black []`)))).toEqual([]);
    expect(tracker.games().map((g) => g.gameNumber)).toEqual([7]);
    tracker.push(game[1] as Style12);
    expect(tracker.game(7)?.setup.pockets?.white.queen).toBe(1);
  });

  test('games end on their result line, with the result and the reason; isolated positions are skipped', () => {
    const tracker = createStyle12Tracker();
    const other = gameLines(START, [], { gameNumber: 12 });
    const isolated = gameLines(START, [], { gameNumber: 3, relation: -3 });
    const stream = [
      ...gameLines(START, ['e4']),
      ...other,
      ...isolated,
      '{Game 7 (Alice vs. Bob) Bob resigns} 1-0',
      'Removing game 12 from observation list.',
      '{Game 99 (Carol vs. Dave) Carol resigns} 0-1',
      '',
    ].join('\n\r');
    const events = track(stream, tracker);
    const shown = events.map((e) =>
      e.kind === 'game-ended'
        ? `ended ${String(e.game.gameNumber)} ${e.result} ${e.reason}`
        : e.kind === 'game-left'
          ? `left ${String(e.game.gameNumber)} ${e.why}`
          : e.kind,
    );
    expect(shown).toEqual([
      'game-started',
      'move',
      'game-started',
      'ended 7 1-0 Bob resigns',
      'left 7 ended',
      'left 12 unobserved',
    ]);
    const left = events[4];
    expect(left?.kind === 'game-left' && [left.game.result, left.game.reason]).toEqual(['1-0', 'Bob resigns']);
    expect(tracker.games()).toEqual([]);
  });

  // One line of each kind FICS ends a game with (the texts of its game_ended), as the server sends them.
  test.each([
    ['resign', '{Game 107 (gbtami vs. ggbtami) gbtami resigns} 0-1', '0-1', 'gbtami resigns'],
    ['checkmate', '{Game 107 (gbtami vs. ggbtami) gbtami checkmated} 0-1', '0-1', 'gbtami checkmated'],
    ['time forfeit', '{Game 107 (Kratt vs. ggbtami) Kratt forfeits on time} 0-1', '0-1', 'Kratt forfeits on time'],
    [
      'time, no mating material',
      '{Game 107 (gbtami vs. ggbtami) gbtami ran out of time and ggbtami has no material to mate} 1/2-1/2',
      '1/2-1/2',
      'gbtami ran out of time and ggbtami has no material to mate',
    ],
    [
      'mutual draw',
      '{Game 107 (gbtami vs. ggbtami) Game drawn by mutual agreement} 1/2-1/2',
      '1/2-1/2',
      'Game drawn by mutual agreement',
    ],
    [
      'stalemate',
      '{Game 107 (gbtami vs. ggbtami) Game drawn by stalemate} 1/2-1/2',
      '1/2-1/2',
      'Game drawn by stalemate',
    ],
    [
      'repetition',
      '{Game 107 (gbtami vs. ggbtami) Game drawn by repetition} 1/2-1/2',
      '1/2-1/2',
      'Game drawn by repetition',
    ],
    ['abort on move 1', '{Game 107 (gbtami vs. ggbtami) Game aborted on move 1} *', '*', 'Game aborted on move 1'],
    [
      'abort by agreement',
      '{Game 107 (gbtami vs. ggbtami) Game aborted by mutual agreement} *',
      '*',
      'Game aborted by mutual agreement',
    ],
    [
      'adjournment',
      '{Game 107 (gbtami vs. ggbtami) Game adjourned by mutual agreement} *',
      '*',
      'Game adjourned by mutual agreement',
    ],
    [
      'courtesy adjournment',
      '{Game 107 (gbtami vs. ggbtami) Game courtesyadjourned by ggbtami} *',
      '*',
      'Game courtesyadjourned by ggbtami',
    ],
    [
      'courtesy abort',
      '{Game 107 (gbtami vs. ggbtami) Game courtesyaborted by ggbtami} *',
      '*',
      'Game courtesyaborted by ggbtami',
    ],
    [
      'forfeit by disconnection',
      '{Game 107 (gbtami vs. ggbtami) ggbtami forfeits by disconnection} 1-0',
      '1-0',
      'ggbtami forfeits by disconnection',
    ],
    [
      'adjourned by disconnection',
      '{Game 107 (gbtami vs. ggbtami) ggbtami lost connection; game adjourned} *',
      '*',
      'ggbtami lost connection; game adjourned',
    ],
    [
      'adjudication win',
      '{Game 107 (gbtami vs. ggbtami) gbtami wins by adjudication} 1-0',
      '1-0',
      'gbtami wins by adjudication',
    ],
    [
      'adjudication draw',
      '{Game 107 (gbtami vs. ggbtami) Game drawn by adjudication} 1/2-1/2',
      '1/2-1/2',
      'Game drawn by adjudication',
    ],
    [
      "bughouse partner's win",
      "{Game 107 (gbtami vs. ggbtami) gbtami's partner won} 1-0",
      '1-0',
      "gbtami's partner won",
    ],
  ])('ends a game: %s', (_kind, line, result, reason) => {
    const start = gameLines(START, ['e4'], { gameNumber: 107, whiteName: 'gbtami', blackName: 'ggbtami' });
    const events = track([...start, line, ''].join('\n\r'));
    const ended = events.find((e) => e.kind === 'game-ended');
    expect(ended?.kind === 'game-ended' && [ended.result, ended.reason, ended.game.result, ended.game.reason]).toEqual([
      result,
      reason,
      result,
      reason,
    ]);
    expect(kinds(events)).toEqual(['game-started', 'move', 'game-ended', 'game-left']);
  });

  test('a game-start line (no result after the brace) ends nothing', () => {
    const start = gameLines(START, [], { gameNumber: 107 });
    expect(
      kinds(track([...start, '{Game 107 (gbtami vs. ggbtami) Creating unrated blitz match.}', ''].join('\n'))),
    ).toEqual(['game-started']);
  });

  test('holds at most maxGames games, evicting the stalest', () => {
    const tracker = createStyle12Tracker({ maxGames: 2 });
    const lines = [1, 2, 1, 3].map((n) => gameLines(START, [], { gameNumber: n })[0] ?? '');
    const events = records(lines).flatMap((r) => tracker.push(r));
    expect(events.map((e) => (e.kind === 'game-left' ? `left ${String(e.game.gameNumber)} ${e.why}` : e.kind))).toEqual(
      ['game-started', 'game-started', 'clock', 'game-started', 'left 2 evicted'],
    );
  });

  test('a maxGames that is not a whole number from 1 is the default, so eviction stays on', () => {
    for (const maxGames of [Number.NaN, -1, 0, 1.5, Number.POSITIVE_INFINITY]) {
      const tracker = createStyle12Tracker({ maxGames });
      const lines = Array.from({ length: 70 }, (_, n) => gameLines(START, [], { gameNumber: n + 1 })[0] ?? '');
      records(lines).forEach((r) => tracker.push(r));
      expect(tracker.games().length).toBe(64);
    }
  });

  test('never throws on inputs that are not records, holdings or scanner events', () => {
    const tracker = createStyle12Tracker(null as never);
    for (const input of [null, undefined, 42, 'x', {}, { kind: 'text' }, { kind: 'board' }, []])
      expect(tracker.push(input as never)).toEqual([]);
  });
});

describe('createStyle12Tracker: what FICS says of a game', () => {
  const board = (n = 7) => gameLines(START, [], { gameNumber: n })[0] as string;

  test('the start notice names the variant and rated; the setup is completed for it before any <b1>', () => {
    const tracker = createStyle12Tracker();
    track(['{Game 7 (Alice vs. Bob) Creating unrated crazyhouse match.}', board(), ''].join('\n\r'), tracker);
    const game = tracker.game(7);
    expect([game?.variant, game?.rated, game?.initial.pockets?.white.pawn, game?.setup.pockets?.black.queen]).toEqual([
      'crazyhouse',
      false,
      0,
      0,
    ]);
  });

  test("the observe header gives the players' ratings (E and P suffixes, ++++ and ---- none), rated and the type", () => {
    const tracker = createStyle12Tracker();
    const stream = [
      'You are now observing game 7.',
      'Game 7: Alice (2158E) Bob (++++) rated wild/fr 7 8',
      '',
      board(),
      '',
    ].join('\n\r');
    track(stream, tracker);
    const game = tracker.game(7);
    expect([game?.variant, game?.rated, game?.white, game?.black]).toEqual([
      'wild/fr',
      true,
      { name: 'Alice', rating: 2158 },
      { name: 'Bob' },
    ]);
    // The next board keeps what the header said.
    tracker.push(records(gameLines(START, ['e4'], { gameNumber: 7 }))[1] as Style12);
    expect(tracker.game(7)?.white.rating).toBe(2158);
  });

  test('<g1> gives type, rated and ratings, before the board or after it', () => {
    const before = createStyle12Tracker();
    track(
      ['<g1> 7 p=0 t=crazyhouse r=1 u=0,0 it=60,0 i=60,0 pt=0 rt=1768,1500P ts=1,1 m=2 n=1', board(), ''].join('\n'),
      before,
    );
    const after = createStyle12Tracker();
    track(
      [board(), '<g1> 7 p=0 t=crazyhouse r=1 u=0,0 it=60,0 i=60,0 pt=0 rt=1768,1500P ts=1,1 m=2 n=1', ''].join('\n'),
      after,
    );
    for (const tracker of [before, after]) {
      const game = tracker.game(7);
      expect([
        game?.variant,
        game?.rated,
        game?.white.rating,
        game?.black.rating,
        game?.initial.pockets?.white.pawn,
      ]).toEqual(['crazyhouse', true, 1768, 1500, 0]);
    }
  });

  test('the Creating line gives the ratings to the start notice after it, by name; Game notification names its game', () => {
    const tracker = createStyle12Tracker();
    const stream = [
      'Creating: Bob (1500P) Alice (----) rated crazyhouse 3 0',
      '{Game 7 (Alice vs. Bob) Creating rated crazyhouse match.}',
      board(),
      'Game notification: Carol (2100) vs. Dave (++++) unrated wild/fr 5 0: Game 8',
      board(8),
      '',
    ].join('\n');
    track(stream, tracker);
    expect([tracker.game(7)?.white, tracker.game(7)?.black, tracker.game(7)?.variant]).toEqual([
      { name: 'Alice' },
      { name: 'Bob', rating: 1500 },
      'crazyhouse',
    ]);
    expect([tracker.game(8)?.white.rating, tracker.game(8)?.rated, tracker.game(8)?.variant]).toEqual([
      2100,
      false,
      'wild/fr',
    ]);
  });

  test("facts of a game not followed are dropped when it ends, and bounded; another game's are not taken", () => {
    const tracker = createStyle12Tracker({ maxGames: 2 });
    const lines = [
      '{Game 8 (Carol vs. Dave) Creating rated crazyhouse match.}',
      '{Game 8 (Carol vs. Dave) Dave resigns} 1-0',
      '{Game 9 (Carol vs. Dave) Creating rated atomic match.}',
      '{Game 10 (Carol vs. Dave) Creating rated atomic match.}',
      '{Game 11 (Carol vs. Dave) Creating rated atomic match.}',
      board(7),
      board(8),
      board(9),
      '',
    ];
    track(lines.join('\n'), tracker);
    expect([tracker.game(7)?.variant, tracker.game(8)?.variant, tracker.game(9)?.variant]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  /** A board after 1. e4 d5 2. exd5 as atomic plays it: the capture explodes both pawns. */
  function explosion(): Style12 {
    const [, , afterD5] = records(gameLines(START, ['e4', 'd5']));
    const setup = (afterD5 as Style12).setup;
    const pieces = setup.board.pieces.map((p, square) => (square === 28 || square === 35 ? undefined : p));
    return {
      ...(afterD5 as Style12),
      setup: { ...setup, board: { ...setup.board, pieces }, turn: 'black', halfmoves: 0 },
      verboseMove: 'P/e4-d5',
      sanMove: 'exd5',
    };
  }

  test.each([
    ['without the rules', {}],
    ['with the rules', { moves: { parseVerbose, parseSan } }],
  ] as const)(
    '%s, a game of a type no variant plays keeps a move whose piece left the board (atomic), where chess would start again',
    (_how, options) => {
      const moves = records(gameLines(START, ['e4', 'd5']));
      const named = createStyle12Tracker(options);
      named.push({ kind: 'text', text: '{Game 7 (Alice vs. Bob) Creating rated atomic match.}' });
      const events = [...moves, explosion()].flatMap((r) => named.push(r));
      expect(kinds(events)).toEqual(['game-started', 'move', 'move', 'move']);
      expect(moveToJson(STANDARD, named.game(7)?.moves[2]?.move as never)).toEqual({
        kind: 'normal',
        from: 'e4',
        to: 'd5',
      });
      // Read as chess without the rules, the empty destination is an error and the list starts again.
      if (Object.keys(options).length === 0) {
        const chess = createStyle12Tracker(options);
        expect(kinds([...moves, explosion()].flatMap((r) => chess.push(r)))).toEqual([
          'game-started',
          'move',
          'move',
          'error',
          'position',
        ]);
      }
    },
  );

  test('the moves of a named variant are read by its rules: a crazyhouse drop, a Chess960 castle', () => {
    const tracker = createStyle12Tracker({ moves: { parseVerbose, parseSan } });
    tracker.push({ kind: 'text', text: '{Game 7 (Alice vs. Bob) Creating rated crazyhouse match.}' });
    const lines = gameLines({ ...START, pockets: { white: { ...emptyPocket(), knight: 1 }, black: emptyPocket() } }, [
      'N@f3',
    ]);
    tracker.push(records(lines)[0] as Style12);
    tracker.push(unwrap(parseHoldings('<b1> game 7 white [N] black []')));
    const [event] = tracker.push(records(lines)[1] as Style12);
    expect(event?.kind === 'move' && moveToJson(STANDARD, event.move)).toEqual({
      kind: 'drop',
      role: 'knight',
      to: 'f3',
    });
  });
});

describe('createStyle12Tracker on a long game', () => {
  test('follows it in time linear in its length: a late move costs what an early one does', () => {
    // The moves were copied at every move: 66,666 moves of a game took minutes.
    const shuffle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
    const game = records(
      gameLines(
        START,
        Array.from({ length: 16_000 }, (_, i) => shuffle[i % 4] as string),
      ),
    );
    // The time of moves 1,001-2,000 and of moves 15,001-16,000 of one game, the fastest of three
    // games kept: a copy of the moves at every move makes the late ones about ten times dearer.
    let [early, late] = [Infinity, Infinity];
    for (let run = 0; run < 4; run++) {
      const tracker = createStyle12Tracker();
      const span = (from: number, to: number) => {
        const started = performance.now();
        for (let i = from; i < to; i++) tracker.push(game[i] as Style12);
        return performance.now() - started;
      };
      span(0, 1_001);
      const first = span(1_001, 2_001);
      span(2_001, 15_001);
      const last = span(15_001, 16_001);
      expect(tracker.game(7)?.moves.length).toBe(16_000);
      // The first game warms the code up.
      if (run > 0) [early, late] = [Math.min(early, first), Math.min(late, last)];
    }
    expect(late / early).toBeLessThan(4);
  });

  test('each event keeps the moves of its own moment', () => {
    const tracker = createStyle12Tracker();
    const game = records(gameLines(START, ['e4', 'e5', 'Nf3', 'Nc6']));
    const events = game.flatMap((record) => tracker.push(record));
    expect(events.map((event) => ('game' in event ? event.game.moves.length : -1))).toEqual([0, 1, 2, 3, 4]);
    const takeback = records(gameLines(START, ['e4', 'e5']))[2] as Style12;
    const back = tracker.push(takeback);
    expect(back.map((event) => event.kind)).toEqual(['takeback']);
    expect(events.map((event) => ('game' in event ? event.game.moves.length : -1))).toEqual([0, 1, 2, 3, 4]);
    expect(tracker.game(7)?.moves.length).toBe(2);
  });
});

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const REAL_LINES = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real/fics-lines.jsonl'))
  .find((path) => existsSync(path));

describe.skipIf(REAL_LINES === undefined)(
  "the real FICS lines that say what a game is (the shared data's fics-lines.jsonl)",
  () => {
    interface Row {
      readonly kind: string;
      readonly raw: string;
      readonly expect: Record<string, string | number | boolean>;
    }
    const rows = (REAL_LINES === undefined ? '' : readFileSync(REAL_LINES, 'utf8'))
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Row)
      .filter((row) => ['game-start-notice', 'observe-header', 'g1', 'game-notification'].includes(row.kind));

    test('each names its game, type and rated, and the ratings it carries, as a reader of the line must', () => {
      const rating = (text: unknown) => {
        const value = Number(/\d+/.exec(String(text ?? ''))?.[0] ?? 0);
        return value > 0 ? value : undefined;
      };
      const counts = new Map<string, number>();
      for (const row of rows) {
        const e = row.expect;
        const gameNumber = Number(e.game);
        const tracker = createStyle12Tracker();
        track(`${row.raw}\n${gameLines(START, [], { gameNumber })[0] as string}\n`, tracker);
        const game = tracker.game(gameNumber);
        const [type, rated] = row.kind === 'g1' ? [e.t, e.r === '1'] : [e.type, e.rated];
        const [white, black] = row.kind === 'g1' ? String(e.rt).split(',') : [e.whiteRating, e.blackRating];
        expect([game?.variant, game?.rated]).toEqual([type, rated]);
        if (row.kind !== 'game-start-notice')
          expect([game?.white.rating, game?.black.rating]).toEqual([rating(white), rating(black)]);
        counts.set(row.kind, (counts.get(row.kind) ?? 0) + 1);
      }
      console.log(`real FICS game lines read: ${[...counts].map(([kind, n]) => `${kind} ${String(n)}`).join(', ')}`);
      expect(counts.get('game-start-notice')).toBeGreaterThan(30);
    });
  },
);
