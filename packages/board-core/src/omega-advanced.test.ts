import { describe, expect, it } from 'vitest';
import { OMEGA, STANDARD, parseSquare } from './geometry.js';
import type { Move } from './move.js';
import type { OmegaAdvancedState } from './omega-advanced.js';
import { piece, type Piece } from './piece.js';
import { legalMoves, play } from './rules.js';
import { parseSan } from './san.js';
import { standardSetup, type Setup } from './setup.js';
import { roleFromLetter, type Role } from './vocabulary.js';

const sq = (name: string): number => parseSquare(OMEGA, name) as number;

const START_STATE: OmegaAdvancedState = {
  guarding: { white: { kingSide: true, queenSide: true }, black: { kingSide: true, queenSide: true } },
  foolInHand: { white: true, black: true },
  lastMoved: { white: undefined, black: undefined },
};

/** The Omega Chess Advanced start, or a position from `{ square: letter }` with the start's state. */
function omega(placement?: Record<string, string>, extra: Partial<Setup> = {}): Setup {
  const letters: Record<string, string> = placement ?? { w1: 'W', w2: 'W', w3: 'w', w4: 'w' };
  if (!placement) {
    'crnbqkbnrc'.split('').forEach((letter, file) => {
      const f = String.fromCharCode(97 + file);
      Object.assign(letters, { [`${f}0`]: letter.toUpperCase(), [`${f}1`]: 'P', [`${f}8`]: 'p', [`${f}9`]: letter });
    });
  }
  const pieces = new Array<Piece | undefined>(144).fill(undefined);
  for (const [name, letter] of Object.entries(letters)) {
    pieces[sq(name)] = piece(
      letter === letter.toUpperCase() ? 'white' : 'black',
      roleFromLetter(letter.toLowerCase()) as Role,
    );
  }
  const castlingRooks = ['b0', 'i0', 'b9', 'i9'].map(sq).sort((a, b) => a - b);
  return {
    board: { geometry: OMEGA, pieces },
    turn: 'white',
    castlingRooks,
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
    omegaAdvanced: START_STATE,
    ...extra,
  };
}

function san(setup: Setup, text: string): Move {
  const move = parseSan(setup, text);
  if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
  return move.value;
}

/** The setup after the moves, in SAN. */
const after = (setup: Setup, ...moves: string[]): Setup => moves.reduce((s, m) => play(s, san(s, m)), setup);

describe('play and the Omega Chess Advanced state', () => {
  it('records the role of the piece each side moved last, and keeps rights and fools', () => {
    const one = after(omega(), 'Wa2');
    expect(one.omegaAdvanced).toEqual({ ...START_STATE, lastMoved: { white: 'wizard', black: undefined } });
    const two = after(one, 'Cc7', 'e4');
    expect(two.omegaAdvanced).toEqual({ ...START_STATE, lastMoved: { white: 'pawn', black: 'champion' } });
    // The given setup is not changed.
    expect(one.omegaAdvanced?.lastMoved).toEqual({ white: 'wizard', black: undefined });
  });

  it('records the pawn for a promotion and an en passant capture, the king for castling', () => {
    const promotion = omega({ f0: 'K', f9: 'k', a8: 'P' });
    expect(
      play(promotion, { kind: 'normal', from: sq('a8'), to: sq('a9'), promotion: 'wizard' }).omegaAdvanced?.lastMoved
        .white,
    ).toBe('pawn');
    const passing = after(omega({ f0: 'K', f9: 'k', d6: 'P', e8: 'p' }, { turn: 'black', castlingRooks: [] }), 'e5');
    const capture = legalMoves(passing).find((m) => m.kind === 'enPassant');
    expect(capture && play(passing, capture).omegaAdvanced?.lastMoved).toEqual({ white: 'pawn', black: 'pawn' });
    const castle = omega({ f0: 'K', b0: 'R', i0: 'R', f9: 'k' }, { castlingRooks: [sq('b0'), sq('i0')] });
    const castled = play(castle, legalMoves(castle).find((m) => m.kind === 'castle' && m.rook === sq('b0')) as Move);
    // The queen-side rook moved: that guarding right ends; the king is not part of guarding.
    expect(castled.omegaAdvanced).toEqual({
      ...START_STATE,
      guarding: { ...START_STATE.guarding, white: { kingSide: true, queenSide: false } },
      lastMoved: { white: 'king', black: undefined },
    });
  });

  it('ends a guarding right when its queen or rook leaves its start square or is captured there', () => {
    const open = omega({ f0: 'K', f9: 'k', e0: 'Q', b0: 'R', i0: 'R', e9: 'q', b9: 'r', i9: 'r' });
    const queenMoved = play(open, { kind: 'normal', from: sq('e0'), to: sq('e5') });
    expect(queenMoved.omegaAdvanced?.guarding).toEqual({
      white: { kingSide: false, queenSide: false },
      black: { kingSide: true, queenSide: true },
    });
    const rookMoved = play(open, { kind: 'normal', from: sq('i0'), to: sq('i5') });
    expect(rookMoved.omegaAdvanced?.guarding.white).toEqual({ kingSide: false, queenSide: true });
    const rookTaken = play(open, { kind: 'normal', from: sq('i0'), to: sq('i9') });
    expect(rookTaken.omegaAdvanced?.guarding).toEqual({
      white: { kingSide: false, queenSide: true },
      black: { kingSide: false, queenSide: true },
    });
    // A king move keeps them (kingside guarding needs the king out of the way), and so do fools.
    const kingMoved = play(open, { kind: 'normal', from: sq('f0'), to: sq('g1') });
    expect(kingMoved.omegaAdvanced).toEqual({ ...START_STATE, lastMoved: { white: 'king', black: undefined } });
    expect(kingMoved.castlingRooks).toEqual([sq('b9'), sq('i9')]);
  });

  it('adds no state to a setup without one, and ends no right on another board', () => {
    const { omegaAdvanced: _state, ...plain } = omega();
    expect(after(plain, 'Wa2')).not.toHaveProperty('omegaAdvanced');
    const standard = { ...standardSetup(), omegaAdvanced: START_STATE };
    // b3 is square 17, the number of e0 (the white queen's start) on the Omega grid.
    const moved = play(standard, {
      kind: 'normal',
      from: parseSquare(STANDARD, 'b3') as number,
      to: parseSquare(STANDARD, 'b4') as number,
    });
    expect(moved.omegaAdvanced?.guarding).toEqual(START_STATE.guarding);
  });
});
