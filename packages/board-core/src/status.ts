/**
 * How a game ends: checkmate and stalemate, insufficient material, the fifty- and
 * seventy-five-move rules, and repetition of positions (FIDE Laws of Chess, articles 5 and 9).
 */
import { squareX, squareY } from './geometry.js';
import { pieceLetter } from './piece.js';
import { engineFor, isCheckmate, isStalemate } from './rules.js';
import type { Setup } from './setup.js';
import { variantOf } from './variants/lookup.js';
import { ROLES, ROLE_LETTERS, opposite, type Color } from './vocabulary.js';

/**
 * What makes positions "the same" for repetition (FIDE 9.2.3): the pieces on the squares, the
 * side to move, the castling rights, and the en passant square only when a capture there is
 * actually legal. Pockets, promoted marks, three-check's remaining checks and the Omega Chess
 * Advanced state count too, as they change what can happen next; clocks do not.
 */
export function positionKey(setup: Setup): string {
  const { pieces } = setup.board;
  let key = '';
  for (let square = 0; square < pieces.length; square++) {
    const p = pieces[square];
    // A pawn marked promoted is a pawn to the rules (see the README).
    key += p ? pieceLetter(p) + (p.promoted && p.role !== 'pawn' ? '~' : '') : '.';
  }
  key += setup.turn === 'white' ? ' w ' : ' b ';
  key += setup.castlingRooks.join(',');
  if (setup.epSquares.length > 0 && engineFor(setup).hasLegalEnPassant()) key += ` ep${setup.epSquares.join(',')}`;
  if (setup.pockets) {
    key += ' [';
    for (const color of ['white', 'black'] as const) {
      for (const role of ROLES) {
        const letter = color === 'white' ? ROLE_LETTERS[role].toUpperCase() : ROLE_LETTERS[role];
        key += letter.repeat(Math.max(0, Math.min(setup.pockets[color][role], 64)));
      }
    }
    key += ']';
  }
  if (setup.remainingChecks) key += ` ${setup.remainingChecks.white}+${setup.remainingChecks.black}`;
  const advanced = setup.omegaAdvanced;
  if (advanced) {
    // Guarding rights, fools in hand and what each fool imitates change what can happen next.
    for (const color of ['white', 'black'] as const) {
      const { kingSide, queenSide } = advanced.guarding[color];
      key += ` ${kingSide ? 'K' : '-'}${queenSide ? 'Q' : '-'}${advanced.foolInHand[color] ? 'F' : '-'}${advanced.lastMoved[color] ?? '-'}`;
    }
  }
  return key;
}

function countOfLast(keys: readonly string[]): number {
  const last = keys[keys.length - 1];
  if (last === undefined) return 0;
  let count = 0;
  for (const key of keys) if (key === last) count++;
  return count;
}

/**
 * Whether the last position of a game (the last key of `keys`, which lists the game's
 * positions in order) has occurred at least three times: a draw a player may claim (FIDE 9.2).
 */
export function isThreefoldRepetition(keys: readonly string[]): boolean {
  return countOfLast(keys) >= 3;
}

/** Five occurrences: the game is drawn without a claim (FIDE 9.6.1). */
export function isFivefoldRepetition(keys: readonly string[]): boolean {
  return countOfLast(keys) >= 5;
}

/** Fifty moves by each side without a capture or pawn move: a draw a player may claim (FIDE 9.3). */
export function isFiftyMoveDraw(setup: Setup): boolean {
  return setup.halfmoves >= 100 && !isCheckmate(setup);
}

/** Seventy-five moves by each side: drawn without a claim, unless the last move mated (FIDE 9.6.2). */
export function isSeventyFiveMoveDraw(setup: Setup): boolean {
  return setup.halfmoves >= 150 && !isCheckmate(setup);
}

/**
 * Whether `color` cannot win by any series of legal moves, judged by material only: the
 * variant's own reading (its `insufficientMaterial` hook), else chess's:
 * - Chess: a lone king; king and knight when the opponent has nothing that could block its
 *   own king in (only queens besides the king); or kings and bishops all on squares of one
 *   colour with no pawns or knights on the board.
 * - Three-check: only a lone king, since any other piece can give check.
 * - Crazyhouse: captured material changes hands and is dropped anywhere, so neither side can
 *   mate only when the whole game holds at most three pieces, kings included, and the one
 *   besides the kings is an unpromoted knight or bishop.
 * - King of the hill and racing kings: never, as a king can always walk toward its goal.
 * - Atomic: a lone king, and a few endings where no capture can reach the other king (see
 *   the variant's module); never once the other king has exploded.
 * These are the readings of chessops and python-chess.
 */
