import type { ByColor, Move, MoveNotationError, Pocket, Result, Setup } from '@chess-formats/board-core';
import type { Holdings } from './holdings.js';
import { lastMove, type LastMoveOptions } from './last-move.js';
import type { Style12, Style12Relation } from './record.js';
import type { Style12ScanEvent } from './scanner.js';

/** What the tracker knows of one game. */
export interface TrackedGame {
  readonly gameNumber: number;
  readonly whiteName: string;
  readonly blackName: string;
  readonly relation: Style12Relation;
  /** The latest record of the game. */
  readonly record: Style12;
  /** The latest position, with the pockets of the latest `<b1>` line when the game has them. */
  readonly setup: Setup;
  /** The moves seen being played, oldest first, since the tracker first saw the game (takebacks remove them). */
  readonly moves: readonly Move[];
  readonly whiteRemainingMs: number;
  readonly blackRemainingMs: number;
}

/**
 * What changed, in the order the input arrived:
 * - `new-game`: a game number seen for the first time (or again after it left);
 * - `move`: the position is one ply later; `move` is the move read (an error if it could not be);
 * - `takeback`: the position is `plies` plies earlier (the move number went back);
 * - `refresh`: the same ply again (a refresh, the resend after a flag, the end of a game);
 * - `position`: a position more than one ply ahead (an examiner's `forward`, a jump);
 * - `holdings`: a `<b1>` line for a tracked game;
 * - `game-left`: the game ended or is no longer observed (FICS text lines), or was evicted.
 */
export type TrackerEvent =
  | { readonly type: 'new-game'; readonly game: TrackedGame }
  | { readonly type: 'move'; readonly game: TrackedGame; readonly move: Result<Move, MoveNotationError> }
  | { readonly type: 'takeback'; readonly game: TrackedGame; readonly plies: number }
  | { readonly type: 'refresh'; readonly game: TrackedGame }
  | { readonly type: 'position'; readonly game: TrackedGame }
  | { readonly type: 'holdings'; readonly game: TrackedGame; readonly holdings: Holdings }
  | { readonly type: 'game-left'; readonly gameNumber: number; readonly reason: 'ended' | 'removed' | 'evicted'; readonly text?: string };

export interface TrackerOptions {
  /** How moves are read: pass board-core's `parseVerbose` (and `parseSan`) to check them against the rules. */
  readonly moves?: Pick<LastMoveOptions, 'parseVerbose' | 'parseSan'>;
  /** The most games kept at once; the game updated longest ago is evicted beyond it (default 64). */
  readonly maxGames?: number;
}

export interface Style12Tracker {
  /** Feeds a record, a `<b1>` holdings, or a scanner event (text events detect games ending). */
  push(input: Style12 | Holdings | Style12ScanEvent): TrackerEvent[];
  game(gameNumber: number): TrackedGame | undefined;
  games(): TrackedGame[];
}

/** The ply of a position: 0 before White's first move. */
function ply(setup: Setup): number {
  return (setup.fullmoves - 1) * 2 + (setup.turn === 'black' ? 1 : 0);
}

function samePlacement(a: Setup, b: Setup): boolean {
  return a.turn === b.turn && a.board.pieces.every((p, square) => p === b.board.pieces[square]);
}

// `{Game 7 (GuestA vs. GuestB) Creating ...}` and `{Game 7 (A vs. B) A resigns} 1-0` both start
// with the game number; only those with a result after the brace end the game.
const GAME_END = /^\{Game (\d{1,9}) \([^)]{0,80}\) [^}]{0,200}\} (?:1-0|0-1|1\/2-1\/2|\*)/;
const REMOVED = /^Removing game (\d{1,9}) from observation list/;

/**
 * A tracker for FICS clients: per game number, the latest position, the moves played as
 * board-core moves, both clocks, the players and the relation. Records of isolated positions
 * (`ref`, `sposition`) and move-list starts (relations -3 and -4) are not games and are skipped.
 */
