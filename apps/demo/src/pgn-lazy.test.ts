import { describe, expect, it } from 'vitest';
import { PGN_ADAPTER } from './formats/pgn.js';
import { pgnGameStarts, readPgnGameAt, readPgnLazily } from './pgn-lazy.js';

const GAMES = [
  '\uFEFF[Event "One"]\n[White "Ada"]\n[Black "Brook"]\n[PlyCount "3"]\n[Result "1-0"]\n\n1. e4 { [%clk 0:03:00]\n[%emt 0:00:01] } e5 2. Nf3 1-0\n',
  '[Event "Two"]\n[White "Cole"]\n[Black "Dee"]\n[Result "*"]\n\n1. d4 d5 2. Kd3 *\n',
  '[Event "Three"]\n[Date "2025.01.02"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n',
];
const TEXT = GAMES.join('\n');

describe('lazy PGN reading', () => {
  it("finds where each game starts, not at a comment's [%...] line", () => {
    expect(pgnGameStarts(TEXT)).toEqual([0, GAMES[0]!.length + 1, GAMES[0]!.length + GAMES[1]!.length + 2]);
    expect(pgnGameStarts('1. e4 e5 *')).toEqual([]);
  });

  it("reads every game's tags and the moves of the game shown alone", () => {
    const read = readPgnLazily(TEXT, 2);
    expect(read?.summaries.map((s) => [s.white, s.black, s.result, s.date, s.event, s.plies])).toEqual([
      ['Ada', 'Brook', '1-0', '', 'One', 3],
      ['Cole', 'Dee', '*', '', 'Two', undefined],
      ['', '', '0-1', '2025.01.02', 'Three', undefined],
    ]);
    const games = read?.view.session?.games ?? [];
    expect(games.map((g) => g.plies.length)).toEqual([0, 0, 5]);
    expect(read?.view.positions).toHaveLength(5);
    // The shown game's tags are placed in the whole text.
    const date = games[2]?.fields?.find((f) => f.name === 'Date');
    expect(date && TEXT.slice(date.offset, date.offset + date.text.length)).toBe('[Date "2025.01.02"]');
  });

  it('reads a game when asked: the same game as a whole reading, or its error placed in the whole text', () => {
    const read = readPgnLazily(TEXT);
    const [first, second] = read?.summaries ?? [];
    const whole = PGN_ADAPTER.read(GAMES[0]!).session?.games[0];
    const lazy = first && readPgnGameAt(TEXT, first);
    expect(lazy?.errors).toEqual([]);
    expect(lazy?.game.plies.map((p) => p.san)).toEqual(whole?.plies.map((p) => p.san));
    const broken = second && readPgnGameAt(TEXT, second);
    // Shown up to its error: the start, 1. d4 d5.
    expect(broken?.game.plies.map((p) => p.san)).toEqual([undefined, 'd4', 'd5']);
    expect(broken?.game.title).toBe('Cole vs Dee, * (broken: up to its error)');
    expect(broken?.game.error).toMatch(/^Game 2: /);
    expect(broken?.errors[0]?.message).toMatch(/^Game 2: /);
    expect(TEXT.slice(broken?.errors[0]?.offset ?? 0).startsWith('Kd3')).toBe(true);
  });

  it('reads whole what it cannot place (games without tags)', () => {
    expect(readPgnLazily('1. e4 e5 *\n\n1. d4 d5 *')).toBeUndefined();
  });
});
