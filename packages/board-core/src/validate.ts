import { attackersOf, checkers, kingSquares } from './attacks.js';
import type { GeometryName, Square } from './geometry.js';
import { MOVEMENT } from './movement.js';
import { OMEGA_GUARDING_SQUARES } from './omega-advanced.js';
import type { Setup } from './setup.js';
import { COLORS, ROLES, opposite, type ByRole, type Color, type Role } from './vocabulary.js';

/** Every problem `validateSetup` can report about a setup, in the order it reports them. */
export const VALIDATION_PROBLEMS = /* @__PURE__ */ Object.freeze([
  'white-king-missing',
  'black-king-missing',
  'white-kings-too-many',
  'black-kings-too-many',
  'pawns-on-back-rank',
  'white-too-many-pawns',
  'black-too-many-pawns',
  'white-too-many-pieces',
  'black-too-many-pieces',
  'castling-rights',
  'guarding-rights',
  'ep-square',
  'opposite-check',
  'too-many-checkers',
  'impossible-check',
] as const);
/** A problem `validateSetup` reports, one of `VALIDATION_PROBLEMS`. */
export type ValidationProblem = (typeof VALIDATION_PROBLEMS)[number];

/**
 * One side's pieces at the start of a game on each geometry, by role in `ROLES` order (pawn,
 * knight, bishop, rook, queen, king, champion, wizard, fool; `A` is ten), then the longest
 * first step of a pawn (as in `STANDARD_RULES`, `OMEGA_RULES`). Omega's fool is the one each
 * player of Omega Chess Advanced holds in hand at the start. The roles a pawn promotes to are
 * those of the army but pawn, king and fool, as the rules' `promotionRoles` say. A table here
 * keeps the rules specs (and the Omega grid they build) out of a bundle that validates FEN.
 */
export const ARMIES: Readonly<Record<GeometryName, string>> = { standard: '8222110002', omega: 'A222112213' };

function army(name: GeometryName): ByRole<number> {
  const counts = ARMIES[name];
  return Object.fromEntries(ROLES.map((role, k) => [role, parseInt(counts.charAt(k), 16)])) as Record<Role, number>;
}

const isSlider = (role: Role | undefined): boolean => role !== undefined && MOVEMENT[role].slides.length > 0;

/**
 * The variants (by key, so that validating carries no rules) whose kings are plain pieces:
 * a side may have none or several (a pawn promotes to a king), and nothing is in check.
 */
const PLAIN_KING_VARIANTS: readonly string[] = ['antichess', 'suicide'];
/** Horde (lichess): White has no king and 36 pawns, which may stand on its first rank. */
const HORDE_PAWNS = 36;

/**
 * Every reason the setup cannot arise in a game (of chess, Chess960, crazyhouse when it has
 * pockets, Omega chess and Omega Chess Advanced), in the order of `VALIDATION_PROBLEMS`;
 * empty when none is found. Works on every geometry: ranks, files and the army come from the
 * setup's geometry. A setup that names its variant is judged by it: in antichess and suicide
 * a side may have no king or several and nothing is in check; in horde White has no king and
 * up to 36 pawns, which may stand on White's first rank.
 *
 * @example
 * ```ts
 * import { emptyBoard, standardSetup, validateSetup } from '@chess-formats/board-core';
 * console.log(validateSetup(standardSetup())); // → []
 * const noKings = { ...standardSetup(), board: emptyBoard(standardSetup().board.geometry), castlingRooks: [] };
 * console.log(validateSetup(noKings).join(' ')); // → white-king-missing black-king-missing
 * ```
 */
