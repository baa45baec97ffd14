import { ROLES, ROLE_LETTERS, setupToJson, type Pocket, type SetupJson } from '@chess-formats/board-core';
import type { Holdings } from './holdings.js';
import type { Style12 } from './record.js';

/** A record as plain JSON: the setup in board-core's canonical JSON, absent FICS tokens as `null`. */
export type Style12Json = Omit<Style12, 'setup' | 'flip' | 'clockTicking' | 'lagMs'> & {
  readonly setup: SetupJson;
  readonly flip: boolean | null;
  readonly clockTicking: boolean | null;
  readonly lagMs: number | null;
};

/** A record as plain JSON (see `Style12Json`), for logs, tests and other languages. */
export function style12ToJson(record: Style12): Style12Json {
  return {
    ...record,
    setup: setupToJson(record.setup),
    flip: record.flip ?? null,
    clockTicking: record.clockTicking ?? null,
    lagMs: record.lagMs ?? null,
    extraFields: [...record.extraFields],
  };
}

/** Holdings as plain JSON: each side's pieces as upper-case letters in P N B R Q K order, the passed piece as `BN`. */
export interface HoldingsJson {
  /** The server's number for the game. */
  readonly gameNumber: number;
  /** White's pieces in hand, as upper-case letters. */
  readonly white: string;
  /** Black's pieces in hand, as upper-case letters. */
  readonly black: string;
  /** The piece passed, as the receiving side and the piece (`BN`); `null` when none. */
  readonly passed: string | null;
}

function letters(pocket: Pocket): string {
  return ROLES.map((role) => ROLE_LETTERS[role].toUpperCase().repeat(pocket[role])).join('');
}

/** Holdings as plain JSON (see `HoldingsJson`). */
export function holdingsToJson(holdings: Holdings): HoldingsJson {
  const { passed } = holdings;
  return {
    gameNumber: holdings.gameNumber,
    white: letters(holdings.pockets.white),
    black: letters(holdings.pockets.black),
    passed:
      passed === undefined ? null : `${passed.color === 'white' ? 'W' : 'B'}${ROLE_LETTERS[passed.role].toUpperCase()}`,
  };
}
