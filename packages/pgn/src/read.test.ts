import { writeSan } from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import { describe, expect, test } from 'vitest';
import { PGN_ERROR_CODES, type PgnError, type PgnErrorCode } from './errors.js';
import { finalSetup, mainline, type PgnGame, type PgnNode } from './game.js';
import { createPgnReader, parsePgn, type PgnReadOptions } from './read.js';

function game(text: string, options?: PgnReadOptions): PgnGame {
  const results = parsePgn(text, options);
  expect(results).toHaveLength(1);
  const [result] = results;
  if (!result?.ok) throw new Error(`expected a game, got ${JSON.stringify(result)}`);
  return result.value;
}

function sans(g: PgnGame): string[] {
  return [...mainline(g)].map(({ before, node }) => (node.move === null ? '--' : writeSan(before, node.move)));
}

describe('tags', () => {
  test('the seven-tag roster and any other, with escapes', () => {
    const g = game('[Event "A \\"big\\" one"]\n[Site "C:\\\\x"] [Custom_Tag "]["]\n[Odd "a\\b"]\n\n*');
    expect([...g.tags]).toEqual([
      ['Event', 'A "big" one'],
      ['Site', 'C:\\x'],
      ['Custom_Tag', ']['],
      ['Odd', 'a\\b'],
    ]);
  });
  test('the last of a repeated tag wins', () => {
    expect(game('[White "a"]\n[White "b"]\n*').tags.get('White')).toBe('b');
  });
  test('the result comes from the movetext, else from the Result tag, else *', () => {
    expect(game('[Result "1-0"]\n1. e4 0-1').result).toBe('0-1');
    expect(game('[Result "1-0"]\n1. e4').result).toBe('1-0');
    expect(game('[Result "?"]\n1. e4').result).toBe('*');
  });
});

