import { parsePgn } from '@chess-formats/pgn';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { main } from './main.js';
import type { ProgressTerminal } from './progress.js';
import { memoryIo } from './test-io.js';

/** Five games of our own, each with something one filter looks at. */
const GAMES = [
  '[Event "Olympiad 2024"]\n[White "Carlsen, Magnus"]\n[Black "Nakamura, Hikaru"]\n[Result "1-0"]\n[ECO "B90"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 1-0\n',
  '[Event "Club match"]\n[White "Anna"]\n[Black "Carlsen, Magnus"]\n[Result "0-1"]\n[ECO "A04"]\n\n1. Nf3 { [%clk 0:03:00] quiet } d5 (1... Nf6 { also }) 2. g3 $1 0-1\n',
  '[Event "Olympiad 2022"]\n[White "Ding"]\n[Black "Anna"]\n[Result "1/2-1/2"]\n[ECO "E60"]\n\n1. d4 Nf6 2. c4 g6 1/2-1/2\n',
  '[Event "Blitz"]\n[White "Bob"]\n[Black "Cyd"]\n[Variant "Chess960"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]\n[SetUp "1"]\n\n1. e4 e5 *\n',
  '[Event "Blitz"]\n[White "Eve"]\n[Black "Bob"]\n[ECO "C20"]\n\n1. e4 e5 2. Ke3 *\n',
].join('\n');

const WHITES = ['Carlsen, Magnus', 'Anna', 'Ding', 'Bob'];

async function run(args: readonly string[], files: Readonly<Record<string, string>> = { 'g.pgn': GAMES }) {
  const { io, captured } = memoryIo('', files);
  const status = await main(['pgn', ...args, ...Object.keys(files)], io);
  return { status, ...captured };
}

/** The White players of the games a filter selects, from `--output pgn` read back. */
async function whites(...args: string[]): Promise<string[]> {
  const { out } = await run([...args, '--output', 'pgn']);
  return parsePgn(out).map((game) => (game.ok ? (game.value.tags.get('White') ?? '?') : game.error.code));
}

