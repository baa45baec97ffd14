import { setupToJson, type ByColor, type Role, type Setup, type SetupJson } from '@chess-formats/board-core';

/** The sides on which a player's queen and a rook may still guard (Omega Chess Advanced). */
export interface GuardingRights {
  readonly kingSide: boolean;
  readonly queenSide: boolean;
}

/**
 * An OCPN record: a board-core `Setup` on the `OMEGA` geometry (what the rules, perft and
 * the move notations use), plus the three fields of Omega Chess Advanced that the rules do
 * not play and a `Setup` therefore does not hold. See the README for why they sit beside the
 * setup rather than in it.
 */
export interface OcpnPosition {
  readonly setup: Setup;
  /** Guarding rights, as flags: which rook is meant is the game's business, not the notation's. */
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
 * The language-neutral JSON of an OCPN record: board-core's canonical setup JSON, and the
 * advanced fields as they are in the model (`null` for a player who has not moved).
 */
export interface OcpnJson {
  readonly setup: SetupJson;
  readonly guarding: ByColor<GuardingRights>;
  readonly foolInHand: ByColor<boolean>;
  readonly lastMoved: ByColor<Role | null>;
}

export function ocpnToJson(position: OcpnPosition): OcpnJson {
  const { guarding, foolInHand, lastMoved } = position;
  return {
    setup: setupToJson(position.setup),
    guarding: {
      white: { kingSide: guarding.white.kingSide, queenSide: guarding.white.queenSide },
      black: { kingSide: guarding.black.kingSide, queenSide: guarding.black.queenSide },
    },
    foolInHand: { white: foolInHand.white, black: foolInHand.black },
    lastMoved: { white: lastMoved.white ?? null, black: lastMoved.black ?? null },
  };
}
