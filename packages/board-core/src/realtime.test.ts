import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyBoard } from './board.js';
import { boardDiagram } from './diagram.js';
import { OMEGA, STANDARD, parseSquare, type Square } from './geometry.js';
import { parseSetupJson, setupToJson } from './json.js';
import { piece, type Piece, type RealtimeState } from './piece.js';
import { advanceRealtime, boardAt, flightsAt, movableAt, statusAt, withRealtime } from './realtime.js';
import type { Setup } from './setup.js';
import { COLORS, ROLES } from './vocabulary.js';

const sq = (name: string): Square => parseSquare(STANDARD, name) as Square;

/**
 * The worked example of the FENr specification, built by hand at 14,200 ms: the black queen
 * flies e7-d8 and arrives in 500 ms, the white queen d1-a4 in 450 ms, the pawn on f4 arrived
 * 1,000 ms ago, the rook on g1 5,000 ms ago.
 */
function example(): Setup {
  const pieces = emptyBoard().pieces.slice();
  const put = (name: string, p: Piece, state?: RealtimeState): void => {
    pieces[sq(name)] = withRealtime(p, state);
  };
  put('e1', piece('white', 'king'));
  put('e8', piece('black', 'king'));
  put('d8', piece('black', 'queen'), { kind: 'flight', from: sq('e7'), arrivesAtMs: 14_700 });
  put('a4', piece('white', 'queen'), { kind: 'flight', from: sq('d1'), arrivesAtMs: 14_650 });
  put('f4', piece('white', 'pawn'), { kind: 'cooldown', arrivedAtMs: 13_200 });
  put('g1', piece('white', 'rook'), { kind: 'cooldown', arrivedAtMs: 9_200 });
  put('h8', piece('black', 'rook'));
  return {
    board: { geometry: STANDARD, pieces },
    turn: 'black',
    castlingRooks: [0, 56, 63],
    epSquares: [sq('f3')],
    halfmoves: 0,
    fullmoves: 1,
    realtime: { clockMs: 14_200, sinceCaptureMs: 14_200, cooldownMs: 10_000 },
  };
}

describe('pieces', () => {
  it('keeps plain pieces shared and gives realtime pieces objects of their own', () => {
    const queen = piece('white', 'queen');
    const flying = withRealtime(queen, { kind: 'flight', from: 3, arrivesAtMs: 10 });
    expect(flying).not.toBe(queen);
    expect(flying).toEqual({
      color: 'white',
      role: 'queen',
      promoted: false,
      realtime: { kind: 'flight', from: 3, arrivesAtMs: 10 },
    });
    expect(Object.isFrozen(piece('white', 'queen'))).toBe(true);
    expect(withRealtime(flying, undefined)).toBe(queen);
    expect(piece('white', 'queen')).not.toHaveProperty('realtime');
  });
});

