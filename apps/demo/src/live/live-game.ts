import { play, writeSan, type ByColor, type Color, type Setup, type TrackedGame } from '@chess-formats/board-core';
import { GAME_TYPE_LETTERS } from '@chess-formats/fics';
import type { Position, RecordMove, SessionGame } from '../formats/adapter.js';

/**
 * The live view's pure parts: a followed game (the client's `TrackedGame`) as the page's
 * `SessionGame` (the shape a capture's tracked game is shown in), the clocks as they run
 * between moves, the server address a person typed, and the words for the connection's life.
 * No DOM and no client here, so that the page loads none of this until the panel is used.
 */

/** FICS's WebSocket gateway: timeseal inside a WebSocket, so a page reaches FICS with no server of its own. */
export const FICS_WEBSOCKET = 'wss://www.freechess.org:5001';

/** `Game 7: Alice vs Bob`. */
export function liveTitle(game: TrackedGame): string {
  return `Game ${game.gameNumber}: ${game.white.name} vs ${game.black.name}`;
}

/** One ply of the game as the page shows it: the position, the record's move into it. */
interface LivePly {
  readonly position: Position;
  readonly san?: string;
}

function knownClocks(clocks: Partial<ByColor<number | undefined>>): Partial<ByColor<number>> {
  return {
    ...(clocks.white === undefined ? {} : { white: clocks.white }),
    ...(clocks.black === undefined ? {} : { black: clocks.black }),
  };
}

/**
 * A followed game as a `SessionGame`, kept up to date move by move: a new move adds one ply
 * (one SAN written, one position played), not the whole game again, so drawing a move costs
 * the same at move 80 as at move 2. A history that does not extend the one held (the `moves`
 * table of a mid-game join, a takeback, a new game under the number) is built again whole.
 */
export class LiveGame {
  private initial: Setup | undefined;
  private gameNumber = -1;
  private setups: Setup[] = [];
  private plies: LivePly[] = [];
  private line: RecordMove[] = [];
  /** Each side's clock as of the last ply built (the mover's from its move, the other's kept). */
  private clocks: Partial<ByColor<number>> = {};

  /** The game as the page shows it: every ply from the game's first, the last with the clocks as they stand. */
  update(game: TrackedGame): SessionGame {
    const extends_ =
      game.initial === this.initial && game.gameNumber === this.gameNumber && game.moves.length >= this.line.length;
    if (!extends_) this.reset(game);
    const title = liveTitle(game);
    for (let i = this.line.length; i < game.moves.length; i++) {
      const tracked = game.moves[i];
      const before = this.setups[i];
      if (tracked === undefined || before === undefined) break;
      let san: string;
      let after: Setup;
      try {
        san = writeSan(before, tracked.move);
        after = play(before, tracked.move);
      } catch {
        // A move the rules cannot play from here: the history stops before it, the board shows the game as it stands.
        break;
      }
      const mover: Color = before.turn;
      if (tracked.clockMs !== undefined) this.clocks = { ...this.clocks, [mover]: tracked.clockMs };
      this.setups.push(after);
      this.plies.push({ position: { setup: after, lastMove: tracked.move, title, clocks: this.clocks }, san });
      this.line.push({
        san,
        number: before.fullmoves,
        white: mover === 'white',
        ...(tracked.clockMs === undefined ? {} : { clockMs: tracked.clockMs }),
        ply: i + 1,
      });
    }
    // The last ply shows the clocks the server sent last (a clock-only board updates them); the
    // ply kept has those after its move, for when a later move makes it one of the history.
    const plies = [...this.plies];
    const current = knownClocks(game.clocks);
    const lastPly = plies.at(-1);
    if (lastPly && Object.keys(current).length) {
      plies[plies.length - 1] = { ...lastPly, position: { ...lastPly.position, clocks: current } };
    }
    return {
      id: String(game.gameNumber),
      title: `${title} (live)`,
      tracked: game,
      plies,
      record: { line: [...this.line], result: game.result ?? '*' },
    };
  }

  private reset(game: TrackedGame): void {
    this.initial = game.initial;
    this.gameNumber = game.gameNumber;
    this.setups = [game.initial];
    this.line = [];
    const control = game.timeControl;
    this.clocks = control ? { white: control.white.initialMs, black: control.black.initialMs } : {};
    this.plies = [{ position: { setup: game.initial, title: liveTitle(game), clocks: this.clocks } }];
  }
}

