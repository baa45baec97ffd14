import {
  STANDARD,
  legalMoves,
  moveToJson,
  parseSan,
  parseVerbose,
  play,
  unwrap,
  type Setup,
  type TrackedGame,
  type TrackedMove,
} from '@chess-formats/board-core';
import fc from 'fast-check';
import { writeSan } from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { createStyle12Tracker, parseStyle12, type Style12, type Style12TrackerEvent } from './index.js';
import { START, gameLines } from './testing/games.js';

const records = (lines: readonly string[]): Style12[] => lines.map((line) => unwrap(parseStyle12(line)));
const kinds = (events: readonly Style12TrackerEvent[]): string[] => events.map((e) => e.kind);
const sansOf = (game: TrackedGame | undefined): string[] =>
  (game?.moves ?? []).map((m) => {
    const json = moveToJson(STANDARD, m.move);
    return 'from' in json ? `${json.from}${json.to}` : json.kind;
  });

/** A whole game as a `moves` listing gives it: from chess's start through `sans`, with ratings. */
function listed(sans: readonly string[], facts: Partial<TrackedGame> = {}): TrackedGame {
  let setup: Setup = START;
  const moves: TrackedMove[] = [];
  for (const san of sans) {
    const move = unwrap(parseSan(setup, san));
    moves.push({ move, clockMs: 60_000 });
    setup = play(setup, move);
  }
  return {
    gameNumber: 7,
    white: { name: 'Alice', rating: 2243 },
    black: { name: 'Bob', rating: 2158 },
    relation: 'observing',
    variant: 'standard',
    rated: true,
    timeControl: {
      white: { initialMs: 2_700_000, incrementMs: 45_000 },
      black: { initialMs: 2_700_000, incrementMs: 45_000 },
    },
    initial: START,
    setup,
    moves,
    clocks: { white: 60_000, black: 60_000 },
    ...facts,
  };
}

const OPENING = ['e4', 'e6', 'd4', 'd5', 'Nc3', 'Nc6'];

