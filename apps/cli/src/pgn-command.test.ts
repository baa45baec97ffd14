import { enPassantCapturable, parseFen, writeFen } from '@chess-formats/fen';
import { finalSetup, parsePgn } from '@chess-formats/pgn';
import { makeFen } from 'chessops/fen';
import { parsePgn as parseOpsPgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runAgainstSession, sampleSession } from './connect/harness.js';
import { parseRecordedSession } from './connect/recorded-session.js';
import { main } from './main.js';
import { checksOnly } from './pgn-command.js';
import { memoryIo } from './test-io.js';

const GAMES = '[Event "A"]\n[White "Anna"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Event "B"]\n\n1. d4 *\n';
const BROKEN = '[Event "A"]\n\n1. e4 1-0\n\n[Event "B"]\n\n1. e4 e5 2. Ke3 *\n\n[Event "C"]\n\n1. c4 *\n';

async function run(args: readonly string[], stdin = '', files: Readonly<Record<string, string>> = {}) {
  const { io, captured } = memoryIo(stdin, files);
  const status = await main(['pgn', ...args], io);
  return { status, ...captured };
}

/** A FEN with its en passant square only when a capture is legal, as chessops writes it. */
function legalEp(fen: string | undefined): string {
  const read = parseFen(fen ?? '');
  if (!read.ok) throw new Error(read.error.message);
  return writeFen(read.value, { epPolicy: enPassantCapturable });
}

/** Every game of a PGN text replayed by chessops to its final FEN. */
function chessopsFens(text: string): string[] {
  return parseOpsPgn(text).map((game) => {
    const position = startingPosition(game.headers).unwrap();
    for (const node of game.moves.mainline()) {
      const move = parseSan(position, node.san);
      if (move === undefined) throw new Error(`chessops: ${node.san}`);
      position.play(move);
    }
    return makeFen(position.toSetup());
  });
}

function ourFens(text: string): string[] {
  return parsePgn(text).map((read) => {
    if (!read.ok) throw new Error(read.error.message);
    return legalEp(writeFen(finalSetup(read.value)));
  });
}

describe('chess-formats pgn', () => {
  test('counts the games of a text', async () => {
    expect(await run([], GAMES)).toEqual({ status: 0, out: '2 games, 0 broken\n', err: '' });
  });

  test('a broken game is reported where it is, the others still read; exit 1', async () => {
    expect(await run(['games.pgn'], '', { 'games.pgn': BROKEN })).toEqual({
      status: 1,
      out: '3 games, 1 broken\n',
      err: 'games.pgn:7:13: game 2: error[illegal-move] 2. "Ke3" is not a legal move here\n',
    });
  });

  test('the count checks every move without a tree; any output of moves, or a filter on them, builds it', async () => {
    const count = { files: [], tags: false, fens: false, json: false };
    expect(checksOnly(count)).toBe(true);
    for (const output of [{ json: true }, { fens: true }, { tags: true }, { pgn: true }])
      expect(checksOnly({ ...count, ...output }), JSON.stringify(output)).toBe(false);
    // The count of a side line cut, an illegal move and a warning, as the tree reads them.
    const text = '1. e4 e5 (1... Ke3) 2. Nf3 *\n\n1. e4 e5 2. Ke3 *\n\n1. e4 d5 2. e5 f5 3. exf6ep *\n';
    const counted = await run([], text);
    expect(counted.out).toBe('3 games, 1 broken, 2 with warnings\n');
    expect(counted.err).toBe('3:13: game 2: error[illegal-move] 2. "Ke3" is not a legal move here\n');
  });

  test("--tags lists each game's tags as tag pairs", async () => {
    expect((await run(['--tags'], GAMES)).out).toBe('[Event "A"]\n[White "Anna"]\n\n[Event "B"]\n\n');
  });

  test('--fens prints the FEN after each move of the main line', async () => {
    expect((await run(['--fens'], '1. e4 (1. d4) e5 *\n')).out).toBe(
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n\n',
    );
  });

  test('--json: a line a game, with --fens a line a move before it; errors as values', async () => {
    const { status, out } = await run(['--json', '--fens', 'a.pgn'], '', { 'a.pgn': BROKEN });
    expect(status).toBe(1);
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line['game'], line['ok'], line['ply']])).toEqual([
      [1, undefined, 1],
      [1, true, undefined],
      [2, false, undefined],
      [3, undefined, 1],
      [3, true, undefined],
    ]);
    expect(lines[1]).toEqual({
      file: 'a.pgn',
      game: 1,
      ok: true,
      tags: { Event: 'A' },
      plies: 1,
      result: '1-0',
      fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    });
    expect(lines[2]).toMatchObject({ error: { code: 'illegal-move', line: 7, column: 13 } });
  });

  test('an unreadable file is exit 2, after the others are read', async () => {
    expect(await run(['missing.pgn', 'a.pgn'], '', { 'a.pgn': GAMES })).toEqual({
      status: 2,
      out: '2 games, 0 broken\n',
      err: "chess-formats: cannot read missing.pgn: ENOENT: no such file, open 'missing.pgn'\n",
    });
  });

  test('--encoding: Latin-1 names read as written; text that is not standard is counted as warned', async () => {
    // "Réti" in Latin-1 (0xE9), and a draw written 1/2.
    const bytes = Uint8Array.from([...'[White "R\xe9ti"]\n\n1. e4 e5 1/2\n'].map((c) => c.charCodeAt(0)));
    const runBytes = async (args: readonly string[]) => {
      const { io, captured } = memoryIo('');
      const status = await main(['pgn', ...args], {
        ...io,
        stdin: async function* () {
          yield bytes.subarray(0, 10);
          yield bytes.subarray(10);
        },
      });
      return { status, ...captured };
    };
    const plain = await runBytes([]);
    expect([plain.status, plain.out]).toEqual([0, '1 game, 0 broken, 1 with warnings\n']);
    const latin = await runBytes(['--encoding', 'latin1', '--json']);
    const [line] = latin.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(line?.['tags']).toEqual({ White: 'Réti' });
    expect(line?.['result']).toBe('1/2-1/2');
    expect((line?.['warnings'] as { code: string }[]).map((w) => w.code)).toEqual(['short-draw']);
    const utf8 = await runBytes(['--json']);
    const [first] = utf8.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { warnings: { code: string }[] });
    expect(first?.warnings.map((w) => w.code)).toContain('invalid-utf8');
    expect((await run(['--encoding', 'ebcdic'])).status).toBe(2);
  });

  test('usage errors and help', async () => {
    expect((await run(['--tag'])).status).toBe(2);
    expect((await run(['--help'])).out).toContain('Usage: chess-formats pgn');
  });

  test('a stream of thousands of games is read chunk by chunk, each game counted as it ends', async () => {
    const game = '[Event "Blitz"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n';
    const { io, captured } = memoryIo('');
    let served = 0;
    const count = 4000;
    const source = {
      async *[Symbol.asyncIterator]() {
        for (let i = 0; i < count; i++) {
          served++;
          yield game;
        }
      },
    };
    expect(await main(['pgn', 'big.pgn'], { ...io, readFile: () => source })).toBe(0);
    expect(served).toBe(count);
    expect(captured.out).toBe(`${count} games, 0 broken\n`);
  });
});

