import type { Color } from './vocabulary.js';
import { startClock } from './realtime.js';
import {
  advance,
  movesAt,
  realtimeOutcome,
  startMove,
  type RealtimeEvent,
  type RealtimeMove,
  type RealtimeOptions,
} from './realtime-rules.js';
import { standardSetup, type Setup } from './setup.js';
import type { Outcome } from './status.js';
import { random } from './seeded-random.js';

/** Options of `simulateRealtime`: the game's rules, and how the two random players play. */
export interface SimulationOptions extends RealtimeOptions {
  /** The seed: the same seed and options play the same game. */
  readonly seed: number;
  /** Where the game starts: default the start position at 0 ms (FENr's 10,000 ms cooldown). */
  readonly start?: Setup;
  /** The mean time between two looks of a player at the board: 100 ms (each look waits 1 to 199 ms). */
  readonly stepMs?: number;
  /** The chance that a player starts a move at a look, when it has one: 0.5. */
  readonly moveChance?: number;
  /** Stop at this time on the clock even if the game goes on: default never (the draw rule ends every game). */
  readonly untilMs?: number;
  /** Called after every look with what happened since the last. */
  readonly onStep?: (step: SimulationStep) => void;
}

/** One look of the players at the board: the time passed, then the moves they started. */
export interface SimulationStep {
  /** The setup at the previous look (after its moves). */
  readonly before: Setup;
  /** What happened from `before` to `atMs`. */
  readonly events: readonly RealtimeEvent[];
  /** The setup at `atMs`, before the moves started. */
  readonly advanced: Setup;
  /** The moves started at `atMs`, with the colour of each. */
  readonly started: readonly { readonly color: Color; readonly move: RealtimeMove }[];
  /** The setup after those moves. */
  readonly after: Setup;
  /** The clock of this look. */
  readonly atMs: number;
}

/** A simulated game: where it stopped, how it ended, and how long it took. */
export interface Simulation {
  /** The last setup. */
  readonly setup: Setup;
  /** How the game ended; undefined when `untilMs` stopped it first. */
  readonly outcome: Outcome | undefined;
  /** The moves started, in order. */
  readonly moves: readonly { readonly atMs: number; readonly color: Color; readonly move: RealtimeMove }[];
}

/**
 * A seeded realtime game between two random players, for tests (a server's own too): from
 * `start`, each player looks at the board at random times and, with `moveChance`, starts one
 * of its moves (`movesAt`) chosen at random; time passes with `advance`. The game runs until
 * `realtimeOutcome` names an end (a king taken, or `drawAfterMs` without a capture) or the
 * clock reaches `untilMs`.
 */
export function simulateRealtime(options: SimulationOptions): Simulation {
  const next = random(options.seed);
  const stepMs = options.stepMs ?? 100;
  const chance = options.moveChance ?? 0.5;
  if (!(Number.isSafeInteger(stepMs) && stepMs > 0))
    throw new RangeError(`expected stepMs a positive integer, got ${stepMs}`);
  let setup: Setup = options.start ?? { ...standardSetup(), realtime: startClock() };
  const moves: { atMs: number; color: Color; move: RealtimeMove }[] = [];
  let end = realtimeOutcome(setup, options);
  while (end === undefined) {
    const now = setup.realtime?.clockMs ?? 0;
    if (options.untilMs !== undefined && now >= options.untilMs) break;
    const atMs = now + 1 + Math.floor(next() * (2 * stepMs - 1));
    const before = setup;
    const { setup: advanced, events } = advance(setup, atMs, options);
    setup = advanced;
    const started: { color: Color; move: RealtimeMove }[] = [];
    end = realtimeOutcome(setup, options);
    if (end === undefined) {
      const order: Color[] = next() < 0.5 ? ['white', 'black'] : ['black', 'white'];
      for (const color of order) {
        if (next() >= chance) continue;
        const own = movesAt(setup, undefined, options).filter((m) => setup.board.pieces[m.from]?.color === color);
        if (own.length === 0) continue;
        const move = own[Math.floor(next() * own.length)] as RealtimeMove;
        const played = startMove(setup, move, undefined, options);
        if (!played.ok)
          throw new Error(`simulateRealtime: a move movesAt offered was refused: ${played.error.message}`);
        setup = played.value;
        started.push({ color, move });
        moves.push({ atMs, color, move });
      }
    }
    options.onStep?.({ before, events, advanced, started, after: setup, atMs });
  }
  return { setup, outcome: end, moves };
}
