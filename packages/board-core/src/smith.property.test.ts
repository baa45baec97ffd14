import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { squareY } from './geometry.js';
import type { Piece } from './piece.js';
import { play } from './rules.js';
import { applySmith, parseSmith, parseSmithUnchecked, unplaySmith, writeSmith } from './smith.js';
import { checkMutations, checkNeverThrows, checkRoundTrip } from './testing/notation-properties.js';
import { MOVE_TEXT_CHARS, STARTS, gameArbitrary, randomGame } from './testing/random-play.js';

const smith = { write: writeSmith, parse: parseSmith };

const placement = (pieces: readonly (Piece | undefined)[]): string[] =>
  pieces.map((p) => (p ? `${p.color} ${p.role}` : ''));

describe('Smith properties', () => {
  it('reads back every legal move it writes, checked and unchecked', () => {
    checkRoundTrip(smith, { runs: 30, plies: 60, every: 5 });
    checkRoundTrip({ write: writeSmith, parse: parseSmithUnchecked }, { runs: 15, plies: 60, every: 5 });
  });
  it('walks every legal move back to the placement, pockets, turn and move number before it', () => {
    fc.assert(
      fc.property(gameArbitrary(60), ({ start, choices }) => {
        randomGame(start.setup, choices).forEach(({ setup, legal }, ply) => {
          if (ply % 5 !== 0) return;
          for (const move of legal) {
            const text = writeSmith(setup, move);
            const after = play(setup, move);
            const applied = applySmith(setup, text);
            expect(applied.ok && applied.value).toEqual(after);
            const hint =
              move.kind === 'castle'
                ? { castlingRook: move.rook }
                : move.kind === 'enPassant'
                  ? { enPassantVictim: move.captured }
                  : {};
            const before = unplaySmith(after, text, hint);
            if (!before.ok) expect({ start: start.name, text, before }).toBe('restored');
            else if (move.kind === 'normal' && setup.board.pieces[move.to]?.promoted === true) {
              // Documented: Smith cannot tell a captured promoted piece, it comes back unpromoted.
              expect(placement(before.value.board.pieces)).toEqual(placement(setup.board.pieces));
            } else {
              expect(before.value.board).toEqual(setup.board);
              expect(before.value.pockets).toEqual(setup.pockets);
              expect([before.value.turn, before.value.fullmoves]).toEqual([setup.turn, setup.fullmoves]);
            }
          }
        });
      }),
      { numRuns: 20 },
    );
  });
  it('never throws, whatever the text', () => {
    checkNeverThrows(smith, 400);
    checkNeverThrows({ write: writeSmith, parse: parseSmithUnchecked }, 200);
    fc.assert(
      fc.property(
        fc.constantFrom(...STARTS),
        fc.string({ unit: fc.constantFrom(...MOVE_TEXT_CHARS), maxLength: 10 }),
        (start, text) => {
          applySmith(start.setup, text);
          unplaySmith(start.setup, text);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('never throws on a two-square text with any mark, from any square of a game in play', () => {
    // Random text rarely names a king's square and a mark that reads as castling (`e1a1c`, a
    // castling king sent to the edge on the wrong side, once reached `play` as a rook move off
    // the board): texts made of two real squares and a mark reach those paths.
    fc.assert(
      fc.property(
        gameArbitrary(16),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('', 'c', 'C', 'E', 'p', 'n', 'q', 'Q', 'N', 'W'),
        ({ start, choices }, from, to, mark) => {
          const positions = randomGame(start.setup, choices);
          const { setup } = positions[positions.length - 1] as (typeof positions)[number];
          const { geometry, pieces } = setup.board;
          // From a piece of the side to move, often its king, to any square of that rank.
          const own = geometry.squareNames.flatMap((name, square) =>
            name !== '' && pieces[square]?.color === setup.turn ? [square] : [],
          );
          const king = own.filter((square) => pieces[square]?.role === 'king');
          const origins = from % 2 === 0 && king.length > 0 ? king : own;
          const origin = origins[(from >> 1) % origins.length] as number;
          const rank = geometry.squareNames.flatMap((name, square) =>
            name !== '' && squareY(geometry, square) === squareY(geometry, origin) ? [name] : [],
          );
          const text = `${geometry.squareNames[origin] as string}${rank[to % rank.length] as string}${mark}`;
          for (const read of [applySmith, unplaySmith, parseSmith, parseSmithUnchecked]) {
            const result = read(setup, text);
            expect(typeof result.ok).toBe('boolean');
          }
        },
      ),
      { numRuns: 400 },
    );
  });
  it('reads a mutated move as an error or a legal move', () => {
    checkMutations(smith, 200);
  });
});
