import { describe, expect, it } from 'vitest';
import { isCheckmate, isStalemate, legalMoves, perft, play } from '../rules.js';
import { parseSan, writeSan } from '../san.js';
import { standardSetup, type Setup } from '../setup.js';
import { hasInsufficientMaterial, isInsufficientMaterial, outcome } from '../status.js';
import { setupFromFen } from '../testing/chessops-bridge.js';
import { validateSetup } from '../validate.js';
import { antichess } from './antichess.js';
import { variantByIccWild, variantByLichessKey, variantByPgnName, withVariant } from './lookup.js';

/** A FEN played as antichess. */
function anti(fen: string): Setup {
  return withVariant(setupFromFen(fen), antichess);
}

/** Plays SAN moves from `setup`, failing the test on the first that does not read. */
function playSan(setup: Setup, moves: string): Setup {
  let position = setup;
  for (const text of moves.split(' ')) {
    const move = parseSan(position, text);
    if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
    position = play(position, move.value);
  }
  return position;
}

const sans = (setup: Setup): string[] => legalMoves(setup).map((move) => writeSan(setup, move));

describe('antichess', () => {
  it('has the names lichess, PGN and ICC use', () => {
    expect(variantByLichessKey('antichess')).toBe(antichess);
    expect(variantByPgnName('Antichess')).toBe(antichess);
    expect(variantByPgnName('Giveaway')).toBe(antichess);
    expect(variantByIccWild(26)).toBe(antichess);
  });

  // python-chess examples/perft/giveaway.perft and chessops' variant tests: 20, 400, 8067.
  it('counts the published perft from the start, which has no castling', () => {
    const start = antichess.start();
    expect(start.castlingRooks).toEqual([]);
    expect([1, 2, 3].map((depth) => perft(start, depth))).toEqual([20, 400, 8_067]);
    expect(withVariant(standardSetup(), antichess)).toEqual(start);
  });

  it('makes a capture compulsory, for every piece that can capture, the king included', () => {
    const afterB5 = playSan(antichess.start(), 'e3 b5');
    expect(sans(afterB5)).toEqual(['Bxb5']);
    // Two captures: either may be chosen, nothing else.
    const two = anti('8/8/8/3p4/4K3/8/8/R6r w - - 0 1');
    expect(sans(two).sort()).toEqual(['Kxd5', 'Rxh1']);
    // A move onto an empty square is refused while a capture is possible.
    expect(parseSan(two, 'Ke5').ok).toBe(false);
    expect(parseSan(two, 'Kxd5').ok).toBe(true);
    // En passant counts as a capture, and is then compulsory.
    const ep = playSan(anti('8/8/8/8/1p6/8/P6k/8 w - - 0 1'), 'a4');
    expect(sans(ep)).toEqual(['bxa3']);
  });

  it('has no check: a king may stand attacked, be captured, and moves give no +', () => {
    const attacked = anti('4k3/8/8/8/8/8/8/R6K w - - 0 1');
    expect(sans(attacked)).toContain('Ra8');
    expect(isCheckmate(anti('4k3/8/8/8/8/8/4q3/R3K3 w - - 0 1'))).toBe(false);
    const taken = playSan(anti('8/8/8/8/8/8/4q3/4K3 w - - 0 1'), 'Kxe2');
    expect(taken.board.pieces.filter(Boolean)).toHaveLength(1);
    // Black has nothing left: it has won; a king captured is never a stalemate.
    expect(isStalemate(taken)).toBe(false);
    expect(outcome(taken)).toEqual({ reason: 'piecesLost', winner: 'black' });
  });

  it('lets a pawn promote to a king, read and written as =K', () => {
    const pawn = anti('8/P7/8/8/8/8/8/7k w - - 0 1');
    expect(sans(pawn)).toEqual(['a8=Q', 'a8=R', 'a8=B', 'a8=N', 'a8=K']);
    const king = parseSan(pawn, 'a8=K');
    expect(king.ok && king.value).toEqual({ kind: 'normal', from: 48, to: 56, promotion: 'king' });
    expect(play(pawn, { kind: 'normal', from: 48, to: 56, promotion: 'king' }).board.pieces[56]).toMatchObject({
      color: 'white',
      role: 'king',
    });
    // In chess a pawn still cannot become a king.
    const { variant: _, ...chess } = pawn;
    expect(parseSan(chess, 'a8=K').ok).toBe(false);
  });

  it('gives the win to a side left without a legal move (stalemate) or without pieces', () => {
    const blocked = anti('8/8/8/p7/P7/8/8/7k w - - 0 1');
    expect(legalMoves(blocked)).toEqual([]);
    expect(isStalemate(blocked)).toBe(true);
    expect(outcome(blocked)).toEqual({ reason: 'stalemate', winner: 'white' });
    const none = anti('8/8/8/8/8/8/8/7k w - - 0 1');
    expect(outcome(none)).toEqual({ reason: 'piecesLost', winner: 'white' });
    expect(isStalemate(none)).toBe(false);
    expect(outcome(antichess.start())).toBeUndefined();
  });

  it('reads insufficient material as chessops does', () => {
    // Bishops on opposite shades can never meet: neither side can give its bishop away.
    const bishops = anti('8/8/8/8/8/8/8/B6b w - - 0 1');
    expect(isInsufficientMaterial(bishops)).toBe(true);
    expect(outcome(bishops)).toEqual({ reason: 'insufficientMaterial' });
    // On one shade they can.
    expect(isInsufficientMaterial(anti('8/8/8/8/8/8/8/B5b1 w - - 0 1'))).toBe(false);
    // Against a side with nothing left a side cannot win; with nothing left it is never short.
    const lone = anti('8/8/8/8/8/8/8/R7 b - - 0 1');
    expect(hasInsufficientMaterial(lone, 'white')).toBe(true);
    expect(hasInsufficientMaterial(lone, 'black')).toBe(false);
    // A knight each: whether one can ever be taken depends on the shades and the side to move.
    // (chessops answers true, false for the first and false, true for the second.)
    const knights = anti('8/8/8/8/8/8/8/N6n w - - 0 1');
    expect([hasInsufficientMaterial(knights, 'white'), hasInsufficientMaterial(knights, 'black')]).toEqual([
      true,
      false,
    ]);
    const near = anti('8/8/8/8/8/8/8/N5n1 w - - 0 1');
    expect([hasInsufficientMaterial(near, 'white'), hasInsufficientMaterial(near, 'black')]).toEqual([false, true]);
    expect(isInsufficientMaterial(antichess.start())).toBe(false);
  });

  it('is validated without kings or checks, but with no castling right', () => {
    expect(validateSetup(antichess.start())).toEqual([]);
    expect(validateSetup(anti('8/8/8/8/8/8/8/7k w - - 0 1'))).toEqual([]);
    // Three kings (two of them promoted pawns), standing attacked.
    const kings = anti('k7/1K6/2K5/8/8/8/PPPPPP2/8 w - - 0 1');
    expect(validateSetup(kings)).toEqual([]);
    const { variant: _, ...chess } = kings;
    expect(validateSetup(chess)).toContain('white-kings-too-many');
    expect(validateSetup({ ...antichess.start(), castlingRooks: [0, 7] })).toEqual(['castling-rights']);
  });
});
