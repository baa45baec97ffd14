import {
  VARIANTS,
  opposite,
  err,
  play,
  trailItems,
  trailPush,
  trailTake,
  withTrailItems,
  withoutKey,
  type ByColor,
  type GameScore,
  type GameTracker,
  type Move,
  type MoveNotationError,
  type Pocket,
  type Result,
  type Setup,
  type TrackedGame,
  type TrackedGameEvent,
  type TrackedMove,
  type TrackedRelation,
  type Trail,
  type Variant,
  variantByFicsType,
  withVariant,
} from '@chess-formats/board-core';
import { keepsPosition, trailReplay } from '@chess-formats/board-core/internal';
import type { Holdings } from './holdings.js';
import { lastMove, type LastMoveOptions } from './last-move.js';
import type { Style12 } from './record.js';
import type { Style12ScanEvent } from './scanner.js';

/**
 * What changed, in the order the input arrived: board-core's tracked-game events (the icc-dg
 * tracker reports the same), and two of FICS's own:
 * - `holdings`: a `<b1>` line for a tracked game (its pockets are now the position's);
 * - `error`: the move into a board could not be read; a `position` event follows, and the
 *   game's moves start again from that board.
 */
export type Style12TrackerEvent =
  | TrackedGameEvent
  | { readonly kind: 'holdings'; readonly game: TrackedGame; readonly holdings: Holdings }
  | { readonly kind: 'error'; readonly game: TrackedGame; readonly error: MoveNotationError };

/** Options of `createStyle12Tracker`. */
export interface Style12TrackerOptions {
  /** How moves are read: pass board-core's `parseVerbose` (and `parseSan`) to check them against the rules. */
  readonly moves?: Pick<LastMoveOptions, 'parseVerbose' | 'parseSan'>;
  /** The most games kept at once, a whole number from 1; the game updated longest ago is evicted beyond it (default 64). */
  readonly maxGames?: number;
}

/**
 * What the tracker takes: a record, a `<b1>` holdings, a scanner event (text events end games),
 * or any event with a `kind` and the `line` it was read from, such as the typed events of
 * `@chess-formats/fics`'s session reader (`game-start`, `observe-header`, `game-info`,
 * `game-end` ...), whose lines are read as text; other events are ignored.
 */
export type Style12TrackerInput =
  | Style12
  | Holdings
  | Style12ScanEvent
  | { readonly kind: string; readonly line?: string };

/**
 * Follows the games of a FICS or ICC session from style 12 records, made by
 * `createStyle12Tracker`, as board-core's tracked games. Board-core's `EventStream`: `push`
 * takes one input (a record, holdings or a scanner event) and returns what it changed, or hands
 * it to `onEvent`; `end()` gives nothing, as the tracker holds nothing back (every board carries
 * both clocks, so each event about a board is complete), and keeps the games followed.
 */
export interface Style12Tracker extends GameTracker<Style12TrackerInput, Style12TrackerEvent> {
  /** The latest record of a tracked game (FICS's own fields: lag, strength, the move's time). */
  record(gameNumber: number): Style12 | undefined;
  /**
   * Makes `game` (a whole game, as `movesTableGame` of `@chess-formats/fics` reads FICS's
   * `moves` reply) the tracked game of its number, so that the boards that follow continue its
   * moves. The events are returned, or handed to `onEvent`, as `push` does:
   * - a game not tracked yet is `game-started` with `game`;
   * - a tracked game whose line passes through `game`'s last position (the boards that came
   *   while the listing was on its way: `observe` sends a board, `moves` answers later) keeps
   *   the moves it saw after that position, after `game`'s moves: `position`;
   * - a tracked game whose first board is one move after `game`'s last position is joined to it
   *   by the move that board names: `position`;
   * - a tracked game ahead of `game` that nothing joins to it is kept (its boards are the
   *   server's later word), and only what `game` says of itself is taken: no event;
   * - a tracked game `game` leads elsewhere from, at or past its ply, is replaced by it:
   *   `position` (the next board then continues it, or restarts the game from that board).
   *
   * What the game says of itself (ratings, rated, type, time control, result) is kept for the
   * boards that follow; the tracked game's relation, clocks and record are kept. A game whose
   * moves do not play from its `initial` is refused: nothing changes and nothing is reported.
   */
  adopt(game: TrackedGame, onEvent?: (event: Style12TrackerEvent) => void): Style12TrackerEvent[];
}

