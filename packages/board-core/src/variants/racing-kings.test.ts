import { parseFen } from 'chessops/fen';
import { RacingKings } from 'chessops/variant';
import { describe, expect, it } from 'vitest';
import { isCheck } from '../attacks.js';
import { legalMoves, perft, play } from '../rules.js';
import { writeSan } from '../san.js';
import type { Setup } from '../setup.js';
import { hasInsufficientMaterial, outcome } from '../status.js';
import { fenOf, fromChessops, setupFromFen } from '../testing/chessops-bridge.js';
import { compareGame, emptyTally } from '../testing/chessops-variant-games.js';
import { random } from '../testing/seeded.js';
import { variantByLichessKey, variantByPgnName, withVariant } from './lookup.js';
import { racingKings } from './racing-kings.js';

const racingAt = (fen: string): Setup => withVariant(setupFromFen(fen), racingKings);

describe('racing kings', () => {
  it('is named as lichess names it', () => {
    expect(variantByPgnName('Racing Kings')).toBe(racingKings);
    expect(variantByPgnName('racingkings')).toBe(racingKings);
    expect(variantByLichessKey('racingKings')).toBe(racingKings);
  });

  it('starts as lichess starts it', () => {
    expect(fenOf(racingKings.start())).toBe('8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1');
  });

  // Published counts: niklasf/chessops src/variant.test.ts.
  it.each([
    ['racingkings-start', '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - -', [21, 421, 11264]],
    ['occupied-goal', '4brn1/2K2k2/8/8/8/8/8/8 w - -', [6, 33, 178]],
  ] as const)('perft from %s', (_name, fen, counts) => {
    counts.forEach((nodes, depth) => expect(perft(racingAt(fen), depth + 1)).toBe(nodes));
  });

  it('lets no move give check, to either side', () => {
    let setup = racingKings.start();
    const next = random(8);
    for (let ply = 0; ply < 60 && outcome(setup) === undefined; ply++) {
      const moves = legalMoves(setup);
      for (const move of moves) expect(isCheck(play(setup, move))).toBe(false);
      setup = play(setup, moves[Math.floor(next() * moves.length)] as (typeof moves)[number]);
    }
  });

  // The ends of niklasf/chessops src/variant.test.ts, "racing kings end".
  it('ends when a king reaches the eighth rank, Black having one move to follow White', () => {
    expect(outcome(racingAt('kr3NK1/1q2R3/8/8/8/5n2/2N5/1rb2B1R w - - 11 14'))).toEqual({ reason: 'variantDraw' });
    expect(outcome(racingAt('1k6/6K1/8/8/8/8/8/8 w - - 0 1'))).toEqual({ reason: 'variantWin', winner: 'black' });
    const followed = racingAt('1K6/7k/8/8/8/8/8/8 b - - 0 1');
    expect(outcome(followed)).toBeUndefined();
    expect(outcome(racingAt('2KR4/k7/2Q5/4q3/8/8/8/2N5 b - - 0 1'))).toEqual({ reason: 'variantWin', winner: 'white' });
    // Black follows to a draw; a move that wins is written with `#`, as chessops writes it.
    const home = legalMoves(followed).filter((m) => m.to >= 56);
    expect(home.map((m) => writeSan(followed, m)).sort()).toEqual(['Kg8', 'Kh8']);
    const white = racingAt('8/6K1/8/8/8/8/8/k7 w - - 0 1');
    const step = legalMoves(white).find((m) => m.to === 62);
    expect(step && writeSan(white, step)).toBe('Kg8#');
  });

  it('has no insufficient material', () => {
    expect(hasInsufficientMaterial(racingAt('8/5k2/8/8/8/8/3K4/8 w - -'), 'white')).toBe(false);
  });
});

describe('racing kings against chessops', () => {
  const starts = [
    '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1',
    '4brn1/2K2k2/8/8/8/8/8/8 w - - 0 1',
    '8/8/1rk4K/8/8/8/2bnNBR1/qrbnNBRQ b - - 0 1',
    'kr3NK1/1q2R3/8/8/8/5n2/2N5/1rb2B1R w - - 11 14',
  ];
  const tally = emptyTally();

  // One test per start, each a few seconds, so that a loaded machine does not time one out.
  it.each(starts.map((fen, k) => [fen, k] as const))('agrees along random games from %s', (fen, k) => {
    const next = random(2026 + k);
    for (let game = 0; game < 12; game++) {
      const pos = RacingKings.fromSetup(parseFen(fen).unwrap()).unwrap();
      const setup = withVariant(fromChessops(pos.toSetup()), racingKings);
      // Half the games walk a king up whenever it can, so that races end.
      const racing = game % 2 === 1;
      compareGame(setup, pos, next, 150, tally, (moves, at) =>
        racing
          ? moves.find((m) => m.kind === 'normal' && at.board.pieces[m.from]?.role === 'king' && m.to > m.from)
          : undefined,
      );
    }
  });

  it('reached every rule along those games', () => {
    expect(tally.positions).toBeGreaterThan(1500);
    expect(tally.ends.variantWin ?? 0).toBeGreaterThan(5);
    expect(tally.captures).toBeGreaterThan(100);
  });
});
