import { deepFreeze } from './freeze.js';
import { OMEGA, STANDARD, type Geometry } from './geometry.js';
import type { ByColor, Role } from './vocabulary.js';

/**
 * Where king and rook stand after castling to one side, as indexes into the field's files
 * (or, under `RulesSpec.castlingFromKing`, as steps from the king's file: negative toward
 * the a-file).
 */
export interface CastlingFiles {
  /** The king's file after castling, as an index into the field's files (or a step from the king's file). */
  readonly king: number;
  /** The rook's file after castling, as an index into the field's files (or a step from the king's file). */
  readonly rook: number;
}

/**
 * What differs between the games the rules engine plays: the board, how far pawns step and
 * where they promote, and where castling puts king and rook. Piece movement itself comes from
 * `MOVEMENT`, so a champion or a wizard moves the same way on any board that holds one.
 * Ranks and files are indexes into the geometry's field (`fieldRanks`, `fieldFiles`), White's
 * first rank being 0.
 */
export interface RulesSpec {
  /** The board the game is played on. */
  readonly geometry: Geometry;
  /** The field rank from which a pawn may make its long first step. */
  readonly pawnStartRank: ByColor<number>;
  /** How many squares a pawn may advance from its start rank (2 in chess, 3 in Omega chess). */
  readonly pawnMaxFirstStep: number;
  /** The field rank on which a pawn promotes. */
  readonly promotionRank: ByColor<number>;
  /** What a pawn may promote to, in the order moves are generated. */
  readonly promotionRoles: readonly Role[];
  /** The field rank on which king and castling rooks stand. */
  readonly backRank: ByColor<number>;
  /** Where king and rook end up after castling on the king's side. */
  readonly kingSideCastling: CastlingFiles;
  /** Where king and rook end up after castling on the queen's side. */
  readonly queenSideCastling: CastlingFiles;
  /**
   * A pawn on its own first rank may step as from its start rank (horde's pawns on the first
   * rank; lichess, chessops, python-chess). Such a long step leaves no en passant square, as
   * those rules have it. Absent: false.
   */
  readonly pawnStepsFromFirstRank?: boolean;
  /**
   * Castling is counted from the king's square, not from the board's edge: the castling files
   * are steps from the king's file, and the short castling (`O-O`) is the one toward the
   * nearer edge (FICS wild/0 and wild/1, where a king on the d-file castles to b or f).
   * Absent: files from the edge, and `O-O` toward the h-file (chess, Chess960).
   */
  readonly castlingFromKing?: boolean;
}

/** Chess and Chess960 (FIDE Laws, article 3.8.2 and the Chess960 appendix): king g/c, rook f/d. */
export const STANDARD_RULES: RulesSpec = /* @__PURE__ */ deepFreeze({
  geometry: STANDARD,
  pawnStartRank: { white: 1, black: 6 },
  pawnMaxFirstStep: 2,
  promotionRank: { white: 7, black: 0 },
  promotionRoles: ['queen', 'rook', 'bishop', 'knight'],
  backRank: { white: 0, black: 7 },
  kingSideCastling: { king: 6, rook: 5 },
  queenSideCastling: { king: 2, rook: 3 },
});

/**
 * Omega chess (official rules, omegachess.com/rules): pawns step up to three squares first,
 * promote on the last rank to any piece including champion and wizard; castling moves the
 * king f0->h0 with rook i0->g0, or f0->d0 with rook b0->e0.
 */
export const OMEGA_RULES: RulesSpec = /* @__PURE__ */ deepFreeze({
  geometry: OMEGA,
  pawnStartRank: { white: 1, black: 8 },
  pawnMaxFirstStep: 3,
  promotionRank: { white: 9, black: 0 },
  promotionRoles: ['queen', 'rook', 'bishop', 'knight', 'champion', 'wizard'],
  backRank: { white: 0, black: 9 },
  kingSideCastling: { king: 7, rook: 6 },
  queenSideCastling: { king: 3, rook: 4 },
});

/**
 * The board rules played on a geometry by a setup that names no variant.
 * @deprecated Rules belong to a variant now: use `variantOf(setup).rules.spec`, which also
 * honours `Setup.variant`. Kept until 1.0.
 */
export function rulesFor(geometry: Geometry): RulesSpec {
  return geometry.name === 'omega' ? OMEGA_RULES : STANDARD_RULES;
}
