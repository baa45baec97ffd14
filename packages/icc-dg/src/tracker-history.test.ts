import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { legalMoves, play, standardSetup, writeSan, writeSmith, type Setup } from '@chess-formats/board-core';
import { parseFen, writeFen } from '@chess-formats/fen';
import { createIccDecoder } from './decoder.js';
import { createIccTracker, type IccTracker, type IccTrackerEvent } from './tracker.js';

// The tracker keeps the position after every 32nd move of a line only, and plays the moves
// between again when a takeback needs one: these tests take back to positions near a kept one
// and far from it, and check each against the position the game really had there.

const Y = '\x19';
const SETTINGS = ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK'] as const;
const STARTED = `${Y}(18 7 Alice Bob 0 Blitz 1 3 0 3 0 1 {} 1800 1700 99 {} {GM} 0 0 0 {} 0${Y})`;

/** A game of `plies` moves from `from`, each picked by a seeded generator: its DG_SEND_MOVES texts and the FEN after each move (index 0: before any). */
function seededGame(plies: number, from: Setup = standardSetup()): { moves: string[]; fens: string[] } {
  for (let seed = 1; ; seed++) {
    let state = seed;
    let setup = from;
    const moves: string[] = [];
    const fens = [writeFen(setup)];
    while (moves.length < plies) {
      const legal = legalMoves(setup);
      if (legal.length === 0) break;
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      const move = legal[state % legal.length] as (typeof legal)[number];
      moves.push(`${Y}(24 7 ${writeSan(setup, move)} ${writeSmith(setup, move)} 170${Y})`);
      setup = play(setup, move);
      fens.push(writeFen(setup));
    }
    if (moves.length === plies) return { moves, fens };
  }
}

/** A tracker that has read `input` (game 7), and the events of each later push. */
function following(input: string): { tracker: IccTracker; push: (text: string) => IccTrackerEvent[] } {
  const decoder = createIccDecoder({ settings: SETTINGS as unknown as typeof SETTINGS });
  const tracker = createIccTracker();
  const push = (text: string): IccTrackerEvent[] => decoder.push(text).flatMap((event) => tracker.push(event));
  push(input);
  return { tracker, push };
}

const fenOf = (tracker: IccTracker): string => {
  const game = tracker.game(7);
  return game ? writeFen(game.setup) : '';
};
/** The kinds of `events` but `position-complete` (which a move's clocks, not sent here, would bring). */
const changes = (events: readonly IccTrackerEvent[]): string[] =>
  events.flatMap((e) => (e.kind === 'position-complete' ? [] : [e.kind]));
const BACKWARD = (n: number): string => `${Y}(23 7 ${String(n)}${Y})`;
const TAKEBACK = (n: number): string => `${Y}(22 7 ${String(n)}${Y})`;

