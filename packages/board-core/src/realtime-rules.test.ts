import { describe, expect, it } from 'vitest';
import { emptyBoard } from './board.js';
import { STANDARD, parseSquare, type Square } from './geometry.js';
import { parseSetupJson, setupToJson } from './json.js';
import { piece, type Piece } from './piece.js';
import { boardAt, flightsAt, movableAt, startClock } from './realtime.js';
import { advance, movesAt, realtimeOutcome, startMove, type RealtimeMove } from './realtime-rules.js';
import type { Setup } from './setup.js';
import { legalMoves } from './rules.js';
import { standardSetup } from './setup.js';
import { outcome } from './status.js';
import { variantByKey, variantOf } from './variants/lookup.js';
import type { Color, Role } from './vocabulary.js';

const sq = (name: string): Square => parseSquare(STANDARD, name) as Square;
const name = (s: Square): string => STANDARD.squareNames[s] as string;

/** A realtime setup at 0 ms with the pieces given as `{ e1: 'K', e8: 'k' }` (upper case: White). */
function position(placed: Record<string, string>, castling: readonly string[] = []): Setup {
  const pieces = emptyBoard().pieces.slice();
  const roles: Record<string, Role> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
  for (const [at, letter] of Object.entries(placed)) {
    const color: Color = letter === letter.toUpperCase() ? 'white' : 'black';
    pieces[sq(at)] = piece(color, roles[letter.toLowerCase()] as Role);
  }
  return {
    board: { geometry: STANDARD, pieces },
    turn: 'white',
    castlingRooks: castling.map(sq).sort((a, b) => a - b),
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
    realtime: startClock(),
  };
}

const go = (from: string, to: string): RealtimeMove => ({ kind: 'normal', from: sq(from), to: sq(to) });

function start(setup: Setup, move: RealtimeMove, t?: number): Setup {
  const started = startMove(setup, move, t);
  if (!started.ok) throw new Error(started.error.message);
  return started.value;
}

function at(setup: Setup, square: string): Piece | undefined {
  return boardAt(setup).pieces[sq(square)];
}

const KINGS = { h1: 'K', h8: 'k' };

describe('movesAt', () => {
  it('lets the pieces of both colours move when ready, and no piece while it flies or cools down', () => {
    const setup = position({ ...KINGS, a1: 'R', a8: 'r' });
    expect(movesAt(setup).filter((m) => m.from === sq('a1'))).toHaveLength(7 + 6);
    expect(movesAt(setup).filter((m) => m.from === sq('a8'))).toHaveLength(7 + 6);
    const flying = start(setup, go('a1', 'a4'));
    expect(movesAt(flying).some((m) => m.from === sq('a4') || m.from === sq('a1'))).toBe(false);
    const landed = advance(flying, 3_000).setup;
    expect(movesAt(landed).some((m) => m.from === sq('a4'))).toBe(false);
    expect(movesAt(landed, 12_999).some((m) => m.from === sq('a4'))).toBe(false);
    expect(movesAt(landed, 13_000).some((m) => m.from === sq('a4'))).toBe(true);
  });

  it('treats a flying piece origin as free and its path ahead as blocked for its own side only', () => {
    const setup = start(position({ ...KINGS, a1: 'R', b1: 'Q', a8: 'r' }), go('a1', 'a5'), 0);
    // At 1,500 ms the rook is between a2 and a3: a3, a4 and a5 are still ahead of it.
    const queen = movesAt(setup, 1_500).filter((m) => m.from === sq('b1'));
    expect(queen.map((m) => name(m.to))).toContain('a1');
    const blackRook = movesAt(setup, 1_500).filter((m) => m.from === sq('a8'));
    expect(blackRook.map((m) => name(m.to)).sort()).toEqual([
      'a1',
      'a2',
      'a3',
      'a4',
      'a5',
      'a6',
      'a7',
      'b8',
      'c8',
      'd8',
      'e8',
      'f8',
      'g8',
    ]);
  });

  it('moves pawns straight only to free squares and diagonally only onto a standing piece', () => {
    const setup = position({ ...KINGS, e2: 'P', e3: 'n', d3: 'r', g2: 'P', h3: 'b' });
    const flying = start(setup, go('h3', 'f5'));
    const pawns = movesAt(flying).filter((m) => m.from === sq('e2') || m.from === sq('g2'));
    expect(pawns.map((m) => `${name(m.from)}-${name(m.to)}`)).toEqual(['e2-d3', 'g2-g3', 'g2-g4']);
  });

  it('castles with a ready rook over free squares, never through check, for there is none', () => {
    const setup = position({ e1: 'K', h1: 'R', a1: 'R', e8: 'k', f8: 'r' }, ['a1', 'h1']);
    const castles = movesAt(setup).filter((m) => m.kind === 'castle');
    expect(castles.map((m) => name(m.to))).toEqual(['g1', 'c1']);
    // The rook squares are the rules': a castling move that names others still castles with h1.
    const named = castles[0] as RealtimeMove & { kind: 'castle' };
    const castled = start(setup, { ...named, rook: sq('a1'), rookTo: sq('d1') });
    expect(castled.castlingRooks).toEqual([]);
    expect(flightsAt(castled).map((f) => `${f.piece.role} ${name(f.from)}-${name(f.to)} ${f.arrivesAtMs}`)).toEqual([
      'rook h1-f1 2000',
      'king e1-g1 2000',
    ]);
  });
});

