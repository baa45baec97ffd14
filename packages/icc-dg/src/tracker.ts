import { keepsPosition, printable, trailReplay } from '@chess-formats/board-core/internal';
/**
 * The games a client follows, kept from the datagrams it receives (formats2.txt, section 4, "MY
 * GAMES"): per game the players, the position the moves start from and the current one, the
 * moves with the mover's clock after each, both clocks and the result. An object you push
 * decoder events into, as the style12 package's tracker for FICS is, reporting the same events
 * and the same board-core `TrackedGame`.
 */
import {
  ICC_WILDS,
  VARIANTS,
  emptyBoard,
  iccWildVariant,
  parseSan,
  parseSmithUnchecked,
  piece,
  play,
  roleFromLetter,
  standardSetup,
  trailPush,
  trailTake,
  withTrailItems,
  type Board,
  type GameScore,
  type GameTracker,
  type LocatedError,
  type Move,
  type Piece,
  type Setup,
  type TrackedGame,
  type TrackedGameEvent,
  type TrackedMove,
  type TrackedRelation,
  type Trail,
  type Variant,
  withVariant,
} from '@chess-formats/board-core';
import { parseFen } from '@chess-formats/fen';
import type { IccEvent } from './decoder.js';
import type { Datagram, DatagramOf } from './schema.js';

/** Every code an `IccTrackerError` can carry (frozen). */
export const ICC_TRACKER_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  'unknown-game',
  'unreplayable-move',
  'bad-position',
  'no-move-text',
] as const);
/** The code of an `IccTrackerError`, one of `ICC_TRACKER_ERROR_CODES`. */
export type IccTrackerErrorCode = (typeof ICC_TRACKER_ERROR_CODES)[number];

/** Why the tracker could not follow a datagram; the game is out of step until its next position. */
export interface IccTrackerError extends LocatedError<IccTrackerErrorCode, number> {
  /** The stable error code. */
  readonly code: IccTrackerErrorCode;
  /** The game the datagram was about. */
  readonly gameNumber: number;
  /** The argument at fault (0 is the datagram number), as in decoder errors. */
  readonly field: number;
  /** Where the datagram's `^Y(` stands in the stream. */
  readonly offset: number;
  /** Short English for people: what could not be followed. */
  readonly message: string;
}

/**
 * What changed, in the order the datagrams came: board-core's tracked-game events (the style12
 * tracker reports the same for FICS), `error` when a datagram could not be followed (the
 * game, when there is one, is then out of step until its next position datagram), and
 * `position-complete`. `game-left` also carries the game's ICC facts, which `facts(n)` no
 * longer has once the game is gone.
 *
 * `position-complete` says that a game's position and both its clocks are known, so that a
 * client can show the board once, with the right times. ICC sends a position in parts: after a
 * move (DG_SEND_MOVES), a move list (DG_MOVE_LIST), a board (DG_SET_BOARD, DG_FEN), or a
 * DG_POSITION_BEGIN and the `nMovesToFollow` moves after it (DG_SEND_MOVES or DG_PAST_MOVE),
 * the server sends DG_MSEC for each side (formats2.txt, DG 56, cases 1 and 2) or one
 * DG_SET_CLOCK. The event comes once both clocks have come; or, when they do not, just before
 * the events of the game's next other datagram, or from `end()`. Only a game in step gets one.
 */
export type IccTrackerEvent =
  | Exclude<TrackedGameEvent, { readonly kind: 'game-left' }>
  | (Extract<TrackedGameEvent, { readonly kind: 'game-left' }> & { readonly facts: IccGameFacts })
  | { readonly kind: 'error'; readonly error: IccTrackerError; readonly game?: TrackedGame }
  | { readonly kind: 'position-complete'; readonly game: TrackedGame };

/** Options of `createIccTracker`. */
export interface IccTrackerOptions {
  /** The most games kept at once, a whole number from 1; the game updated longest ago is evicted beyond it (default 64). */
  readonly maxGames?: number;
}

