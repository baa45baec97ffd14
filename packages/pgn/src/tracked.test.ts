import {
  parseSan,
  play,
  standardSetup,
  type Setup,
  type TrackedGame,
  type TrackedMove,
} from '@chess-formats/board-core';
import { parseFen, writeFen } from '@chess-formats/fen';
import { describe, expect, test } from 'vitest';
import { finalSetup } from './game.js';
import { parsePgn } from './read.js';
import { gameToPgn } from './tracked.js';
import { writePgn } from './write.js';

function movesOf(
  from: Setup,
  sans: readonly string[],
  clocks: readonly (number | undefined)[] = [],
): { moves: TrackedMove[]; setup: Setup } {
  let setup = from;
  const moves = sans.map((san, i) => {
    const read = parseSan(setup, san);
    if (!read.ok) throw new Error(san);
    setup = play(setup, read.value);
    const clockMs = clocks[i];
    return clockMs === undefined ? { move: read.value } : { move: read.value, clockMs };
  });
  return { moves, setup };
}

function tracked(
  overrides: Partial<TrackedGame> & { sans?: readonly string[]; clocksAfter?: readonly (number | undefined)[] } = {},
): TrackedGame {
  const initial = overrides.initial ?? standardSetup();
  const { moves, setup } = movesOf(
    initial,
    overrides.sans ?? ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'],
    overrides.clocksAfter ?? [179_000, 178_500, 170_250, 175_000, 160_000, 171_000, 150_000],
  );
  const { sans: _s, clocksAfter: _c, ...rest } = overrides;
  return {
    gameNumber: 7,
    white: { name: 'Newton', rating: 1650, titles: ['GM'] },
    black: { name: 'Einstein', rating: 0 },
    relation: 'observing',
    rated: true,
    timeControl: { white: { initialMs: 180_000, incrementMs: 0 }, black: { initialMs: 180_000, incrementMs: 0 } },
    initial,
    setup,
    moves,
    clocks: { white: 150_000, black: 171_000 },
    result: '1-0',
    reason: 'Einstein checkmated',
    ...rest,
  };
}

