import { boardDiagram, standardSetup } from '@chess-formats/board-core';
import { expect, test } from 'vitest';
import { formatClock, positionJson, renderGameOver, renderPosition } from './render.js';

const position = {
  game: 87,
  white: 'Melanchthon',
  black: 'Rookwise',
  setup: standardSetup(),
  whiteClockMs: 163_250,
  blackClockMs: -317,
  lastMove: undefined,
};

test('formatClock: minutes, seconds and tenths; hours; a fallen flag; unknown', () => {
  expect(formatClock(163_250)).toBe('2:43.2');
  expect(formatClock(3_723_400)).toBe('1:02:03.4');
  expect(formatClock(-317)).toBe('-0:00.3');
  expect(formatClock(0)).toBe('0:00.0');
  expect(formatClock(undefined)).toBe('?');
});

test('the JSON line carries the game, the FEN and both clocks', () => {
  expect(positionJson(position, 'fics')).toEqual({
    kind: 'position',
    server: 'fics',
    game: 87,
    white: 'Melanchthon',
    black: 'Rookwise',
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    turn: 'white',
    whiteClockMs: 163_250,
    blackClockMs: -317,
    lastMove: null,
  });
  expect(renderPosition(position, 'icc', true)).toMatch(/^\{"kind":"position","server":"icc","game":87,.*\}\n$/);
  expect(renderGameOver(87, '1-0', 'fics', true)).toBe(
    '{"kind":"game-over","server":"fics","game":87,"result":"1-0"}\n',
  );
});

test('the text block: a header, the board (board-core diagram), the FEN, a blank line', () => {
  const text = renderPosition({ ...position, lastMove: 'a6' }, 'fics', false);
  expect(text).toBe(
    'game 87: Melanchthon vs Rookwise, last move a6, white to move, white 2:43.2, black -0:00.3\n' +
      `${boardDiagram(position.setup.board)}\n` +
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\n',
  );
  expect(renderGameOver(87, '1-0', 'fics', false)).toBe('game 87 is over: 1-0\n');
});