describe('lenient movetext', () => {
  test.each([
    ['castling with zeros', '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *', ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'O-O']],
    [
      'long castling with zeros',
      '1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. 0-0-0 0-0-0 *',
      ['d4', 'd5', 'Nc3', 'Nc6', 'Bf4', 'Bf5', 'Qd2', 'Qd7', 'O-O-O', 'O-O-O'],
    ],
    [
      'a missing check mark',
      '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *',
      ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'],
    ],
    ['an extra check mark', '1. e4+ e5# *', ['e4', 'e5']],
    ['an over-qualified move', '1. Ng1f3 Nb8-c6 *', ['Nf3', 'Nc6']],
    ['move numbers glued and with dots', '1.e4 1...e5 2.Nf3 2... Nc6 3 . Bb5 *', ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']],
    ['coordinates where SAN fails', '1. e2e4 e7e5 2. g1f3 *', ['e4', 'e5', 'Nf3']],
    ['a null move', '1. e4 -- 2. d4 Z0 3. Nf3 *', ['e4', '--', 'd4', '--', 'Nf3']],
    ['an escape line at column 0', '%comment 1. d4\n1. e4 %not an escape\n*', undefined],
  ])('%s', (_, text, expected) => {
    if (expected === undefined) {
      // `%` inside a line is no escape: here it is an unexpected token.
      expect(parsePgn(text)[0]).toMatchObject({ ok: false, error: { code: 'unexpected-token', line: 2, column: 7 } });
      expect(parsePgn('%comment 1. d4\n1. e4 *')[0]).toMatchObject({ ok: true });
      return;
    }
    expect(sans(game(text))).toEqual(expected);
  });

  test('promotion with and without =', () => {
    const fen = '[FEN "8/4P1k1/8/8/8/8/1p4K1/8 w - - 0 1"]\n';
    expect(sans(game(`${fen}1. e8=Q b1N *`))).toEqual(['e8=Q', 'b1=N']);
    expect(sans(game(`${fen}1. e8Q b1=N *`))).toEqual(['e8=Q', 'b1=N']);
  });

  test('crazyhouse drops, with and without the pawn letter', () => {
    const g = game('[Variant "Crazyhouse"]\n1. e4 d5 2. exd5 Qxd5 3. P@e6 @e4 *');
    expect(g.variant).toBe('crazyhouse');
    expect(sans(g)).toEqual(['e4', 'd5', 'exd5', 'Qxd5', 'P@e6', 'P@e4']);
  });

  test('NAGs as $n and as suffixes, glued or apart', () => {
    const g = game('1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 $1 *');
    expect([...mainline(g)].map(({ node }) => node.nags)).toEqual([[1], [2], [3], [4], [5], [6], [14, 1]]);
  });

  test('comments in braces and to the end of the line, before and after moves', () => {
    const g = game('{game} 1. e4 {first} {second} ; rest of line } {\n e5 (1... c5 {sicilian}) (; alt\n 1... e6) *');
    expect(g.root.comments).toEqual(['game']);
    const [e4] = g.root.children;
    expect(e4?.comments).toEqual(['first', 'second', 'rest of line } {']);
    expect(e4?.children.map((n) => [n.san, n.comments, n.commentsBefore])).toEqual([
      ['e5', undefined, undefined],
      ['c5', ['sicilian'], undefined],
      ['e6', undefined, ['alt']],
    ]);
  });

  test('clock and elapsed time commands read as milliseconds and taken out of the comment', () => {
    const g = game('1. e4 { [%clk 0:03:00] } e5 {[%emt 0:00:05.25] fast [%clk 1:02:03.5]} *');
    const [a, b] = [...mainline(g)].map(({ node }) => node);
    expect(a).toMatchObject({ clockMs: 180_000 });
    expect(a?.comments).toBeUndefined();
    expect(b).toMatchObject({ emtMs: 5250, clockMs: 3_723_500, comments: ['fast'] });
  });

  test("every node has an array of children of its own, a line's last node too", () => {
    const g = game('1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 *');
    const arrays = new Set<unknown>();
    let nodes = 0;
    const walk = (children: readonly PgnNode[]): void => {
      for (const node of children) {
        nodes++;
        arrays.add(node.children);
        walk(node.children);
      }
    };
    walk(g.root.children);
    expect(nodes).toBe(6);
    expect(arrays.size).toBe(nodes);
  });
  test('variations nested, with the main line going on after them', () => {
    const g = game('1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6)) 2... d6) 2. Nf3 *');
    expect(sans(g)).toEqual(['e4', 'e5', 'Nf3']);
    const c5 = g.root.children[0]?.children[1];
    expect(c5?.san).toBe('c5');
    expect(c5?.children.map((n) => n.san)).toEqual(['Nf3', 'c3']);
    expect(c5?.children[1]?.children.map((n) => n.san)).toEqual(['d5', 'Nf6']);
  });

  test('deep nesting is read without recursion', () => {
    const depth = 50_000;
    const text = `1. e4 ${'(1. e4 '.repeat(depth)}${')'.repeat(depth)} *`;
    const g = game(text, { maxVariationDepth: depth });
    // Each variation is an alternative to the first move, so all of them hang from the root.
    expect(g.root.children).toHaveLength(depth + 1);
  });

  test('games end at a result, at the next tag after movetext, and at a blank line after movetext', () => {
    const results = parsePgn('1. e4 1-0 1. d4\n[Event "b"] 1. c4\n\n1. Nf3 1/2-1/2');
    expect(results.map((r) => r.ok && [r.value.result, sans(r.value)])).toEqual([
      ['1-0', ['e4']],
      ['*', ['d4']],
      ['*', ['c4']],
      ['1/2-1/2', ['Nf3']],
    ]);
  });

  test('a byte-order mark and leading white space are skipped', () => {
    expect(sans(game('\uFEFF  \n  1. e4 *'))).toEqual(['e4']);
  });
});

