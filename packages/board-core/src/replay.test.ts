import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCoordinate } from './coordinate.js';
import { createReplay } from './replay.js';
import type { Move } from './move.js';
import { isLegal, play } from './rules.js';
import { parseSan, writeSan } from './san.js';
import type { Setup } from './setup.js';
import { setupFromFen } from './testing/chessops-bridge.js';
import { MOVE_TEXT_CHARS, STARTS, gameArbitrary, randomGame } from './testing/random-play.js';
import { VARIANTS } from './variants/list.js';

const THREE_CHECK: Setup = {
  ...setupFromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'),
  remainingChecks: { white: 3, black: 1 },
};

describe('createReplay', () => {
  it('gives one frozen Move for a plain move, shared by every game read', () => {
    const standard = setupFromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    const first = createReplay(standard).playSan('Nf3');
    const again = createReplay(standard).playSan('Nf3+');
    if (!first.ok || !again.ok) throw new Error('expected legal moves');
    expect(first.value).toEqual({ kind: 'normal', from: 6, to: 21 });
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(again.value).toBe(first.value);
  });
  it('reads coordinates on the engine: plain moves shared as playSan shares them, castling in both forms, errors as parseCoordinate words them', () => {
    const standard = setupFromFen('r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1');
    const replay = createReplay(standard);
    const knight = replay.playCoordinate('f3g5');
    expect(knight).toEqual({ ok: true, value: { kind: 'normal', from: 21, to: 38 } });
    expect(knight.ok && Object.isFrozen(knight.value)).toBe(true);
    expect(replay.playCoordinate('e8c8')).toEqual({
      ok: true,
      value: { kind: 'castle', from: 60, to: 58, rook: 56, rookTo: 59 },
    });
    expect(replay.playCoordinate('e1h1')).toEqual({
      ok: true,
      value: { kind: 'castle', from: 4, to: 6, rook: 7, rookTo: 5 },
    });
    expect(replay.turn).toBe('black');
    // Illegal and malformed texts change nothing and are worded as parseCoordinate words them.
    for (const text of ['a7a5q', 'h8h1', 'e7e5', 'Nf6', 'i1a1']) {
      const before = replay.setup();
      const result = replay.playCoordinate(text);
      expect(result.ok, text).toBe(false);
      expect(result).toEqual(parseCoordinate(before, text));
      expect(replay.setup()).toEqual(before);
    }
  });
  it('plays a move exactly when isLegal says it is legal, in every variant (looking along the moving piece lines alone)', () => {
    const starts = [
      ...STARTS.map((start) => start.setup),
      ...VARIANTS.filter((variant) => variant.key !== 'realtime').map((variant) => variant.start()),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...starts),
        fc.array(fc.nat({ max: 1 << 16 }), { maxLength: 50 }),
        fc.nat(9999),
        fc.nat(200),
        fc.nat(200),
        (start, choices, pick, from, to) => {
          const positions = randomGame(start, choices);
          const { setup, legal } = positions[positions.length - 1]!;
          const size = setup.board.pieces.length;
          const candidates: Move[] = [{ kind: 'normal', from: from % size, to: to % size }];
          if (legal.length > 0) candidates.push(legal[pick % legal.length]!);
          for (const move of candidates) {
            const replay = createReplay(setup);
            expect(replay.play(move), JSON.stringify(move)).toBe(isLegal(setup, move));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
  it('reads and plays a random game as parseSan and play do, and takes it back with undo', () => {
    fc.assert(
      fc.property(
        gameArbitrary(80),
        fc.boolean(),
        fc.option(gameArbitrary(20)),
        ({ start, choices }, threeCheck, other) => {
          const positions = randomGame(threeCheck && start.name === 'standard' ? THREE_CHECK : start.setup, choices);
          // Sometimes on the engine of a cursor that is done, left in another game's position.
          let done;
          if (other !== null) {
            const played = randomGame(other.start.setup, other.choices);
            done = createReplay(played[0]!.setup);
            for (let i = 0; i + 1 < played.length; i++)
              done.play(findMove(played[i]!.setup, played[i + 1]!.setup, played[i]!.legal));
          }
          const replay = createReplay(positions[0]!.setup, done);
          for (let i = 0; i + 1 < positions.length; i++) {
            const before = positions[i]!.setup;
            const after = positions[i + 1]!.setup;
            const move = findMove(before, after, positions[i]!.legal);
            const san = writeSan(before, move);
            expect(replay.turn).toBe(before.turn);
            expect(replay.playSan(san)).toEqual(parseSan(before, san));
            expect(replay.setup()).toEqual(after);
          }
          for (let i = positions.length - 1; i > 0; i--) {
            expect(replay.setup()).toEqual(positions[i]!.setup);
            expect(replay.undo()).toBe(true);
          }
          expect(replay.undo()).toBe(false);
          expect(replay.setup()).toEqual(positions[0]!.setup);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('answers a bad move as parseSan does and stays where it was', () => {
    fc.assert(
      fc.property(
        gameArbitrary(30),
        fc.string({ unit: fc.constantFrom(...MOVE_TEXT_CHARS), maxLength: 8 }),
        ({ start, choices }, text) => {
          const positions = randomGame(start.setup, choices);
          const setup = positions[positions.length - 1]!.setup;
          const replay = createReplay(setup);
          const expected = parseSan(setup, text);
          expect(replay.playSan(text)).toEqual(expected);
          expect(replay.setup()).toEqual(expected.ok ? play(setup, expected.value) : setup);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('forks variations that leave the main line alone, and plays only legal moves', () => {
    const replay = createReplay(setupFromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'));
    for (const san of ['e4', 'e5', 'Nf3']) expect(replay.playSan(san).ok).toBe(true);
    replay.undo();
    const variation = replay.fork();
    expect(variation.playSan('Bc4').ok).toBe(true);
    expect(variation.undo()).toBe(true);
    expect(variation.undo()).toBe(false);
    expect(replay.playSan('Nf3').ok).toBe(true);
    expect(replay.setup()).toEqual(setupFromFen('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'));
    // play records the square a pawn passed, whether or not a capture is possible.
    expect(variation.setup()).toEqual({
      ...setupFromFen('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'),
      epSquares: [44],
    });
    expect(replay.play({ kind: 'normal', from: 8, to: 32 })).toBe(false);
    expect(replay.play({ kind: 'normal', from: 60, to: 52 })).toBe(true);
    expect(replay.turn).toBe('white');
  });

  it('passes (a null move) and takes the pass back, on the engine and Setup by Setup', () => {
    const start = setupFromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    for (const setup of [start, { ...start, realtime: { clockMs: 0, sinceCaptureMs: 0, cooldownMs: 0 } }]) {
      const replay = createReplay(setup);
      replay.playSan('e4');
      const afterE4 = replay.setup();
      replay.pass();
      expect(replay.setup()).toEqual({ ...afterE4, turn: 'white', epSquares: [], halfmoves: 1, fullmoves: 2 });
      expect(replay.playSan('d5').ok).toBe(false);
      expect(replay.playSan('d4').ok).toBe(true);
      replay.undo();
      replay.undo();
      expect(replay.setup()).toEqual(afterE4);
      expect(replay.playSan('d5').ok).toBe(true);
    }
  });

  it('replays what the engine cannot hold whole (here, a realtime clock) Setup by Setup', () => {
    const start: Setup = {
      ...setupFromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'),
      realtime: { clockMs: 0, sinceCaptureMs: 0, cooldownMs: 0 },
    };
    const replay = createReplay(start);
    expect(replay.playSan('e4').ok).toBe(true);
    expect(replay.setup()).toEqual(play(start, { kind: 'normal', from: 12, to: 28 }));
    const fork = replay.fork();
    expect(fork.play({ kind: 'normal', from: 52, to: 36 })).toBe(true);
    expect(fork.play({ kind: 'normal', from: 52, to: 36 })).toBe(false);
    expect(replay.undo()).toBe(true);
    expect(replay.undo()).toBe(false);
    expect(replay.turn).toBe('white');
  });
});

/** The legal move that leads from `before` to `after`. */
function findMove(before: Setup, after: Setup, legal: ReturnType<typeof randomGame>[number]['legal']) {
  const move = legal.find((m) => JSON.stringify(play(before, m)) === JSON.stringify(after));
  if (!move) throw new Error('no move leads there');
  return move;
}
