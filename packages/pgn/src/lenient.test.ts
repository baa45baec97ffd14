import { describe, expect, test } from 'vitest';
import { PGN_WARNING_CODES } from './errors.js';
import { mainline, type PgnGame } from './game.js';
import { pgnFormat } from './format.js';
import { createPgnReader, parsePgn, type PgnGameFailure, type PgnReadOptions } from './read.js';
import { writePgn } from './write.js';

function only(text: string, options?: PgnReadOptions): PgnGame {
  const results = parsePgn(text, options);
  expect(results).toHaveLength(1);
  const [result] = results;
  if (!result?.ok) throw new Error(`expected a game, got ${JSON.stringify(result)}`);
  return result.value;
}

/** The codes of a game's warnings, in order. */
function codes(game: PgnGame): string[] {
  return (game.warnings ?? []).map((w) => w.code);
}

/** The game written and read back: the standard form, with no warning left. */
function readBack(game: PgnGame): PgnGame {
  const again = only(writePgn(game));
  expect(again.warnings).toBeUndefined();
  return again;
}

describe('warnings', () => {
  test('a game read from standard text has no warnings key at all', () => {
    expect('warnings' in only('[Event "A"]\n\n1. e4 e5 1/2-1/2\n')).toBe(false);
  });
  test('the codes are listed, frozen', () => {
    expect(Object.isFrozen(PGN_WARNING_CODES)).toBe(true);
  });
});

describe('1/2 as the draw marker', () => {
  test('ends the game as 1/2-1/2, with a warning where it stands', () => {
    const g = only('[Result "1/2"]\n\n1. e4 e5 1/2\n');
    expect(g.result).toBe('1/2-1/2');
    expect([...mainline(g)]).toHaveLength(2);
    expect(g.warnings).toEqual([
      { code: 'short-draw', line: 3, column: 10, offset: 25, message: '"1/2" read as the draw 1/2-1/2' },
    ]);
    // The tag keeps the value as written; the movetext is written in the standard form.
    expect(g.tags.get('Result')).toBe('1/2');
    expect(writePgn(g)).toContain('1. e4 e5 1/2-1/2');
    expect(readBack(g).result).toBe('1/2-1/2');
  });
  test('ends the game, so the next one reads apart, and works with tags only', () => {
    const text = '1. d4 d5 1/2\n1. e4 *';
    expect(parsePgn(text).map((r) => r.ok && r.value.result)).toEqual(['1/2-1/2', '*']);
    expect(parsePgn(text, { tagsOnly: true }).map((r) => r.ok && codes(r.value))).toEqual([['short-draw'], []]);
  });
});

describe('a } with no comment open', () => {
  test('is passed over with a warning; the moves around it read', () => {
    const g = only('1. e4 { good } } e5 2. Nf3 *');
    expect([...mainline(g)].map((step) => step.node.san)).toEqual(['e4', 'e5', 'Nf3']);
    expect(codes(g)).toEqual(['stray-brace']);
    expect(g.warnings?.[0]?.column).toBe(16);
    expect(readBack(g).root.children[0]?.comments).toEqual(['good']);
    // Inside a comment it is the comment's end, as always.
    expect(codes(only('1. e4 {a} e5 *'))).toEqual([]);
  });
});

describe('unescaped quotes in a tag value', () => {
  test('the value runs to the quote that `]` follows', () => {
    const g = only('[White ""Socrates Expert""]\n[Black "a "b" c" ]\n\n1. e4 *');
    expect(g.tags.get('White')).toBe('"Socrates Expert"');
    expect(g.tags.get('Black')).toBe('a "b" c');
    expect(g.warnings?.map((w) => [w.code, w.line, w.column])).toEqual([
      ['unescaped-quote', 1, 9],
      ['unescaped-quote', 1, 25],
      ['unescaped-quote', 2, 11],
      ['unescaped-quote', 2, 13],
    ]);
    expect(writePgn(g)).toContain('[White "\\"Socrates Expert\\""]');
    expect(readBack(g).tags).toEqual(g.tags);
  });
  test('a value with no quote before `]` on its line is still a syntax error', () => {
    expect(parsePgn('[White "a"b]\n\n1. e4 *').map((r) => !r.ok && r.error.code)).toEqual(['tag-syntax']);
  });
});

