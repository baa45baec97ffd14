import type { Position, SessionEvent, SessionGame } from '../formats/adapter.js';
import { escapeHtml } from '../html.js';

/** Which game of a session is shown, and which of its positions. */
export interface GameCursor {
  readonly game: number;
  readonly ply: number;
}

export type Step = 'first' | 'previous' | 'next' | 'last';

export function stepCursor(games: readonly SessionGame[], cursor: GameCursor, step: Step): GameCursor {
  const game = games[cursor.game];
  if (!game) return { game: 0, ply: 0 };
  const last = Math.max(0, game.plies.length - 1);
  const ply =
    step === 'first'
      ? 0
      : step === 'last'
        ? last
        : step === 'next'
          ? Math.min(last, cursor.ply + 1)
          : Math.max(0, cursor.ply - 1);
  return { game: cursor.game, ply };
}

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
      return (
        `<tr data-event="${i}" data-kind="${escapeHtml(e.kind)}"${e.gameId ? ` data-game="${escapeHtml(e.gameId)}"` : ''}>` +
        `<td class="num">${e.offset}</td><td>${escapeHtml(e.kind)}</td><th scope="row">${escapeHtml(e.name)}</th><td>${fields}${e.text ? ` <q>${escapeHtml(e.text)}</q>` : ''}</td></tr>`
      );
    })
    .join('');
  return `<table class="events" tabindex="-1"><caption>Decoded events, in order</caption><thead><tr><th scope="col">Offset</th><th scope="col">Kind</th><th scope="col">Name</th><th scope="col">Fields and text</th></tr></thead><tbody>${rows}</tbody></table>${
    shown < events.length
      ? `<p class="more-events">${Math.min(shown, events.length)} of ${events.length} listed. <button type="button" id="show-more-events" data-shown="${shown}">Show ${Math.min(EVENT_ROWS_SHOWN * 4, events.length - shown)} more</button></p>`
      : ''
  }`;
}

/**
 * The game chooser, the step buttons, the move and both clocks of the current position (the
 * moves themselves are the move list beside the board: `move-list.ts`).
 */
export function renderGameControls(games: readonly SessionGame[], cursor: GameCursor): string {
  const game = games[cursor.game];
  if (!game) return '<p class="empty">No tracked games.</p>';
  const options = games
    .map((g, i) => `<option value="${i}"${i === cursor.game ? ' selected' : ''}>${escapeHtml(g.title)}</option>`)
    .join('');
  const ply = game.plies[cursor.ply];
  const clocks = ply?.position.clocks;
  const clock = (side: 'white' | 'black'): string => {
    // Before the server sends a clock, the game's start shows the time control's initial time.
    const ms = clocks?.[side] ?? (cursor.ply === 0 ? ply?.position.game?.initialMs?.[side] : undefined);
    return ms === undefined ? '\u2013' : formatClock(ms);
  };
  const last = game.plies.length - 1;
  const button = (step: Step, label: string, disabled: boolean): string =>
    `<button type="button" class="step" data-step="${step}"${disabled ? ' disabled' : ''}>${label}</button>`;
  return (
    `<div class="game-controls"><label for="game-select">${game.record ? 'Game' : 'Tracked game'}</label> <select id="game-select">${options}</select>` +
    `<div class="steps" role="group" aria-label="Step through the game">${button('first', 'First', cursor.ply === 0)}${button('previous', 'Previous', cursor.ply === 0)}` +
    `${button('next', 'Next', cursor.ply >= last)}${button('last', 'Last', cursor.ply >= last)}</div>` +
    `<p class="ply" aria-live="polite">Position <span data-ply>${cursor.ply}</span> of ${last}${ply?.san ? `, after <strong class="san">${escapeHtml(ply.san)}</strong>` : ''}</p>` +
    `<dl class="clocks"><dt>White</dt><dd data-clock="white">${clock('white')}</dd><dt>Black</dt><dd data-clock="black">${clock('black')}</dd></dl></div>`
  );
}
