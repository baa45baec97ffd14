import { describe, expect, test } from 'vitest';
import { bestGame, isGamesListEnd, parseGamesLine } from './games-list.js';

describe('parseGamesLine', () => {
  test('a FICS game line', () => {
    expect(parseGamesLine('  87 2412 Melanchthon 2389 Rookwise   [ br  3   0]   2:43 -  2:46 (39-39) W:  6')).toEqual({
      game: 87,
      whiteRating: 2412,
      white: 'Melanchthon',
      blackRating: 2389,
      black: 'Rookwise',
    });
  });

  test('an ICC game line', () => {
    expect(
      parseGamesLine(' 42 2288 Vasilisk     2301 Tarrasque    [ B  3  0]  2:51 -  2:44 (39-39) W:  9'),
    ).toMatchObject({
      game: 42,
      whiteRating: 2288,
      blackRating: 2301,
    });
  });

  test('unrated and unregistered players count as 0', () => {
    expect(
      parseGamesLine('  44 ++++ GuestWQTZ   ++++ GuestBBDF  [ bu  2  12]   1:58 -  2:30 (39-39) W:  3'),
    ).toMatchObject({
      whiteRating: 0,
      blackRating: 0,
    });
    expect(
      parseGamesLine(' 160 1410 Cobblestone ---- Wickerbee  [ lu  1   0]   0:31 -  0:44 (30-35) W: 19'),
    ).toMatchObject({
      blackRating: 0,
    });
  });

  test('examined and private games, and other text, are not candidates', () => {
    expect(parseGamesLine(' 117 (Exam.    0 Ostrogoth      0 Pendragon ) [ uu  0   0] W: 12')).toBeUndefined();
    expect(
      parseGamesLine(' 104 2600 Sequestrix  2610 Hushabye   [pbr  3   0]   2:59 -  2:58 (39-39) W:  2'),
    ).toBeUndefined();
    expect(parseGamesLine('Nightjar(50): anyone for a 5 0?')).toBeUndefined();
    expect(parseGamesLine('')).toBeUndefined();
    expect(parseGamesLine(`1 ${'9'.repeat(1000)}`)).toBeUndefined();
  });
});

test('isGamesListEnd on both servers', () => {
  expect(isGamesListEnd('  8 games displayed (of 162).')).toBe(true);
  expect(isGamesListEnd('  5 games displayed (of 412 in progress).')).toBe(true);
  expect(isGamesListEnd('  1 game displayed.')).toBe(true);
  expect(isGamesListEnd('games displayed')).toBe(false);
});

test('bestGame: highest rating sum, lower number on a tie, none from nothing', () => {
  const game = (n: number, w: number, b: number) => ({
    game: n,
    whiteRating: w,
    white: 'W',
    blackRating: b,
    black: 'B',
  });
  expect(bestGame([game(1, 1500, 1500), game(2, 2000, 1900), game(3, 1950, 1950)])?.game).toBe(2);
  expect(bestGame([game(5, 2000, 2000), game(4, 2100, 1900)])?.game).toBe(4);
  expect(bestGame([])).toBeUndefined();
});
