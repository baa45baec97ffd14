import { writeSan, type ByColor, type Move, type Setup } from '@chess-formats/board-core';
import { playNode, type PgnNode, type PgnRoot } from '@chess-formats/pgn';

/**
 * The page's game: a tree of moves with variations, as an analysis board keeps it. Built from
 * a PGN game's tree (`PgnRoot`), from the positions of a tracked game (a FICS or ICC capture:
 * one line), or from a single position (no moves yet); moves played on the board extend it
 * (`playMove`). Nodes are mutable only through `playMove`, which appends: a node, once made,
 * keeps its id and its place, so a view may hold on to one across redraws.
 */
export interface TreeNode {
  /** Unique within the tree; the root is 0. The move list's buttons carry it (`data-node`). */
  readonly id: number;
  /** The node before; undefined for the root (the start position). */
  readonly parent: TreeNode | undefined;
  /** The move as the record has it (`Nf3`), board-core's SAN for moves played here; '' for the root. */
  readonly san: string;
  /** The move; `null` for a null move and for the root. */
  readonly move: Move | null;
  /** The position after the move (the root: the start). */
  readonly setup: Setup;
  /** Half-moves from the tree's start: 0 for the root. */
  readonly ply: number;
  /** The continuations: the first goes on, the others are its alternatives (variations). */
  readonly children: readonly TreeNode[];
  readonly nags?: readonly number[];
  readonly comments?: readonly string[];
  readonly commentsBefore?: readonly string[];
  /** The mover's clock after the move, in milliseconds (`[%clk]`, a capture's clock). */
  readonly clockMs?: number;
  /** Played on the page, not read from the record. */
  readonly played?: boolean;
}

export interface GameTree {
  /** The start position, with the comments before the first move. */
  readonly root: TreeNode;
  /** Every node by id (`nodes[node.id] === node`). */
  readonly nodes: readonly TreeNode[];
  /** The record's result (`1-0`, `*`), when it has one. */
  readonly result?: string;
  /** Where the record stopped reading (a broken PGN game: the error's message): shown after its last move. */
  readonly error?: string;
}

/** A node under construction: the same fields, writable. */
type Draft = { -readonly [K in keyof TreeNode]: TreeNode[K] } & { children: TreeNode[] };

function makeRoot(setup: Setup, comments: readonly string[] | undefined): Draft {
  return {
    id: 0,
    parent: undefined,
    san: '',
    move: null,
    setup,
    ply: 0,
    children: [],
    ...(comments?.length ? { comments } : {}),
  };
}

function addChild(
  nodes: TreeNode[],
  parent: TreeNode,
  fields: Omit<TreeNode, 'id' | 'parent' | 'ply' | 'children'>,
): TreeNode {
  const node: Draft = { ...fields, id: nodes.length, parent, ply: parent.ply + 1, children: [] };
  nodes.push(node);
  (parent as Draft).children.push(node);
  return node;
}

/** The PGN node's annotations, without empty lists. */
function annotations(node: PgnNode): Pick<TreeNode, 'nags' | 'comments' | 'commentsBefore' | 'clockMs'> {
  return {
    ...(node.nags?.length ? { nags: node.nags } : {}),
    ...(node.comments?.length ? { comments: node.comments } : {}),
    ...(node.commentsBefore?.length ? { commentsBefore: node.commentsBefore } : {}),
    ...(node.clockMs === undefined ? {} : { clockMs: node.clockMs }),
  };
}

/** A PGN game's tree from its start position: every variation, comment, NAG and clock. */
export function treeFromPgn(
  start: Setup,
  pgnRoot: PgnRoot,
  extra: { readonly result?: string; readonly error?: string } = {},
): GameTree {
  const root = makeRoot(start, pgnRoot.comments);
  const nodes: TreeNode[] = [root];
  // Iterative: a long main line (a 500-move game) must not cost a stack frame a move.
  const pending: { parent: TreeNode; children: readonly PgnNode[] }[] = [{ parent: root, children: pgnRoot.children }];
  for (let work = pending.pop(); work; work = pending.pop()) {
    for (const child of work.children) {
      const node = addChild(nodes, work.parent, {
        san: child.san,
        move: child.move,
        setup: playNode(work.parent.setup, child.move),
        ...annotations(child),
      });
      if (child.children.length) pending.push({ parent: node, children: child.children });
    }
  }
  // The stack visits later siblings' lines first: ids differ from text order, children do not.
  return { root, nodes, ...extra };
}

/** One position of a tracked game: its setup, the move into it and its clocks. */
export interface TrackedPly {
  readonly setup: Setup;
  readonly move?: Move;
  readonly san?: string;
  readonly clocks?: Partial<ByColor<number>>;
}