function ficsCapture(): string {
  const steps = parseRecordedSession(sampleSession('fics-guest-best-game.ics')).connections[0] ?? [];
  const decoder = new TextDecoder();
  return steps.map((step) => (step.kind === 'send' ? decoder.decode(step.bytes) : '')).join('');
}

describe('chess-formats style12 --pgn', () => {
  test('writes the games of a FICS capture as PGN, which our reader and chessops replay to the last board', async () => {
    const capture = ficsCapture();
    const fens = memoryIo(capture);
    await main(['style12', '-'], fens.io);
    const lastBoard = legalEp(fens.captured.out.trim().split('\n').at(-1));
    const { io, captured } = memoryIo(capture);
    expect(await main(['style12', '--pgn'], io)).toBe(0);
    expect(captured.out).toContain('[Event "FICS');
    expect(captured.out).toContain('[Result "1-0"]');
    expect(captured.out).toContain('[Termination "time forfeit"]');
    expect(captured.out).toContain('[SetUp "1"]');
    expect(captured.out).toContain('{ Rookwise forfeits on time } 1-0');
    expect(ourFens(captured.out)).toEqual([lastBoard]);
    expect(chessopsFens(captured.out)).toEqual([lastBoard]);
  });

  test('--pgn with --json is a usage error', async () => {
    const { io, captured } = memoryIo('');
    expect(await main(['style12', '--pgn', '--json'], io)).toBe(2);
    expect(captured.err).toContain('--pgn and --json cannot go together');
  });
});

describe('chess-formats connect --pgn', () => {
  test('appends the observed game to the file when it ends', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'chess-formats-pgn-')), 'games.pgn');
    const result = await runAgainstSession(sampleSession('fics-guest-best-game.ics'), {
      args: ['--quiet', '--pgn', file],
    });
    expect(result.status).toBe(0);
    const first = readFileSync(file, 'utf8');
    expect(first).toContain('[White "Melanchthon"]');
    expect(first).toContain('{ Rookwise forfeits on time } 1-0');
    expect(first).toMatch(/\[Date "\d{4}\.\d\d\.\d\d"\]/);
    expect(ourFens(first)).toEqual(chessopsFens(first));
    await runAgainstSession(sampleSession('fics-guest-best-game.ics'), { args: ['--quiet', '--pgn', file] });
    expect(parsePgn(readFileSync(file, 'utf8'))).toHaveLength(2);
  });

  test('a file that cannot be written is exit 1, with why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chess-formats-pgn-'));
    const result = await runAgainstSession(sampleSession('fics-guest-best-game.ics'), {
      args: ['--quiet', '--pgn', dir],
    });
    expect(result.status).toBe(1);
    expect(result.err).toContain(`cannot write ${dir}`);
  });

  test('--pgn needs a file', async () => {
    const { io, captured } = memoryIo('');
    expect(await main(['connect', '--pgn'], io)).toBe(2);
    expect(captured.err).toContain('--pgn needs a file name');
  });
});
