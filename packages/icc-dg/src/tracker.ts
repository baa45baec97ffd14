/**
 * The games a client follows, kept from the datagrams it receives (formats2.txt, section 4, "MY
 * GAMES"): a reducer, `trackGames(state, event) => state`, holding per game the board-core
 * position and moves, both clocks and the players.
 */
import {
  emptyBoard,
  parseSan,
  parseSmithUnchecked,
  piece,
  play,
  roleFromLetter,
  standardSetup,
  type Board,
  type Move,
  type Piece,
  type Setup,
} from '@chess-formats/board-core';
import { parseFen } from '@chess-formats/fen';
import type { IccEvent } from './decoder.js';
import type { Datagram, DatagramOf } from './schema.js';

export const TRACKER_ERROR_CODES = /* @__PURE__ */ Object.freeze(['unknown-game', 'unreplayable-move', 'bad-position', 'no-move-text'] as const);
export type TrackerErrorCode = (typeof TRACKER_ERROR_CODES)[number];

/** Why the tracker could not follow a datagram; the game is out of step until its next position. */
export interface TrackerError {
  readonly code: TrackerErrorCode;
  readonly gameNumber: number;
  /** The argument at fault (0 is the datagram number), as in decoder errors. */
  readonly field: number;
  /** Where the datagram's `^Y(` stands in the stream. */
  readonly offset: number;
  readonly message: string;
}

/** How the client relates to a game: from the game-started DG, then DG_MY_RELATION_TO_GAME. */
export type GameRelation = 'playing' | 'examining' | 'observing' | 'isolated';

export interface TrackedClock {
  /** Milliseconds left (DG_MSEC), or seconds * 1000 from DG_SET_CLOCK and move clocks. */
  readonly ms: number | undefined;
  /** Whether this clock is ticking (DG_MSEC's running flag). */
  readonly running: boolean;
}

export interface TrackedGame {
  readonly gameNumber: number;
  readonly white: string;
  readonly black: string;
  readonly whiteRating: number | undefined;
  readonly blackRating: number | undefined;
  readonly whiteTitles: readonly string[];
  readonly blackTitles: readonly string[];
  readonly wildNumber: number;
  readonly ratingType: string;
  readonly rated: boolean;
  /** Initial minutes and increment seconds of each side, as the game-started DG gives them. */
  readonly timeControl: { readonly whiteInitial: number; readonly whiteIncrement: number; readonly blackInitial: number; readonly blackIncrement: number };
  readonly relation: GameRelation;
  /** DG_FLIP: the client sees the board from Black's side. */
  readonly flip: boolean;
  /** The position the moves start from. */
  readonly initial: Setup;
  /** The positions after each move: `positions[0]` is `initial`, the last one the current position. */
  readonly positions: readonly Setup[];
  readonly moves: readonly Move[];
  /** The move texts as received (Smith when it came, else algebraic), one per move. */
  readonly moveTexts: readonly string[];
  readonly clocks: { readonly white: TrackedClock; readonly black: TrackedClock };
  /** False after a move the tracker could not replay, until the next position DG. */
  readonly inStep: boolean;
  readonly result?: { readonly code: string; readonly score: string; readonly description: string; readonly eco?: string };
}

export interface GamesState {
  /** The games followed, by game number. */
  readonly games: ReadonlyMap<number, TrackedGame>;
  /** The faults of the last step (empty when it went well). */
  readonly errors: readonly TrackerError[];
}

const NO_ERRORS: readonly TrackerError[] = Object.freeze([]);
const STOPPED: TrackedClock = Object.freeze({ ms: undefined, running: false });

/** The state before any datagram. */
export function initialGamesState(): GamesState {
  return { games: new Map(), errors: NO_ERRORS };
}

/** The current position of a tracked game. */
export function currentPosition(game: TrackedGame): Setup {
  return game.positions[game.positions.length - 1] ?? game.initial;
}