describe('Unicode annotation glyphs', () => {
  test('each reads as the NAG of the standard table, glued or apart', () => {
    const g = only('1. e4‼ e5 ⁇ 2. Nf3⁉ Nc6⁈ 3. Bb5 □ a6 ∞ 4. Ba4 ⩲ Nf6 ⩱ 5. O-O ± Be7 ∓ *');
    expect([...mainline(g)].map((s) => s.node.nags ?? [])).toEqual([
      [3],
      [4],
      [5],
      [6],
      [7],
      [13],
      [14],
      [15],
      [16],
      [17],
    ]);
    expect(codes(g)).toEqual(Array(10).fill('unicode-annotation'));
    expect(g.warnings?.[0]).toEqual({
      code: 'unicode-annotation',
      line: 1,
      column: 6,
      offset: 5,
      message: '"‼" read as the NAG $3',
    });
    expect(writePgn(g)).toContain('1. e4 $3 e5 $4');
    expect(readBack(g).root).toEqual(g.root);
  });
  test('another character, or a glyph before any move, is still an error', () => {
    expect(parsePgn('1. e4 ♔ *').map((r) => !r.ok && r.error.code)).toEqual(['unexpected-token']);
    expect(parsePgn('‼ 1. e4 *').map((r) => !r.ok && r.error.code)).toEqual(['unexpected-token']);
  });
});

describe('an en passant mark after the capture', () => {
  const opening = '1. e4 Nf6 2. e5 d5 3. ';
  test.each([['exd6ep'], ['exd6e.p.'], ['exd6 e.p.'], ['exd6 ep'], ['exd6 e.p'], ['exd6e.p']])('%s', (capture) => {
    const g = only(`${opening}${capture} exd6 *`);
    const steps = [...mainline(g)];
    expect(steps.map((s) => s.node.move?.kind)).toEqual([
      'normal',
      'normal',
      'normal',
      'normal',
      'enPassant',
      'normal',
    ]);
    expect(codes(g)).toEqual(['en-passant-suffix']);
    // At the mark when it stands apart, else at the move.
    expect(g.warnings?.[0]?.offset).toBe(opening.length + capture.indexOf(' ') + 1);
    expect(writePgn(g)).toContain('3. exd6 exd6 *');
    expect(readBack(g).root).toEqual(g.root);
  });
  test('a mark after a move that is no en passant capture is still an error', () => {
    expect(parsePgn('1. e4 d5 2. exd5 e.p. *').map((r) => !r.ok && r.error.code)).toEqual(['illegal-move']);
    expect(parsePgn('1. e4 d5 2. exd5ep *').map((r) => !r.ok && r.error.code)).toEqual(['illegal-move']);
    expect(parsePgn('1. e4 Nf6 2. e5 d5 3. exd6 Nc6 p *').map((r) => !r.ok && r.error.code)).toEqual(['illegal-move']);
  });
});

describe('exports of tags alone', () => {
  const text = '[Event "A"]\n[Result "1-0"]\n\n[Event "B"]\n\n[Event "C"]\n\n1. e4 *\n';
  test('each tag section after a blank line is a game of its own', () => {
    const games = parsePgn(text).map((r) => (r.ok ? r.value : undefined));
    expect(games.map((g) => g?.tags.get('Event'))).toEqual(['A', 'B', 'C']);
    expect(games.map((g) => g?.result)).toEqual(['1-0', '*', '*']);
    expect(games.map((g) => g && codes(g))).toEqual([['no-movetext'], ['no-movetext'], []]);
    expect(games[0]?.warnings?.[0]).toMatchObject({ line: 4, column: 1, offset: 28 });
    expect(parsePgn(text, { tagsOnly: true }).map((r) => r.ok && r.value.tags.get('Event'))).toEqual(['A', 'B', 'C']);
    // Written, a game without moves gets its result, and reads back without a warning.
    expect(readBack(games[1]!).tags).toEqual(games[1]!.tags);
  });
  test('a section that repeats none of the tags before it is more of the same game', () => {
    expect(parsePgn('[Event "A"]\n\n[Site "B"]\n\n1. e4 *').map((r) => r.ok && r.value.tags.size)).toEqual([2]);
  });
});

