import { describe, expect, it } from 'vitest';
import { isStalemate, legalMoves, perft, play } from '../rules.js';
import { piece } from '../piece.js';
import { parseSan, writeSan } from '../san.js';
import type { Setup } from '../setup.js';
import { hasInsufficientMaterial, outcome } from '../status.js';
import { fenOf, setupFromFen } from '../testing/chessops-bridge.js';
import { validateSetup } from '../validate.js';
import { horde } from './horde.js';
import { variantByLichessKey, variantByPgnName, withVariant } from './lookup.js';

const HORDE_FEN = 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1';

function hordeOf(fen: string): Setup {
  return withVariant(setupFromFen(fen), horde);
}

describe('horde', () => {
  it('has the names lichess and PGN use, and the lichess start', () => {
    expect(variantByLichessKey('horde')).toBe(horde);
    expect(variantByPgnName('Horde')).toBe(horde);
    expect(fenOf(horde.start())).toBe(HORDE_FEN);
    expect(hordeOf(HORDE_FEN)).toEqual(horde.start());
  });

  // python-chess examples/perft/horde.perft and chessops' variant tests: 8, 128, 1274.
  it('counts the published perft from the start', () => {
    expect([1, 2, 3].map((depth) => perft(horde.start(), depth))).toEqual([8, 128, 1_274]);
  });

  it('lets a pawn on the first rank make the long step, which leaves no en passant square', () => {
    const open = hordeOf('4k3/8/8/8/8/8/8/P7 w - - 0 1');
    const steps = legalMoves(open).map((move) => writeSan(open, move));
    expect(steps.sort()).toEqual(['a2', 'a3']);
    const long = parseSan(open, 'a3');
    expect(long.ok).toBe(true);
    if (long.ok) expect(play(open, long.value).epSquares).toEqual([]);
    // From the second rank the long step records its square as in chess.
    const second = hordeOf('4k3/8/8/8/8/8/P7/8 w - - 0 1');
    const usual = parseSan(second, 'a4');
    expect(usual.ok && play(second, usual.value).epSquares).toEqual([16]);
    // Played as chess (where no pawn stands on the first rank) the step does not exist.
    const { variant: _, ...chess } = open;
    expect(parseSan(chess, 'a3').ok).toBe(false);
  });

  it('gives Black the win when every white piece is taken, and keeps checkmate and stalemate', () => {
    const last = hordeOf('4k3/8/8/8/8/8/1q6/P7 b - - 0 1');
    const take = parseSan(last, 'Qxa1');
    expect(take.ok).toBe(true);
    if (!take.ok) return;
    const gone = play(last, take.value);
    expect(legalMoves(gone)).toEqual([]);
    expect(isStalemate(gone)).toBe(false);
    expect(outcome(gone)).toEqual({ reason: 'piecesLost', winner: 'black' });
    // White mates with its pawns.
    expect(outcome(hordeOf('7k/6PP/5PP1/8/8/8/8/8 b - - 0 1'))).toEqual({ reason: 'checkmate', winner: 'white' });
    // A blocked horde is stalemated: a draw.
    expect(outcome(hordeOf('4k3/8/8/8/p7/P7/8/8 w - - 0 1'))).toEqual({ reason: 'stalemate' });
    expect(outcome(horde.start())).toBeUndefined();
  });

  it('reads insufficient material as chessops does: the king side never, the horde by what could mate', () => {
    expect(hasInsufficientMaterial(horde.start(), 'black')).toBe(false);
    expect(hasInsufficientMaterial(horde.start(), 'white')).toBe(false);
    // A lone knight cannot mate a lone king; a queen cannot either, but a pawn beside it can.
    expect(hasInsufficientMaterial(hordeOf('4k3/8/8/8/8/8/8/N7 b - - 0 1'), 'white')).toBe(true);
    expect(hasInsufficientMaterial(hordeOf('4k3/8/8/8/8/8/8/Q7 b - - 0 1'), 'white')).toBe(true);
    expect(hasInsufficientMaterial(hordeOf('4k3/p7/8/8/8/8/8/Q7 b - - 0 1'), 'white')).toBe(false);
    // A lone pawn promotes to a queen or a knight: against a lone king neither mates.
    expect(hasInsufficientMaterial(hordeOf('4k3/8/8/8/8/8/P7/8 b - - 0 1'), 'white')).toBe(true);
    expect(hasInsufficientMaterial(hordeOf('4k3/8/8/8/8/8/PP6/8 b - - 0 1'), 'white')).toBe(false);
  });

  it('is a valid setup only when named horde: chess still wants a white king and 8 pawns', () => {
    expect(validateSetup(horde.start())).toEqual([]);
    const { variant: _, ...chess } = horde.start();
    expect(validateSetup(chess)).toEqual([
      'white-king-missing',
      'pawns-on-back-rank',
      'white-too-many-pawns',
      'white-too-many-pieces',
    ]);
    // In horde White may have no king, and no castling right; 37 pawns are one too many.
    expect(validateSetup(hordeOf('4k3/8/8/8/8/8/8/4K3 w - - 0 1'))).toEqual(['white-kings-too-many']);
    expect(validateSetup({ ...horde.start(), castlingRooks: [0, 56, 63] })).toEqual(['castling-rights']);
    const extra = horde.start().board.pieces.slice();
    extra[40] = piece('white', 'pawn');
    expect(validateSetup({ ...horde.start(), board: { ...horde.start().board, pieces: extra } })).toEqual([
      'white-too-many-pawns',
      'white-too-many-pieces',
    ]);
    // Black's pawns still may not stand on a back rank.
    expect(validateSetup(hordeOf('p3k3/8/8/8/8/8/8/P7 w - - 0 1'))).toEqual(['pawns-on-back-rank']);
  });
});