export function hasInsufficientMaterial(setup: Setup, color: Color): boolean {
  const hook = variantOf(setup).rules.insufficientMaterial;
  if (hook) return hook(setup, color);
  const { board } = setup;
  const { geometry, pieces } = board;
  let own = 0;
  let knights = 0;
  let bishops = 0;
  let opponentBlockers = 0;
  let pawnsOrKnights = 0;
  const bishopShades = [false, false];
  for (let square = 0; square < pieces.length; square++) {
    const p = pieces[square];
    if (!p) continue;
    if (p.role === 'pawn' || p.role === 'knight') pawnsOrKnights++;
    if (p.role === 'bishop') bishopShades[(squareX(geometry, square) + squareY(geometry, square)) % 2] = true;
    if (p.color !== color) {
      if (p.role !== 'king' && p.role !== 'queen') opponentBlockers++;
      continue;
    }
    own++;
    switch (p.role) {
      case 'king':
        break;
      case 'knight':
        knights++;
        break;
      case 'bishop':
        bishops++;
        break;
      default:
        return false;
    }
  }
  if (knights > 0) return own <= 2 && opponentBlockers === 0;
  if (bishops > 0) return !(bishopShades[0] && bishopShades[1]) && pawnsOrKnights === 0;
  return true;
}

/** Neither side can checkmate (FIDE 5.2.2, by material). */
export function isInsufficientMaterial(setup: Setup): boolean {
  return hasInsufficientMaterial(setup, 'white') && hasInsufficientMaterial(setup, 'black');
}

/** Every reason `outcome` can give for the end of a game (frozen). */
export const OUTCOME_REASONS = /* @__PURE__ */ Object.freeze([
  'checkmate',
  'stalemate',
  'insufficientMaterial',
  'seventyFiveMoves',
  'fivefoldRepetition',
  'threeChecks',
  'kingExploded',
  'kingCaptured',
  'variantWin',
  'piecesLost',
  'variantDraw',
  'fiftyMoves',
  'threefoldRepetition',
] as const);
/**
 * Why a game ended, one of `OUTCOME_REASONS`: `threeChecks` for three-check's third check,
 * `kingExploded` for atomic's exploded king, `kingCaptured` for realtime chess's taken king, `variantWin` for another variant's own way of
 * winning (a king on the hill, a won race), `variantDraw` for its own draw (both racing kings
 * home), `piecesLost` for a side left with no pieces (antichess and suicide: it wins; horde:
 * the horde loses) or with its king alone (losers: it wins). In antichess, suicide and losers
 * `checkmate` and `stalemate` may name a winner: the side that has no move.
 */
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/** How a game ended: `winner` is absent for a draw. */
export interface Outcome {
  /** Why the game ended. */
  readonly reason: OutcomeReason;
  /** The side that won; absent for a draw. */
  readonly winner?: Color;
}

/** Options of `outcome`. */
export interface OutcomeOptions {
  /**
   * Count the draws a player must claim (fifty moves, threefold repetition) as ends of the
   * game, as servers that draw automatically do. Default false.
   */
  readonly claims?: boolean;
}

/**
 * The end of the game at `setup`, or undefined while it goes on. `history` lists the
 * position keys (`positionKey`) of the game's earlier positions, oldest first; without it
 * repetitions are not detected.
 *
 * @example
 * ```ts
 * import { outcome, playSan, standardSetup, unwrap } from '@chess-formats/board-core';
 * let setup = standardSetup();
 * for (const san of ['f3', 'e5', 'g4', 'Qh4#']) setup = unwrap(playSan(setup, san));
 * console.log(outcome(setup)); // → { reason: 'checkmate', winner: 'black' }
 * ```
 */
export function outcome(
  setup: Setup,
  history: readonly string[] = [],
  options: OutcomeOptions = {},
): Outcome | undefined {
  const winner = opposite(setup.turn);
  const engine = engineFor(setup);
  const realtime = engine.variant?.realtime;
  if (realtime !== undefined) return realtime.outcome(setup);
  const won = engine.winner();
  if (won !== undefined) return { reason: engine.variant?.winReason ?? 'variantWin', winner: won };
  if (engine.variantDrawn()) return { reason: 'variantDraw' };
  const noMoves = engine.variant?.noMoves;
  if (noMoves !== undefined) {
    if (engine.generate(0) === 0) return noMoves(setup, engine.inCheck());
  } else {
    if (isCheckmate(setup)) return { reason: 'checkmate', winner };
    if (isStalemate(setup)) return { reason: 'stalemate' };
  }
  if (isInsufficientMaterial(setup)) return { reason: 'insufficientMaterial' };
  if (setup.halfmoves >= 150) return { reason: 'seventyFiveMoves' };
  const keys = history.length > 0 ? [...history, positionKey(setup)] : [];
  if (isFivefoldRepetition(keys)) return { reason: 'fivefoldRepetition' };
  if (options.claims) {
    if (setup.halfmoves >= 100) return { reason: 'fiftyMoves' };
    if (isThreefoldRepetition(keys)) return { reason: 'threefoldRepetition' };
  }
  return undefined;
}
