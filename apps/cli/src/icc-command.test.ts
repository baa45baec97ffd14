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

  test('--games with settings that lack the move fields the session was captured with: tracker errors, exit status 1', async () => {
    const { io, captured } = memoryIo(sample);
    // `--settings=` says no variable was on; nothing is inferred when settings are given.
    expect(await main(['icc', 'decode', '--games', '--settings='], io)).toBe(1);
    expect(captured.err).toBe('');
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
    expect(await main(['icc', 'decode', '--pgn', '--settings=DG_MOVE_SMITH'], io)).toBe(1);
    expect(captured.err).toContain('"tracker-error"');
    expect(parsePgn(captured.out).every((read) => read.ok)).toBe(true);
  });
});

describe('chess-formats icc decode without --settings', () => {
  const INFERRED =
    'chess-formats: no --settings: inferred DG_MOVE_ALGEBRAIC, DG_MOVE_SMITH, DG_MOVE_CLOCK from the move datagrams\n';

  test('infers the move fields from the move datagrams, says so, and reads the games as the right settings do', async () => {
    const inferred = memoryIo(sample);
    expect(await main(['icc', 'decode', '--games'], inferred.io)).toBe(0);
    expect(inferred.captured.err).toBe(INFERRED);
    expect(inferred.captured.out).toBe((await decodeGames()).out);
    expect(lines(inferred.captured.out).map((g) => (g['moves'] as unknown[]).length)).toEqual([4, 10]);
  });

  test('the events and the PGN too, however the input is split and however many files it comes in', async () => {
    const given = memoryIo(sample);
    await main(['icc', 'decode', `--settings=${SETTINGS}`], given.io);
    const half = Math.floor(sample.length / 2);
    const split = memoryIo('', { a: sample.slice(0, half), b: sample.slice(half) });
    expect(await main(['icc', 'decode', 'a', 'b'], split.io)).toBe(0);
    expect([split.captured.out, split.captured.err]).toEqual([given.captured.out, INFERRED]);
    const pgn = memoryIo(sample);
    expect(await main(['icc', 'decode', '--pgn'], pgn.io)).toBe(0);
    expect(parsePgn(pgn.captured.out).filter((read) => read.ok)).toHaveLength(2);
  });

  test('the other move fields: Smith and time and clock; a move list', async () => {
    const moves = [`${Y}(24 9 e2e4 3 177${Y})`, `${Y}(24 9 e7e5 2 178${Y})`, `${Y}(24 9 g1f3 1 176${Y})`].join('');
    const { io, captured } = memoryIo(moves);
    expect(await main(['icc', 'decode'], io)).toBe(0);
    expect(captured.err).toBe(
      'chess-formats: no --settings: inferred DG_MOVE_SMITH, DG_MOVE_TIME, DG_MOVE_CLOCK from the move datagrams\n',
    );
    expect(lines(captured.out)[0]?.['datagram']).toMatchObject({ fields: { smithMove: 'e2e4', time: 3, clock: 177 } });
    const list = memoryIo(`${Y}(25 9 * {e4 0} {e5 1}${Y})`);
    expect(await main(['icc', 'decode'], list.io)).toBe(0);
    expect(list.captured.err).toBe(
      'chess-formats: no --settings: inferred DG_MOVE_ALGEBRAIC, DG_MOVE_TIME from the move datagrams\n',
    );
  });

  test('no move datagram: nothing to infer, nothing said; moves of no known shape: says to give --settings', async () => {
    const none = memoryIo(`${Y}(0 Lumen {}${Y})`);
    expect(await main(['icc', 'decode'], none.io)).toBe(0);
    expect(none.captured.err).toBe('');
    const odd = memoryIo(`${Y}(24 9 ??${Y})`);
    await main(['icc', 'decode'], odd.io);
    expect(odd.captured.err).toBe(
      'chess-formats: no --settings, and the move datagrams do not tell their fields: give --settings\n',
    );
  });
});

async function decodeGames(): Promise<{ out: string }> {
  const { io, captured } = memoryIo(sample);
  await main(['icc', 'decode', '--games', `--settings=${SETTINGS}`], io);
  return captured;
}
