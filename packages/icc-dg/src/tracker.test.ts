import { describe, expect, test } from 'vitest';
import { writeSan } from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import { createIccDecoder, type IccEvent } from './decoder.js';
import { SAMPLE_SESSION, SAMPLE_SETTINGS } from './testing/sample.js';
import { currentPosition, initialGamesState, trackGames, type GamesState, type TrackedGame, type TrackerError } from './tracker.js';

const Y = '\x19';
const SETTINGS = ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK'] as const;
const STARTED = `${Y}(18 7 Alice Bob 0 Blitz 1 3 0 3 0 1 {} 1800 1700 99 {} {GM} 0 0 0 {} 0${Y})`;

interface Run {
  readonly state: GamesState;
  readonly errors: TrackerError[];
  /** Every game as it was when it left the tracker, by number. */
  readonly left: Map<number, TrackedGame>;
}

function run(input: string | Uint8Array, settings: readonly string[] = SETTINGS): Run {
  const decoder = createIccDecoder({ settings: settings as typeof SETTINGS });
  const events: IccEvent[] = [...decoder.push(input), ...decoder.end()];
  let state = initialGamesState();
  const errors: TrackerError[] = [];
  const left = new Map<number, TrackedGame>();
  for (const event of events) {
    const next = trackGames(state, event);
    for (const [number, game] of state.games) if (!next.games.has(number)) left.set(number, game);
    state = next;
    errors.push(...state.errors);
  }
  return { state, errors, left };
}

function fenOf(game: TrackedGame | undefined): string {
  return game ? writeFen(currentPosition(game)) : '';
}

describe('the game tracker', () => {
  test('follows both games of the sample session to their ends', () => {
    const { state, errors, left } = run(SAMPLE_SESSION, SAMPLE_SETTINGS);
    expect(errors).toEqual([]);
    expect(state.games.size).toBe(0);
    const observed = left.get(117);
    expect(observed).toMatchObject({ white: 'Corvid', black: 'Tallis', whiteTitles: ['GM'], relation: 'observing', result: { code: 'Fla', score: '1-0', eco: 'B90' } });
    expect(observed?.moveTexts).toEqual(['e2e4', 'c7c5', 'g1f3', 'd7d6', 'd2d4', 'c5d4p', 'f3d4p', 'g8f6', 'b1c3', 'a7a6']);
    expect(fenOf(observed)).toBe('rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6');
    expect(observed?.clocks).toEqual({ white: { ms: 174800, running: true }, black: { ms: 0, running: false } });
    const mine = left.get(214);
    expect(mine).toMatchObject({ white: 'Lumen', black: 'Bramble', relation: 'playing', result: { code: 'Mat', score: '0-1', description: 'White checkmated', eco: 'A00' } });
    expect(mine?.moves.map((move, i) => writeSan(mine.positions[i] ?? mine.initial, move))).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
  });

  test('replays algebraic moves when Smith moves are off', () => {
    const { state, errors } = run(`${STARTED}${Y}(24 7 e4${Y})${Y}(24 7 e5${Y})${Y}(24 7 Nf3${Y})`, ['DG_MOVE_ALGEBRAIC']);
    expect(errors).toEqual([]);
    expect(state.games.get(7)?.moveTexts).toEqual(['e4', 'e5', 'Nf3']);
  });

  test('a move it cannot replay is an error for that game, then it waits for the next position', () => {
    const input = `${STARTED}${Y}(24 7 e4 e2e4 180${Y})${Y}(24 7 Ke3 e1e3 179${Y})${Y}(24 7 e5 e7e5 178${Y})`;
    const broken = run(input);
    expect(broken.errors).toEqual([{ code: 'unreplayable-move', gameNumber: 7, field: 3, offset: expect.any(Number) as unknown, message: expect.stringContaining('e1e3') as unknown }]);
    expect(broken.state.games.get(7)).toMatchObject({ inStep: false, moveTexts: ['e2e4'] });
    const healed = run(`${input}${Y}(101 7 {rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2} 0${Y})${Y}(24 7 Nf3 g1f3 177${Y})`);
    expect(healed.state.games.get(7)).toMatchObject({ inStep: true, moveTexts: ['g1f3'] });
    expect(fenOf(healed.state.games.get(7))).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  });

  test('errors for moves of a game never announced, positions it cannot read, and moves without text', () => {
    expect(run(`${Y}(24 9 e4 e2e4 1${Y})`).errors.map((e) => e.code)).toEqual(['unknown-game']);
    expect(run(`${STARTED}${Y}(101 7 {not a fen} 0${Y})`).errors.map((e) => e.code)).toEqual(['bad-position']);
    expect(run(`${STARTED}${Y}(24 7${Y})`, []).errors.map((e) => e.code)).toEqual(['no-move-text']);
  });

  test('move lists, backward, takeback, flip and clocks', () => {
    const list = `${STARTED}${Y}(25 7 * {e4 e2e4 180}{e5 e7e5 179}{Nf3 g1f3 178}${Y})`;
    expect(run(list).state.games.get(7)?.moves).toHaveLength(3);
    const back = run(`${list}${Y}(23 7 2${Y})${Y}(39 7 1${Y})${Y}(38 7 100 90${Y})${Y}(56 7 W 99500 1${Y})`).state.games.get(7);
    expect(back?.moveTexts).toEqual(['e2e4']);
    expect(back?.flip).toBe(true);
    expect(back?.clocks).toEqual({ white: { ms: 99500, running: true }, black: { ms: 90000, running: false } });
    expect(run(`${list}${Y}(22 7 1${Y})`).state.games.get(7)?.moveTexts).toEqual(['e2e4', 'e7e5']);
  });

  test('a long move list is replayed whole', () => {
    const shuffle = ['{g1f3}', '{g8f6}', '{f3g1}', '{f6g8}'];
    const list = Array.from({ length: 2000 }, (_, i) => shuffle[i % 4]).join('');
    const game = run(`${STARTED}${Y}(25 7 * ${list}${Y})`, ['DG_MOVE_SMITH']).state.games.get(7);
    expect(game?.moves).toHaveLength(2000);
    expect(fenOf(game)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2000 1001');
  });

  test('a 64-character board starts a move list; DG_FEN and DG_SET_BOARD set the position', () => {
    const board = `${'r'.padEnd(4, '-')}k${'-'.repeat(51)}R---K--R`;
    const fromBoard = run(`${STARTED}${Y}(25 7 ${board} {O-O e1g1c}${Y})`).state.games.get(7);
    expect(fenOf(fromBoard)).toBe('r3k3/8/8/8/8/8/8/R4RK1 b q - 1 1');
    expect(fenOf(run(`${STARTED}${Y}(70 7 {8/8/8/8/8/8/8/K6k b - - 0 40}${Y})`).state.games.get(7))).toBe('8/8/8/8/8/8/8/K6k b - - 0 40');
    expect(fenOf(run(`${STARTED}${Y}(84 7 ${'-'.repeat(63)}K B${Y})`).state.games.get(7))).toBe('8/8/8/8/8/8/8/7K b - - 0 1');
  });

  test('a game leaves with relation X, and other events leave the state as it is', () => {
    const { state } = run(`${STARTED}${Y}(43 7 X${Y})`);
    expect(state.games.size).toBe(0);
    const before = initialGamesState();
    expect(trackGames(before, { kind: 'text', text: 'hi\n' })).toBe(before);
  });
});
