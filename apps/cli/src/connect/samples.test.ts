import { describe, expect, test } from 'vitest';
import { runAgainstSession, sampleSession } from './harness.js';
import type { PositionJson } from './render.js';

// The positions the recorded sessions carry, as chessops writes them after playing the same
// moves (a peer's FEN; en passant squares aside, where the policies differ, they must agree).
const CHESSOPS = {
  najdorfAfterA6: 'rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6',
  najdorfAfterG4: 'r2q1rk1/1p1nbppp/p2pbn2/4p3/4P1P1/1NN1BP2/PPPQ3P/2KR1B1R b - - 0 11',
  qgdAfterBg5: 'rnbqkb1r/ppp2ppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR b KQkq - 3 4',
  qgdAfterBe7: 'rnbqk2r/ppp1bppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR w KQkq - 4 5',
  qgdAfterE3: 'rnbqk2r/ppp1bppp/4pn2/3p2B1/2PP4/2N1P3/PP3PPP/R2QKBNR b KQkq - 0 5',
  qgdAfterNf3: 'rnbq1rk1/ppp1bppp/4pn2/3p2B1/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 2 6',
  qgdAfterH6: 'rnbq1rk1/ppp1bpp1/4pn1p/3p2B1/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 7',
  qgdAfterBh4: 'rnbq1rk1/ppp1bpp1/4pn1p/3p4/2PP3B/2N1PN2/PP3PPP/R2QKB1R b KQ - 1 7',
  qgdAfterB6: 'rnbq1rk1/p1p1bpp1/1p2pn1p/3p4/2PP3B/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8',
  caroAfterNbc6: 'r2qkb1r/pp2nppp/2n1p3/3pPb2/2PN4/4B3/PP2BPPP/RN1QK2R w KQkq - 1 9',
  caroAfterBxc4: 'r2qkb1r/1p2nppp/p1n1p3/4Pb2/Q1BN4/2N1B3/PP3PPP/R3K2R b KQkq - 0 11',
  alekhine: [
    'rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2',
    'rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2',
    'rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3',
    'rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3',
    'rnbqkb1r/pp2pppp/3p1n2/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4',
    'rnbqkb1r/pp2pppp/3p1n2/8/3P4/8/PPP2PPP/RNBQKBNR b KQkq - 0 4',
    'rnbqkb1r/pp2pp1p/3p1np1/8/3P4/8/PPP2PPP/RNBQKBNR w KQkq - 0 5',
    'rnbqkb1r/pp2pp1p/3p1np1/8/3P4/5N2/PPP2PPP/RNBQKB1R b KQkq - 1 5',
    'rnbqk2r/pp2ppbp/3p1np1/8/3P4/5N2/PPP2PPP/RNBQKB1R w KQkq - 2 6',
  ],
};

/** A FEN without its en passant field. */
const withoutEp = (fen: string) =>
  fen
    .split(' ')
    .filter((_, i) => i !== 3)
    .join(' ');

function jsonLines(
  out: string,
): (PositionJson | { kind: 'game-over'; game: number; result: string; reason?: string })[] {
  return out
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as PositionJson);
}

