import { describe, expect, test } from 'vitest';
import { play, writeSan, type TrackedGame } from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import { createIccDecoder, type IccEvent } from './decoder.js';
import { SAMPLE_SESSION, SAMPLE_SETTINGS } from './testing/sample.js';
import { createIccTracker, type IccTracker, type IccTrackerError, type IccTrackerEvent } from './tracker.js';

const Y = '\x19';
const SETTINGS = ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK'] as const;
const STARTED = `${Y}(18 7 Alice Bob 0 Blitz 1 3 0 3 0 1 {} 1800 1700 99 {} {GM} 0 0 0 {} 0${Y})`;

interface Run {
  readonly tracker: IccTracker;
  readonly events: IccTrackerEvent[];
  readonly errors: IccTrackerError[];
  /** Every game as it was when it left the tracker, by number. */
  readonly left: Map<number, TrackedGame>;
}

function run(input: string | Uint8Array, settings: readonly string[] = SETTINGS): Run {
  const decoder = createIccDecoder({ settings: settings as typeof SETTINGS });
  const decoded: IccEvent[] = [...decoder.push(input), ...decoder.end()];
  const tracker = createIccTracker();
  const events = decoded.flatMap((e) => tracker.push(e));
  const errors = events.flatMap((e) => (e.kind === 'error' ? [e.error] : []));
  const left = new Map(events.flatMap((e) => (e.kind === 'game-left' ? [[e.game.gameNumber, e.game] as const] : [])));
  return { tracker, events, errors, left };
}

const fenOf = (game: TrackedGame | undefined): string => (game ? writeFen(game.setup) : '');
const kinds = (events: readonly IccTrackerEvent[]): string[] => events.map((e) => e.kind);

/** A game-started datagram (DG_STARTED_OBSERVING) for game 7 of wild `wild`, with ICC's two legality flags. */
const startedWild = (wild: number, irregularLegality = 0, irregularSemantics = 0): string =>
  `${Y}(18 7 Alice Bob ${String(wild)} Wild 1 3 0 3 0 1 {} 1800 1700 99 {} {} ${String(irregularLegality)} ${String(irregularSemantics)} 0 {} 0${Y})`;

describe('the game tracker: ICC wild numbers', () => {
  test('a wild board-core plays is followed by its rules: crazyhouse drops, three-check counters, Chess960 named', () => {
    const zh = run(
      `${startedWild(23, 1)}${Y}(24 7 e4 e2e4 175${Y})${Y}(24 7 d5 d7d5 175${Y})${Y}(24 7 exd5 e4d5p 170${Y})${Y}(24 7 Qxd5 d8d5p 170${Y})${Y}(24 7 P@e4 P@e4 160${Y})`,
    );
    expect(zh.errors).toEqual([]);
    const game = zh.tracker.game(7);
    expect([
      game?.variant,
      game?.initial.pockets?.white.pawn,
      game?.moves.length,
      game?.setup.pockets?.black.pawn,
    ]).toEqual(['wild/23', 0, 5, 1]);
    expect(zh.tracker.facts(7)?.unsupported).toBeUndefined();
    const check = run(
      `${startedWild(25)}${Y}(24 7 e4 e2e4 175${Y})${Y}(24 7 f5 f7f5 175${Y})${Y}(24 7 Qh5+ d1h5 170${Y})`,
    );
    expect(check.tracker.game(7)?.setup.remainingChecks).toEqual({ white: 2, black: 3 });
  });

  test('the wilds without castling (2, 3, 4) give their positions no castling rights', () => {
    const setBoard = `${Y}(101 7 {rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1} 0${Y})`;
    expect(run(`${startedWild(2)}${setBoard}`).tracker.game(7)?.initial.castlingRooks).toEqual([]);
    expect(run(`${startedWild(5)}${setBoard}`).tracker.game(7)?.initial.castlingRooks).toEqual([0, 7, 56, 63]);
  });

  test('a wild no variant here plays is never checked against chess rules: Smith read from the board, SAN refused, the reason kept', () => {
    for (const wild of [16, 28, 99]) {
      const smith = run(`${startedWild(wild, 1)}${Y}(24 7 e2e4${Y})${Y}(24 7 e7e5${Y})`, ['DG_MOVE_SMITH']);
      expect(smith.tracker.facts(7)?.unsupported).toMatch(/^ICC wild \d+/);
      expect([smith.errors, smith.tracker.game(7)?.moves.length]).toEqual([[], 2]);
      const san = run(`${startedWild(wild, 1)}${Y}(24 7 e4${Y})`, ['DG_MOVE_ALGEBRAIC']);
      expect(san.errors.map((e) => [e.code, e.message.includes('DG_MOVE_SMITH')])).toEqual([
        ['unreplayable-move', true],
      ]);
    }
    // A chess wild that ICC says allows moves beyond chess's: not checked either.
    expect(run(`${startedWild(5, 1)}`).tracker.facts(7)?.unsupported).toContain('irregular legality');
  });
});