describe('advance', () => {
  it('lets the earlier mover win a collision', () => {
    let setup = start(position({ ...KINGS, a1: 'R', a8: 'r' }), go('a1', 'a8'));
    setup = start(setup, go('a8', 'a1'), 500);
    const { setup: after, events } = advance(setup, 8_000);
    expect(events.filter((e) => e.kind === 'capture').map((e) => `${e.captured.color} by ${e.by?.color}`)).toEqual([
      'black by white',
    ]);
    expect(at(after, 'a8')).toEqual(piece('white', 'rook'));
    expect(after.realtime?.sinceCaptureMs).toBeLessThan(8_000);
  });

  it('takes both pieces that set off in the same millisecond', () => {
    let setup = start(position({ ...KINGS, a1: 'R', a8: 'r' }), go('a1', 'a8'));
    setup = start(setup, go('a8', 'a1'));
    const { setup: after, events } = advance(setup, 8_000);
    expect(events.filter((e) => e.kind === 'capture')).toHaveLength(2);
    expect(at(after, 'a1')).toBeUndefined();
    expect(at(after, 'a8')).toBeUndefined();
  });

  it('lets a moving piece take a standing one, stored in flight over it until then', () => {
    const setup = start(position({ ...KINGS, a1: 'R', a8: 'r' }), go('a1', 'a8'));
    // Before the capture the black rook still stands on a8, under the flight, and may move.
    expect(at(setup, 'a8')).toEqual(piece('black', 'rook'));
    expect(movableAt(setup)).toContain(sq('a8'));
    const { setup: after, events } = advance(setup, 7_000);
    const capture = events.find((e) => e.kind === 'capture');
    // The first 10 ms tick closer than 0.4 squares to a8: past 6.6 squares at 1,000 ms each.
    expect(capture?.atMs).toBe(6_610);
    expect(at(after, 'a8')).toEqual(piece('white', 'rook'));
  });

  it('keeps a capture in flight in the canonical JSON, the pieces under a flight nested', () => {
    let setup = start(position({ ...KINGS, a1: 'R', a8: 'r', h2: 'B' }), go('a1', 'a8'));
    setup = start(setup, go('h2', 'b8'), 200); // a second flight, to a square of its own
    const json = setupToJson(setup);
    expect(json.realtime?.flights.a8).toEqual({ from: 'a1', arrivesAtMs: 7_000, under: { piece: 'r' } });
    const back = parseSetupJson(JSON.parse(JSON.stringify(json)));
    expect(back.ok && back.value).toEqual(setup);
    const deep = {
      ...json,
      realtime: {
        ...json.realtime,
        flights: {
          a8: {
            from: 'a1',
            arrivesAtMs: 7_000,
            under: { piece: 'q', from: 'a2', arrivesAtMs: 8_000, under: { piece: 'r', arrivedAtMs: 0 } },
          },
        },
      },
    };
    const read = parseSetupJson(deep);
    expect(read.ok && flightsAt(read.value).map((f) => f.piece.role)).toEqual(['rook', 'queen']);
    expect(read.ok && boardAt(read.value).pieces[sq('a8')]).toEqual(piece('black', 'rook'));
    const bad = parseSetupJson({
      ...json,
      realtime: { ...json.realtime, flights: { a8: { from: 'a1', arrivesAtMs: 7_000, under: {} } } },
    });
    expect(bad.ok ? undefined : bad.error.code).toBe('missing-key');
  });

  it('lets a standing piece flee from a flight at it', () => {
    let setup = start(position({ ...KINGS, a1: 'R', a8: 'r' }), go('a1', 'a8'));
    setup = start(setup, go('a8', 'b8'), 1_000);
    const { setup: after, events } = advance(setup, 8_000);
    expect(events.some((e) => e.kind === 'capture')).toBe(false);
    expect(at(after, 'a8')?.role).toBe('rook');
    expect(at(after, 'b8')?.color).toBe('black');
  });

  it('never lets a pawn moving straight capture: it is taken', () => {
    // The pawn sets off first, yet the rook crossing e3 takes it.
    let setup = start(position({ ...KINGS, e2: 'P', d3: 'r' }), go('e2', 'e4'));
    setup = start(setup, go('d3', 'h3'), 100);
    const { events } = advance(setup, 8_000);
    expect(events.filter((e) => e.kind === 'capture').map((e) => `${e.captured.role} by ${e.by?.role}`)).toEqual([
      'pawn by rook',
    ]);
  });

  it('flies a knight over what crosses the middle of its jump', () => {
    // Knight b1-c3 (2,000 ms); a black rook d2-a2 passes 0.28 squares from it, at 62% of its jump.
    const setup = start(start(position({ ...KINGS, b1: 'N', d2: 'r' }), go('b1', 'c3')), go('d2', 'a2'));
    expect(advance(setup, 4_000).events.some((e) => e.kind === 'capture')).toBe(false);
    // Without the air time the two meet.
    const grounded = advance(setup, 4_000, { knightAirborne: [0.99, 0.995] }).events;
    expect(grounded.filter((e) => e.kind === 'capture')).toHaveLength(2);
  });

  it('promotes a pawn on arrival and ends cooldowns with an event', () => {
    const setup = start(position({ ...KINGS, a7: 'P' }), go('a7', 'a8'));
    const { setup: after, events } = advance(setup, 11_000);
    expect(events.map((e) => `${e.kind} ${name(e.square)} ${e.atMs}`)).toEqual([
      'land a8 1000',
      'promote a8 1000',
      'ready a8 11000',
    ]);
    expect(after.board.pieces[sq('a8')]).toEqual(piece('white', 'queen'));
  });
});

