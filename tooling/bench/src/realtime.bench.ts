import { advance, boardAt, legalMoves, movesAt, simulateRealtime, type Setup } from '@chess-formats/board-core';
import { loadText, measureAlternating, overItems, report } from './harness.js';

const TICK_MS = 10;
const GAME_MS = 60_000;

/**
 * The positions of a seeded 60-second realtime game at every 10 ms tick (6,000), as a server
 * would hold them: two random players start moves at random times (a look every 500 ms on
 * average, a move at half of them: about one move a second each), and no draw rule cuts the
 * game short.
 */
function gameTicks(): Setup[] {
  const looks: Setup[] = [];
  simulateRealtime({
    seed: 28,
    stepMs: 500,
    moveChance: 0.5,
    untilMs: GAME_MS,
    drawAfterMs: GAME_MS * 10,
    onStep: (step) => looks.push(step.after),
  });
  // Each tick's position: the last look's setup carried forward to the tick.
  const ticks: Setup[] = [];
  let k = 0;
  for (let t = TICK_MS; t <= GAME_MS && k < looks.length; t += TICK_MS) {
    while (k + 1 < looks.length && (looks[k + 1]?.realtime?.clockMs ?? 0) <= t) k++;
    const look = looks[k] as Setup;
    if ((look.realtime?.clockMs ?? 0) > t) continue;
    ticks.push(advance(look, t).setup);
  }
  return ticks;
}

/**
 * A server's work per tick of a realtime game, `advance` to the next tick and `movesAt` for
 * both sides, against plain `legalMoves` (chess, the side to move) on the same positions
 * without their clocks: the cost of time against the cost of the rules alone.
 */
export function runRealtime(): void {
  const ticks = gameTicks();
  const plain = ticks.map((setup): Setup => {
    const { realtime: _clock, ...rest } = setup;
    return { ...rest, board: boardAt(setup) };
  });
  let moves = 0;
  for (const setup of ticks) moves += movesAt(setup).length;
  console.log(
    `\nrealtime: one seeded ${GAME_MS / 1000}-second game at ${TICK_MS} ms ticks, ${ticks.length} positions, ${(moves / ticks.length).toFixed(1)} moves a position (both sides); load ${loadText()}`,
  );
  const rows = measureAlternating(
    [
      { name: 'board-core legalMoves (chess, no clock)', fn: overItems(plain, (setup) => legalMoves(setup)) },
      {
        name: 'board-core advance + movesAt',
        fn: overItems(ticks, (setup) => movesAt(advance(setup, (setup.realtime?.clockMs ?? 0) + TICK_MS).setup)),
      },
      { name: 'board-core movesAt', fn: overItems(ticks, (setup) => movesAt(setup)) },
      {
        name: 'board-core advance',
        fn: overItems(ticks, (setup) => advance(setup, (setup.realtime?.clockMs ?? 0) + TICK_MS)),
      },
    ],
    9,
    200,
    'cpu',
  );
  report('a 60-second game, every tick (games/s; ratio to legalMoves)', 'game', rows);
}
