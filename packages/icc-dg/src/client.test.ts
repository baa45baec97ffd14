import { describe, expect, test } from 'vitest';
import { level1Value, level2Settings, set2Commands, taggedCommand } from './client.js';

describe('client side', () => {
  test('level2settings: leftmost bit is DG 0, up to the highest one on', () => {
    expect(level2Settings(['DG_WHO_AM_I', 'DG_MY_GAME_STARTED', 'DG_SEND_MOVES'])).toBe('1000000000000001000000001');
    expect(level2Settings([])).toBe('0');
    expect(level2Settings([3, 'DG_NOT_A_DG' as 'DG_BLITZ', 999])).toBe('0001');
  });

  test('set-2 commands in number order', () => {
    expect(set2Commands(['DG_SEND_MOVES', 'DG_WHO_AM_I'])).toEqual(['set-2 0 1', 'set-2 24 1']);
    expect(set2Commands(['DG_SEEK'], false)).toEqual(['set-2 50 0']);
  });

  test('level1 values: units 1, command delimiters 2, tags 4, anonymous issuer 8', () => {
    expect(level1Value({ units: true })).toBe(1);
    expect(level1Value({ units: true, commandDelimiters: true, tags: true, anonymousIssuer: true })).toBe(15);
    expect(level1Value({ units: true, tags: true })).toBe(5);
  });

  test('backquote-tagged commands', () => {
    expect(taggedCommand('asdf', 'history')).toBe('`asdf`history');
    for (const bad of ['', 'a b', 'a`b', 'x'.repeat(100)]) expect(() => taggedCommand(bad, 'who')).toThrow(TypeError);
    expect(() => taggedCommand('t', 'who\nquit')).toThrow(TypeError);
  });
});