/** What ICC says of a game beyond the `TrackedGame` every server has. */
export interface IccGameFacts {
  /** ICC's wild number (0 for chess). */
  readonly wildNumber: number;
  /** The rating type's name (`Blitz`, `Bullet`, `Wild`). */
  readonly ratingType: string;
  /** DG_FLIP: the client sees the board from Black's side. */
  readonly flip: boolean;
  /** False after a move the tracker could not replay, until the next position datagram. */
  readonly inStep: boolean;
  /** The move texts as received (Smith when it came, else algebraic), one per move. */
  readonly moveTexts: readonly string[];
  /** From the result datagram: ICC's three-letter code (`Mat`, `Fla`) and the ECO code. */
  readonly resultCode?: string;
  /** The ECO code from the result datagram, when it had one. */
  readonly eco?: string;
  /**
   * Why no variant here plays the game's wild (board-core's `iccWildVariant`: kriegspiel, a
   * variant not in `VARIANTS` yet); absent when one does. Moves of such a game, or of one ICC
   * flags as legal beyond chess's rules while board-core would play it as chess, are not
   * checked against chess's rules: Smith moves are read from the board, SAN cannot be.
   */
  readonly unsupported?: string;
}

/**
 * Follows the games of an ICC session from decoder events, made by `createIccTracker`:
 * board-core's tracked games, plus ICC's own facts of each. Board-core's `EventStream`: `push`
 * takes one decoder event and returns what it changed, or hands it to `onEvent`; `end()` gives
 * the `position-complete` events of positions still waiting for their clocks, and keeps the
 * games followed.
 */
export interface IccTracker extends GameTracker<IccEvent, IccTrackerEvent> {
  /** ICC's own facts of a followed game. */
  facts(gameNumber: number): IccGameFacts | undefined;
}

/**
 * A move of a followed game with its text as received, and the position after it on every
 * 32nd move of the line (`keepsPosition`), and on a move the server gave the position after:
 * the positions between are played again from the last one kept when a takeback needs one. Kept
 * after every move, the positions were most of a followed game's memory.
 */
interface Ply {
  readonly move: TrackedMove;
  readonly text: string;
  readonly after?: Setup;
}

/** The `length`th move of its line, with the position after it when that move keeps one. */
const plyOf = (move: TrackedMove, text: string, after: Setup, length: number): Ply =>
  keepsPosition(length) ? { move, text, after } : { move, text };

/**
 * A followed game with what the tracker keeps beside it. Its moves are a trail shared with the
 * entries before it, so a move costs no copy of the game's moves (copying them at every move
 * made a long game quadratic); `game` and `facts` make their lists from it only when read.
 */
interface Entry {
  /** The game without its moves. */
  readonly fields: Omit<TrackedGame, 'moves'>;
  /** ICC's facts without the move texts. */
  readonly about: Omit<IccGameFacts, 'moveTexts'>;
  /** The moves since `start`, oldest first. */
  readonly line: Trail<Ply> | undefined;
  /** The position before the first move of `line` (`fields.initial`, or the server's word on it). */
  readonly start: Setup;
  /** The rules the game's moves are read by (see `Rules`). */
  readonly rules: Rules;
  /** The game as handed out. */
  readonly game: TrackedGame;
  /** ICC's facts as handed out. */
  readonly facts: IccGameFacts;
}

/**
 * How the moves of a game are read: by the rules of `variant` (the wild's, completed into every
 * position), or unchecked (`variant` undefined): Smith moves read from the board with no
 * legality check and SAN refused, for a wild no variant here plays, or one ICC says has legal
 * moves beyond chess's (irregular legality) that board-core would play as chess.
 * `noCastling`: the wild allows no castling (2, 3, 4), so positions get no castling rights.
 */
interface Rules {
  readonly variant: Variant | undefined;
  readonly noCastling: boolean;
}

const CHESS: Rules = { variant: VARIANTS[0], noCastling: false };

/** The rules of wild `wild`, and why no variant plays it when none does. */
function rulesOf(wild: number, irregularLegality: boolean): { rules: Rules; unsupported?: string } {
  const found = iccWildVariant(wild);
  const entry = ICC_WILDS[wild];
  const noCastling = entry !== undefined && 'noCastling' in entry;
  if (!found.ok) return { rules: { variant: undefined, noCastling }, unsupported: found.error.message };
  // ICC says moves beyond chess's are legal, and board-core would play chess: trust neither.
  if (irregularLegality && found.value.rules === VARIANTS[0].rules && found.value.key === 'standard')
    return {
      rules: { variant: undefined, noCastling },
      unsupported: `ICC wild ${String(wild)} has moves that chess's rules do not allow (irregular legality)`,
    };
  return { rules: { variant: found.value, noCastling } };
}

