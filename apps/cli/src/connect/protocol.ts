import type { Setup } from '@chess-formats/board-core';
import type { ServerKind } from '@chess-formats/client';

/** The two server families `connect` speaks to. */
export type { ServerKind };

/** One position of an observed game, as `connect` prints it. */
export interface ObservedPosition {
  readonly game: number;
  readonly white: string;
  readonly black: string;
  readonly setup: Setup;
  /** Remaining time on each clock in milliseconds (negative after a fallen flag); undefined if unknown. */
  readonly whiteClockMs: number | undefined;
  readonly blackClockMs: number | undefined;
  /** The last move in SAN, when the server says it. */
  readonly lastMove: string | undefined;
}
