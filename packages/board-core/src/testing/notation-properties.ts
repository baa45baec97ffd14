/**
 * Test-only: the three properties every move parser must have (round trip over random legal
 * play, never throwing, and mutations reading as an error or a legal move), written once and
 * run by each notation's property test.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Move } from '../move.js';
import { MAX_MOVE_TEXT_LENGTH, type MoveNotationError } from '../move-notation.js';
import type { Result } from '../result.js';
import { legalMoves } from '../rules.js';
import type { Setup } from '../setup.js';
import { MOVE_TEXT_CHARS, STARTS, gameArbitrary, randomGame } from './random-play.js';

export interface Notation {
  readonly write: (setup: Setup, move: Move) => string;
  readonly parse: (setup: Setup, text: string) => Result<Move, MoveNotationError>;
}

/** For every legal move of positions of random games, `parse(write(move))` is the move. */
export function checkRoundTrip(notation: Notation, options: { runs: number; plies: number; every: number }): void {
  fc.assert(
    fc.property(gameArbitrary(options.plies), ({ start, choices }) => {
      const positions = randomGame(start.setup, choices);
      positions.forEach(({ setup, legal }, ply) => {
        if (ply % options.every !== 0) return;
        for (const move of legal) {
          const text = notation.write(setup, move);
          const parsed = notation.parse(setup, text);
          if (!parsed.ok || !sameMove(parsed.value, move)) {
            expect({ start: start.name, ply, text, parsed }).toEqual({
              start: start.name,
              ply,
              text,
              parsed: { ok: true, value: move },
            });
          }
        }
      });
    }),
    { numRuns: options.runs },
  );
}

function sameMove(a: Move, b: Move): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const noise = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...MOVE_TEXT_CHARS), maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Any text at all gives a Result (never a throw), whose error points inside the text. */
export function checkNeverThrows(notation: Notation, runs: number): void {
  fc.assert(
    fc.property(fc.constantFrom(...STARTS), noise, (start, text) => {
      const result = notation.parse(start.setup, text);
      checkResult(start.setup, text, result);
    }),
    { numRuns: runs },
  );
}

/** A written move with one character changed, inserted or removed reads as an error or as a legal move. */
export function checkMutations(notation: Notation, runs: number): void {
  fc.assert(
    fc.property(
      gameArbitrary(24),
      fc.nat(),
      fc.nat(),
      fc.constantFrom('replace', 'insert', 'delete'),
      fc.constantFrom(...MOVE_TEXT_CHARS),
      ({ start, choices }, pick, at, how, char) => {
        const positions = randomGame(start.setup, choices);
        const { setup, legal } = positions[positions.length - 1] as (typeof positions)[number];
        if (legal.length === 0) return;
        const text = notation.write(setup, legal[pick % legal.length] as Move);
        const i = at % (text.length + 1);
        const mutated =
          how === 'insert'
            ? text.slice(0, i) + char + text.slice(i)
            : how === 'replace'
              ? text.slice(0, i) + char + text.slice(i + 1)
              : text.slice(0, i) + text.slice(i + 1);
        checkResult(setup, mutated, notation.parse(setup, mutated));
      },
    ),
    { numRuns: runs },
  );
}

function checkResult(setup: Setup, text: string, result: Result<Move, MoveNotationError>): void {
  if (result.ok) {
    expect(legalMoves(setup)).toContainEqual(result.value);
  } else {
    expect(result.error.offset).toBeGreaterThanOrEqual(0);
    expect(result.error.offset).toBeLessThanOrEqual(Math.min(text.length, MAX_MOVE_TEXT_LENGTH));
    expect(result.error.message.length).toBeGreaterThan(0);
  }
}