describe('tracker.adopt: a whole game for the boards that follow', () => {
  // The boards of the game from its start: board i is the position after i moves.
  const boards = records(gameLines(START, [...OPENING, 'e5', 'Nge7']));

  test('a game not tracked yet starts with its whole history, and the next board is its next move', () => {
    const tracker = createStyle12Tracker();
    const started = tracker.adopt(listed(OPENING));
    expect(kinds(started)).toEqual(['game-started']);
    expect(tracker.game(7)?.moves).toHaveLength(6);
    expect(kinds(tracker.push(boards[7] as Style12))).toEqual(['move']);
    const game = tracker.game(7);
    expect([game?.moves.length, game?.initial, game?.white.rating, game?.rated]).toEqual([7, START, 2243, true]);
  });

  test('observe then moves: the board the client joined at is where the listing ends; later boards continue', () => {
    const tracker = createStyle12Tracker();
    expect(kinds(tracker.push(boards[6] as Style12))).toEqual(['game-started']);
    expect(tracker.game(7)?.moves).toEqual([]);
    const events = tracker.adopt(listed(OPENING));
    expect(kinds(events)).toEqual(['position']);
    const game = tracker.game(7);
    expect([game?.moves.length, game?.initial, game?.clocks]).toEqual([
      6,
      START,
      { white: boards[6]?.whiteRemainingMs, black: boards[6]?.blackRemainingMs },
    ]);
    expect(tracker.record(7)).toBe(boards[6]);
    expect(kinds([boards[7], boards[8]].flatMap((b) => tracker.push(b as Style12)))).toEqual(['move', 'move']);
    expect(sansOf(tracker.game(7))).toEqual(['e2e4', 'e7e6', 'd2d4', 'd7d5', 'b1c3', 'b8c6', 'e4e5', 'g8e7']);
  });

  test('boards that came while the listing was on its way are kept after its moves', () => {
    const tracker = createStyle12Tracker();
    for (const board of boards.slice(4, 9)) tracker.push(board);
    expect(tracker.game(7)?.moves).toHaveLength(4);
    const events = tracker.adopt(listed(OPENING));
    expect(kinds(events)).toEqual(['position']);
    const game = tracker.game(7);
    expect(sansOf(game)).toEqual(['e2e4', 'e7e6', 'd2d4', 'd7d5', 'b1c3', 'b8c6', 'e4e5', 'g8e7']);
    expect(game?.setup).toBe(tracker.game(7)?.setup);
    expect(game?.setup.board.pieces).toEqual(boards[8]?.setup.board.pieces);
    // Its ratings, rated and type stay when the next board comes.
    tracker.push(records(gameLines(START, [...OPENING, 'e5', 'Nge7', 'Nf3']))[9] as Style12);
    expect([tracker.game(7)?.moves.length, tracker.game(7)?.black.rating, tracker.game(7)?.variant]).toEqual([
      9,
      2158,
      'standard',
    ]);
  });

  test('a listing one move short of the board joined at is joined by the move that board names', () => {
    const tracker = createStyle12Tracker({ moves: { parseVerbose, parseSan } });
    tracker.push(boards[7] as Style12);
    expect(kinds(tracker.adopt(listed(OPENING)))).toEqual(['position']);
    expect(sansOf(tracker.game(7))).toEqual(['e2e4', 'e7e6', 'd2d4', 'd7d5', 'b1c3', 'b8c6', 'e4e5']);
    expect(tracker.game(7)?.moves[6]?.clockMs).toBe(boards[7]?.whiteRemainingMs);
    expect(kinds(tracker.push(boards[8] as Style12))).toEqual(['move']);
    expect(tracker.game(7)?.moves).toHaveLength(8);
  });

  test('an older listing that no board seen joins changes only what it says of the game', () => {
    const tracker = createStyle12Tracker();
    tracker.push(boards[6] as Style12);
    expect(kinds(tracker.adopt(listed(['d4', 'd5'])))).toEqual([]);
    const game = tracker.game(7);
    expect([game?.moves.length, game?.setup, game?.white.rating, game?.rated]).toEqual([
      0,
      boards[6]?.setup,
      2243,
      true,
    ]);
    expect(kinds(tracker.push(boards[7] as Style12))).toEqual(['move']);
  });

  test('a listing at or past the boards seen that leads elsewhere replaces the game; the next board restarts it', () => {
    const tracker = createStyle12Tracker();
    tracker.push(boards[2] as Style12);
    expect(kinds(tracker.adopt(listed(['d4', 'd5', 'c4'])))).toEqual(['position']);
    expect(tracker.game(7)?.moves).toHaveLength(3);
    expect(kinds(tracker.push(boards[3] as Style12))).toEqual(['position']);
    expect(tracker.game(7)?.moves).toEqual([]);
  });

  test('a listing ahead of the boards seen is taken whole', () => {
    const tracker = createStyle12Tracker();
    tracker.push(boards[4] as Style12);
    expect(kinds(tracker.adopt(listed(OPENING)))).toEqual(['position']);
    expect(tracker.game(7)?.moves).toHaveLength(6);
    expect(kinds(tracker.push(boards[7] as Style12))).toEqual(['move']);
  });

  test('onEvent receives the events; a game whose moves do not play, or no game, changes nothing', () => {
    const tracker = createStyle12Tracker();
    const seen: string[] = [];
    expect(tracker.adopt(listed(['e4']), (e) => seen.push(e.kind))).toBeUndefined();
    expect(seen).toEqual(['game-started']);
    const broken = listed(['e4']);
    const bad = {
      ...broken,
      gameNumber: 8,
      moves: [...broken.moves, { move: { kind: 'normal', from: 999, to: 1000 } }],
    };
    expect(tracker.adopt(bad as unknown as TrackedGame)).toEqual([]);
    for (const input of [null, undefined, 42, {}, { gameNumber: 9 }, { ...broken, white: null }])
      expect(tracker.adopt(input as never)).toEqual([]);
    expect(tracker.games().map((g) => g.gameNumber)).toEqual([7]);
  });

  test('bounded as pushed games are: adopting past maxGames evicts the stalest', () => {
    const tracker = createStyle12Tracker({ maxGames: 1 });
    tracker.adopt(listed(['e4']));
    const events = tracker.adopt(listed(['d4'], { gameNumber: 8 }));
    expect(events.map((e) => (e.kind === 'game-left' ? `left ${String(e.game.gameNumber)}` : e.kind))).toEqual([
      'game-started',
      'left 7',
    ]);
  });
});

