import { describe, expect, it } from 'vitest';
import { OMEGA, STANDARD, parseSquare, type Geometry } from './geometry.js';
import type { OmegaAdvancedState } from './omega-advanced.js';
import { piece, type Piece } from './piece.js';
import { play } from './rules.js';
import { emptyPocket, standardSetup, type Setup } from './setup.js';
import { ARMIES, VALIDATION_PROBLEMS, validateSetup } from './validate.js';
import { OMEGA_RULES, STANDARD_RULES } from './variant.js';
import { ROLES } from './vocabulary.js';
import { roleFromLetter, type Color, type Role } from './vocabulary.js';

// The FEN package's tests and the conformance vectors (vectors/fen/validation.json) cover the
// standard board through FEN text; these cover what FEN cannot write: Omega chess, its wizard
// squares, triple steps and the Omega Chess Advanced state.

/** A setup on `geometry` from `{ square: letter }` (upper case White). */
function placed(geometry: Geometry, placement: Record<string, string>, extra: Partial<Setup> = {}): Setup {
  const pieces = new Array<Piece | undefined>(geometry.width * geometry.height).fill(undefined);
  for (const [name, letter] of Object.entries(placement)) {
    const color: Color = letter === letter.toUpperCase() ? 'white' : 'black';
    pieces[sq(name, geometry)] = piece(color, roleFromLetter(letter.toLowerCase()) as Role);
  }
  return {
    board: { geometry, pieces },
    turn: 'white',
    castlingRooks: [],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
    ...extra,
  };
}

function sq(name: string, geometry: Geometry = OMEGA): number {
  const square = parseSquare(geometry, name);
  if (square === undefined) throw new Error(name);
  return square;
}

const ADVANCED_START: OmegaAdvancedState = {
  guarding: { white: { kingSide: true, queenSide: true }, black: { kingSide: true, queenSide: true } },
  foolInHand: { white: true, black: true },
  lastMoved: { white: undefined, black: undefined },
};

/** The Omega Chess Advanced start: C R N B Q K B N R C, pawns, wizards in the corners, fools in hand. */
function omegaStart(extra: Partial<Setup> = {}): Setup {
  const placement: Record<string, string> = { w1: 'W', w2: 'W', w3: 'w', w4: 'w' };
  'crnbqkbnrc'.split('').forEach((letter, file) => {
    const f = String.fromCharCode(97 + file);
    Object.assign(placement, { [`${f}0`]: letter.toUpperCase(), [`${f}1`]: 'P', [`${f}8`]: 'p', [`${f}9`]: letter });
  });
  const castlingRooks = ['b0', 'i0', 'b9', 'i9'].map((name) => sq(name)).sort((a, b) => a - b);
  return placed(OMEGA, placement, { castlingRooks, omegaAdvanced: ADVANCED_START, ...extra });
}

/** The start with some squares changed (`''` empties one). */
function omegaWith(changes: Record<string, string>, extra: Partial<Setup> = {}): Setup {
  const start = omegaStart(extra);
  const pieces = start.board.pieces.slice();
  for (const [name, letter] of Object.entries(changes)) {
    pieces[sq(name)] =
      letter === ''
        ? undefined
        : piece(letter === letter.toUpperCase() ? 'white' : 'black', roleFromLetter(letter.toLowerCase()) as Role);
  }
  return { ...start, board: { geometry: OMEGA, pieces } };
}

describe('the army table', () => {
  it('agrees with the start positions and the rules specs', () => {
    const counts = (setup: Setup): string =>
      ROLES.map(
        (role) =>
          setup.board.pieces.filter((p) => p?.color === 'white' && p.role === role).length +
          (role === 'fool' && setup.omegaAdvanced ? 1 : 0),
      )
        .map((n) => n.toString(16).toUpperCase())
        .join('');
    expect(ARMIES.standard).toBe(`${counts(standardSetup())}${STANDARD_RULES.pawnMaxFirstStep}`);
    expect(ARMIES.omega).toBe(`${counts(omegaStart())}${OMEGA_RULES.pawnMaxFirstStep}`);
    // Promotion roles: the army's but pawn, king and fool, in the rules' order.
    for (const [table, rules] of [
      [ARMIES.standard, STANDARD_RULES],
      [ARMIES.omega, OMEGA_RULES],
    ] as const) {
      const roles = ROLES.filter(
        (role, k) => role !== 'pawn' && role !== 'king' && role !== 'fool' && table.charAt(k) !== '0',
      );
      expect([...roles].sort()).toEqual([...rules.promotionRoles].sort());
    }
  });
});

