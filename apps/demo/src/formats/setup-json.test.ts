import { describe, expect, it } from 'vitest';
import { SETUP_JSON_ADAPTER, jsonErrorOffset } from './setup-json.js';

describe('setup JSON adapter', () => {
  it('reads the Omega example with a row per key', () => {
    const view = SETUP_JSON_ADAPTER.read(SETUP_JSON_ADAPTER.example);
    expect(view.errors).toEqual([]);
    expect(view.fields.map((f) => f.name)).toEqual([
      'geometry',
      'board',
      'turn',
      'castlingRooks',
      'epSquares',
      'halfmoves',
      'fullmoves',
    ]);
    expect(view.fields[0]).toEqual({
      name: 'geometry',
      text: '"omega"',
      offset: 1,
      meaning: expect.stringContaining('wizard squares w1-w4'),
    });
    expect(view.fields[3]?.meaning).toBe('Castling rights by rook square: b0, i0, b9, i9');
  });

  it('points a vocabulary error at the key it names', () => {
    const text =
      '{"geometry":"omega","board":{"w5":"W"},"turn":"white","castlingRooks":[],"epSquares":[],"halfmoves":0,"fullmoves":1}';
    expect(SETUP_JSON_ADAPTER.read(text).errors).toEqual([
      { code: 'unknown-square', message: expect.stringContaining('"w5"'), offset: 29, length: 4, field: 'board.w5' },
    ]);
  });

  it('points a JSON syntax error at the character that breaks the grammar', () => {
    const [error] = SETUP_JSON_ADAPTER.read('{"geometry": omega}').errors;
    expect(error).toMatchObject({ code: 'json-syntax', offset: 13, length: 1 });
    const cases: [string, number][] = [
      ['{"a":1,}', 7],
      ['{"a":1 "b":2}', 7],
      ['{"a" 1}', 5],
      ['[1, 2', 5],
      ['{"a":"x\ny"}', 7],
      ['[01]', 2],
      ['{"a":[true, nul]}', 12],
      ['{} x', 3],
      ['', 0],
      ['{"a":{"b":[{}]}]', 15],
      ['[-]', 1],
    ];
    for (const [text, offset] of cases) {
      expect(() => JSON.parse(text), text).toThrow();
      expect([text, jsonErrorOffset(text)]).toEqual([text, offset]);
    }
    expect(jsonErrorOffset('['.repeat(100_000))).toBe(100_000);
    expect(jsonErrorOffset(' {"a":[1,-2.5e3,"\\"",{},[]]} ')).toBe(-1);
  });

  it('reads pockets and three-check counters, and writes what it reads', () => {
    const text =
      '{"geometry":"standard","board":{"e1":"K","e8":"k"},"turn":"black","castlingRooks":[],"epSquares":[],"halfmoves":3,"fullmoves":9,"pockets":{"white":"PQ","black":""},"remainingChecks":{"white":1,"black":3}}';
    const view = SETUP_JSON_ADAPTER.read(text);
    expect(view.fields.slice(-2).map((f) => f.meaning)).toEqual([
      'Pieces in hand: White PQ, Black none',
      'Checks still to give: White 1, Black 3',
    ]);
    const position = view.positions[0];
    if (!position) throw new Error('unread');
    expect(SETUP_JSON_ADAPTER.write?.(position)).toBe(text);
  });
});
