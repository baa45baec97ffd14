/**
 * A real mid-game join: PyChess's recorded FICS session of game 463 (schachbjm against Maras,
 * rated standard 45 45), observed at move 37 (`real/raw/pychess__ficsobserve.py` of the shared
 * test data). The stand-in replays the recording's own lines, read at run time and never
 * copied: the start notice, the `observe` reply and the `moves 463` listing the recording holds
 * (36 moves). The client must keep all 72 plies from the start, with the ratings, rated, the
 * type and the clock. The two boards the recording sends next were written by hand for
 * PyChess's test, which only counts them: the first says `R/b2-g2` but its board has the rook
 * of c1 on g1, so a client that checks moves against boards cannot reach 74 plies from them;
 * the test shows the client then restarts the game from the server's board rather than glue
 * the history to a position it does not lead to. Skips with a line saying why without the data.
 */
import { describe, expect, it, test } from 'vitest';
import { standardSetup } from '@chess-formats/board-core';
import { createFicsClient } from './fics-client.js';
import { createFicsStandIn } from './fics-stand-in.js';
import { recordingTimers, until } from './testing/helpers.js';
import { game463, RECORDING_463 as RECORDING } from './testing/recording-463.js';

describe.skipIf(RECORDING === undefined)('a real FICS session: game 463 joined at move 37', () => {
  test('the tracked game holds all 72 plies from the start, with 2243, 2158, rated standard 45 45', async () => {
    const recorded = game463(RECORDING as string);
    // The facts the test relies on, checked against the recording before the client runs.
    expect(recorded.start).toBeDefined();
    expect(recorded.observe).toHaveLength(4);
    expect(recorded.later).toHaveLength(2);
    const standIn = createFicsStandIn({ games: { 463: { observe: recorded.observe, moves: recorded.moves } } });
    const client = createFicsClient({ transport: standIn.transport, timers: recordingTimers().timers });
    await until(() => client.user() !== undefined);
    standIn.broadcast(`${recorded.start ?? ''}\n\rfics% `);
    expect(await client.observe(463)).toMatchObject({ ok: true });
    await until(() => client.game(463)?.moves.length === 72);
    const game = client.game(463);
    expect(game?.initial.board.pieces).toEqual(standardSetup().board.pieces);
    expect(game?.initial.turn).toBe('white');
    expect(game?.white).toEqual({ name: 'schachbjm', rating: 2243 });
    expect(game?.black).toEqual({ name: 'Maras', rating: 2158 });
    expect(game?.rated).toBe(true);
    expect(game?.variant).toBe('standard');
    expect(game?.timeControl?.white).toEqual({ initialMs: 45 * 60_000, incrementMs: 45_000 });
    expect(standIn.sessions[0]?.problems).toEqual([]);
    // The recording's next boards: the first contradicts its own move, the second follows from it.
    standIn.broadcast(recorded.later.map((line) => `${line}\n\rfics% `).join(''));
    await until(() => client.game(463)?.moves.length === 1);
    expect(client.game(463)?.initial.fullmoves).toBe(37);
    expect(client.game(463)?.initial.turn).toBe('black');
    client.close();
    await client.stopped;
  });
});

describe.skipIf(RECORDING !== undefined)('a real FICS session', () => {
  it.skip('skipped: the shared test data (real/raw/pychess__ficsobserve.py) is not beside the repository', () => {});
});
