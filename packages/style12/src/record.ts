import type { Setup } from '@chess-formats/board-core';

/**
 * "My relation to this game" (token 19): the wire code, one of seven. {@link RELATION} names
 * them: -4 the initial position of a game in a move list (FICS only, with `iset startpos 1`),
 * -3 an isolated position (`ref`, `sposition`), -2 observing an examined game, -1 playing with
 * the opponent to move, 0 observing a played game, 1 playing with me to move, 2 examining.
 */
export type Style12Relation = -4 | -3 | -2 | -1 | 0 | 1 | 2;

/** The relation codes by name: `record.relation === RELATION.playingMyMove`. */
export const RELATION = /* @__PURE__ */ Object.freeze({
  moveListStart: -4,
  isolated: -3,
  observingExamined: -2,
  playingOpponentToMove: -1,
  observingPlayed: 0,
  playingMyMove: 1,
  examining: 2,
} as const satisfies Record<string, Style12Relation>);

/** The unit the two clocks were sent in: seconds by default, milliseconds under FICS `iset ms 1`. */
export type ClockUnit = 'seconds' | 'milliseconds';

/**
 * One style 12 line, every field typed. The position is a board-core `Setup`: `board`, `turn`,
 * `castlingRooks` (from the four castling flags), `epSquares` (from the double-push file),
 * `halfmoves` and `fullmoves` (the number of the move about to be made).
 */
export interface Style12 {
  /** The position on the board. */
  readonly setup: Setup;
  /** The server's number for the game. */
  readonly gameNumber: number;
  /** White's handle. */
  readonly whiteName: string;
  /** Black's handle. */
  readonly blackName: string;
  /** How the receiving client relates to the game (token 19; see `Style12Relation`). */
  readonly relation: Style12Relation;
  /** Minutes on ICC and FICS alike (the FICS help says seconds; servers send minutes). */
  readonly initialTimeMinutes: number;
  /** The increment added after each move, in seconds. */
  readonly incrementSeconds: number;
  /** Material strength as the server counts it (crazyhouse counts holdings; wrapped values such as 253 occur). */
  readonly whiteStrength: number;
  /** Black's material strength, as `whiteStrength`. */
  readonly blackStrength: number;
  /** White's remaining time in milliseconds, whatever the unit sent; negative after a flag fell. */
  readonly whiteRemainingMs: number;
  /** Black's remaining time, as `whiteRemainingMs`. */
  readonly blackRemainingMs: number;
  /** The unit the clocks were sent in, and are written back in. */
  readonly clockUnit: ClockUnit;
  /** The verbose move as sent: `P/e2-e4`, `o-o`, `P/@@-e4`, `P/e7-e8=Q`, or `none`. */
  readonly verboseMove: string;
  /** The time taken for the last move, as sent without the parentheses: `0:06`, `0:00.000`, `1:02:03`. */
  readonly moveTimeText: string;
  /** The same time in milliseconds. */
  readonly moveTimeMs: number;
  /** The SAN move as sent: `Ke2`, `O-O`, `B@g6`, `h8=Q`, or `none`. */
  readonly sanMove: string;
  /** Token 30, `true` when Black is at the bottom; `undefined` on a line that stops after the SAN move. */
  readonly flip: boolean | undefined;
  /** Token 31 (FICS): whether the clock is ticking; `undefined` when the line has no such token. */
  readonly clockTicking: boolean | undefined;
  /** Token 32 (FICS): the lag of the last move in milliseconds; `undefined` when absent. */
  readonly lagMs: number | undefined;
  /** Tokens after the lag, raw and in order: a server that appends fields never breaks the parser. */
  readonly extraFields: readonly string[];
}
