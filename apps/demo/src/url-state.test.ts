import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from './url-state.js';

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
});
