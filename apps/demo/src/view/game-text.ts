import { gameToPgn, writePgn } from '@chess-formats/pgn';
import type { SessionGame } from '../formats/adapter.js';
import type { GameSummary } from './game-list.js';

/** The servers' names of the session formats, for the PGN of a tracked game (its `Site` and `Event`). */
const SERVERS: Readonly<Record<string, string>> = { fics: 'FICS', icc: 'ICC' };

/**
 * One game of the input as PGN, for its download, copy and link: a game record's own text as
 * written, or a tracked game of a capture (FICS, ICC) written by `gameToPgn`; undefined when
 * the game has neither.
 */
export function gameText(
  input: string,
  game: SessionGame | undefined,
  summary: GameSummary | undefined,
  format: string,
): string | undefined {
  const source = summary?.source;
  if (source) return input.slice(source.start, source.end).trim();
  if (!game?.tracked) return undefined;
  const server = SERVERS[format];
  try {
    return writePgn(gameToPgn(game.tracked, server ? { server } : {})).trim();
  } catch {
    return undefined; // a game the writer cannot hold: nothing to export
  }
}
