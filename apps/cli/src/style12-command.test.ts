import { describe, expect, test } from 'vitest';
import { main } from './main.js';
import { parseStyle12Args } from './style12-command.js';
import { memoryIo } from './test-io.js';

// The ICC help file's example line (ICC help "style12") and a FatICS line for a user with
// `iset ms 1` (FatICS test/test_style.py): protocol facts.
const ICC =
  '<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Quimbee Darooha 1 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0';
const ICC_FEN = 'rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 0 2';
const FATICS =
  '<12> rnbqkbnr pppppppp -------- -------- ---P---- -------- PPP-PPPP RNBQKBNR B -1 1 1 1 1 0 1 testplayer admin -1 1 0 39 39 60000 60000 1 P/d2-d4 (0:00.000) d4 0 0 0';

async function run(args: string[], stdin: string, files: Record<string, string> = {}) {
  const { io, captured } = memoryIo(stdin, files);
  const status = await main(['style12', ...args], io);
  return { status, ...captured };
}

describe('chess-formats style12', () => {
  test('prints the FEN of each board of a raw FICS stream and skips other lines', async () => {
    const stream = `fics% \x07\n\r${ICC}\n\rGame 7: Darooha moves: Ke2\n\rfics% `;
    expect(await run([], stream)).toEqual({ status: 0, out: `${ICC_FEN}\n`, err: '' });
  });

  test('--board adds a diagram; --text passes the other lines through', async () => {
    const board = await run(['--board'], `${ICC}\n`);
    expect(board.out.split('\n').slice(0, 3)).toEqual([ICC_FEN, '8 r n b q k b . r', '7 p p p p p p p p']);
    expect((await run(['--text'], `hello\n${ICC}\n`)).out).toBe(`hello\n${ICC_FEN}\n`);
  });

  test('--json prints the record with the setup as board-core JSON, holdings, and errors', async () => {
    const result = await run(['--json'], `${FATICS}\n<b1> game 1 white [P] black []\n<12> x\n`);
    expect(result.status).toBe(1);
    const lines = result.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({
      kind: 'board',
      fen: 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1',
      record: {
        gameNumber: 1,
        whiteName: 'testplayer',
        clockUnit: 'milliseconds',
        whiteRemainingMs: 60000,
        setup: { turn: 'black', board: { d4: 'P' } },
      },
    });
    expect(lines[1]).toEqual({ kind: 'holdings', holdings: { gameNumber: 1, white: 'P', black: '', passed: null } });
    expect(lines[2]).toMatchObject({ kind: 'error', line: '<12> x', error: { code: 'board', field: 1, offset: 5 } });
  });

  test('a board at move 10000 prints its FEN (counters have no limit of 9999), also with --pgn', async () => {
    const late = ICC.replace(' 119 122 2 K/e1-e2', ' 119 122 10000 K/e1-e2');
    expect(await run([], `${late}\n`)).toEqual({ status: 0, out: `${ICC_FEN.replace(/ 2$/, ' 10000')}\n`, err: '' });
    const pgn = await run(['--pgn'], `${late}\n`);
    expect(pgn.err).toBe('');
    expect(pgn.out).toContain(' 0 10000"]');
  });

  test('holdings give the pockets of the next FEN of their game', async () => {
    const result = await run([], `<b1> game 7 white [PN] black [Q]\n${ICC}\n`);
    expect(result.out).toBe(`${ICC_FEN.replace('RNBQ1BNR', 'RNBQ1BNR[PNq]')}\n`);
  });

  test('a broken board line is shown with a caret and its code, and exits 1', async () => {
    const bad = ICC.replace(' B -1', ' X -1');
    const result = await run([], `${bad}\n`);
    expect(result.status).toBe(1);
    const [shown = '', caret = '', message] = result.err.split('\n');
    expect(shown.startsWith('<stdin>: ')).toBe(true);
    expect(shown.charAt(caret.indexOf('^'))).toBe('X');
    expect(message).toMatch(/^error\[turn\] field 9: /);
  });

  test('--dialect icc refuses relation -4; --clock-unit pins the unit', async () => {
    const minus4 = FATICS.replace('admin -1 1', 'admin -4 1');
    expect((await run(['--dialect', 'icc'], `${minus4}\n`)).status).toBe(1);
    expect((await run(['--dialect=fics'], `${minus4}\n`)).status).toBe(0);
    const pinned = await run(['--json', '--clock-unit', 'seconds'], `${FATICS}\n`);
    expect(JSON.parse(pinned.out)).toMatchObject({ record: { whiteRemainingMs: 60_000_000, clockUnit: 'seconds' } });
  });

  test('reads files, and exits 2 on an unreadable one', async () => {
    const result = await run(['a.txt', 'missing.txt'], '', { 'a.txt': `${ICC}\n` });
    expect(result.status).toBe(2);
    expect(result.out).toBe(`${ICC_FEN}\n`);
    expect(result.err).toContain('cannot read missing.txt');
  });

  test('help and usage errors', async () => {
    expect((await run(['--help'], '')).out).toContain('Usage: chess-formats style12');
    const help = memoryIo('');
    expect(await main(['help', 'style12'], help.io)).toBe(0);
    expect(help.captured.out).toContain('Usage: chess-formats style12');
    expect(parseStyle12Args(['--dialect', 'x'])).toMatchObject({ kind: 'usage-error' });
    expect(parseStyle12Args(['--board=1'])).toMatchObject({ kind: 'usage-error' });
    expect(parseStyle12Args(['--nope'])).toMatchObject({ kind: 'usage-error' });
    expect((await run(['--nope'], '')).status).toBe(2);
    expect(parseStyle12Args(['--dialect'])).toEqual({ kind: 'usage-error', message: '--dialect needs fics or icc' });
    expect(parseStyle12Args(['--dialect', 'fisc'])).toEqual({
      kind: 'usage-error',
      message: '--dialect needs fics or icc; did you mean fics?',
    });
    expect(parseStyle12Args(['--clock-unit=minutes'])).toEqual({
      kind: 'usage-error',
      message: '--clock-unit needs seconds or milliseconds',
    });
    expect(parseStyle12Args(['--dialect', 'icc', '--clock-unit=seconds', '--text', 'a', '--', '--json'])).toEqual({
      kind: 'run',
      options: {
        files: ['a', '--json'],
        board: false,
        json: false,
        text: true,
        pgn: false,
        dialect: 'icc',
        clockUnit: 'seconds',
      },
    });
  });
});

describe('chess-formats fen --to style12', () => {
  test('prints each position as a style 12 line of an isolated position, which reads back', async () => {
    const { io, captured } = memoryIo(`${ICC_FEN}\n`);
    expect(await main(['fen', '--to', 'style12'], io)).toBe(0);
    expect(captured.out).toBe(
      '<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 0 White Black -3 0 0 39 39 0 0 2 none (0:00) none 0\n',
    );
    const back = memoryIo(captured.out);
    expect(await main(['style12'], back.io)).toBe(0);
    expect(back.captured.out).toBe(`${ICC_FEN}\n`);
  });

  test('--to style12 with --json is a usage error', async () => {
    const { io } = memoryIo('');
    expect(await main(['fen', '--to', 'style12', '--json'], io)).toBe(2);
  });
});