/** `setup` completed for the game's rules: the variant's state and name, no castling where the wild has none. */
function prepared(setup: Setup, rules: Rules): Setup {
  const variant = rules.variant;
  const completed =
    variant !== undefined && variant.rules.spec.geometry.name === setup.board.geometry.name
      ? withVariant(setup, variant)
      : setup;
  return rules.noCastling && completed.castlingRooks.length > 0 ? { ...completed, castlingRooks: [] } : completed;
}

const moveOf = (ply: Ply): TrackedMove => ply.move;
const textOf = (ply: Ply): string => ply.text;
const afterOf = (ply: Ply): Setup | undefined => ply.after;
// Every move of a line was played by `play` from the position it is played from again here.
const replayPly = (setup: Setup, ply: Ply): Setup => play(setup, ply.move.move);

function entryOf(
  fields: Omit<TrackedGame, 'moves'>,
  about: Omit<IccGameFacts, 'moveTexts'>,
  line: Trail<Ply> | undefined,
  start: Setup = fields.initial,
  rules: Rules = CHESS,
): Entry {
  return {
    fields,
    about,
    line,
    start,
    rules,
    game: withTrailItems({ ...fields }, 'moves', line, moveOf),
    facts: withTrailItems({ ...about }, 'moveTexts', line, textOf),
  };
}

/** The entry with other fields or facts, its moves kept. */
function changed(
  entry: Entry,
  fields: Partial<Omit<TrackedGame, 'moves'>>,
  about: Partial<Omit<IccGameFacts, 'moveTexts'>> = {},
): Entry {
  return entryOf({ ...entry.fields, ...fields }, { ...entry.about, ...about }, entry.line, entry.start, entry.rules);
}

type GameStarted = DatagramOf<
  'DG_MY_GAME_STARTED' | 'DG_STARTED_OBSERVING' | 'DG_ISOLATED_BOARD' | 'DG_MY_GAME_CHANGE'
>;

const minutes = (n: number): number => n * 60_000;
const seconds = (n: number): number => n * 1000;

function startedEntry(dg: GameStarted, previous: Entry | undefined): Entry {
  const f = dg.fields;
  const relation: TrackedRelation =
    dg.name === 'DG_MY_GAME_CHANGE' && previous
      ? previous.game.relation
      : dg.name === 'DG_STARTED_OBSERVING'
        ? 'observing'
        : dg.name === 'DG_ISOLATED_BOARD'
          ? 'isolated'
          : f.playedGame
            ? 'playing'
            : 'examining';
  const { rules, unsupported } = rulesOf(f.wildNumber, f.irregularLegality);
  const initial = previous?.fields.initial ?? prepared(standardSetup(), rules);
  const player = (name: string, rating: number | undefined, titles: readonly string[]) =>
    rating === undefined ? { name, titles } : { name, rating, titles };
  const fields: Omit<TrackedGame, 'moves'> = {
    gameNumber: f.gameNumber,
    white: player(f.whiteName, f.whiteRating, f.whiteTitles),
    black: player(f.blackName, f.blackRating, f.blackTitles),
    relation,
    ...(f.wildNumber === 0 ? {} : { variant: `wild/${String(f.wildNumber)}` }),
    rated: f.rated,
    timeControl: {
      white: { initialMs: minutes(f.whiteInitial), incrementMs: seconds(f.whiteIncrement) },
      black: { initialMs: minutes(f.blackInitial), incrementMs: seconds(f.blackIncrement) },
    },
    initial,
    setup: previous?.fields.setup ?? initial,
    clocks: previous?.fields.clocks ?? { white: undefined, black: undefined },
  };
  const about: Omit<IccGameFacts, 'moveTexts'> = {
    wildNumber: f.wildNumber,
    ratingType: f.ratingType,
    flip: previous?.about.flip ?? false,
    inStep: previous?.about.inStep ?? true,
    ...(unsupported === undefined ? {} : { unsupported }),
  };
  return entryOf(fields, about, previous?.line, previous?.start ?? initial, rules);
}

