import { describe, expect, it } from 'vitest';
import { HeldInputs } from './history-entry.js';

describe('history entries', () => {
  it('keep short inputs, and name large ones held in the page', () => {
    const held = new HeldInputs(10, 2);
    const short = held.entry({ input: 'abc', flipped: false }, undefined);
    expect(short).toEqual({ view: { input: 'abc', flipped: false } });
    expect(held.restore(short)).toEqual({ view: { input: 'abc', flipped: false } });
    const big = 'x'.repeat(20);
    const entry = held.entry(
      { input: big, flipped: true, game: 3 },
      { from: { input: big, flipped: false }, label: 'g' },
    );
    expect(entry).toEqual({
      view: { input: '', flipped: true, game: 3 },
      held: 1,
      branch: { from: { input: '', flipped: false }, label: 'g' },
      branchHeld: 1,
    });
    expect(held.restore(entry)).toEqual({
      view: { input: big, flipped: true, game: 3 },
      branch: { from: { input: big, flipped: false }, label: 'g' },
    });
  });

  it('forget all but the latest few: such an entry restores as nothing', () => {
    const held = new HeldInputs(5, 2);
    const first = held.entry({ input: 'aaaaaa', flipped: false }, undefined);
    held.entry({ input: 'bbbbbb', flipped: false }, undefined);
    held.entry({ input: 'cccccc', flipped: false }, undefined);
    expect(held.restore(first)).toBeUndefined();
  });
});