describe('connect replays of recorded sessions (fake server on loopback)', () => {
  test.each([
    ['EPIPE', 0, ''],
    ['ENOSPC', 2, 'chess-formats: cannot write standard output: ENOSPC: write failed\n'],
  ])('output that fails with %s ends the command (status %i), without reconnecting', async (code, status, message) => {
    const result = await runAgainstSession(sampleSession('fics-guest-best-game.ics'), {
      args: ['--quiet'],
      outputError: code,
    });
    expect(result.status).toBe(status);
    expect(result.err).toBe(message);
    expect(result.waits).toEqual([]);
  });

  test('FICS, a guest, the best game, --json: every position with both clocks, the fallen flag, the result', async () => {
    const result = await runAgainstSession(sampleSession('fics-guest-best-game.ics'), { args: ['--json'] });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(0);
    expect(result.err).toBe(
      'chess-formats: logged in to 127.0.0.1 (FICS) as GuestRXKM\n' +
        'chess-formats: observing the best game: 87 Melanchthon (2412) vs Rookwise (2389)\n',
    );
    const lines = jsonLines(result.out);
    // The position on observing, 11 moves, the flag line resent with Black's clock below zero, the end.
    expect(lines).toHaveLength(14);
    expect(lines[0]).toEqual({
      kind: 'position',
      server: 'fics',
      game: 87,
      white: 'Melanchthon',
      black: 'Rookwise',
      fen: CHESSOPS.najdorfAfterA6,
      turn: 'white',
      whiteClockMs: 174_830,
      blackClockMs: 170_489,
      lastMove: 'a6',
    });
    const flag = lines[12] as PositionJson;
    expect(withoutEp(flag.fen)).toBe(withoutEp(CHESSOPS.najdorfAfterG4));
    expect([flag.whiteClockMs, flag.blackClockMs, flag.lastMove]).toEqual([156_685, -317, 'g4']);
    expect(lines[13]).toEqual({
      kind: 'game-over',
      server: 'fics',
      game: 87,
      result: '1-0',
      reason: 'Rookwise forfeits on time',
    });
    expect(result.report?.received[0]?.slice(0, 2)).toEqual(['guest', '']);
    expect(result.report?.received[0]?.slice(-3)).toEqual(['games', 'observe 87', 'quit']);
    // Timeseal by default on FICS: the hello first, every line sealed (the server decoded them all), every ping answered.
    expect(result.report?.timeseal).toEqual(['TIMESEAL2|chess-formats|js|']);
    expect(result.report?.pings).toEqual([{ sent: 3, answered: 3 }]);
  });

  test('--seeks: every change of the seek and offer books as a JSON line, until --count lines', async () => {
    const result = await runAgainstSession(sampleSession('fics-guest-seeks.ics'), {
      args: ['--seeks', '--count', '7'],
    });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(0);
    const lines = result.out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      lines.map((line) => [line['kind'], line['index'] ?? ((line['seek'] ?? line['offer']) as unknown)]),
    ).toMatchObject([
      ['seek', { index: 12, name: 'Nightjar' }],
      ['seek', { index: 31, name: 'Tallowman', rated: true }],
      ['seek', { index: 40, name: 'GuestBBDF' }],
      ['seek-removed', 12],
      ['offer', { index: 7, direction: 'from', name: 'Quixote', type: 'match' }],
      ['offer-removed', 7],
      ['seek-removed', 31],
    ]);
    // seekinfo last, so the server sends the whole list; nothing observed; the pings answered under timeseal.
    expect(result.report?.received[0]?.slice(-4)).toEqual([
      'iset seekremove 1',
      'iset pendinfo 1',
      'iset seekinfo 1',
      'quit',
    ]);
    expect(result.report?.pings).toEqual([{ sent: 3, answered: 3 }]);
  });

  test("--seeks after a reconnection: books-cleared, then the new connection's list", async () => {
    const sample = sampleSession('fics-guest-seeks.ics');
    const login = sample.slice(0, sample.indexOf('> iset seekinfo 1\n') + '> iset seekinfo 1\n'.length);
    const seek = (index: number) =>
      `< <s> ${String(index)} w=Nightjar ti=00 rt=1588  t=5 i=0 r=u tp=blitz c=? rr=0-9999 a=t f=f\n`;
    const session = `${login}${seek(12)}drop\n===\n${login}${seek(31)}<| fics% \n> quit\nclose\n`;
    const result = await runAgainstSession(session, { args: ['--seeks', '--count', '2'] });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(0);
    expect(result.waits).toEqual([1000]);
    expect(
      result.out
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { kind: string }).kind),
    ).toEqual(['seek', 'books-cleared', 'seek']);
  });

  test('--seeks on ICC: exit 1, it says the listing is for FICS', async () => {
    const result = await runAgainstSession(sampleSession('icc-guest-best-game.ics'), { args: ['--seeks', '--quiet'] });
    expect(result.status).toBe(1);
    expect(result.err).toBe('chess-formats: --seeks lists the seeks of FICS only\n');
  });

  test('--no-timeseal: the same session in plain lines, no hello, so no pings; the same output', async () => {
    const sealed = await runAgainstSession(sampleSession('fics-guest-best-game.ics'), { args: ['--json'] });
    const plain = await runAgainstSession(sampleSession('fics-guest-best-game.ics'), {
      args: ['--json', '--no-timeseal'],
    });
    expect(plain.report?.problems).toEqual([]);
    expect(plain.status).toBe(0);
    expect(plain.report?.timeseal).toEqual([undefined]);
    expect(plain.report?.pings).toEqual([{ sent: 0, answered: 0 }]);
    expect(plain.report?.received).toEqual(sealed.report?.received);
    expect(plain.out).toBe(sealed.out);
  });

  test('FICS, a registered player, a named game, garbage, a dropped connection: reconnects and goes on', async () => {
    const result = await runAgainstSession(sampleSession('fics-user-drop.ics'), {
      args: ['--user', 'Wanderkind'],
      game: '117',
      env: { CHESS_FORMATS_PASSWORD: 'correct horse battery' },
    });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(0);
    expect(result.waits).toEqual([1000]);
    const fens = result.out.split('\n').filter((line) => /^[rnbqkpRNBQKP1-8/]+ [wb] /.test(line));
    expect(fens.map(withoutEp)).toEqual(
      [
        CHESSOPS.qgdAfterBg5,
        CHESSOPS.qgdAfterBe7,
        CHESSOPS.qgdAfterE3,
        CHESSOPS.qgdAfterNf3,
        CHESSOPS.qgdAfterH6,
        CHESSOPS.qgdAfterBh4,
        CHESSOPS.qgdAfterB6,
      ].map(withoutEp),
    );
    expect(result.out).toContain(
      'game 117: Ostrogoth vs Pendragon, last move Bg5, black to move, white 14:58.6, black 15:00.0\n8 r n b q k b . r\n',
    );
    expect(result.out.endsWith('game 117 is over: 1/2-1/2 (Game drawn by mutual agreement)\n')).toBe(true);
    // The garbage is reported (the unreadable board line), not printed as a position, and the session goes on.
    expect(result.err).toMatch(/skipped unreadable server output \(/);
    expect(result.err).toContain('the connection was closed; reconnecting in 1 s (attempt 1 of 5)');
    const [first, second] = result.report?.received ?? [];
    expect(first?.slice(0, 2)).toEqual(['Wanderkind', 'correct horse battery']);
    expect(first?.at(-1)).toBe('observe 117');
    expect(second?.slice(-2)).toEqual(['observe 117', 'quit']);
  });

  test('ICC, a guest, the best game, --json: level 1 and level 2 on the login line, positions from the datagrams', async () => {
    const result = await runAgainstSession(sampleSession('icc-guest-best-game.ics'), { args: ['--json'] });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(0);
    // ICC has no timeseal: plain lines, whatever --no-timeseal says.
    expect(result.report?.timeseal).toEqual([undefined]);
    expect(result.err).toBe(
      'chess-formats: logged in to 127.0.0.1 (ICC) as guest2213\n' +
        'chess-formats: observing the best game: 42 Vasilisk (2288) vs Tarrasque (2301)\n',
    );
    const lines = jsonLines(result.out);
    // The position after the 16 past moves (not each of them), 5 live moves, the result.
    expect(lines).toHaveLength(7);
    expect(lines[0]).toEqual({
      kind: 'position',
      server: 'icc',
      game: 42,
      white: 'Vasilisk',
      black: 'Tarrasque',
      fen: CHESSOPS.caroAfterNbc6,
      turn: 'white',
      whiteClockMs: 167_215,
      blackClockMs: 164_333,
      lastMove: 'Nbc6',
    });
    expect(lines[5]).toMatchObject({
      fen: CHESSOPS.caroAfterBxc4,
      whiteClockMs: 157_690,
      blackClockMs: 154_825,
      lastMove: 'Bxc4',
    });
    expect(lines[6]).toEqual({
      kind: 'game-over',
      server: 'icc',
      game: 42,
      result: '1-0',
      reason: 'Tarrasque resigns',
    });
    expect(result.report?.received[0]?.slice(0, 3)).toEqual([
      'level1=1',
      'level2settings=100000000000000011110011100000000110000000010000000000001000000000000100000000000000000000000000000001',
      'guest',
    ]);
  });

  test('ICC, a registered player, a named game, garbage, a dropped connection: reconnects, en passant, a draw', async () => {
    const result = await runAgainstSession(sampleSession('icc-user-drop.ics'), {
      args: ['--json', '--user', 'Greyhame', '--password-env', 'ICC_PASSWORD'],
      game: '305',
      env: { ICC_PASSWORD: 'mellon' },
    });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(0);
    expect(result.waits).toEqual([1000]);
    const lines = jsonLines(result.out);
    const positions = lines.filter((line): line is PositionJson => line.kind === 'position');
    // First connection: after 1...Nf6, 2.e5, 2...d5, 3.exd6 e.p.; second: after 3...cxd6, then 4 moves.
    expect(positions.map((p) => withoutEp(p.fen))).toEqual(CHESSOPS.alekhine.map(withoutEp));
    expect(positions[3]).toMatchObject({ lastMove: 'exd6', whiteClockMs: 301_187, blackClockMs: 301_796 });
    expect(lines.at(-1)).toEqual({
      kind: 'game-over',
      server: 'icc',
      game: 305,
      result: '1/2-1/2',
      reason: 'Game drawn by mutual agreement',
    });
    expect(result.err).toMatch(/skipped unreadable server output/);
    expect(result.err).toMatch(/server discarded output \(control-Z/);
    const [first, second] = result.report?.received ?? [];
    expect(first?.slice(2, 4)).toEqual(['Greyhame', 'mellon']);
    expect(second?.slice(-2)).toEqual(['observe 305', 'quit']);
  });

  test('after a reconnection the game is gone: the refusal ends the command (exit 1)', async () => {
    const text = sampleSession('fics-user-drop.ics');
    const second = text.lastIndexOf('> observe 117');
    const changed = `${text.slice(0, second)}> observe 117\n< There is no such game.\n> quit\nclose\n`;
    const result = await runAgainstSession(changed, {
      args: ['--user', 'Wanderkind', '--quiet'],
      game: '117',
      env: { CHESS_FORMATS_PASSWORD: 'correct horse battery' },
    });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(1);
    expect(result.waits).toEqual([1000]);
    expect(result.err.split('\n').at(-2)).toBe('chess-formats: cannot observe 117: There is no such game.');
  });

  test('a position resent unchanged (a refresh) is printed once', async () => {
    const text = sampleSession('fics-guest-best-game.ics');
    const first = text.split('\n').find((line) => line.startsWith('< <12>')) ?? '';
    const result = await runAgainstSession(text.replace(first, `${first}\n${first}`), { args: ['--json', '--quiet'] });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(0);
    expect(jsonLines(result.out)).toHaveLength(14);
  });

  test('--count stops after that many positions, quitting the server', async () => {
    const text = sampleSession('fics-guest-best-game.ics').replace(
      '<| fics% \n<\n< <12>',
      '<| fics% \n> quit\nclose\n<\n< <12>',
    );
    const result = await runAgainstSession(text, { args: ['--json', '--count', '1', '--quiet'] });
    expect(result.report?.problems).toEqual([]);
    expect(result.status).toBe(0);
    expect(result.err).toBe('');
    expect(jsonLines(result.out)).toHaveLength(1);
  });
});
