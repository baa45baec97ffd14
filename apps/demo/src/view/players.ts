import type { Color, TrackedGame } from '@chess-formats/board-core';
import type { GameInfo, PlayerInfo, Position } from '../formats/adapter.js';
import { escapeHtml } from '../html.js';
import { formatClock } from './session.js';

/** A time control in words: `3 min + 2 s`, `10 min`, `1 h 30 min`. */
export function timeControlText(initialMs: number, incrementMs: number): string {
  const minutes = Math.floor(initialMs / 60_000);
  const seconds = Math.round((initialMs % 60_000) / 1000);
  const parts: string[] = [];
  if (minutes >= 60) parts.push(`${Math.floor(minutes / 60)} h`);
  if (minutes % 60) parts.push(`${minutes % 60} min`);
  if (seconds || parts.length === 0) parts.push(`${seconds} s`);
  return `${parts.join(' ')}${incrementMs ? ` + ${Number((incrementMs / 1000).toFixed(1))} s` : ''}`;
}

/** What a tracker knows about a game's players, time control and result, as `GameInfo`. */
export function trackedInfo(game: TrackedGame): GameInfo {
  const player = (color: Color): PlayerInfo => {
    const p = game[color];
    return {
      name: p.name,
      ...(p.rating ? { rating: p.rating } : {}),
      ...(p.titles?.length ? { title: p.titles.join(' ') } : {}),
    };
  };
  const control = game.timeControl;
  return {
    white: player('white'),
    black: player('black'),
    ...(control
      ? {
          timeControl: timeControlText(control.white.initialMs, control.white.incrementMs),
          initialMs: { white: control.white.initialMs, black: control.black.initialMs },
        }
      : {}),
    ...(game.result && game.result !== '*' ? { result: game.result } : {}),
  };
}

/** Under this share of the initial time (or 20 s when it is unknown) a clock is low. */
const LOW_SHARE = 0.1;
const LOW_FLOOR_MS = 10_000;
const LOW_UNKNOWN_MS = 20_000;

export function isLowTime(ms: number, initialMs: number | undefined): boolean {
  return ms < (initialMs ? Math.max(LOW_FLOOR_MS, initialMs * LOW_SHARE) : LOW_UNKNOWN_MS);
}

/**
 * One player's line beside the board: name, title, rating, clock; the side to move and a low
 * clock are marked in words too, not by colour alone. A clock not yet sent at the game's start
 * shows the time control's initial time.
 */
export function renderPlayer(position: Position, color: Color, info: GameInfo, atStart: boolean): string {
  const player = info[color];
  const sent = position.clocks?.[color];
  const ms = sent ?? (atStart ? info.initialMs?.[color] : undefined);
  const realtime = position.setup.realtime !== undefined;
  const toMove = !realtime && position.setup.turn === color;
  const low = ms !== undefined && isLowTime(ms, info.initialMs?.[color]);
  const side = color === 'white' ? 'White' : 'Black';
  const name = player
    ? `${player.title ? `<abbr class="title">${escapeHtml(player.title)}</abbr> ` : ''}<span class="name">${escapeHtml(player.name)}</span>${player.rating ? ` <span class="rating">(${player.rating})</span>` : ''}`
    : `<span class="name">${side}</span>`;
  const clock =
    ms === undefined
      ? ''
      : `<span class="player-clock" data-player-clock="${color}"${low ? ' data-low="true"' : ''}>${formatClock(ms)}${low ? '<span class="visually-hidden"> (low)</span>' : ''}</span>`;
  return (
    `<div class="player" data-color="${color}"${toMove ? ' data-to-move="true"' : ''}>` +
    `<span class="side" aria-hidden="true">${color === 'white' ? '\u25cb' : '\u25cf'}</span> ${name}${toMove ? ' <span class="to-move">to move</span>' : ''}${clock}</div>`
  );
}

/** The players above and below the board (the one at the bottom plays up), and the game's time control and result. */
export function renderPlayers(
  position: Position,
  info: GameInfo | undefined,
  flipped: boolean,
  atStart: boolean,
): { top: string; bottom: string } {
  const known = info ?? {};
  const hasAny =
    known.white ||
    known.black ||
    position.clocks?.white !== undefined ||
    position.clocks?.black !== undefined ||
    known.initialMs;
  if (!hasAny) return { top: '', bottom: '' };
  const facts = [
    known.timeControl ? `Time control ${escapeHtml(known.timeControl)}` : '',
    known.result ? `Result <strong data-result>${escapeHtml(known.result)}</strong>` : '',
  ]
    .filter(Boolean)
    .join(' \u00b7 ');
  return {
    top: renderPlayer(position, flipped ? 'white' : 'black', known, atStart),
    bottom:
      renderPlayer(position, flipped ? 'black' : 'white', known, atStart) +
      (facts ? `<p class="game-facts">${facts}</p>` : ''),
  };
}