describe('a broken game keeps what was read', () => {
  test('an illegal move in the main line: the error, with the game up to it as partial', () => {
    const [first, second] = parsePgn('[White "A"]\n\n1. e4 {good} e5 2. Ke3 Nc6 *\n\n[White "B"]\n\n1. d4 *');
    expect(first?.ok).toBe(false);
    if (first?.ok !== false) return;
    expect(first.error).toMatchObject({ code: 'illegal-move', line: 3, column: 20 });
    expect(first.partial?.tags.get('White')).toBe('A');
    expect([...mainline(first.partial!)].map((s) => s.node.san)).toEqual(['e4', 'e5']);
    expect(first.partial?.root.children[0]?.comments).toEqual(['good']);
    // Not enumerable: printing, JSON and deep equality see the error as before.
    expect(Object.keys(first)).toEqual(['ok', 'error']);
    expect(second?.ok && second.value.tags.get('White')).toBe('B');
  });
  test('the streaming reader hands the partial game with the error event', () => {
    const reader = createPgnReader();
    const events = [
      ...reader.push('[White "A"]\n\n1. e4 (1. d4) e5 2. K'),
      ...reader.push('e3 Nc6 *'),
      ...reader.end(),
    ];
    const [event] = events;
    expect(event?.kind === 'error' && event.error.code).toBe('illegal-move');
    if (event?.kind !== 'error') return;
    expect(event.partial?.root.children.map((n) => n.san)).toEqual(['e4', 'd4']);
    expect([...mainline(event.partial!)].map((s) => s.node.san)).toEqual(['e4', 'e5']);
  });
  test('no partial game for a game that cannot be set up, nor one too large', () => {
    const [bad] = parsePgn('[FEN "nonsense"]\n\n1. e4 *');
    expect(bad?.ok === false && bad.partial).toBeUndefined();
    const [large] = parsePgn('[White "A"]\n\n1. e4 e5 2. Nf3 Nc6 *', { maxGameLength: 20 });
    expect(large?.ok === false && large.error.code).toBe('game-too-large');
    expect(large?.ok === false && large.partial).toBeUndefined();
  });
  test("pgnFormat: a broken game of the error's games carries its partial game too", () => {
    const read = pgnFormat.parse('[White "A"]\n\n1. e4 e5 2. Ke3 *');
    const [broken] = read.ok ? [] : read.error.games;
    expect(broken?.ok === false && (broken as PgnGameFailure).partial?.tags.get('White')).toBe('A');
  });
  test('tags only: the partial game has the tags', () => {
    const [broken] = parsePgn('[White "A"]\n\n1. e4 ) *', { tagsOnly: true });
    expect(broken?.ok === false && broken.partial?.tags.get('White')).toBe('A');
  });
});

