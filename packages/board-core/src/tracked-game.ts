import type { Move } from './move.js';
import type { Setup } from './setup.js';
import type { EventStream, StreamEvent } from './stream.js';
import type { ByColor, Color } from './vocabulary.js';

/**
 * The games a chess server client follows, as its trackers keep them (the style12 tracker for
 * FICS, the icc-dg tracker for ICC). Types only: one shape for every server, complete enough
 * for a game record (PGN) to be written from it.
 */

/** How a game ended, as a PGN result: White won, Black won, a draw, or no result (aborted, adjourned). */
export type GameScore = '1-0' | '0-1' | '1/2-1/2' | '*';

/** A player of a tracked game, as far as the server told. */
export interface TrackedPlayer {
  /** The player's handle on the server. */
  readonly name: string;
  /** When the server gave it (ICC's game-started datagrams do; a style 12 board does not). */
  readonly rating?: number;
  /** Server titles (`GM`, `C`, `TD`), when the server gave them. */
  readonly titles?: readonly string[];
}

/** How the client relates to a game. */
export type TrackedRelation = 'playing' | 'examining' | 'observing' | 'isolated';

/** One side's time control, in milliseconds. */
export interface TimeControl {
  /** The time on the clock at the start, in milliseconds. */
  readonly initialMs: number;
  /** The time added after each move, in milliseconds. */
  readonly incrementMs: number;
}

/** A move of a tracked game, with the mover's clock after it when the server said. */
export interface TrackedMove {
  /** The move played. */
  readonly move: Move;
  /** The mover's remaining time right after the move, in milliseconds. */
  readonly clockMs?: number;
}

/**
 * A game followed on a chess server (FICS style 12, ICC datagrams): who plays, the rules, the
 * position it starts from and the moves seen since.
 */
export interface TrackedGame {
  /** The server's number for the game (reused by the server once the game is over). */
  readonly gameNumber: number;
  /** The player of White. */
  readonly white: TrackedPlayer;
  /** The player of Black. */
  readonly black: TrackedPlayer;
  /** Whether the client plays, examines or observes the game, or was sent an isolated board. */
  readonly relation: TrackedRelation;
  /** The server's name for the rules played (`wild/22`, `Crazyhouse`), when it gave one. */
  readonly variant?: string;
  /** Whether the game is rated, when the server said. */
  readonly rated?: boolean;
  /** Each side's time control, when known. */
  readonly timeControl?: ByColor<TimeControl>;
  /** The position `moves` start from: the game's start, or where the tracker joined it. */
  readonly initial: Setup;
  /** The current position. */
  readonly setup: Setup;
  /** The moves from `initial` to `setup`, oldest first. */
  readonly moves: readonly TrackedMove[];
  /** Both remaining times in milliseconds; undefined until the server gives them. */
  readonly clocks: ByColor<number | undefined>;
  /** Whose clock runs, when the server says (undefined: none or unknown). */
  readonly running?: Color;
  /** Once the game has ended: its score, and the server's words for why (`Kratt forfeits on time`). */
  readonly result?: GameScore;
  /** The server's words for why the game ended, with `result`. */
  readonly reason?: string;
}

/**
 * What a tracker reports, in input order:
 * - `game-started`: a game seen for the first time (or again after it left);
 * - `move`: the position is one move later;
 * - `takeback`: the position is `plies` moves earlier;
 * - `position`: the position was set otherwise (a move list, a jump, a board sent again);
 * - `clock`: the clocks changed (or were sent again) and the position did not;
 * - `game-ended`: the game has a result, and the server's words for it;
 * - `game-left`: the tracker no longer follows the game: it `ended`, was `unobserved`, or was
 *   `evicted` to keep the tracker within its bound.
 */
export type TrackedGameEvent =
  | { readonly kind: 'game-started'; readonly game: TrackedGame }
  | { readonly kind: 'move'; readonly game: TrackedGame; readonly move: Move }
  | { readonly kind: 'takeback'; readonly game: TrackedGame; readonly plies: number }
  | { readonly kind: 'position'; readonly game: TrackedGame }
  | { readonly kind: 'clock'; readonly game: TrackedGame }
  | { readonly kind: 'game-ended'; readonly game: TrackedGame; readonly result: GameScore; readonly reason: string }
  | { readonly kind: 'game-left'; readonly game: TrackedGame; readonly why: 'ended' | 'unobserved' | 'evicted' };

/**
 * What both trackers offer: an `EventStream` (push inputs, get what changed, with or without a
 * callback; `end` gives what a tracker held back), and the games followed.
 */
export interface GameTracker<Input, Event extends StreamEvent> extends EventStream<Input, Event> {
  /** The game with this number, if followed. */
  game(gameNumber: number): TrackedGame | undefined;
  /** The games followed, the one updated longest ago first. */
  games(): TrackedGame[];
}
