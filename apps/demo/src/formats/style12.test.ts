import { describe, expect, it } from 'vitest';
import { adapterByName, conversions, detectFormat } from './registry.js';
import { STYLE12_ADAPTER, style12Shape } from './style12.js';

const LINE = STYLE12_ADAPTER.example;
const CRAZYHOUSE =
  '<12> r-bqk--r ppp--ppp --n----- ---Np--- --B-n--- -------- PPPP-PPP R-B-K-NR W -1 1 1 1 1 0 52 Alice Bob 0 3 0 42 40 170 165 8 N/f6-e4 (0:02) Ne4 0 1 0\n<b1> game 52 white [QP] black [BP]';

describe('style 12 adapter', () => {
  it('reads every token of the line into the field table with its meaning', () => {
    const view = STYLE12_ADAPTER.read(LINE);
    expect(view.errors).toEqual([]);
    // The ICC help file's line: 31 tokens, no FICS clock-ticking and lag fields.
    expect(view.fields).toHaveLength(31);
    const row = (name: string): [string, string] => {
      const found = view.fields.find((f) => f.name === name);
      return [found?.text ?? '', found?.meaning ?? ''];
    };
    expect(row('tag')[0]).toBe('<12>');
    expect(row('rank 6')).toEqual(['-----n--', 'Rank 6, files a to h (- empty, upper case White): 1 piece']);
    expect(row('side to move')).toEqual(['B', 'Black to move']);
    expect(row('castle short (White)')).toEqual([
      '0',
      'White may castle short: no (the right, not whether castling is legal now)',
    ]);
    expect(row('castle long (Black)')[1]).toContain('Black may castle long: yes');
    expect(row('relation')).toEqual(['1', '1: I am playing, and it is my move']);
    expect(row('White’s remaining time')).toEqual(['119', 'White has 1:59 left, sent in seconds']);
    expect(row('verbose move')).toEqual(['K/e1-e2', 'The last move, piece/from-to: K/e1-e2']);
    expect(row('time of the move')).toEqual(['(0:06)', 'The last move took 6 s']);
    expect(row('flip')).toEqual(['0', 'White at the bottom of the board (0)']);
    for (const field of view.fields)
      expect(LINE.slice(field.offset, field.offset + field.text.length)).toBe(field.text);
    const position = view.positions[0];
    expect(position?.title).toBe('Game 7: Newton vs Einstein');
    expect(position?.clocks).toEqual({ white: 119_000, black: 122_000 });
    expect(position?.lastMove).toEqual({ kind: 'normal', from: 4, to: 12 });
  });

  it('reads a <b1> line after the board into the pockets', () => {
    const view = STYLE12_ADAPTER.read(CRAZYHOUSE);
    expect(view.errors).toEqual([]);
    expect(view.positions[0]?.setup.pockets?.white.queen).toBe(1);
    expect(view.positions[0]?.setup.pockets?.black.bishop).toBe(1);
    expect(view.positions[0]?.lastMove).toEqual({ kind: 'normal', from: 45, to: 28 });
    expect(view.fields.slice(-3).map((f) => [f.name, f.text, f.meaning])).toEqual([
      ['holdings game', 'game 52', 'The pieces in hand of game 52'],
      ['White in hand', 'white [QP]', 'White may drop 1 pawn, 1 queen'],
      ['Black in hand', 'black [BP]', 'Black may drop 1 pawn, 1 bishop'],
    ]);
    const position = view.positions[0];
    if (!position) throw new Error('unread');
    // Written back with the pieces in hand in the servers' order, P N B R Q K; to crazyhouse FEN with the pockets.
    expect(STYLE12_ADAPTER.write?.(position)).toBe(CRAZYHOUSE.replace('[QP]', '[PQ]').replace('[BP]', '[PB]'));
    expect(conversions(position, STYLE12_ADAPTER).find((c) => c.name === 'crazyhouse')?.text).toBe(
      'r1bqk2r/ppp2ppp/2n5/3Np3/2B1n3/8/PPPP1PPP/R1B1K1NR[PQpb] w KQkq - 0 8',
    );
  });

  it('places errors with the parser code and the token name', () => {
    const text = LINE.replace(' B -1', ' X -1');
    expect(STYLE12_ADAPTER.read(text).errors).toEqual([
      { code: 'turn', message: 'expected W or B, found "X"', offset: 77, length: 1, field: 'side to move' },
    ]);
    expect(detectFormat(text).adapter.name).toBe('style12');
  });

  it('converts to FEN, and writes a FEN position as an isolated style 12 position', () => {
    const position = STYLE12_ADAPTER.read(LINE).positions[0];
    if (!position) throw new Error('unread');
    expect(conversions(position, STYLE12_ADAPTER).find((c) => c.name === 'fen')?.text).toBe(
      'rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 0 2',
    );
    const fen = adapterByName('fen');
    const start = fen?.read('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1').positions[0];
    if (!start) throw new Error('unread FEN');
    expect(STYLE12_ADAPTER.write?.(start)).toBe(
      '<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 1 White Black -3 0 0 39 39 0 0 1 none (0:00) none 0',
    );
    const omega = adapterByName('ocpn');
    const omegaPosition = omega?.read(omega.example).positions[0];
    expect(omegaPosition && STYLE12_ADAPTER.write?.(omegaPosition)).toBeUndefined();
  });

  it('tells a single line (perhaps with <b1>) from a stream', () => {
    expect(style12Shape(LINE)).toBe('line');
    expect(style12Shape(`fics% \x07\n\r${LINE}\n\r`)).toBe('line');
    expect(style12Shape(CRAZYHOUSE)).toBe('line');
    expect(style12Shape(`${LINE}\n${LINE}`)).toBe('stream');
    expect(style12Shape('<b1> game 6 white [PNBBB] black [PNB]')).toBe('holdings');
    expect(style12Shape(LINE.replace('<12>', '<13>'))).toBe('broken-line');
    expect(detectFormat(`${LINE}\n${LINE}`).adapter.name).toBe('fics');
  });
});
