import { deepFreeze } from './freeze.js';
import type { ByRole } from './vocabulary.js';

/** A grid displacement: columns right, rows toward Black. */
export type Vector = readonly [dx: number, dy: number];

/**
 * How a piece moves when it moves like itself: single jumps (`leaps`, over anything) and
 * lines (`slides`, stopped by the first occupied cell or a hole). Pawns move asymmetrically
 * and are handled by the rules directly; the fool imitates and has no movement of its own.
 */
export interface Movement {
  /** Steps taken once, jumping over whatever stands between. */
  readonly leaps: readonly Vector[];
  /** Directions followed square by square until a piece or the board's edge stops the piece. */
  readonly slides: readonly Vector[];
}

const ORTHOGONAL: readonly Vector[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const DIAGONAL: readonly Vector[] = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];
const KNIGHT: readonly Vector[] = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];
/** (1,3) leaps: the camel part of the Omega wizard. */
const CAMEL: readonly Vector[] = [
  [1, 3],
  [3, 1],
  [3, -1],
  [1, -3],
  [-1, -3],
  [-3, -1],
  [-3, 1],
  [-1, 3],
];
const times2 = (vectors: readonly Vector[]): Vector[] => vectors.map(([dx, dy]) => [dx * 2, dy * 2]);

/**
 * How each role moves, as (dx, dy) grid vectors (frozen): `leaps` go one vector, `slides` repeat it
 * until blocked. Pawns, whose moves depend on colour and rank, and the fool, which moves as the
 * piece the opponent last moved, have none here.
 */
export const MOVEMENT: ByRole<Movement> = /* @__PURE__ */ deepFreeze({
  pawn: { leaps: [], slides: [] },
  knight: { leaps: KNIGHT, slides: [] },
  bishop: { leaps: [], slides: DIAGONAL },
  rook: { leaps: [], slides: ORTHOGONAL },
  queen: { leaps: [], slides: [...ORTHOGONAL, ...DIAGONAL] },
  king: { leaps: [...ORTHOGONAL, ...DIAGONAL], slides: [] },
  // Omega champion: one step orthogonally, or a jump of two orthogonally or diagonally.
  champion: { leaps: [...ORTHOGONAL, ...times2(ORTHOGONAL), ...times2(DIAGONAL)], slides: [] },
  // Omega wizard: one step diagonally, or a (1,3) jump.
  wizard: { leaps: [...DIAGONAL, ...CAMEL], slides: [] },
  fool: { leaps: [], slides: [] },
});