describe('realtimeOutcome', () => {
  it('ends the game when a king is taken, draws when both are, and after the capture-free period', () => {
    const setup = start(position({ a1: 'K', a8: 'k', h2: 'R' }), go('h2', 'h8'));
    expect(outcome(setup)).toBeUndefined();
    const taken = advance(start(setup, go('a8', 'b8'), 100), 8_000).setup;
    // The king fled to b8, so the rook lands on h8; now it takes the king.
    const won = advance(start(taken, go('h8', 'b8'), 19_000), 30_000);
    expect(outcome(won.setup)).toEqual({ reason: 'kingCaptured', winner: 'white' });
    expect(realtimeOutcome(position({ a1: 'P', a8: 'p' }))).toEqual({ reason: 'kingCaptured' });
    const quiet = advance(position(KINGS), 300_000).setup;
    expect(realtimeOutcome(quiet)).toEqual({ reason: 'variantDraw' });
    expect(realtimeOutcome(advance(position(KINGS), 299_999).setup)).toBeUndefined();
  });
});

describe('the realtime variant', () => {
  it('plays every setup with a realtime clock, and its named start', () => {
    expect(variantOf(position(KINGS)).key).toBe('realtime');
    expect(variantOf(standardSetup()).key).toBe('standard');
    const start = variantByKey('realtime')?.start() as Setup;
    expect(variantOf(start).key).toBe('realtime');
    expect(movesAt(start)).toHaveLength(40);
    // No check: a king left attacked does not limit the other pieces, even to legalMoves.
    const attacked = position({ e1: 'K', e8: 'r', a8: 'k', h2: 'P' });
    expect(legalMoves(attacked).some((m) => m.kind === 'normal' && m.from === sq('h2'))).toBe(true);
    expect(movesAt(attacked).some((m) => m.from === sq('h2'))).toBe(true);
  });
});
