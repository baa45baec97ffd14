import { advanceRealtime } from '@chess-formats/board-core';
import { describe, expect, it } from 'vitest';
import { FENR_ADAPTER } from './fenr.js';
import { BESPOKE_ADAPTERS, conversions, detectFormat, type Conversion } from './registry.js';
import { SETUP_JSON_ADAPTER } from './setup-json.js';

/** The conversions to the page's own views (a format of the list with none has the generic view). */
const views = new Set([...BESPOKE_ADAPTERS, SETUP_JSON_ADAPTER].map((adapter) => adapter.name));
const toViews = (list: readonly Conversion[]): Conversion[] => list.filter((c) => views.has(c.name));

const EXAMPLE = FENR_ADAPTER.example;

describe('FENr adapter', () => {
  it('reads every field with its meaning, realtime pieces from the model', () => {
    const view = FENR_ADAPTER.read(EXAMPLE);
    expect(view.errors).toEqual([]);
    expect(view.fields.map((f) => [f.name, f.text])).toEqual([
      ['placement', 'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001'],
      ['castling', 'kQq'],
      ['en passant', 'f3'],
      ['ms since the last capture', '14200'],
      ['ms since the start', '14200'],
    ]);
    expect(view.fields[0]?.meaning).toContain(
      'In flight: d1-a4 in 0.5 s, e7-d8 in 0.5 s; 2 cooling down; 28 pieces may move now',
    );
    expect(view.fields[1]?.meaning).toBe('Castling rights with the rooks on a1, a8, h8 (rights, not current legality)');
    expect(view.fields[2]?.meaning).toContain('Black may capture en passant on f3');
    expect(view.fields[4]?.meaning).toContain('14.2 s since the start');
    expect(view.positions[0]?.title).toBe('Realtime chess');
  });

  it('tells fields apart by their shape when castling or en passant is left out', () => {
    expect(FENR_ADAPTER.read('4k3/8/8/8/8/8/8/4K3 f3 100 200').fields.map((f) => f.name)).toEqual([
      'placement',
      'en passant',
      'ms since the last capture',
      'ms since the start',
    ]);
  });

  it('places errors with the parser code', () => {
    const view = FENR_ADAPTER.read('8/8/8/8/8/8/8/8 - e4 0 0');
    expect(view.errors).toEqual([
      { code: 'ep-rank', message: expect.any(String), offset: 19, length: 1, field: 'en passant' },
    ]);
  });

  it('is detected over FEN for its records, broken ones included', () => {
    expect(detectFormat(EXAMPLE).adapter.name).toBe('fenr');
    expect(detectFormat('4k3/8/8/8/8/8/8/4K3 - - 1.5 0').adapter.name).toBe('fenr');
    expect(detectFormat('4k3/8/8/8/8/8/8/4K3 w - - 0 1').adapter.name).toBe('fen');
  });

  it('writes the canonical text, and converts to FEN only once every piece is ready', () => {
    const position = FENR_ADAPTER.read(EXAMPLE).positions[0];
    if (!position) throw new Error('unread');
    expect(FENR_ADAPTER.write?.(position)).toBe(
      'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001 Qkq f3 14200 14200',
    );
    expect(toViews(conversions(position, FENR_ADAPTER)).map((c) => c.name)).toEqual(['setup-json']);
    // Ten seconds later every piece has landed and cooled down: FEN can hold the board.
    const later = { setup: advanceRealtime(position.setup, 10_500) };
    const list = toViews(conversions(later, FENR_ADAPTER));
    expect(list.map((c) => c.name)).toEqual(['fen', 'xfen', 'shredder', 'style12', 'setup-json']);
    expect(list[0]?.text).toBe('r2qk2r/pb1n2bp/1pp2n2/3p1pp1/QP1PpP2/2P1P1P1/PB1NN1BP/R3K1R1 b Qkq f3 0 1');
    expect(FENR_ADAPTER.write?.(later)).toBe(
      'r2qk2r/pb1n2bp/1pp2n2/3p1pp1/QP1PpP2/2P1P1P1/PB1NN1BP/R3K1R1 Qkq f3 24700 24700',
    );
  });
});
