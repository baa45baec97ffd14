import {
  setupToJson,
  type GuardingRights,
  type OmegaAdvancedState,
  type Setup,
  type SetupJson,
} from '@chess-formats/board-core';

export type { GuardingRights };

/**
 * What `parseOcpn` reads: a board-core `Setup` on the `OMEGA` geometry whose Omega Chess
 * Advanced state (guarding rights, fools in hand, last-moved pieces) is always present.
 * `play` keeps that state up to date, and `writeOcpn` takes any `Setup`.
 */
export type OcpnPosition = Setup & { readonly omegaAdvanced: OmegaAdvancedState };

/**
 * The JSON of a position read from OCPN: board-core's canonical setup JSON, the Advanced
 * state under `omegaAdvanced`.
 * @deprecated Use `SetupJson` of `@chess-formats/board-core`; this alias goes away in a later release.
 */
export type OcpnJson = SetupJson;

/**
 * The same as board-core's `setupToJson`, which an OCPN value now is.
 * @deprecated Use `setupToJson` of `@chess-formats/board-core`; this function goes away in a later release.
 */
export function ocpnToJson(setup: Setup): SetupJson {
  return setupToJson(setup);
}
