import { setupToJson, squareName, STANDARD } from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { RELATION, parseHoldings, parseStyle12, writeHoldings, writeStyle12, type Style12 } from './index.js';
import { HOLDINGS_EXAMPLES, STYLE12_EXAMPLES } from './testing/examples.js';

function parsed(line: string, options?: Parameters<typeof parseStyle12>[1]): Style12 {
  const result = parseStyle12(line, options);
  if (!result.ok) throw new Error(`${result.error.code} at ${String(result.error.offset)}: ${result.error.message}`);
  return result.value;
}

const ICC = STYLE12_EXAMPLES[0]?.line ?? '';

describe('the example lines of the specs and notes', () => {
  test.each(STYLE12_EXAMPLES.map((e) => [e.source, e.line]))('%s round-trips', (_source, line) => {
    expect(writeStyle12(parsed(line))).toBe(line);
  });
  test.each(HOLDINGS_EXAMPLES.map((e) => [e.source, e.line]))('%s round-trips', (_source, line) => {
    const result = parseHoldings(line);
    expect(result.ok && writeHoldings(result.value)).toBe(line);
  });
});

describe('parseStyle12', () => {
  test('reads every field of the ICC help example', () => {
    const record = parsed(ICC);
    const { setup, ...rest } = record;
    expect(rest).toEqual({
      gameNumber: 7,
      whiteName: 'Quimbee',
      blackName: 'Darooha',
      relation: 1,
      initialTimeMinutes: 2,
      incrementSeconds: 12,
      whiteStrength: 39,
      blackStrength: 39,
      whiteRemainingMs: 119_000,
      blackRemainingMs: 122_000,
      clockUnit: 'seconds',
      verboseMove: 'K/e1-e2',
      moveTimeText: '0:06',
      moveTimeMs: 6000,
      sanMove: 'Ke2',
      flip: false,
      clockTicking: undefined,
      lagMs: undefined,
      extraFields: [],
    });
    const json = setupToJson(setup);
    expect(json.turn).toBe('black');
    expect(json.castlingRooks).toEqual(['a8', 'h8']);
    expect(json.epSquares).toEqual([]);
    expect(json.halfmoves).toBe(0);
    expect(json.fullmoves).toBe(2);
    expect(json.board['e2']).toBe('K');
    expect(json.board['f6']).toBe('n');
    expect(json.board['e4']).toBe('P');
    expect(Object.keys(json.board)).toHaveLength(32);
  });

  test('reads milliseconds from a move time with a fraction, the FICS additions and extra fields', () => {
    const ms = parsed(`${STYLE12_EXAMPLES[2]?.line ?? ''} x y`);
    expect([ms.clockUnit, ms.whiteRemainingMs, ms.moveTimeMs, ms.clockTicking, ms.lagMs, ms.extraFields]).toEqual([
      'milliseconds',
      60_000,
      0,
      false,
      0,
      ['x', 'y'],
    ]);
    expect(ms.relation).toBe(RELATION.playingOpponentToMove);
  });

  test('the double-push file gives the ep square behind the pawn', () => {
    const white = parsed(ICC.replace('B -1', 'W 3'));
    expect(white.setup.epSquares.map((s) => squareName(STANDARD, s))).toEqual(['d6']);
    const black = parsed(ICC.replace('B -1', 'B 0'));
    expect(black.setup.epSquares.map((s) => squareName(STANDARD, s))).toEqual(['a3']);
  });

  test('skips line ends, BELs and a prompt around the line; offsets index the input', () => {
    expect(writeStyle12(parsed(`\x07\n\rfics% ${ICC}\n\r`))).toBe(ICC);
    const bad = parseStyle12(`\rfics% ${ICC.replace(' B ', ' X ')}`);
    expect(bad.ok ? undefined : bad.error).toMatchObject({
      code: 'turn',
      field: 9,
      offset: 7 + ICC.indexOf(' B ') + 1,
    });
  });

  test('a second blank before any token, or a blank ending the line, is a whitespace fault at that blank', () => {
    const tokens = ICC.split(' ');
    for (let field = 1; field < tokens.length; field++) {
      const before = tokens.slice(0, field).join(' ');
      const result = parseStyle12(`${before}  ${tokens.slice(field).join(' ')}`);
      expect(result.ok ? undefined : result.error, `token ${String(field)}`).toMatchObject({
        code: 'whitespace',
        field,
        offset: before.length + 1,
      });
    }
    const trailing = parseStyle12(`${ICC} \r\n`);
    expect(trailing.ok ? undefined : trailing.error).toMatchObject({
      code: 'whitespace',
      field: tokens.length,
      offset: ICC.length,
    });
    // Before the tag, a blank is not a token's: the tag is wrong.
    const prompt = parseStyle12(`fics%  ${ICC}`);
    expect(prompt.ok ? undefined : prompt.error).toMatchObject({ code: 'tag', field: 0, offset: 6 });
  });

  test('never throws on values that are not strings', () => {
    for (const value of [undefined, null, 12, {}, []]) {
      const result = parseStyle12(value as unknown as string);
      expect(result.ok ? undefined : result.error.code).toBe('tag');
    }
  });
});

describe("castling flags follow board-core's outermost-rook rule", () => {
  test('the search from the corner stops at the first king of the colour', () => {
    const line = (rank1: string): string =>
      `<12> ----k--- -------- -------- -------- -------- -------- -------- ${rank1} W -1 1 1 0 0 0 7 A B 1 2 12 39 39 119 122 2 none (0:00) none 0`;
    expect(setupToJson(parsed(line('-R--K-R-')).setup).castlingRooks).toEqual(['b1', 'g1']);
    // Two white kings: h-side, the rook beyond g1's king is none, so the corner.
    expect(setupToJson(parsed(line('--K-R-K-')).setup).castlingRooks).toEqual(['a1', 'h1']);
    // No king on the back rank: the corners.
    expect(setupToJson(parsed(line('-R----R-')).setup).castlingRooks).toEqual(['a1', 'h1']);
  });
});
