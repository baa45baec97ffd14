import { standardSetup } from '@chess-formats/board-core';
import { describe, expect, it } from 'vitest';
import type { SessionGame } from '../formats/adapter.js';
import { EVENT_ROWS_SHOWN, cursorPosition, formatClock, renderEvents, renderGameControls } from './session.js';

const start = standardSetup();
const game: SessionGame = {
  id: '52',
  title: 'Game 52: Newton vs Einstein',
  plies: [
    { position: { setup: start, clocks: { white: 180_000, black: 180_000 } } },
    { position: { setup: { ...start, turn: 'black' }, clocks: { white: 178_400, black: 180_000 } }, san: 'e4' },
    { position: { setup: start, clocks: { white: 178_400, black: -1_200 } }, san: 'e5' },
  ],
};

describe('session view', () => {
  it('finds the position a cursor points at, and none past the game', () => {
    expect(cursorPosition([game], { game: 0, ply: 1 })?.setup.turn).toBe('black');
    expect(cursorPosition([game], { game: 0, ply: 3 })).toBeUndefined();
    expect(cursorPosition([], { game: 0, ply: 0 })).toBeUndefined();
  });

  it('formats clocks, negative ones too', () => {
    expect(formatClock(180_000)).toBe('3:00.0');
    expect(formatClock(178_450)).toBe('2:58.4');
    expect(formatClock(-1_200)).toBe('-0:01.2');
    expect(formatClock(3_723_000)).toBe('1:02:03');
  });

  it('shows the move, both clocks and which step buttons apply', () => {
    const html = renderGameControls([game], { game: 0, ply: 2 });
    expect(html).toContain('<option value="0" selected>Game 52: Newton vs Einstein</option>');
    expect(html).toContain('Position <span data-ply>2</span> of 2, after <strong class="san">e5</strong>');
    expect(html).toContain('<dd data-clock="white">2:58.4</dd>');
    expect(html).toContain('<dd data-clock="black">-0:01.2</dd>');
    expect(html).toContain('data-step="next" disabled');
    expect(html).not.toContain('data-step="previous" disabled');
    expect(renderGameControls([], { game: 0, ply: 0 })).toContain('No tracked games');
  });

  it('lists events with their typed fields and text, escaped', () => {
    const html = renderEvents([
      {
        offset: 0,
        kind: 'datagram',
        name: 'DG_MY_GAME_STARTED',
        fields: [{ name: 'gamenumber', value: '52' }],
        gameId: '52',
      },
      { offset: 40, kind: 'text', name: 'text', fields: [], text: 'hello <b>' },
    ]);
    expect(html).toContain(
      '<tr data-event="0" data-kind="datagram" data-game="52"><td class="num">0</td><td>datagram</td><th scope="row">DG_MY_GAME_STARTED</th>',
    );
    expect(html).toContain('<span class="name">gamenumber</span>=52');
    expect(html).toContain('<q>hello &lt;b&gt;</q>');
  });

  it('draws the first rows of a long event list, with a button for more', () => {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      offset: i,
      kind: 'text',
      name: 'text',
      fields: [],
      text: `line ${i}`,
    }));
    const html = renderEvents(events);
    expect(html.match(/<tr data-event/g)).toHaveLength(EVENT_ROWS_SHOWN);
    expect(html).toContain(`${EVENT_ROWS_SHOWN} of 1000 listed.`);
    expect(html).toContain(`data-shown="${EVENT_ROWS_SHOWN}"`);
    const all = renderEvents(events, 1000);
    expect(all.match(/<tr data-event/g)).toHaveLength(1000);
    expect(all).not.toContain('show-more-events');
  });
});
