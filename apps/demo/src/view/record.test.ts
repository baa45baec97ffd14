import { describe, expect, it } from 'vitest';
import { readPgn } from '../formats/pgn.js';
import { renderRecord } from './record.js';

describe('the moves of a game record', () => {
  it('sets variations in parentheses, nested, with numbers, NAGs, comments and clocks; marks the shown move', () => {
    const game = readPgn(
      '{ start } 1. e4 { [%clk 0:03:00] } e5 (1... c5 $10 { Sicilian } 2. Nf3 (2. c3) 2... d6) (1... e6) 2. Nf3!? *',
    ).session?.games[0];
    if (!game) throw new Error('no game');
    const html = renderRecord(game, 2);
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toBe(
      ' Moves start 1. e4 3:00.0 1... e5 ( 1... c5$10 Sicilian 2. Nf3 ( 2. c3 ) 2... d6 ) ( 1... e6 ) 2. Nf3!? * ',
    );
    expect(html).toContain('<button type="button" class="san" data-ply="2" aria-current="step">e5</button>');
    expect(html).toContain('<span class="variation" data-depth="1">(');
    expect(html).toContain('<span class="variation" data-depth="2">(');
    expect(html).not.toContain('data-ply="3" aria-current');
  });
});
