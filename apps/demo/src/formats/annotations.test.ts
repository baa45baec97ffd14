import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluationText, evaluationWords, readAnnotations, whiteShare } from './annotations.js';

describe('comment commands: arrows, circles, evaluations', () => {
  it('reads arrows and circles in the four colours and takes the commands out of the text', () => {
    const read = readAnnotations(['[%cal Ge2e4,Rd7d5,Yg1f3,Bb8c6] a plan [%csl Gd4,Re5]', 'next']);
    expect(read.annotations?.arrows).toEqual([
      { from: 'e2', to: 'e4', color: 'green' },
      { from: 'd7', to: 'd5', color: 'red' },
      { from: 'g1', to: 'f3', color: 'yellow' },
      { from: 'b8', to: 'c6', color: 'blue' },
    ]);
    expect(read.annotations?.circles).toEqual([
      { square: 'd4', color: 'green' },
      { square: 'e5', color: 'red' },
    ]);
    expect(read.comments).toEqual(['a plan', 'next']);
  });

  it('reads evaluations in pawns and mates, with or without a depth', () => {
    expect(readAnnotations(['[%eval 0.35]']).annotations?.evaluation).toEqual({ kind: 'pawns', pawns: 0.35 });
    expect(readAnnotations(['[%eval -1.2,22]']).annotations?.evaluation).toEqual({
      kind: 'pawns',
      pawns: -1.2,
      depth: 22,
    });
    expect(readAnnotations(['[%eval #-3]']).annotations?.evaluation).toEqual({
      kind: 'mate',
      moves: 3,
      whiteMates: false,
    });
    expect(readAnnotations(['[%eval #4,30]']).annotations?.evaluation).toEqual({
      kind: 'mate',
      moves: 4,
      whiteMates: true,
      depth: 30,
    });
  });

  it('drops a comment that held only commands, keeps other commands and text as written', () => {
    const read = readAnnotations(['[%eval 0.1] [%csl Ra1]', 'keep [%foo bar] this']);
    expect(read.comments).toEqual(['keep [%foo bar] this']);
    expect(readAnnotations(['plain words']).annotations).toBeUndefined();
    expect(readAnnotations(undefined)).toEqual({ comments: [] });
  });

  it('skips malformed items (but still hides the command), and a repeated arrow is drawn once, last colour', () => {
    const read = readAnnotations(['[%cal Xe2e4,Ge2e9,Ge2e2,Ge2e4,Re2e4] [%csl d4] [%eval big]']);
    expect(read.annotations).toEqual({ arrows: [{ from: 'e2', to: 'e4', color: 'red' }], circles: [] });
    expect(read.comments).toEqual([]);
  });

  it('writes evaluations as GUIs do, in words, and as White’s share of the bar', () => {
    expect(evaluationText({ kind: 'pawns', pawns: 0.35 })).toBe('+0.35');
    expect(evaluationText({ kind: 'pawns', pawns: -2 })).toBe('-2.00');
    expect(evaluationText({ kind: 'pawns', pawns: 0 })).toBe('0.00');
    expect(evaluationText({ kind: 'mate', moves: 3, whiteMates: false })).toBe('#-3');
    expect(evaluationText({ kind: 'mate', moves: 2, whiteMates: true })).toBe('#2');
    expect(evaluationWords({ kind: 'pawns', pawns: 0.35 })).toBe('White is better by 0.35 pawns');
    expect(evaluationWords({ kind: 'mate', moves: 3, whiteMates: false })).toBe('Black mates in 3');
    expect(whiteShare({ kind: 'mate', moves: 3, whiteMates: false })).toBe(0);
    expect(whiteShare({ kind: 'mate', moves: 1, whiteMates: true })).toBe(1);
    expect(whiteShare({ kind: 'pawns', pawns: 0 })).toBe(0.5);
    expect(whiteShare({ kind: 'pawns', pawns: 1 })).toBeGreaterThan(0.55);
    expect(whiteShare({ kind: 'pawns', pawns: -1 })).toBeCloseTo(1 - whiteShare({ kind: 'pawns', pawns: 1 }));
  });

  it('never throws, and what it leaves holds none of the three commands', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 60 }), { minLength: 1, maxLength: 4 }), (comments) => {
        const read = readAnnotations(comments.map((c) => `${c} [%cal Ge2e4] ${c}`));
        expect(read.annotations?.arrows).toBeDefined();
        for (const comment of read.comments) expect(comment).not.toMatch(/\[%(cal|csl|eval)\s[^\]]*\]/);
        const share = read.annotations?.evaluation ? whiteShare(read.annotations.evaluation) : 0.5;
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});
