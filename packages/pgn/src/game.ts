import { MAX_COUNTER, VARIANTS, play, type Move, type Setup, type VariantKey } from '@chess-formats/board-core';
import type { PgnWarning } from './errors.js';

/** The four game terminations of PGN. */
export const PGN_RESULTS = /* @__PURE__ */ Object.freeze(['1-0', '0-1', '1/2-1/2', '*'] as const);
/** A game termination, one of `PGN_RESULTS`. */
export type PgnResult = (typeof PGN_RESULTS)[number];

/**
 * The keys of the variants the reader sets up and replays: every variant of board-core's
 * `VARIANTS`, read from the `Variant` tag by their PGN names.
 * @deprecated Use `VARIANTS` of `@chess-formats/board-core` (`VARIANTS.map((v) => v.key)`); kept until 1.0.
 */
export const PGN_VARIANTS: readonly VariantKey[] = /* @__PURE__ */ Object.freeze(VARIANTS.map((v) => v.key));
/**
 * A variant the reader can replay: a key of board-core's `VARIANTS`.
 * @deprecated Use `VariantKey` of `@chess-formats/board-core`; kept until 1.0.
 */
export type PgnVariant = VariantKey;

/** One move of the game tree. */
export interface PgnNode {
  /** The move as read (`Nf3`, `0-0`, `e8Q`); the writer writes board-core's SAN of `move` instead. */
  readonly san: string;
  /** The move, or `null` for a null move (`--`, `Z0`): the side to move passes. */
  readonly move: Move | null;
  /** The continuations: the first is the line that goes on, the others are its alternatives (variations). */
  readonly children: readonly PgnNode[];
  /** Comments before the move; only the first move of a variation has them (elsewhere they follow the move before). */
  readonly commentsBefore?: readonly string[];
  /** Comments after the move, trimmed, without the `[%clk]` and `[%emt]` commands read into the fields below. */
  readonly comments?: readonly string[];
  /** Numeric annotation glyphs, in order (`!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6). */
  readonly nags?: readonly number[];
  /** `[%clk h:mm:ss]`: the mover's clock after the move, in milliseconds. */
  readonly clockMs?: number;
  /** `[%emt h:mm:ss]`: the time the move took, in milliseconds. */
  readonly emtMs?: number;
}

/** The start of the game: comments before the first move, and the first moves. */
export interface PgnRoot {
  /** Comments before the first move of the game, trimmed. */
  readonly comments?: readonly string[];
  /** The first move of the game, then its alternatives (variations); empty for a game without moves. */
  readonly children: readonly PgnNode[];
}

/** A game as read from PGN: its tags, variant, initial position, move tree and result. */
export interface PgnGame {
  /** Every tag as read (the last of a repeated name wins); the writer puts the seven-tag roster first. */
  readonly tags: ReadonlyMap<string, string>;
  /** The variant's key (board-core's `VARIANTS`), from the `Variant` tag (standard without one). */
  readonly variant: VariantKey;
  /** The initial position: the `FEN` tag's, else the variant's start. */
  readonly setup: Setup;
  /** The move tree. */
  readonly root: PgnRoot;
  /** The game termination of the movetext; without one, the `Result` tag's value when it is a result, else `*`. */
  readonly result: PgnResult;
  /**
   * What the text held that is not standard PGN and was read anyway, in the order read; only
   * present when there is some. It describes the text, not the game: the writer writes the
   * standard form, so the game read back has none.
   */
  readonly warnings?: readonly PgnWarning[];
}

/** One step of the main line: the position before the move, the node, and the position after. */
export interface MainlineStep {
  /** The position before the move. */
  readonly before: Setup;
  /** The move's node. */
  readonly node: PgnNode;
  /** The position after the move. */
  readonly after: Setup;
}

/**
 * The position after a move or a null move. A null move passes: the other side moves, no en
 * passant capture remains, the clocks count on.
 */
export function playNode(setup: Setup, move: Move | null): Setup {
  if (move !== null) return play(setup, move);
  return {
    ...setup,
    turn: setup.turn === 'white' ? 'black' : 'white',
    epSquares: [],
    halfmoves: Math.min(setup.halfmoves + 1, MAX_COUNTER),
    fullmoves: setup.turn === 'black' ? Math.min(setup.fullmoves + 1, MAX_COUNTER) : setup.fullmoves,
  };
}

/**
 * Walks the main line, replaying each move as it goes: positions are not stored in the game,
 * so a caller that stops early pays only for the moves it looked at.
 */
export function* mainline(game: PgnGame): Generator<MainlineStep, void, undefined> {
  let before = game.setup;
  let node = game.root.children[0];
  while (node !== undefined) {
    const after = playNode(before, node.move);
    yield { before, node, after };
    before = after;
    node = node.children[0];
  }
}

/** The position at the end of the main line. */
export function finalSetup(game: PgnGame): Setup {
  let setup = game.setup;
  for (let node = game.root.children[0]; node !== undefined; node = node.children[0])
    setup = playNode(setup, node.move);
  return setup;
}
