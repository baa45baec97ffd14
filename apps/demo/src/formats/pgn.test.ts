import { describe, expect, it } from 'vitest';
import { writeFen } from '@chess-formats/fen';
import { detectFormat } from './registry.js';
import type { PgnGame } from '@chess-formats/pgn';
import { textFormat } from './list.js';
import { PGN_ADAPTER, readPgn } from './pgn.js';

describe('the PGN adapter', () => {
  it('reads the example: one game, its tags as fields, the main line position by position with clocks', () => {
    const view = readPgn(PGN_ADAPTER.example);
    expect(view.errors).toEqual([]);
    const game = view.session?.games[0];
    expect(view.session?.games.length).toBe(1);
    expect(game?.title).toBe('Melanchthon (1841) vs Rookwise (1790), 0-1');
    expect(game?.plies.map((p) => p.san ?? '')).toEqual([
      '',
      'e4',
      'e5',
      'Nf3',
      'Nc6',
      'Bc4',
      'Nd4',
      'Nxe5',
      'Qg5',
      'Nxf7',
      'Qxg2',
      'Rf1',
      'Qxe4+',
      'Be2',
      'Nf3#',
    ]);
    const last = game?.plies.at(-1)?.position;
    expect(last && writeFen(last.setup)).toBe('r1b1kbnr/pppp1Npp/8/8/4q3/5n2/PPPPBP1P/RNBQKR2 w Qkq - 2 8');
    expect(last?.clocks).toEqual({ white: 132_000, black: 160_000 });
    expect(game?.fields?.map((f) => [f.name, f.text])).toContainEqual(['TimeControl', '[TimeControl "180+2"]']);
    expect(game?.fields?.find((f) => f.name === 'TimeControl')?.meaning).toBe(
      'the time control: 3 minutes each, plus 2 seconds a move',
    );
    expect(game?.fields?.find((f) => f.name === 'Result')?.meaning).toBe('the result: Black won');
    for (const field of game?.fields ?? [])
      expect(PGN_ADAPTER.example.indexOf(field.text, field.offset)).toBe(field.offset);
    expect(view.fields).toBe(game?.fields);
    expect(detectFormat(PGN_ADAPTER.example).adapter.name).toBe('pgn');
  });

  it('keeps the variation tree: alternatives with their own numbers, nested, and only the main line stepped', () => {
    const line = readPgn(PGN_ADAPTER.example).session?.games[0]?.record?.line ?? [];
    const nd4 = line[5];
    expect(nd4).toMatchObject({
      san: 'Nd4',
      number: 3,
      white: false,
      nags: [6],
      ply: 6,
      comments: [expect.stringContaining('Blackburne')],
    });
    const variation = nd4?.variations?.[0] ?? [];
    expect(variation.map((m) => [m.san, m.number, m.white, m.ply])).toEqual([
      ['Bc5', 3, false, undefined],
      ['c3', 4, true, undefined],
      ['Nf6', 4, false, undefined],
    ]);
    expect(variation[1]?.variations?.[0]?.map((m) => m.san)).toEqual(['O-O', 'Nf6']);
  });

  it('lists every game of a text, numbers moves from a FEN tag, and titles games without players', () => {
    const view = readPgn(
      '[White "A"]\n[Black "B"]\n\n1. d4 d5 1/2-1/2\n\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12"]\n\n12... Kd7 13. e4 *',
    );
    expect(view.session?.games.map((g) => g.title)).toEqual(['A vs B, 1/2-1/2', 'Game 2, *']);
    expect(view.session?.games[1]?.record?.line.map((m) => `${m.number}${m.white ? '.' : '...'}${m.san}`)).toEqual([
      '12...Kd7',
      '13.e4',
    ]);
    expect(view.session?.games[1]?.fields?.map((f) => f.name)).toEqual(['SetUp', 'FEN']);
    expect(view.notes).toEqual(['The text holds 2 readable games: choose one under the board.']);
  });

  it('places an error with its line and column, the bad move highlighted', () => {
    const text = '[Event "A"]\n\n1. e4 e5 2. Ke3 *';
    const view = readPgn(text);
    // Shown up to the error: the start, e4 and e5, with the error on the game.
    expect(view.positions.length).toBe(3);
    expect(view.session?.games[0]?.error).toMatch(/^Game 1: .*Ke3/);
    expect(view.session?.games[0]?.title).toBe('Game 1, * (broken: up to its error)');
    expect(view.notes).toEqual(['The game is broken (see Errors): it is shown up to its error.']);
    expect(view.errors).toEqual([
      {
        code: 'illegal-move',
        field: 'movetext',
        message: expect.stringMatching(/^Game 1: .*Ke3/),
        offset: 25,
        length: 3,
        line: 3,
        column: 13,
      },
    ]);
    expect(text.slice(25, 28)).toBe('Ke3');
    expect(readPgn('').errors[0]?.code).toBe('no-game');
  });

  it('claims broken PGN the list does not, so that its errors come from the PGN reader', () => {
    expect(detectFormat('[Event Casual]\n\n1. e4 *').adapter.name).toBe('pgn');
    expect(readPgn('[Event Casual]\n\n1. e4 *').errors[0]).toMatchObject({ code: 'tag-syntax', line: 1, column: 1 });
    expect(detectFormat('$1 1. e4 *').adapter.name).toBe('pgn');
    expect(PGN_ADAPTER.detect('hello there')).toBe(0);
    expect(PGN_ADAPTER.detect('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toBe(0);
  });

  it('shows the good games of a database with broken ones, and lists each broken game by line and column', () => {
    const text = [
      '[Event "First"]\n[White "Alice"]\n[Black "Bob"]\n\n1. e4 e5 2. Nf3 1-0',
      '[Event "Second"]\n[White "Carol"]\n[Black "Dave"]\n\n1. d4 d5 2. Ke3 *',
      '[Event "Third"]\n[White "Erin"]\n[Black "Frank"]\n\n1. c4 e5 0-1',
      '[Event Fourth]\n\n1. e4 *',
    ].join('\n\n');
    const view = readPgn(text);
    expect(view.session?.games.map((g) => [g.id, g.title])).toEqual([
      ['1', 'Alice vs Bob, 1-0'],
      ['2', 'Carol vs Dave, * (broken: up to its error)'],
      ['3', 'Erin vs Frank, 0-1'],
    ]);
    // The game broken in its moves is there up to its error; the one broken in its tags is not.
    expect(view.session?.games[1]?.plies.map((p) => p.san ?? '')).toEqual(['', 'd4', 'd5']);
    expect(view.session?.games[1]?.pgnRoot?.children[0]?.san).toBe('d4');
    expect(view.session?.games[2]?.plies.map((p) => p.san ?? '')).toEqual(['', 'c4', 'e5']);
    expect(
      view.errors.map((e) => [e.code, e.field, e.line, e.column, text.slice(e.offset, e.offset + e.length)]),
    ).toEqual([
      ['illegal-move', 'movetext', 11, 13, 'Ke3'],
      ['tag-syntax', 'tag pairs', 19, 1, '['],
    ]);
    expect(view.errors[0]?.message).toMatch(/^Game 2: /);
    expect(view.notes[0]).toBe(
      '2 of the 4 games are broken (line 11, line 19; see Errors): 1 of them is shown up to the error, the other 2 in full.',
    );
    // The third game's tags are its own, not those of the broken game before it.
    const third = view.session?.games[2]?.fields ?? [];
    expect(third.map((f) => f.text)).toEqual(['[Event "Third"]', '[White "Erin"]', '[Black "Frank"]']);
    for (const field of third) expect(text.indexOf(field.text, field.offset)).toBe(field.offset);
    expect(view.positions.length).toBe(4);
    expect(detectFormat(text).adapter.name).toBe('pgn');
  });

  it("names the field of an error as the list's descriptor does", () => {
    const pgnFormat = textFormat<readonly PgnGame[]>('pgn');
    for (const text of [
      '[Event "A"]\n\n1. e4 e5 2. Ke3 *',
      '[Event A]\n\n1. e4 *',
      '[Variant "Shatranj"]\n\n1. e4 *',
      '1. e4 ) *',
    ]) {
      const whole = pgnFormat.parse(text);
      const view = readPgn(text);
      if (whole.ok) throw new Error(`${text} reads`);
      expect(view.errors[0]?.field, text).toBe(pgnFormat.fields[whole.error.field]);
    }
  });

  it('reads [%cal], [%csl] and [%eval] into each ply, and leaves them out of the comments it shows', () => {
    const text = [
      '{ [%csl Ge4] the start }',
      '1. e4 { [%eval 0.35] [%cal Ge7e5,Rd7d5] [%clk 0:03:00] a good move } 1... e5 { [%eval #-3,20] }',
      '(1... c5 { [%cal Bg1f3] Sicilian }) 2. Nf3 *',
    ].join('\n');
    const view = readPgn(text);
    expect(view.errors).toEqual([]);
    const game = view.session?.games[0];
    const plies = game?.plies.map((p) => p.position.annotations);
    expect(plies?.[0]).toEqual({ arrows: [], circles: [{ square: 'e4', color: 'green' }] });
    expect(plies?.[1]).toEqual({
      arrows: [
        { from: 'e7', to: 'e5', color: 'green' },
        { from: 'd7', to: 'd5', color: 'red' },
      ],
      circles: [],
      evaluation: { kind: 'pawns', pawns: 0.35 },
    });
    expect(plies?.[2]?.evaluation).toEqual({ kind: 'mate', moves: 3, whiteMates: false, depth: 20 });
    expect(plies?.[3]).toBeUndefined();
    // The clock is still the PGN reader's; the shown comments keep only the words.
    expect(game?.plies[1]?.position.clocks).toEqual({ white: 180_000 });
    expect(game?.record?.comments).toEqual(['the start']);
    expect(game?.record?.line[0]?.comments).toEqual(['a good move']);
    expect(game?.record?.line[1]?.comments).toBeUndefined();
    expect(game?.record?.line[1]?.variations?.[0]?.[0]?.comments).toEqual(['Sicilian']);
    expect(JSON.stringify(game?.record)).not.toMatch(/%(cal|csl|eval)/);
  });
});
