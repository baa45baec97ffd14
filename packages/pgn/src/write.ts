import { writeSan, type Setup } from '@chess-formats/board-core';
import { playNode, type PgnGame, type PgnNode, type PgnRoot } from './game.js';
import { tagPairs } from './tags.js';

/** Options of `writePgn`. */
export interface PgnWriteOptions {
  /** The longest movetext line (default 80); a comment longer than that stands on a line of its own. */
  readonly maxLineLength?: number;
}

function refuse(what: string): never {
  throw new TypeError(`writePgn: ${what}`);
}

/** Movetext lines: tokens separated by one space, broken before a token that would pass the width. */
class Lines {
  readonly out: string[] = [];
  line = '';
  open = false;
  readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  add(token: string): void {
    const text = this.open ? `(${token}` : token;
    this.open = false;
    if (this.line !== '' && this.line.length + 1 + text.length > this.max) this.flush();
    this.line = this.line === '' ? text : `${this.line} ${text}`;
    // A line break can only come with the token just added (a rest-of-line comment ends one):
    // searching the whole line instead would make a line with no length limit quadratic.
    const newline = text.lastIndexOf('\n');
    if (newline >= 0) {
      const at = this.line.length - text.length + newline;
      this.out.push(this.line.slice(0, at));
      this.line = this.line.slice(at + 1);
    }
  }

  comment(text: string): void {
    if (!text.includes('}')) return this.add(`{ ${text} }`);
    // Only a rest-of-line comment can hold `}`; the reader makes one from `;`, never with a line break.
    if (text.includes('\n'))
      refuse(`a comment cannot hold both "}" and a line break: ${JSON.stringify(text.slice(0, 40))}`);
    this.add(`; ${text}`);
    this.flush();
  }

  close(): void {
    if (this.line === '' || this.line.length + 1 > this.max) {
      this.flush();
      this.line = ')';
    } else this.line += ')';
  }

  flush(): void {
    if (this.line !== '') this.out.push(this.line);
    this.line = '';
  }
}

function time(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0) refuse(`a clock must be a whole number of milliseconds, got ${ms}`);
  const seconds = Math.floor(ms / 1000) % 60;
  const minutes = Math.floor(ms / 60_000) % 60;
  const fraction = ms % 1000;
  return `${Math.floor(ms / 3_600_000)}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}${fraction === 0 ? '' : `.${String(fraction).padStart(3, '0').replace(/0+$/, '')}`}`;
}

interface Frame {
  parent: PgnNode | PgnRoot;
  node: PgnNode;
  position: Setup;
  written: boolean;
  sibling: number;
}

/**
 * The game in PGN export format: the seven-tag roster first (those the game has, in the
 * standard's order), then the other tags, a blank line, the movetext in lines of at most 80
 * characters with board-core's SAN, comments, NAGs as `$n`, `[%clk]`/`[%emt]` and variations,
 * and the result. `parsePgn(writePgn(game))` gives the game back. Throws a `TypeError` for a
 * game no PGN can hold (a tag value with a line break, a comment with both `}` and a line break).
 *
 * @example
 * ```ts
 * import { parsePgn, writePgn } from '@chess-formats/pgn';
 * const [game] = parsePgn('[White "A"]\n\n1. e4 {best by test} e5 (1... c5) 2. Nf3 *');
 * if (game?.ok) console.log(writePgn(game.value).split('\n').at(-2)); // → 1. e4 { best by test } 1... e5 (1... c5) 2. Nf3 *
 * ```
 */
export function writePgn(game: PgnGame, options?: PgnWriteOptions): string {
  const head = tagPairs(game.tags);
  const lines = new Lines(options?.maxLineLength ?? 80);
  for (const comment of game.root.comments ?? []) lines.comment(comment);
  // Iterative, like the reader: a line of any length and variations of any depth.
  const stack: Frame[] = [];
  const first = game.root.children[0];
  if (first !== undefined)
    stack.push({ parent: game.root, node: first, position: game.setup, written: false, sibling: 0 });
  let needNumber = true;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const { node, position } = frame;
    if (!frame.written) {
      frame.written = true;
      for (const comment of node.commentsBefore ?? []) {
        lines.comment(comment);
        needNumber = true;
      }
      if (position.turn === 'white') lines.add(`${position.fullmoves}.`);
      else if (needNumber) lines.add(`${position.fullmoves}...`);
      lines.add(node.move === null ? '--' : writeSan(position, node.move));
      needNumber = false;
      for (const nag of node.nags ?? []) lines.add(`$${nag}`);
      const commands = [
        node.clockMs === undefined ? '' : `[%clk ${time(node.clockMs)}]`,
        node.emtMs === undefined ? '' : `[%emt ${time(node.emtMs)}]`,
      ].filter((c) => c !== '');
      if (commands.length > 0) lines.add(`{ ${commands.join(' ')} }`);
      for (const comment of node.comments ?? []) lines.comment(comment);
      if (commands.length > 0 || (node.comments?.length ?? 0) > 0) needNumber = true;
      // The alternatives to a move follow it; only the move that goes on has them to write.
      frame.sibling = frame.parent.children[0] === node ? 1 : Infinity;
    }
    const alternative = frame.parent.children[frame.sibling];
    if (alternative !== undefined) {
      frame.sibling++;
      lines.open = true;
      needNumber = true;
      stack.push({ parent: frame.parent, node: alternative, position, written: false, sibling: 0 });
      continue;
    }
    const next = node.children[0];
    if (next !== undefined) {
      frame.position = playNode(position, node.move);
      frame.parent = node;
      frame.node = next;
      frame.written = false;
      continue;
    }
    stack.pop();
    if (stack.length > 0) {
      lines.close();
      needNumber = true;
    }
  }
  lines.add(game.result);
  lines.flush();
  return `${head.length > 0 ? `${head.join('\n')}\n\n` : ''}${lines.out.join('\n')}\n`;
}
