/**
 * Differential test: our SAN against chessops' (`chessops/san`) on positions reached by random
 * legal play from the standard start, Chess960 starts and the crazyhouse start.
 */
import { makeSan, parseSan as opsParseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { setupPosition } from 'chessops/variant';
import { describe, expect, it } from 'vitest';
import type { Move } from './move.js';
import { legalMoves, play } from './rules.js';
import { parseSan, writeSan } from './san.js';
import type { Setup } from './setup.js';
import { toChessops, toChessopsMove } from './testing/chessops-bridge.js';
import { STARTS } from './testing/random-play.js';

/** A small deterministic generator (xorshift32), so that failures reproduce. */
function randomNumbers(seed: number): () => number {
  let state = seed | 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/** The one documented difference: chessops writes a pawn drop as `@e4`, we write `P@e4`. */
function ourForm(opsSan: string): string {
  return opsSan.startsWith('@') ? `P${opsSan}` : opsSan;
}

function positions(start: Setup, games: number, plies: number, seed: number): Setup[] {
  const next = randomNumbers(seed);
  const out: Setup[] = [];
  for (let game = 0; game < games; game++) {
    let setup = start;
    for (let ply = 0; ply < plies; ply++) {
      out.push(setup);
      const legal = legalMoves(setup);
      if (legal.length === 0) break;
      setup = play(setup, legal[Math.floor(next() * legal.length)] as Move);
    }
  }
  return out;
}

const CASES = STARTS.filter((s) => s.setup.board.geometry.name === 'standard').map((start, i) => ({
  start,
  rules: start.setup.pockets ? ('crazyhouse' as const) : ('chess' as const),
  positions: positions(start.setup, start.name === 'standard' || start.name === 'crazyhouse' ? 12 : 6, 80, 0x5eed + i),
}));

/** What kinds of SAN the comparison met, so that a quiet generator cannot make it pass vacuously. */
const seen = new Map<string, number>();
function tally(san: string, move: Move): void {
  const kinds = [
    move.kind,
    san.includes('=') ? 'promotion' : '',
    san.endsWith('#') ? 'mate' : '',
    /^[NBRQK][a-h1-8]{1,2}x?[a-h][1-8]/.test(san) ? 'disambiguation' : '',
  ];
  for (const kind of kinds) if (kind !== '') seen.set(kind, (seen.get(kind) ?? 0) + 1);
}

describe('SAN against chessops', () => {
  it.each(CASES)(
    'agrees on the legal moves of $positions.length positions: $start.name',
    ({ rules, positions: setups }) => {
      const next = randomNumbers(7);
      setups.forEach((setup, index) => {
        const pos = setupPosition(rules, toChessops(setup)).unwrap();
        const legal = legalMoves(setup);
        // Every legal move at every eighth position, two random ones elsewhere.
        const sample =
          index % 8 === 0
            ? legal
            : [0, 1].map(() => legal[Math.floor(next() * legal.length)]).filter((m) => m !== undefined);
        for (const move of sample) {
          const opsMove = toChessopsMove(move);
          const theirs = ourForm(makeSan(pos, opsMove));
          const ours = writeSan(setup, move);
          if (ours !== theirs) expect({ setup, move, ours }).toEqual({ setup, move, ours: theirs });
          const parsed = parseSan(setup, theirs);
          if (!parsed.ok || JSON.stringify(parsed.value) !== JSON.stringify(move))
            expect({ theirs, parsed }).toEqual({ theirs, parsed: { ok: true, value: move } });
          const back = opsParseSan(pos, ours);
          if (back === undefined || makeUci(back) !== makeUci(opsMove))
            expect({ ours, back }).toEqual({ ours, back: opsMove });
          tally(ours, move);
        }
      });
    },
  );
  it('met every kind of move', () => {
    expect(Object.fromEntries(seen)).toEqual({
      normal: expect.any(Number),
      enPassant: expect.any(Number),
      castle: expect.any(Number),
      drop: expect.any(Number),
      promotion: expect.any(Number),
      mate: expect.any(Number),
      disambiguation: expect.any(Number),
    });
  });
});
