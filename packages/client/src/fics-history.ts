import {
  err,
  ok,
  parseSan,
  play,
  standardSetup,
  variantByFicsType,
  withVariant,
  type Result,
  type Setup,
  type TrackedGame,
  type TrackedMove,
} from '@chess-formats/board-core';
import type { FicsPlayer, MovesTable } from '@chess-formats/fics';

/**
 * A game's history from its `moves` table, so that a game joined in the middle (FICS sends no
 * move list after `observe` or `follow`) keeps every move from its start. The client's own
 * stand-in for the libraries' `movesTableGame` and the tracker's `adopt`, kept behind the one
 * call site in the client until those are released.
 */
export interface GameHistory {
  /** The position the moves start from: the relation -4 board of `iset startpos 1`, or the standard start. */
  readonly initial: Setup;
  /** The moves the table lists, oldest first. */
  readonly moves: readonly TrackedMove[];
  /** `positions[i]` is the position after `i` moves (`positions[0]` is `initial`). */
  readonly positions: readonly Setup[];
  readonly whiteRating: number | undefined;
  readonly blackRating: number | undefined;
  readonly rated: boolean;
  readonly type: string;
  readonly initialMs: number;
  readonly incrementMs: number;
}

/** A rating as a number: none for `UNR`, `----`, `++++` or 0 (unrated). */
function rating(player: FicsPlayer): number | undefined {
  const value = player.rating.value;
  return value !== undefined && value > 0 ? value : undefined;
}

/**
 * Replays the table's moves from its start board; the first move that does not read (a variant
 * whose rules board-core lacks, a corrupted row) is an error, as a history with a hole would
 * misplace every later move.
 */
export function historyFromMovesTable(table: MovesTable): Result<GameHistory, string> {
  const variant = variantByFicsType(table.type);
  let start: Setup = table.start?.setup ?? standardSetup();
  if (variant && variant.rules.spec.geometry.name === start.board.geometry.name) start = withVariant(start, variant);
  const moves: TrackedMove[] = [];
  const positions: Setup[] = [start];
  let setup = start;
  for (const row of table.rows) {
    for (const listed of [row.white, row.black]) {
      if (listed === undefined || listed.san === '...') continue;
      const move = parseSan(setup, listed.san);
      if (!move.ok)
        return err(
          `move ${String(row.moveNumber)} ${listed.san} of game ${String(table.gameNumber)}: ${move.error.message}`,
        );
      try {
        setup = play(setup, move.value);
      } catch (error) {
        return err(
          `move ${String(row.moveNumber)} ${listed.san}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      moves.push({ move: move.value });
      positions.push(setup);
    }
  }
  return ok({
    initial: start,
    moves,
    positions,
    whiteRating: rating(table.white),
    blackRating: rating(table.black),
    rated: table.rated,
    type: table.type,
    initialMs: table.minutes * 60_000,
    incrementMs: table.increment * 1000,
  });
}

function samePosition(a: Setup, b: Setup): boolean {
  if (a.turn !== b.turn || a.board.pieces.length !== b.board.pieces.length) return false;
  return a.board.pieces.every((p, square) => {
    const q = b.board.pieces[square];
    return p === q || (p !== undefined && q !== undefined && p.color === q.color && p.role === q.role);
  });
}

/**
 * The tracked game with the history put in front of its moves: the tracker joined the game at
 * some position of the history (the latest that matches is taken), and its own moves follow
 * from there. The facts the table gives fill what the tracker does not know. A game that does
 * not start from a position of the history is returned as it is.
 */
export function withHistory(game: TrackedGame, history: GameHistory): TrackedGame {
  let joined = -1;
  for (let k = history.positions.length - 1; k >= 0; k--)
    if (samePosition(history.positions[k] as Setup, game.initial)) {
      joined = k;
      break;
    }
  if (joined < 0) return game;
  const timeControl = { initialMs: history.initialMs, incrementMs: history.incrementMs };
  return {
    ...game,
    white:
      game.white.rating === undefined && history.whiteRating !== undefined
        ? { ...game.white, rating: history.whiteRating }
        : game.white,
    black:
      game.black.rating === undefined && history.blackRating !== undefined
        ? { ...game.black, rating: history.blackRating }
        : game.black,
    variant: game.variant ?? history.type,
    rated: game.rated ?? history.rated,
    timeControl: game.timeControl ?? { white: timeControl, black: timeControl },
    initial: history.initial,
    moves: [...history.moves.slice(0, joined), ...game.moves],
  };
}
