import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { createIccDecoder, inferMoveSettings, type DatagramName } from '@chess-formats/icc-dg';
import { createIccClient, ICC_CLIENT_DATAGRAMS, type IccClientEvent } from './icc-client.js';
import { createIccStandIn } from './icc-stand-in.js';
import { listenIccStandIn, tcpTransport } from './node.js';

/**
 * A real ICC capture (2014) beside the repository, when it is there (see the shared data's
 * README): the stand-in replays its bytes to a logged-in client. Its facts, in our words: it
 * begins inside a session, then the server starts an observation of a game mid-way with
 * DG_STARTED_OBSERVING, a DG_POSITION_BEGIN announcing four moves, those four DG_SEND_MOVES
 * (Smith moves with the variation flag), both DG_MSEC clocks, and one more move after the unit.
 */
const CAPTURE = fileURLToPath(new URL('../../../../shared/real/icc-capture.bin', import.meta.url));
const present = existsSync(CAPTURE);

describe.skipIf(!present)('a real ICC capture (skipped: ../shared/real/icc-capture.bin is absent)', () => {
  test('the game joined mid-way has all its moves, its ratings and its time control', async () => {
    const capture = readFileSync(CAPTURE);
    // The capture's move DGs were sent for the settings of the client that recorded it: ask the same.
    const decoder = createIccDecoder();
    const raw = [...decoder.push(capture), ...decoder.end()].flatMap((e) =>
      e.kind === 'datagram' ? [{ id: e.datagram.id, args: e.datagram.args }] : [],
    );
    const inferred = inferMoveSettings(raw);
    expect(inferred).toBeDefined();
    const moveVariables = new Set<DatagramName>([
      'DG_MOVE_ALGEBRAIC',
      'DG_MOVE_SMITH',
      'DG_MOVE_TIME',
      'DG_MOVE_CLOCK',
      'DG_IS_VARIATION',
    ]);
    const datagrams = [
      ...ICC_CLIENT_DATAGRAMS.filter((name) => !moveVariables.has(name)),
      ...(inferred?.settings ?? []),
    ];

    const standIn = createIccStandIn();
    const server = await listenIccStandIn(standIn);
    const events: IccClientEvent[] = [];
    const client = createIccClient({
      transport: tcpTransport({ host: '127.0.0.1', port: server.port }),
      datagrams,
      onEvent: (e) => events.push(e),
    });
    for (let i = 0; i < 300 && client.user() === undefined; i++) await new Promise((r) => setTimeout(r, 10));
    standIn.broadcast(capture);
    const observed = () => events.find((e) => e.kind === 'game' && e.event.kind === 'game-started');
    for (let i = 0; i < 300 && (client.games()[0]?.moves.length ?? 0) < 5; i++)
      await new Promise((r) => setTimeout(r, 10));
    const started = observed();
    const gameNumber = started?.kind === 'game' ? started.event.game.gameNumber : -1;
    const game = client.game(gameNumber);
    expect(game?.moves).toHaveLength(5);
    expect(game?.relation).toBe('observing');
    expect(game?.rated).toBe(true);
    expect(game?.white.rating).toBeGreaterThan(0);
    expect(game?.black.rating).toBeGreaterThan(0);
    expect(game?.timeControl?.white).toEqual({ initialMs: 60_000, incrementMs: 0 });
    expect(client.facts(gameNumber)?.ratingType).toMatch(/minute/);
    // The moves of the game nobody announced are problems, not failures: the client goes on.
    expect(events.some((e) => e.kind === 'problem')).toBe(true);
    client.close();
    await client.stopped;
    await server.close();
  });
});
