import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSetupJson, setupToJson } from './json.js';
import { movableAt } from './realtime.js';
import { movesAt } from './realtime-rules.js';
import { simulateRealtime } from './realtime-sim.js';

describe('simulateRealtime', () => {
  it('plays the same game for the same seed, and another for another', () => {
    const game = (seed: number) => simulateRealtime({ seed, drawAfterMs: 15_000, stepMs: 200 });
    expect(game(7).moves).toEqual(game(7).moves);
    expect(game(7).moves).not.toEqual(game(8).moves);
    expect(game(7).moves.length).toBeGreaterThan(10);
  });

  it('keeps every state in the canonical JSON, and starts only moves of pieces that may move', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        simulateRealtime({
          seed,
          drawAfterMs: 10_000,
          stepMs: 200,
          tickMs: 20,
          onStep: (step) => {
            const back = parseSetupJson(JSON.parse(JSON.stringify(setupToJson(step.after))));
            expect(back.ok && back.value).toEqual(step.after);
            const movable = movableAt(step.advanced);
            for (const { move } of step.started) expect(movable).toContain(move.from);
            // Both colours may move at once: nothing but time decides.
            const colors = new Set(movesAt(step.advanced).map((m) => step.advanced.board.pieces[m.from]?.color));
            if (step.atMs < 1_000) expect(colors.size).toBe(2);
          },
        });
      }),
      { numRuns: 4 },
    );
  });

  it('stops at untilMs', () => {
    const game = simulateRealtime({ seed: 1, untilMs: 3_000, drawAfterMs: 60_000 });
    expect(game.outcome).toBeUndefined();
    expect(game.setup.realtime?.clockMs).toBeGreaterThanOrEqual(3_000);
    expect(game.setup.realtime?.clockMs).toBeLessThan(3_200);
  });
});
