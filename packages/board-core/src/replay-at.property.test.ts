import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReplay } from './replay.js';
import { writeSan } from './san.js';
import type { Setup } from './setup.js';
import { setupFromFen } from './testing/chessops-bridge.js';
import { MOVE_TEXT_CHARS, STARTS, randomGame } from './testing/random-play.js';
import { VARIANTS } from './variants/list.js';

const starts: readonly Setup[] = [
  ...STARTS.map((start) => start.setup),
  ...VARIANTS.filter((variant) => variant.key !== 'realtime').map((variant) => variant.start()),
  // Two knights and two rooks that reach the same squares: ambiguity without disambiguation.
  setupFromFen('4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1'),
];

const noise = fc.string({ unit: fc.constantFrom(...MOVE_TEXT_CHARS), maxLength: 6 });

/** The piece letter and the destination alone, the disambiguation dropped (`Nbd7` to `Nd7`): ambiguous when it was needed. */
function undisambiguated(san: string): string {
  return san.replace(/^([NBRQK])[a-h]?[1-8]?(x?[a-h][1-8])/, '$1$2');
}

describe('Replay.playSanAt', () => {
  it('answers as playSan of the slice does, in any variant, the move standing anywhere in a larger text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...starts),
        fc.array(fc.nat({ max: 1 << 16 }), { maxLength: 40 }),
        fc.nat(),
        fc.constantFrom('legal', 'ambiguous', 'suffixed', 'noise', 'empty'),
        noise,
        noise,
        noise,
        (start, choices, pick, kind, before, after, extra) => {
          const positions = randomGame(start, choices);
          const { setup, legal } = positions[positions.length - 1]!;
          const move = legal.length > 0 ? legal[pick % legal.length]! : undefined;
          const san = move === undefined ? '' : writeSan(setup, move);
          const text =
            kind === 'legal'
              ? san
              : kind === 'ambiguous'
                ? undisambiguated(san)
                : kind === 'suffixed'
                  ? san + extra
                  : kind === 'noise'
                    ? extra
                    : '';
          const whole = before + text + after;
          const at = createReplay(setup);
          const sliced = createReplay(setup);
          const expected = sliced.playSan(text);
          const result = at.playSanAt(whole, before.length, before.length + text.length);
          expect(result, JSON.stringify(whole)).toEqual(expected);
          // A plain move is the same shared object on both roads.
          if (expected.ok && Object.isFrozen(expected.value)) expect(result.ok && result.value).toBe(expected.value);
          expect(at.setup()).toEqual(sliced.setup());
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads a range slice would read otherwise (reversed, negative, past the end, fractional) as the slice', () => {
    const standard = starts[0]!;
    const text = 'e4 Nf3';
    for (const [from, to] of [
      [3, 6],
      [6, 3],
      [-3, 6],
      [3, 99],
      [0, 2.5],
      [0.5, 2],
    ] as const) {
      const expected = createReplay(standard).playSan(text.slice(from, to));
      expect(createReplay(standard).playSanAt(text, from, to), `${from}, ${to}`).toEqual(expected);
    }
    // Not a text: playSan's own error.
    expect(createReplay(standard).playSanAt(undefined as unknown as string, 0, 2)).toEqual(
      createReplay(standard).playSan(undefined as unknown as string),
    );
  });

  it('reads nothing outside the range: a check mark or a promotion just before or after it is no part of the move', () => {
    const replay = createReplay(setupFromFen('4k3/P7/8/8/8/8/8/4K3 w - - 0 1'));
    // `a8` alone is ambiguous among the promotions, whatever stands around it.
    expect(replay.playSanAt('=Qa8=Q', 2, 4)).toEqual(replay.playSan('a8'));
    expect(replay.playSanAt('a8=Q+', 0, 2).ok).toBe(false);
    // A promotion alone, its square just before it: no move.
    expect(replay.playSanAt('a8=Q', 2, 4)).toEqual(replay.playSan('=Q'));
    expect(replay.playSanAt('Ka8', 1, 2)).toEqual(replay.playSan('a'));
    expect(replay.playSanAt('xa8=Q+', 1, 5)).toEqual({
      ok: true,
      value: { kind: 'normal', from: 48, to: 56, promotion: 'queen' },
    });
  });
});