describe('an illegal move in a side line', () => {
  test('cuts the side line there; the main line and the rest of the game stand', () => {
    const g = only('1. e4 e5 (1... c5 2. Nf3 Kd3 {lost} (2... d6) 3. d4) 2. Nf3 $1 (2. Bc4) Nc6 *');
    expect([...mainline(g)].map((s) => s.node.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    const sicilian = g.root.children[0]?.children[1];
    expect(sicilian?.san).toBe('c5');
    expect(sicilian?.children.map((n) => [n.san, n.children.length])).toEqual([['Nf3', 0]]);
    expect(g.root.children[0]?.children[0]?.children[0]?.nags).toEqual([1]);
    expect(g.root.children[0]?.children[0]?.children.map((n) => n.san)).toEqual(['Nf3', 'Bc4']);
    expect(g.warnings).toEqual([
      {
        code: 'variation-cut',
        line: 1,
        column: 26,
        offset: 25,
        message: '2... "Kd3" is not a legal move here; the side line is cut there',
      },
    ]);
    expect(readBack(g).root).toEqual(g.root);
  });
});

describe('encoding', () => {
  /** `text` as bytes, each character the byte of its code (Latin-1). */
  const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
  const reti = latin1('[White "R\xe9ti"]\n\n1. e4 *\n\n[White "Tal"]\n\n1. d4 *');

  test('UTF-8 by default: bytes that are not are U+FFFD, with a warning where they stand', () => {
    const [first, second] = parsePgn(reti).map((r) => (r.ok ? r.value : undefined));
    expect(first?.tags.get('White')).toBe('R\uFFFDti');
    expect(first?.warnings).toEqual([
      {
        code: 'invalid-utf8',
        line: 1,
        column: 10,
        offset: 9,
        message: 'bytes that are not UTF-8 (0xE9) at byte 9, read as U+FFFD',
      },
    ]);
    expect(second?.warnings).toBeUndefined();
  });
  test("'latin1' reads each byte as its character", () => {
    const games = parsePgn(reti, { encoding: 'latin1' }).map((r) => r.ok && r.value);
    expect(games.map((g) => g && g.tags.get('White'))).toEqual(['Réti', 'Tal']);
    expect(games.map((g) => g && g.warnings)).toEqual([undefined, undefined]);
  });
  test("'auto' reads UTF-8, and Latin-1 from the first bytes that are not", () => {
    const [first] = parsePgn(reti, { encoding: 'auto' }).map((r) => (r.ok ? r.value : undefined));
    expect(first?.tags.get('White')).toBe('Réti');
    expect(codes(first!)).toEqual(['latin1-fallback']);
    const utf8 = new TextEncoder().encode('\uFEFF[White "Réti"]\n\n1. e4 *');
    expect(
      parsePgn(utf8, { encoding: 'auto' }).map((r) => r.ok && [r.value.tags.get('White'), r.value.warnings]),
    ).toEqual([['Réti', undefined]]);
  });
  test('bytes between games warn the next game; a character cut by the end of the input is no character', () => {
    const bytes = new Uint8Array([...latin1('1. e4 *\n%escape \xff\n1. d4 *\n')]);
    const games = parsePgn(bytes).map((r) => r.ok && r.value);
    expect(games).toHaveLength(2);
    expect(games.map((g) => g && codes(g))).toEqual([[], ['invalid-utf8']]);
    const [last] = parsePgn(new Uint8Array([...latin1('[White "A"]\n1. e4 ;'), 0xc3]));
    expect(last?.ok && last.value.warnings?.[0]?.message).toBe(
      'bytes that are not UTF-8 (0xC3) at byte 19, read as U+FFFD',
    );
  });
  test('the same however the bytes are split, for every encoding', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('[White "Zoë"]\n1. e4 *\n'), ...reti, 0xe2, 0x80]);
    for (const encoding of ['utf-8', 'latin1', 'auto'] as const) {
      const whole = createPgnReader({ encoding });
      const expected = [...whole.push(bytes), ...whole.end()];
      for (let cut = 0; cut <= bytes.length; cut++) {
        for (const step of [1, 2, 3]) {
          const reader = createPgnReader({ encoding });
          const events = [...reader.push(bytes.subarray(0, cut))];
          for (let i = cut; i < bytes.length; i += step) events.push(...reader.push(bytes.subarray(i, i + step)));
          events.push(...reader.end());
          expect(events).toEqual(expected);
        }
      }
    }
  });
});

/** The events of `text` pushed whole, and pushed in pieces of every size from 1 to 4 at every first cut. */
function sameHoweverSplit(text: string): void {
  const whole = createPgnReader();
  const expected = [...whole.push(text), ...whole.end()];
  for (let cut = 0; cut <= text.length; cut++) {
    for (const step of [1, 2, 4]) {
      const reader = createPgnReader();
      const events = [...reader.push(text.slice(0, cut))];
      for (let i = cut; i < text.length; i += step) events.push(...reader.push(text.slice(i, i + step)));
      events.push(...reader.end());
      expect(events).toEqual(expected);
    }
  }
}

describe('a tag value on the line after its name', () => {
  test('is read: the import format separates the tokens of a tag pair by any white space', () => {
    const g = only('[Event "A"]\r\n[PlyCount \r\n"2"]\n\n1. e4 e5 *');
    expect(g.tags.get('PlyCount')).toBe('2');
    expect(codes(g)).toEqual([]);
    // Lines are counted across it: the error after it is placed on its own line.
    const [broken] = parsePgn('[PlyCount\n"2"]\n\n1. e5 *');
    expect(broken?.ok === false && [broken.error.line, broken.error.column]).toEqual([4, 4]);
    // A name with no value at all is still an error.
    expect(parsePgn('[PlyCount\n[Event "A"]\n\n1. e4 *')[0]?.ok).toBe(false);
    sameHoweverSplit('[PlyCount \r\n"2"]\n\n1. e4 e5 *');
  });
});

