import { describe, expect, it } from 'vitest';
import type { CastleMove } from '../move.js';
import { legalMoves, perft, play } from '../rules.js';
import { parseSan, writeSan } from '../san.js';
import type { Setup } from '../setup.js';
import { fenOf, setupFromFen } from '../testing/chessops-bridge.js';
import { parseVerbose, writeVerbose } from '../verbose.js';
import { variantByFicsType, variantByIccWild, variantByName, variantOf, withVariant } from './lookup.js';
import { standard } from './standard.js';
import { wild0, wild1 } from './wild-castle.js';
import { wild2, wild3, wild4, wild5, wild8, wild8a } from './wild-positions.js';

const castles = (setup: Setup): CastleMove[] => legalMoves(setup).filter((m): m is CastleMove => m.kind === 'castle');

/** The position seen in a mirror between the d- and e-files: a-file and h-file trade places. */
function mirrored(setup: Setup): Setup {
  const pieces = setup.board.pieces.map((_, square) => setup.board.pieces[square ^ 7]);
  return {
    ...setup,
    board: { ...setup.board, pieces },
    castlingRooks: setup.castlingRooks.map((s) => s ^ 7).sort((a, b) => a - b),
    epSquares: setup.epSquares.map((s) => s ^ 7),
  };
}

describe('FICS wild/0 and wild/1: castling counted from the king', () => {
  it('are named as FICS and ICC name them', () => {
    expect(variantByFicsType('wild/0')).toBe(wild0);
    expect(variantByFicsType('wild/1')).toBe(wild1);
    expect(variantByIccWild(1)).toBe(wild1);
    expect(fenOf(wild0.start())).toBe('rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(variantOf(wild0.start())).toBe(wild0);
  });

  it('castles a king on the d-file to b (rook to c) or f (rook to e); O-O is the a-side one', () => {
    const setup = withVariant(setupFromFen('r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1'), wild0);
    const found = castles(setup).map((m) => [
      m.from,
      m.to,
      m.rook,
      m.rookTo,
      writeSan(setup, m),
      writeVerbose(setup, m),
    ]);
    expect(found).toEqual([
      [59, 57, 56, 58, 'O-O', 'o-o'],
      [59, 61, 63, 60, 'O-O-O', 'o-o-o'],
    ]);
    const short = parseSan(setup, 'O-O');
    expect(short.ok && fenOf(play(setup, short.value))).toBe('1kr4r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 1 2');
    const long = parseVerbose(setup, 'o-o-o');
    expect(long.ok && fenOf(play(setup, long.value))).toBe('r3rk2/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 1 2');
  });

  it('castles a king on the e-file as chess does', () => {
    const setup = withVariant(setupFromFen('r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1'), wild0);
    expect(castles(setup).map((m) => [m.to, m.rookTo, writeSan(setup, m)])).toEqual([
      [2, 3, 'O-O-O'],
      [6, 5, 'O-O'],
    ]);
  });

  it('does not castle through an attacked square', () => {
    // Black's rook on c8 attacks c1, which a d1 king crosses to reach b1.
    const setup = withVariant(setupFromFen('2r4k/8/8/8/8/8/8/R2K3R w KQ - 0 1'), wild1);
    expect(castles(setup).map((m) => writeSan(setup, m))).toEqual(['O-O-O']);
  });

  it('plays a mirrored position as chess plays the original (perft)', () => {
    // Kiwipete (chessprogramming.org, perft 3: 97862) and chess's start, seen in the mirror.
    const kiwipete = setupFromFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    expect(perft(withVariant(mirrored(kiwipete), wild1), 3)).toBe(97862);
    expect(perft(withVariant(kiwipete, wild1), 3)).toBe(97862);
    expect(perft(wild1.start(), 3)).toBe(8902);
  });
});

describe('FICS wild/2 to wild/8a: chess from their starts', () => {
  it('read as chess from the position, each under its own name', () => {
    for (const [variant, name] of [
      [wild2, 'wild/2'],
      [wild3, 'wild/3'],
      [wild4, 'wild/4'],
      [wild5, 'wild/5'],
      [wild8, 'wild/8'],
      [wild8a, 'wild/8a'],
    ] as const) {
      expect(variantByName(name)).toBe(variant);
      // Chess's board rules and no hook: chess from the position, under the wild's name.
      expect(variant.rules.spec).toBe(standard.rules.spec);
      expect(Object.keys(variant.rules)).toEqual(['spec']);
      expect(variantOf(withVariant(variant.start(), variant))).toBe(variant);
      const { variant: _named, ...unnamed } = variant.start();
      expect(variant.start().variant).toBe(variant.key);
      expect(perft(variant.start(), 2)).toBe(perft(unnamed, 2));
    }
    expect(fenOf(wild5.start())).toBe('RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr w - - 0 1');
    expect(fenOf(wild8.start())).toBe('rnbqkbnr/8/8/pppppppp/PPPPPPPP/8/8/RNBQKBNR w - - 0 1');
    expect(fenOf(wild8a.start())).toBe('rnbqkbnr/8/8/PPPPPPPP/pppppppp/8/8/RNBQKBNR w - - 0 1');
    // Upside down, only the knights can move at first.
    expect(
      legalMoves(wild5.start())
        .map((m) => writeSan(wild5.start(), m))
        .sort(),
    ).toEqual(['Na6', 'Nc6', 'Nf6', 'Nh6']);
  });
});