export function createStyle12Tracker(options: TrackerOptions = {}): Style12Tracker {
  const maxGames = options.maxGames ?? 64;
  const games = new Map<number, TrackedGame>();
  const pockets = new Map<number, ByColor<Pocket>>();

  const leave = (gameNumber: number, reason: 'ended' | 'removed' | 'evicted', text?: string): TrackerEvent[] => {
    if (!games.delete(gameNumber)) return [];
    pockets.delete(gameNumber);
    return [text === undefined ? { type: 'game-left', gameNumber, reason } : { type: 'game-left', gameNumber, reason, text }];
  };

  const onRecord = (record: Style12): TrackerEvent[] => {
    if (record.relation < -2) return [];
    const previous = games.get(record.gameNumber);
    const held = pockets.get(record.gameNumber);
    const setup = held === undefined ? record.setup : { ...record.setup, pockets: held };
    const base = {
      gameNumber: record.gameNumber,
      whiteName: record.whiteName,
      blackName: record.blackName,
      relation: record.relation,
      record,
      setup,
      whiteRemainingMs: record.whiteRemainingMs,
      blackRemainingMs: record.blackRemainingMs,
    };
    const out: TrackerEvent[] = [];
    if (previous === undefined) {
      const game = { ...base, moves: [] };
      // Map order is insertion order: re-inserting on update keeps the stalest game first.
      games.set(record.gameNumber, game);
      out.push({ type: 'new-game', game });
      if (games.size > maxGames) {
        const stalest = games.keys().next().value as number;
        out.push(...leave(stalest, 'evicted'));
      }
      return out;
    }
    games.delete(record.gameNumber);
    const step = ply(record.setup) - ply(previous.record.setup);
    let game: TrackedGame;
    if (step === 1) {
      const move = lastMove(record, { ...options.moves, before: previous.setup });
      game = { ...base, moves: move.ok ? [...previous.moves, move.value] : previous.moves };
      out.push({ type: 'move', game, move });
    } else if (step < 0) {
      game = { ...base, moves: previous.moves.slice(0, Math.max(0, previous.moves.length + step)) };
      out.push({ type: 'takeback', game, plies: -step });
    } else if (step === 0 && samePlacement(previous.record.setup, record.setup)) {
      game = { ...base, moves: previous.moves };
      out.push({ type: 'refresh', game });
    } else {
      // A jump: the moves in between were not seen, so the list starts again here.
      game = { ...base, moves: [] };
      out.push({ type: 'position', game });
    }
    games.set(record.gameNumber, game);
    return out;
  };

  const onHoldings = (holdings: Holdings): TrackerEvent[] => {
    pockets.set(holdings.gameNumber, holdings.pockets);
    const game = games.get(holdings.gameNumber);
    if (game === undefined) {
      // Holdings may arrive before the game's first board; keep them for it, within the bound.
      if (pockets.size > maxGames) pockets.delete(pockets.keys().next().value as number);
      return [];
    }
    const updated = { ...game, setup: { ...game.setup, pockets: holdings.pockets } };
    games.set(holdings.gameNumber, updated);
    return [{ type: 'holdings', game: updated, holdings }];
  };

  const onText = (text: string): TrackerEvent[] => {
    const ended = GAME_END.exec(text);
    if (ended) return leave(Number(ended[1]), 'ended', text);
    const removed = REMOVED.exec(text);
    return removed ? leave(Number(removed[1]), 'removed', text) : [];
  };

  return {
    push(input) {
      if ('setup' in input) return onRecord(input);
      if ('pockets' in input) return onHoldings(input);
      switch (input.type) {
        case 'board':
          return onRecord(input.record);
        case 'holdings':
          return onHoldings(input.holdings);
        case 'text':
          return onText(input.text);
        default:
          return [];
      }
    },
    game: (gameNumber) => games.get(gameNumber),
    games: () => [...games.values()],
  };
}