describe('the game tracker', () => {
  test('follows both games of the sample session to their ends', () => {
    const { tracker, errors, left, events } = run(SAMPLE_SESSION, SAMPLE_SETTINGS);
    expect(errors).toEqual([]);
    expect(tracker.games()).toEqual([]);
    const observed = left.get(117);
    expect(observed).toMatchObject({
      white: { name: 'Corvid', titles: ['GM'] },
      black: { name: 'Tallis' },
      relation: 'observing',
      result: '1-0',
    });
    expect(fenOf(observed)).toBe('rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6');
    expect(observed?.moves).toHaveLength(10);
    expect(observed?.clocks).toEqual({ white: 174800, black: 0 });
    expect(observed?.running).toBe('white');
    const mine = left.get(214);
    expect(mine).toMatchObject({
      white: { name: 'Lumen' },
      black: { name: 'Bramble' },
      relation: 'playing',
      result: '0-1',
      reason: 'White checkmated',
    });
    const sans: string[] = [];
    let setup = mine?.initial;
    for (const { move } of mine?.moves ?? []) {
      if (!setup) break;
      sans.push(writeSan(setup, move));
      setup = play(setup, move);
    }
    expect(sans).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    const ended = events
      .filter((e) => e.kind === 'game-ended')
      .map((e) => e.kind === 'game-ended' && [e.game.gameNumber, e.result, e.reason]);
    expect(ended).toEqual([
      [214, '0-1', 'White checkmated'],
      [117, '1-0', 'Black forfeits on time'],
    ]);
    expect(kinds(events.filter((e) => e.kind === 'game-left'))).toHaveLength(2);
  });

  test('maps the result datagrams: the score string to a result ("aborted" is *), the description to the reason', () => {
    const result = (score: string, description: string) => {
      const { events, tracker } = run(`${STARTED}${Y}(16 7 1 Res ${score} {${description}} ?${Y})`);
      const ended = events.find((e) => e.kind === 'game-ended');
      return ended?.kind === 'game-ended' ? [ended.result, ended.reason, tracker.facts(7)?.resultCode] : undefined;
    };
    expect(result('1-0', 'Black resigns')).toEqual(['1-0', 'Black resigns', 'Res']);
    expect(result('0-1', 'White forfeits on time')).toEqual(['0-1', 'White forfeits on time', 'Res']);
    expect(result('1/2-1/2', 'Black ran out of time and White has no material to mate')).toEqual([
      '1/2-1/2',
      'Black ran out of time and White has no material to mate',
      'Res',
    ]);
    expect(result('aborted', 'Game aborted by mutual agreement')).toEqual([
      '*',
      'Game aborted by mutual agreement',
      'Res',
    ]);
    expect(result('*', 'Game adjourned by mutual agreement')).toEqual([
      '*',
      'Game adjourned by mutual agreement',
      'Res',
    ]);
    expect(result('*', '')).toEqual(['*', 'Res', 'Res']);
    // DG_GAME_RESULT (13) reads the same way.
    const { events } = run(`${STARTED}${Y}(13 7 0 Mat 0-1 {White checkmated} C20${Y})`);
    expect(events.map((e) => (e.kind === 'game-ended' ? `${e.result} ${e.reason}` : e.kind))).toEqual([
      'game-started',
      '0-1 White checkmated',
    ]);
  });

  test("reports moves with the mover's clock after each, and the game-started facts", () => {
    const { events, tracker } = run(`${STARTED}${Y}(24 7 e4 e2e4 175${Y})${Y}(24 7 e5 e7e5 178${Y})`);
    // The second move completes the position after the first, whose DG_MSEC never came.
    expect(kinds(events)).toEqual(['game-started', 'move', 'position-complete', 'move']);
    const game = tracker.game(7);
    expect(game?.moves.map((m) => m.clockMs)).toEqual([175000, 178000]);
    expect(game?.clocks).toEqual({ white: 175000, black: 178000 });
    expect(game).toMatchObject({
      white: { name: 'Alice', rating: 1800, titles: [] },
      black: { name: 'Bob', rating: 1700, titles: ['GM'] },
      rated: true,
      timeControl: { white: { initialMs: 180000, incrementMs: 0 }, black: { initialMs: 180000, incrementMs: 0 } },
    });
    expect(game?.variant).toBeUndefined();
    expect(tracker.facts(7)).toMatchObject({ wildNumber: 0, ratingType: 'Blitz', moveTexts: ['e2e4', 'e7e5'] });
  });

  test('replays algebraic moves when Smith moves are off', () => {
    const { tracker, errors } = run(`${STARTED}${Y}(24 7 e4${Y})${Y}(24 7 e5${Y})${Y}(24 7 Nf3${Y})`, [
      'DG_MOVE_ALGEBRAIC',
    ]);
    expect(errors).toEqual([]);
    expect(tracker.facts(7)?.moveTexts).toEqual(['e4', 'e5', 'Nf3']);
  });

  test('a move it cannot replay is an error for that game, then it waits for the next position', () => {
    const input = `${STARTED}${Y}(24 7 e4 e2e4 180${Y})${Y}(24 7 Ke3 e1e3 179${Y})${Y}(24 7 e5 e7e5 178${Y})`;
    const broken = run(input);
    expect(broken.errors).toEqual([
      {
        code: 'unreplayable-move',
        gameNumber: 7,
        field: 3,
        offset: expect.any(Number) as unknown,
        message: expect.stringContaining('e1e3') as unknown,
      },
    ]);
    expect(broken.tracker.facts(7)).toMatchObject({ inStep: false, moveTexts: ['e2e4'] });
    const healed = run(
      `${input}${Y}(101 7 {rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2} 0${Y})${Y}(24 7 Nf3 g1f3 177${Y})`,
    );
    expect(healed.tracker.facts(7)).toMatchObject({ inStep: true, moveTexts: ['g1f3'] });
    expect(fenOf(healed.tracker.game(7))).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  });

  test('a castling mark on a king sent to the edge is an unreplayable move, not a throw', () => {
    // `e1a1c` reads as short castling with the king landing on a1, which leaves its rook no square.
    const broken = run(`${STARTED}${Y}(24 7 O-O e1a1c 180${Y})`);
    expect(broken.errors).toEqual([expect.objectContaining({ code: 'unreplayable-move', gameNumber: 7 })]);
    expect(broken.tracker.facts(7)).toMatchObject({ inStep: false });
  });

  test('errors for moves of a game never announced, positions it cannot read, and moves without text', () => {
    expect(run(`${Y}(24 9 e4 e2e4 1${Y})`).errors.map((e) => e.code)).toEqual(['unknown-game']);
    expect(run(`${STARTED}${Y}(101 7 {not a fen} 0${Y})`).errors.map((e) => e.code)).toEqual(['bad-position']);
    expect(run(`${STARTED}${Y}(24 7${Y})`, []).errors.map((e) => e.code)).toEqual(['no-move-text']);
  });

  test('move lists, backward, takeback, flip and clocks', () => {
    const list = `${STARTED}${Y}(25 7 * {e4 e2e4 180}{e5 e7e5 179}{Nf3 g1f3 178}${Y})`;
    const listed = run(list);
    expect(listed.tracker.game(7)?.moves).toHaveLength(3);
    expect(kinds(listed.events)).toEqual(['game-started', 'position']);
    const back = run(`${list}${Y}(23 7 2${Y})${Y}(39 7 1${Y})${Y}(38 7 100 90${Y})${Y}(56 7 W 99500 1${Y})`);
    expect(kinds(back.events)).toEqual(['game-started', 'position', 'position-complete', 'takeback', 'clock', 'clock']);
    expect(back.tracker.facts(7)).toMatchObject({ moveTexts: ['e2e4'], flip: true });
    expect(fenOf(back.tracker.game(7))).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
    expect(back.tracker.game(7)?.clocks).toEqual({ white: 99500, black: 90000 });
    expect(back.tracker.game(7)?.running).toBe('white');
    const taken = run(`${list}${Y}(22 7 1${Y})`);
    expect(taken.tracker.facts(7)?.moveTexts).toEqual(['e2e4', 'e7e5']);
    expect(taken.events.at(-1)).toMatchObject({ kind: 'takeback', plies: 1 });
  });

  test('a long move list is replayed whole', () => {
    const shuffle = ['{g1f3}', '{g8f6}', '{f3g1}', '{f6g8}'];
    const list = Array.from({ length: 2000 }, (_, i) => shuffle[i % 4]).join('');
    const game = run(`${STARTED}${Y}(25 7 * ${list}${Y})`, ['DG_MOVE_SMITH']).tracker.game(7);
    expect(game?.moves).toHaveLength(2000);
    expect(fenOf(game)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2000 1001');
  });

  test('a 64-character board starts a move list; DG_FEN and DG_SET_BOARD set the position', () => {
    const board = `${'r'.padEnd(4, '-')}k${'-'.repeat(51)}R---K--R`;
    const fromBoard = run(`${STARTED}${Y}(25 7 ${board} {O-O e1g1c}${Y})`).tracker.game(7);
    expect(fenOf(fromBoard)).toBe('r3k3/8/8/8/8/8/8/R4RK1 b q - 1 1');
    expect(fenOf(run(`${STARTED}${Y}(70 7 {8/8/8/8/8/8/8/K6k b - - 0 40}${Y})`).tracker.game(7))).toBe(
      '8/8/8/8/8/8/8/K6k b - - 0 40',
    );
    expect(fenOf(run(`${STARTED}${Y}(84 7 ${'-'.repeat(63)}K B${Y})`).tracker.game(7))).toBe(
      '8/8/8/8/8/8/8/7K b - - 0 1',
    );
  });

  test('a game leaves with relation X; other events change nothing', () => {
    const { tracker, events } = run(`${STARTED}${Y}(43 7 X${Y})`);
    expect(tracker.games()).toEqual([]);
    expect(events.at(-1)).toMatchObject({ kind: 'game-left', why: 'unobserved' });
    expect(createIccTracker().push({ kind: 'text', text: 'hi\n' })).toEqual([]);
  });

  test('a game leaves with its ICC facts, which facts(n) no longer has', () => {
    const { tracker, events } = run(`${STARTED}${Y}(25 7 * {e2e4}${Y})${Y}(43 7 X${Y})`, ['DG_MOVE_SMITH']);
    const left = events.at(-1);
    expect(left?.kind === 'game-left' ? left.facts.moveTexts : undefined).toEqual(['e2e4']);
    expect(tracker.facts(7)).toBeUndefined();
  });

  test('holds at most maxGames games; a maxGames that is not a whole number from 1 is the default', () => {
    const starts = (n: number) =>
      Array.from({ length: n }, (_, i) => STARTED.replace('(18 7 ', `(18 ${String(i + 1)} `)).join('');
    const decoded = (n: number) => {
      const decoder = createIccDecoder();
      return [...decoder.push(starts(n)), ...decoder.end()];
    };
    const small = createIccTracker({ maxGames: 2 });
    const events = decoded(3).flatMap((e) => small.push(e));
    expect(events.map((e) => (e.kind === 'game-left' ? `left ${String(e.game.gameNumber)} ${e.why}` : e.kind))).toEqual(
      ['game-started', 'game-started', 'game-started', 'left 1 evicted'],
    );
    for (const maxGames of [Number.NaN, -1, 0, 2.5]) {
      const tracker = createIccTracker({ maxGames });
      decoded(70).forEach((e) => tracker.push(e));
      expect(tracker.games()).toHaveLength(64);
    }
  });

  test('never throws on inputs that are not decoder events', () => {
    const tracker = createIccTracker(null as never);
    for (const input of [
      null,
      undefined,
      42,
      {},
      { kind: 'datagram' },
      { kind: 'datagram', datagram: null },
      { kind: 'datagram', datagram: { name: 'DG_MSEC', fields: null } },
    ]) {
      expect(tracker.push(input as never)).toEqual([]);
    }
  });
});

describe('position-complete: a position once both its clocks are known', () => {
  const MSEC = (color: 'W' | 'B', ms: number) => `${Y}(56 7 ${color} ${String(ms)} 1${Y})`;
  const complete = (events: readonly IccTrackerEvent[]) =>
    events.flatMap((e) => (e.kind === 'position-complete' ? [fenOf(e.game)] : []));
  const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';

  test('after a move, once DG_MSEC has come for both sides, with both clocks', () => {
    const { events } = run(`${STARTED}${Y}(24 7 e4 e2e4 175${Y})${MSEC('W', 175000)}${MSEC('B', 180000)}`);
    expect(kinds(events)).toEqual(['game-started', 'move', 'clock', 'clock', 'position-complete']);
    const last = events.at(-1);
    expect(last?.kind === 'position-complete' ? [fenOf(last.game), last.game.clocks] : []).toEqual([
      AFTER_E4,
      { white: 175000, black: 180000 },
    ]);
  });

  test('one clock is not enough; the same side twice is still one clock', () => {
    const { events } = run(`${STARTED}${Y}(24 7 e4 e2e4 175${Y})${MSEC('W', 175000)}${MSEC('W', 174000)}`);
    expect(complete(events)).toEqual([]);
  });

  test('DG_SET_CLOCK gives both clocks at once', () => {
    const { events } = run(`${STARTED}${Y}(24 7 e4 e2e4 175${Y})${Y}(38 7 100 90${Y})`);
    expect(kinds(events).slice(-2)).toEqual(['clock', 'position-complete']);
  });

  test('a DG_POSITION_BEGIN waits for the moves that follow it, then for the clocks', () => {
    const begin = `${Y}(101 7 {} 2${Y})`;
    const { events } = run(
      `${STARTED}${begin}${Y}(24 7 e4 e2e4 175${Y})${MSEC('W', 1)}${MSEC('B', 2)}${Y}(24 7 e5 e7e5 178${Y})${MSEC('W', 3)}${MSEC('B', 4)}`,
    );
    // The clocks after the first of the two moves do not complete the position: more moves follow.
    expect(complete(events)).toEqual(['rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2']);
    const none = run(`${STARTED}${Y}(101 7 {} 0${Y})${MSEC('B', 2)}${MSEC('W', 1)}`);
    expect(complete(none.events)).toEqual(['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1']);
  });

  test('another datagram about the game completes it first; end() completes what is left', () => {
    const moved = run(`${STARTED}${Y}(24 7 e4 e2e4 175${Y})${Y}(13 7 0 Mat 0-1 {White checkmated} C20${Y})`);
    expect(kinds(moved.events)).toEqual(['game-started', 'move', 'position-complete', 'game-ended']);
    const decoder = createIccDecoder({ settings: SETTINGS });
    const tracker = createIccTracker();
    const events = decoder.push(`${STARTED}${Y}(24 7 e4 e2e4 175${Y})`).flatMap((e) => tracker.push(e));
    expect(complete(events)).toEqual([]);
    expect(complete(tracker.end())).toEqual([AFTER_E4]);
    expect(tracker.end()).toEqual([]);
  });

  test('a game out of step, or gone, gets none', () => {
    const bad = run(`${STARTED}${Y}(24 7 a4 a3a4 175${Y})${MSEC('W', 1)}${MSEC('B', 2)}`);
    expect(kinds(bad.events)).toEqual(['game-started', 'error', 'clock', 'clock']);
    const gone = run(`${STARTED}${Y}(24 7 e4 e2e4 175${Y})${Y}(19 7${Y})${MSEC('W', 1)}${MSEC('B', 2)}`);
    expect(kinds(gone.events)).toEqual(['game-started', 'move', 'position-complete', 'game-left']);
  });
});

describe('the game tracker on a long game', () => {
  test('follows it in time linear in its length: a late move costs what an early one does', () => {
    // The moves, their texts and positions were copied at every move: 66,666 moves took minutes.
    const shuffle = ['Nf3 g1f3', 'Nf6 g8f6', 'Ng1 f3g1', 'Ng8 f6g8'];
    const moves = Array.from({ length: 16_000 }, (_, i) => `${Y}(24 7 ${shuffle[i % 4] as string} 180${Y})`);
    const decoder = createIccDecoder({ settings: SETTINGS as typeof SETTINGS });
    const events: IccEvent[] = [...decoder.push(`${STARTED}${moves.join('')}`), ...decoder.end()];
    expect(events.length).toBe(16_001);
    // The time of moves 1,001-2,000 and of moves 15,001-16,000 of one game, the fastest of three
    // games kept: a copy of the moves at every move makes the late ones about ten times dearer.
    let [early, late] = [Infinity, Infinity];
    for (let run = 0; run < 4; run++) {
      const tracker = createIccTracker();
      const span = (from: number, to: number) => {
        const started = performance.now();
        for (let i = from; i < to; i++) tracker.push(events[i] as IccEvent);
        return performance.now() - started;
      };
      span(0, 1_001);
      const first = span(1_001, 2_001);
      span(2_001, 15_001);
      const last = span(15_001, 16_001);
      expect(tracker.game(7)?.moves.length).toBe(16_000);
      expect(tracker.facts(7)?.moveTexts[15_999]).toBe('f6g8');
      // The first game warms the code up.
      if (run > 0) [early, late] = [Math.min(early, first), Math.min(late, last)];
    }
    expect(late / early).toBeLessThan(4);
  });

  test('each event keeps the moves and texts of its own moment, through a takeback', () => {
    const input = `${STARTED}${Y}(24 7 e4 e2e4 180${Y})${Y}(24 7 e5 e7e5 178${Y})${Y}(24 7 Nf3 g1f3 177${Y})`;
    const { tracker, events } = run(`${input}${Y}(22 7 2${Y})`);
    const changes = events.filter((e) => e.kind === 'game-started' || e.kind === 'move' || e.kind === 'takeback');
    const lengths = changes.map((e) => ('game' in e && e.game ? e.game.moves.length : -1));
    expect(lengths).toEqual([0, 1, 2, 3, 1]);
    expect(tracker.facts(7)?.moveTexts).toEqual(['e2e4']);
    expect(fenOf(tracker.game(7))).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  });
});
