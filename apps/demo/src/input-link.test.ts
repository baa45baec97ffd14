import { describe, expect, it } from 'vitest';
import { unrecognisedHint, unwrapInput } from './input-link.js';

const START_B = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1';

describe('input conveniences', () => {
  it('unwraps the FEN of lichess editor and analysis links', () => {
    expect(
      unwrapInput('https://lichess.org/editor/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_b_KQkq_-_0_1')?.text,
    ).toBe(START_B);
    expect(unwrapInput(' lichess.org/analysis/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR+b+KQkq+-+0+1 \n')?.text).toBe(
      START_B,
    );
    expect(
      unwrapInput(
        'https://lichess.org/analysis/standard/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR%20b%20KQkq%20-%200%201?color=white',
      )?.text,
    ).toBe(START_B);
  });

  it('reads a FEN joined by underscores, and leaves everything else alone', () => {
    expect(unwrapInput('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_b_KQkq_-_0_1')?.text).toBe(START_B);
    expect(unwrapInput(START_B)).toBeUndefined();
    expect(unwrapInput('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1')).toBeUndefined();
    expect(unwrapInput('https://example.org/editor/x')).toBeUndefined();
    expect(unwrapInput('fics% hello_there')).toBeUndefined();
  });

  it('hints at what unrecognised text may be', () => {
    expect(unrecognisedHint('https://example.org/')).toContain('web address');
    expect(unrecognisedHint('♔♕ 日本語 🙂')).toContain('Paste a FEN');
    // PGN is read now (the PGN adapter claims tags and numbered moves, broken or not): listed among what to paste.
    expect(unrecognisedHint('♔♕ 日本語 🙂')).toContain('a PGN game');
  });
});