export function validateSetup(setup: Setup): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const { board, turn } = setup;
  const { geometry, pieces } = board;
  const width = geometry.width;
  const start = army(geometry.name);
  const maxFirstStep = Number(ARMIES[geometry.name].charAt(9));
  const x = (square: Square): number => square % width;
  const y = (square: Square): number => Math.floor(square / width);
  const rankRow = (rank: number): number => geometry.fieldRanks[rank] as number;
  const lastRank = geometry.fieldRanks.length - 1;
  // By colour: the back rank, and the rank pawns start from (the next one).
  const backRank = (color: Color): number => (color === 'white' ? 0 : lastRank);
  const pawnRank = (color: Color): number => (color === 'white' ? 1 : lastRank - 1);

  const plainKings = setup.variant !== undefined && PLAIN_KING_VARIANTS.includes(setup.variant);
  const horde = setup.variant === 'horde';
  const kings: Record<Color, Square[]> = { white: kingSquares(board, 'white'), black: kingSquares(board, 'black') };
  for (const color of COLORS) {
    if (plainKings) break;
    const hordeSide = horde && color === 'white';
    if (kings[color].length === 0 && !hordeSide) problems.push(`${color}-king-missing`);
    // A king in a pocket (crazyhouse) would be a second king to drop: kings are never captured.
    if (kings[color].length + (setup.pockets?.[color].king ?? 0) > (hordeSide ? 0 : 1))
      problems.push(`${color}-kings-too-many`);
  }
  // A pawn never stands on the first or last rank of the field, nor beyond them (Omega's
  // wizard squares: no pawn move reaches them, since a pawn on the last rank has promoted);
  // the horde's pawns stand on White's first rank.
  const firstRank = (p: { color: Color } | undefined): number => (horde && p?.color === 'white' ? -1 : 0);
  if (
    pieces.some(
      (p, square) => p?.role === 'pawn' && (y(square) <= rankRow(firstRank(p)) || y(square) >= rankRow(lastRank)),
    )
  ) {
    problems.push('pawns-on-back-rank');
  }

  const armySize = ROLES.reduce((sum, role) => sum + start[role], 0);
  for (const color of COLORS) {
    const count = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>;
    let total = 0;
    for (const p of pieces) {
      if (p?.color !== color) continue;
      count[p.role]++;
      total++;
    }
    // A fool still in hand (Omega Chess Advanced) is one of the side's pieces.
    if (setup.omegaAdvanced?.foolInHand[color]) {
      count.fool++;
      total++;
    }
    if (horde && color === 'white') {
      // The horde: 36 pawns at the start, so every other piece is one of them promoted (a king
      // is reported above), and only to what a chess pawn becomes.
      const impossible = count.champion + count.wizard + count.fool > 0;
      if (count.pawn > HORDE_PAWNS) problems.push('white-too-many-pawns');
      if (total > HORDE_PAWNS || impossible) problems.push('white-too-many-pieces');
      continue;
    }
    if (count.pawn > start.pawn) problems.push(`${color}-too-many-pawns`);
    // Without pockets, every piece beyond the initial set is a promoted pawn, and only the
    // roles a pawn promotes to can be; kings are counted above, unless a pawn may become one.
    let promoted = 0;
    let impossible = false;
    for (const role of ROLES) {
      const extra = count[role] - start[role];
      if (extra <= 0 || role === 'pawn' || (role === 'king' && !plainKings)) continue;
      if (role !== 'fool' && start[role] > 0) promoted += extra;
      else impossible = true;
    }
    // With pockets, captured pieces change sides but never leave the game: the two armies of
    // the start are all there is.
    const pocket = setup.pockets?.[color];
    const tooMany = pocket
      ? Object.values(pocket).reduce((sum, held) => sum + held, total) > 2 * armySize
      : total > armySize || count.pawn + promoted > start.pawn || impossible;
    if (tooMany) problems.push(`${color}-too-many-pieces`);
  }

  const castlingValid = setup.castlingRooks.every((rook) => {
    const color: Color = y(rook) < geometry.height / 2 ? 'white' : 'black';
    const king = kings[color][0];
    const back = rankRow(backRank(color));
    if (kings[color].length !== 1 || king === undefined || y(king) !== back || y(rook) !== back) return false;
    const p = pieces[rook];
    if (p?.role !== 'rook' || p.color !== color) return false;
    // One right on each side of the king at most.
    return setup.castlingRooks.filter((other) => y(other) === back && other < king === rook < king).length === 1;
  });
  // Nobody castles where kings are plain pieces.
  if (!castlingValid || (plainKings && setup.castlingRooks.length > 0)) problems.push('castling-rights');

  // Guarding is made by the queen and a rook that have not moved: each right needs both on
  // their start squares (the rules of guarding are otherwise unpublished).
  const advanced = setup.omegaAdvanced;
  if (advanced) {
    const guardingValid = COLORS.every((color) => {
      const squares = OMEGA_GUARDING_SQUARES[color];
      const rights = advanced.guarding[color];
      const holds = (square: Square, role: Role): boolean =>
        pieces[square]?.role === role && pieces[square]?.color === color;
      const needs = (right: boolean, rook: Square): boolean =>
        !right || (holds(squares.queen, 'queen') && holds(rook, 'rook'));
      return geometry.name === 'omega'
        ? needs(rights.kingSide, squares.kingSideRook) && needs(rights.queenSide, squares.queenSideRook)
        : !rights.kingSide && !rights.queenSide;
    });
    if (!guardingValid) problems.push('guarding-rights');
  }

  // The squares a long pawn step of the side not to move passed, ascending, with the pawn
  // beyond them and its start square and the squares passed empty.
  const eps = setup.epSquares;
  const mover = opposite(turn);
  const forward = mover === 'white' ? width : -width;
  let pawnStart: Square | undefined;
  if (eps.length > 0) {
    // The square passed first, next to the start square.
    const first = (mover === 'white' ? eps[0] : eps[eps.length - 1]) as Square;
    const startSquare = first - forward;
    const pawn = startSquare + forward * (eps.length + 1);
    const valid =
      eps.length < maxFirstStep &&
      y(startSquare) === rankRow(pawnRank(mover)) &&
      eps.every(
        (square, k) =>
          square === (mover === 'white' ? startSquare + forward * (k + 1) : startSquare + forward * (eps.length - k)),
      ) &&
      pieces[startSquare] === undefined &&
      eps.every((square) => pieces[square] === undefined) &&
      pieces[pawn]?.role === 'pawn' &&
      pieces[pawn]?.color === mover;
    if (valid) pawnStart = startSquare;
    else problems.push('ep-square');
  }

  // Where kings are plain pieces nothing is ever in check.
  if (plainKings) return problems;
  const theirKing = kings[mover];
  if (theirKing.length === 1 && attackersOf(board, theirKing[0] as Square, turn).length > 0)
    problems.push('opposite-check');

  const king = kings[turn][0];
  const checking = kings[turn].length === 1 && king !== undefined ? checkers(setup) : [];
  // More than two checkers is also an impossible check (no move gives three), reported as both,
  // as python-chess does.
  if (checking.length > 2) problems.push('too-many-checkers', 'impossible-check');
  else if (king !== undefined && checking.length > 0) {
    let impossible: boolean;
    if (pawnStart !== undefined) {
      // The last move was the long step: each checker is the pawn that made it, or a slider
      // it uncovered by leaving its start square.
      const pawn = pawnStart + forward * (eps.length + 1);
      impossible = !checking.every(
        (square) => square === pawn || (isSlider(pieces[square]?.role) && isBetween(square, king, pawnStart)),
      );
    } else if (checking.length === 2) {
      const [a, b] = checking as [Square, Square];
      const sliders = checking.filter((square) => isSlider(pieces[square]?.role)).length;
      // One move gives at most one direct check and uncovers one line.
      impossible = sliders === 0 || (sliders === 2 && onOneLine(king, a, b));
    } else impossible = false;
    if (impossible) problems.push('impossible-check');
  }
  return problems;

  /** Whether `between` lies strictly inside the straight line from `from` to `to`. */
  function isBetween(from: Square, to: Square, between: Square): boolean {
    const dx = x(to) - x(from);
    const dy = y(to) - y(from);
    if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) return false;
    const step = Math.sign(dy) * width + Math.sign(dx);
    for (let square = from + step; square !== to; square += step) if (square === between) return true;
    return false;
  }

  /** Whether `a`, `b` and `center` lie on one rank, file or diagonal. */
  function onOneLine(center: Square, a: Square, b: Square): boolean {
    return (x(a) - x(center)) * (y(b) - y(center)) === (y(a) - y(center)) * (x(b) - x(center));
  }
}
