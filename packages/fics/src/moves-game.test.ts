import { legalMoves, play, playSan, standardSetup, writeSan, type Setup } from '@chess-formats/board-core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  createFicsReader,
  movesTableGame,
  writeMovesTable,
  type FicsEvent,
  type MovesRow,
  type MovesTable,
} from './index.js';
import { MOVES_LISTING } from './testing/lines.js';

/** The position after `sans` from chess's start. */
function after(sans: string): Setup {
  let setup = standardSetup();
  for (const san of sans.split(' ')) {
    const next = playSan(setup, san);
    if (!next.ok) throw new Error(san);
    setup = next.value;
  }
  return setup;
}

/** `ms` as a moves listing prints a time, `m:ss.mmm`. */
const listTime = (ms: number): string =>
  `${String(Math.floor(ms / 60_000))}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;

/** The table of the one `moves` event of `text`. */
function tableOf(text: string): MovesTable {
  const reader = createFicsReader();
  const events = [...reader.push(`${text}\n`), ...reader.end()];
  const found = events.find((e): e is Extract<FicsEvent, { kind: 'moves' }> => e.kind === 'moves');
  if (found === undefined) throw new Error(`no moves table in ${JSON.stringify(events.map((e) => e.kind))}`);
  return found.table;
}

/** A table of our own: a game of chess from the start through `sans`, each move taking `ms`. */
function table(sans: readonly string[], facts: Partial<MovesTable> = {}, ms = 2_000): MovesTable {
  const rows: MovesRow[] = [];
  const listed = (san: string, i: number) => ({
    san,
    timeMs: i < 2 ? 0 : ms,
    timeText: i < 2 ? '0:00.000' : '0:02.000',
  });
  for (let i = 0; i < sans.length; i += 2) {
    const black = sans[i + 1];
    rows.push({
      moveNumber: i / 2 + 1,
      white: listed(sans[i] as string, i),
      black: black === undefined ? undefined : listed(black, i + 1),
    });
  }
  return {
    gameNumber: 77,
    white: { name: 'Alice', rating: { text: '2243', value: 2243, mark: undefined } },
    black: { name: 'Bob', rating: { text: '2158E', value: 2158, mark: 'E' } },
    date: 'Thu Nov 26, 12:00 UTC 2026',
    rated: true,
    type: 'standard',
    minutes: 45,
    increment: 45,
    start: undefined,
    rows,
    status: 'Still in progress',
    result: '*',
    ...facts,
  };
}

describe('movesTableGame', () => {
  test('a game of chess from its start: players with ratings (E dropped), rated, type, time control, no result yet', () => {
    const read = movesTableGame(table(['e4', 'e6', 'd4', 'd5', 'Nc3']));
    if (!read.ok) throw new Error(read.error.message);
    const game = read.value;
    expect([game.gameNumber, game.white, game.black, game.rated, game.variant, game.relation]).toEqual([
      77,
      { name: 'Alice', rating: 2243 },
      { name: 'Bob', rating: 2158 },
      true,
      'standard',
      'observing',
    ]);
    expect(game.timeControl?.white).toEqual({ initialMs: 2_700_000, incrementMs: 45_000 });
    expect(game.initial).toEqual(standardSetup());
    expect(game.setup).toEqual(after('e4 e6 d4 d5 Nc3'));
    expect([game.result, game.reason]).toEqual([undefined, undefined]);
    // No clock runs on each side's first move, and no increment follows it; then 45 s less 2 s taken.
    expect(game.moves.map((m) => m.clockMs)).toEqual([2_700_000, 2_700_000, 2_743_000, 2_743_000, 2_786_000]);
    expect(game.clocks).toEqual({ white: 2_786_000, black: 2_743_000 });
  });

  test('an untimed game has no clocks; options.relation; a player without a rating has none', () => {
    const read = movesTableGame(
      table(['e4'], {
        minutes: 0,
        increment: 0,
        black: { name: 'Guest', rating: { text: '++++', value: undefined, mark: undefined } },
      }),
      { relation: 'examining' },
    );
    expect(read.ok && [read.value.moves[0]?.clockMs, read.value.clocks, read.value.black, read.value.relation]).toEqual(
      [undefined, { white: undefined, black: undefined }, { name: 'Guest' }, 'examining'],
    );
  });

  test('a game over carries its result and the reason; an adjourned one `*` with its reason', () => {
    const mate = movesTableGame(table(['f3', 'e5', 'g4', 'Qh4#'], { result: '0-1', status: 'Alice checkmated' }));
    expect(mate.ok && [mate.value.result, mate.value.reason]).toEqual(['0-1', 'Alice checkmated']);
    const adjourned = movesTableGame(table(['e4'], { status: 'Game adjourned by mutual agreement' }));
    expect(adjourned.ok && [adjourned.value.result, adjourned.value.reason]).toEqual([
      '*',
      'Game adjourned by mutual agreement',
    ]);
  });

  test("the start board of the listing (iset startpos 1), Black first; clocks from the terms, not the board's", () => {
    const read = movesTableGame(tableOf(MOVES_LISTING));
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.initial.turn).toBe('black');
    expect(read.value.moves).toHaveLength(4);
    // 90 30: e5 and e4 are each side's first (no increment), then 1:14:24.313 and 12:00.001 taken.
    expect(read.value.moves.map((m) => m.clockMs)).toEqual([5_400_000, 5_396_488, 965_687, 4_706_487]);
    expect([read.value.setup.turn, read.value.setup.board.pieces]).toEqual([
      'black',
      after('e4 e5 Nf3 Nc6').board.pieces,
    ]);
  });

  test('a wild type without its start board, or a type no variant plays, is moves-start', () => {
    for (const type of ['wild/fr', 'wild/3', 'nosuchtype']) {
      const read = movesTableGame(table(['e4'], { type }));
      expect(!read.ok && read.error.code, type).toBe('moves-start');
    }
  });

  test('a move that does not replay is moves-move: the row index in field, the side in offset', () => {
    const read = movesTableGame(table(['e4', 'e5', 'Nf3', 'Ke7', 'Ke3']));
    expect(read).toMatchObject({ ok: false, error: { code: 'moves-move', field: 2, offset: 0 } });
    expect(!read.ok && read.error.message).toMatch(/^move 3\. Ke3 does not replay/);
  });

  test("the variant's rules replay its moves: crazyhouse drops, a bughouse drop of a piece the partner passed", () => {
    const zh = movesTableGame(table(['e4', 'd5', 'exd5', 'Qxd5', 'P@e6'], { type: 'crazyhouse' }));
    expect(zh.ok && zh.value.setup.pockets?.white.pawn).toBe(0);
    expect(zh.ok && zh.value.moves).toHaveLength(5);
    const bug = movesTableGame(table(['e4', 'N@f6'], { type: 'bughouse' }));
    expect(bug.ok && bug.value.moves).toHaveLength(2);
    expect(movesTableGame(table(['e4', 'N@f6'], { type: 'crazyhouse' })).ok).toBe(false);
  });

  test('never throws, whatever the table holds', () => {
    const anyRating = fc.record({
      text: fc.string({ maxLength: 6 }),
      value: fc.option(fc.integer(), { nil: undefined }),
      mark: fc.constantFrom('E' as const, 'P' as const, undefined),
    });
    const listed = fc.record({
      san: fc.oneof(fc.constantFrom('e4', 'e5', 'Nf3', '...', 'O-O', 'N@f3', 'exd5', ''), fc.string({ maxLength: 8 })),
      timeMs: fc.oneof(fc.nat(), fc.double()),
      timeText: fc.string({ maxLength: 8 }),
    });
    const anyTable = fc.record({
      gameNumber: fc.integer(),
      white: fc.record({ name: fc.string({ maxLength: 8 }), rating: anyRating }),
      black: fc.record({ name: fc.string({ maxLength: 8 }), rating: anyRating }),
      date: fc.string({ maxLength: 8 }),
      rated: fc.boolean(),
      type: fc.oneof(
        fc.constantFrom('blitz', 'crazyhouse', 'atomic', 'suicide', 'losers', 'bughouse', 'wild/fr'),
        fc.string(),
      ),
      minutes: fc.oneof(fc.nat(), fc.integer(), fc.double()),
      increment: fc.oneof(fc.nat(), fc.integer(), fc.double()),
      start: fc.constant(undefined),
      rows: fc.array(fc.record({ moveNumber: fc.nat(), white: listed, black: fc.option(listed, { nil: undefined }) }), {
        maxLength: 6,
      }),
      status: fc.string({ maxLength: 12 }),
      result: fc.constantFrom('1-0' as const, '0-1' as const, '1/2-1/2' as const, '*' as const),
    });
    fc.assert(
      fc.property(anyTable, (t) => {
        const read = movesTableGame(t as MovesTable);
        expect(typeof read.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    // Not even a table past its types.
    expect(movesTableGame({ ...table([]), rows: [null] } as unknown as MovesTable).ok).toBe(false);
    expect(movesTableGame(null as unknown as MovesTable).ok).toBe(false);
  });

  const timedMove = (move: MovesRow['white'], timeMs: number) => ({ ...move, timeMs, timeText: listTime(timeMs) });

  test('a random game written by writeMovesTable and read back by the session reader replays to the same game', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(fc.nat({ max: 600_000 }), { maxLength: 40 }),
        (picks, times) => {
          let setup: Setup = standardSetup();
          const sans: string[] = [];
          for (const pick of picks) {
            const moves = legalMoves(setup);
            if (moves.length === 0) break;
            const move = moves[pick % moves.length]!;
            sans.push(writeSan(setup, move));
            setup = play(setup, move);
          }
          const original = table(sans, { minutes: 5, increment: 3 });
          const timed = {
            ...original,
            rows: original.rows.map((row, i) => ({
              ...row,
              white: timedMove(row.white, i === 0 ? 0 : (times[2 * i] ?? 0)),
              black: row.black && timedMove(row.black, i === 0 ? 0 : (times[2 * i + 1] ?? 0)),
            })),
          };
          const written = writeMovesTable(timed);
          const direct = movesTableGame(timed);
          const back = movesTableGame(tableOf(written));
          if (!direct.ok || !back.ok) throw new Error(`${written}\n${JSON.stringify(direct)} ${JSON.stringify(back)}`);
          expect(back.value.setup).toEqual(setup);
          expect(back.value.moves.map((m) => m.clockMs)).toEqual(direct.value.moves.map((m) => m.clockMs));
          expect(back.value.moves.length).toBe(sans.length);
        },
      ),
      { numRuns: 40 },
    );
  });
});
