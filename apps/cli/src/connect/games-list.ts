/** One played game from a server's `games` list. */
export interface ListedGame {
  readonly game: number;
  readonly whiteRating: number;
  readonly white: string;
  readonly blackRating: number;
  readonly black: string;
}

/** A rating token: digits, or `++++` (unregistered) and `----` (unrated), which count as 0. */
function rating(token: string): number | undefined {
  if (/^\d{1,4}[EP]?$/.test(token)) return Number.parseInt(token, 10);
  if (/^[+-]{2,4}$/.test(token)) return 0;
  return undefined;
}

/**
 * Reads one line of a `games` list. FICS and ICC both write a played game as
 * `number rating name rating name [flags time inc] clocks...`; examined and set-up games
 * (`(Exam.`, `(Setup`) and private ones (`[p...`) are not candidates. Tokens, not a regex over
 * the whole line, so a hostile line costs linear time.
 */
export function parseGamesLine(line: string): ListedGame | undefined {
  if (line.length > 400) return undefined;
  const tokens = line.trim().split(/\s+/);
  const [number, whiteRating, white, blackRating, black, flags] = tokens;
  if (number === undefined || !/^\d{1,6}$/.test(number)) return undefined;
  if (white === undefined || black === undefined || flags === undefined) return undefined;
  const wr = rating(whiteRating ?? '');
  const br = rating(blackRating ?? '');
  if (wr === undefined || br === undefined) return undefined;
  if (!flags.startsWith('[') || flags.startsWith('[p')) return undefined;
  if (!/^\w{1,20}$/.test(white) || !/^\w{1,20}$/.test(black)) return undefined;
  return { game: Number(number), whiteRating: wr, white, blackRating: br, black };
}

/** The end of a `games` list on both servers: `  93 games displayed.` (with more after it). */
export function isGamesListEnd(line: string): boolean {
  return /^\s*\d+ games? displayed/.test(line);
}

/** The best game: the highest sum of the two ratings; the lower game number on a tie. */
export function bestGame(games: Iterable<ListedGame>): ListedGame | undefined {
  let best: ListedGame | undefined;
  for (const game of games) {
    const sum = game.whiteRating + game.blackRating;
    const bestSum = best === undefined ? -1 : best.whiteRating + best.blackRating;
    if (sum > bestSum || (sum === bestSum && best !== undefined && game.game < best.game)) best = game;
  }
  return best;
}
