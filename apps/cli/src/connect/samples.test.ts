import { describe, expect, test } from 'vitest';
import { createIccStandIn } from '@chess-formats/client';
import { encodeDatagram } from '@chess-formats/icc-dg';
import { runAgainstSession, runAgainstStandIn, sampleSession, type HarnessOptions } from './harness.js';
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

/** Runs `actions[n]` once the nth position (from 1) has been printed: the server plays on as the command reads. */
function afterPositions(actions: Record<number, () => void>): NonNullable<HarnessOptions['onOutput']> {
  let positions = 0;
  return (text) => {
    for (const line of text.split('\n')) {
      if (!line.startsWith('{"kind":"position"')) continue;
      positions++;
      const action = actions[positions];
      if (action !== undefined) setTimeout(action, 5);
    }
  };
}

/** ICC's DG_GAME_RESULT (16) as the server writes it, outside any unit. */
const gameResult = (game: number, code: string, score: string, why: string, eco: string) =>
  `\x19(16 ${String(game)} 0 ${code} ${score} {${why}} ${eco}\x19)`;

describe('connect replays of recorded sessions (a stand-in server on loopback)', () => {
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
    const result = await runAgainstSession(sampleSession('fics-guest-best-game.ics'), {
      args: ['--json'],
      guestName: 'GuestRXKM',
    });
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
    // The interface variables, then the handle and return at the offered name (the client's login).
    expect(result.report?.received[0]?.slice(1, 3)).toEqual(['guest', '']);
    expect(result.report?.received[0]?.[0]).toMatch(/^%b[01]+$/);
    // Joined mid-game, the client asks for the moves so far (the script has none: the game then starts where it was joined).
    expect(result.report?.received[0]?.slice(-4)).toEqual(['games', 'observe 87', 'moves 87', 'quit']);
    // Timeseal by default on FICS: the hello first, every line sealed (the server decoded them all), every ping answered.
    expect(result.report?.timeseal).toEqual([2]);
    expect(result.report?.pings).toEqual([{ sent: 2, answered: 2 }]);
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
    // The login line asks for seeks, their removals and the offers; seekinfo is set again after the
    // login (the server then sends the whole list); nothing is observed.
    expect(result.report?.received[0]?.[0]).toMatch(/^%b[01]+$/);
    expect(result.report?.received[0]).toContain('iset seekinfo 1');
    expect(result.report?.received[0]?.some((line) => line.startsWith('observe'))).toBe(false);
    expect(result.report?.received[0]?.at(-1)).toBe('quit');
    // The pings the script sends after the login's commands, each answered.
    expect(result.report?.pings).toEqual([{ sent: 2, answered: 2 }]);
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

  test('--seeks on ICC: the ICC client keeps the books, each change is a JSON line', async () => {
    const standIn = createIccStandIn();
    const seek = (index: number) =>
      encodeDatagram({
        name: 'DG_SEEK',
        fields: {
          index,
          name: 'Corvid',
          titles: [],
          rating: 2100,
          provisionalStatus: 2,
          wild: 0,
          ratingType: 'Blitz',
          time: 3,
          inc: 0,
          rated: true,
          color: -1,
          minRating: 0,
          maxRating: 9999,
          autoAccept: true,
          formula: false,
          fancyTimeControl: '',
        },
      });
    // Once the client has turned the seek datagrams on, the server sends its list and a removal.
    let sent = false;
    const timer = setInterval(() => {
      const session = standIn.sessions[0];
      if (sent || session?.datagrams.has(50) !== true) return;
      sent = true;
      session.send(
        `${seek(7)}${seek(9)}${encodeDatagram({ name: 'DG_SEEK_REMOVED', fields: { index: 7, reasonCode: 3 } })}`,
      );
    }, 5);
    const result = await runAgainstStandIn(standIn, { args: ['--seeks', '--quiet', '--count', '3'] });
    clearInterval(timer);
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
    const lines = result.out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toMatchObject([
      { kind: 'seek', seek: { index: 7, name: 'Corvid', rating: 2100 } },
      { kind: 'seek', seek: { index: 9 } },
      { kind: 'seek-removed', index: 7, why: 'removed' },
    ]);
    expect(standIn.sessions[0]?.received.some((line) => line.startsWith('observe'))).toBe(false);
  });

  test('--no-timeseal: the same session in plain lines, no hello, so no pings; the same output', async () => {
    const sealed = await runAgainstSession(sampleSession('fics-guest-best-game.ics'), { args: ['--json'] });
    const plain = await runAgainstSession(sampleSession('fics-guest-best-game.ics'), {
      args: ['--json', '--no-timeseal'],
    });
    expect(plain.report?.problems).toEqual([]);
    expect(plain.status).toBe(0);
    expect(plain.report?.timeseal).toEqual([0]);
    expect(plain.report?.pings).toEqual([{ sent: 0, answered: 0 }]);
    expect(plain.report?.received).toEqual(sealed.report?.received);
    expect(plain.out).toBe(sealed.out);
  });

  test('FICS, a registered player, a named game, garbage, a dropped connection: reconnects and goes on', async () => {
    const result = await runAgainstSession(sampleSession('fics-user-drop.ics'), {
      args: ['--user', 'Wanderkind'],
      game: '117',
      env: { CHESS_FORMATS_PASSWORD: 'correct horse battery' },
      users: { Wanderkind: 'correct horse battery' },
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
    expect(result.err).toContain('the server closed the connection; reconnecting in 1 s (attempt 1 of 5)');
    const [first, second] = result.report?.received ?? [];
    expect(first?.slice(1, 3)).toEqual(['Wanderkind', 'correct horse battery']);
    // Joined mid-game, the client asks for the moves so far after each observation.
    expect(first?.slice(-2)).toEqual(['observe 117', 'moves 117']);
    expect(second).toContain('observe 117');
    expect(second?.at(-1)).toBe('quit');
  });

  test('ICC, a guest, the best game, --json: level 1 units, positions from the datagrams once both clocks are known', async () => {
    // Game 42 after 8...Nbc6 of a Caro-Kann; the games list is the sample's.
    const sample = sampleSession('icc-guest-best-game.ics');
    const list = /> games\n<\| \\x19\[155 \*\\r\\n(.*)\\x19\]\n/.exec(sample)?.[1]?.replaceAll('\\r\\n', '\r\n') ?? '';
    const standIn = createIccStandIn({
      guestName: 'guest2213',
      games: {
        42: {
          white: { name: 'Vasilisk', rating: 2288 },
          black: { name: 'Tarrasque', rating: 2301 },
          ratingType: 'Blitz',
          moves: [
            'e4',
            'c6',
            'd4',
            'd5',
            'e5',
            'Bf5',
            'Nf3',
            'e6',
            'Be2',
            'c5',
            'Be3',
            'cxd4',
            'Nxd4',
            'Ne7',
            'c4',
            'Nbc6',
          ],
        },
      },
      onCommand: (command) => (command === 'games' ? list : undefined),
    });
    const live = ['Qa4', 'a6', 'Nc3', 'dxc4', 'Bxc4'];
    const result = await runAgainstStandIn(standIn, {
      args: ['--json'],
      onOutput: afterPositions({
        1: () => {
          for (const san of live) standIn.move(42, san);
        },
        6: () =>
          standIn.broadcast(gameResult(42, 'Res', '1-0', 'Tarrasque resigns', 'B12').replaceAll('\\x19', '\x19')),
      }),
    });
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
      whiteClockMs: 180_000,
      blackClockMs: 180_000,
      lastMove: 'Nbc6',
    });
    expect(lines[5]).toMatchObject({ fen: CHESSOPS.caroAfterBxc4, lastMove: 'Bxc4' });
    expect(lines[6]).toEqual({
      kind: 'game-over',
      server: 'icc',
      game: 42,
      result: '1-0',
      reason: 'Tarrasque resigns',
    });
    // ICC has no timeseal: plain lines; level 1 units with tags, asked for on the login line.
    const [session] = standIn.sessions;
    expect(session?.level1).toBe(5);
    expect(session?.received.slice(0, 3).map((line) => line.split('=')[0])).toEqual([
      'level1',
      'level2settings',
      'guest',
    ]);
  });

  test('ICC, a registered player, a named game, garbage, a dropped connection: reconnects, en passant, a draw', async () => {
    const standIn = createIccStandIn({
      users: { Greyhame: 'mellon' },
      games: {
        305: {
          white: { name: 'Bellerophon', rating: 2044 },
          black: { name: 'Quenya', rating: 1987 },
          moves: ['e4', 'Nf6'],
        },
      },
    });
    const result = await runAgainstStandIn(standIn, {
      args: ['--json', '--user', 'Greyhame', '--password-env', 'ICC_PASSWORD'],
      game: '305',
      env: { ICC_PASSWORD: 'mellon' },
      onOutput: afterPositions({
        1: () => {
          for (const san of ['e5', 'd5', 'exd6']) standIn.move(305, san);
        },
        4: () => {
          // Garbage, then control-Z (the server discarded output), then the connection drops; a move is played meanwhile.
          standIn.broadcast('\xff\xfe\x80garbage\x19q\x19\x1a\x00');
          setTimeout(() => {
            standIn.sessions[0]?.drop();
            standIn.move(305, 'cxd6');
          }, 20);
        },
        5: () => {
          for (const san of ['d4', 'g6', 'Nf3', 'Bg7']) standIn.move(305, san);
        },
        9: () =>
          standIn.broadcast(
            gameResult(305, 'Agr', '1/2-1/2', 'Game drawn by mutual agreement', 'B02').replaceAll('\\x19', '\x19'),
          ),
      }),
    });
    expect(result.status).toBe(0);
    expect(result.waits).toEqual([1000]);
    const lines = jsonLines(result.out);
    const positions = lines.filter((line): line is PositionJson => line.kind === 'position');
    // First connection: after 1...Nf6, 2.e5, 2...d5, 3.exd6 e.p.; second: after 3...cxd6, then 4 moves.
    expect(positions.map((p) => withoutEp(p.fen))).toEqual(CHESSOPS.alekhine.map(withoutEp));
    expect(positions[3]).toMatchObject({ lastMove: 'exd6' });
    expect(lines.at(-1)).toEqual({
      kind: 'game-over',
      server: 'icc',
      game: 305,
      result: '1/2-1/2',
      reason: 'Game drawn by mutual agreement',
    });
    expect(result.err).toMatch(/skipped unreadable server output/);
    expect(result.err).toMatch(/server discarded output \(control-Z/);
    const [first, second] = standIn.sessions;
    expect(first?.received.slice(2, 4)).toEqual(['Greyhame', '*']);
    expect(second?.received.some((line) => line.endsWith('observe 305'))).toBe(true);
  });

  test('after a reconnection the game is gone: the refusal ends the command (exit 1)', async () => {
    const text = sampleSession('fics-user-drop.ics');
    const second = text.lastIndexOf('> observe 117');
    const changed = `${text.slice(0, second)}> observe 117\n< There is no such game.\n> quit\nclose\n`;
    const result = await runAgainstSession(changed, {
      args: ['--user', 'Wanderkind', '--quiet'],
      game: '117',
      env: { CHESS_FORMATS_PASSWORD: 'correct horse battery' },
      users: { Wanderkind: 'correct horse battery' },
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
