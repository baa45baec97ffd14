/**
 * The two boards of a FICS bughouse match, followed together: each board's tracked game made
 * whole (named bughouse, its start holding the pieces in hand the server showed for it), the
 * pieces the partner board passes recorded where they arrived (`<b1> ... <- BN`), and the two
 * boards linked by their game numbers.
 */
import {
  emptyPocket,
  type ByColor,
  type Color,
  type Pocket,
  type Role,
  type Setup,
  type TrackedGame,
  type EventStream,
} from '@chess-formats/board-core';
import type { Holdings } from './holdings.js';
import {
  createStyle12Tracker,
  type Style12TrackerEvent,
  type Style12TrackerInput,
  type Style12TrackerOptions,
} from './tracker.js';

/** A piece the partner board passed to this one: it arrived after `ply` moves of the game's `moves`. */
export interface BughousePass {
  /** How many of the game's `moves` had been played when the piece arrived. */
  readonly ply: number;
  /** The side that received it (the colour of the piece). */
  readonly color: Color;
  /** The piece (a promoted piece is passed as a pawn). */
  readonly role: Role;
}

/**
 * One board of a bughouse match, whole: a tracked game whose `variant` is `bughouse`, whose
 * positions name the variant, and whose `initial` holds the pieces in hand the server showed at
 * that position (FICS sends the `<b1>` line after the board); with the partner board's game
 * number once known, and the pieces passed to it since `initial`.
 */
export interface BughouseTrackedGame extends TrackedGame {
  /** The game number of the partner board, once known. */
  readonly partner?: number;
  /** The pieces the partner board passed, in the order they arrived. */
  readonly passes: readonly BughousePass[];
}

/**
 * What the bughouse tracker reports: the style12 tracker's events, each bughouse board's game
 * whole (`BughouseTrackedGame`), and two of its own:
 * - `partner`: two games are the boards of one match;
 * - `pass`: a piece arrived from the partner board.
 */
export type BughouseTrackerEvent =
  | Style12TrackerEvent
  | { readonly kind: 'partner'; readonly gameNumber: number; readonly partner: number }
  | { readonly kind: 'pass'; readonly game: BughouseTrackedGame; readonly pass: BughousePass };

/** A tracker of bughouse matches, made by `createBughouseTracker`. */
export interface BughouseTracker extends EventStream<Style12TrackerInput, BughouseTrackerEvent> {
  /** The bughouse board with this game number, whole, while it is followed. */
  board(gameNumber: number): BughouseTrackedGame | undefined;
  /**
   * Makes two games the boards of one match, for a client that knows it (an observer of both
   * boards learns the partner's number from `<g1>` only with the `gameinfo` ivar set).
   */
  link(gameNumber: number, partner: number): BughouseTrackerEvent[];
}

/** `{Game 54 (A vs. B) Creating unrated bughouse match.}`, and `Continuing`. */
const CREATING = /^\{Game (\d{1,9}) \([^)]{0,80}\) (?:Creating|Continuing) (?:rated|unrated) bughouse match\.\}/;
/** The observe header: `Game 76: ArLeman (1418) WEBDubois (1245) rated bughouse 3 0`. */
const OBSERVED = /^Game (\d{1,9}): \S{1,40} \([^)]{0,12}\) \S{1,40} \([^)]{0,12}\) (?:rated|unrated) bughouse \d/;
/** `Your partner is playing game 51 (GuestFXLX vs. GuestRZLG).`, after the notice of the player's own game. */
const PARTNER = /^Your partner is playing game (\d{1,9}) /;
/** `<g1> GAME ... t=TYPE ... pt=PARTNER_GAME ...` (help `iv_gameinfo`). */
const GAME_INFO = /^<g1> (\d{1,9}) /;
const GAME_TYPE = / t=(\S{1,40})/;
const PARTNER_GAME = / pt=(-?\d{1,9})/;

/** The most games remembered as bughouse before their first board, as the tracker bounds its games. */
const DEFAULT_MAX_GAMES = 64;

/** What the bughouse tracker adds to a game the style12 tracker follows. */
interface Board {
  /** The style12 tracker's `initial` these facts belong to: when it changes, the moves start again. */
  base: Setup;
  /** The pieces in hand at `base`, once a `<b1>` line said (or derived from a later one). */
  pockets: ByColor<Pocket> | undefined;
  passes: BughousePass[];
}

/**
 * `setup` with pockets (empty when it has none), named bughouse: what board-core's
 * `withVariant` gives for bughouse (pockets show crazyhouse, so the name is needed), written
 * out so that the tracker does not carry the list of variants.
 */
