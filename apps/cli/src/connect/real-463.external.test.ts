/**
 * `connect --pgn` on a real mid-game join: PyChess's recorded FICS session of game 463
 * (schachbjm against Maras, rated standard 45 45), which PyChess's observer joined at move 37
 * (`real/raw/pychess__ficsobserve.py` of the shared test data). The stand-in FICS on loopback
 * answers with the recording's own lines, read at run time and never copied: the start notice,
 * the `observe 463` reply (its header gives the ratings, 2243 and 2158E, E marking Maras's
 * rating as estimated) and the `moves 463` listing (36 moves). The PGN must hold the whole
 * game from its first move: 72 plies. Not 74: the two boards the recording sends after the
 * listing were written by hand for PyChess's own test, which only counts them, and the first
 * says `R/b2-g2` on a board where the rook of c1 stands on g1, so no move leads to it (the
 * client's own test, packages/client, shows it then restarts the game from that board). So the
 * stand-in sends neither; the recording has no end of the game either, so the test ends it
 * with an adjournment notice of its own (`*`, as the game's end is not known). Skips with a
 * line saying why without the shared data.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, test } from 'vitest';
import { createFicsStandIn } from '@chess-formats/client';
import { mainline, parsePgn } from '@chess-formats/pgn';
import { ficsReport, runAgainstStandIn } from './harness.js';
import { game463, RECORDING_463 as RECORDING } from '../../../../packages/client/src/testing/recording-463.js';

/** Ours, not the recording's: the game adjourned, its result unknown. */
const ADJOURNED = '{Game 463 (schachbjm vs. Maras) Game adjourned by mutual agreement} *';

describe.skipIf(RECORDING === undefined)('connect --pgn, a real FICS game joined at move 37 (game 463)', () => {
  test('the PGN holds all 72 plies from the start, the ratings of the observe header, rated standard; timeseal throughout', async () => {
    const recorded = game463(RECORDING as string);
    // The facts the test relies on, checked against the recording before the command runs.
    expect(recorded.start).toBeDefined();
    expect(recorded.observe).toHaveLength(4);
    expect(recorded.observe[1]).toContain('(2158E)');
    expect(recorded.moves.at(-1)).toMatch(/^\{Still in progress\}/);
    const standIn = createFicsStandIn({
      games: { 463: { observe: recorded.observe, moves: recorded.moves } },
      // A timeseal ping before every reply: each must be answered.
      pingEachReply: true,
      onCommand: (command, served) => {
        // The game's start notice came before PyChess observed it, as it comes to anyone on the server.
        if (command === 'observe 463') served.send(`${recorded.start ?? ''}\n\rfics% `);
        // Once the listing has gone out, the game ends.
        if (command === 'moves 463') setTimeout(() => served.send(`\n\r${ADJOURNED}\n\rfics% `), 20);
        return undefined;
      },
    });
    const file = join(mkdtempSync(join(tmpdir(), 'chess-formats-463-')), 'game.pgn');
    const result = await runAgainstStandIn(standIn, { args: ['--quiet', '--pgn', file], game: '463' });
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
    expect(result.out.endsWith('game 463 is over: * (Game adjourned by mutual agreement)\n')).toBe(true);

    const games = parsePgn(readFileSync(file, 'utf8'));
    expect(games).toHaveLength(1);
    const read = games[0];
    if (read === undefined || !read.ok) throw new Error(`the PGN does not read: ${JSON.stringify(read)}`);
    const { tags } = read.value;
    expect(tags.get('White')).toBe('schachbjm');
    expect(tags.get('Black')).toBe('Maras');
    // 2158E on the server: the E (estimated) is the server's mark; the PGN carries the number.
    expect(tags.get('WhiteElo')).toBe('2243');
    expect(tags.get('BlackElo')).toBe('2158');
    expect(tags.get('Event')).toBe('FICS rated standard game');
    expect(tags.get('TimeControl')).toBe('2700+45');
    expect(tags.get('Result')).toBe('*');
    // The whole game from the first move: no set-up position, 72 plies, 1.e4 first and 36...Rb8 last.
    expect(tags.has('SetUp')).toBe(false);
    expect(tags.has('FEN')).toBe(false);
    const plies = [...mainline(read.value)].map((step) => step.node.san);
    expect(plies).toHaveLength(72);
    expect(plies[0]).toBe('e4');
    expect(plies.at(-1)).toBe('Rb8');

    // Timeseal by default: the stand-in decoded every line the command sent as timeseal, and every ping was answered.
    const report = ficsReport(standIn.sessions);
    expect(report.timeseal).toEqual([2]);
    expect(report.problems).toEqual([]);
    expect(report.received[0]).toEqual(expect.arrayContaining(['observe 463', 'moves 463', 'quit']));
    expect(report.pings[0]?.sent).toBeGreaterThan(0);
    expect(report.pings[0]?.answered).toBe(report.pings[0]?.sent);
  });
});

describe.skipIf(RECORDING !== undefined)('connect --pgn, a real FICS game joined at move 37', () => {
  it.skip('skipped: the shared test data (real/raw/pychess__ficsobserve.py) is not beside the repository', () => {});
});