describe('takebacks in a game longer than the positions kept', () => {
  const PLIES = 90;
  const { moves, fens } = seededGame(PLIES);
  const whole = `${STARTED}${moves.join('')}`;

  test('DG_BACKWARD and DG_TAKEBACK to any earlier move, near a kept position or far from one, come to that move', () => {
    for (const to of [PLIES - 1, PLIES - 2, 65, 64, 63, 62, 33, 32, 31, 17, 1, 0])
      for (const datagram of [BACKWARD, TAKEBACK]) {
        const { tracker, push } = following(whole);
        const back = push(datagram(PLIES - to)).find((e) => e.kind !== 'position-complete');
        expect(back?.kind === 'takeback' && [back.plies, back.game.moves.length]).toEqual([PLIES - to, to]);
        expect([to, fenOf(tracker)]).toEqual([to, fens[to]]);
        expect(tracker.facts(7)?.moveTexts).toHaveLength(to);
        expect(tracker.facts(7)?.inStep).toBe(true);
        // The game goes on from there, and its later takebacks too.
        expect(changes(push(moves[to] as string))).toEqual(['move']);
        expect(fenOf(tracker)).toBe(fens[to + 1]);
        push(datagram(to + 1 > 3 ? 3 : 1));
        const at = to + 1 > 3 ? to - 2 : to;
        expect([at, fenOf(tracker)]).toEqual([at, fens[at]]);
      }
  });

  test('takebacks one after another walk back through kept positions, and past the first move to the start', () => {
    const { tracker, push } = following(whole);
    let at = PLIES;
    for (const step of [5, 20, 1, 31, 32, 1]) {
      push(BACKWARD(step));
      at -= step;
      expect([at, fenOf(tracker)]).toEqual([at, fens[at]]);
    }
    push(TAKEBACK(50));
    expect(fenOf(tracker)).toBe(fens[0]);
    expect(tracker.game(7)?.moves).toEqual([]);
  });

  test('a game read from a DG_MOVE_LIST takes back as one followed move by move does', () => {
    // Each move's SAN, Smith and clock, as a move list gives them.
    const list = moves.map((move) => `{${/^\x19\(24 7 (.*)\x19\)$/.exec(move)?.[1] ?? ''}}`).join('');
    expect(list.startsWith(`{${/ (\S+ \S+ 170)/.exec(moves[0] as string)?.[1] ?? '?'}}{`)).toBe(true);
    for (const to of [89, 64, 63, 40, 0]) {
      const { tracker, push } = following(`${STARTED}${Y}(25 7 * ${list}${Y})`);
      expect(fenOf(tracker)).toBe(fens[PLIES]);
      push(BACKWARD(PLIES - to));
      expect([to, fenOf(tracker)]).toEqual([to, fens[to]]);
      push(moves[to] as string);
      expect(fenOf(tracker)).toBe(fens[to + 1]);
    }
  });

  test('after a DG_POSITION_BEGIN the moves count from its position: takebacks replay from it, not from the old game', () => {
    // Game 7 has 70 moves, then the server starts it again from the position after move 20 of
    // another game, and 70 moves follow from there.
    const other = seededGame(20);
    const from = parseFen(other.fens[20] as string);
    if (!from.ok) throw new Error(from.error.message);
    const next = seededGame(70, from.value);
    const begin = `${Y}(101 7 {${other.fens[20] as string}} 70${Y})`;
    const old = `${STARTED}${moves.slice(0, 70).join('')}`;
    const { tracker, push } = following(old);
    expect(changes(push(begin))).toEqual(['position']);
    expect(tracker.game(7)?.moves).toEqual([]);
    push(next.moves.join(''));
    expect(fenOf(tracker)).toBe(next.fens[70]);
    for (const to of [69, 64, 63, 40, 31, 1, 0]) {
      const again = following(`${old}${begin}${next.moves.join('')}`);
      again.push(TAKEBACK(70 - to));
      expect([to, fenOf(again.tracker)]).toEqual([to, next.fens[to]]);
      expect(again.tracker.facts(7)?.moveTexts).toHaveLength(to);
    }
  });

  test('a position the server gives mid-game (DG_FEN) is the one later takebacks replay from', () => {
    // The server's word on move 40's position differs from the moves' (another halfmove clock and
    // move number): the moves after it are played from the server's, and so are their takebacks.
    const told = (fens[40] as string).replace(/ \d+ \d+$/, ' 7 60');
    const parsed = parseFen(told);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const expected = [told];
    let setup = parsed.value;
    const { tracker, push } = following(`${STARTED}${moves.slice(0, 40).join('')}${Y}(70 7 {${told}}${Y})`);
    expect(fenOf(tracker)).toBe(told);
    // Moves 41 to 50, read with the tracker's own replay of the texts, give the expected positions.
    for (let i = 40; i < 50; i++) {
      push(moves[i] as string);
      const last = tracker.game(7)?.moves.at(-1);
      if (last === undefined) throw new Error('no move');
      setup = play(setup, last.move);
      expected.push(writeFen(setup));
    }
    for (const back of [1, 4, 9, 10]) {
      const again = following(
        `${STARTED}${moves.slice(0, 40).join('')}${Y}(70 7 {${told}}${Y})${moves.slice(40, 50).join('')}`,
      );
      again.push(BACKWARD(back));
      expect([back, fenOf(again.tracker)]).toEqual([back, expected[10 - back]]);
    }
    // Further back than the server's word: the game's own positions.
    push(BACKWARD(20));
    expect(fenOf(tracker)).toBe(fens[30]);
  });
});

describe('a long game', () => {
  test('takebacks far into a game of 3,000 moves come to the positions the moves had', () => {
    const shuffle = ['Nf3 g1f3', 'Nf6 g8f6', 'Ng1 f3g1', 'Ng8 f6g8'];
    const PLIES = 3000;
    const moves = Array.from({ length: PLIES }, (_, i) => `${Y}(24 7 ${shuffle[i % 4] as string} 180${Y})`);
    // The knights back home every fourth move; the halfmove clock and move number tell the moves apart.
    const fenAt = (ply: number): string => {
      const placement = [
        'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w',
        'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b',
        'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w',
        'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b',
      ][ply % 4] as string;
      return `${placement} KQkq - ${String(ply)} ${String(Math.floor(ply / 2) + 1)}`;
    };
    const { tracker, push } = following(`${STARTED}${moves.join('')}`);
    expect(fenOf(tracker)).toBe(fenAt(PLIES));
    let at = PLIES;
    for (const step of [1, 30, 33, 64, 500, 1371, 1000]) {
      push(TAKEBACK(step));
      at -= step;
      expect([at, fenOf(tracker)]).toEqual([at, fenAt(at)]);
      push(moves[at] as string);
      expect(fenOf(tracker)).toBe(fenAt(at + 1));
      push(TAKEBACK(1));
    }
  });
});

describe('property: takebacks and moves in any order', () => {
  const { moves, fens } = seededGame(100);
  test('the position is always the one the game had after that many moves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: -70, max: -1 })), { maxLength: 40 }),
        (ops) => {
          const { tracker, push } = following(STARTED);
          let at = 0;
          for (const op of ops) {
            if (op > 0) {
              const count = Math.min(op, 100 - at);
              push(moves.slice(at, at + count).join(''));
              at += count;
            } else {
              push(BACKWARD(-op));
              at = Math.max(0, at + op);
            }
            expect([at, fenOf(tracker)]).toEqual([at, fens[at]]);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
