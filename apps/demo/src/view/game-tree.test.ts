import { parseFen } from '@chess-formats/fen';
import { legalMoves, play, writeSan, type Move, type Setup } from '@chess-formats/board-core';
import { parsePgn, type PgnGame } from '@chess-formats/pgn';
import { describe, expect, it } from 'vitest';
import {
  clocksAt,
  isMainLine,
  mainLine,
  mainLineNode,
  moveNumber,
  pathTo,
  playMove,
  sameMove,
  stepNode,
  treeFromPgn,
  treeFromPlies,
  treeFromSetup,
  type GameTree,
  type TreeNode,
} from './game-tree.js';
import { commentText, keepInView, nagGlyph, renderMoveList } from './move-list.js';

function game(text: string): PgnGame {
  const [read] = parsePgn(text);
  if (!read?.ok) throw new Error(`does not read: ${text}`);
  return read.value;
}

function treeOf(text: string): GameTree {
  const g = game(text);
  return treeFromPgn(g.setup, g.root, { result: g.result });
}

/** The legal move written `san` in `setup`. */
function move(setup: Setup, san: string): Move {
  const found = legalMoves(setup).find((m) => writeSan(setup, m).replace(/[+#]$/, '') === san);
  if (!found) throw new Error(`no move ${san}`);
  return found;
}

function extend(tree: GameTree, at: TreeNode, san: string): { node: TreeNode; created: boolean } {
  const m = move(at.setup, san);
  return playMove(tree, at, m, play(at.setup, m));
}

const sans = (nodes: readonly TreeNode[]): string[] => nodes.map((n) => n.san);

describe('the game tree', () => {
  const text = '{ Start } 1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 { [%clk 0:02:59] } Nc6 $1 *';

  it('holds a PGN game with every variation, comment, NAG and clock, each node with its position', () => {
    const tree = treeOf(text);
    expect(sans(mainLine(tree))).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
    expect(tree.root.comments).toEqual(['Start']);
    expect(tree.result).toBe('*');
    const e4 = mainLineNode(tree, 1);
    expect(sans(e4.children)).toEqual(['e5', 'c5']);
    const c5 = e4.children[1] as TreeNode;
    expect(sans(c5.children)).toEqual(['Nf3', 'c3']);
    expect(sans(pathTo(c5.children[1]?.children[0] as TreeNode))).toEqual(['e4', 'c5', 'c3', 'd5']);
    expect(mainLineNode(tree, 3).clockMs).toBe(179_000);
    expect(mainLineNode(tree, 4).nags).toEqual([1]);
    expect(mainLineNode(tree, 4).setup.board.pieces[42]).toMatchObject({ role: 'knight', color: 'black' });
    // Every node is found by its id.
    tree.nodes.forEach((node, id) => expect(node.id).toBe(id));
    expect(tree.nodes).toHaveLength(10);
    expect(mainLineNode(tree, 99)).toBe(mainLineNode(tree, 4));
  });

  it('steps along the line of the node: back to its parent, on to its first child, to its end', () => {
    const tree = treeOf(text);
    const c5 = mainLineNode(tree, 1).children[1] as TreeNode;
    expect(stepNode(tree, c5, 'previous')).toBe(mainLineNode(tree, 1));
    expect(stepNode(tree, c5, 'next').san).toBe('Nf3');
    expect(sans(pathTo(stepNode(tree, c5, 'last')))).toEqual(['e4', 'c5', 'Nf3', 'd6']);
    expect(stepNode(tree, c5, 'first')).toBe(tree.root);
    expect(stepNode(tree, tree.root, 'previous')).toBe(tree.root);
    // At a line's end there is nowhere further: the node itself.
    const end = stepNode(tree, c5, 'last');
    expect(stepNode(tree, end, 'next')).toBe(end);
    expect(isMainLine(c5)).toBe(false);
    expect(isMainLine(mainLineNode(tree, 3))).toBe(true);
    expect(isMainLine(tree.root)).toBe(true);
  });

  it('plays a move as an analysis board does: the next move is stepped to, another becomes a variation', () => {
    const tree = treeOf(text);
    const e5 = mainLineNode(tree, 2);
    const nf3 = extend(tree, e5, 'Nf3');
    expect(nf3).toEqual({ node: mainLineNode(tree, 3), created: false });
    const d4 = extend(tree, e5, 'd4');
    expect(d4.created).toBe(true);
    expect(d4.node.played).toBe(true);
    expect(d4.node.san).toBe('d4');
    expect(d4.node.ply).toBe(3);
    expect(sans(e5.children)).toEqual(['Nf3', 'd4']);
    expect(isMainLine(d4.node)).toBe(false);
    expect(tree.nodes[d4.node.id]).toBe(d4.node);
    // Played again: the same node, not a second one.
    expect(extend(tree, e5, 'd4')).toEqual({ node: d4.node, created: false });
    // Past the end of the main line, a move continues it.
    const end = mainLineNode(tree, 4);
    const next = extend(tree, end, 'Bb5');
    expect(mainLine(tree).at(-1)).toBe(next.node);
  });

  it('starts a tree from a single position, and from the positions of a tracked game', () => {
    const setup = parseFen('4k3/8/8/8/8/8/8/4K2R w K - 0 30');
    if (!setup.ok) throw new Error('no FEN');
    const single = treeFromSetup(setup.value);
    expect(single.nodes).toEqual([single.root]);
    const castle = extend(single, single.root, 'O-O');
    expect(castle.node.san).toBe('O-O');
    expect(moveNumber(single, castle.node)).toEqual({ number: 30, white: true });
    const reply = extend(single, castle.node, 'Kd7');
    expect(moveNumber(single, reply.node)).toEqual({ number: 30, white: false });

    const g = game('1. e4 e5 2. Nf3 *');
    const plies = [{ setup: g.setup }];
    let at = g.setup;
    for (const san of ['e4', 'e5', 'Nf3']) {
      const m = move(at, san);
      at = play(at, m);
      plies.push({ setup: at, move: m, san, clocks: san === 'e5' ? { white: 180_000, black: 179_000 } : {} } as never);
    }
    const tracked = treeFromPlies(plies);
    expect(tracked && sans(mainLine(tracked))).toEqual(['e4', 'e5', 'Nf3']);
    // The mover's clock is the node's: Black's after e5.
    expect(tracked && mainLineNode(tracked, 2).clockMs).toBe(179_000);
    expect(tracked && clocksAt(mainLineNode(tracked, 3))).toEqual({ black: 179_000 });
    expect(treeFromPlies([])).toBeUndefined();
  });

  it('tells moves apart by value, promotions included', () => {
    const a: Move = { kind: 'normal', from: 52, to: 60, promotion: 'queen' };
    expect(sameMove(a, { kind: 'normal', from: 52, to: 60, promotion: 'queen' })).toBe(true);
    expect(sameMove(a, { kind: 'normal', from: 52, to: 60, promotion: 'knight' })).toBe(false);
    expect(sameMove(a, null)).toBe(false);
    expect(sameMove(null, null)).toBe(true);
    expect(sameMove({ kind: 'drop', role: 'knight', to: 3 }, { kind: 'drop', role: 'pawn', to: 3 })).toBe(false);
  });

  it('reads a long main line without deep recursion', () => {
    const moves: string[] = [];
    for (let i = 1; i <= 600; i++) moves.push(i % 2 ? `${i}. Nf3 Nf6` : `${i}. Ng1 Ng8`);
    const tree = treeOf(`${moves.join(' ')} *`);
    expect(mainLine(tree)).toHaveLength(1200);
    expect(renderMoveList(tree, mainLineNode(tree, 1200))).toContain('data-ply="1200" aria-current="step"');
  });
});

describe('the move list', () => {
  const plain = (html: string): string =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/\( /g, '(')
      .replace(/ \)/g, ')')
      .trim();

  it('numbers the moves, nests the variations, marks the current move, shows NAGs, clocks and comments', () => {
    const tree = treeOf(
      '1. e4 { [%clk 0:03:00] [%eval 0.17] [%cal Ge2e4] A classic } e5 2. Nf3 $14 (2. f4 $5 exf4 (2... d5 3. exd5) 3. Nf3) 2... Nc6 $146 *',
    );
    const f4 = mainLineNode(tree, 2).children[1] as TreeNode;
    const html = renderMoveList(tree, f4);
    expect(plain(html)).toBe(
      'Moves Start 1. e4 3:00.0 A classic 1... e5 2. Nf3 \u2a72 (2. f4!? exf4 (2... d5 3. exd5) 3. Nf3) 2... Nc6 N * In a variation: a main-line move returns to it.',
    );
    expect(html).toContain(`data-node="${f4.id}" aria-current="step">f4!?</button>`);
    expect(html).toContain('<span class="variation" data-depth="1">');
    expect(html).toContain('<span class="variation" data-depth="2">');
    expect(html).toContain('data-ply="3">Nf3</button> <span class="nag" title="White is slightly better">');
    expect(html).not.toContain('%eval');
  });

  it('says where a broken record stops, and asks for a move when there is none', () => {
    const g = game('1. e4 e5 *');
    const tree = treeFromPgn(g.setup, g.root, { result: '*', error: 'Game 1: illegal-move Ke3' });
    expect(plain(renderMoveList(tree, tree.root))).toBe(
      'Moves Start 1. e4 e5 The record stops here, at an error: Game 1: illegal-move Ke3 In a variation: a main-line move returns to it.',
    );
    expect(renderMoveList(tree, tree.root)).toContain('class="start" data-node="0" aria-current="step"');
    const empty = treeFromSetup(g.setup);
    expect(plain(renderMoveList(empty, empty.root))).toMatch(/^Moves Start No moves yet: play one on the board\. In a/);
    expect(renderMoveList(empty, empty.root)).toContain('<p class="in-variation" hidden>');
    // A played move is marked as such.
    const played = extend(empty, empty.root, 'd4');
    expect(renderMoveList(empty, played.node)).toContain('class="san played"');
  });

  it('writes NAGs as glyphs and comments without their commands', () => {
    expect([1, 2, 3, 4, 5, 6, 10, 13, 16, 19, 146, 250].map(nagGlyph)).toEqual([
      '!',
      '?',
      '!!',
      '??',
      '!?',
      '?!',
      '=',
      '\u221e',
      '\u00b1',
      '\u2212+',
      'N',
      '$250',
    ]);
    expect(commentText('[%csl Ge4][%eval #-3]  Mate  follows ')).toBe('Mate follows');
    expect(commentText('[%clk 0:01:00]')).toBe('');
  });

  it('scrolls the list, not the page, to keep the current move in view', () => {
    const box = (top: number, bottom: number) => ({ top, bottom }) as DOMRect;
    const list = { scrollTop: 100, getBoundingClientRect: () => box(0, 200) } as unknown as HTMLElement;
    keepInView(list, { getBoundingClientRect: () => box(250, 270) } as unknown as HTMLElement);
    expect(list.scrollTop).toBe(174);
    keepInView(list, { getBoundingClientRect: () => box(-30, -10) } as unknown as HTMLElement);
    expect(list.scrollTop).toBe(140);
    keepInView(list, { getBoundingClientRect: () => box(20, 40) } as unknown as HTMLElement);
    expect(list.scrollTop).toBe(140);
  });
});
