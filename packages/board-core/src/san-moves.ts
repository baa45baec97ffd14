/**
 * The common tasks in SAN, each one call: what a move list, a bot or a quick script wants
 * without mapping `legalMoves` through `writeSan` or checking `parseSan` before `play`.
 */
import type { MoveNotationError } from './move-notation.js';
import { ok, type Result } from './result.js';
import { legalMoves, play } from './rules.js';
import { parseSan, writeSan } from './san.js';
import type { Setup } from './setup.js';

/**
 * The legal moves of `setup` in SAN, in the order of `legalMoves`.
 *
 * @example
 * ```ts
 * import { sanMoves, standardSetup } from '@chess-formats/board-core';
 * console.log(sanMoves(standardSetup()).length); // → 20
 * ```
 */
export function sanMoves(setup: Setup): string[] {
  return legalMoves(setup).map((move) => writeSan(setup, move));
}

/**
 * The position after the move `san` (read as `parseSan` reads it, against the legal moves of
 * `setup`), or the error that says why it is not a legal move here.
 *
 * @example
 * ```ts
 * import { playSan, standardSetup } from '@chess-formats/board-core';
 * const after = playSan(standardSetup(), 'e4');
 * console.log(after.ok && after.value.turn); // → black
 * ```
 */
export function playSan(setup: Setup, san: string): Result<Setup, MoveNotationError> {
  const move = parseSan(setup, san);
  return move.ok ? ok(play(setup, move.value)) : move;
}