/**
 * A DG_MOVE_LIST / DG_SET_BOARD board: 64 characters a8 ... h1, `-` for an empty square
 * (formats2.txt, 25 and 84). Castling rights are given to kings and rooks on their home squares.
 */
function boardSetup(text: string, whiteToMove: boolean): Setup | undefined {
  if (text.length !== 64) return undefined;
  const board: Board = emptyBoard();
  const pieces = board.pieces.slice() as (Piece | undefined)[];
  for (let i = 0; i < 64; i++) {
    const letter = text.charAt(i);
    if (letter === '-') continue;
    const role = roleFromLetter(letter.toLowerCase());
    if (role === undefined || !'pnbrqk'.includes(letter.toLowerCase())) return undefined;
    const square = (7 - Math.floor(i / 8)) * 8 + (i % 8);
    pieces[square] = piece(letter === letter.toUpperCase() ? 'white' : 'black', role);
  }
  const at = (square: number, color: 'white' | 'black', role: 'king' | 'rook'): boolean =>
    pieces[square]?.color === color && pieces[square]?.role === role;
  const castlingRooks: number[] = [];
  if (at(4, 'white', 'king')) castlingRooks.push(...[0, 7].filter((s) => at(s, 'white', 'rook')));
  if (at(60, 'black', 'king')) castlingRooks.push(...[56, 63].filter((s) => at(s, 'black', 'rook')));
  return {
    board: { geometry: board.geometry, pieces },
    turn: whiteToMove ? 'white' : 'black',
    castlingRooks,
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
  };
}

/** The entry with its moves starting again from `position` (completed for the game's rules). */
function withPosition(entry: Entry, position: Setup): Entry {
  const initial = prepared(position, entry.rules);
  return entryOf(
    { ...entry.fields, initial, setup: initial },
    { ...entry.about, inStep: true },
    undefined,
    initial,
    entry.rules,
  );
}

/** The entry with its current position replaced (the server's word on it), moves kept. */
function withCurrent(entry: Entry, position: Setup): Entry {
  const line = entry.line;
  const setup = prepared(position, entry.rules);
  return entryOf(
    { ...entry.fields, setup },
    { ...entry.about, inStep: true },
    line === undefined ? undefined : trailPush(line.before, { ...line.last, after: setup }),
    line === undefined ? setup : entry.start,
    entry.rules,
  );
}

type MoveDatagram = DatagramOf<'DG_SEND_MOVES' | 'DG_PAST_MOVE'>;

type Fault = Omit<IccTrackerError, 'gameNumber' | 'offset'>;

interface Replayed {
  readonly after: Setup;
  readonly move: Move;
  readonly text: string;
}

/**
 * Replays one move: Smith as `applySmith` does (the server is the authority), else SAN with
 * `parseSan`, both by the rules of `before`'s variant. Unchecked rules read Smith only: SAN
 * needs the rules to be read.
 */
function replay(
  before: Setup,
  smith: string | undefined,
  algebraic: string | undefined,
  field: number,
  checked = true,
): Replayed | Fault {
  if (smith !== undefined) {
    // applySmith's two steps (read from the board without legality checks, then play), since
    // the tracker keeps the move as well as the position.
    const read = parseSmithUnchecked(before, smith);
    if (!read.ok) return { code: 'unreplayable-move', field, message: `${smith}: ${read.error.message}` };
    return { after: play(before, read.value), move: read.value, text: smith };
  }
  if (algebraic !== undefined && !checked)
    return {
      code: 'unreplayable-move',
      field,
      message: `${algebraic}: the game's rules are not played here, and SAN cannot be read without them: turn on DG_MOVE_SMITH`,
    };
  if (algebraic !== undefined) {
    const read = parseSan(before, algebraic);
    if (!read.ok) return { code: 'unreplayable-move', field, message: `${algebraic}: ${read.error.message}` };
    return { after: play(before, read.value), move: read.value, text: algebraic };
  }
  return {
    code: 'no-move-text',
    field,
    message: 'a move without Smith or algebraic text: turn on DG_MOVE_SMITH or DG_MOVE_ALGEBRAIC',
  };
}