describe('validateSetup on the standard board', () => {
  it('finds nothing wrong with the start, and the problems in the order of VALIDATION_PROBLEMS', () => {
    expect(validateSetup(standardSetup())).toEqual([]);
    const problems = validateSetup(placed(STANDARD, { a1: 'P', h8: 'Q' }, { castlingRooks: [sq('h1', STANDARD)] }));
    expect(problems).toEqual(['white-king-missing', 'black-king-missing', 'pawns-on-back-rank', 'castling-rights']);
    expect(problems.map((p) => VALIDATION_PROBLEMS.indexOf(p))).toEqual(
      [...problems.map((p) => VALIDATION_PROBLEMS.indexOf(p))].sort((a, b) => a - b),
    );
    expect(Object.isFrozen(VALIDATION_PROBLEMS)).toBe(true);
  });

  it('counts a king in a pocket as a second king, and lifts the material limits with pockets', () => {
    const pocket = { ...emptyPocket(), king: 1 };
    const pockets = { white: pocket, black: emptyPocket() };
    expect(validateSetup(placed(STANDARD, { e1: 'K', e8: 'k' }, { pockets }))).toEqual(['white-kings-too-many']);
    const queens = placed(STANDARD, {
      e1: 'K',
      e8: 'k',
      a1: 'Q',
      b1: 'Q',
      c1: 'Q',
      d1: 'Q',
      f1: 'Q',
      g1: 'Q',
      h1: 'Q',
      a2: 'Q',
      b2: 'Q',
      c2: 'Q',
    });
    expect(validateSetup(queens)).toEqual(['white-too-many-pieces']);
    expect(validateSetup({ ...queens, pockets: { white: emptyPocket(), black: emptyPocket() } })).toEqual([]);
  });

  it('refuses Omega pieces on the standard board', () => {
    expect(validateSetup(placed(STANDARD, { e1: 'K', e8: 'k', d4: 'C' }))).toEqual(['white-too-many-pieces']);
  });
});

