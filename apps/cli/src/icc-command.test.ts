import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFen } from '@chess-formats/fen';
import { finalSetup, parsePgn } from '@chess-formats/pgn';
import { makeFen } from 'chessops/fen';
import { parsePgn as parseOpsPgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { describe, expect, test } from 'vitest';
import { parseSettings, runIccCommand } from './icc-command.js';
import { main } from './main.js';
import { memoryIo } from './test-io.js';

const sample = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '../../../packages/icc-dg/samples/session.icc'),
  'utf8',
);
const SETTINGS = 'DG_WHO_AM_I,15,16,18,20,24,26,28,29,30,31,33,34,36,39,43,50,51,56,101';
const Y = '\x19';

function lines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('chess-formats icc decode', () => {
  test('prints one JSON line per event of the sample session', async () => {
    const { io, captured } = memoryIo(sample);
    expect(await main(['icc', 'decode', '--settings', SETTINGS], io)).toBe(0);
    const events = lines(captured.out);
    expect(events[0]).toEqual({ kind: 'text', text: 'Welcome to the test chess server.\r\n' });
    expect(events.filter((e) => e['kind'] === 'datagram')).toHaveLength(64);
    expect(events.at(-1)).toEqual({ kind: 'unit-end', depth: 0 });
    expect(captured.err).toBe('');
  });

  test('--games prints each game as it ends, in SAN with its result', async () => {
    const { io, captured } = memoryIo(sample);
    expect(await main(['icc', 'decode', '--games', `--settings=${SETTINGS}`], io)).toBe(0);
    const games = lines(captured.out);
    const name = (player: unknown): unknown => (player as { name: string }).name;
    expect(games.map((g) => [g['game'], name(g['white']), name(g['black']), g['result'], g['reason']])).toEqual([
      [214, 'Lumen', 'Bramble', '0-1', 'White checkmated'],
      [117, 'Corvid', 'Tallis', '1-0', 'Black forfeits on time'],
    ]);
    expect(games[0]?.['moves']).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    expect(games[1]?.['fen']).toBe('rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6');
  });

  test('--games without the settings the session was captured with: tracker errors, exit status 1', async () => {
    const { io, captured } = memoryIo(sample);
    expect(await main(['icc', 'decode', '--games'], io)).toBe(1);
    const out = lines(captured.out);
    expect(out.filter((l) => l['kind'] === 'tracker-error').map((l) => (l['error'] as { code: string }).code)).toEqual([
      'no-move-text',
      'no-move-text',
    ]);
    expect(out.filter((l) => l['kind'] === undefined).map((g) => g['moves'])).toEqual([[], []]);
  });

  test('error events and tracker errors; exit status 1', async () => {
    const { io, captured } = memoryIo(`${Y}(41 x${Y})${Y}(24 9 e4${Y})`);
    expect(await runIccCommand(['--games', '--settings', 'DG_MOVE_ALGEBRAIC'], io)).toBe(1);
    expect(
      lines(captured.out).map((l) => (l['kind'] === 'error' ? (l['error'] as { code: string }).code : l['kind'])),
    ).toEqual(['field-type', 'tracker-error']);
  });

  test('files, an unreadable file, usage errors and help', async () => {
    const ok = memoryIo('', { 'a.icc': `${Y}(41 1${Y})` });
    expect(await runIccCommand(['a.icc'], ok.io)).toBe(0);
    expect(lines(ok.captured.out)).toHaveLength(1);
    const missing = memoryIo('');
    expect(await runIccCommand(['nope.icc'], missing.io)).toBe(2);
    expect(missing.captured.err).toContain('cannot read nope.icc');
    const bad = memoryIo('');
    expect(await runIccCommand(['--settings', 'DG_XYZZY'], bad.io)).toBe(2);
    expect(bad.captured.err).toContain("unknown datagram 'DG_XYZZY'\n");
    const near = memoryIo('');
    expect(await runIccCommand(['--settings', 'DG_MOVE_SMTH'], near.io)).toBe(2);
    expect(near.captured.err).toBe(
      "chess-formats: --settings: unknown datagram 'DG_MOVE_SMTH'; did you mean DG_MOVE_SMITH?\nRun 'chess-formats icc decode --help' for its options.\n",
    );
    expect(await runIccCommand(['--frob'], bad.io)).toBe(2);
    const help = memoryIo('');
    expect(await runIccCommand(['--help'], help.io)).toBe(0);
    expect(help.captured.out).toContain('Usage: chess-formats icc decode');
  });

  test('--settings takes names, numbers or the bits of a level2settings line', () => {
    expect(parseSettings('DG_SEND_MOVES,34')).toEqual([24, 34]);
    expect(parseSettings('10000000000000000000000011')).toEqual([0, 24, 25]);
  });
});

describe('chess-formats icc decode --pgn', () => {
  test('writes the games of a capture as PGN, which our reader and chessops both replay to the tracked final positions', async () => {
    const { io, captured } = memoryIo(sample);
    expect(await main(['icc', 'decode', '--pgn', `--settings=${SETTINGS}`], io)).toBe(0);
    expect(captured.err).toBe('');
    const tracked = lines((await decodeGames()).out).map((game) => game['fen']);
    expect(tracked).toHaveLength(2);
    const ours = parsePgn(captured.out).map((read) => {
      if (!read.ok) throw new Error(read.error.message);
      return writeFen(finalSetup(read.value));
    });
    expect(ours).toEqual(tracked);
    const theirs = parseOpsPgn(captured.out).map((game) => {
      const position = startingPosition(game.headers).unwrap();
      for (const node of game.moves.mainline()) {
        const move = parseSan(position, node.san);
        if (move === undefined) throw new Error(node.san);
        position.play(move);
      }
      return makeFen(position.toSetup());
    });
    expect(theirs).toEqual(tracked);
    expect(captured.out).toContain('[Event "ICC');
    expect(captured.out).toContain('[Result "0-1"]');
    expect(captured.out).toContain('[Termination "time forfeit"]');
    expect(captured.out).toMatch(/\{ \[%clk \d+:\d\d:\d\d(\.\d+)?\] \}/);
  });

  test('--pgn and --games together are a usage error', async () => {
    const { io, captured } = memoryIo('');
    expect(await main(['icc', 'decode', '--pgn', '--games'], io)).toBe(2);
    expect(captured.err).toContain('--games and --pgn cannot go together');
  });

  test('--pgn keeps standard output PGN: tracker errors go to standard error, exit status 1', async () => {
    const { io, captured } = memoryIo(sample);
    expect(await main(['icc', 'decode', '--pgn'], io)).toBe(1);
    expect(captured.err).toContain('"tracker-error"');
    expect(parsePgn(captured.out).every((read) => read.ok)).toBe(true);
  });
});

async function decodeGames(): Promise<{ out: string }> {
  const { io, captured } = memoryIo(sample);
  await main(['icc', 'decode', '--games', `--settings=${SETTINGS}`], io);
  return captured;
}