function backUp(entry: Entry, count: number): Entry {
  const line = trailTake(entry.line, Math.max(0, (entry.line?.length ?? 0) - Math.max(0, count)));
  const setup = trailReplay(line, line?.length ?? 0, entry.start, afterOf, replayPly);
  // A move that played once plays again from the same position; should one not, the game is out
  // of step until its next position rather than at a position that is not its own.
  if (setup === undefined)
    return entryOf(entry.fields, { ...entry.about, inStep: false }, line, entry.start, entry.rules);
  return entryOf({ ...entry.fields, setup }, entry.about, line, entry.start, entry.rules);
}

/** ICC's score string as a PGN result: `aborted` (and anything unknown) is `*`. */
function scoreOf(text: string): GameScore {
  return text === '1-0' || text === '0-1' || text === '1/2-1/2' ? text : '*';
}

/** The game number of a datagram about a game, if it is one the tracker reads. */
function gameNumberOf(dg: Datagram): number | undefined {
  if (dg.name === null) return undefined;
  const fields = dg.fields as { gameNumber?: unknown };
  return typeof fields.gameNumber === 'number' ? fields.gameNumber : undefined;
}

const DEFAULT_MAX_GAMES = 64;

/** `events`, or nothing once they are handed to `onEvent` when it is a function. */
function deliver(events: IccTrackerEvent[], onEvent: unknown): IccTrackerEvent[] {
  if (typeof onEvent !== 'function') return events;
  for (const event of events) (onEvent as (event: IccTrackerEvent) => void)(event);
  return undefined as unknown as IccTrackerEvent[];
}

/**
 * A tracker of the games an ICC client follows. Push every decoder event; only datagrams about
 * games change it. Never throws; a move it cannot replay is an `error` event and takes the game
 * out of step (later moves are ignored) until a position datagram (DG_POSITION_BEGIN,
 * DG_MOVE_LIST, DG_FEN, DG_SET_BOARD) brings it back.
 *
 * @example
 * ```ts
 * import { createIccDecoder, createIccTracker } from '@chess-formats/icc-dg';
 * const decoder = createIccDecoder({ settings: ['DG_MOVE_SMITH'] });
 * const tracker = createIccTracker();
 * const input = '\x19(18 7 Corvid Tallis 0 Blitz 1 3 0 3 0 1 {} 2650 2480 9 {GM} {} 0 0 0 {} 0\x19)\x19(24 7 e2e4\x19)';
 * for (const event of decoder.push(input)) tracker.push(event);
 * console.log(tracker.game(7)?.moves.length, tracker.game(7)?.white.name); // → 1 Corvid
 * ```
 */