/**
 * The clocks as they stand `elapsedMs` after the server sent them: the running side's less
 * the time since (FICS says whose clock runs in each board line). A game with a result, or a
 * board that says no clock runs, stands still.
 */
export function runningClocks(
  clocks: Partial<ByColor<number>>,
  running: Color | undefined,
  elapsedMs: number,
): Partial<ByColor<number>> {
  const ms = running === undefined ? undefined : clocks[running];
  if (running === undefined || ms === undefined) return clocks;
  return { ...clocks, [running]: ms - Math.max(0, elapsedMs) };
}

/**
 * The address typed into the setting, checked before anything connects: a fault here is the
 * person's to mend, and trying again would not mend it. `pageProtocol` is the page's own
 * (`location.protocol`): a page served over https may open only `wss://` sockets.
 */
export function checkServerAddress(
  text: string,
  pageProtocol = 'http:',
): { ok: true; url: string } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '')
    return { ok: false, message: `Enter the server's WebSocket address first (FICS: ${FICS_WEBSOCKET}).` };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return {
      ok: false,
      message: `"${trimmed}" is not a web address: a WebSocket address looks like ${FICS_WEBSOCKET}.`,
    };
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
    return {
      ok: false,
      message: `A browser reaches a chess server only over a WebSocket: the address starts with wss:// (or ws://), not ${url.protocol}//.`,
    };
  if (url.protocol === 'ws:' && pageProtocol === 'https:')
    return {
      ok: false,
      message: 'This page is served over https, and browsers let it open only wss:// addresses (encrypted ones).',
    };
  return { ok: true, url: trimmed };
}

/** The server address a link gives (`?live=ws://127.0.0.1:5001`), if any. */
export function liveAddressFromUrl(search: string): string | undefined {
  const value = new URLSearchParams(search).get('live');
  return value === null || value.trim() === '' ? undefined : value.trim();
}

/**
 * A link the page writes into its URL (`?input=...`, `#z=...`), with the server address of
 * `search` (the URL's query now) kept: the address given by a link stays in the page's URL
 * as the page rewrites it after a step or a read.
 */
export function withLiveAddress(link: string, search: string): string {
  const address = liveAddressFromUrl(search);
  if (address === undefined) return link;
  const hashAt = link.indexOf('#');
  const query = (hashAt < 0 ? link : link.slice(0, hashAt)).replace(/^\?/, '');
  const hash = hashAt < 0 ? '' : link.slice(hashAt);
  return `?${query ? `${query}&` : ''}live=${encodeURIComponent(address)}${hash}`;
}

/** A game of the server's list, as the page needs it (the fics package's `GamesRow`, in part). */
export interface ListedGame {
  readonly gameNumber: number;
  readonly examined: boolean;
  readonly setup: boolean;
  readonly private: boolean;
  readonly white: { readonly name: string; readonly rating: { readonly text: string } };
  readonly black: { readonly name: string; readonly rating: { readonly text: string } };
  readonly typeLetter: string;
  readonly rated: boolean;
  readonly minutes: number;
  readonly increment: number;
  readonly moveNumber: number | undefined;
}

/** The `games` list's type letters in words, as the fics package names them. */
const GAME_TYPES: Readonly<Record<string, string>> = GAME_TYPE_LETTERS;

/** A row of the list in words: `Alice (1850) vs Bob (1790), rated blitz 5 + 3, move 4`. */
export function listedGameText(row: ListedGame): string {
  const player = (p: ListedGame['white']): string =>
    p.rating.text && p.rating.text !== '0' ? `${p.name} (${p.rating.text})` : p.name;
  const kind = row.examined ? 'examined' : row.setup ? 'being set up' : (GAME_TYPES[row.typeLetter] ?? row.typeLetter);
  const move = row.moveNumber === undefined ? '' : `, move ${row.moveNumber}`;
  return `${player(row.white)} vs ${player(row.black)}, ${row.rated ? 'rated' : 'unrated'} ${kind} ${row.minutes} + ${row.increment}${row.private ? ', private' : ''}${move}`;
}

/** Why the client stopped, in words for the status line. */
export function stopText(
  stop:
    | { readonly kind: 'closed' }
    | { readonly kind: 'failed' | 'gave-up'; readonly error: { readonly message: string } },
): string {
  if (stop.kind === 'closed') return 'Disconnected.';
  if (stop.kind === 'failed') return `Disconnected: ${stop.error.message}`;
  return `Disconnected: ${stop.error.message} (gave up after the last retry; press Connect to try again).`;
}
