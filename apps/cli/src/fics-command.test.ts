import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSan as readSan, play, standardSetup, unwrap } from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import { style12FromSetup, writeStyle12 } from '@chess-formats/style12';
import { finalSetup, mainline, parsePgn } from '@chess-formats/pgn';
import { makeFen } from 'chessops/fen';
import { parsePgn as parseOpsPgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { describe, expect, test } from 'vitest';
import { parseRecordedSession } from './connect/recorded-session.js';
import type { CommandIo } from './fen-command.js';
import { createCaptureCleaner, FICS_HELP, runFicsCommand } from './fics-command.js';
import { main } from './main.js';
import { memoryIo } from './test-io.js';

/**
 * A FICS capture: what the stand-in server of the connect tests writes in its recorded session
 * of a guest observing game 87 from the middle until Black's flag falls (the session is written
 * by hand, shaped like freechess.org's output; its line ends are LF CR).
 */
function serverSide(name: string): Uint8Array {
  const text = readFileSync(join(import.meta.dirname, '..', 'samples', 'sessions', name), 'utf8');
  const [steps = []] = parseRecordedSession(text, name).connections;
  const sent = steps.flatMap((step) => (step.kind === 'send' ? [...step.bytes] : []));
  return Uint8Array.from(sent);
}

const capture = serverSide('fics-guest-best-game.ics');
const captureText = new TextDecoder().decode(capture);

/** A CommandIo over byte chunks of `size` bytes (standard input), as a socket or a file gives them. */
function bytesIo(data: Uint8Array, size: number, files: Readonly<Record<string, Uint8Array>> = {}) {
  const captured = { out: '', err: '' };
  async function* chunks(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  const io: CommandIo = {
    stdin: () => chunks(data),
    readFile: (path) => chunks(files[path] ?? new Uint8Array()),
    out: (text) => {
      captured.out += text;
    },
    err: (text) => {
      captured.err += text;
    },
  };
  return { io, captured };
}

function lines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const kinds = (text: string): unknown[] => lines(text).map((event) => event['kind']);

/** A FEN without its en passant square: chessops writes the square after every double step, we only where a capture can take it. */
const noEp = (fen: unknown): string =>
  String(fen)
    .split(' ')
    .map((field, i) => (i === 3 ? '-' : field))
    .join(' ');

/** The final position of each game of a PGN text as chessops plays its moves (en passant square left out). */
function opsFens(pgn: string): string[] {
  return parseOpsPgn(pgn).map((game) => {
    const position = startingPosition(game.headers).unwrap();
    for (const node of game.moves.mainline()) {
      const move = parseSan(position, node.san);
      if (move === undefined) throw new Error(node.san);
      position.play(move);
    }
    return noEp(makeFen(position.toSetup()));
  });
}

describe('chess-formats fics decode', () => {
  test('prints one JSON line per event of the reader: the games table, the observation, every board, the end', async () => {
    const { io, captured } = bytesIo(capture, 64);
    expect(await main(['fics', 'decode'], io)).toBe(0);
    expect(captured.err).toBe('');
    const events = lines(captured.out);
    const count = (kind: string): number => events.filter((e) => e['kind'] === kind).length;
    // The sample's footer, `8 games displayed (of 162).`, is not a shape the reader types: it stays text.
    expect([count('games-row'), count('board'), count('game-end')]).toEqual([8, 13, 1]);
    expect(kinds(captured.out).filter((k) => k !== 'text' && k !== 'games-row' && k !== 'board')).toEqual([
      'ivar',
      'ivar',
      'observe-start',
      'observe-header',
      'game-end',
      'observe-removed',
    ]);
    const board = events.find((e) => e['kind'] === 'board');
    expect(board?.['fen']).toBe('rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6');
    expect(board?.['record']).toMatchObject({ gameNumber: 87, whiteName: 'Melanchthon', whiteRemainingMs: 174830 });
    expect(events.find((e) => e['kind'] === 'game-end')?.['end']).toMatchObject({ gameNumber: 87, result: '1-0' });
  });

  test('the same events however the input is split, as text or bytes, in one file or several', async () => {
    const whole = bytesIo(capture, capture.length);
    await runFicsCommand([], whole.io);
    for (const size of [1, 7, 500]) {
      const split = bytesIo(capture, size);
      expect(await runFicsCommand(['-'], split.io)).toBe(0);
      expect(split.captured.out).toBe(whole.captured.out);
    }
    const text = memoryIo(captureText);
    await runFicsCommand([], text.io);
    expect(text.captured.out).toBe(whole.captured.out);
    const half = Math.floor(capture.length / 2);
    const files = bytesIo(new Uint8Array(), 9, { a: capture.subarray(0, half), b: capture.subarray(half) });
    expect(await runFicsCommand(['a', 'b'], files.io)).toBe(0);
    expect(files.captured.out).toBe(whole.captured.out);
  });

  test('--games: each game as a JSON line with its PGN, which our reader and chessops replay to its last position', async () => {
    const { io, captured } = bytesIo(capture, 100);
    expect(await main(['fics', 'decode', '--games'], io)).toBe(0);
    const games = lines(captured.out);
    expect(games).toHaveLength(1);
    const [game] = games;
    expect(game).toMatchObject({
      game: 87,
      white: { name: 'Melanchthon', rating: 2412 },
      black: { name: 'Rookwise', rating: 2389 },
      result: '1-0',
      reason: 'Rookwise forfeits on time',
      initialFen: 'rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6',
    });
    // The observation began at move 6: the PGN starts from that position, with its FEN.
    expect(game?.['moves']).toEqual(['Be3', 'e5', 'Nb3', 'Be6', 'f3', 'Be7', 'Qd2', 'O-O', 'O-O-O', 'Nbd7', 'g4']);
    const pgn = String(game?.['pgn']);
    for (const tag of ['[White "Melanchthon"]', '[WhiteElo "2412"]', '[Result "1-0"]', '[SetUp "1"]', 'rated blitz'])
      expect(pgn).toContain(tag);
    const read = parsePgn(pgn);
    expect(read.map((r) => (r.ok ? writeFen(finalSetup(r.value)) : r.error.message))).toEqual([game?.['fen']]);
    expect(opsFens(pgn)).toEqual([noEp(game?.['fen'])]);
  });

  test('--pgn prints the same PGN as --games carries; the two together are a usage error', async () => {
    const json = bytesIo(capture, 100);
    await runFicsCommand(['--games'], json.io);
    const pgn = bytesIo(capture, 100);
    expect(await runFicsCommand(['--pgn'], pgn.io)).toBe(0);
    expect(pgn.captured.out).toBe(`${String(lines(json.captured.out)[0]?.['pgn'])}\n`);
    const both = memoryIo('');
    expect(await main(['fics', 'decode', '--pgn', '--games'], both.io)).toBe(2);
    expect(both.captured.err).toContain('--games and --pgn cannot go together');
  });

  test('a game joined part way and its moves listing: --pgn prints the whole game, from its first move', async () => {
    // Observed from the position after 1. e4 e5 2. Nf3, then the client's `moves 12`, then 2... Nc6.
    const board = (sans: readonly string[], verbose: string): string => {
      let setup = standardSetup();
      for (const san of sans) setup = play(setup, unwrap(readSan(setup, san)));
      return writeStyle12(
        style12FromSetup(setup, {
          gameNumber: 12,
          whiteName: 'Alice',
          blackName: 'Bob',
          initialTimeMinutes: 3,
          verboseMove: verbose,
          sanMove: sans.at(-1) ?? 'none',
        }),
      );
    };
    const listing = [
      'Movelist for game 12:',
      '',
      'Alice (1803) vs. Bob (1755) --- Fri Nov 27, 03:00 UTC 2026',
      'Rated blitz match, initial time: 3 minutes, increment: 0 seconds.',
      '',
      'Move  Alice                   Bob',
      '----  ---------------------   ---------------------',
      '  1.  e4      (0:00.000)     e5      (0:00.000)',
      '  2.  Nf3     (0:01.200)',
      '      {Still in progress} *',
      '',
    ];
    const text = [
      'You are now observing game 12.',
      board(['e4', 'e5', 'Nf3'], 'N/g1-f3'),
      ...listing,
      board(['e4', 'e5', 'Nf3', 'Nc6'], 'N/b8-c6'),
      '',
    ].join('\n\r');
    const pgn = memoryIo(text);
    expect(await runFicsCommand(['--pgn'], pgn.io)).toBe(0);
    const [game] = parsePgn(pgn.captured.out);
    expect(game?.ok && game.value.root.children[0]?.san).toBe('e4');
    expect(game?.ok && [...mainline(game.value)].map((step) => step.node.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    expect(game?.ok && [game.value.tags.get('WhiteElo'), game.value.tags.get('Event')]).toEqual([
      '1803',
      'FICS rated blitz game',
    ]);
    expect(pgn.captured.out).not.toContain('[FEN');
    // Without the listing the game starts where it was joined.
    const joined = memoryIo(text.replace(listing.join('\n\r'), ''));
    expect(await runFicsCommand(['--pgn'], joined.io)).toBe(0);
    expect(joined.captured.out).toContain('[FEN');
  });

  test('a capture that stops in the middle of a game: the game still comes out, without a result, PGN result *', async () => {
    const cut = captureText.slice(0, captureText.indexOf('{Game 87 (Melanchthon vs. Rookwise) Rookwise forfeits'));
    const json = memoryIo(cut);
    expect(await runFicsCommand(['--games'], json.io)).toBe(0);
    const [game] = lines(json.captured.out);
    expect(game?.['game']).toBe(87);
    expect(game?.['result']).toBeUndefined();
    expect(game?.['pgn']).toContain('[Result "*"]');
    expect((game?.['moves'] as unknown[]).length).toBe(11);
  });

  test('telnet option bytes and timeseal pings (both versions, split anywhere) are taken out before reading', async () => {
    const IAC = 0xff;
    const plain = bytesIo(capture, 50);
    await runFicsCommand([], plain.io);
    // IAC WILL ECHO after the first line, IAC IAC (a 0xff byte) nowhere; [G] + NUL and a [G] line between lines.
    const at = captureText.indexOf('\n\r') + 2;
    const ping2 = new TextEncoder().encode('[G]\0');
    const ping1 = new TextEncoder().encode('[G]\n\r');
    const noisy = Uint8Array.from([
      ...capture.subarray(0, at),
      IAC,
      0xfb,
      0x01,
      ...ping2,
      ...capture.subarray(at, capture.length - 20),
      ...ping1,
      IAC,
      0xfa,
      0x18,
      0x00,
      IAC,
      0xf0,
      ...capture.subarray(capture.length - 20),
    ]);
    for (const size of [1, 3, 64]) {
      const dirty = bytesIo(noisy, size);
      expect(await runFicsCommand([], dirty.io)).toBe(0);
      expect(dirty.captured.out).toBe(plain.captured.out);
    }
  });

  test('the cleaner keeps an escaped 0xff byte, and text given as strings is left to the reader', () => {
    const cleaner = createCaptureCleaner();
    expect([...(cleaner.push(Uint8Array.of(0x41, 0xff, 0xff, 0x42)) as Uint8Array)]).toEqual([0x41, 0xff, 0x42]);
    expect(createCaptureCleaner().push('a[G]\0b\u00ff')).toBe('ab\u00ff');
  });

  test('error events: a machine line or a board line that does not read; exit status 1', async () => {
    const { io, captured } = memoryIo('<s> 7 w=\n\r<12> x\n\rfics% \n\r');
    expect(await runFicsCommand([], io)).toBe(1);
    expect(lines(captured.out).map((e) => (e['kind'] === 'error' ? (e['error'] as { code: string }).code : e['kind'])))
      .toMatchInlineSnapshot(`
        [
          "missing-field",
          "board",
        ]
      `);
    const pgn = memoryIo('<s> 7 w=\n\r');
    expect(await runFicsCommand(['--pgn'], pgn.io)).toBe(1);
    expect(pgn.captured.out).toBe('');
    expect(pgn.captured.err).toContain('"kind":"error"');
  });

  test('a tracker error: a board that does not follow from the one before; with --games, exit status 1', async () => {
    const START =
      '<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 5 A B 0 3 0 39 39 180000 180000 1 none (0:00.000) none 0 0 0';
    const JUMP =
      '<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR B -1 1 1 1 1 0 5 A B 0 3 0 39 39 180000 180000 1 P/e2-e5 (0:00.000) e5 0 0 0';
    const { io, captured } = memoryIo(`${START}\n\r${JUMP}\n\r`);
    expect(await runFicsCommand(['--games'], io)).toBe(1);
    expect(kinds(captured.out)).toEqual(['tracker-error', undefined]);
  });

  test('files, an unreadable file, usage errors and help; the group fics', async () => {
    const missing = memoryIo('');
    expect(await runFicsCommand(['nope.log'], missing.io)).toBe(2);
    expect(missing.captured.err).toContain('cannot read nope.log');
    const bad = memoryIo('');
    expect(await runFicsCommand(['--game'], bad.io)).toBe(2);
    expect(bad.captured.err).toContain('did you mean --games?');
    const help = memoryIo('');
    expect(await main(['help', 'fics'], help.io)).toBe(0);
    expect(help.captured.out).toBe(FICS_HELP);
    const group = memoryIo('');
    expect(await main(['fics', 'decod'], group.io)).toBe(2);
    expect(group.captured.err).toContain("unknown fics command 'decod'; did you mean decode?");
  });
});

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const REAL = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real'))
  .find((dir) => existsSync(join(dir, 'ficsplay.bin')));
if (REAL === undefined) console.log('fics decode on real captures skipped: no shared/real beside the repository');

describe.skipIf(REAL === undefined)('chess-formats fics decode on real FICS captures (shared test data)', () => {
  const read = (name: string): Uint8Array => Uint8Array.from(readFileSync(join(REAL ?? '', name)));

  test('a played session (block mode, offers, two games to mate): every event reads, the games replay in chessops', async () => {
    const data = read('ficsplay.bin');
    const events = bytesIo(data, 256);
    expect(await runFicsCommand([], events.io)).toBe(0);
    const found = new Set(kinds(events.captured.out));
    for (const kind of [
      'challenge',
      'offer',
      'offer-remove',
      'creating',
      'game-start',
      'board',
      'game-end',
      'unit-start',
    ])
      expect(found).toContain(kind);
    const games = bytesIo(data, 256);
    expect(await runFicsCommand(['--games'], games.io)).toBe(0);
    const played = lines(games.captured.out);
    expect(played.map((g) => [g['game'], g['result'], g['reason']])).toEqual([
      [107, '0-1', 'gbtami checkmated'],
      [107, '0-1', 'gbtami checkmated'],
    ]);
    expect(opsFens(played.map((g) => String(g['pgn'])).join('\n'))).toEqual(played.map((g) => noEp(g['fen'])));
  });

  test('a real games reply: one games-row per row of the table, and the footer', async () => {
    const data = read('games582.txt');
    // Rows start with the game number; the footer with the count of games.
    const rows = new TextDecoder()
      .decode(data)
      .split('\n')
      .filter((line) => /^ *\d+ (?!games displayed)/.test(line));
    const { io, captured } = bytesIo(data, 4096);
    expect(await runFicsCommand([], io)).toBe(0);
    const events = lines(captured.out);
    expect(events.filter((e) => e['kind'] === 'games-row')).toHaveLength(rows.length);
    expect(events.find((e) => e['kind'] === 'games-footer')?.['footer']).toEqual({ count: 582 });
  });
});
