import type { Position, SessionEvent, SessionGame } from '../formats/adapter.js';
import { escapeHtml } from '../html.js';

/** Which game of a session is shown, and which of its positions. */
export interface GameCursor {
  readonly game: number;
  readonly ply: number;
}

export type Step = 'first' | 'previous' | 'next' | 'last';

/** The position the cursor points at, if any. */
export function cursorPosition(games: readonly SessionGame[], cursor: GameCursor): Position | undefined {
  return games[cursor.game]?.plies[cursor.ply]?.position;
}

/** A clock as `m:ss.t` (`h:mm:ss` from an hour), with a minus sign once the flag has fallen. */
export function formatClock(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const tenths = Math.floor(Math.abs(ms) / 100);
  const totalSeconds = Math.floor(tenths / 10);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const secs = String(totalSeconds % 60).padStart(2, '0');
  if (hours > 0) return `${sign}${hours}:${String(minutes).padStart(2, '0')}:${secs}`;
  return `${sign}${minutes}:${secs}.${tenths % 10}`;
}

/**
 * Rows of the event table drawn at first, and added by each "Show more": a capture of 2000
 * events drawn whole is some 26,000 elements, which slows every redraw while typing.
 */
export const EVENT_ROWS_SHOWN = 150;

export function renderEvents(events: readonly SessionEvent[], shown = EVENT_ROWS_SHOWN): string {
  if (events.length === 0) return '<p class="empty">No events.</p>';
  const rows = events
    .slice(0, shown)
    .map((e, i) => {
      const fields = e.fields
        .map(
          (f) =>
            `<span class="event-field"><span class="name">${escapeHtml(f.name)}</span>=${escapeHtml(f.value)}</span>`,
        )
        .join(' ');
      // A row of a game's position is a button: it shows that position on the board.
      const name =
        e.gameId !== undefined && e.ply !== undefined
          ? `<button type="button" class="event-jump" data-jump-game="${escapeHtml(e.gameId)}" data-jump-ply="${e.ply}" title="Show game ${escapeHtml(e.gameId)} at position ${e.ply}">${escapeHtml(e.name)}</button>`
          : escapeHtml(e.name);
      return (
        `<tr data-event="${i}" data-kind="${escapeHtml(e.kind)}"${e.gameId ? ` data-game="${escapeHtml(e.gameId)}"` : ''}${e.ply !== undefined ? ` data-ply-of-game="${e.ply}"` : ''}>` +
        `<td class="num">${e.offset}</td><td>${escapeHtml(e.kind)}</td><th scope="row">${name}</th><td>${fields}${e.text ? ` <q>${escapeHtml(e.text)}</q>` : ''}</td></tr>`
      );
    })
    .join('');
  return `<table class="events" tabindex="-1"><caption>Decoded events, in order</caption><thead><tr><th scope="col">Offset</th><th scope="col">Kind</th><th scope="col">Name</th><th scope="col">Fields and text</th></tr></thead><tbody>${rows}</tbody></table>${
    shown < events.length
      ? `<p class="more-events">${Math.min(shown, events.length)} of ${events.length} listed. <button type="button" id="show-more-events" data-shown="${shown}">Show ${Math.min(EVENT_ROWS_SHOWN * 4, events.length - shown)} more</button></p>`
      : ''
  }`;
}

/** The clock of `side` at the cursor's position: before the server sends one, the time control's initial time. */
export function clockText(game: SessionGame, ply: number, side: 'white' | 'black'): string {
  const position = game.plies[ply]?.position;
  const ms = position?.clocks?.[side] ?? (ply === 0 ? position?.game?.initialMs?.[side] : undefined);
  return ms === undefined ? '\u2013' : formatClock(ms);
}

/** `Position 3 of 14, after <strong>Nf3</strong>` (markup). */
export function plyHtml(game: SessionGame, ply: number): string {
  const san = game.plies[ply]?.san;
  return `Position <span data-ply>${ply}</span> of ${game.plies.length - 1}${san ? `, after <strong class="san">${escapeHtml(san)}</strong>` : ''}`;
}

/** Whether a step button is disabled at `ply`: nothing before the first position or after the last. */
export function stepDisabled(game: SessionGame, ply: number, step: Step): boolean {
  return step === 'first' || step === 'previous' ? ply === 0 : ply >= game.plies.length - 1;
}

/** How the controls name the game: the menu of every game, or (for a long list, see game-chooser.ts) its title alone. */
export interface GameControlsOptions {
  readonly chooser?: boolean;
}

/**
 * The game chooser, the step buttons, the move and both clocks of the current position (the
 * moves themselves are the move list beside the board: `move-list.ts`).
 */
export function renderGameControls(
  games: readonly SessionGame[],
  cursor: GameCursor,
  options: GameControlsOptions = {},
): string {
  const game = games[cursor.game];
  if (!game) return '<p class="empty">No tracked games.</p>';
  const label = game.record ? 'Game' : 'Tracked game';
  const chooser = options.chooser
    ? `<p class="game-name"><span class="label">${label} ${cursor.game + 1} of ${games.length}:</span> <span data-game-title>${escapeHtml(game.title)}</span> <a href="#game-search">Find a game</a></p>`
    : `<label for="game-select">${label}</label> <select id="game-select">${games
        .map((g, i) => `<option value="${i}"${i === cursor.game ? ' selected' : ''}>${escapeHtml(g.title)}</option>`)
        .join('')}</select>`;
  const button = (step: Step, text: string): string =>
    `<button type="button" class="step" data-step="${step}"${stepDisabled(game, cursor.ply, step) ? ' disabled' : ''}>${text}</button>`;
  return (
    `<div class="game-controls" data-game="${cursor.game}">${chooser}` +
    `<div class="steps" role="group" aria-label="Step through the game">${button('first', 'First')}${button('previous', 'Previous')}` +
    `${button('next', 'Next')}${button('last', 'Last')}</div>` +
    `<p class="ply" aria-live="polite">${plyHtml(game, cursor.ply)}</p>` +
    `<dl class="clocks"><dt>White</dt><dd data-clock="white">${clockText(game, cursor.ply, 'white')}</dd><dt>Black</dt><dd data-clock="black">${clockText(game, cursor.ply, 'black')}</dd></dl></div>`
  );
}
