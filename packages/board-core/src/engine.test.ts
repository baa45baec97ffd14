import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { createReplay } from './replay.js';
import { play } from './rules.js';
import type { Setup } from './setup.js';
import { standardSetup } from './setup.js';
import { setupFromFen } from './testing/chessops-bridge.js';
import { STARTS, gameArbitrary, randomGame } from './testing/random-play.js';
import { rulesFor } from './variant.js';
import { variantByKey } from './variants/lookup.js';
import type { Variant } from './variants/types.js';

const CASTLE = 2;

/** The cells a move code lands on: its destination, or for castling the rook's and the king's. */
function landings(engine: Engine, move: number): number[] {
  const from = move & 1023;
  const to = (move >>> 10) & 1023;
  return move >>> 24 === CASTLE ? [to, engine.castlingTargets(from, to)[0]] : [to];
}

function codes(engine: Engine, start: number, end: number): number[] {
  return Array.from(engine.moves.subarray(start, end)).sort((a, b) => a - b);
}

/** Checks `generateTo` and `generateCastles` against the full `generate` on every cell. */
function expectTargetedGenerationAgrees(setup: Setup): void {
  const engine = new Engine(rulesFor(setup.board.geometry)).load(setup);
  const all = codes(engine, 0, engine.generate(0));
  for (let cell = 0; cell < engine.c.cellCount; cell++) {
    const expected = all.filter((m) => landings(engine, m).includes(cell));
    expect(codes(engine, 0, engine.generateTo(0, cell)), `cell ${cell}`).toEqual(expected);
  }
  expect(codes(engine, 0, engine.generateCastles(0))).toEqual(all.filter((m) => m >>> 24 === CASTLE));
}

describe('Engine.generateTo', () => {
  it.each([
    // chessprogramming.org, "Perft Results", positions 2, 3, 4 and 5: pins, checks, en passant, castling, promotions.
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    // En passant that would expose the king along the rank; a double check.
    '8/8/8/KPp4r/8/8/8/7k w - c6 0 2',
    '4k3/8/8/8/8/5n2/8/4K2r w - - 0 1',
    // Crazyhouse with a full pocket while in check.
    'rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR[NBRQPnbrqp] w KQkq - 1 3',
  ])('finds exactly the legal moves landing on each cell of %s', (fen) => {
    expectTargetedGenerationAgrees(setupFromFen(fen));
  });

  it('agrees with generate along random games of every kind', () => {
    fc.assert(
      fc.property(gameArbitrary(40), ({ start, choices }) => {
        for (const { setup } of randomGame(start.setup, choices)) expectTargetedGenerationAgrees(setup);
      }),
      { numRuns: 12 },
    );
  });
});

describe('Engine check state', () => {
  const threeCheck: Setup = { ...standardSetup(), remainingChecks: { white: 3, black: 3 } };
  const starts = [...STARTS.map((s) => s.setup), threeCheck];

  it('knows after every move, take-back and pass whether the side to move is in check as the full test does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...starts),
        fc.array(fc.nat({ max: 1 << 16 }), { minLength: 20, maxLength: 90 }),
        (start, choices) => {
          const replay = createReplay(start);
          const engine = (replay as unknown as { engine: Engine }).engine;
          // The reference: persistent positions, each loaded afresh, so nothing carries over from move to move.
          const positions: Setup[] = [start];
          for (const choice of choices) {
            const setup = positions[positions.length - 1] as Setup;
            if (choice % 13 === 0 && positions.length > 1) {
              replay.undo();
              positions.pop();
            } else if (choice % 17 === 0) {
              replay.pass();
              positions.push(replay.setup());
            } else {
              const end = engine.generate(0);
              if (end === 0) break;
              const codes = Array.from(engine.moves.subarray(0, end));
              // Odd choices favour checking moves, so that checks, double and discovered ones come often.
              const checking = choice % 2 === 1 ? codes.filter((code) => givesCheck(engine, code)) : [];
              const pool = checking.length > 0 ? checking : codes;
              const move = engine.toMove(pool[(choice >> 1) % pool.length] as number);
              expect(replay.play(move)).toBe(true);
              positions.push(play(setup, move));
            }
            const reference = new Engine(rulesFor(start.board.geometry)).load(positions[positions.length - 1] as Setup);
            expect(engine.inCheck()).toBe(reference.attackedKing());
            expect(engine.inCheck()).toBe(engine.attackedKing());
            expect(replay.setup().remainingChecks).toEqual(positions[positions.length - 1]?.remainingChecks);
            if (choice % 5 === 0) {
              const all = codes(engine, 0, engine.generate(0));
              for (let cell = 0; cell < engine.c.cellCount; cell += 1) {
                expect(codes(engine, 0, engine.generateTo(0, cell)), `cell ${cell}`).toEqual(
                  all.filter((m) => landings(engine, m).includes(cell)),
                );
              }
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** Whether playing `code` checks the opponent, by the full test. */
function givesCheck(engine: Engine, code: number): boolean {
  engine.make(code);
  const check = engine.attackedKing();
  engine.unmake(code);
  return check;
}

describe('Engine.generateTo in the variants whose moves are tried on the board', () => {
  // Atomic and racing kings play each candidate; antichess and losers make captures compulsory.
  const variants = [
    'atomic',
    'racingKings',
    'antichess',
    'losers',
    'suicide',
    'kingOfTheHill',
    'threeCheck',
    'horde',
  ].map((key) => variantByKey(key) as Variant);

  it('finds, per cell and per role, exactly the legal moves generate finds there, along random games', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...variants),
        fc.array(fc.nat({ max: 1 << 16 }), { minLength: 10, maxLength: 70 }),
        (variant, choices) => {
          const positions = randomGame(variant.start(), choices);
          for (const { setup } of positions.slice(-3)) {
            const engine = new Engine(variant.rules.spec).load(setup, variant.rules);
            const all = codes(engine, 0, engine.generate(0));
            for (const cell of engine.c.squareCells) {
              const landing = all.filter((m) => landings(engine, m).includes(cell));
              expect(codes(engine, 0, engine.generateTo(0, cell)), `cell ${cell}`).toEqual(landing);
              for (let role = 1; role <= 6; role++) {
                // With a role: that role's moves (castling is the king's), never a drop.
                const ofRole = landing.filter((m) =>
                  m >>> 24 === CASTLE
                    ? role === 6
                    : m >>> 24 !== 3 && ((engine.board[m & 1023] as number) & 15) === role,
                );
                expect(codes(engine, 0, engine.generateTo(0, cell, role)), `cell ${cell} role ${role}`).toEqual(ofRole);
              }
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
