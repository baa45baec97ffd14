import {
  legalMoves,
  validateSetup,
  writeSan,
  type Move,
  type Setup,
  type ValidationProblem,
} from '@chess-formats/board-core';
import type { FieldRow, InputError } from '../formats/adapter.js';
import type { Conversion } from '../formats/registry.js';
import { escapeHtml } from '../html.js';

/** Longest field text shown in the table; the rest is cut with an ellipsis. */
const SHOWN_FIELD_LENGTH = 60;

/** The field table: every field as written, where it starts, and what it means. */
export function renderFieldTable(fields: readonly FieldRow[]): string {
  const shown = (text: string): string =>
    text.length > SHOWN_FIELD_LENGTH ? `${text.slice(0, SHOWN_FIELD_LENGTH)}\u2026` : text;
  if (fields.length === 0) return '<p class="empty">No fields read.</p>';
  const rows = fields
    .map(
      (f) =>
        `<tr data-field="${escapeHtml(f.name)}"><th scope="row">${escapeHtml(f.name)}</th><td><code>${escapeHtml(shown(f.text))}</code></td><td class="num">${f.offset}</td><td>${escapeHtml(f.meaning)}</td></tr>`,
    )
    .join('');
  return `<table class="fields"><caption>Fields of the record</caption><thead><tr><th scope="col">Field</th><th scope="col">Text</th><th scope="col">Offset</th><th scope="col">Meaning</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Characters shown on each side of an error. */
const CONTEXT = 40;

/** Visible stand-ins for characters that would otherwise be invisible when highlighted. */
function visible(text: string): string {
  return text.replace(/[\s]/g, (ch) => (ch === ' ' ? '\u2423' : ch === '\t' ? '\u21e5' : '\u21b5'));
}

/** The input around an error, with the offending characters marked. */
export function errorExcerpt(text: string, error: InputError): string {
  const offset = Math.max(0, Math.min(error.offset, text.length));
  const end = Math.min(text.length, offset + Math.max(0, error.length));
  const start = Math.max(0, offset - CONTEXT);
  const stop = Math.min(text.length, end + CONTEXT);
  const before = (start > 0 ? '\u2026' : '') + text.slice(start, offset);
  const after = text.slice(end, stop) + (stop < text.length ? '\u2026' : '');
  const marked = end > offset ? escapeHtml(visible(text.slice(offset, end))) : '<span class="end">end of input</span>';
  return `<code class="excerpt">${escapeHtml(before)}<mark>${marked}</mark>${escapeHtml(after)}</code>`;
}

export function renderErrors(text: string, errors: readonly InputError[]): string {
  if (errors.length === 0) return '';
  const items = errors
    .map(
      (e) =>
        `<li class="error" data-code="${escapeHtml(e.code)}" data-offset="${e.offset}"><p><strong class="code">${escapeHtml(e.code)}</strong>` +
        `${e.field ? ` in ${escapeHtml(e.field)}` : ''} at ${e.line === undefined ? '' : `line ${e.line}, column ${e.column ?? 1} (`}offset ${e.offset}${e.line === undefined ? '' : ')'}: <span class="message">${escapeHtml(e.message)}</span></p>${errorExcerpt(text, e)}</li>`,
    )
    .join('');
  return `<ul class="errors">${items}</ul>`;
}

export function renderNotes(notes: readonly string[]): string {
  return notes.length ? `<ul class="notes">${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : '';
}

export function renderConversions(list: readonly Conversion[]): string {
  if (list.length === 0) return '<p class="empty">No other format can hold this position.</p>';
  return list
    .map(
      (c) =>
        `<div class="conversion" data-format="${escapeHtml(c.name)}"><div class="conversion-head"><h3 id="conv-${escapeHtml(c.name)}">${escapeHtml(c.label)}</h3>` +
        `<button type="button" class="copy" data-copy="${escapeHtml(c.name)}" aria-label="Copy ${escapeHtml(c.label)}">Copy</button>` +
        `<button type="button" class="open" data-open="${escapeHtml(c.name)}" aria-label="Open as ${escapeHtml(c.label)}">Open</button></div>` +
        `<pre aria-labelledby="conv-${escapeHtml(c.name)}"><code>${escapeHtml(c.text)}</code></pre></div>`,
    )
    .join('');
}

/** Each of board-core's `validateSetup` problems, in words. */
const PROBLEM_WORDS: Readonly<Record<ValidationProblem, string>> = {
  'white-king-missing': 'White has no king',
  'black-king-missing': 'Black has no king',
  'white-kings-too-many': 'White has more than one king',
  'black-kings-too-many': 'Black has more than one king',
  'pawns-on-back-rank': 'a pawn stands on the first or last rank',
  'white-too-many-pawns': 'White has more pawns than a game can leave',
  'black-too-many-pawns': 'Black has more pawns than a game can leave',
  'white-too-many-pieces': 'White has more pieces than promotions can give',
  'black-too-many-pieces': 'Black has more pieces than promotions can give',
  'castling-rights': 'a castling right names a king or rook that is not on its square',
  'guarding-rights': 'a guarding right names a piece that is not on its square',
  'ep-square': 'the en passant square follows no double step',
  'opposite-check': 'the side that just moved is in check (its king could be captured)',
  'too-many-checkers': 'the king is in check from more pieces than one move can give',
  'impossible-check': 'the check could not have come from the last move',
};

/** Why the position cannot arise in a game (board-core's `validateSetup`), in words; empty when it can. */
export function illegalReasons(setup: Setup): string[] {
  try {
    return validateSetup(setup).map((problem) => PROBLEM_WORDS[problem]);
  } catch {
    return [];
  }
}

/** Instead of moves: an illegal position has none worth listing (a king could be captured). */
export function renderIllegal(reasons: readonly string[]): string {
  return `<div class="illegal" data-illegal="true"><p><strong>Not a legal position</strong>: no moves are listed, since the rules of a game do not apply to it.</p><ul>${reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul></div>`;
}

/** Legal moves in SAN, in the order the rules generate them; undefined when the rules cannot say. */
export function sanMoves(setup: Setup): { move: Move; san: string }[] | undefined {
  try {
    return legalMoves(setup).map((move) => ({ move, san: writeSan(setup, move) }));
  } catch {
    return undefined;
  }
}

/**
 * The legal moves as buttons; with none, how the game stands: `inCheck` (the side to move is
 * in check) tells checkmate from stalemate.
 */
export function renderMoves(
  moves: readonly { san: string }[] | undefined,
  end?: { turn: 'white' | 'black'; inCheck: boolean },
): string {
  if (moves === undefined) return '<p class="empty">The rules cannot list moves for this position.</p>';
  if (moves.length === 0) {
    if (!end) return '<p class="empty">No legal move.</p>';
    if (!end.inCheck)
      return '<p class="count" data-end="stalemate"><strong>Stalemate</strong>: no legal move and not in check, a draw.</p>';
    const winner = end.turn === 'white' ? 'Black' : 'White';
    return `<p class="count" data-end="checkmate"><strong>Checkmate</strong>: ${winner} wins.</p>`;
  }
  const items = moves
    .map((m, i) => `<li><button type="button" class="move" data-move="${i}">${escapeHtml(m.san)}</button></li>`)
    .join('');
  return `<p class="count">${moves.length} legal move${moves.length === 1 ? '' : 's'}; press one to play it.</p><ol class="moves">${items}</ol>`;
}
