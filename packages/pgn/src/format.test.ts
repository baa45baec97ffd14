import { setupToJson, standardSetup, type Setup } from '@chess-formats/board-core';
import { parseFen, writeFen } from '@chess-formats/fen';
import { INITIAL_OCPN, parseOcpn } from '@chess-formats/ocpn';
import { describe, expect, test } from 'vitest';
import { pgnFormat } from './format.js';

const fenOf = (text: string): Setup => {
  const read = parseFen(text);
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
};

describe('pgnFormat', () => {
  test('the value is every game of the text; its setup is where the first main line ends', () => {
    const read = pgnFormat.parse('[Event "A"]\n\n1. e4 e5 1-0\n\n[Event "B"]\n\n1. d4 0-1\n');
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.map((game) => game.tags.get('Event'))).toEqual(['A', 'B']);
    expect(writeFen(pgnFormat.setupOf(read.value))).toBe(
      'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2',
    );
    expect(pgnFormat.write(read.value)).toBe('[Event "A"]\n\n1. e4 e5 1-0\n\n[Event "B"]\n\n1. d4 0-1\n');
  });

  test('a text with a broken game is that error, with the field it stands in', () => {
    expect(pgnFormat.parse('[Event "A"]\n\n1. e4 1-0\n\n[Event "B"]\n\n1. e5 *')).toMatchObject({
      ok: false,
      error: { code: 'illegal-move', field: 2, line: 7, column: 4 },
    });
    expect(pgnFormat.parse('[Event A]\n1. e4 *')).toMatchObject({
      ok: false,
      error: { code: 'tag-syntax', field: 1, offset: 0 },
    });
    expect(pgnFormat.fields[2]).toBe('movetext');
  });

  test('the error carries every game of the text, read or broken, so that a viewer shows the good ones', () => {
    const read = pgnFormat.parse(
      '[Event "A"]\n\n1. e4 1-0\n\n[Event B]\n\n1. e4 *\n\n[Event "C"]\n\n1. d4 d5 2. Ke3 *\n\n[Event "D"]\n\n1. c4 *',
    );
    if (read.ok) throw new Error('read');
    expect(read.error).toMatchObject({ code: 'tag-syntax', field: 1, line: 5 });
    expect(
      read.error.games.map((game) =>
        game.ok ? game.value.tags.get('Event') : `${game.error.code} ${game.error.field} ${game.error.line}`,
      ),
    ).toEqual(['A', 'tag-syntax 1 5', 'illegal-move 2 11', 'D']);
    // The first broken game's error is the error itself.
    expect(read.error.games[1]).toEqual({ ok: false, error: { ...read.error, games: undefined } });
  });

  test('a text with no game is an empty list, set up at the start; a non-string reads as no text', () => {
    expect(pgnFormat.parse('')).toEqual({ ok: true, value: [] });
    expect(pgnFormat.parse(42 as unknown as string)).toEqual({ ok: true, value: [] });
    expect(setupToJson(pgnFormat.setupOf([]))).toEqual(setupToJson(standardSetup()));
    expect(pgnFormat.errorCodes).not.toContain('not-text');
  });

  test('fromSetup is a game with no moves from the setup, with SetUp and FEN tags unless it is the start', () => {
    expect(pgnFormat.write(pgnFormat.fromSetup(standardSetup()))).toBe('[Result "*"]\n\n*\n');
    const endgame = fenOf('4k3/8/8/8/8/8/4P3/4K3 b - - 3 40');
    expect(pgnFormat.write(pgnFormat.fromSetup(endgame))).toBe(
      '[Result "*"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40"]\n\n*\n',
    );
    for (const setup of [
      endgame,
      fenOf('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1'),
      fenOf('4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2'),
    ]) {
      const back = pgnFormat.parse(pgnFormat.write(pgnFormat.fromSetup(setup)));
      if (!back.ok) throw new Error(back.error.message);
      expect(setupToJson(pgnFormat.setupOf(back.value))).toEqual(setupToJson(setup));
    }
    const omega = parseOcpn(INITIAL_OCPN);
    if (!omega.ok) throw new Error('ocpn');
    const [game] = pgnFormat.fromSetup(omega.value);
    expect([game?.variant, game?.tags.get('Variant'), game?.tags.get('FEN')]).toEqual(['omega', 'Omega', INITIAL_OCPN]);
  });

  test.each([
    ['a FEN', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
    ['an OCPN', INITIAL_OCPN],
    ['a FENr', 'r2Dq0000k2r/pb1n2bp/1pp2n2/3p1pp1/DQ0050P1PpDP15002/2P1P1P1/PB1NN1BP/R3K1DR55001 Qkq f3 14200 14200'],
    [
      'a style 12 line',
      '<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Newton Einstein 1 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0',
    ],
    ['an ICC stream', '\x19(0 Vasilisk 1\x19)'],
    ['prose', 'hello world'],
    ['a list', '[1, 2, 3]'],
    ['a JSON object', '{"geometry": "standard"}'],
  ])('does not claim %s', (_what, text) => {
    expect(pgnFormat.detect(text)).toBe(0);
  });

  test.each([
    ['tag pairs', '[Event "Casual"]\n[Site "?"]\n\n1. e4 e5 *', 0.95],
    ['movetext alone', '1. e4 e5 2. Nf3 *', 0.95],
    ['movetext from Black', '12...Nf6 13. O-O *', 0.75],
    ['a broken game', '[Event "Casual"]\n\n1. e4 e4 *', 0.75],
  ])('claims %s', (_what, text, score) => {
    expect(pgnFormat.detect(text)).toBe(score);
  });

  test('detection is linear', () => {
    for (const text of [`[Event "${'x'.repeat(1 << 20)}`, `1. ${'e4 '.repeat(1 << 18)}`, `1. ${'('.repeat(1 << 19)}`]) {
      const start = performance.now();
      pgnFormat.detect(text);
      expect(performance.now() - start).toBeLessThan(2000);
    }
  });
});

describe('pgnFormat.spans', () => {
  test('each tag pair a span, each game movetext one span, games counted by the tags after movetext', () => {
    const text = '[White "A"]\n[Result "1-0"]\n\n1. e4 e5\n2. Qh5 1-0\n\n[White "B"]\n\n1. d4 *\n';
    const spans = pgnFormat.spans(text);
    expect(spans.map((span) => [pgnFormat.fields[span.field], text.slice(span.start, span.end), span.meaning])).toEqual(
      [
        ['tag pairs', '[White "A"]', 'White: A'],
        ['tag pairs', '[Result "1-0"]', 'Result: 1-0'],
        ['movetext', '1. e4 e5\n2. Qh5 1-0', '3 plies in the main line, result 1-0'],
        ['tag pairs', '[White "B"]', 'White: B'],
        ['movetext', '1. d4 *', '1 ply in the main line, result *'],
      ],
    );
  });
});