function named(setup: Setup, pockets = setup.pockets): Setup {
  return { ...setup, pockets: pockets ?? { white: emptyPocket(), black: emptyPocket() }, variant: 'bughouse' };
}

/** `pockets` with `count` of `role` more (or fewer) for `color`, never below zero. */
function adjusted(pockets: ByColor<Pocket>, color: Color, role: Role, count: number): ByColor<Pocket> {
  const pocket = { ...pockets[color], [role]: Math.max(0, pockets[color][role] + count) };
  return color === 'white' ? { white: pocket, black: pockets.black } : { white: pockets.white, black: pocket };
}

/**
 * A tracker for FICS bughouse: the style12 tracker (`createStyle12Tracker`, same options and
 * inputs) with each bughouse board's game made whole, the pieces passed between the boards
 * recorded, and the boards linked by game number.
 *
 * - **Which games** are bughouse boards: those a notice names (`{Game 54 (...) Creating rated
 *   bughouse match.}`), whose observe header does (`Game 76: A (1418) B (1245) rated bughouse
 *   3 0`), whose `<g1>` line says `t=bughouse`, or that are linked. Feed the scanner's text
 *   events for these.
 * - **Partners** are linked by `<g1>`'s `pt=`, by `Your partner is playing game 51 (...)`
 *   after the notice of the player's own game, or by `link`.
 * - **The start's pieces in hand.** FICS sends a board's `<b1>` line after the board, so the
 *   first holdings seen belong to the position the game's moves start from; one seen only
 *   after moves is taken back to the start (the pieces passed since removed, those dropped
 *   since returned), as in bughouse nothing else moves pieces in or out of hand.
 * - **Passes** (`<b1> game 76 white [NB] black [N] <- BN`) are recorded with the number of moves
 *   played when they arrived; the tracker's own position already holds them.
 *
 * Never throws.
 */
