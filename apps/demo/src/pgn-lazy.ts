import { parsePgn, type PgnGame } from '@chess-formats/pgn';
import type { FormatView, InputError, SessionGame } from './formats/adapter.js';
import { readPgn, titleOf } from './formats/pgn.js';
import { placeholderGames } from './hand-over.js';
import type { GameSummary } from './view/game-list.js';

/**
 * A PGN text at least this long is read lazily in the worker: its games' tags at once (the
 * chooser's rows), each game's moves when it is shown. Reading every game of a 5 MB file took
 * 4 s, and handing every position of every game to the page as long again.
 */
export const LAZY_PGN_FROM = 300_000;

const LEFT_BRACKET = 0x5b;

function isTagStart(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0xfeff;
}

/**
 * Where each game of a PGN text starts: a line opening a tag pair (`[Event`, not a comment's
 * `[%clk`) after a line that is not one. The lazy reading trusts these only when they count as
 * many games as the reader finds.
 */
export function pgnGameStarts(text: string): number[] {
  const starts: number[] = [];
  let inTags = false;
  for (let line = 0; line < text.length; ) {
    const newline = text.indexOf('\n', line);
    const end = newline < 0 ? text.length : newline;
    let at = line;
    while (at < end && isBlank(text.charCodeAt(at))) at++;
    if (at < end) {
      const tag = text.charCodeAt(at) === LEFT_BRACKET && isTagStart(text.charCodeAt(at + 1));
      if (tag && !inTags) starts.push(line);
      inTags = tag;
    }
    line = end + 1;
  }
  return starts;
}

function known(tags: ReadonlyMap<string, string> | undefined, name: string): string {
  const value = tags?.get(name)?.trim() ?? '';
  return value === '?' ? '' : value;
}

/** One game of a lazily read text, read now: its moves, its tags as fields and its errors, placed in the whole text. */
export function readPgnGameAt(text: string, summary: GameSummary): { game: SessionGame; errors: InputError[] } {
  const start = summary.source?.start ?? 0;
  const view = readPgn(text.slice(start, summary.source?.end ?? text.length));
  const id = String(summary.index + 1);
  const errors = view.errors.map((error) => ({
    ...error,
    offset: error.offset + start,
    message: error.message.replace(/^Game 1:/, `Game ${id}:`),
  }));
  const read = view.session?.games[0];
  if (!read) return { game: { id, title: `${summary.title} (broken: see Errors)`, plies: [] }, errors };
  const game: SessionGame = {
    ...read,
    id,
    // A game broken in its moves is shown up to its error (formats/pgn.ts), named so.
    title: read.error ? `${summary.title} (broken: up to its error)` : summary.title,
    ...(read.error ? { error: read.error.replace(/^Game 1:/, `Game ${id}:`) } : {}),
    ...(read.fields ? { fields: read.fields.map((field) => ({ ...field, offset: field.offset + start })) } : {}),
  };
  return { game, errors };
}

/** What a lazy reading gives: the view with game `keep` read and the others waiting, and every game's row. */
export interface LazyPgnRead {
  readonly view: FormatView;
  readonly summaries: readonly GameSummary[];
  /** The index of the game read. */
  readonly shown: number;
}

/**
 * Reads a long PGN text lazily: every game's tags (`tagsOnly`), and the moves of game `keep`
 * alone; the others are placeholders without positions until `readPgnGameAt` reads them.
 * Undefined when the games cannot be placed in the text (then it is read whole).
 */
export function readPgnLazily(text: string, keep = 0): LazyPgnRead | undefined {
  const starts = pgnGameStarts(text);
  const heads = parsePgn(text, { tagsOnly: true });
  if (starts.length < 2 || starts.length !== heads.length) return undefined;
  const summaries: GameSummary[] = heads.map((head, index) => {
    const game: PgnGame | undefined = head.ok ? head.value : undefined;
    const tags = game?.tags;
    const plies = Number(known(tags, 'PlyCount'));
    return {
      index,
      title: game ? titleOf(game, index) : `Game ${index + 1} (broken)`,
      white: known(tags, 'White'),
      black: known(tags, 'Black'),
      result: game?.result ?? '',
      date: known(tags, 'Date'),
      event: known(tags, 'Event'),
      ...(Number.isInteger(plies) && plies > 0 ? { plies } : {}),
      source: { start: starts[index] ?? 0, end: starts[index + 1] ?? text.length },
    };
  });
  const shown = Math.min(Math.max(0, keep), summaries.length - 1);
  const games: SessionGame[] = placeholderGames(summaries);
  const first = readPgnGameAt(text, summaries[shown] as GameSummary);
  games[shown] = first.game;
  return {
    view: {
      positions: first.game.plies.map((ply) => ply.position),
      fields: first.game.fields ?? [],
      errors: first.errors,
      notes: [
        `The text holds ${games.length.toLocaleString('en')} games: find one in the list under the board. Each game's moves are read when it is shown (a large file), so a broken game says so then.`,
      ],
      session: { events: [], games },
    },
    summaries,
    shown,
  };
}
