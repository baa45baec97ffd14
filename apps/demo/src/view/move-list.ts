import { escapeHtml } from '../html.js';
import { isMainLine, moveNumber, type GameTree, type TreeNode } from './game-tree.js';
import { formatClock } from './session.js';

/**
 * NAG glyphs: the move's own (1-9), glued to the move as people write them, and the
 * position's (10 and up) after it, with their meaning as the title. PGN's standard numbers
 * these; a NAG without a common glyph is shown as `$n`.
 */
const NAG_GLYPHS: Readonly<Record<number, readonly [glyph: string, meaning: string]>> = {
  1: ['!', 'a good move'],
  2: ['?', 'a mistake'],
  3: ['!!', 'a brilliant move'],
  4: ['??', 'a blunder'],
  5: ['!?', 'an interesting move'],
  6: ['?!', 'a dubious move'],
  7: ['\u25a1', 'the only move'],
  8: ['\u25a1', 'the only move'],
  10: ['=', 'equal position'],
  11: ['=', 'equal chances, quiet position'],
  12: ['=', 'equal chances, active position'],
  13: ['\u221e', 'unclear position'],
  14: ['\u2a72', 'White is slightly better'],
  15: ['\u2a71', 'Black is slightly better'],
  16: ['\u00b1', 'White is better'],
  17: ['\u2213', 'Black is better'],
  18: ['+\u2212', 'White is winning'],
  19: ['\u2212+', 'Black is winning'],
  22: ['\u2a00', 'White is in zugzwang'],
  23: ['\u2a00', 'Black is in zugzwang'],
  32: ['\u27f3', 'White has the development advantage'],
  33: ['\u27f3', 'Black has the development advantage'],
  36: ['\u2191', 'White has the initiative'],
  37: ['\u2191', 'Black has the initiative'],
  40: ['\u2192', 'White has the attack'],
  41: ['\u2192', 'Black has the attack'],
  44: ['=/\u221e', 'White has compensation'],
  45: ['=/\u221e', 'Black has compensation'],
  132: ['\u21c6', 'White has counterplay'],
  133: ['\u21c6', 'Black has counterplay'],
  138: ['\u2295', 'White is in time trouble'],
  139: ['\u2295', 'Black is in time trouble'],
  140: ['\u2206', 'with the idea'],
  146: ['N', 'a novelty'],
};

/** The glyph of a NAG (`$14` is `⩲`), `$n` for one without. */
export function nagGlyph(nag: number): string {
  return NAG_GLYPHS[nag]?.[0] ?? `$${nag}`;
}

/** What a NAG means in words, for its title; undefined for one the table lacks. */
export function nagMeaning(nag: number): string | undefined {
  return NAG_GLYPHS[nag]?.[1];
}

/**
 * A comment as people read it: without the commands of a PGN comment (`[%cal Ra1a8]`,
 * `[%csl]`, `[%eval 0.3]`, `[%clk]`), which are data for a program (the board draws arrows
 * and evaluations from them, the clocks are shown as clocks), and with its spaces tidied.
 */
export function commentText(comment: string): string {
  return comment
    .replace(/\[%[^\]]*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function comments(list: readonly string[] | undefined): string {
  let out = '';
  for (const comment of list ?? []) {
    const text = commentText(comment);
    if (text) out += ` <span class="comment">${escapeHtml(text)}</span>`;
  }
  return out;
}

interface Drawing {
  readonly tree: GameTree;
  readonly current: TreeNode;
}

function moveHtml(d: Drawing, node: TreeNode, withNumber: boolean, main: boolean): string {
  const { number, white } = moveNumber(d.tree, node);
  const label = white ? `${number}.` : withNumber ? `${number}...` : '';
  const nags = node.nags ?? [];
  const own = nags
    .filter((nag) => nag < 10)
    .map(nagGlyph)
    .join('');
  const position = nags
    .filter((nag) => nag >= 10)
    .map((nag) => {
      const meaning = nagMeaning(nag);
      return ` <span class="nag"${meaning ? ` title="${meaning}"` : ''}>${escapeHtml(nagGlyph(nag))}</span>`;
    })
    .join('');
  let out = comments(node.commentsBefore);
  if (label) out += ` <span class="move-number">${label}</span>`;
  const attributes =
    `type="button" class="san${node.played ? ' played' : ''}" data-node="${node.id}"` +
    (main ? ` data-ply="${node.ply}"` : '') +
    (node === d.current ? ' aria-current="step"' : '');
  out += ` <button ${attributes}>${escapeHtml(node.san)}${escapeHtml(own)}</button>${position}`;
  if (node.clockMs !== undefined)
    out += ` <span class="clock" title="clock after the move">${formatClock(node.clockMs)}</span>`;
  out += comments(node.comments);
  return out;
}

/** A line from `first`, `alternatives` being `first`'s siblings shown as variations after it. */
function lineHtml(
  d: Drawing,
  first: TreeNode,
  alternatives: readonly TreeNode[],
  depth: number,
  main: boolean,
): string {
  let out = '';
  // Black's move takes its number (`3...`) at the start of a line and after a comment, a clock or a variation.
  let withNumber = true;
  let others = alternatives;
  for (let node: TreeNode | undefined = first; node; node = node.children[0]) {
    out += moveHtml(d, node, withNumber, main);
    for (const other of others)
      out += ` <span class="variation" data-depth="${depth + 1}">(${lineHtml(d, other, [], depth + 1, false)})</span>`;
    withNumber = Boolean(comments(node.comments)) || others.length > 0 || node.clockMs !== undefined;
    others = node.children.slice(1);
  }
  return out.trim();
}

/**
 * The tree as a move list: move numbers, the main line's moves and every variation's as
 * buttons (`data-node`, and `data-ply` on the main line), variations in parentheses (the first
 * level on lines of their own), NAGs as glyphs, comments without their commands, clocks, the
 * current move marked `aria-current`, and where a broken record stopped with its error.
 */
export function renderMoveList(tree: GameTree, current: TreeNode): string {
  const d: Drawing = { tree, current };
  const first = tree.root.children[0];
  const lead = comments(tree.root.comments).trim();
  const moves = first ? lineHtml(d, first, tree.root.children.slice(1), 0, true) : '';
  const result = tree.result ? ` <span class="result">${escapeHtml(tree.result)}</span>` : '';
  const empty = !first ? '<p class="empty">No moves yet: play one on the board.</p>' : '';
  const start = `<button type="button" class="start" data-node="0"${current === tree.root ? ' aria-current="step"' : ''}>Start</button>`;
  const error = tree.error
    ? `<p class="game-error" role="note"><strong>The record stops here, at an error:</strong> ${escapeHtml(tree.error)}</p>`
    : '';
  // Always there, hidden on the main line, so that a step only shows or hides it.
  const where = `<p class="in-variation"${isMainLine(current) ? ' hidden' : ''}>In a variation: a main-line move returns to it.</p>`;
  return (
    `<h3 id="move-list-heading">Moves</h3>${start}${empty}` +
    (first || lead ? `<p class="movetext">${lead ? `${lead} ` : ''}${moves}${error ? '' : result}</p>` : '') +
    error +
    where
  );
}

/**
 * Scrolls `list` (not the page) so that `item` is in view, as little as needed (as
 * `scrollIntoView({ block: 'nearest' })` would for the list alone: that call also scrolls the
 * page when the list itself is partly out of the window).
 */
export function keepInView(list: HTMLElement, item: HTMLElement): void {
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top + 4;
  else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom + 4;
}