/**
 * A move the tracker keeps, with the position after it (what a takeback must come back to) on
 * every 32nd move of a game (`keepsPosition`) whose moves replay; the positions between are
 * played again from the last one kept when asked for. Kept on every move, the positions were
 * most of a followed game's memory (a board of 64 squares a move: about 850 bytes a move in
 * all, a gigabyte for a million moves of a game that never ends).
 */
interface Step {
  readonly tracked: TrackedMove;
  readonly after?: Setup;
}

const trackedOf = (step: Step): TrackedMove => step.tracked;
const afterOf = (step: Step): Setup | undefined => step.after;

/** The position after `move`, or undefined when the move cannot be played there. */
function played(setup: Setup, move: Move): Setup | undefined {
  try {
    return play(setup, move);
  } catch {
    return undefined;
  }
}

/** The ply of a position: 0 before White's first move. */
function ply(setup: Setup): number {
  return (setup.fullmoves - 1) * 2 + (setup.turn === 'black' ? 1 : 0);
}

/** The position after a kept move, played again from the one before it. */
const replayStep = (setup: Setup, step: Step): Setup | undefined => played(setup, step.tracked.move);

/** The same pieces on the same squares (whatever marks a piece carries) and the same side to move. */
function samePlacement(a: Setup, b: Setup): boolean {
  const other = b.board.pieces;
  return (
    a.turn === b.turn &&
    a.board.pieces.length === other.length &&
    a.board.pieces.every((p, square) => {
      const q = other[square];
      return p === q || (p !== undefined && q !== undefined && p.role === q.role && p.color === q.color);
    })
  );
}

/** The same position for the tracker: the same ply and placement. */
const samePosition = (a: Setup, b: Setup): boolean => ply(a) === ply(b) && samePlacement(a, b);

/** Whether a position that may be missing (a replay that failed) has the placement of `b`. */
const isSamePlacement = (a: Setup | undefined, b: Setup): boolean => a !== undefined && samePlacement(a, b);
/** Whether a position that may be missing (a replay that failed) is `b`. */
const isSamePosition = (a: Setup | undefined, b: Setup): boolean => a !== undefined && samePosition(a, b);

function relationOf(record: Style12): TrackedRelation {
  return record.relation === 2
    ? 'examining'
    : record.relation === 1 || record.relation === -1
      ? 'playing'
      : 'observing';
}

/**
 * What FICS says of a game in text: its type (`blitz`, `crazyhouse`, `wild/fr`), whether it is
 * rated, and the players' ratings. Kept for a game not yet tracked, as these lines come before
 * its first board.
 */
interface Told {
  readonly type?: string;
  readonly rated?: boolean;
  readonly whiteRating?: number;
  readonly blackRating?: number;
}

/** FICS's game start notice (to the players, and to all with `gin`): `{Game 54 (A vs. B) Creating unrated bughouse match.}`. */
const GAME_START =
  /^\{Game (\d{1,9}) \((\S{1,80}) vs\. (\S{1,80})\) (?:Creating|Continuing) (rated|unrated) (\S{1,40}) match\.\}/;
/**
 * To the players, just before the start notice, with their ratings but no game number:
 * `Creating: GuestVGPY (++++) GuestTJTD (++++) unrated bughouse 20 0` (the players in either order).
 */
const CREATING =
  /^Creating: (\S{1,80}) \(([^)]{1,8})\) (\S{1,80}) \(([^)]{1,8})\) (rated|unrated) (\S{1,40}) \d{1,9} \d{1,9}/;
