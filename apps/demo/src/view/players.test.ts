import { standardSetup } from '@chess-formats/board-core';
import { describe, expect, it } from 'vitest';
import { STYLE12_ADAPTER } from '../formats/style12.js';
import { isLowTime, renderPlayers, timeControlText } from './players.js';

describe('players beside the board', () => {
  it('writes time controls in words', () => {
    expect(timeControlText(180_000, 2000)).toBe('3 min + 2 s');
    expect(timeControlText(600_000, 0)).toBe('10 min');
    expect(timeControlText(5_400_000, 30_000)).toBe('1 h 30 min + 30 s');
    expect(timeControlText(30_000, 0)).toBe('30 s');
  });

  it('calls a clock low under a tenth of the initial time (at least 10 s), or 20 s when unknown', () => {
    expect(isLowTime(17_000, 180_000)).toBe(true);
    expect(isLowTime(19_000, 180_000)).toBe(false);
    expect(isLowTime(9_000, 60_000)).toBe(true);
    expect(isLowTime(19_000, undefined)).toBe(true);
    expect(isLowTime(-100, 180_000)).toBe(true);
  });

  it('puts the side at the bottom below the board, marks the side to move and a low clock, and shows the initial time at the start', () => {
    const position = { setup: standardSetup(), clocks: { black: 15_000 } };
    const info = {
      white: { name: 'Corvid', rating: 2650, title: 'GM' },
      black: { name: 'Tallis' },
      timeControl: '3 min',
      initialMs: { white: 180_000, black: 180_000 },
      result: '1-0',
    };
    const { top, bottom } = renderPlayers(position, info, false, true);
    expect(top).toContain('data-color="black"');
    expect(top).toContain('<span class="player-clock" data-player-clock="black" data-low="true">0:15.0');
    expect(top).not.toContain('data-to-move');
    expect(bottom).toContain('<div class="player" data-color="white" data-to-move="true">');
    expect(bottom).toContain(
      '<abbr class="title">GM</abbr> <span class="name">Corvid</span> <span class="rating">(2650)</span>',
    );
    expect(bottom).toContain('data-player-clock="white">3:00.0</span>');
    expect(bottom).toContain('Time control 3 min');
    expect(bottom).toContain('<strong data-result>1-0</strong>');
    // Later in the game a clock not sent stays unknown, and flipped puts White on top.
    expect(renderPlayers(position, info, true, false).top).not.toContain('data-player-clock="white"');
    expect(renderPlayers({ setup: standardSetup() }, undefined, false, true)).toEqual({ top: '', bottom: '' });
  });

  it('reads players and time control from a single style 12 line', () => {
    const position = STYLE12_ADAPTER.read(STYLE12_ADAPTER.example).positions[0];
    expect(position?.game?.white?.name).toBeTruthy();
    expect(position?.game?.timeControl).toMatch(/min|s/);
  });
});
