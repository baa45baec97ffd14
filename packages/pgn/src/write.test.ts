import { describe, expect, test } from 'vitest';
import { parsePgn } from './read.js';
import { writePgn } from './write.js';

function roundTrip(text: string): string {
  const [result] = parsePgn(text);
  if (!result?.ok) throw new Error(JSON.stringify(result));
  return writePgn(result.value);
}

describe('writePgn', () => {
  test('the roster first in order, then the other tags; escapes', () => {
    expect(roundTrip('[ECO "C20"]\n[Result "*"]\n[White "A \\"B\\" \\\\C"]\n[Event "E"]\n*')).toBe(
      '[Event "E"]\n[White "A \\"B\\" \\\\C"]\n[Result "*"]\n[ECO "C20"]\n\n*\n',
    );
  });
  test('move numbers after comments and variations, NAGs, clocks', () => {
    expect(
      roundTrip(
        '{start} 1. e4 {[%clk 0:03:00]} e5 $1 (1... c5 {x} 2. Nf3) 2. Nf3 {a} ; b}\n Nc6?! 3. Bb5 (3. Bc4) a6 1-0',
      ),
    ).toBe(
      '{ start } 1. e4 { [%clk 0:03:00] } 1... e5 $1 (1... c5 { x } 2. Nf3) 2. Nf3\n{ a } ; b}\n2... Nc6 $6 3. Bb5 (3. Bc4) 3... a6 1-0\n',
    );
  });
  test('a game from a position with Black to move starts with its number', () => {
    expect(roundTrip('[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12"]\nKd7 -- Kc6 *')).toBe(
      '[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12"]\n\n12... Kd7 13. -- Kc6 *\n',
    );
  });
  test('lines of at most 80 characters, broken between tokens', () => {
    const text = roundTrip(`${'1. Nf3 Nf6 2. Ng1 Ng8 '.repeat(20)}*`);
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines[0]).toBe('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8.');
  });
  test('a line with no length limit is written in linear time', () => {
    // Each token once searched the whole line for a line break: 40,000 plies took seconds.
    const game = (plies: number) => {
      const [result] = parsePgn(`${'Nf3 Nf6 Ng1 Ng8 '.repeat(plies / 4)}*`, { maxGameLength: 10_000_000 });
      if (!result?.ok) throw new Error(JSON.stringify(result));
      return result.value;
    };
    const [small, large] = [game(5_000), game(40_000)];
    const once = (value: ReturnType<typeof game>) => {
      const started = performance.now();
      expect(writePgn(value, { maxLineLength: Infinity }).split('\n').length).toBe(2);
      return performance.now() - started;
    };
    once(small);
    // The two sizes alternated and the fastest of each kept, so that a busy machine slows both.
    let [fastSmall, fastLarge] = [Infinity, Infinity];
    for (let run = 0; run < 4; run++) {
      fastSmall = Math.min(fastSmall, once(small));
      fastLarge = Math.min(fastLarge, once(large));
    }
    // Eight times the plies: about eight times the time when linear, sixty-four when quadratic.
    expect(fastLarge / fastSmall).toBeLessThan(24);
  });
  test('refuses what PGN cannot hold', () => {
    const [result] = parsePgn('[Event "x"]\n*');
    if (!result?.ok) throw new Error('unreachable');
    expect(() => writePgn({ ...result.value, tags: new Map([['Event', 'a\nb']]) })).toThrow(TypeError);
    expect(() => writePgn({ ...result.value, root: { comments: ['a}\nb'], children: [] } })).toThrow(TypeError);
  });
});
