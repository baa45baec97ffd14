import type { SessionGame } from './formats/adapter.js';
import type { ReadResult } from './read.js';
import type { GameSummary } from './view/game-list.js';

// How a long text and what the worker read of it cross between the page and the reading
// worker (issue 30). A message is copied out of the sending thread and into the receiving one,
// each in one task: 5 MB of text or 4,451 rows in one message cost 11-28 ms of a task at a
// load of 5 on two cores, more under more load. So the text goes in slices, one a task, and the
// rows come back in pages, each a message (a task) of its own. (Encoding the text to bytes to
// transfer them instead was slower: 60 ms for 5.4 MB of text holding a few characters beyond
// Latin-1, against 11-19 ms to copy the string.)

/** Characters of text in one slice of the hand-over: a task of a few milliseconds to copy. */
export const TEXT_SLICE = 1_000_000;

/** Rows of the game list in one message back (the first message carries the view and this many). */
export const ROWS_PAGE = 1_000;

/** The text in slices of `size` characters (the last shorter); none for an empty text. */
export function textSlices(text: string, size = TEXT_SLICE): string[] {
  const slices: string[] = [];
  for (let at = 0; at < text.length; at += Math.max(1, size)) slices.push(text.slice(at, at + Math.max(1, size)));
  return slices;
}

/** The first message of a lazy reading: the result with the shown game alone and the first page of rows. */
export interface LazyHead {
  readonly result: ReadResult;
  /** The index of the game read, the one game `result.view.session.games` holds. */
  readonly shown: number;
  /** How many rows (games) there are in all: the rest come in pages. */
  readonly total: number;
}

/** The games of a lazily read text before any is read: each a title without positions. */
export function placeholderGames(summaries: readonly GameSummary[]): SessionGame[] {
  return summaries.map((s) => ({ id: String(s.index + 1), title: s.title, plies: [] }));
}

/**
 * Splits a lazy reading into its first message and the pages of rows that follow it. The games
 * not read are left out: they are placeholders the page makes again from the rows.
 */
export function pageLazyResult(
  result: ReadResult,
  shown: number,
  pageSize = ROWS_PAGE,
): { head: LazyHead; pages: GameSummary[][] } {
  const summaries = result.summaries ?? [];
  const session = result.view.session;
  const game = session?.games[shown];
  const pages: GameSummary[][] = [];
  for (let at = pageSize; at < summaries.length; at += pageSize) pages.push(summaries.slice(at, at + pageSize));
  return {
    head: {
      result: {
        ...result,
        summaries: summaries.slice(0, pageSize),
        view: { ...result.view, ...(session ? { session: { ...session, games: game ? [game] : [] } } : {}) },
      },
      shown,
      total: summaries.length,
    },
    pages,
  };
}

/** The lazy reading again, from its first message and every page of rows (in order). */
export function joinLazyResult(head: LazyHead, pages: readonly (readonly GameSummary[])[]): ReadResult {
  const summaries = [...(head.result.summaries ?? [])];
  for (const page of pages) for (const row of page) summaries.push(row);
  const session = head.result.view.session;
  const games = placeholderGames(summaries);
  const game = session?.games[0];
  if (game && head.shown < games.length) games[head.shown] = game;
  return {
    ...head.result,
    summaries,
    view: { ...head.result.view, ...(session ? { session: { ...session, games } } : {}) },
  };
}