describe('gameToPgn', () => {
  test('what a server may send that PGN cannot hold is made writable: a name with a line break, a clock past 2^53 ms', () => {
    const game = tracked({
      white: { name: 'New\r\nton', rating: 1650, titles: ['G\nM'] },
      clocksAfter: [2 ** 53 + 10, 178_500, Number.MAX_VALUE, 175_000, 160_000, 171_000, 150_000],
    });
    const text = writePgn(gameToPgn(game, { event: 'a\nb' }));
    const [read] = parsePgn(text);
    if (!read?.ok) throw new Error(JSON.stringify(read));
    expect(read.value.tags.get('White')).toBe('New ton');
    expect(read.value.tags.get('WhiteTitle')).toBe('G M');
    expect(read.value.tags.get('Event')).toBe('a b');
    const clocks: (number | undefined)[] = [];
    for (let node = read.value.root.children[0]; node; node = node.children[0]) clocks.push(node.clockMs);
    expect(clocks).toEqual([undefined, 178_500, undefined, 175_000, 160_000, 171_000, 150_000]);
  });

  test('tags from what the server sent, clocks after each move, the reason after the last', () => {
    const pgn = writePgn(gameToPgn(tracked(), { server: 'FICS', date: new Date(Date.UTC(2026, 10, 24)) }));
    expect(pgn).toBe(
      [
        '[Event "FICS rated blitz game"]',
        '[Site "FICS"]',
        '[Date "2026.11.24"]',
        '[Round "-"]',
        '[White "Newton"]',
        '[Black "Einstein"]',
        '[Result "1-0"]',
        '[WhiteElo "1650"]',
        '[WhiteTitle "GM"]',
        '[TimeControl "180"]',
        '[Termination "normal"]',
        '',
        '1. e4 { [%clk 0:02:59] } 1... e5 { [%clk 0:02:58.5] } 2. Qh5',
        '{ [%clk 0:02:50.25] } 2... Nc6 { [%clk 0:02:55] } 3. Bc4 { [%clk 0:02:40] } 3...',
        'Nf6 { [%clk 0:02:51] } 4. Qxf7# { [%clk 0:02:30] } { Einstein checkmated } 1-0',
        '',
      ].join('\n'),
    );
  });

  test('what it writes reads back to the tracked position, clocks and all', () => {
    const game = tracked();
    const [read] = parsePgn(writePgn(gameToPgn(game)));
    if (!read?.ok) throw new Error('unread');
    expect(writeFen(finalSetup(read.value))).toBe(writeFen(game.setup));
    expect(read.value.root.children[0]?.clockMs).toBe(179_000);
  });

  test('defaults without a server: unknown event, site and date; no clock comment without a clock', () => {
    const {
      rated: _rated,
      timeControl: _control,
      result: _result,
      reason: _reason,
      ...bare
    } = tracked({ sans: ['d4'], clocksAfter: [] });
    const pgn = writePgn(gameToPgn(bare));
    expect(pgn).toBe(
      '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "-"]\n[White "Newton"]\n[Black "Einstein"]\n[Result "*"]\n[WhiteElo "1650"]\n[WhiteTitle "GM"]\n\n1. d4 *\n',
    );
  });

  test('a game joined late starts from a FEN; the standard Termination word; increment and speed', () => {
    const read = parseFen('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
    if (!read.ok) throw new Error('fen');
    const game = tracked({
      initial: read.value,
      sans: ['Bb5', 'a6'],
      clocksAfter: [],
      result: '0-1',
      reason: 'Newton forfeits on time',
      timeControl: {
        white: { initialMs: 60_000, incrementMs: 1_000 },
        black: { initialMs: 60_000, incrementMs: 1_000 },
      },
    });
    const pgn = gameToPgn(game, { server: 'ICC', event: 'Open', site: 'Internet Chess Club' });
    expect(Object.fromEntries(pgn.tags)).toMatchObject({
      Event: 'Open',
      Site: 'Internet Chess Club',
      TimeControl: '60+1',
      Termination: 'time forfeit',
      SetUp: '1',
      FEN: 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
    });
    expect(writePgn(pgn)).toContain('3. Bb5 a6 { Newton forfeits on time } 0-1');
    expect(gameToPgn(game, { server: 'ICC' }).tags.get('Event')).toBe('ICC rated bullet game');
    expect(gameToPgn(game, { server: 'FICS' }).tags.get('Event')).toBe('FICS rated lightning game');
  });

  test('an aborted game with no moves keeps the reason as the first comment; adjourned is unterminated', () => {
    const aborted = gameToPgn(tracked({ sans: [], result: '*', reason: 'Game aborted on move 1' }));
    expect(writePgn(aborted)).toContain('[Termination "abandoned"]\n\n{ Game aborted on move 1 } *\n');
    expect(
      gameToPgn(tracked({ result: '*', reason: 'Game adjourned by mutual agreement' })).tags.get('Termination'),
    ).toBe('unterminated');
  });

  test('the variant from the server name or the position; Chess960 from wild/22', () => {
    const zh = parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1');
    if (!zh.ok) throw new Error('fen');
    const crazyhouse = gameToPgn(tracked({ initial: zh.value, sans: ['e4'], clocksAfter: [], variant: 'crazyhouse' }));
    expect([crazyhouse.variant, crazyhouse.tags.get('Variant'), crazyhouse.tags.get('Event')]).toEqual([
      'crazyhouse',
      'Crazyhouse',
      'rated crazyhouse game',
    ]);
    const [back] = parsePgn(writePgn(crazyhouse));
    expect(back?.ok).toBe(true);
    expect(gameToPgn(tracked({ variant: 'wild/22' })).variant).toBe('chess960');
  });
});