describe('validateSetup on the Omega board', () => {
  it('finds nothing wrong with the start, with or without the Advanced state', () => {
    expect(validateSetup(omegaStart())).toEqual([]);
    const { omegaAdvanced: _state, ...plain } = omegaStart();
    expect(validateSetup(plain)).toEqual([]);
  });

  it('kings', () => {
    expect(validateSetup(omegaWith({ f0: '' }))).toEqual(['white-king-missing', 'castling-rights']);
    // A second king also spoils the castling rights, which need one king.
    expect(validateSetup(omegaWith({ e4: 'k', e8: '' }))).toEqual(['black-kings-too-many', 'castling-rights']);
  });

  it('pawns on rank 0 or 9, or on a wizard square', () => {
    expect(validateSetup(omegaWith({ e4: 'P', e1: '' }))).toEqual([]);
    expect(validateSetup(omegaWith({ e9: 'P' }))).toContain('pawns-on-back-rank');
    expect(validateSetup(omegaWith({ e0: 'p' }))).toContain('pawns-on-back-rank');
    expect(validateSetup(omegaWith({ w3: 'P', e1: '' }))).toEqual(['pawns-on-back-rank']);
    // Rank 8 is no back rank on a ten-rank board.
    expect(validateSetup(omegaWith({ a8: 'P', e1: '' }))).toEqual([]);
  });

  it('material: ten pawns, champions and wizards are the army, the fool counts once', () => {
    // Eleven pawns: too many pawns and one piece more than the army.
    expect(validateSetup(omegaWith({ e4: 'P' }))).toEqual(['white-too-many-pawns', 'white-too-many-pieces']);
    // A third wizard for a pawn: a promotion, fine.
    expect(validateSetup(omegaWith({ e1: '', e4: 'W' }))).toEqual([]);
    // A third wizard with all ten pawns: one promotion too many.
    expect(validateSetup(omegaWith({ e4: 'W' }))).toEqual(['white-too-many-pieces']);
    // A fool on the board while it is still in hand: two fools.
    expect(validateSetup(omegaWith({ e4: 'F' }))).toEqual(['white-too-many-pieces']);
    const placedFool = omegaWith(
      { e4: 'F' },
      { omegaAdvanced: { ...ADVANCED_START, foolInHand: { white: false, black: true } } },
    );
    expect(validateSetup(placedFool)).toEqual([]);
    // A fool is no promotion: a fool for a missing pawn is still a second fool.
    expect(validateSetup(omegaWith({ e1: '', e4: 'F' }))).toEqual(['white-too-many-pieces']);
  });

  it('castling rights need king and rook on the back rank', () => {
    expect(validateSetup(omegaWith({ i0: '' }))).toEqual(['castling-rights', 'guarding-rights']);
    expect(validateSetup(omegaWith({}, { castlingRooks: [sq('a0')] }))).toEqual(['castling-rights']);
  });

  it('guarding rights need the queen and the rook of their side on their start squares', () => {
    // Black's queen has moved: both of Black's rights are stale.
    expect(validateSetup(omegaWith({ e9: '', e5: 'q' }))).toEqual(['guarding-rights']);
    const noBlackRights = {
      ...ADVANCED_START,
      guarding: { ...ADVANCED_START.guarding, black: { kingSide: false, queenSide: false } },
    };
    expect(validateSetup(omegaWith({ e9: '', e5: 'q' }, { omegaAdvanced: noBlackRights }))).toEqual([]);
    // White's queen-side rook is gone (and its castling right with it).
    const onlyKingSide = {
      ...ADVANCED_START,
      guarding: { ...ADVANCED_START.guarding, white: { kingSide: true, queenSide: false } },
    };
    const castling = ['i0', 'b9', 'i9'].map((name) => sq(name)).sort((a, b) => a - b);
    expect(validateSetup(omegaWith({ b0: '' }, { castlingRooks: castling }))).toEqual(['guarding-rights']);
    expect(validateSetup(omegaWith({ b0: '' }, { castlingRooks: castling, omegaAdvanced: onlyKingSide }))).toEqual([]);
  });

  it('en passant squares: one or two squares a pawn step of the side not to move passed', () => {
    const afterE4 = play(omegaStart(), { kind: 'normal', from: sq('e1'), to: sq('e4') });
    expect(afterE4.epSquares).toEqual([sq('e2'), sq('e3')]);
    expect(validateSetup(afterE4)).toEqual([]);
    const afterE3 = play(omegaStart(), { kind: 'normal', from: sq('e1'), to: sq('e3') });
    expect(validateSetup(afterE3)).toEqual([]);
    const blackTriple = play(afterE4, { kind: 'normal', from: sq('d8'), to: sq('d5') });
    expect(blackTriple.epSquares).toEqual([sq('d6'), sq('d7')]);
    expect(validateSetup(blackTriple)).toEqual([]);
    // The pawn beyond the squares is missing, a square is not on its path, or three squares.
    expect(validateSetup({ ...afterE4, epSquares: [sq('e2')] })).toEqual(['ep-square']);
    expect(validateSetup({ ...afterE4, epSquares: [sq('e2'), sq('f3')] })).toEqual(['ep-square']);
    expect(validateSetup({ ...afterE4, epSquares: [sq('e3'), sq('e4')] })).toEqual(['ep-square']);
    expect(validateSetup({ ...afterE4, turn: 'white' })).toEqual(['ep-square']);
    expect(validateSetup({ ...afterE4, epSquares: [sq('e1'), sq('e2'), sq('e3')] })).toEqual(['ep-square']);
  });

  it('the side not to move in check, and impossible checks', () => {
    // White to move, and White's champion on f7 already attacks the black king on f9.
    expect(validateSetup(omegaWith({ f7: 'C', f8: '' }))).toContain('opposite-check');
    const kings = (extra: Record<string, string>, options: Partial<Setup> = {}): Setup =>
      placed(OMEGA, { f0: 'K', f9: 'k', ...extra }, { turn: 'black', ...options });
    // A champion and a wizard check at once: no sliders, no single move gives both.
    expect(validateSetup(kings({ f7: 'C', g8: 'W' }))).toEqual(['impossible-check']);
    // A rook and a champion: a discovered double check, possible.
    expect(validateSetup(kings({ f2: 'R', h7: 'C' }))).toEqual([]);
    // Three checkers.
    expect(validateSetup(kings({ f2: 'R', h7: 'C', g8: 'W' }))).toEqual(['too-many-checkers', 'impossible-check']);
    // After White's triple step e1-e4 a rook check along rank 1 was uncovered by the pawn's
    // leaving e1; one along rank 3 could not have been.
    const onFile = placed(
      OMEGA,
      { a1: 'k', j1: 'R', e4: 'P', j9: 'K' },
      { turn: 'black', epSquares: [sq('e2'), sq('e3')] },
    );
    expect(validateSetup(onFile)).toEqual([]);
    const elsewhere = placed(
      OMEGA,
      { a3: 'k', j3: 'R', e4: 'P', j9: 'K' },
      { turn: 'black', epSquares: [sq('e2'), sq('e3')] },
    );
    expect(validateSetup(elsewhere)).toEqual(['impossible-check']);
  });
});