describe('the board at a moment', () => {
  it('answers the worked example at its own clock', () => {
    const setup = example();
    expect(statusAt(setup, sq('d8'))).toEqual({
      kind: 'flight',
      from: sq('e7'),
      arrivesAtMs: 14_700,
      remainingMs: 500,
    });
    expect(statusAt(setup, sq('a4'))).toEqual({
      kind: 'flight',
      from: sq('d1'),
      arrivesAtMs: 14_650,
      remainingMs: 450,
    });
    expect(statusAt(setup, sq('f4'))).toEqual({ kind: 'cooldown', arrivedAtMs: 13_200, remainingMs: 9_000 });
    expect(statusAt(setup, sq('g1'))).toEqual({ kind: 'cooldown', arrivedAtMs: 9_200, remainingMs: 5_000 });
    expect(statusAt(setup, sq('e1'))).toEqual({ kind: 'ready' });
    expect(statusAt(setup, sq('e4'))).toBeUndefined();
    expect(movableAt(setup)).toEqual([sq('e1'), sq('e8'), sq('h8')]);
    expect(flightsAt(setup)).toEqual([
      { piece: piece('white', 'queen'), from: sq('d1'), to: sq('a4'), arrivesAtMs: 14_650, remainingMs: 450 },
      { piece: piece('black', 'queen'), from: sq('e7'), to: sq('d8'), arrivesAtMs: 14_700, remainingMs: 500 },
    ]);
    // Pieces in flight stand nowhere; the others stand as plain pieces.
    expect(boardDiagram(boardAt(setup)).split('\n').slice(0, 8)).toEqual([
      '8 . . . . k . . r',
      '7 . . . . . . . .',
      '6 . . . . . . . .',
      '5 . . . . . . . .',
      '4 . . . . . P . .',
      '3 . . . . . . . .',
      '2 . . . . . . . .',
      '1 . . . . K . R .',
    ]);
    expect(boardAt(setup).pieces[sq('f4')]).toBe(piece('white', 'pawn'));
  });

  it('lands pieces at their arrival time, on the half-open timeline', () => {
    const setup = example();
    expect(boardAt(setup, 14_649).pieces[sq('a4')]).toBeUndefined();
    expect(boardAt(setup, 14_650).pieces[sq('a4')]).toBe(piece('white', 'queen'));
    expect(statusAt(setup, sq('a4'), 14_650)).toEqual({ kind: 'cooldown', arrivedAtMs: 14_650, remainingMs: 10_000 });
    expect(flightsAt(setup, 14_650).map((f) => f.to)).toEqual([sq('d8')]);
    expect(flightsAt(setup, 14_700)).toEqual([]);
  });

  it('lets a piece move again exactly when its cooldown ends', () => {
    const setup = example();
    // The rook arrived at 9,200: cooling through 19,199, ready at 19,200.
    expect(movableAt(setup, 19_199)).not.toContain(sq('g1'));
    expect(movableAt(setup, 19_200)).toContain(sq('g1'));
    expect(statusAt(setup, sq('g1'), 19_199)).toEqual({ kind: 'cooldown', arrivedAtMs: 9_200, remainingMs: 1 });
    // Everything has landed and cooled by 24,700.
    expect(movableAt(setup, 24_699)).not.toContain(sq('d8'));
    expect(movableAt(setup, 24_700)).toHaveLength(7);
  });

  it('refuses a moment before the clock, or not an integer', () => {
    const setup = example();
    expect(() => boardAt(setup, 14_199)).toThrow(RangeError);
    expect(() => movableAt(setup, 14_200.5)).toThrow(RangeError);
    expect(() => flightsAt(setup, Number.NaN)).toThrow(RangeError);
  });

  it('reads a setup without a clock at time 0: every plain piece is ready', () => {
    const pieces = emptyBoard().pieces.slice();
    pieces[4] = piece('white', 'king');
    const setup: Setup = {
      board: { geometry: STANDARD, pieces },
      turn: 'white',
      castlingRooks: [],
      epSquares: [],
      halfmoves: 0,
      fullmoves: 1,
    };
    expect(movableAt(setup)).toEqual([4]);
    expect(advanceRealtime(setup, 5).realtime).toEqual({ clockMs: 5, sinceCaptureMs: 5, cooldownMs: 10_000 });
  });
});

