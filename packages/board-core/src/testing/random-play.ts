/** Test-only: positions reached by random legal play from a few starts of every kind. */
import fc from 'fast-check';
import type { Move } from '../move.js';
import { legalMoves, play } from '../rules.js';
import { standardSetup, type Setup } from '../setup.js';
import { omega } from '../variants/omega.js';
import { setupFromFen } from './chessops-bridge.js';

export const STARTS: readonly { readonly name: string; readonly setup: Setup }[] = [
  { name: 'standard', setup: standardSetup() },
  // Chess960 starting arrays (any array with the king between the rooks and bishops on both colours).
  { name: 'chess960 BBQNNRKR', setup: setupFromFen('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1') },
  { name: 'chess960 RKRNNQBB', setup: setupFromFen('rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1') },
  { name: 'chess960 NRKBBRQN', setup: setupFromFen('nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w FBfb - 0 1') },
  { name: 'crazyhouse', setup: setupFromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1') },
  { name: 'omega', setup: omega.start() },
];

export interface Position {
  readonly setup: Setup;
  readonly legal: readonly Move[];
}

/**
 * The positions of a game that picks `choices[i] % legal.length` at ply i, stopping at mate,
 * stalemate or the end of the choices. Captures are favoured a little (odd choices take one
 * when there is one), so that pockets fill, promotions and en passant happen.
 */
export function randomGame(start: Setup, choices: readonly number[]): Position[] {
  const positions: Position[] = [];
  let setup = start;
  for (const choice of choices) {
    const legal = legalMoves(setup);
    positions.push({ setup, legal });
    if (legal.length === 0) return positions;
    const captures = legal.filter(
      (m) =>
        m.kind === 'enPassant' ||
        (m.kind === 'normal' && (setup.board.pieces[m.to] !== undefined || m.promotion !== undefined)),
    );
    const pool = choice % 2 === 1 && captures.length > 0 ? captures : legal;
    setup = play(setup, pool[Math.floor(choice / 2) % pool.length] as Move);
  }
  positions.push({ setup, legal: legalMoves(setup) });
  return positions;
}

/** A start and the choices of a random game from it. */
export const gameArbitrary = (maxPlies: number) =>
  fc.record({
    start: fc.constantFrom(...STARTS),
    choices: fc.array(fc.nat({ max: 1 << 16 }), { minLength: Math.floor(maxPlies / 2), maxLength: maxPlies }),
  });

/** Characters move texts are made of, for mutations and noise. */
export const MOVE_TEXT_CHARS = 'abcdefghijw0123456789NBRQKCWPpnbrqkEcxX=+#-/@oO!? .()';
