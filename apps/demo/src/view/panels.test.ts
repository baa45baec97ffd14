import { standardSetup } from '@chess-formats/board-core';
import { parseFen } from '@chess-formats/fen';
import { describe, expect, it } from 'vitest';
import { adapterByName } from '../formats/registry.js';
import {
  errorExcerpt,
  illegalReasons,
  renderConversions,
  renderIllegal,
  renderErrors,
  renderFieldTable,
  renderMoves,
  sanMoves,
} from './panels.js';

describe('errors', () => {
  it('marks the offending character with the code, field and message', () => {
    const text = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1';
    const view = adapterByName('fen')?.read(text);
    const html = renderErrors(text, view?.errors ?? []);
    expect(html).toContain('data-code="castling" data-offset="49"');
    expect(html).toContain('<strong class="code">castling</strong> in castling at offset 49');
    expect(html).toContain('KQk<mark>x</mark> - 0 1');
  });

  it('says where the input ended too early', () => {
    expect(errorExcerpt('8/8', { code: 'rank-count', message: 'm', offset: 3, length: 0 })).toBe(
      '<code class="excerpt">8/8<mark><span class="end">end of input</span></mark></code>',
    );
  });

  it('shows whitespace it highlights, and cuts long inputs around the error', () => {
    expect(errorExcerpt('a\tb', { code: 'whitespace', message: 'm', offset: 1, length: 1 })).toContain(
      '<mark>\u21e5</mark>',
    );
    const long = `${'x'.repeat(100)}!${'y'.repeat(100)}`;
    const html = errorExcerpt(long, { code: 'c', message: 'm', offset: 100, length: 1 });
    expect(html).toBe(`<code class="excerpt">\u2026${'x'.repeat(40)}<mark>!</mark>${'y'.repeat(40)}\u2026</code>`);
  });

  it('escapes what the user typed', () => {
    const html = renderErrors('<img src=x onerror=alert(1)>', [
      { code: 'board-char', message: 'found "<"', offset: 0, length: 1 },
    ]);
    expect(html).not.toContain('<img');
    expect(html).toContain('<mark>&lt;</mark>img src=x');
    expect(html).toContain('found &quot;&lt;&quot;');
  });

  it('renders nothing without errors', () => {
    expect(renderErrors('x', [])).toBe('');
  });
});

describe('field table', () => {
  it('lists each field with its text, offset and meaning', () => {
    const view = adapterByName('crazyhouse')?.read('r3k2r/8/8/8/8/8/8/R3K2R[PPNbr] w Kq - 0 20');
    const html = renderFieldTable(view?.fields ?? []);
    const rows = [
      ...html.matchAll(
        /<tr data-field="([^"]+)"><th scope="row">[^<]*<\/th><td><code>([^<]*)<\/code><\/td><td class="num">(\d+)<\/td><td>([^<]*)<\/td>/g,
      ),
    ].map((m) => [m[1], m[2], Number(m[3]), m[4]]);
    expect(rows).toEqual([
      ['placement', 'r3k2r/8/8/8/8/8/8/R3K2R', 0, expect.stringContaining('3 white and 3 black pieces')],
      [
        'pocket',
        '[PPNbr]',
        23,
        'Pieces in hand, to drop (crazyhouse): White holds 2 pawns, 1 knight; Black holds 1 bishop, 1 rook',
      ],
      ['turn', 'w', 31, 'White to move'],
      [
        'castling',
        'Kq',
        33,
        expect.stringContaining('White may castle with the rook on h1; Black may castle with the rook on a8'),
      ],
      ['en passant', '-', 36, 'No en passant target square'],
      ['halfmove clock', '0', 38, expect.stringContaining('0 half-moves')],
      ['fullmove number', '20', 40, expect.stringContaining('Move number 20')],
    ]);
  });

  it('names three-check counters in either position', () => {
    const fifth = adapterByName('three-check')?.read('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1+2 4 12');
    expect(fifth?.fields.map((f) => f.name)).toEqual([
      'placement',
      'turn',
      'castling',
      'en passant',
      'check counters',
      'halfmove clock',
      'fullmove number',
    ]);
    expect(fifth?.fields[4]?.meaning).toBe(
      'Three-check (checks still to give, White+Black): White must give 1 more, Black 2 more',
    );
    const seventh = adapterByName('three-check')?.read('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2');
    expect(seventh?.fields[6]).toMatchObject({
      name: 'check counters',
      text: '+1+2',
      meaning: expect.stringContaining('White must give 2 more, Black 1 more'),
    });
  });

  it('explains Shredder-FEN castling letters', () => {
    const view = adapterByName('shredder')?.read('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9');
    expect(view?.fields[2]?.meaning).toBe(
      'White may castle with the rook on f1 and h1; Black may castle with the rook on f8 and h8 (Shredder-FEN names each castling rook by its file (HAha))',
    );
  });

  it('still lists the fields of a broken record', () => {
    const view = adapterByName('fen')?.read('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1');
    expect(view?.positions).toEqual([]);
    expect(view?.fields.map((f) => f.text)).toEqual([
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR',
      'x',
      'KQkq',
      '-',
      '0',
      '1',
    ]);
    expect(view?.errors).toEqual([{ code: 'turn', message: expect.any(String), offset: 44, length: 1, field: 'turn' }]);
  });

  it('reports validation problems as notes', () => {
    expect(adapterByName('fen')?.read('8/8/8/8/8/8/8/4K3 w - - 0 1').notes).toEqual([
      'Not a legal position: black king missing',
    ]);
  });

  it('cuts long field texts and escapes them', () => {
    const html = renderFieldTable([{ name: 'board', text: `<${'x'.repeat(80)}`, offset: 0, meaning: '&' }]);
    expect(html).toContain(`<code>&lt;${'x'.repeat(59)}\u2026</code>`);
    expect(html).toContain('<td>&amp;</td>');
  });
});

describe('conversions and moves', () => {
  it('gives each conversion a copy button and its text', () => {
    const html = renderConversions([{ name: 'xfen', label: 'X-FEN', text: 'a<b' }]);
    expect(html).toContain('<button type="button" class="copy" data-copy="xfen" aria-label="Copy X-FEN">Copy</button>');
    expect(html).toContain('<pre aria-labelledby="conv-xfen"><code>a&lt;b</code></pre>');
    expect(renderConversions([])).toContain('No other format');
  });

  it('lists the legal moves in SAN', () => {
    const moves = sanMoves(standardSetup());
    expect(moves?.map((m) => m.san)).toEqual(expect.arrayContaining(['e4', 'Nf3', 'a3', 'Nc3']));
    expect(moves).toHaveLength(20);
    const html = renderMoves(moves);
    expect(html).toContain('20 legal moves');
    expect(html.match(/class="move"/g)).toHaveLength(20);
    expect(renderMoves([])).toContain('No legal move');
    expect(renderMoves([], { turn: 'white', inCheck: true })).toContain('<strong>Checkmate</strong>: Black wins.');
    expect(renderMoves([], { turn: 'black', inCheck: false })).toContain('<strong>Stalemate</strong>');
    expect(renderMoves(undefined)).toContain('cannot list moves');
  });
});

describe('illegal positions', () => {
  it('says why in words instead of listing moves, a capturable king included', () => {
    const parsed = parseFen('4k3/4R3/8/8/8/8/8/4K3 w - - 0 1');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const reasons = illegalReasons(parsed.value);
    expect(reasons).toEqual(['the side that just moved is in check (its king could be captured)']);
    expect(renderIllegal(reasons)).toContain('<strong>Not a legal position</strong>');
    expect(illegalReasons(standardSetup())).toEqual([]);
  });
});
