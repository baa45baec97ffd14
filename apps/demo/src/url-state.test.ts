import { describe, expect, it } from 'vitest';
import {
  MAX_SHARE_LINK_LENGTH,
  READABLE_INPUT_LENGTH,
  readCompressedState,
  readUrlState,
  shareLink,
  writeCompressedState,
  writeUrlState,
} from './url-state.js';

describe('URL state', () => {
  it('reads input, format and flip', () => {
    expect(readUrlState('?input=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8%20w%20-%20-%200%201&format=fen&flip=1')).toEqual({
      input: '8/8/8/8/8/8/8/8 w - - 0 1',
      format: 'fen',
      flipped: true,
    });
  });

  it('keeps a hand-typed plus sign and slash, and a stray percent sign', () => {
    expect(readUrlState('?input=S w KQkq - 3+3 0 1').input).toBe('S w KQkq - 3+3 0 1');
    expect(readUrlState('input=100%').input).toBe('100%');
  });

  it('has no format and no flip by default', () => {
    expect(readUrlState('')).toEqual({ input: '', flipped: false });
    expect(readUrlState('?format=&flip=0')).toEqual({ input: '', flipped: false });
  });

  it('round-trips any text, including & = + % # and newlines', () => {
    for (const input of ['a&b=c+d%e#f\ng', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1', '']) {
      const state = { input, format: 'three-check', flipped: false };
      expect(readUrlState(writeUrlState(state))).toEqual(state);
    }
  });

  it('takes the first of repeated keys', () => {
    expect(readUrlState('?input=a&input=b').input).toBe('a');
  });

  it('round-trips the game, ply and coordinates in the readable form', () => {
    const state = { input: 'x', flipped: true, coordinates: false, game: 1, ply: 12 };
    expect(writeUrlState(state)).toBe('?input=x&flip=1&coords=0&game=1&ply=12');
    expect(readUrlState(writeUrlState(state))).toEqual(state);
    expect(readUrlState('?input=x&game=-1&ply=1e3')).toEqual({ input: 'x', flipped: false });
  });

  it('compresses long inputs into the fragment and reads them back', async () => {
    const input = 'fics% tell 1 hello\n'.repeat(3000);
    const state = { input, format: 'fics', flipped: true, coordinates: false, game: 1, ply: 3 };
    const { link, tooBig } = await shareLink(state);
    expect(tooBig).toBe(false);
    expect(link).toMatch(/^#z=[\w-]+$/);
    expect(link.length).toBeLessThan(input.length / 20);
    expect(await readCompressedState(link)).toEqual(state);
    expect(
      (await shareLink({ input: 'a'.repeat(READABLE_INPUT_LENGTH), flipped: false })).link.startsWith('?input='),
    ).toBe(true);
  });

  it('refuses links longer than it shares, and damaged fragments', async () => {
    let noise = '';
    for (let i = 0; noise.length < 150_000; i++) noise += ((i * 2654435761) >>> 0).toString(36);
    const result = await shareLink({ input: noise, format: 'fics', flipped: false, game: 2 });
    expect(result.tooBig).toBe(true);
    expect(result.length).toBeGreaterThan(MAX_SHARE_LINK_LENGTH);
    expect(result.link).toBe('?format=fics');
    expect(await readCompressedState('#z=!!!')).toBeUndefined();
    expect(await readCompressedState('#z=')).toBeUndefined();
    expect(await readCompressedState(await writeCompressedState({ input: 'a', flipped: false }))).toEqual({
      input: 'a',
      flipped: false,
    });
  });
});