describe('chess-formats pgn filters', () => {
  test('without a filter every game that reads is written; the broken one is reported', async () => {
    const { status, err } = await run(['--output', 'pgn']);
    expect(await whites()).toEqual(WHITES);
    expect(status).toBe(1);
    expect(err).toBe('g.pgn:39:13: game 5: error[illegal-move] 2. "Ke3" is not a legal move here\n');
  });

  test('--tag: the tag is the value exactly; two values of one tag are alternatives, two tags must both hold', async () => {
    expect(await whites('--tag', 'White=Carlsen, Magnus')).toEqual(['Carlsen, Magnus']);
    expect(await whites('--tag', 'White=Carlsen')).toEqual([]);
    expect(await whites('--tag', 'White=Anna', '--tag', 'White=Ding')).toEqual(['Anna', 'Ding']);
    expect(await whites('--tag', 'White=Anna', '--tag', 'Black=Anna')).toEqual([]);
    expect(await whites('--tag', 'Black=Anna', '--tag', 'Result=1/2-1/2')).toEqual(['Ding']);
  });

  test('--tag-match: a pattern with flags, an alternative to --tag of the same name', async () => {
    expect(await whites('--tag-match', 'Event~/olympiad/i')).toEqual(['Carlsen, Magnus', 'Ding']);
    expect(await whites('--tag-match', 'Event~/olympiad/')).toEqual([]);
    expect(await whites('--tag-match', 'Event~/2022$/', '--tag', 'Event=Club match')).toEqual(['Anna', 'Ding']);
    expect(await whites('--tag-match', 'Annotator~/./')).toEqual([]);
  });

  test('--player: White or Black starts with the name', async () => {
    expect(await whites('--player', 'Carlsen')).toEqual(['Carlsen, Magnus', 'Anna']);
    expect(await whites('--player', 'Anna')).toEqual(['Anna', 'Ding']);
    expect(await whites('--player', 'Magnus')).toEqual([]);
    expect(await whites('--player', 'Ding', '--player', 'Bob')).toEqual(['Ding', 'Bob']);
  });

  test('--eco: a code or a range, inclusive; a game without ECO is not in any', async () => {
    expect(await whites('--eco', 'A00-B99')).toEqual(['Carlsen, Magnus', 'Anna']);
    expect(await whites('--eco', 'e60')).toEqual(['Ding']);
    expect(await whites('--eco', 'B91-E59')).toEqual([]);
  });

  test('--result and --variant', async () => {
    expect(await whites('--result', '1-0')).toEqual(['Carlsen, Magnus']);
    expect(await whites('--result', '1-0', '--result', '0-1')).toEqual(['Carlsen, Magnus', 'Anna']);
    expect(await whites('--result', '*')).toEqual(['Bob']);
    expect(await whites('--variant', 'chess960')).toEqual(['Bob']);
    expect(await whites('--variant', 'standard', '--result', '*')).toEqual([]);
  });

  test('--min-plies and --max-plies count the main line', async () => {
    expect(await whites('--min-plies', '10')).toEqual(['Carlsen, Magnus']);
    expect(await whites('--max-plies', '3')).toEqual(['Anna', 'Bob']);
    expect(await whites('--min-plies', '4', '--max-plies', '4')).toEqual(['Ding']);
  });

  test('--fen-placement: any position of the main line, the first included, by its board alone', async () => {
    // After 1. e4 e5, in either move order of the standard games; not a variation's position.
    expect(await whites('--fen-placement', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR')).toEqual([]);
    expect(await whites('--fen-placement', 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2')).toEqual([
      'Carlsen, Magnus',
    ]);
    expect(await whites('--fen-placement', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR')).toEqual([
      'Carlsen, Magnus',
      'Anna',
      'Ding',
    ]);
    expect(await whites('--fen-placement', 'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R')).toEqual([]);
    expect(await whites('--fen-placement', 'bbqnnrkr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/BBQNNRKR')).toEqual(['Bob']);
  });

  test('--fen-placement on a crazyhouse board: pockets and promotion marks aside', async () => {
    const game = '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 *\n';
    const after = 'rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR';
    expect((await run(['--fen-placement', after], { 'z.pgn': game })).out).toBe('1 game, 0 broken, 1 selected\n');
    expect((await run(['--fen-placement', `${after}[Pp] w KQkq - 0 3`], { 'z.pgn': game })).out).toBe(
      '1 game, 0 broken, 1 selected\n',
    );
    const promoted = '[Variant "Crazyhouse"]\n[FEN "8/4P3/8/8/8/8/8/k1K5[] w - - 0 1"]\n\n1. e8=Q *\n';
    expect((await run(['--fen-placement', '4Q3/8/8/8/8/8/8/k1K5'], { 'p.pgn': promoted })).out).toBe(
      '1 game, 0 broken, 1 selected\n',
    );
  });

  test('with a filter and no output, the count says how many were selected', async () => {
    expect(await run(['--player', 'Carlsen'])).toMatchObject({ status: 0, out: '5 games, 0 broken, 2 selected\n' });
    expect(await run(['--player', 'Carlsen', '--min-plies', '1'])).toMatchObject({
      status: 1,
      out: '5 games, 1 broken, 2 selected\n',
    });
  });

  test.each([
    [['--tag', 'White'], "--tag takes NAME=VALUE (a tag name of letters, digits and _), got 'White'"],
    [
      ['--tag-match', 'Event~Olympiad'],
      "--tag-match takes NAME~/PATTERN/FLAGS (Event~/Olympiad/i), got 'Event~Olympiad'",
    ],
    [['--tag-match', 'Event~/(/'], '--tag-match: Invalid regular expression: /(/: Unterminated group'],
    [['--eco', 'B99-A00'], "--eco takes a code or a range of codes (B90, A00-B99), got 'B99-A00'"],
    [['--eco', 'F00'], "--eco takes a code or a range of codes (B90, A00-B99), got 'F00'"],
    [['--min-plies', '-1'], "--min-plies takes a number of plies (half-moves), got '-1'"],
    [['--result', '1-1'], "--result: unknown value '1-1' (expected 1-0, 0-1, 1/2-1/2, *); did you mean 1-0?"],
    [['--fen-placement', 'start'], expect.stringContaining('--fen-placement takes the board field of a FEN')],
    [['--no-comments'], '--no-comments only change the games of --output pgn'],
    [['--output', 'pgn', '--json'], '--output pgn prints whole games: not with --tags, --json or --fens'],
  ])('usage error: %j', async (args, message) => {
    const { status, err } = await run(args);
    expect(status).toBe(2);
    expect(err.split('\n')[0]).toEqual(typeof message === 'string' ? `chess-formats: ${message}` : message);
  });
});

describe('chess-formats pgn output', () => {
  const ANNOTATED =
    '[Event "A"]\n\n{ start } 1. e4 { [%clk 0:05:00] [%emt 0:00:02] best } e5 (1... c5 { Sicilian } 2. Nf3) 2. Nf3 $1 *\n';

  test('--output pgn writes the export format, whole', async () => {
    const { out, status } = await run(['--output', 'pgn'], { 'a.pgn': ANNOTATED });
    expect(status).toBe(0);
    expect(out).toBe(
      '[Event "A"]\n\n{ start } 1. e4 { [%clk 0:05:00] [%emt 0:00:02] } { best } 1... e5 (1... c5\n{ Sicilian } 2. Nf3) 2. Nf3 $1 *\n\n',
    );
  });

  test.each([
    [['--no-comments'], '1. e4 { [%clk 0:05:00] [%emt 0:00:02] } 1... e5 (1... c5 2. Nf3) 2. Nf3 $1 *'],
    [['--no-variations'], '{ start } 1. e4 { [%clk 0:05:00] [%emt 0:00:02] } { best } 1... e5 2. Nf3 $1 *'],
    [['--no-clocks'], '{ start } 1. e4 { best } 1... e5 (1... c5 { Sicilian } 2. Nf3) 2. Nf3 $1 *'],
    [['--no-comments', '--no-variations', '--no-clocks'], '1. e4 e5 2. Nf3 $1 *'],
  ])('%j leaves them out', async (flags, movetext) => {
    const { out } = await run(['--output', 'pgn', ...flags], { 'a.pgn': ANNOTATED });
    expect(out).toBe(`[Event "A"]\n\n${movetext}\n\n`);
  });

  test('--output tags and --tags are the same; --output json and --json too', async () => {
    expect((await run(['--output', 'tags', '--result', '0-1'])).out).toBe(
      (await run(['--tags', '--result', '0-1'])).out,
    );
    expect((await run(['--output', 'json'])).out).toBe((await run(['--json'])).out);
  });

  test('--json of the selected games, and the broken one as a value', async () => {
    const { out } = await run(['--json', '--eco', 'C00-C99']);
    expect(
      out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      {
        file: 'g.pgn',
        game: 5,
        ok: false,
        error: expect.objectContaining({ code: 'illegal-move', line: 39, column: 13 }),
      },
    ]);
    const [ding, broken] = (await run(['--json', '--player', 'Ding'])).out.trim().split('\n');
    expect(JSON.parse(broken ?? '')).toMatchObject({ game: 5, ok: false });
    expect(JSON.parse(ding ?? '')).toEqual({
      file: 'g.pgn',
      game: 3,
      ok: true,
      tags: { Event: 'Olympiad 2022', White: 'Ding', Black: 'Anna', Result: '1/2-1/2', ECO: 'E60' },
      plies: 4,
      result: '1/2-1/2',
      fen: 'rnbqkb1r/pppppp1p/5np1/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3',
    });
  });

  test('--tags --json: tags and result alone, read without replaying the moves', async () => {
    const { out, status } = await run(['--tags', '--json', '--player', 'Eve']);
    expect(JSON.parse(out)).toEqual({
      file: 'g.pgn',
      game: 5,
      ok: true,
      tags: { Event: 'Blitz', White: 'Eve', Black: 'Bob', ECO: 'C20' },
      result: '*',
    });
    // The illegal 2. Ke3 is not seen: the moves were not read.
    expect(status).toBe(0);
  });

  test('--tags and tag filters take the tags-only path; a move filter replays', async () => {
    expect(await run(['--tags'])).toMatchObject({ status: 0, err: '' });
    expect(await run(['--player', 'Eve'])).toMatchObject({ status: 0, out: '5 games, 0 broken, 1 selected\n' });
    expect(await run(['--player', 'Eve', '--max-plies', '10'])).toMatchObject({
      status: 1,
      out: '5 games, 1 broken, 0 selected\n',
    });
    // Without a filter the count still checks every move.
    expect(await run([])).toMatchObject({ status: 1, out: '5 games, 1 broken\n' });
  });
});

describe('chess-formats pgn input', () => {
  /** An io whose one file is these bytes, in chunks of `size`. */
  function bytesIo(bytes: Uint8Array, size: number) {
    const { io, captured } = memoryIo('');
    const readFile = (): AsyncIterable<Uint8Array> => ({
      async *[Symbol.asyncIterator]() {
        for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
      },
    });
    return { io: { ...io, readFile }, captured };
  }

  test('a gzip file is read by its magic bytes, whatever its name, split anywhere', async () => {
    for (const size of [1, 3, 1 << 16]) {
      const { io, captured } = bytesIo(gzipSync(GAMES), size);
      expect(await main(['pgn', '--player', 'Carlsen', 'games.txt'], io)).toBe(0);
      expect(captured).toEqual({ out: '5 games, 0 broken, 2 selected\n', err: '' });
    }
  });

  test('two gzip members one after the other (cat a.gz b.gz) are one stream', async () => {
    const both = Buffer.concat([gzipSync(GAMES), gzipSync(GAMES)]);
    const { io, captured } = bytesIo(both, 100);
    await main(['pgn', '--tags', 'g.pgn.gz'], io);
    expect(captured.out.match(/\[Event /g)).toHaveLength(10);
  });

  test('a damaged gzip file is unreadable, exit 2, after the games before the damage', async () => {
    const bytes = gzipSync(GAMES.repeat(50));
    const { io, captured } = bytesIo(bytes.subarray(0, bytes.length - 100), 512);
    expect(await main(['pgn', '--tags', 'cut.pgn.gz'], io)).toBe(2);
    expect(captured.err.split('\n')[0]).toBe('chess-formats: cannot read cut.pgn.gz: unexpected end of file');
    expect(captured.out).toContain('[Event "Olympiad 2024"]');
  });

  test('zstd: read where Node has it, else a message that says what to do', async () => {
    const zlib = (await import('node:zlib')) as { zstdCompressSync?: (data: string) => Uint8Array };
    const frame = zlib.zstdCompressSync?.(GAMES) ?? Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0x04, 0x58, 0x00, 0x00, 0x00);
    const { io, captured } = bytesIo(frame, 2);
    const status = await main(['pgn', 'g.pgn.zst'], io);
    if (zlib.zstdCompressSync === undefined) {
      expect(status).toBe(2);
      expect(captured.err).toMatch(
        /^chess-formats: cannot read g\.pgn\.zst: it is compressed with zstd, which Node v[\d.]+ cannot read \(zlib reads zstd from Node 22\.15\); decompress it first/,
      );
    } else expect(captured).toEqual({ out: '5 games, 1 broken\n', err: expect.any(String) });
  });

  test('plain bytes and text pass as they are', async () => {
    const { io, captured } = bytesIo(new TextEncoder().encode(GAMES), 2);
    await main(['pgn', 'g.pgn'], io);
    expect(captured.out).toBe('5 games, 1 broken\n');
  });
});

describe('chess-formats pgn progress', () => {
  test('drawn in games on a terminal, at most ten times a second, erased before output and at the end', async () => {
    const { io, captured } = memoryIo('', { 'g.pgn': GAMES.repeat(40) });
    const clock = { ms: 0 };
    const written: { at: number; text: string }[] = [];
    const terminal: ProgressTerminal = {
      isTTY: true,
      columns: 80,
      write: (text) => void written.push({ at: clock.ms, text }),
      now: () => (clock.ms += 3),
    };
    await main(['pgn', '--tags', 'g.pgn'], { ...io, progress: terminal, sizeOf: () => Promise.resolve(undefined) });
    const draws = written.filter((w) => w.text !== '\r\u001b[K');
    expect(draws.length).toBeGreaterThan(5);
    expect(draws[0]?.text).toMatch(/^\r[\d.]+ MiB read, [\d,]+ games\u001b\[K$/);
    expect(draws.slice(1).filter((draw, i) => draw.at - (draws[i]?.at ?? 0) < 100)).toEqual([]);
    expect(written.at(-1)?.text).toBe('\r\u001b[K');
    expect(captured.err).toBe('');
  });
});
