import { play, writeSan, type TrackedGame } from '@chess-formats/board-core';
import { createFicsClient, webSocketTransport, type FicsClient } from '../index.js';

/**
 * The page of the FICS client's browser test: the client over the browser's own WebSocket
 * logs in to the stand-in as a guest, observes a game joined in the middle, and reports the
 * game it keeps, from the page, for the test to check.
 */

export interface ObservedGame {
  readonly name: string | undefined;
  readonly white: string | undefined;
  readonly black: string | undefined;
  /** The game's moves from its start, in SAN. */
  readonly san: string[];
  /** Style 12 boards the client's reader gave, all connections together. */
  readonly boards: number;
  readonly errors: string[];
}

let client: FicsClient | undefined;
let boards = 0;
const errors: string[] = [];

function sanOf(game: TrackedGame | undefined): string[] {
  if (game === undefined) return [];
  let setup = game.initial;
  return game.moves.map(({ move }) => {
    const san = writeSan(setup, move);
    setup = play(setup, move);
    return san;
  });
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting in the page');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function report(gameNumber: number): ObservedGame {
  const game = client?.game(gameNumber);
  return {
    name: client?.user(),
    white: game?.white.name,
    black: game?.black.name,
    san: sanOf(game),
    boards,
    errors,
  };
}

/** Connects, logs in, observes `gameNumber` and waits until the game holds `plies` moves. */
async function observe(url: string, gameNumber: number, plies: number): Promise<ObservedGame> {
  client = createFicsClient({
    transport: webSocketTransport(url, { timeoutMs: 5000 }),
    retries: 0,
    onEvent: (event) => {
      if (event.kind === 'fics' && event.event.kind === 'board') boards++;
      if (event.kind === 'fics' && event.event.kind === 'error') errors.push(event.event.error.message);
    },
  });
  const observed = await client.observe(gameNumber);
  if (!observed.ok) throw new Error(`observe failed: ${observed.error.message}`);
  await until(() => (client?.game(gameNumber)?.moves.length ?? 0) >= plies, 5000);
  return report(gameNumber);
}

/** Waits until the observed game holds `plies` moves (the stand-in played more). */
async function waitFor(gameNumber: number, plies: number): Promise<ObservedGame> {
  await until(() => (client?.game(gameNumber)?.moves.length ?? 0) >= plies, 5000);
  return report(gameNumber);
}

/** Logs out (`quit`) and resolves with why the client stopped. */
async function stop(): Promise<string> {
  client?.close();
  return (await client?.stopped)?.kind ?? 'none';
}

Object.assign(globalThis, { observePage: { observe, waitFor, stop } });
