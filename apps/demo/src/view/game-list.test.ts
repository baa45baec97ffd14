import { describe, expect, it } from 'vitest';
import { FICS_ADAPTER } from '../formats/fics.js';
import { PGN_ADAPTER } from '../formats/pgn.js';
import { gameSource, matchGames, searchText, summariseGames, tagValue } from './game-list.js';

const TWO = `[Event "Spring Open"]\n[Date "2024.03.09"]\n[White "Ada"]\n[Black "Brook"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n\n[Event "Club night"]\n[White "Cole"]\n[Black "Ada"]\n[Result "*"]\n\n1. d4 *\n`;

describe('game list', () => {
  it("sums up a record's games by their tags, with where each one's text is", () => {
    const games = PGN_ADAPTER.read(TWO).session?.games ?? [];
    const rows = summariseGames(games, TWO);
    expect(rows.map(({ source: _s, ...row }) => row)).toEqual([
      {
        index: 0,
        title: 'Ada vs Brook, 1-0',
        white: 'Ada',
        black: 'Brook',
        result: '1-0',
        date: '2024.03.09',
        event: 'Spring Open',
        plies: 4,
      },
      {
        index: 1,
        title: 'Cole vs Ada, *',
        white: 'Cole',
        black: 'Ada',
        result: '*',
        date: '',
        event: 'Club night',
        plies: 1,
      },
    ]);
    const [first, second] = rows.map((row) => (row.source ? TWO.slice(row.source.start, row.source.end).trim() : ''));
    expect(first).toBe(TWO.slice(0, TWO.indexOf('\n\n[Event "Club')).trim());
    expect(second).toBe(TWO.slice(TWO.indexOf('[Event "Club')).trim());
    // Each exported game reads back alone as the same game.
    expect(PGN_ADAPTER.read(first ?? '').session?.games[0]?.plies).toHaveLength(5);
  });

  it('sums up tracked games by their players, and a lone game without tags is the whole text', () => {
    const games = FICS_ADAPTER.read(FICS_ADAPTER.example).session?.games ?? [];
    expect(summariseGames(games, FICS_ADAPTER.example)[0]).toMatchObject({ white: 'Alice', black: 'Bob', plies: 3 });
    const bare = PGN_ADAPTER.read('1. e4 e5 *').session?.games[0];
    expect(bare && gameSource('1. e4 e5 *', bare, true)).toEqual({ start: 0, end: 10 });
    expect(bare && gameSource('1. e4 e5 *', bare, false)).toBeUndefined();
  });

  it('reads tag values, unknown as empty', () => {
    const fields = [
      { name: 'White', text: '[White "O\\"Neil"]', offset: 0, meaning: '' },
      { name: 'Date', text: '[Date "?"]', offset: 0, meaning: '' },
    ];
    expect(tagValue(fields, 'White')).toBe('O"Neil');
    expect(tagValue(fields, 'Date')).toBe('');
    expect(tagValue(fields, 'Black')).toBe('');
  });

  it('finds the games holding every word of a search, in any column and case', () => {
    const rows = summariseGames(PGN_ADAPTER.read(TWO).session?.games ?? [], TWO).map(searchText);
    expect(matchGames(rows, 'ada')).toEqual([0, 1]);
    expect(matchGames(rows, 'ADA club')).toEqual([1]);
    expect(matchGames(rows, '2024 1-0')).toEqual([0]);
    expect(matchGames(rows, 'nobody')).toEqual([]);
    expect(matchGames(rows, '  ')).toEqual([0, 1]);
  });
});
