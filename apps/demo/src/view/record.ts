import type { RecordMove, SessionGame } from '../formats/adapter.js';
import { escapeHtml } from '../html.js';
import { formatClock } from './session.js';

/** PGN's suffix annotations, NAGs 1 to 6; the others are shown as `$n`. */
const NAG_GLYPHS: readonly string[] = ['', '!', '?', '!!', '??', '!?', '?!'];

function nagText(nag: number): string {
  return NAG_GLYPHS[nag] ?? `$${nag}`;
}

function comments(list: readonly string[] | undefined): string {
  return (list ?? []).map((c) => ` <span class="comment">${escapeHtml(c)}</span>`).join('');
}

/**
 * One line of moves: main-line moves are buttons that show their position, variations are
 * set in parentheses (the first level on lines of their own, indented; deeper ones inline).
 */
function renderLine(line: readonly RecordMove[], current: number, depth: number): string {
  let out = '';
  // Black's move takes its number (`3...`) at the start of a line and after a comment or variation.
  let needsNumber = true;
  for (const move of line) {
    out += comments(move.commentsBefore);
    const number = move.white ? `${move.number}.` : needsNumber ? `${move.number}...` : '';
    const nags = (move.nags ?? []).map(nagText).join('');
    const san = `${escapeHtml(move.san)}${escapeHtml(nags)}`;
    out += number ? ` <span class="move-number">${number}</span>` : '';
    out +=
      move.ply === undefined
        ? ` <span class="san">${san}</span>`
        : ` <button type="button" class="san" data-ply="${move.ply}"${move.ply === current ? ' aria-current="step"' : ''}>${san}</button>`;
    if (move.clockMs !== undefined)
      out += ` <span class="clock" title="clock after the move">${formatClock(move.clockMs)}</span>`;
    out += comments(move.comments);
    for (const variation of move.variations ?? []) {
      out += ` <span class="variation" data-depth="${depth + 1}">(${renderLine(variation, current, depth + 1)})</span>`;
    }
    needsNumber = Boolean(move.comments?.length) || Boolean(move.variations?.length) || move.clockMs !== undefined;
  }
  return out.trim();
}

/** The game's moves with their variations, comments, NAGs and clocks, the shown move marked. */
export function renderRecord(game: SessionGame, ply: number): string {
  const record = game.record;
  if (!record) return '';
  const lead = record.comments?.length ? `${comments(record.comments).trim()} ` : '';
  return (
    `<div class="record" role="group" aria-label="Moves of the game"><h3>Moves</h3>` +
    `<p class="movetext">${lead}${renderLine(record.line, ply, 0)} <span class="result">${escapeHtml(record.result)}</span></p></div>`
  );
}