/** `Game notification: A (1500) vs. B (1600) rated blitz 5 0: Game 12` (a player one follows started a game). */
const NOTIFIED =
  /^Game notification: (\S{1,80}) \(([^)]{1,8})\) vs\. (\S{1,80}) \(([^)]{1,8})\) (rated|unrated) (\S{1,40}) \d{1,9} \d{1,9}: Game (\d{1,9})/;
/** The header `observe` sends before the board: `Game 183: zitterbart (1768) Voittamaton (1770) rated crazyhouse 1 0`. */
const OBSERVED =
  /^Game (\d{1,9}): \S{1,80} \(([^)]{1,8})\) \S{1,80} \(([^)]{1,8})\) (rated|unrated) (\S{1,40}) \d{1,9} \d{1,9}/;
/** `iset gameinfo 1`: `<g1> 183 p=0 t=crazyhouse r=1 u=0,0 it=60,0 i=60,0 pt=0 rt=1768,1770 ts=1,1` (fields may be added). */
const GAME_INFO = /^<g1> (\d{1,9})((?: [a-z]{1,8}=\S{0,40}){0,40})\s*$/;

/** A rating as FICS writes it (`1880`, `2158E`, `1500P`, ` 978`): none for `++++` (unregistered), `----` or 0 (unrated). */
function rating(text: string | undefined): number | undefined {
  const digits = /^\s*(\d{1,5})[EP]?\s*$/.exec(text ?? '');
  const value = digits ? Number(digits[1]) : 0;
  return value > 0 ? value : undefined;
}

/** The facts of a `<g1>` line's `key=value` fields: `t` the type, `r` rated, `rt` both ratings. */
function gameInfo(fields: string): Told {
  const value = new Map<string, string>();
  for (const field of fields.trim().split(' ')) {
    const at = field.indexOf('=');
    if (at > 0) value.set(field.slice(0, at), field.slice(at + 1));
  }
  const [white, black] = (value.get('rt') ?? '').split(',').map(rating);
  const type = value.get('t');
  const rated = value.get('r');
  return {
    ...(type ? { type } : {}),
    ...(rated === '1' || rated === '0' ? { rated: rated === '1' } : {}),
    ...(white === undefined ? {} : { whiteRating: white }),
    ...(black === undefined ? {} : { blackRating: black }),
  };
}

/** What a `Creating:` line said of the players' ratings, by name, for the start notice that follows. */
type Ratings = ReadonlyMap<string, number | undefined>;

/** The facts of a game whose players and ratings a line gave, White's and Black's. */
function withRatings(told: Told, white: number | undefined, black: number | undefined): Told {
  return {
    ...told,
    ...(white === undefined ? {} : { whiteRating: white }),
    ...(black === undefined ? {} : { blackRating: black }),
  };
}

/**
 * The facts a text line tells of a game, with its number; `creating` for a `Creating:` line
 * (no number: its ratings go to the start notice of the same players that follows); undefined
 * for any other line.
 */
function toldBy(
  text: string,
  creating: Ratings | undefined,
): { readonly gameNumber: number; readonly told: Told } | { readonly creating: Ratings } | undefined {
  const start = GAME_START.exec(text);
  if (start) {
    const told: Told = { rated: start[4] === 'rated', type: start[5] as string };
    const [white, black] = [creating?.get(start[2] as string), creating?.get(start[3] as string)];
    return { gameNumber: Number(start[1]), told: withRatings(told, white, black) };
  }
  const created = CREATING.exec(text);
  if (created)
    return {
      creating: new Map([
        [created[1] as string, rating(created[2])],
        [created[3] as string, rating(created[4])],
      ]),
    };
  const notified = NOTIFIED.exec(text);
  if (notified) {
    const told: Told = { rated: notified[5] === 'rated', type: notified[6] as string };
    return { gameNumber: Number(notified[7]), told: withRatings(told, rating(notified[2]), rating(notified[4])) };
  }
  const observed = OBSERVED.exec(text);
  if (observed) {
    const told: Told = { rated: observed[4] === 'rated', type: observed[5] as string };
    return { gameNumber: Number(observed[1]), told: withRatings(told, rating(observed[2]), rating(observed[3])) };
  }
  const info = GAME_INFO.exec(text);
  return info ? { gameNumber: Number(info[1]), told: gameInfo(info[2] as string) } : undefined;
}