type GameStarted = DatagramOf<'DG_MY_GAME_STARTED' | 'DG_STARTED_OBSERVING' | 'DG_ISOLATED_BOARD' | 'DG_MY_GAME_CHANGE'>;

function startedGame(dg: GameStarted, previous: TrackedGame | undefined): TrackedGame {
  const f = dg.fields;
  const relation: GameRelation =
    dg.name === 'DG_STARTED_OBSERVING' ? 'observing' : dg.name === 'DG_ISOLATED_BOARD' ? 'isolated' : f.playedGame ? 'playing' : 'examining';
  const initial = previous?.initial ?? standardSetup();
  return {
    gameNumber: f.gameNumber,
    white: f.whiteName,
    black: f.blackName,
    whiteRating: f.whiteRating,
    blackRating: f.blackRating,
    whiteTitles: f.whiteTitles,
    blackTitles: f.blackTitles,
    wildNumber: f.wildNumber,
    ratingType: f.ratingType,
    rated: f.rated,
    timeControl: { whiteInitial: f.whiteInitial, whiteIncrement: f.whiteIncrement, blackInitial: f.blackInitial, blackIncrement: f.blackIncrement },
    relation: dg.name === 'DG_MY_GAME_CHANGE' && previous ? previous.relation : relation,
    flip: previous?.flip ?? false,
    initial,
    positions: previous?.positions ?? [initial],
    moves: previous?.moves ?? [],
    moveTexts: previous?.moveTexts ?? [],
    clocks: previous?.clocks ?? { white: STOPPED, black: STOPPED },
    inStep: previous?.inStep ?? true,
  };
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
  return { board: { geometry: board.geometry, pieces }, turn: whiteToMove ? 'white' : 'black', castlingRooks, epSquares: [], halfmoves: 0, fullmoves: 1 };
}

function withPosition(game: TrackedGame, initial: Setup): TrackedGame {
  return { ...game, initial, positions: [initial], moves: [], moveTexts: [], inStep: true };
}

type MoveDatagram = DatagramOf<'DG_SEND_MOVES' | 'DG_PAST_MOVE'>;

interface Step {
  readonly game: TrackedGame;
  readonly error?: Omit<TrackerError, 'gameNumber' | 'offset'>;
}

interface Replayed {
  readonly after: Setup;
  readonly move: Move;
  readonly text: string;
}

type Fault = NonNullable<Step['error']>;

/** Replays one move: Smith as `applySmith` does (the server is the authority), else SAN with `parseSan`. */
function replay(before: Setup, smith: string | undefined, algebraic: string | undefined, field: number): Replayed | Fault {
  if (smith !== undefined) {
    // applySmith's two steps (read from the board without legality checks, then play), since
    // the tracker keeps the move as well as the position.
    const read = parseSmithUnchecked(before, smith);
    if (!read.ok) return { code: 'unreplayable-move', field, message: `${smith}: ${read.error.message}` };
    return { after: play(before, read.value), move: read.value, text: smith };
  }
  if (algebraic !== undefined) {
    const read = parseSan(before, algebraic);
    if (!read.ok) return { code: 'unreplayable-move', field, message: `${algebraic}: ${read.error.message}` };
    return { after: play(before, read.value), move: read.value, text: algebraic };
  }
  return { code: 'no-move-text', field, message: 'a move without Smith or algebraic text: turn on DG_MOVE_SMITH or DG_MOVE_ALGEBRAIC' };
}

function playMove(game: TrackedGame, smith: string | undefined, algebraic: string | undefined, field: number): Step {
  const played = replay(currentPosition(game), smith, algebraic, field);
  if ('code' in played) return { game: { ...game, inStep: false }, error: played };
  return { game: { ...game, positions: [...game.positions, played.after], moves: [...game.moves, played.move], moveTexts: [...game.moveTexts, played.text] } };
}