/**
 * A tracked game's positions as one line. The positions are the server's (a capture may
 * resynchronise or take moves back), so each node keeps the setup it was given, not a replay.
 */
export function treeFromPlies(plies: readonly TrackedPly[]): GameTree | undefined {
  const first = plies[0];
  if (!first) return undefined;
  const root = makeRoot(first.setup, undefined);
  const nodes: TreeNode[] = [root];
  let parent: TreeNode = root;
  for (let i = 1; i < plies.length; i++) {
    const ply = plies[i] as TrackedPly;
    const mover = parent.setup.turn;
    const clock = ply.clocks?.[mover];
    parent = addChild(nodes, parent, {
      san: ply.san ?? '?',
      move: ply.move ?? null,
      setup: ply.setup,
      ...(clock === undefined ? {} : { clockMs: clock }),
    });
  }
  return { root, nodes };
}

/** A single position: a tree with no moves yet, for moves played on the board. */
export function treeFromSetup(setup: Setup): GameTree {
  const root = makeRoot(setup, undefined);
  return { root, nodes: [root] };
}

/** Whether two moves are the same move (board-core's `Move` by value). */
export function sameMove(a: Move | null, b: Move | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind !== b.kind || a.to !== b.to) return false;
  if (a.kind === 'drop' && b.kind === 'drop') return a.role === b.role;
  if (a.kind === 'drop' || b.kind === 'drop') return false;
  const promotion = (m: Move): string | undefined => (m.kind === 'normal' ? m.promotion : undefined);
  return a.from === b.from && promotion(a) === promotion(b);
}

/**
 * Plays `move` from `at`, as an analysis board does: the child that is this move already (the
 * next main-line move, or a variation played before) is stepped to; otherwise a node is made,
 * the main continuation where `at` had none, else a new variation after the others.
 * `setup` is the position after the move (board-core's `play`), given by the caller, which
 * checked the move is legal.
 */
export function playMove(
  tree: GameTree,
  at: TreeNode,
  move: Move,
  setup: Setup,
): { readonly node: TreeNode; readonly created: boolean } {
  const existing = at.children.find((child) => sameMove(child.move, move));
  if (existing) return { node: existing, created: false };
  const node = addChild(tree.nodes as TreeNode[], at, { san: writeSan(at.setup, move), move, setup, played: true });
  return { node, created: true };
}

/** The main line: the root's first child, its first child, ... (the root not included). */
export function mainLine(tree: GameTree): TreeNode[] {
  const line: TreeNode[] = [];
  for (let node = tree.root.children[0]; node; node = node.children[0]) line.push(node);
  return line;
}

/** Whether the node is on the main line (the root is). */
export function isMainLine(node: TreeNode): boolean {
  for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
  return true;
}

/** The main-line node `ply` half-moves from the start (0: the root), clamped to the line's end. */
export function mainLineNode(tree: GameTree, ply: number): TreeNode {
  let node = tree.root;
  for (let i = 0; i < ply && node.children[0]; i++) node = node.children[0];
  return node;
}

/** The nodes from the first move to `node` (the root not included). */
export function pathTo(node: TreeNode): TreeNode[] {
  const path: TreeNode[] = [];
  for (let n: TreeNode | undefined = node; n?.parent; n = n.parent) path.push(n);
  return path.reverse();
}

export type TreeStep = 'first' | 'previous' | 'next' | 'last';

/** Where a step goes in the tree: the start, the move before, the line's next move, the line's end. */
export function stepNode(tree: GameTree, node: TreeNode, step: TreeStep): TreeNode {
  if (step === 'first') return tree.root;
  if (step === 'previous') return node.parent ?? node;
  if (step === 'next') return node.children[0] ?? node;
  let end = node;
  while (end.children[0]) end = end.children[0];
  return end;
}

/** Each side's last clock on the way to `node` (the mover of a node is its parent's side to move). */
export function clocksAt(node: TreeNode): Partial<ByColor<number>> | undefined {
  const clocks: { white?: number; black?: number } = {};
  for (let n: TreeNode | undefined = node; n?.parent; n = n.parent) {
    const side = n.parent.setup.turn;
    if (n.clockMs !== undefined && clocks[side] === undefined) clocks[side] = n.clockMs;
  }
  return clocks.white === undefined && clocks.black === undefined ? undefined : clocks;
}

/** The move number of a node and whether White made it (`12.` or `12...`), from the tree's start position. */
export function moveNumber(tree: GameTree, node: TreeNode): { readonly number: number; readonly white: boolean } {
  const start = tree.root.setup;
  const counted = node.ply - 1 + (start.turn === 'black' ? 1 : 0);
  return { number: start.fullmoves + Math.floor(counted / 2), white: counted % 2 === 0 };
}
