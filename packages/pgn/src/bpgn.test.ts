import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BPGN_ERROR_CODES, createBpgnReader, parseBpgn, writeBpgn, type BpgnError, type BpgnGame } from './bpgn.js';

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const REAL = ['../../../../shared', '../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'real', 'variants', 'fatics__data_bughouse.bpgn'))
  .find((file) => existsSync(file));

const TAGS = '[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"]\n';

function one(text: string): BpgnGame {
  const [read, ...rest] = parseBpgn(text);
  expect(rest).toEqual([]);
  if (!read?.ok) throw new Error(`not read: ${JSON.stringify(read)}`);
  return read.value;
}

function failure(text: string): BpgnError {
  const [read] = parseBpgn(text);
  if (read === undefined || read.ok) throw new Error(`read: ${text}`);
  return read.error;
}

describe('parseBpgn', () => {
  it('reads tags, both boards in the order played, clocks and the end comment', () => {
    const game = one(
      `${TAGS}1A. e4 {180} 1B. d4 {179.5} 1a. d5 {179} 2A. exd5 {178} {a comment}\n1b. e6 {175} {b won} 1-0`,
    );
    expect([...game.tags.keys()]).toEqual(['WhiteA', 'BlackA', 'WhiteB', 'BlackB']);
    expect(game.moves.map((m) => `${m.board}${m.color === 'white' ? 'w' : 'b'}:${m.san}:${m.clock}`)).toEqual([
      'Aw:e4:180',
      'Bw:d4:179.5',
      'Ab:d5:179',
      'Aw:exd5:178',
      'Bb:e6:175',
    ]);
    expect(game.moves[3]?.comments).toEqual(['a comment']);
    expect(game.moves[4]?.comments).toEqual(['b won']);
    expect(game.result).toBe('1-0');
  });

  it('passes a captured piece to the other board, in its own colour, for the captor’s partner to drop', () => {
    // White takes a black pawn on board A: Black of board B (White A's partner) holds it.
    const game = one(`${TAGS}1A. e4 1B. d4 1a. d5 2A. exd5 1b. P@e5 *`);
    expect(game.boards.A.pockets?.white.pawn).toBe(0);
    expect(game.boards.B.pockets?.black.pawn).toBe(0);
    expect(game.boards.B.board.pieces[36]).toMatchObject({ color: 'black', role: 'pawn' });
    // Before the capture, the drop is not legal: nothing was passed yet.
    const early = failure(`${TAGS}1A. e4 1B. d4 1b. P@e5 *`);
    expect(early.code).toBe('illegal-move');
    expect(early.cause?.code).toBeDefined();
    expect(early.message).toContain('1b. P@e5 on board B');
    // The captor itself gains nothing on its own board.
    expect(failure(`${TAGS}1A. e4 1a. d5 2A. exd5 2a. Nf6 3A. P@e4 *`).code).toBe('illegal-move');
  });

  it('passes a captured promoted piece as a pawn', () => {
    // Board A: a pawn walks to a8 and promotes, and is taken at once; board B's White gets a pawn.
    const moves = '1A. h4 1a. g5 2A. hxg5 2a. Bg7 3A. g6 3a. e6 4A. gxh7 4a. Bf8 5A. hxg8=Q 5a. Rxg8';
    const game = one(`${TAGS}${moves} *`);
    expect(game.boards.B.pockets?.white).toMatchObject({ pawn: 1, queen: 0 });
    expect(game.boards.B.pockets?.black).toMatchObject({ pawn: 2, knight: 1 });
  });

  it('reports what it cannot read, with where, and goes on with the next match', () => {
    expect(failure(`${TAGS}e4 *`)).toMatchObject({ code: 'missing-board', line: 2, column: 1 });
    expect(failure(`${TAGS}1a. e4 *`).code).toBe('wrong-turn');
    expect(failure(`${TAGS}1A. e5 *`)).toMatchObject({ code: 'illegal-move', line: 2, column: 5 });
    expect(failure(`${TAGS}1A. e4 {179`).code).toBe('unterminated-comment');
    expect(failure(`${TAGS}1A. e4 (1A. d4) *`).code).toBe('unexpected-token');
    // After the result, the next match starts (a match needs no tags).
    expect(parseBpgn(`${TAGS}1A. e4 * 1a. e5`).map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['ok', 'wrong-turn']);
    expect(parseBpgn('1A. e4 1-0 1A. d4 0-1').map((r) => r.ok && r.value.result)).toEqual(['1-0', '0-1']);
    expect(failure('[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n1A. e4 *').code).toBe('unsupported-setup');
    expect(failure('[Event "x]\n1A. e4 *').code).toBe('tag-syntax');
    const texts = parseBpgn(`${TAGS}1A. e5 *\n\n${TAGS}1A. e4 *\n`);
    expect(texts.map((r) => r.ok)).toEqual([false, true]);
    expect(texts[1]?.ok && texts[1].value.moves.length).toBe(1);
    const [, second] = parseBpgn(`${TAGS}1A. e4 *\n\n${TAGS}1A. e5 *\n`);
    expect(second).toMatchObject({
      ok: false,
      error: { code: 'illegal-move', line: 5, offset: TAGS.length * 2 + 14, column: 5 },
    });
    for (const code of [failure(`${TAGS}1A. e5 *`).code]) expect(BPGN_ERROR_CODES).toContain(code);
  });

  it('keeps a [ inside a comment or a tag value in its match', () => {
    const games = parseBpgn(`[Event "a [b"]\n1A. e4 {x\n[y} 1a. e5 *\n[Event "c"]\n1B. d4 *`);
    expect(games.map((g) => g.ok && g.value.moves.length)).toEqual([2, 1]);
    expect(games[0]?.ok && games[0].value.moves[0]?.comments).toEqual(['x\n[y']);
  });

  it('skips a match longer than the limit, and reads the next', () => {
    const long = `${TAGS}1A. e4 {${'x'.repeat(200)}} *\n`;
    const read = parseBpgn(`${long}${TAGS}1A. d4 *`, { maxGameLength: 150 });
    expect(read.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['game-too-large', 'ok']);
  });

  it('never throws on what is not text', () => {
    expect(parseBpgn(42 as unknown as string)).toMatchObject([{ ok: false, error: { code: 'not-text' } }]);
    const reader = createBpgnReader();
    expect(reader.push({} as unknown as string)).toMatchObject([{ kind: 'error', error: { code: 'not-text' } }]);
  });

  it('reads bytes split anywhere as the text whole', () => {
    const text = `${TAGS}1A. e4 {é} 1a. e5 *`;
    const bytes = new TextEncoder().encode(text);
    const reader = createBpgnReader();
    const events = [...reader.push(bytes.slice(0, 60)), ...reader.push(bytes.slice(60)), ...reader.end()];
    expect(events).toEqual(parseBpgn(text).map((r) => (r.ok ? { kind: 'game', game: r.value } : r)));
  });
});

describe('writeBpgn', () => {
  it('writes tags, numbered moves with their clocks, comments and the result', () => {
    const game = one(`[Event "a \\"b\\""]\n{intro} 1A. e4 {180} 1B. d4 {179} 1a. d5 {x} 1-0`);
    expect(writeBpgn(game)).toBe('[Event "a \\"b\\""]\n\n{intro} 1A. e4 {180} 1B. d4 {179} 1a. d5 {x} 1-0\n');
    expect(parseBpgn(writeBpgn([game, game]))).toEqual([
      { ok: true, value: game },
      { ok: true, value: game },
    ]);
  });
});

describe.skipIf(REAL === undefined)('the real FICS BPGN file (FatICS data/bughouse.bpgn)', () => {
  const text = REAL === undefined ? '' : readFileSync(REAL, 'utf8');

  it('reads all 14 matches, replaying every move and drop of both boards', () => {
    const games = parseBpgn(text);
    expect(games).toHaveLength(14);
    const read = games.map((g) => (g.ok ? g.value : undefined));
    expect(read.every((g) => g !== undefined)).toBe(true);
    // 1,564 numbered moves in the file, 28 boards.
    expect(read.reduce((sum, g) => sum + (g?.moves.length ?? 0), 0)).toBe(1564);
    for (const game of read) expect(game?.result).toBe(game?.tags.get('Result'));
    const first = read[0]!;
    expect(first.tags.get('WhiteB')).toBe('Burgsvik');
    expect(first.moves.at(-1)).toMatchObject({
      board: 'B',
      san: 'Qe8#',
      clock: 107,
      comments: ['AmbiDexter checkmated'],
    });
    // Every drop was of a piece passed by a capture on the other board.
    expect(read.flatMap((g) => g?.moves ?? []).filter((m) => m.move.kind === 'drop').length).toBeGreaterThan(100);
  });

  it('writes what it read, and reads it back the same', () => {
    const games = parseBpgn(text).map((g) => (g.ok ? g.value : undefined));
    const written = writeBpgn(games.filter((g) => g !== undefined));
    expect(parseBpgn(written)).toEqual(games.map((value) => ({ ok: true, value })));
  });
});