export function createBughouseTracker(options: Style12TrackerOptions = {}): BughouseTracker {
  const tracker = createStyle12Tracker(options);
  const opts = typeof options === 'object' && options !== null ? options : {};
  const maxGames =
    Number.isSafeInteger(opts.maxGames) && (opts.maxGames as number) >= 1
      ? (opts.maxGames as number)
      : DEFAULT_MAX_GAMES;
  const boards = new Map<number, Board>();
  /** Games known to be bughouse boards, and partners: both kept within the bound, oldest dropped. */
  const known = new Set<number>();
  const partners = new Map<number, number>();
  /** The last bughouse game the notices created, whose partner the next `Your partner is playing` names. */
  let created: number | undefined;

  const remember = (gameNumber: number): void => {
    known.delete(gameNumber);
    known.add(gameNumber);
    if (known.size > maxGames * 2) {
      // The oldest that is not a followed board (those leave with their game).
      for (const oldest of known) {
        if (boards.has(oldest)) continue;
        known.delete(oldest);
        partners.delete(oldest);
        break;
      }
    }
  };

  const linked = (a: number, b: number): BughouseTrackerEvent[] => {
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a === b || partners.get(a) === b) return [];
    remember(a);
    remember(b);
    partners.set(a, b);
    partners.set(b, a);
    return [
      { kind: 'partner', gameNumber: a, partner: b },
      { kind: 'partner', gameNumber: b, partner: a },
    ];
  };

  /** The game whole, from the style12 tracker's game and what this tracker knows of it. */
  const whole = (game: TrackedGame): BughouseTrackedGame => {
    const board = boards.get(game.gameNumber);
    const partner = partners.get(game.gameNumber);
    return {
      ...game,
      variant: 'bughouse',
      initial: named(game.initial, board?.pockets ?? game.initial.pockets),
      setup: named(game.setup),
      ...(partner === undefined ? {} : { partner }),
      passes: board === undefined ? [] : board.passes.slice(),
    };
  };

  /** Follows what a style12 tracker event says of the game's start and passes. */
  const follow = (event: Style12TrackerEvent): BughouseTrackerEvent[] => {
    if (event.kind === 'game-left') {
      const out = known.has(event.game.gameNumber) ? [{ ...event, game: whole(event.game) }] : [event];
      boards.delete(event.game.gameNumber);
      return out;
    }
    const game = event.game;
    const number = game.gameNumber;
    let board = boards.get(number);
    if (board === undefined || board.base !== game.initial) {
      // A new game, or its moves start again (a jump, a move that could not be read). The
      // start's pockets are known from the first holdings line only: the style12 tracker gives a
      // bughouse start empty pockets until one comes, and after moves it stays its guess.
      board = { base: game.initial, pockets: undefined, passes: [] };
      boards.set(number, board);
    }
    if (event.kind === 'takeback') board.passes = board.passes.filter((p) => p.ply <= game.moves.length);
    const out: BughouseTrackerEvent[] = [];
    if (event.kind === 'holdings') {
      const pass = onHoldings(board, game, event.holdings);
      if (pass !== undefined && known.has(number)) out.push({ kind: 'pass', game: whole(game), pass });
    }
    return known.has(number) ? [{ ...event, game: whole(game) } as BughouseTrackerEvent, ...out] : [event, ...out];
  };

  const onHoldings = (board: Board, game: TrackedGame, holdings: Holdings): BughousePass | undefined => {
    const ply = game.moves.length;
    const pass = holdings.passed === undefined ? undefined : { ply, ...holdings.passed };
    if (pass !== undefined) board.passes.push(pass);
    if (board.pockets === undefined) {
      // Back to the start: the pieces passed since leave the hand, the pieces dropped since return.
      let pockets = holdings.pockets;
      for (const p of board.passes) pockets = adjusted(pockets, p.color, p.role, -1);
      let color: Color = game.initial.turn;
      for (const { move } of game.moves) {
        if (move.kind === 'drop') pockets = adjusted(pockets, color, move.role, 1);
        color = color === 'white' ? 'black' : 'white';
      }
      board.pockets = pockets;
    }
    return pass;
  };

  const onText = (text: string): BughouseTrackerEvent[] => {
    const creating = CREATING.exec(text);
    if (creating) {
      created = Number(creating[1]);
      remember(created);
      return [];
    }
    const observed = OBSERVED.exec(text);
    if (observed) {
      remember(Number(observed[1]));
      return [];
    }
    const partner = PARTNER.exec(text);
    if (partner) return created === undefined ? [] : linked(created, Number(partner[1]));
    const info = GAME_INFO.exec(text);
    if (info) {
      const number = Number(info[1]);
      if (GAME_TYPE.exec(text)?.[1] !== 'bughouse') return [];
      remember(number);
      const pt = Number(PARTNER_GAME.exec(text)?.[1] ?? -1);
      return pt >= 0 ? linked(number, pt) : [];
    }
    return [];
  };

  const onInput = (input: unknown): BughouseTrackerEvent[] => {
    const out: BughouseTrackerEvent[] = [];
    if (typeof input === 'object' && input !== null) {
      const event = input as { kind?: unknown; text?: unknown };
      if (event.kind === 'text' && typeof event.text === 'string') out.push(...onText(event.text));
    }
    for (const event of tracker.push(input as Style12TrackerInput)) out.push(...follow(event));
    return out;
  };

  const deliver = (events: BughouseTrackerEvent[], onEvent: unknown): BughouseTrackerEvent[] => {
    if (typeof onEvent !== 'function') return events;
    for (const event of events) (onEvent as (event: BughouseTrackerEvent) => void)(event);
    return undefined as unknown as BughouseTrackerEvent[];
  };

  return {
    push: (input: Style12TrackerInput, onEvent?: (event: BughouseTrackerEvent) => void) =>
      deliver(onInput(input), onEvent),
    end: (onEvent?: (event: BughouseTrackerEvent) => void) => deliver([], onEvent),
    board: (gameNumber: number) => {
      const game = tracker.game(gameNumber);
      return game !== undefined && known.has(gameNumber) ? whole(game) : undefined;
    },
    link: (gameNumber: number, partner: number) => linked(gameNumber, partner),
  } as BughouseTracker;
}

/**
 * The board's game for a one-board record (`gameToPgn`), which cannot say when a piece
 * arrived from the partner board: every piece passed during the game is held from the start.
 * Each drop then finds its piece and the moves and the last position are the server's, pieces
 * in hand included; only the positions in between hold the passed pieces early. For the record
 * of both boards, with each piece passed when it was, write BPGN (`@chess-formats/pgn`).
 */
export function heldFromStart(game: BughouseTrackedGame): TrackedGame {
  let pockets = game.initial.pockets ?? { white: emptyPocket(), black: emptyPocket() };
  for (const pass of game.passes) pockets = adjusted(pockets, pass.color, pass.role, 1);
  const { passes: _passes, partner: _partner, ...rest } = game;
  return { ...rest, initial: { ...game.initial, pockets } };
}
