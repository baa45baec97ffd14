import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { Crazyhouse, ThreeCheck } from 'chessops/variant';
import { describe, expect, it } from 'vitest';
import type { Move } from './move.js';
import { withPiece } from './board.js';
import { piece } from './piece.js';
import { play } from './rules.js';
import { standardSetup, type Setup } from './setup.js';
import {
  hasInsufficientMaterial,
  isFiftyMoveDraw,
  isFivefoldRepetition,
  isInsufficientMaterial,
  isSeventyFiveMoveDraw,
  isThreefoldRepetition,
  outcome,
  positionKey,
} from './status.js';
import { setupFromFen } from './testing/chessops-bridge.js';
import { normal, sq } from './testing/notation-fixtures.js';

/** The keys of every position along `moves` from `setup`, the start included. */
function keysAlong(setup: Setup, moves: readonly Move[]): { keys: string[]; last: Setup } {
  const keys = [positionKey(setup)];
  let current = setup;
  for (const move of moves) {
    current = play(current, move);
    keys.push(positionKey(current));
  }
  return { keys, last: current };
}

const KNIGHT_DANCE: readonly Move[] = [normal('g1', 'f3'), normal('g8', 'f6'), normal('f3', 'g1'), normal('f6', 'g8')];

describe('positionKey', () => {
  it('ignores the clocks', () => {
    const a = setupFromFen('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    const b = setupFromFen('4k3/8/8/8/8/8/8/4K3 w - - 37 60');
    expect(positionKey(a)).toBe(positionKey(b));
  });
  it('tells the side to move and the castling rights apart', () => {
    const base = 'r3k2r/8/8/8/8/8/8/R3K2R';
    const keys = [`${base} w KQkq - 0 1`, `${base} b KQkq - 0 1`, `${base} w Kkq - 0 1`].map((f) =>
      positionKey(setupFromFen(f)),
    );
    expect(new Set(keys).size).toBe(3);
  });
  it('counts an en passant square only when the capture is legal', () => {
    const afterE4 = play(standardSetup(), normal('e2', 'e4'));
    expect(afterE4.epSquares).toEqual([sq('e3')]);
    expect(positionKey(afterE4)).toBe(positionKey({ ...afterE4, epSquares: [] }));
    const capturable = setupFromFen('4k3/8/8/KPp5/8/8/8/8 w - c6 0 1');
    expect(positionKey(capturable)).not.toBe(positionKey({ ...capturable, epSquares: [] }));
    // b5xc6 would expose the king on a5 to the h5 rook, so this square does not count.
    const pinned = setupFromFen('8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1');
    expect(positionKey(pinned)).toBe(positionKey({ ...pinned, epSquares: [] }));
  });
  it('counts the Omega Chess Advanced state', () => {
    const state = {
      guarding: { white: { kingSide: true, queenSide: true }, black: { kingSide: true, queenSide: true } },
      foolInHand: { white: true, black: true },
      lastMoved: { white: undefined, black: undefined },
    };
    const base = { ...standardSetup(), omegaAdvanced: state };
    const keys = [
      base,
      {
        ...base,
        omegaAdvanced: { ...state, guarding: { ...state.guarding, black: { kingSide: false, queenSide: true } } },
      },
      { ...base, omegaAdvanced: { ...state, foolInHand: { white: false, black: true } } },
      { ...base, omegaAdvanced: { ...state, lastMoved: { white: 'knight' as const, black: undefined } } },
    ].map(positionKey);
    expect(new Set(keys).size).toBe(4);
    expect(keys[0]).not.toBe(positionKey(standardSetup()));
  });
  it('counts pockets and promoted marks', () => {
    const a = positionKey(setupFromFen('4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1'));
    expect(a).not.toBe(positionKey(setupFromFen('4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1')));
    expect(a).not.toBe(positionKey(setupFromFen('4k3/8/8/8/8/8/8/Q3K3[p] w - - 0 1')));
  });
  it('counts three-check remaining checks: positions differing only in them are not a repetition', () => {
    const keys = ['3+3', '2+3', '3+2', '1+1'].map((checks) =>
      positionKey(setupFromFen(`4k3/8/8/8/8/8/8/R3K3 w - - ${checks} 0 1`)),
    );
    expect(new Set(keys).size).toBe(4);
    expect(keys[0]).not.toBe(positionKey(setupFromFen('4k3/8/8/8/8/8/8/R3K3 w - - 0 1')));
  });
  it('reads a pawn marked promoted (built by hand) as a pawn', () => {
    const plain = setupFromFen('4k3/8/8/5p2/5K2/8/8/8 w - - 0 1');
    const marked = { ...plain, board: withPiece(plain.board, sq('f5'), piece('black', 'pawn', true)) };
    expect(positionKey(marked)).toBe(positionKey(plain));
  });
});

describe('repetition', () => {
  it('finds the start position a third time after two knight dances', () => {
    const once = keysAlong(standardSetup(), KNIGHT_DANCE);
    expect(isThreefoldRepetition(once.keys)).toBe(false);
    const twice = keysAlong(standardSetup(), [...KNIGHT_DANCE, ...KNIGHT_DANCE]);
    expect(twice.keys).toHaveLength(9);
    expect(isThreefoldRepetition(twice.keys)).toBe(true);
    expect(isThreefoldRepetition(twice.keys.slice(0, 8))).toBe(false);
    expect(isFivefoldRepetition(twice.keys)).toBe(false);
    const fourTimes = keysAlong(standardSetup(), [...KNIGHT_DANCE, ...KNIGHT_DANCE, ...KNIGHT_DANCE, ...KNIGHT_DANCE]);
    expect(isFivefoldRepetition(fourTimes.keys)).toBe(true);
  });
  it('has no repetition in an empty history', () => {
    expect(isThreefoldRepetition([])).toBe(false);
  });
});

describe('move-count draws', () => {
  it('allows the fifty-move claim from the hundredth half-move', () => {
    expect(isFiftyMoveDraw(setupFromFen('4k3/8/8/8/8/8/8/R3K3 w - - 99 80'))).toBe(false);
    expect(isFiftyMoveDraw(setupFromFen('4k3/8/8/8/8/8/8/R3K3 w - - 100 80'))).toBe(true);
  });
  it('lets a mate on the last move stand', () => {
    const mated = setupFromFen('R3k3/8/4K3/8/8/8/8/8 b - - 150 90');
    expect(isFiftyMoveDraw(mated)).toBe(false);
    expect(isSeventyFiveMoveDraw(mated)).toBe(false);
    expect(outcome(mated)).toEqual({ reason: 'checkmate', winner: 'white' });
  });
  it('draws at 150 half-moves without a claim', () => {
    const setup = setupFromFen('4k3/8/8/8/8/8/8/R3K3 w - - 150 90');
    expect(isSeventyFiveMoveDraw(setup)).toBe(true);
    expect(outcome(setup)).toEqual({ reason: 'seventyFiveMoves' });
    expect(outcome(setupFromFen('4k3/8/8/8/8/8/8/R3K3 w - - 120 90'))).toBeUndefined();
    expect(outcome(setupFromFen('4k3/8/8/8/8/8/8/R3K3 w - - 120 90'), [], { claims: true })).toEqual({
      reason: 'fiftyMoves',
    });
  });
});

describe('insufficient material', () => {
  const cases: readonly [fen: string, white: boolean, black: boolean][] = [
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 1', true, true],
    ['4k3/8/8/8/8/8/8/4KN2 w - - 0 1', true, true],
    ['4k3/8/8/8/8/8/8/3NKN2 w - - 0 1', false, true],
    ['4kr2/8/8/8/8/8/8/4KN2 w - - 0 1', false, false],
    ['4kq2/8/8/8/8/8/8/4KN2 w - - 0 1', true, false],
    ['4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1', true, true],
    ['4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1', false, false],
    ['4kb2/8/8/8/8/8/8/2B1KN2 w - - 0 1', false, false],
    ['4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', false, true],
    // Three-check: any piece but the king can give check. The first case is published with
    // chessops' src/variant.test.ts ("3check insufficient material") and python-chess' test.py
    // (test_insufficient_material).
    ['8/5k2/8/8/8/8/3K2N1/8 w - - 3+3 0 1', false, true],
    ['4k3/8/8/8/8/8/8/4KB2 w - - 3+3 0 1', false, true],
    ['4k3/8/8/8/8/8/8/4K3 w - - 1+1 0 1', true, true],
    // Crazyhouse: material changes hands, so two bishops on one colour can mate and a promoted
    // knight may come back as a pawn; but three pieces, one of them an unpromoted minor, never
    // mate, wherever it stands. The first three are published with chessops'
    // src/variant.test.ts ("crazyhouse insufficient material") and python-chess' test.py
    // (test_insufficient_material).
    ['8/5k2/8/8/8/5B2/3KB3/8[] w - - 0 1', false, false],
    ['8/8/8/8/3k4/3N~4/3K4/8[] w - - 0 1', false, false],
    ['8/5k2/8/8/8/8/3K2N1/8[] w - - 0 1', true, true],
    ['4k3/8/8/8/8/8/8/4K3[n] w - - 0 1', true, true],
    ['4k3/8/8/8/8/8/8/4KN2[] w - - 0 1', true, true],
    ['4k3/8/8/8/8/8/8/4K3[] w - - 0 1', true, true],
    ['4k3/8/8/8/8/8/8/4K3[p] w - - 0 1', false, false],
    ['4k3/8/8/8/8/8/8/4KN2[b] w - - 0 1', false, false],
  ];
  for (const [fen, white, black] of cases) {
    it(`judges ${fen}`, () => {
      const setup = setupFromFen(fen);
      expect([hasInsufficientMaterial(setup, 'white'), hasInsufficientMaterial(setup, 'black')]).toEqual([
        white,
        black,
      ]);
      expect(isInsufficientMaterial(setup)).toBe(white && black);
      const opsSetup = parseFen(fen).unwrap();
      const ops = setup.pockets
        ? Crazyhouse.fromSetup(opsSetup).unwrap()
        : setup.remainingChecks
          ? ThreeCheck.fromSetup(opsSetup).unwrap()
          : Chess.fromSetup(opsSetup).unwrap();
      expect([ops.hasInsufficientMaterial('white'), ops.hasInsufficientMaterial('black')]).toEqual([white, black]);
    });
  }
});

describe('outcome', () => {
  it('goes on at the start', () => {
    expect(outcome(standardSetup())).toBeUndefined();
  });
  it('names the stalemate and the dead position', () => {
    expect(outcome(setupFromFen('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'))).toEqual({ reason: 'stalemate' });
    expect(outcome(setupFromFen('4k3/8/8/8/8/8/8/4KB2 b - - 0 1'))).toEqual({ reason: 'insufficientMaterial' });
  });
  it('gives three-check to the side that used up its checks', () => {
    expect(outcome(setupFromFen('4k3/8/8/8/8/8/8/R3K3 b - - 0 1 0+2'))).toEqual({
      reason: 'threeChecks',
      winner: 'white',
    });
  });
  it('detects repetitions from the history of earlier positions', () => {
    const { keys, last } = keysAlong(standardSetup(), [...KNIGHT_DANCE, ...KNIGHT_DANCE]);
    const earlier = keys.slice(0, -1);
    expect(outcome(last, earlier)).toBeUndefined();
    expect(outcome(last, earlier, { claims: true })).toEqual({ reason: 'threefoldRepetition' });
    const long = keysAlong(standardSetup(), [...KNIGHT_DANCE, ...KNIGHT_DANCE, ...KNIGHT_DANCE, ...KNIGHT_DANCE]);
    expect(outcome(long.last, long.keys.slice(0, -1))).toEqual({ reason: 'fivefoldRepetition' });
  });
});