describe('advanceRealtime', () => {
  it('moves the clocks on, lands flights into cooldowns and ends cooldowns', () => {
    const later = advanceRealtime(example(), 500);
    expect(later.realtime).toEqual({ clockMs: 14_700, sinceCaptureMs: 14_700, cooldownMs: 10_000 });
    expect(later.board.pieces[sq('d8')]?.realtime).toEqual({ kind: 'cooldown', arrivedAtMs: 14_700 });
    expect(later.board.pieces[sq('a4')]?.realtime).toEqual({ kind: 'cooldown', arrivedAtMs: 14_650 });
    const done = advanceRealtime(later, 10_000);
    expect(done.board.pieces.filter((p) => p?.realtime !== undefined)).toEqual([]);
    expect(done.board.pieces[sq('d8')]).toBe(piece('black', 'queen'));
    expect(movableAt(done)).toHaveLength(7);
  });

  it('keeps pieces whose state goes on, and changes nothing in the given setup', () => {
    const setup = example();
    const before = setupToJson(setup);
    const later = advanceRealtime(setup, 100);
    expect(later.board.pieces[sq('d8')]).toBe(setup.board.pieces[sq('d8')]);
    expect(later.board.pieces[sq('g1')]).toBe(setup.board.pieces[sq('g1')]);
    expect(setupToJson(setup)).toEqual(before);
    expect(later.castlingRooks).toBe(setup.castlingRooks);
  });

  it('gives the same answers in one step or many', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3_000 }), { maxLength: 8 }), (steps) => {
        const total = steps.reduce((a, b) => a + b, 0);
        const stepped = steps.reduce((s, ms) => advanceRealtime(s, ms), example());
        const once = advanceRealtime(example(), total);
        expect(setupToJson(stepped)).toEqual(setupToJson(once));
        // What the advanced setup says about now is what the original says about that moment.
        const t = 14_200 + total;
        expect(movableAt(once)).toEqual(movableAt(example(), t));
        expect(boardAt(once)).toEqual(boardAt(example(), t));
        expect(flightsAt(once)).toEqual(flightsAt(example(), t));
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a negative or fractional step', () => {
    expect(() => advanceRealtime(example(), -1)).toThrow(RangeError);
    expect(() => advanceRealtime(example(), 0.5)).toThrow(RangeError);
  });

  it('refuses a step that would take the clock out of the safe integers, and takes one up to their end', () => {
    const last = advanceRealtime(example(), Number.MAX_SAFE_INTEGER - 14_200);
    expect(last.realtime?.clockMs).toBe(Number.MAX_SAFE_INTEGER);
    expect(statusAt(last, sq('e1'), last.realtime?.clockMs)).toEqual({ kind: 'ready' });
    expect(() => advanceRealtime(last, 10)).toThrow(RangeError);
    expect(() => advanceRealtime(example(), Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
    // The time since the last capture is checked too (a setup read from JSON may hold any pair).
    const captureless = {
      ...example(),
      realtime: { clockMs: 0, sinceCaptureMs: Number.MAX_SAFE_INTEGER, cooldownMs: 10_000 },
    };
    expect(() => advanceRealtime(captureless, 1)).toThrow(RangeError);
    expect(advanceRealtime(captureless, 0).realtime?.sinceCaptureMs).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('canonical JSON', () => {
  it('writes the clock and the states by square, in square order', () => {
    const json = setupToJson(example());
    expect(json.board['d8']).toBe('q');
    expect(json.realtime).toEqual({
      clockMs: 14_200,
      sinceCaptureMs: 14_200,
      cooldownMs: 10_000,
      cooldowns: { f4: { arrivedAtMs: 13_200 }, g1: { arrivedAtMs: 9_200 } },
      flights: { a4: { from: 'd1', arrivesAtMs: 14_650 }, d8: { from: 'e7', arrivesAtMs: 14_700 } },
    });
    expect(Object.keys(json.realtime?.cooldowns ?? {})).toEqual(['g1', 'f4']);
    expect(parseSetupJson(JSON.parse(JSON.stringify(json)))).toEqual({ ok: true, value: example() });
  });

  it('has no realtime key for a setup without a clock or realtime pieces', () => {
    const { realtime: _, ...plain } = example();
    const board = { geometry: STANDARD, pieces: plain.board.pieces.map((p) => p && withRealtime(p, undefined)) };
    expect(setupToJson({ ...plain, board })).not.toHaveProperty('realtime');
    // Realtime pieces without a clock are read against the start.
    expect(setupToJson(plain).realtime).toMatchObject({ clockMs: 0, sinceCaptureMs: 0, cooldownMs: 10_000 });
  });

  it.each([
    [
      'a state on a square holding no piece',
      { cooldowns: { e4: { arrivedAtMs: 0 } } },
      'no-piece',
      'realtime.cooldowns.e4',
    ],
    [
      'a square both cooling down and in flight',
      { cooldowns: { d8: { arrivedAtMs: 0 } } },
      'duplicate-square',
      'realtime.flights.d8',
    ],
    ['a zero cooldown', { cooldownMs: 0 }, 'out-of-range', 'realtime.cooldownMs'],
    ['a negative clock', { clockMs: -1 }, 'out-of-range', 'realtime.clockMs'],
    [
      'a flight from no square',
      { flights: { d8: { from: 'e9', arrivesAtMs: 0 } } },
      'unknown-square',
      'realtime.flights.d8.from',
    ],
    [
      'a flight without its arrival',
      { flights: { d8: { from: 'e7' } } },
      'missing-key',
      'realtime.flights.d8.arrivesAtMs',
    ],
    [
      'an unknown key in a cooldown',
      { cooldowns: { f4: { arrivedAtMs: 0, speed: 1 } } },
      'unknown-key',
      'realtime.cooldowns.f4.speed',
    ],
    ['cooldowns as an array', { cooldowns: [] }, 'wrong-type', 'realtime.cooldowns'],
    ['no flights key', { flights: undefined }, 'missing-key', 'realtime.flights'],
  ])('rejects %s', (_name, change, code, path) => {
    const json = setupToJson(example()) as unknown as { realtime: Record<string, unknown> };
    const realtime: Record<string, unknown> = { ...json.realtime, ...change };
    if ('flights' in change && change.flights === undefined) delete realtime['flights'];
    const result = parseSetupJson({ ...json, realtime });
    expect(result.ok ? undefined : { code: result.error.code, path: result.error.path }).toEqual({ code, path });
  });

  it('round-trips random realtime setups on both geometries', () => {
    const stateArb = (squares: readonly Square[]): fc.Arbitrary<RealtimeState | undefined> =>
      fc.oneof(
        fc.constant(undefined),
        fc
          .integer({ min: -20_000, max: 100_000 })
          .map((arrivedAtMs): RealtimeState => ({ kind: 'cooldown', arrivedAtMs })),
        fc
          .tuple(fc.constantFrom(...squares), fc.integer({ min: 0, max: 100_000 }))
          .map(([from, arrivesAtMs]): RealtimeState => ({ kind: 'flight', from, arrivesAtMs })),
      );
    const arb = fc.constantFrom(STANDARD, OMEGA).chain((geometry) => {
      const squares = geometry.squareNames.flatMap((name, square) => (name === '' ? [] : [square]));
      return fc.record({
        geometry: fc.constant(geometry),
        placed: fc.array(
          fc.tuple(
            fc.constantFrom(...squares),
            fc.constantFrom(...COLORS),
            fc.constantFrom(...ROLES),
            stateArb(squares),
          ),
          { maxLength: 20 },
        ),
        clock: fc.record({
          clockMs: fc.nat({ max: 1e7 }),
          sinceCaptureMs: fc.nat({ max: 1e7 }),
          cooldownMs: fc.integer({ min: 1, max: 60_000 }),
        }),
      });
    });
    fc.assert(
      fc.property(arb, ({ geometry, placed, clock }) => {
        const pieces = emptyBoard(geometry).pieces.slice();
        for (const [square, color, role, state] of placed) pieces[square] = withRealtime(piece(color, role), state);
        const setup: Setup = {
          board: { geometry, pieces },
          turn: 'white',
          castlingRooks: [],
          epSquares: [],
          halfmoves: 0,
          fullmoves: 1,
          realtime: clock,
        };
        expect(parseSetupJson(JSON.parse(JSON.stringify(setupToJson(setup))))).toEqual({ ok: true, value: setup });
      }),
      { numRuns: 200 },
    );
  });
});
