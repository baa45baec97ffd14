import { STANDARD, moveToJson, parseSan, parseVerbose, unwrap, type Move, type Setup } from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { lastMove, parseStyle12, style12FromSetup, type Style12 } from './index.js';
import { START, gameLines, setupOf } from './testing/games.js';
import { STYLE12_EXAMPLES } from './testing/examples.js';

const record = (line: string): Style12 => unwrap(parseStyle12(line));
const json = (move: Move) => moveToJson(STANDARD, move);

/** The records of a game and, for each move, the move read with and without the position before. */
function readAll(start: Setup, sans: readonly string[]) {
  const records = gameLines(start, sans).map(record);
  return records.slice(1).map((after, k) => {
    const before = (records[k] as Style12).setup;
    return {
      alone: lastMove(after),
      structural: lastMove(after, { before }),
      ruled: lastMove(after, { before, parseVerbose, parseSan }),
    };
  });
}

describe('lastMove', () => {
  test('reads the ICC help example from the record alone', () => {
    const move = lastMove(record(STYLE12_EXAMPLES[0]?.line ?? ''));
    expect(move.ok && json(move.value)).toEqual({ kind: 'normal', from: 'e1', to: 'e2' });
  });

  test('agrees with the rules on castling both ways, en passant, promotions and captures', () => {
    const sans = [
      'e4',
      'Nf6',
      'e5',
      'd5',
      'exd6',
      'exd6',
      'Nf3',
      'Be7',
      'Bc4',
      'O-O',
      'O-O',
      'Nc6',
      'd4',
      'Bg4',
      'Nc3',
      'Qd7',
      'Bf4',
      'Rae8',
    ];
    for (const { structural, ruled } of readAll(START, sans)) {
      expect(structural).toEqual(ruled);
    }
    const ep = readAll(START, sans)[4];
    expect(ep?.ruled.ok && json(ep.ruled.value)).toEqual({ kind: 'enPassant', from: 'e5', to: 'd6', captured: 'd5' });
    const alone = ep?.alone;
    expect(alone && !alone.ok ? alone.error.code : undefined).toBe('ambiguous');
    const long = readAll(START, sans).at(-1);
    expect(long?.alone.ok && json(long.alone.value)).toEqual({ kind: 'normal', from: 'a8', to: 'e8' });
  });

  test('castling read alone is standard castling', () => {
    const short = readAll(START, ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'O-O']).at(-1);
    expect(short?.alone).toEqual(short?.ruled);
  });

  test('promotion: from "=X", or from the SAN field when the verbose move lacks it (FICS 1.x)', () => {
    const start = setupOf({ a7: 'P', g7: 'k', g2: 'K' });
    const [knight] = readAll(start, ['a8=N']);
    expect(knight?.alone.ok && json(knight.alone.value)).toEqual({
      kind: 'normal',
      from: 'a7',
      to: 'a8',
      promotion: 'knight',
    });
    const after = record(gameLines(start, ['a8=N'])[1] ?? '');
    const bare = { ...after, verboseMove: 'P/a7-a8' };
    expect(lastMove(bare)).toEqual(knight?.alone);
    expect(lastMove(bare, { before: start, parseVerbose })).toEqual(knight?.ruled);
  });

  test('drops', () => {
    const before = setupOf({ e8: 'k', e1: 'K' }, 'white', { white: 'N', black: '' });
    const after = setupOf({ e8: 'k', f3: 'N', e1: 'K' }, 'black', { white: '', black: '' });
    const rec = style12FromSetup(after, {
      gameNumber: 1,
      whiteName: 'a',
      blackName: 'b',
      verboseMove: 'N/@@-f3',
      sanMove: 'N@f3',
    });
    expect(lastMove(rec)).toEqual(lastMove(rec, { before, parseVerbose }));
    expect(lastMove(rec).ok && json(unwrap(lastMove(rec)))).toEqual({ kind: 'drop', role: 'knight', to: 'f3' });
  });

  test('falls back to the SAN field when the verbose move does not read', () => {
    const [first] = gameLines(START, ['e4']).slice(1).map(record);
    const broken = { ...(first as Style12), verboseMove: 'P/e2-e9' };
    expect(lastMove(broken, { before: START, parseVerbose, parseSan }).ok).toBe(true);
    expect(lastMove(broken, { before: START, parseVerbose }).ok).toBe(false);
  });

  test('a move from a square that was empty before it is no-piece, even without the rules', () => {
    // After 1. e4 e5 a knight "moves" from g4, empty in the position before: N/g4-f3 onto a board with a knight on f3.
    const [before, after] = gameLines(START, ['e4', 'e5', 'Nf3']).map(record).slice(2);
    const forged = { ...(after as Style12), verboseMove: 'N/g4-f3' };
    const read = lastMove(forged, { before: (before as Style12).setup });
    expect(read).toMatchObject({ ok: false, error: { code: 'no-piece', field: 'from', offset: 2 } });
    expect(lastMove(after as Style12, { before: (before as Style12).setup }).ok).toBe(true);
  });

  test('reports none, syntax, squares and a board that disagrees', () => {
    const start = record(gameLines(START, [])[0] ?? '');
    const codes = ['none', 'X/e2-e4', 'P-e2-e4', 'P/e9-e4', 'P/e2+e4', 'P/e2-e4=', 'P/e2-e5', 'x'.repeat(40)].map(
      (verboseMove) => {
        const result = lastMove({ ...start, verboseMove });
        return result.ok ? 'ok' : result.error.code;
      },
    );
    expect(codes).toEqual([
      'no-move',
      'unknown-role',
      'syntax',
      'unknown-square',
      'syntax',
      'syntax',
      'piece-mismatch',
      'too-long',
    ]);
  });
});