function backUp(game: TrackedGame, count: number): TrackedGame {
  const keep = Math.max(0, game.moves.length - Math.max(0, count));
  return { ...game, positions: game.positions.slice(0, keep + 1), moves: game.moves.slice(0, keep), moveTexts: game.moveTexts.slice(0, keep) };
}

function setClock(game: TrackedGame, color: 'W' | 'B', clock: TrackedClock): TrackedGame {
  return { ...game, clocks: color === 'W' ? { ...game.clocks, white: clock } : { ...game.clocks, black: clock } };
}

/** The fields of a datagram by the game number it concerns, if it concerns one the tracker reads. */
function gameNumberOf(dg: Datagram): number | undefined {
  if (dg.name === null) return undefined;
  const fields = dg.fields as { gameNumber?: unknown };
  return typeof fields.gameNumber === 'number' ? fields.gameNumber : undefined;
}

/**
 * One step of the tracker: the state after `event` (a decoder event; only datagrams change it).
 * Never throws; a move it cannot replay puts an error in `errors` and takes the game out of step
 * (later moves are ignored) until a position datagram (DG_POSITION_BEGIN, DG_MOVE_LIST, DG_FEN,
 * DG_SET_BOARD) brings it back.
 */
export function trackGames(state: GamesState, event: IccEvent): GamesState {
  if (event.kind !== 'datagram') return state.errors.length === 0 ? state : { games: state.games, errors: NO_ERRORS };
  const dg = event.datagram;
  const gameNumber = gameNumberOf(dg);
  if (gameNumber === undefined || dg.name === null) return state.errors.length === 0 ? state : { games: state.games, errors: NO_ERRORS };
  const games = state.games;
  const game = games.get(gameNumber);
  const update = (next: TrackedGame | undefined, error?: Step['error']): GamesState => {
    const copy = new Map(games);
    if (next === undefined) copy.delete(gameNumber);
    else copy.set(gameNumber, next);
    return { games: copy, errors: error ? [{ ...error, gameNumber, offset: event.offset }] : NO_ERRORS };
  };
  const unchanged = (): GamesState => (state.errors.length === 0 ? state : { games, errors: NO_ERRORS });
  switch (dg.name) {
    case 'DG_MY_GAME_STARTED':
    case 'DG_STARTED_OBSERVING':
    case 'DG_ISOLATED_BOARD':
      return update(startedGame(dg, undefined));
    case 'DG_MY_GAME_CHANGE':
      return update(startedGame(dg, game));
    case 'DG_MY_GAME_ENDED':
    case 'DG_STOP_OBSERVING':
    case 'DG_EXAMINED_GAME_IS_GONE':
      return game ? update(undefined) : unchanged();
    case 'DG_MY_RELATION_TO_GAME': {
      if (!game) return unchanged();
      const symbol = dg.fields.symbol;
      if (symbol === 'X') return update(undefined);
      const relation: GameRelation = symbol === 'O' ? 'observing' : symbol === 'E' ? 'examining' : 'playing';
      return update({ ...game, relation });
    }
    case 'DG_SEND_MOVES':
    case 'DG_PAST_MOVE': {
      if (!game) return update(undefined, { code: 'unknown-game', field: 1, message: `a move for game ${String(gameNumber)}, which no game-started datagram announced` });
      if (!game.inStep) return unchanged();
      const f = (dg as MoveDatagram).fields;
      const smithField = dg.args.indexOf(f.smithMove ?? '\x19') + 1;
      const algebraicField = dg.args.indexOf(f.algebraicMove ?? '\x19') + 1;
      const step = playMove(game, f.smithMove, f.algebraicMove, f.smithMove !== undefined ? smithField : algebraicField || 1);
      let next = step.game;
      if (f.clock !== undefined && !step.error) {
        const mover = currentPosition(game).turn === 'white' ? 'W' : 'B';
        next = setClock(next, mover, { ms: f.clock * 1000, running: false });
      }
      return update(next, step.error);
    }
    case 'DG_MOVE_LIST': {
      if (!game) return update(undefined, { code: 'unknown-game', field: 1, message: `a move list for game ${String(gameNumber)}, which no game-started datagram announced` });
      const initial = dg.fields.initialPosition === '*' ? standardSetup() : boardSetup(dg.fields.initialPosition, true);
      if (initial === undefined) return update({ ...game, inStep: false }, { code: 'bad-position', field: 2, message: 'the initial position is neither * nor 64 board characters' });
      // Built in place: a move list can be long, and copying per move would make it quadratic.
      const positions: Setup[] = [initial];
      const moves: Move[] = [];
      const moveTexts: string[] = [];
      for (let i = 0; i < dg.fields.moves.length; i++) {
        const info = dg.fields.moves[i] ?? {};
        const played = replay(positions[positions.length - 1] ?? initial, info.smithMove, info.algebraicMove, i + 3);
        if ('code' in played) return update({ ...game, initial, positions, moves, moveTexts, inStep: false }, played);
        positions.push(played.after);
        moves.push(played.move);
        moveTexts.push(played.text);
      }
      return update({ ...game, initial, positions, moves, moveTexts, inStep: true });
    }
    case 'DG_POSITION_BEGIN':
    case 'DG_POSITION_BEGIN2': {
      if (!game) return update(undefined, { code: 'unknown-game', field: 1, message: `a position for game ${String(gameNumber)}, which no game-started datagram announced` });
      const fen = dg.fields.initialFen.trim();
      if (fen === '') return update(withPosition(game, standardSetup()));
      const parsed = parseFen(fen);
      if (!parsed.ok) return update({ ...game, inStep: false }, { code: 'bad-position', field: 2, message: `the initial FEN: ${parsed.error.message}` });
      return update(withPosition(game, parsed.value));
    }
    case 'DG_FEN': {
      if (!game) return unchanged();
      const parsed = parseFen(dg.fields.fenString.trim());
      if (!parsed.ok) return update({ ...game, inStep: false }, { code: 'bad-position', field: 2, message: `the FEN: ${parsed.error.message}` });
      // The FEN is the server's word on the current position: it replaces the last one.
      return update({ ...game, positions: [...game.positions.slice(0, -1), parsed.value], inStep: true });
    }
    case 'DG_SET_BOARD': {
      if (!game) return unchanged();
      const setup = boardSetup(dg.fields.board, dg.fields.sideToMove === 'W');
      if (setup === undefined) return update({ ...game, inStep: false }, { code: 'bad-position', field: 2, message: 'the board is not 64 board characters' });
      return update({ ...game, positions: [...game.positions.slice(0, -1), setup], inStep: true });
    }
    case 'DG_BACKWARD':
      return game ? update(backUp(game, dg.fields.backupCount)) : unchanged();
    case 'DG_TAKEBACK':
      return game ? update(backUp(game, dg.fields.takebackCount)) : unchanged();
    case 'DG_MSEC':
      return game ? update(setClock(game, dg.fields.color, { ms: dg.fields.msec, running: dg.fields.running })) : unchanged();
    case 'DG_SET_CLOCK':
      return game
        ? update({
            ...game,
            clocks: { white: { ...game.clocks.white, ms: dg.fields.whiteClock * 1000 }, black: { ...game.clocks.black, ms: dg.fields.blackClock * 1000 } },
          })
        : unchanged();
    case 'DG_FLIP':
      return game ? update({ ...game, flip: dg.fields.flip }) : unchanged();
    case 'DG_MY_GAME_RESULT':
    case 'DG_GAME_RESULT': {
      if (!game) return unchanged();
      const f = dg.fields;
      const result = { code: f.gameResultCode, score: f.scoreString2, description: f.descriptionString };
      return update({ ...game, result: f.eco === undefined ? result : { ...result, eco: f.eco } });
    }
    default:
      return unchanged();
  }
}