export function createIccTracker(options: IccTrackerOptions = {}): IccTracker {
  const opts: IccTrackerOptions = typeof options === 'object' && options !== null ? options : {};
  const maxGames =
    Number.isSafeInteger(opts.maxGames) && (opts.maxGames as number) >= 1
      ? (opts.maxGames as number)
      : DEFAULT_MAX_GAMES;
  const entries = new Map<number, Entry>();
  /** Games whose position awaits its clocks, with the sides (`W`, `B`) whose clock came since. */
  const pending = new Map<number, Set<string>>();
  /** Moves still to come after a DG_POSITION_BEGIN, by game. */
  const toFollow = new Map<number, number>();

  /** The position of a game waiting for its clocks, as complete as it will be: reported once. */
  const complete = (gameNumber: number, out: IccTrackerEvent[]): void => {
    if (!pending.delete(gameNumber)) return;
    const entry = entries.get(gameNumber);
    if (entry?.about.inStep === true) out.push({ kind: 'position-complete', game: entry.game });
  };

  /** Follows the rule of `position-complete` for a datagram the tracker has just read. */
  const awaitClocks = (dg: Datagram, gameNumber: number, out: IccTrackerEvent[]): void => {
    if (!entries.has(gameNumber)) {
      pending.delete(gameNumber);
      toFollow.delete(gameNumber);
      return;
    }
    switch (dg.name) {
      case 'DG_POSITION_BEGIN':
      case 'DG_POSITION_BEGIN2': {
        const moves = (dg as DatagramOf<'DG_POSITION_BEGIN'>).fields.nMovesToFollow;
        toFollow.set(gameNumber, moves);
        if (moves <= 0) pending.set(gameNumber, new Set());
        return;
      }
      case 'DG_MOVE_LIST':
        toFollow.delete(gameNumber);
        pending.set(gameNumber, new Set());
        return;
      case 'DG_SET_BOARD':
      case 'DG_FEN':
        pending.set(gameNumber, new Set());
        return;
      case 'DG_SEND_MOVES':
      case 'DG_PAST_MOVE': {
        const left = (toFollow.get(gameNumber) ?? 0) - 1;
        if (left > 0) {
          toFollow.set(gameNumber, left);
          return;
        }
        toFollow.delete(gameNumber);
        pending.set(gameNumber, new Set());
        return;
      }
      case 'DG_MSEC': {
        const clocks = pending.get(gameNumber);
        if (clocks === undefined) return;
        clocks.add((dg as DatagramOf<'DG_MSEC'>).fields.color);
        if (clocks.size === 2) complete(gameNumber, out);
        return;
      }
      case 'DG_SET_CLOCK':
        // Both clocks at once.
        complete(gameNumber, out);
        return;
      default:
        return;
    }
  };

  const onDatagram = (dg: Datagram, offset: number): IccTrackerEvent[] => {
    const gameNumber = gameNumberOf(dg);
    if (gameNumber === undefined || dg.name === null) return [];
    const entry = entries.get(gameNumber);
    const out: IccTrackerEvent[] = [];
    /** Keeps `next` as the game's entry (the most recently updated, for eviction) and returns its game. */
    const keep = (next: Entry): TrackedGame => {
      entries.delete(gameNumber);
      entries.set(gameNumber, next);
      return next.game;
    };
    const leave = (why: 'ended' | 'unobserved'): IccTrackerEvent[] => {
      if (!entry) return [];
      entries.delete(gameNumber);
      return [{ kind: 'game-left', game: entry.game, why, facts: entry.facts }];
    };
    const fault = (error: Fault, next?: Entry): IccTrackerEvent[] => {
      const full: IccTrackerError = printable({ ...error, gameNumber, offset });
      return [next ? { kind: 'error', error: full, game: keep(next) } : { kind: 'error', error: full }];
    };
    const unknown = (what: string): IccTrackerEvent[] =>
      fault({
        code: 'unknown-game',
        field: 1,
        message: `${what} for game ${String(gameNumber)}, which no game-started datagram announced`,
      });
    switch (dg.name) {
      case 'DG_MY_GAME_STARTED':
      case 'DG_STARTED_OBSERVING':
      case 'DG_ISOLATED_BOARD': {
        out.push({ kind: 'game-started', game: keep(startedEntry(dg, undefined)) });
        if (entries.size > maxGames) {
          const stalest = entries.keys().next().value as number;
          const gone = entries.get(stalest);
          entries.delete(stalest);
          pending.delete(stalest);
          toFollow.delete(stalest);
          if (gone) out.push({ kind: 'game-left', game: gone.game, why: 'evicted', facts: gone.facts });
        }
        return out;
      }
      case 'DG_MY_GAME_CHANGE':
        // The players' facts changed (a rating, the time control): read with game(n).
        if (entry) keep(startedEntry(dg, entry));
        return [];
      case 'DG_MY_GAME_ENDED':
        return leave('ended');
      case 'DG_STOP_OBSERVING':
      case 'DG_EXAMINED_GAME_IS_GONE':
        return leave('unobserved');
      case 'DG_MY_RELATION_TO_GAME': {
        if (!entry) return [];
        const symbol = dg.fields.symbol;
        if (symbol === 'X') return leave('unobserved');
        const relation: TrackedRelation = symbol === 'O' ? 'observing' : symbol === 'E' ? 'examining' : 'playing';
        keep(changed(entry, { relation }));
        return [];
      }
      case 'DG_SEND_MOVES':
      case 'DG_PAST_MOVE': {
        if (!entry) return unknown('a move');
        if (!entry.about.inStep) return [];
        const f = (dg as MoveDatagram).fields;
        const smithField = dg.args.indexOf(f.smithMove ?? '\x19') + 1;
        const algebraicField = dg.args.indexOf(f.algebraicMove ?? '\x19') + 1;
        const played = replay(
          entry.fields.setup,
          f.smithMove,
          f.algebraicMove,
          f.smithMove !== undefined ? smithField : algebraicField || 1,
          entry.rules.variant !== undefined,
        );
        if ('code' in played) return fault(played, changed(entry, {}, { inStep: false }));
        const mover = entry.fields.setup.turn;
        const clockMs = f.clock === undefined ? undefined : seconds(f.clock);
        const move: TrackedMove = clockMs === undefined ? { move: played.move } : { move: played.move, clockMs };
        const game = keep(
          entryOf(
            {
              ...entry.fields,
              setup: played.after,
              ...(clockMs === undefined ? {} : { clocks: { ...entry.fields.clocks, [mover]: clockMs } }),
            },
            entry.about,
            trailPush(entry.line, plyOf(move, played.text, played.after, (entry.line?.length ?? 0) + 1)),
            entry.start,
            entry.rules,
          ),
        );
        return [{ kind: 'move', game, move: played.move }];
      }
      case 'DG_MOVE_LIST': {
        if (!entry) return unknown('a move list');
        const board = dg.fields.initialPosition === '*' ? standardSetup() : boardSetup(dg.fields.initialPosition, true);
        const initial = board === undefined ? undefined : prepared(board, entry.rules);
        if (initial === undefined)
          return fault(
            { code: 'bad-position', field: 2, message: 'the initial position is neither * nor 64 board characters' },
            changed(entry, {}, { inStep: false }),
          );
        let line: Trail<Ply> | undefined;
        let before = initial;
        for (let i = 0; i < dg.fields.moves.length; i++) {
          const info = dg.fields.moves[i] ?? {};
          const played = replay(before, info.smithMove, info.algebraicMove, i + 3, entry.rules.variant !== undefined);
          if ('code' in played)
            return fault(
              played,
              entryOf(
                { ...entry.fields, initial, setup: before },
                { ...entry.about, inStep: false },
                line,
                initial,
                entry.rules,
              ),
            );
          const move =
            info.clock === undefined ? { move: played.move } : { move: played.move, clockMs: seconds(info.clock) };
          line = trailPush(line, plyOf(move, played.text, played.after, i + 1));
          before = played.after;
        }
        const setup = before;
        return [
          {
            kind: 'position',
            game: keep(
              entryOf(
                { ...entry.fields, initial, setup },
                { ...entry.about, inStep: true },
                line,
                initial,
                entry.rules,
              ),
            ),
          },
        ];
      }
      case 'DG_POSITION_BEGIN':
      case 'DG_POSITION_BEGIN2': {
        if (!entry) return unknown('a position');
        const fen = dg.fields.initialFen.trim();
        if (fen === '') return [{ kind: 'position', game: keep(withPosition(entry, standardSetup())) }];
        const parsed = parseFen(fen);
        if (!parsed.ok)
          return fault(
            { code: 'bad-position', field: 2, message: `the initial FEN: ${parsed.error.message}` },
            changed(entry, {}, { inStep: false }),
          );
        return [{ kind: 'position', game: keep(withPosition(entry, parsed.value)) }];
      }
      case 'DG_FEN': {
        if (!entry) return [];
        const parsed = parseFen(dg.fields.fenString.trim());
        if (!parsed.ok)
          return fault(
            { code: 'bad-position', field: 2, message: `the FEN: ${parsed.error.message}` },
            changed(entry, {}, { inStep: false }),
          );
        return [{ kind: 'position', game: keep(withCurrent(entry, parsed.value)) }];
      }
      case 'DG_SET_BOARD': {
        if (!entry) return [];
        const setup = boardSetup(dg.fields.board, dg.fields.sideToMove === 'W');
        if (setup === undefined)
          return fault(
            { code: 'bad-position', field: 2, message: 'the board is not 64 board characters' },
            changed(entry, {}, { inStep: false }),
          );
        return [{ kind: 'position', game: keep(withCurrent(entry, setup)) }];
      }
      case 'DG_BACKWARD':
      case 'DG_TAKEBACK': {
        if (!entry) return [];
        const count = dg.name === 'DG_BACKWARD' ? dg.fields.backupCount : dg.fields.takebackCount;
        const next = backUp(entry, count);
        return [{ kind: 'takeback', game: keep(next), plies: (entry.line?.length ?? 0) - (next.line?.length ?? 0) }];
      }
      case 'DG_MSEC': {
        if (!entry) return [];
        const side = dg.fields.color === 'W' ? 'white' : 'black';
        // Whose clock runs: this side's when its flag says so, no longer this side's when it does not.
        const running = dg.fields.running ? side : entry.fields.running === side ? undefined : entry.fields.running;
        const { running: _previous, ...rest } = entry.fields;
        const fields: Omit<TrackedGame, 'moves'> = {
          ...rest,
          clocks: { ...entry.fields.clocks, [side]: dg.fields.msec },
          ...(running === undefined ? {} : { running }),
        };
        return [{ kind: 'clock', game: keep(entryOf(fields, entry.about, entry.line, entry.start, entry.rules)) }];
      }
      case 'DG_SET_CLOCK': {
        if (!entry) return [];
        const clocks = { white: seconds(dg.fields.whiteClock), black: seconds(dg.fields.blackClock) };
        return [{ kind: 'clock', game: keep(changed(entry, { clocks })) }];
      }
      case 'DG_FLIP':
        if (entry) keep(changed(entry, {}, { flip: dg.fields.flip }));
        return [];
      case 'DG_MY_GAME_RESULT':
      case 'DG_GAME_RESULT': {
        if (!entry) return [];
        const f = dg.fields;
        const result = scoreOf(f.scoreString2);
        // The description is the server's words ("White checkmated"); the code stands in when it is empty.
        const reason = f.descriptionString !== '' ? f.descriptionString : f.gameResultCode;
        const game = keep(
          changed(
            entry,
            { result, reason },
            { resultCode: f.gameResultCode, ...(f.eco === undefined ? {} : { eco: f.eco }) },
          ),
        );
        return [{ kind: 'game-ended', game, result, reason }];
      }
      default:
        return [];
    }
  };

  const onEvent = (event: IccEvent): IccTrackerEvent[] => {
    if (typeof event !== 'object' || event === null || event.kind !== 'datagram') return [];
    const dg = (event as { datagram?: unknown }).datagram;
    if (
      typeof dg !== 'object' ||
      dg === null ||
      typeof (dg as Datagram).fields !== 'object' ||
      (dg as Datagram).fields === null
    )
      return [];
    const datagram = dg as Datagram;
    const gameNumber = gameNumberOf(datagram);
    if (gameNumber === undefined || datagram.name === null) return [];
    // Any other datagram about a game completes a position still waiting for its clocks.
    const out: IccTrackerEvent[] = [];
    if (datagram.name !== 'DG_MSEC' && datagram.name !== 'DG_SET_CLOCK') complete(gameNumber, out);
    for (const change of onDatagram(datagram, typeof event.offset === 'number' ? event.offset : 0)) out.push(change);
    awaitClocks(datagram, gameNumber, out);
    return out;
  };

  return {
    push: (event: IccEvent, onChange?: (change: IccTrackerEvent) => void) => deliver(onEvent(event), onChange),
    end(onChange?: (change: IccTrackerEvent) => void) {
      const out: IccTrackerEvent[] = [];
      for (const gameNumber of [...pending.keys()]) complete(gameNumber, out);
      toFollow.clear();
      return deliver(out, onChange);
    },
    game: (gameNumber: number) => entries.get(gameNumber)?.game,
    games: () => [...entries.values()].map((entry) => entry.game),
    facts: (gameNumber: number) => entries.get(gameNumber)?.facts,
  } as IccTracker;
}

/** @deprecated Renamed `ICC_TRACKER_ERROR_CODES`; kept until 1.0. */
export const TRACKER_ERROR_CODES: typeof ICC_TRACKER_ERROR_CODES = ICC_TRACKER_ERROR_CODES;
/** @deprecated Renamed `IccTrackerErrorCode`; kept until 1.0. */
export type TrackerErrorCode = IccTrackerErrorCode;
/** @deprecated Renamed `IccTrackerError`; kept until 1.0. */
export type TrackerError = IccTrackerError;
/** @deprecated Renamed `IccTrackerEvent` (the style12 package has its own tracker events); kept until 1.0. */
export type TrackerEvent = IccTrackerEvent;
/** @deprecated Renamed `IccTrackerOptions` (the style12 package has its own tracker options); kept until 1.0. */
export type TrackerOptions = IccTrackerOptions;