describe('the tracker decides a takeback by the board, and checks a move by the board it gives', () => {
  const game = records(gameLines(START, ['e4', 'e5', 'Nf3', 'Nc6']));

  test('a board at an earlier ply that is not the position that many moves back is a new position, not a takeback', () => {
    // An examiner loads another game at ply 1: before, this was a takeback keeping the old start.
    const tracker = createStyle12Tracker();
    [game[0], game[1], game[2], game[3]].forEach((r) => tracker.push(r as Style12));
    const loaded = records(gameLines(START, ['d4']))[1] as Style12;
    const events = tracker.push(loaded);
    expect(kinds(events)).toEqual(['position']);
    expect([tracker.game(7)?.moves, tracker.game(7)?.initial]).toEqual([[], loaded.setup]);
    // Its moves then replay from the new start.
    expect(kinds(tracker.push(records(gameLines(START, ['d4', 'd5']))[2] as Style12))).toEqual(['move']);
  });

  test('a board at an earlier ply than the moves seen is a new position too; a true takeback is still one', () => {
    const tracker = createStyle12Tracker();
    [game[2], game[3], game[4]].forEach((r) => tracker.push(r as Style12));
    expect(kinds(tracker.push(game[1] as Style12))).toEqual(['position']);
    const again = createStyle12Tracker();
    game.forEach((r) => again.push(r));
    const [back] = again.push(game[2] as Style12);
    expect(back?.kind === 'takeback' && [back.plies, back.game.moves.length]).toEqual([2, 2]);
  });

  test('with the rules, a legal move whose board is not the one sent is an error, and the game restarts from the board', () => {
    // The board shows Nf3; the move text says d4, legal in the position before.
    const forged: Style12 = { ...(game[3] as Style12), verboseMove: 'P/d2-d4', sanMove: 'd4' };
    const checked = createStyle12Tracker({ moves: { parseVerbose, parseSan } });
    const events = [game[0], game[1], game[2], forged].flatMap((r) => checked.push(r as Style12));
    expect(kinds(events)).toEqual(['game-started', 'move', 'move', 'error', 'position']);
    const error = events[3];
    expect(error?.kind === 'error' && error.error.code).toBe('piece-mismatch');
    expect([checked.game(7)?.moves, checked.game(7)?.initial]).toEqual([[], forged.setup]);
    // The true board of the move is accepted.
    const honest = createStyle12Tracker({ moves: { parseVerbose, parseSan } });
    expect(kinds(game.flatMap((r) => honest.push(r)))).toEqual(['game-started', 'move', 'move', 'move', 'move']);
  });
});

describe("the tracker reads a session reader's typed events by their line", () => {
  test('observe header, <g1> and the game end as the FICS reader types them', () => {
    const tracker = createStyle12Tracker();
    const board = records(gameLines(START, []))[0] as Style12;
    tracker.push({ kind: 'observe-header', line: 'Game 7: Alice (2243) Bob (2158E) rated standard 45 45' });
    tracker.push({ kind: 'board', record: board, line: '' } as never);
    tracker.push({
      kind: 'game-info',
      line: '<g1> 7 p=0 t=standard r=1 u=0,0 it=2700,45 i=2700,45 pt=0 rt=2243,2158E ts=1,1',
    });
    const game = tracker.game(7);
    expect([game?.white.rating, game?.black.rating, game?.rated, game?.variant]).toEqual([
      2243,
      2158,
      true,
      'standard',
    ]);
    // A moves table (no line) is ignored; the game end ends the game.
    expect(tracker.push({ kind: 'moves' })).toEqual([]);
    const ended = tracker.push({ kind: 'game-end', line: '{Game 7 (Alice vs. Bob) Bob resigns} 1-0' });
    expect(kinds(ended)).toEqual(['game-ended', 'game-left']);
  });

  test("Creating: and the start notice, as the FICS reader types them, give the players' ratings", () => {
    const tracker = createStyle12Tracker();
    tracker.push({ kind: 'creating', line: 'Creating: Bob (2158E) Alice (1500P) rated blitz 3 0' });
    tracker.push({ kind: 'game-start', line: '{Game 7 (Alice vs. Bob) Creating rated blitz match.}' });
    tracker.push(records(gameLines(START, []))[0] as Style12);
    const game = tracker.game(7);
    expect([game?.white.rating, game?.black.rating, game?.rated, game?.variant]).toEqual([1500, 2158, true, 'blitz']);
  });
});