describe('variants and start positions', () => {
  test('a FEN tag, with or without SetUp', () => {
    const g = game('[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12"]\n12... Kd7 13. e4 *');
    expect(writeFen(finalSetup(g))).toBe('8/3k4/8/8/4P3/8/8/4K3 b - e3 0 13');
  });
  test('Chess960 with X-FEN and Shredder-FEN castling', () => {
    const finals = ['KQkq', 'GDgd'].map((castling) => {
      const g = game(
        `[Variant "Chess960"]\n[FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w ${castling} - 0 1"]\n1. Ng3 Ng6 2. O-O O-O *`,
      );
      expect(g.variant).toBe('chess960');
      return writeFen(finalSetup(g));
    });
    expect(finals).toEqual([
      'nbbr1rkq/pppppppp/6n1/8/8/6N1/PPPPPPPP/NBBR1RKQ w - - 4 3',
      'nbbr1rkq/pppppppp/6n1/8/8/6N1/PPPPPPPP/NBBR1RKQ w - - 4 3',
    ]);
  });
  test('three-check counts checks', () => {
    const g = game('[Variant "Three-check"]\n1. e4 f6 2. Qh5+ *');
    expect(finalSetup(g).remainingChecks).toEqual({ white: 2, black: 3 });
  });
  test('Omega: OCPN in the FEN tag, or the Omega start without one', () => {
    const g = game('[Variant "Omega"]\n1. Wa2 *');
    expect(g.variant).toBe('omega');
    expect(g.setup.board.geometry.name).toBe('omega');
    expect(sans(g)).toEqual(['Wa2']);
  });
});

describe('tags only', () => {
  test('reads tags and results without reading moves', () => {
    const results = parsePgn('[Event "a"]\n1. Qxh7 (1. nonsense) 1-0\n\n[Event "b"]\n1. e4 {x} *', { tagsOnly: true });
    expect(
      results.map((r) => r.ok && [r.value.tags.get('Event'), r.value.result, r.value.root.children.length]),
    ).toEqual([
      ['a', '1-0', 0],
      ['b', '*', 0],
    ]);
  });
});

