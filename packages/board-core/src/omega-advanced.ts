import type { Square } from './geometry.js';
import type { Move } from './move.js';
import type { ByColor, Color, Role } from './vocabulary.js';

/** The sides on which a player's queen and a rook may still guard (Omega Chess Advanced). */
export interface GuardingRights {
  /** Whether the player may still guard on the king's side. */
  readonly kingSide: boolean;
  /** Whether the player may still guard on the queen's side. */
  readonly queenSide: boolean;
}

/**
 * What a position of Omega Chess Advanced records beyond Omega chess (the fields OCPN adds):
 * guarding rights, whether each fool is still in hand, and the last piece each player moved
 * (which the opponent's fool imitates). The rules play none of it (see the README): `play`
 * keeps it up to date, `legalMoves` generates no guarding move and no fool placement.
 */
export interface OmegaAdvancedState {
  /** Guarding rights, as flags: the queen and the rook of that side have not moved. */
  readonly guarding: ByColor<GuardingRights>;
  /** Whether each player may still place their fool (it starts in hand). */
  readonly foolInHand: ByColor<boolean>;
  /**
   * The role of the last piece each player moved (`undefined` before their first move). A
   * fool imitates the piece its opponent moved last, so White's fool reads `lastMoved.black`.
   */
  readonly lastMoved: ByColor<Role | undefined>;
}

/**
 * The start squares of the pieces that guard, on the `OMEGA` grid (12 cells wide, field
 * rank r on row r + 1, file a on column 1): queen e0/e9, king-side rook i0/i9, queen-side
 * rook b0/b9 (the rooks of the castling letters K, Q, k, q).
 */
export const OMEGA_GUARDING_SQUARES: ByColor<{
  readonly queen: Square;
  readonly kingSideRook: Square;
  readonly queenSideRook: Square;
}> = {
  white: { queen: 17, kingSideRook: 21, queenSideRook: 14 },
  black: { queen: 125, kingSideRook: 129, queenSideRook: 122 },
};

/**
 * The squares a move lifts a piece from or may capture one on. Castling lifts king and rook
 * and captures nothing (its queen-side rook lands on e0, the queen's square, which must be
 * empty then); a drop lands on an empty square.
 */
function touchedSquares(move: Move): readonly Square[] {
  switch (move.kind) {
    case 'drop':
      return [];
    case 'castle':
      return [move.from, move.rook];
    default:
      return [move.from, move.to];
  }
}

/**
 * The Advanced state after `turn` played `move` with a piece of role `moved` (undefined
 * when the move lifted nothing), on the `OMEGA` board when `omega` is set. The last-moved letter of the mover becomes that role (the
 * king for castling, the pawn for a promotion or an en passant capture, the piece placed for
 * a drop). A guarding right ends when its queen or rook leaves its start square or is
 * captured there, as a castling right does: guarding needs both unmoved. Nothing else
 * changes: the king is not part of guarding, and a fool is placed by rules no source gives.
 */
export function nextOmegaAdvanced(
  state: OmegaAdvancedState,
  omega: boolean,
  turn: Color,
  move: Move,
  moved: Role | undefined,
): OmegaAdvancedState {
  // The start squares are those of the Omega board: on another board no right is ended.
  const touched = omega ? touchedSquares(move) : [];
  const guardingOf = (color: Color): GuardingRights => {
    const rights = state.guarding[color];
    const squares = OMEGA_GUARDING_SQUARES[color];
    const queenMoved = touched.includes(squares.queen);
    return {
      kingSide: rights.kingSide && !queenMoved && !touched.includes(squares.kingSideRook),
      queenSide: rights.queenSide && !queenMoved && !touched.includes(squares.queenSideRook),
    };
  };
  const lastMoved = { ...state.lastMoved };
  if (moved !== undefined) lastMoved[turn] = moved;
  return {
    guarding: { white: guardingOf('white'), black: guardingOf('black') },
    foolInHand: { ...state.foolInHand },
    lastMoved,
  };
}