describe('a backslash before the quote that closes a tag value', () => {
  test('is kept in the value, with a warning at the backslash; the writer escapes it', () => {
    const g = only('[Event "Open \\"]\n[Site "Madrid"]\n\n1. e4 *');
    expect(g.tags.get('Event')).toBe('Open \\');
    expect(g.tags.get('Site')).toBe('Madrid');
    expect(g.warnings).toEqual([
      {
        code: 'backslash-quote',
        line: 1,
        column: 14,
        offset: 13,
        message: 'a backslash before the quote that closes tag Event, kept in the value',
      },
    ]);
    expect(writePgn(g)).toContain('[Event "Open \\\\"]');
    expect(readBack(g).tags.get('Event')).toBe('Open \\');
    // An escaped quote inside the value is still a quote; one that is not followed by `]` alone is still an error.
    expect(only('[Event "a \\"b\\" c"]\n\n1. e4 *').tags.get('Event')).toBe('a "b" c');
    expect(parsePgn('[Event "a \\"b]x\n\n1. e4 *')[0]?.ok).toBe(false);
    sameHoweverSplit('[Event "Open \\"] \r\n\n1. e4 *');
  });
});

describe('German piece letters', () => {
  test('S, L, T, D read as N, B, R, Q, the node keeping the SAN; B stays the bishop', () => {
    const g = only('1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. O-O Sf6 5. Te1 *');
    expect([...mainline(g)].map((step) => step.node.san)).toEqual([
      'e4',
      'e5',
      'Nf3',
      'Nc6',
      'Bb5',
      'a6',
      'O-O',
      'Nf6',
      'Re1',
    ]);
    expect(codes(g)).toEqual(Array(5).fill('german-piece-letter'));
    expect(g.warnings?.[0]?.message).toBe('"Sf3" read as "Nf3"');
    expect(readBack(g).root.children[0]?.san).toBe('e4');
    const promotion = only('[FEN "8/4P3/8/8/8/8/k7/7K w - - 0 1"]\n\n1. e8=D *');
    expect([...mainline(promotion)][0]?.node.san).toBe('e8=Q');
    // A letter that is no piece in either language is still an illegal move.
    expect(parsePgn('1. Xf3 *')[0]?.ok).toBe(false);
  });
});

describe('a = glued to a move', () => {
  test('is the move and the NAG $10', () => {
    const g = only('1. e4 e5 2. Nf3= Nc6 *');
    const nf3 = [...mainline(g)][2]?.node;
    expect([nf3?.san, nf3?.nags]).toEqual(['Nf3', [10]]);
    expect(codes(g)).toEqual(['glued-annotation']);
    expect(writePgn(g)).toContain('2. Nf3 $10 Nc6');
    // A promotion's `=` is the promotion's: `e8=` with no piece is still an illegal move.
    expect(parsePgn('[FEN "8/4P3/8/8/8/8/k7/7K w - - 0 1"]\n\n1. e8= *')[0]?.ok).toBe(false);
  });
});

describe('HTML line breaks', () => {
  test('`<br />` is a line break: between tags, and two of them a blank line that ends the movetext', () => {
    const text = '[White "A"]<br />[Black "B"]<br /><br />1. e4 e5<br/>2. Nf3 *<BR><br>[White "C"]<br />1. d4 *';
    const games = parsePgn(text).map((r) => (r.ok ? r.value : undefined));
    expect(games.map((g) => g?.tags.get('White'))).toEqual(['A', 'C']);
    expect(games[0]?.tags.get('Black')).toBe('B');
    expect([...mainline(games[0]!)]).toHaveLength(3);
    expect(codes(games[0]!)).toEqual(Array(4).fill('html-line-break'));
    // Those between games go to the next game, as any warning between games does.
    expect(codes(games[1]!)).toEqual(Array(3).fill('html-line-break'));
    expect(games[0]?.warnings?.[0]).toMatchObject({ line: 1, column: 12, offset: 11 });
    sameHoweverSplit(text);
  });
  test('any other `<` is the error it was', () => {
    const [result] = parsePgn('1. e4 <b> e5 *');
    expect(result?.ok === false && [result.error.code, result.error.column]).toEqual(['unexpected-token', 7]);
    const [cut] = parsePgn('1. e4 <br');
    expect(cut?.ok === false && cut.error.code).toBe('unexpected-token');
    sameHoweverSplit('1. e4 <b> e5 *\n\n1. d4 <brrrrrrrrr> *\n1. c4 <br');
  });
});