describe('errors', () => {
  const cases: readonly [PgnErrorCode, string, { line: number; column: number; offset: number }][] = [
    ['tag-syntax', '[Event x]', { line: 1, column: 1, offset: 0 }],
    ['tag-too-long', '[Event "abcdefgh"]', { line: 1, column: 1, offset: 0 }],
    // At the tag's value, not at the first move, which is where the reader finds out.
    ['bad-fen', '[FEN "8/8 w"]\n1. e4 *', { line: 1, column: 7, offset: 6 }],
    ['unknown-variant', '[Variant "Makruk"] *', { line: 1, column: 11, offset: 10 }],
    ['illegal-move', '1. e4 e5 2. Ke3 *', { line: 1, column: 13, offset: 12 }],
    ['unexpected-token', '1. e4 ) *', { line: 1, column: 7, offset: 6 }],
    ['unclosed-variation', '1. e4 (1. d4 *', { line: 1, column: 14, offset: 13 }],
    ['variation-too-deep', '1. e4 (1. d4 (1. c4 (1. b4))) *', { line: 1, column: 21, offset: 20 }],
    ['comment-too-long', '1. e4 {abcdef}', { line: 1, column: 7, offset: 6 }],
    ['unterminated-comment', '1. e4\n {abc', { line: 2, column: 2, offset: 7 }],
    ['bad-nag', '1. e4 $256 *', { line: 1, column: 7, offset: 6 }],
    ['token-too-long', `1. e4 ${'a'.repeat(300)} *`, { line: 1, column: 7, offset: 6 }],
    ['game-too-large', '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *', { line: 1, column: 24, offset: 23 }],
  ];
  const options: PgnReadOptions = { maxTagLength: 7, maxVariationDepth: 2, maxCommentLength: 5, maxGameLength: 20 };
  test.each(cases)('%s', (code, text, where) => {
    expect(parsePgn(text, options)[0]).toEqual({
      ok: false,
      error: {
        code,
        ...where,
        message: expect.any(String),
        ...(code === 'illegal-move' || code === 'bad-fen' ? { cause: expect.anything() } : {}),
      },
    });
  });
  test('not-text', () => {
    expect(parsePgn(undefined as never)).toEqual([
      {
        ok: false,
        error: { code: 'not-text', line: 1, column: 1, offset: 0, message: 'expected PGN text, got a undefined' },
      },
    ]);
  });
  test('every code is tested here', () => {
    expect(new Set([...cases.map(([code]) => code), 'not-text'])).toEqual(new Set(PGN_ERROR_CODES));
  });
  test('the list of codes is frozen', () => {
    expect(Object.isFrozen(PGN_ERROR_CODES)).toBe(true);
  });
  test('a bad game is skipped to the next [Event, the rest is read', () => {
    const results = parsePgn(
      '[Event "a"]\n1. e4 e5 2. Ke3 Nc6 3. Bb5\n[Site "not a start"]\n1. d4\n[Event "b"]\n1. d4 *',
    );
    expect(results.map((r) => (r.ok ? r.value.tags.get('Event') : r.error.code))).toEqual(['illegal-move', 'b']);
  });
  test('or to the blank line after a result', () => {
    const results = parsePgn('1. e4 e5 2. Ke3 Nc6 1-0\n\n1. d4 *');
    expect(results.map((r) => (r.ok ? sans(r.value) : r.error.code))).toEqual(['illegal-move', ['d4']]);
  });
  test('or to a tag after a blank line', () => {
    const results = parsePgn('[Variant "Makruk"] 1. e3 e6\n\n[Variant "Standard"] 1. d4 *');
    expect(results.map((r) => (r.ok ? sans(r.value) : r.error.code))).toEqual(['unknown-variant', ['d4']]);
  });
  test('a bad FEN tag is reported at its value, however the text is split and whether its tag is read whole or char by char', () => {
    // The escaped quote in Event sends the tags through the character-level path.
    const text =
      '[Event "a \\"b\\""]\n[Round "1"]  [FEN  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"]\n\n1. e4 e5 *';
    const expected = { code: 'bad-fen', line: 2, column: 21, offset: 38 };
    expect(parsePgn(text)[0]).toMatchObject({ ok: false, error: expected });
    const reader = createPgnReader();
    const events = [...text].flatMap((char) => reader.push(char)).concat(reader.end());
    expect(events).toMatchObject([{ kind: 'error', error: expected }]);
    // A game without moves reports it at the value too.
    expect(parsePgn('[FEN "8/8/8 w - - 0 1"]')[0]).toMatchObject({
      ok: false,
      error: { code: 'bad-fen', line: 1, column: 7, offset: 6 },
    });
  });
  test('a clock comment over several lines counts its line ends, read whole or char by char', () => {
    const text = '1. e4 {\n[%clk 0:03:00]\n} e5 Ke3 *';
    const expected = { code: 'illegal-move', line: 3, column: 6, offset: 28 };
    expect(parsePgn(text)[0]).toMatchObject({ ok: false, error: expected });
    const reader = createPgnReader();
    expect([...text].flatMap((char) => reader.push(char)).concat(reader.end())).toMatchObject([
      { kind: 'error', error: expected },
    ]);
  });
  test('line and column after a clock comment that holds a line break, whole and in any two chunks', () => {
    // The old fast loop counted the line break inside `{[%clk ...]}` as a column.
    const text = '1. e4 {[%clk\n0:00:01]} e5 2. Ke3 *';
    const where = (error: PgnError) => [error.line, error.column, error.offset];
    const [whole] = parsePgn(text);
    expect(whole?.ok ? undefined : where(whole!.error)).toEqual([2, 17, 29]);
    for (let cut = 0; cut <= text.length; cut++) {
      const reader = createPgnReader();
      const events = [...reader.push(text.slice(0, cut)), ...reader.push(text.slice(cut)), ...reader.end()];
      const errors = events.flatMap((event) => (event.kind === 'error' ? [where(event.error)] : []));
      expect(errors, String(cut)).toEqual([[2, 17, 29]]);
    }
  });
  test('an illegal move names its move number and carries the SAN error', () => {
    expect(parsePgn('1. e4 e5 2. Nf3 Ke7 3. Ke2 Nf6 4. Kd8')[0]).toMatchObject({
      ok: false,
      // The move number, then the move reader's words, saying the move once.
      error: { message: '4. "Kd8" is not a legal move here', cause: { code: 'illegal' } },
    });
  });
});
