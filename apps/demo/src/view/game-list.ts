import type { FieldRow, SessionGame } from '../formats/adapter.js';

/** One game of a session as the chooser lists it: its columns, and where its text is (PGN). */
export interface GameSummary {
  /** Its index among the session's games. */
  readonly index: number;
  readonly title: string;
  readonly white: string;
  readonly black: string;
  readonly result: string;
  readonly date: string;
  readonly event: string;
  /** Half-moves of the main line (undefined while a large file's game is not read yet and has no PlyCount tag). */
  readonly plies?: number;
  /** Where the game's text starts and ends in the input (a game record's), for export and links. */
  readonly source?: { readonly start: number; readonly end: number };
}

/** More games than this are chosen from the searchable list; fewer from a menu. */
export const LIST_GAMES_FROM = 20;

const TAG_VALUE = /"((?:[^"\\]|\\.)*)"/;

/** The value of a tag field (`[White "Ada"]`: `Ada`), or '' when the game has none of that name. */
export function tagValue(fields: readonly FieldRow[] | undefined, name: string): string {
  const field = fields?.find((f) => f.name === name);
  const value = field ? (TAG_VALUE.exec(field.text)?.[1] ?? '') : '';
  return value === '?' ? '' : value.replace(/\\(.)/g, '$1');
}

/**
 * Where a game record starts and ends in `text`: from its first tag to the next line that
 * opens a tag after its moves (or the end of the text). A game without tags is the whole text
 * when it is the only one.
 */
export function gameSource(text: string, game: SessionGame, only: boolean): GameSummary['source'] {
  const fields = game.fields ?? [];
  const first = fields[0];
  if (!first) return only ? { start: 0, end: text.length } : undefined;
  const last = fields[fields.length - 1] ?? first;
  const next = /\n[ \t]*\[[A-Za-z]/g;
  next.lastIndex = last.offset + last.text.length;
  const found = next.exec(text);
  return { start: first.offset, end: found ? found.index + 1 : text.length };
}

/** The chooser's columns of each game: a record's tags, or a tracked game's players and result. */
export function summariseGames(games: readonly SessionGame[], text: string): GameSummary[] {
  return games.map((game, index) => {
    const info = game.plies[0]?.position.game;
    const record = game.record !== undefined;
    const source = record ? gameSource(text, game, games.length === 1) : undefined;
    return {
      index,
      title: game.title,
      white: tagValue(game.fields, 'White') || (info?.white?.name ?? ''),
      black: tagValue(game.fields, 'Black') || (info?.black?.name ?? ''),
      result: game.record?.result ?? game.plies.at(-1)?.position.game?.result ?? info?.result ?? '',
      date: tagValue(game.fields, 'Date'),
      event: tagValue(game.fields, 'Event'),
      plies: Math.max(0, game.plies.length - 1),
      ...(source ? { source } : {}),
    };
  });
}

/** What a search matches against: every column, lower case. */
export function searchText(summary: GameSummary): string {
  return `${summary.title} ${summary.white} ${summary.black} ${summary.result} ${summary.date} ${summary.event}`.toLowerCase();
}

/** The games whose columns hold every word of `query` (any case, any order): their indexes in list order. */
export function matchGames(haystacks: readonly string[], query: string): number[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found: number[] = [];
  for (let i = 0; i < haystacks.length; i++) {
    const text = haystacks[i] ?? '';
    if (words.every((word) => text.includes(word))) found.push(i);
  }
  return found;
}