/**
 * The rules of a game of FICS type `type`: the variant of `VARIANTS` that plays it, `null` for
 * a type no variant plays (a wild no descriptor has: moves are then not checked against
 * chess), undefined when the server has not said.
 */
function rulesOf(type: string | undefined): Variant | null | undefined {
  return type === undefined ? undefined : (variantByFicsType(type) ?? null);
}

// `{Game 7 (GuestA vs. GuestB) Creating ...}` and `{Game 7 (A vs. B) A resigns} 1-0` both start
// with the game number; only those with a result after the brace end the game. The words in
// the braces after the players are the server's reason (FICS's game_ended texts).
const GAME_END = /^\{Game (\d{1,9}) \([^)]{0,80}\) ([^}]{1,200})\} (1-0|0-1|1\/2-1\/2|\*)/;
const REMOVED = /^Removing game (\d{1,9}) from observation list/;

const DEFAULT_MAX_GAMES = 64;

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** `events`, or nothing once they are handed to `onEvent` when it is a function. */
function deliver(events: Style12TrackerEvent[], onEvent: unknown): Style12TrackerEvent[] {
  if (typeof onEvent !== 'function') return events;
  for (const event of events) (onEvent as (event: Style12TrackerEvent) => void)(event);
  return undefined as unknown as Style12TrackerEvent[];
}

/**
 * A tracker for FICS clients: per game number, the players, the relation, the time control,
 * the position the moves start from and the current one, the moves played as board-core moves
 * with the mover's clock after each, both clocks, and the result with the server's reason.
 * Records of isolated positions (`ref`, `sposition`) and move-list starts (relations -3 and -4)
 * are not games and are skipped. Only a board starts a game: holdings that come first are kept
 * for it (at most `maxGames` of them), and holdings before any move are the start's pockets.
 * Text lines that say what a game is (the start notice, the `observe` header, `<g1>`) give its
 * `variant` (FICS's type), `rated` and the players' ratings, kept for its first board when they
 * come before it; its positions are completed for the variant the type names, whose rules then
 * read its moves (a type no variant plays is read from the boards alone). Never throws.
 *
 * @example
 * ```ts
 * import { createStyle12Tracker, parseStyle12 } from '@chess-formats/style12';
 * const tracker = createStyle12Tracker();
 * const line = '<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Alice Bob 0 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0 0 0';
 * const record = parseStyle12(line);
 * if (record.ok) console.log(tracker.push(record.value).map((e) => e.kind).join(' ')); // → game-started
 * console.log(tracker.game(7)?.white.name); // → Alice
 * ```
 */
