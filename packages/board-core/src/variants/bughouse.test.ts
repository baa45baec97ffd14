import { describe, expect, it } from 'vitest';
import { isCheckmate, isStalemate, legalMoves, perft, play } from '../rules.js';
import { parseSan, writeSan } from '../san.js';
import type { Setup } from '../setup.js';
import { hasInsufficientMaterial, outcome } from '../status.js';
import { setupFromFen } from '../testing/chessops-bridge.js';
import { bughouse } from './bughouse.js';
import { crazyhouse } from './crazyhouse.js';
import {
  variantByFicsType,
  variantByIccWild,
  variantByName,
  variantByPgnName,
  variantOf,
  withVariant,
} from './lookup.js';

/** A FEN with pockets, played as bughouse. */
const bug = (fen: string): Setup => withVariant(setupFromFen(fen), bughouse);

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

/** perft counted by `legalMoves` and `play` alone: the persistent rules, not the engine's make and unmake. */
function slowPerft(setup: Setup, depth: number): number {
  if (depth === 0) return 1;
  let total = 0;
  for (const move of legalMoves(setup)) total += slowPerft(play(setup, move), depth - 1);
  return total;
}

describe('bughouse', () => {
  it('has its names on FICS, ICC and in PGN', () => {
    expect(variantByFicsType('bughouse')).toBe(bughouse);
    expect(variantByIccWild(24)).toBe(bughouse);
    expect(variantByName('wild/24')).toBe(bughouse);
    expect(variantByPgnName('Bughouse')).toBe(bughouse);
    expect(bughouse.names.lichess).toBeUndefined();
  });

  it('is named by its setups, since pockets alone show crazyhouse', () => {
    const start = bughouse.start();
    expect(start.variant).toBe('bughouse');
    expect(variantOf(start)).toBe(bughouse);
    const { variant: _, ...unnamed } = start;
    expect(variantOf(unnamed)).toBe(crazyhouse);
    expect(withVariant(crazyhouse.start(), bughouse)).toEqual(start);
    expect(playSan(start, 'e4 d5 exd5').variant).toBe('bughouse');
  });

  it('passes captures to the partner board: the captor gains nothing', () => {
    const afterCapture = playSan(bughouse.start(), 'e4 d5 exd5');
    expect(afterCapture.pockets?.white.pawn).toBe(0);
    expect(afterCapture.pockets?.black.pawn).toBe(0);
    // The same moves in crazyhouse put the pawn in White's pocket.
    expect(playSan(crazyhouse.start(), 'e4 d5 exd5').pockets?.white.pawn).toBe(1);
    // A captured promoted piece is not kept either.
    const promotion = '1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1';
    expect(playSan(bug(promotion), 'a8=Q Rxa8').pockets).toEqual(bughouse.start().pockets);
    expect(playSan(setupFromFen(promotion), 'a8=Q Rxa8').pockets?.black.pawn).toBe(1);
  });

  it('drops what the pockets hold, as crazyhouse does', () => {
    const held = bug('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[N] w KQkq - 0 2');
    const drop = parseSan(held, 'N@f3');
    expect(drop.ok).toBe(true);
    const after = play(held, drop.ok ? drop.value : legalMoves(held)[0]!);
    expect(after.pockets?.white.knight).toBe(0);
    expect(legalMoves(bughouse.start()).some((m) => m.kind === 'drop')).toBe(false);
  });

  it('counts perft the same in the engine and in play, captures leaving the board', () => {
    // Captures at every depth: the engine's make and unmake and the persistent play must agree
    // that no captured piece comes back as a drop.
    const busy = bug('r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[P] w KQkq - 4 4');
    expect(perft(busy, 3)).toBe(slowPerft(busy, 3));
    // exd5 takes a knight: crazyhouse may drop it two plies later, bughouse may not.
    const knight = '4k3/8/8/3n4/4P3/8/8/4K3[] w - - 0 1';
    expect(perft(bug(knight), 3)).toBe(slowPerft(bug(knight), 3));
    expect(perft(setupFromFen(knight), 3)).toBe(slowPerft(setupFromFen(knight), 3));
    expect(perft(bug(knight), 3)).toBeLessThan(perft(setupFromFen(knight), 3));
  });

  describe('the FICS mate rule (help bughouse: no drop could interpose, even with empty pockets)', () => {
    it('a back-rank rook check is not mate: a drop on g8 could block it later', () => {
      const rook = bug('R6k/6pp/8/8/8/8/8/6K1[] b - - 0 1');
      expect(legalMoves(rook)).toEqual([]);
      expect(isCheckmate(rook)).toBe(false);
      expect(isStalemate(rook)).toBe(false);
      expect(outcome(rook)).toBeUndefined();
      // Crazyhouse (and chess) call it mate.
      expect(outcome(setupFromFen('R6k/6pp/8/8/8/8/8/6K1[] b - - 0 1'))).toEqual({
        reason: 'checkmate',
        winner: 'white',
      });
      // Once a piece arrives, the drops that block are the only moves.
      const saved = bug('R6k/6pp/8/8/8/8/8/6K1[n] b - - 0 1');
      expect(legalMoves(saved).map((m) => writeSan(saved, m))).toEqual([
        'N@b8',
        'N@c8',
        'N@d8',
        'N@e8',
        'N@f8',
        'N@g8',
      ]);
    });

    it('a contact check, a knight check and a double check mate', () => {
      const contact = bug('6Qk/6pp/5N2/8/8/8/8/6K1[] b - - 0 1');
      expect(outcome(contact)).toEqual({ reason: 'checkmate', winner: 'white' });
      const smothered = bug('6rk/5Npp/8/8/8/8/8/6K1[] b - - 0 1');
      expect(isCheckmate(smothered)).toBe(true);
      // Rook on the rank and bishop on the diagonal: a drop blocks one line only.
      const double = bug('R6k/7p/8/8/8/8/1B6/6K1[qq] b - - 0 1');
      expect(isCheckmate(double)).toBe(true);
      expect(outcome(double)).toEqual({ reason: 'checkmate', winner: 'white' });
    });

    it('a side not in check without a move waits for a piece to drop: no stalemate', () => {
      const fen = '7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1';
      expect(outcome(setupFromFen(fen))).toEqual({ reason: 'stalemate' });
      const waiting = bug(fen);
      expect(legalMoves(waiting)).toEqual([]);
      expect(isStalemate(waiting)).toBe(false);
      expect(outcome(waiting)).toBeUndefined();
    });
  });

  it('has no insufficient material: material can always arrive from the partner board', () => {
    const kings = bug('8/8/8/4k3/8/8/8/4K3[] w - - 0 1');
    expect(hasInsufficientMaterial(kings, 'white')).toBe(false);
    expect(outcome(kings)).toBeUndefined();
    expect(outcome(setupFromFen('8/8/8/4k3/8/8/8/4K3[] w - - 0 1'))).toEqual({ reason: 'insufficientMaterial' });
  });
});
