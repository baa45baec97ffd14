import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLength } from './move-notation.js';
import { engineFor } from './rules.js';
import { parseAnySan, parseSan, parseSanOn, writeSan } from './san.js';
import { checkMutations, checkNeverThrows, checkRoundTrip } from './testing/notation-properties.js';
import type { Setup } from './setup.js';
import { MOVE_TEXT_CHARS, STARTS, gameArbitrary, randomGame } from './testing/random-play.js';
import { VARIANTS } from './variants/list.js';

const san = { write: writeSan, parse: parseSan };

describe('SAN properties', () => {
  it('reads back every legal move it writes, in random standard, Chess960, crazyhouse and Omega games', () => {
    checkRoundTrip(san, { runs: 30, plies: 60, every: 5 });
  });
  it('never throws, whatever the text', () => {
    checkNeverThrows(san, 400);
  });
  it('reads a mutated move as an error or a legal move', () => {
    checkMutations(san, 200);
  });
  it('reads plain SAN on its short road exactly as the general reader does, moves and errors alike', () => {
    fc.assert(
      fc.property(
        gameArbitrary(40),
        fc.noBias(fc.nat(9999)),
        fc.nat(7),
        fc.nat(4),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.constantFrom('replace', 'insert', 'delete', 'keep'),
            fc.constantFrom(...MOVE_TEXT_CHARS),
          ),
          { maxLength: 2 },
        ),
        ({ start, choices }, pick, form, role, edits) => {
          const positions = randomGame(start.setup, choices);
          const { setup, legal } = positions[positions.length - 1] as (typeof positions)[number];
          if (legal.length === 0) return;
          const written = writeSan(setup, legal[pick % legal.length]!);
          // The written move, its bare and over-disambiguated forms, and edits of it.
          const from = legal[pick % legal.length]!;
          const name = from.kind === 'drop' ? '' : setup.board.geometry.squareNames[from.from]!;
          const letter = 'NBRQK'[role]!;
          const forms = [
            written,
            written.replace(/[+#]$/, ''),
            written.replace(/^([NBRQK])/, `$1${name}`),
            written.replace(/^[a-z]x/, ''),
            written.replace(/^[NBRQK]?/, letter),
            written.replace('x', ''),
            written.replace(/^([a-z])x/, `${name.charAt(0) === 'a' ? 'h' : 'a'}x`),
            written.replace(/(=[NBRQ])?([+#]?)$/, `=${letter}$2`),
          ];
          let text = forms[form]!;
          for (const [at, how, char] of edits) {
            const i = at % (text.length + 1);
            text =
              how === 'insert'
                ? text.slice(0, i) + char + text.slice(i)
                : how === 'replace'
                  ? text.slice(0, i) + char + text.slice(i + 1)
                  : how === 'delete'
                    ? text.slice(0, i) + text.slice(i + 1)
                    : text;
          }
          const general = checkLength(text) ?? parseAnySan(engineFor(setup), text);
          expect(parseSanOn(engineFor(setup), text)).toEqual(general);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('castling on the short road', () => {
  // Every variant's start on the standard board with the back ranks cleared but for kings and
  // rooks (Chess960 arrays and the wilds that castle from the king among them), so that both
  // castlings are often legal, then a few random moves.
  const starts = [...STARTS.map((start) => start.setup), ...VARIANTS.map((variant) => variant.start())]
    .filter((setup) => setup.board.geometry.name === 'standard' && setup.realtime === undefined)
    .map(
      (setup): Setup => ({
        ...setup,
        board: {
          ...setup.board,
          pieces: setup.board.pieces.map((p, square) =>
            (square < 8 || square >= 56) && p !== undefined && p.role !== 'king' && p.role !== 'rook' ? undefined : p,
          ),
        },
      }),
    );

  it('reads O-O and O-O-O as the general reader does, in every variant on the standard board', () => {
    let read = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...starts),
        fc.array(fc.nat({ max: 1 << 16 }), { maxLength: 6 }),
        (start, choices) => {
          for (const { setup } of randomGame(start, choices)) {
            for (const text of ['O-O', 'O-O-O', 'O-O+', 'O-O-O#', 'O-O!?', 'O-O-', 'O-OO']) {
              const engine = engineFor(setup);
              const short = parseSanOn(engine, text);
              expect(short).toEqual(parseAnySan(engineFor(setup), text));
              if (short.ok) read++;
            }
          }
        },
      ),
      { numRuns: 150 },
    );
    // Castling was legal often enough for the comparison to mean something.
    expect(read).toBeGreaterThan(100);
  });
});