export function createStyle12Tracker(options: Style12TrackerOptions = {}): Style12Tracker {
  const opts: Style12TrackerOptions = typeof options === 'object' && options !== null ? options : {};
  const maxGames =
    Number.isSafeInteger(opts.maxGames) && (opts.maxGames as number) >= 1
      ? (opts.maxGames as number)
      : DEFAULT_MAX_GAMES;
  const moveOptions = typeof opts.moves === 'object' && opts.moves !== null ? opts.moves : {};
  const games = new Map<number, TrackedGame>();
  const records = new Map<number, Style12>();
  /** The board each game's moves start from (the move into it joins a listing one move short). */
  const starts = new Map<number, Style12>();
  /** The moves of each followed game, shared with its snapshots (see `snapshot`). */
  const trails = new Map<number, Trail<Step> | undefined>();
  /** A game whose moves are `trail`'s: made into an array only when read, so a move costs no copy. */
  const snapshot = (fields: Omit<TrackedGame, 'moves'>, trail: Trail<Step> | undefined): TrackedGame =>
    withTrailItems({ ...fields }, 'moves', trail, trackedOf);
  /**
   * The position after the first `count` moves of a game that starts at `initial`: the last
   * position kept at or before that move, and the moves after it played again; undefined when
   * one of them does not play (the positions it would come to are then not that game's).
   */
  const positionAt = (initial: Setup, trail: Trail<Step> | undefined, count: number): Setup | undefined =>
    trailReplay(trail, count, initial, afterOf, replayStep);
  /** Pockets of games not (yet) tracked: a tracked game keeps its own in its setup. */
  const early = new Map<number, ByColor<Pocket>>();
  /** What text lines told of games not (yet) tracked, and of the tracked ones. */
  const told = new Map<number, Told>();
  const about = new Map<number, Told>();
  /** The ratings of the last `Creating:` line, for the start notice right after it. */
  let creating: Ratings | undefined;

  /** Keeps `value` for a game not tracked yet, the oldest dropped beyond the bound. */
  const keepEarly = <V>(map: Map<number, V>, gameNumber: number, value: V): void => {
    map.delete(gameNumber);
    map.set(gameNumber, value);
    if (map.size > maxGames) map.delete(map.keys().next().value as number);
  };

  /** The setup completed for the game's variant (pockets, counters, its name where the rules need it). */
  const prepared = (setup: Setup, variant: Variant | null | undefined): Setup =>
    variant && variant.rules.spec.geometry.name === setup.board.geometry.name ? withVariant(setup, variant) : setup;

  /** The facts of a game that text lines gave: its type, rated, the players' ratings. */
  const toldFields = (game: { white: { name: string }; black: { name: string } }, facts: Told | undefined) => ({
    white: facts?.whiteRating === undefined ? game.white : { ...game.white, rating: facts.whiteRating },
    black: facts?.blackRating === undefined ? game.black : { ...game.black, rating: facts.blackRating },
    ...(facts?.type === undefined ? {} : { variant: facts.type }),
    ...(facts?.rated === undefined ? {} : { rated: facts.rated }),
  });

  /**
   * The move into `record`'s board from `before`, read by the variant's rules (the setups name
   * it); a game of rules board-core does not play is read from the boards alone, as chess's
   * rules would refuse its moves. Checked by the rules, a move must also give the board sent: a
   * legal move that does not is not the move played (a board edited, a move text not the board's).
   */
  const readMove = (
    record: Style12,
    before: Setup,
    variant: Variant | null | undefined,
  ): Result<Move, MoveNotationError> => {
    const read = lastMove(
      record,
      variant === null
        ? { before, movedPieceLands: false }
        : { ...moveOptions, before, movedPieceLands: variant === undefined || variant.rules === VARIANTS[0].rules },
    );
    if (!read.ok || moveOptions.parseVerbose === undefined || variant === null) return read;
    const after = played(before, read.value);
    if (after !== undefined && samePlacement(after, record.setup)) return read;
    return err({
      code: 'piece-mismatch',
      field: 'move',
      offset: 0,
      message: `${JSON.stringify(record.verboseMove)} played from the position before does not give the board sent`,
    });
  };

  const leave = (gameNumber: number, why: 'ended' | 'unobserved' | 'evicted'): Style12TrackerEvent[] => {
    const game = games.get(gameNumber);
    if (game === undefined) return [];
    games.delete(gameNumber);
    records.delete(gameNumber);
    starts.delete(gameNumber);
    trails.delete(gameNumber);
    about.delete(gameNumber);
    return [{ kind: 'game-left', game, why }];
  };

  const onRecord = (record: Style12): Style12TrackerEvent[] => {
    if (record.relation < -2) return [];
    const number = record.gameNumber;
    const previous = games.get(number);
    const pockets = early.get(number) ?? previous?.setup.pockets;
    early.delete(number);
    if (previous === undefined) {
      about.set(number, told.get(number) ?? {});
      told.delete(number);
    }
    const heard = about.get(number);
    const variant = rulesOf(heard?.type);
    const setup = prepared(pockets === undefined ? record.setup : { ...record.setup, pockets }, variant);
    const timeControl = { initialMs: record.initialTimeMinutes * 60_000, incrementMs: record.incrementSeconds * 1000 };
    const facts = {
      gameNumber: number,
      ...toldFields({ white: { name: record.whiteName }, black: { name: record.blackName } }, heard),
      relation: relationOf(record),
      timeControl: { white: timeControl, black: timeControl },
      setup,
      clocks: { white: record.whiteRemainingMs, black: record.blackRemainingMs },
      ...(record.clockTicking === true ? { running: record.setup.turn } : {}),
    };
    const out: Style12TrackerEvent[] = [];
    const trail = trails.get(number);
    // Map order is insertion order: re-inserting on update keeps the stalest game first.
    games.delete(number);
    records.delete(number);
    const keep = (initial: Setup, moves: Trail<Step> | undefined): TrackedGame => {
      const game = snapshot({ ...facts, initial }, moves);
      games.set(number, game);
      records.set(number, record);
      trails.set(number, moves);
      if (moves === undefined) starts.set(number, record);
      return game;
    };
    if (previous === undefined) {
      const game = keep(setup, undefined);
      out.push({ kind: 'game-started', game });
      if (games.size > maxGames) out.push(...leave(games.keys().next().value as number, 'evicted'));
      return out;
    }
    const step = ply(record.setup) - ply(previous.setup);
    const length = trail?.length ?? 0;
    if (step === 1) {
      const read = readMove(record, previous.setup, variant);
      if (read.ok) {
        const mover = opposite(record.setup.turn);
        const move: Move = read.value;
        const tracked = { move, clockMs: facts.clocks[mover] };
        // A game whose moves replay by the rules keeps every so many positions; one read from the
        // boards alone (rules board-core does not play) or with pockets (the holdings come apart
        // from the board) keeps them all.
        const replays = variant !== null && setup.pockets === undefined;
        const kept = !replays || keepsPosition(length + 1);
        const game = keep(previous.initial, trailPush(trail, kept ? { tracked, after: setup } : { tracked }));
        out.push({ kind: 'move', game, move });
      } else {
        // The board is the server's word; without the move the list starts again from it.
        const game = keep(setup, undefined);
        out.push({ kind: 'error', game, error: read.error }, { kind: 'position', game });
      }
    } else if (
      step < 0 &&
      length + step >= 0 &&
      isSamePlacement(positionAt(previous.initial, trail, length + step), setup)
    ) {
      // Only a board that is the position that many moves back takes them back: an examiner's
      // new position at an earlier ply is another game, whose moves start from it.
      const game = keep(previous.initial, trailTake(trail, length + step));
      out.push({ kind: 'takeback', game, plies: -step });
    } else if (step === 0 && samePlacement(previous.setup, record.setup)) {
      // A refresh, the resend after a flag, the board at a game's end: only clocks may differ.
      const game = keep(previous.initial, trail);
      out.push({ kind: 'clock', game });
    } else {
      // A jump (an examiner's `forward`), a new position: the moves in between were not seen.
      const game = keep(setup, undefined);
      out.push({ kind: 'position', game });
    }
    return out;
  };

  const onHoldings = (holdings: Holdings): Style12TrackerEvent[] => {
    const game = games.get(holdings.gameNumber);
    if (game === undefined) {
      // Holdings may come before the game's first board: kept for it, the oldest dropped beyond the bound.
      keepEarly(early, holdings.gameNumber, holdings.pockets);
      return [];
    }
    const trail = trails.get(holdings.gameNumber);
    const setup = { ...game.setup, pockets: holdings.pockets };
    // FICS sends a game's holdings after its board: holdings before any move of the list are
    // those of the position the moves start from, so that a crazyhouse game starts with pockets.
    const updated = snapshot(
      { ...withoutKey(game, 'moves'), setup, ...(trail === undefined ? { initial: setup } : {}) },
      trail,
    );
    games.set(holdings.gameNumber, updated);
    return [{ kind: 'holdings', game: updated, holdings }];
  };

  /** Facts a text line gave of a game: kept for it, or applied to it when it is tracked. */
  const onTold = (gameNumber: number, facts: Told): Style12TrackerEvent[] => {
    const game = games.get(gameNumber);
    if (game === undefined) {
      keepEarly(told, gameNumber, { ...told.get(gameNumber), ...facts });
      return [];
    }
    const merged = { ...about.get(gameNumber), ...facts };
    about.set(gameNumber, merged);
    const variant = rulesOf(merged.type);
    const trail = trails.get(gameNumber);
    const updated = snapshot(
      {
        ...withoutKey(game, 'moves'),
        ...toldFields(game, merged),
        initial: trail === undefined ? prepared(game.initial, variant) : game.initial,
        setup: prepared(game.setup, variant),
      },
      trail,
    );
    games.set(gameNumber, updated);
    return [];
  };

  const onText = (text: string): Style12TrackerEvent[] => {
    const ended = GAME_END.exec(text);
    if (ended) {
      const number = Number(ended[1]);
      const game = games.get(number);
      told.delete(number);
      if (game === undefined) return [];
      const result = ended[3] as GameScore;
      const reason = ended[2] as string;
      const over = snapshot({ ...withoutKey(game, 'moves'), result, reason }, trails.get(number));
      games.set(number, over);
      return [{ kind: 'game-ended', game: over, result, reason }, ...leave(number, 'ended')];
    }
    const removed = REMOVED.exec(text);
    if (removed) return leave(Number(removed[1]), 'unobserved');
    const facts = toldBy(text, creating);
    if (facts === undefined) return [];
    if ('creating' in facts) {
      creating = facts.creating;
      return [];
    }
    creating = undefined;
    return onTold(facts.gameNumber, facts.told);
  };

  const onAdopt = (given: unknown): Style12TrackerEvent[] => {
    if (!isObject(given)) return [];
    const game = given as TrackedGame;
    const number = game.gameNumber;
    const named = (player: unknown): boolean =>
      isObject(player) && typeof (player as { name?: unknown }).name === 'string';
    if (
      !Number.isSafeInteger(number) ||
      !isObject(game.initial) ||
      !isObject(game.setup) ||
      !Array.isArray(game.moves) ||
      !named(game.white) ||
      !named(game.black)
    )
      return [];
    // Its moves, each with the position after it, as the tracker keeps them.
    let adopted: Trail<Step> | undefined;
    let at = game.initial;
    for (const tracked of game.moves as readonly TrackedMove[]) {
      const after = isObject(tracked) ? played(at, tracked.move) : undefined;
      if (after === undefined) return [];
      adopted = trailPush(adopted, { tracked, after });
      at = after;
    }
    const previous = games.get(number);
    let trail = adopted;
    let connected = false;
    if (previous !== undefined) {
      // The tracked line, from its start: where it passes the adopted game's last position, the
      // moves after it are the ones seen since the listing was sent.
      const seen = trails.get(number);
      const from = ply(at) - ply(previous.initial);
      connected =
        from >= 0 && from <= (seen?.length ?? 0) && isSamePosition(positionAt(previous.initial, seen, from), at);
      const start = starts.get(number);
      if (!connected && from === -1 && start !== undefined) {
        // A listing one move short of the board the tracked moves start from (a move made
        // between the two requests): that board names the move that joins them.
        const read = readMove(start, at, rulesOf(about.get(number)?.type ?? game.variant));
        const after = read.ok ? played(at, read.value) : undefined;
        if (read.ok && after !== undefined && samePlacement(after, previous.initial)) {
          const mover = opposite(start.setup.turn);
          const clockMs = mover === 'white' ? start.whiteRemainingMs : start.blackRemainingMs;
          trail = trailPush(trail, { tracked: { move: read.value, clockMs }, after: previous.initial });
          connected = true;
        }
      } else if (connected) {
        const later: Step[] = [];
        for (let step = seen; step !== undefined && step.length > from; step = step.before) later.push(step.last);
        for (const step of later.reverse()) trail = trailPush(trail, step);
      }
      if (connected && from === -1) for (const step of trailItems(seen)) trail = trailPush(trail, step);
    }
    const heard: Told = {
      ...(previous === undefined ? told.get(number) : about.get(number)),
      ...(typeof game.variant === 'string' ? { type: game.variant } : {}),
      ...(typeof game.rated === 'boolean' ? { rated: game.rated } : {}),
      ...(game.white.rating === undefined ? {} : { whiteRating: game.white.rating }),
      ...(game.black.rating === undefined ? {} : { blackRating: game.black.rating }),
    };
    told.delete(number);
    about.set(number, heard);
    if (previous !== undefined && !connected && ply(at) < ply(previous.setup)) {
      // A listing older than the boards seen, that no move seen joins: the boards are the
      // server's later word. Only what the listing says of the game is taken.
      const updated = snapshot(
        { ...withoutKey(previous, 'moves'), ...toldFields(previous, heard) },
        trails.get(number),
      );
      games.set(number, updated);
      return [];
    }
    // What the tracked game knows fresher than a listing: the relation, the clocks, the board.
    const kept =
      previous === undefined
        ? {}
        : {
            relation: previous.relation,
            clocks: previous.clocks,
            ...(previous.running === undefined ? {} : { running: previous.running }),
            ...(connected ? { setup: previous.setup } : {}),
          };
    const merged = snapshot(
      { ...withoutKey(game, 'moves'), ...kept, ...toldFields(game, heard), initial: game.initial },
      trail,
    );
    games.delete(number);
    games.set(number, merged);
    trails.set(number, trail);
    // The moves no longer start at a board.
    starts.delete(number);
    if (previous !== undefined) return [{ kind: 'position', game: merged }];
    const out: Style12TrackerEvent[] = [{ kind: 'game-started', game: merged }];
    if (games.size > maxGames) out.push(...leave(games.keys().next().value as number, 'evicted'));
    return out;
  };

  const onInput = (input: unknown): Style12TrackerEvent[] => {
    if (!isObject(input)) return [];
    if ('setup' in input && 'whiteName' in input) return onRecord(input as Style12);
    if ('pockets' in input && 'gameNumber' in input) return onHoldings(input as Holdings);
    const event = input as { kind?: unknown; record?: unknown; holdings?: unknown; text?: unknown };
    if (event.kind === 'board' && isObject(event.record) && 'setup' in event.record)
      return onRecord(event.record as Style12);
    if (event.kind === 'holdings' && isObject(event.holdings) && 'pockets' in event.holdings)
      return onHoldings(event.holdings as Holdings);
    if (event.kind === 'text' && typeof event.text === 'string') return onText(event.text);
    // A typed line of a session reader (the FICS reader's notices): what it says is in its line.
    const line = (input as { line?: unknown }).line;
    if (typeof event.kind === 'string' && event.kind !== 'board' && typeof line === 'string') return onText(line);
    return [];
  };

  return {
    push: (input: Style12TrackerInput, onEvent?: (event: Style12TrackerEvent) => void) =>
      deliver(onInput(input), onEvent),
    end: (onEvent?: (event: Style12TrackerEvent) => void) => deliver([], onEvent),
    game: (gameNumber: number) => games.get(gameNumber),
    games: () => [...games.values()],
    record: (gameNumber: number) => records.get(gameNumber),
    adopt: (game: TrackedGame, onEvent?: (event: Style12TrackerEvent) => void) => deliver(onAdopt(game), onEvent),
  } as Style12Tracker;
}

/** @deprecated Renamed `Style12TrackerEvent` (the icc-dg package has its own tracker events); kept until 1.0. */
export type TrackerEvent = Style12TrackerEvent;
/** @deprecated Renamed `Style12TrackerOptions` (the icc-dg package has its own tracker options); kept until 1.0. */
export type TrackerOptions = Style12TrackerOptions;
