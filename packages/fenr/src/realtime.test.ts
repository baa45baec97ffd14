import {
  advance,
  movesAt,
  outcome,
  pieceStatus,
  realtimePieces,
  simulateRealtime,
  startMove,
  STANDARD,
  type Piece,
  type RealtimeMove,
  type Setup,
} from '@chess-formats/board-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFenr } from './parse.js';
import { writeFenr } from './write.js';

/** The worked example of the FENr document, at 14,200 ms. */
const EXAMPLE =
  'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001   kQq    f3    14200    14200';

function read(text: string): Setup {
  const result = parseFenr(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const name = (s: number): string => STANDARD.squareNames[s] as string;

/** A move as `e2-e4`, `O-O` for castling; sorted lists of them by colour. */
function byColor(setup: Setup, moves: readonly RealtimeMove[]): Record<'white' | 'black', string[]> {
  const out = { white: [] as string[], black: [] as string[] };
  for (const m of moves) {
    const p = setup.board.pieces[m.from] as Piece;
    out[p.color].push(m.kind === 'castle' ? (m.rook > m.from ? 'O-O' : 'O-O-O') : `${name(m.from)}-${name(m.to)}`);
  }
  out.white.sort();
  out.black.sort();
  return out;
}

describe('the realtime rules on the FENr example', () => {
  it('offers exactly the moves the pieces can start at 14,200 ms, both colours', () => {
    const setup = read(EXAMPLE);
    // Counted by hand (README, "Running a realtime game"): the queens fly, the pawn on f4 and
    // the rook on g1 cool down; the d1 queen's origin is free; d8, where Black's queen lands,
    // blocks Black's rook, king and queen-side castling; a2-a4 would cross the white queen's
    // landing square; no check, no en passant.
    const white = [
      ...['a1-b1', 'a1-c1', 'a1-d1'],
      ...['e1-d1', 'e1-f1', 'e1-f2', 'O-O-O'],
      'a2-a3',
      ...['b2-a3', 'b2-c1'],
      ...['d2-b1', 'd2-b3', 'd2-c4', 'd2-e4', 'd2-f3', 'd2-f1'],
      'e2-c1',
      ...['g2-h3', 'g2-h1', 'g2-f1', 'g2-f3', 'g2-e4'],
      ...['h2-h3', 'h2-h4'],
      'c3-c4',
      'g3-g4',
      'b4-b5',
    ];
    const black = [
      ...['a8-b8', 'a8-c8'],
      ...['e8-f8', 'e8-e7', 'e8-f7', 'O-O'],
      ...['h8-g8', 'h8-f8'],
      ...['a7-a6', 'a7-a5'],
      ...['b7-c8', 'b7-a6'],
      ...['d7-b8', 'd7-c5', 'd7-e5', 'd7-f8'],
      ...['g7-h6', 'g7-f8'],
      ...['h7-h6', 'h7-h5'],
      'b6-b5',
      'c6-c5',
      ...['f6-g4', 'f6-h5', 'f6-g8'],
      ...['g5-g4', 'g5-f4'],
    ];
    expect(white).toHaveLength(27);
    expect(black).toHaveLength(27);
    expect(byColor(setup, movesAt(setup))).toEqual({ white: white.sort(), black: black.sort() });
  });

  it('turns the pieces that are cooling or flying away, and the turn read from the en passant square limits nothing', () => {
    const setup = read(EXAMPLE);
    expect(setup.turn).toBe('black');
    const refused = startMove(setup, { kind: 'normal', from: 6, to: 7 }); // Rg1-h1, cooling
    expect(refused.ok ? undefined : refused.error.code).toBe('not-movable');
    expect(startMove(setup, { kind: 'normal', from: 11, to: 21 }).ok).toBe(true); // Nd2-f3, White's
  });

  it('starts a move and lands it: the piece cools down from its arrival, the clock moved on', () => {
    const setup = read(EXAMPLE);
    const started = startMove(setup, { kind: 'normal', from: 11, to: 21 }); // Nd2-f3: 2 squares, 2,000 ms
    if (!started.ok) throw new Error(started.error.message);
    expect(writeFenr(started.value)).toBe(
      'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1PMNd22000P1/PB2N1BP/R3K1DR50001 Qkq - 14200 14200',
    );
    const { setup: later, events } = advance(started.value, 17_000);
    // Arrived at 16,200: cooling for 800 ms by 17,000. The queens landed at 14,650 and 14,700.
    expect(writeFenr(later)).toBe(
      'r2Dq2300k2r/pb1n2bp/1pp2n2/3p1pp1/DQ2350P1PpDP38002/2P1PDN0800P1/PB2N1BP/R3K1DR78001 Qkq - 17000 17000',
    );
    expect(events.map((e) => `${e.kind} ${name(e.square)} ${e.atMs}`)).toEqual([
      'land a4 14650',
      'land d8 14700',
      'land f3 16200',
    ]);
  });
});

describe('simulated realtime games (seeded)', () => {
  // Short games: a 20-second draw rule and quick looks keep each game to some hundreds of steps.
  const rules = { drawAfterMs: 20_000, tickMs: 20, stepMs: 150, moveChance: 0.6 };

  it('keep every rule at every step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const game = simulateRealtime({
          ...rules,
          seed,
          onStep: (step) => {
            for (const s of [step.advanced, step.after]) {
              // Every intermediate state writes, reads back and writes the same text.
              const text = writeFenr(s);
              expect(writeFenr(read(text))).toBe(text);
            }
            // No piece starts a move while cooling down or flying.
            const cooldownMs = step.advanced.realtime?.cooldownMs ?? 0;
            for (const { move } of step.started) {
              const p = step.advanced.board.pieces[move.from] as Piece;
              const mover = p.realtime?.kind === 'flight' ? p.realtime.under : p;
              expect(mover && pieceStatus(mover, step.atMs, cooldownMs).kind).toBe('ready');
            }
            // Material changes only by captures and promotions.
            const count = (pieces: readonly Piece[]): Map<string, number> => {
              const m = new Map<string, number>();
              for (const p of pieces) m.set(`${p.color} ${p.role}`, (m.get(`${p.color} ${p.role}`) ?? 0) + 1);
              return m;
            };
            const expected = count(realtimePieces(step.before));
            const bump = (p: Piece, by: number): void => {
              expected.set(`${p.color} ${p.role}`, (expected.get(`${p.color} ${p.role}`) ?? 0) + by);
            };
            for (const e of step.events) {
              if (e.kind === 'capture') bump(e.captured, -1);
              if (e.kind === 'promote') {
                bump({ ...e.piece, role: 'pawn' }, -1);
                bump(e.piece, 1);
              }
            }
            const actual = count(realtimePieces(step.advanced));
            for (const key of new Set([...expected.keys(), ...actual.keys()]))
              expect([key, actual.get(key) ?? 0]).toEqual([key, expected.get(key) ?? 0]);
            expect(count(realtimePieces(step.after))).toEqual(actual);
          },
        });
        // Every game ends: by a king taken, or by the draw rule.
        expect(game.outcome?.reason).toMatch(/^(kingCaptured|variantDraw)$/);
        // `outcome` asks the variant's rules (the default five-minute draw, so only a king taken shows).
        if (game.outcome?.reason === 'kingCaptured') expect(outcome(game.setup)).toEqual(game.outcome);
      }),
      { numRuns: 6 },
    );
  });
});