describe('adopt, property: whatever the order, the moves kept replay to the last board', () => {
  test('boards from a join point, a listing of any prefix adopted among them, more boards', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 1, maxLength: 24 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (picks, joinPick, adoptPick, whenPick, rules) => {
          let setup: Setup = START;
          const sans: string[] = [];
          for (const pick of picks) {
            const moves = legalMoves(setup);
            if (moves.length === 0) break;
            const move = moves[pick % moves.length]!;
            sans.push(writeSan(setup, move));
            setup = play(setup, move);
          }
          const board = records(gameLines(START, sans));
          const join = joinPick % board.length;
          const when = join + (whenPick % (board.length - join));
          const adopted = adoptPick % (when + 1);
          const tracker = createStyle12Tracker(rules ? { moves: { parseVerbose, parseSan } } : {});
          for (let i = join; i <= when; i++) tracker.push(board[i] as Style12);
          tracker.adopt(listed(sans.slice(0, adopted)));
          for (let i = when + 1; i < board.length; i++) tracker.push(board[i] as Style12);
          const game = tracker.game(7);
          if (game === undefined) throw new Error('no game');
          let at = game.initial;
          for (const { move } of game.moves) at = play(at, move);
          expect(at.board.pieces).toEqual(board[board.length - 1]?.setup.board.pieces);
          expect(at.turn).toBe(game.setup.turn);
          // A listing that reaches the boards seen, or falls one move short, gives the whole game.
          if (adopted >= join - 1) expect(game.moves).toHaveLength(sans.length);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('a long game keeps a position every so many moves, and replays the others when asked', () => {
  /** A game of `plies` moves from the start, each move picked by a seeded generator (no position repeats the one two plies before). */
  function seededGame(plies: number): string[] {
    for (let seed = 1; ; seed++) {
      let state = seed;
      let setup: Setup = START;
      const sans: string[] = [];
      while (sans.length < plies) {
        const moves = legalMoves(setup);
        if (moves.length === 0) break;
        state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
        const move = moves[state % moves.length] as (typeof moves)[number];
        sans.push(writeSan(setup, move));
        setup = play(setup, move);
      }
      if (sans.length === plies) return gameLines(START, sans);
    }
  }
  const PLIES = 90;
  const boards = records(seededGame(PLIES));
  const following = (): ReturnType<typeof createStyle12Tracker> => {
    const tracker = createStyle12Tracker();
    for (const board of boards) tracker.push(board);
    return tracker;
  };

  test('a takeback to any earlier move, near a kept position or far from one, is a takeback to that board', () => {
    for (const to of [PLIES - 1, PLIES - 2, 64, 63, 33, 32, 31, 5, 0]) {
      const tracker = following();
      const board = boards[to] as Style12;
      const [back] = tracker.push(board);
      expect(back?.kind === 'takeback' && [to, back.plies, back.game.moves.length]).toEqual([to, PLIES - to, to]);
      // The game goes on from there.
      if (to < PLIES) expect(kinds(tracker.push(boards[to + 1] as Style12))).toEqual(['move']);
    }
  });

  test('a board at an earlier ply with another placement is a new position, wherever it falls', () => {
    for (const to of [70, 40, 17]) {
      const other = boards[to - 2] as Style12;
      const board = boards[to] as Style12;
      // The placement two plies earlier, numbered as the board at `to`.
      const moved: Style12 = { ...other, setup: { ...other.setup, fullmoves: board.setup.fullmoves } };
      const tracker = following();
      expect(kinds(tracker.push(moved))).toEqual(['position']);
      expect(tracker.game(7)?.moves).toEqual([]);
    }
  });

  test('a listing of the first moves joins the boards seen far past a kept position', () => {
    const tracker = following();
    const before = sansOf(tracker.game(7));
    let setup: Setup = START;
    const moves: TrackedMove[] = [];
    for (const tracked of (tracker.game(7)?.moves ?? []).slice(0, 50)) {
      moves.push(tracked);
      setup = play(setup, tracked.move);
    }
    const listing: TrackedGame = { ...listed([]), moves, setup };
    expect(kinds(tracker.adopt(listing))).toEqual(['position']);
    expect(sansOf(tracker.game(7))).toEqual(before);
    expect(tracker.game(7)?.white.rating).toBe(2243);
  });
});
