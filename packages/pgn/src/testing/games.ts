/** Test-only: games built by playing random legal moves with board-core, with comments, NAGs, clocks and variations. */
import fc from 'fast-check';
import {
  VARIANTS,
  isCheck,
  legalMoves,
  variantByKey,
  writeSan,
  type Move,
  type Setup,
} from '@chess-formats/board-core';
import { playNode, PGN_RESULTS, type PgnGame, type PgnNode, type PgnVariant } from '../game.js';
import { initialSetup } from '../setup.js';
import { writePgn } from '../write.js';

interface Ply {
  readonly pick: number;
  readonly nullMove: boolean;
  readonly comments: readonly string[];
  readonly nags: readonly number[];
  readonly clockMs: number | null;
  readonly emtMs: number | null;
  readonly variation: readonly number[] | null;
  readonly variationComment: string | null;
}

/** Comment text as the reader leaves it: trimmed, no clock command, `}` only without a line break. */
const commentText = fc
  .string({
    maxLength: 24,
    unit: fc.constantFrom('a', 'B', ' ', '\n', '}', '{', ';', '(', '%', '"', '\\', 'é', '1', '-', '*', '$', '['),
  })
  .map((text) => {
    const clean = text.replace(/\[%/g, '[');
    return (clean.includes('\n') ? clean.replace(/\}/g, ')') : clean).trim();
  });

const ply: fc.Arbitrary<Ply> = fc.record({
  pick: fc.nat(),
  nullMove: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
  comments: fc.array(commentText, { maxLength: 2 }),
  nags: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 2 }),
  clockMs: fc.option(fc.integer({ min: 0, max: 40_000_000 })),
  emtMs: fc.option(fc.integer({ min: 0, max: 600_000 })),
  variation: fc.option(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), { freq: 4 }),
  variationComment: fc.option(commentText, { freq: 3 }),
});

/** FEN tags to start from besides the variant's start (undefined: no FEN tag). */
const STARTS: Readonly<Partial<Record<PgnVariant, readonly (string | undefined)[]>>> = {
  standard: [undefined, 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'],
  chess960: [
    'nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1',
    'bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1',
  ],
};

function pickMove(setup: Setup, pick: number): Move | undefined {
  const moves = legalMoves(setup);
  return moves.length === 0 ? undefined : moves[pick % moves.length];
}

type MutableNode = PgnNode & { children: PgnNode[] };

function node(setup: Setup, move: Move | null, extra: Omit<Partial<PgnNode>, 'children'> = {}): MutableNode {
  const children: PgnNode[] = [];
  return { ...extra, san: move === null ? '--' : writeSan(setup, move), move, children };
}

/** A game as the reader returns it, with keys present only when they hold something. */
export function buildGame(
  variant: PgnVariant,
  start: number,
  plies: readonly Ply[],
  tags: readonly (readonly [string, string])[],
  rootComments: readonly string[],
  result: (typeof PGN_RESULTS)[number],
): PgnGame {
  const fens = STARTS[variant] ?? [undefined];
  const fen = fens[start % fens.length];
  const initial = initialSetup(variant, fen);
  if (!initial.ok) throw new Error(initial.message);
  const tagMap = new Map<string, string>(tags);
  if (variant !== 'standard' || start % 3 === 0) tagMap.set('Variant', variantByKey(variant)!.names.pgn[0]!);
  if (fen !== undefined) {
    tagMap.set('FEN', fen);
    tagMap.set('SetUp', '1');
  }
  const root: { comments?: string[]; children: PgnNode[] } = { children: [] };
  if (rootComments.length > 0) root.comments = [...rootComments];
  let parent: { children: PgnNode[] } = root;
  let setup = initial.setup;
  for (const p of plies) {
    const useNull = p.nullMove && !isCheck(setup);
    const move = useNull ? null : pickMove(setup, p.pick);
    if (move === undefined) break;
    const extra: { comments?: string[]; nags?: number[]; clockMs?: number; emtMs?: number } = {};
    if (p.comments.length > 0) extra.comments = [...p.comments];
    if (p.nags.length > 0) extra.nags = [...p.nags];
    if (p.clockMs !== null) extra.clockMs = p.clockMs;
    if (p.emtMs !== null) extra.emtMs = p.emtMs;
    const child = node(setup, move, extra);
    parent.children.push(child);
    if (p.variation !== null) {
      // An alternative line from the same position.
      let line: { children: PgnNode[] } = parent;
      let at = setup;
      for (const [k, pick] of p.variation.entries()) {
        const alt = pickMove(at, pick);
        if (alt === undefined) break;
        const altNode = node(
          at,
          alt,
          k === 0 && p.variationComment !== null ? { commentsBefore: [p.variationComment] } : {},
        );
        line.children.push(altNode);
        line = altNode;
        at = playNode(at, alt);
      }
    }
    parent = child;
    setup = playNode(setup, move);
  }
  return { tags: tagMap, variant, setup: initial.setup, root, result };
}

const tagName = fc
  .stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/)
  .filter((name) => !['FEN', 'Variant', 'SetUp'].includes(name));
const tagValue = fc.string({
  maxLength: 20,
  unit: fc.constantFrom('a', ' ', '"', '\\', ']', '[', 'é', '?', '.', '1', '{'),
});

export const arbitraryGame: fc.Arbitrary<PgnGame> = fc
  .record({
    // Every variant of the list, chess twice as often.
    variant: fc.constantFrom<PgnVariant>('standard', ...VARIANTS.map((v) => v.key)),
    start: fc.nat(),
    plies: fc.array(ply, { maxLength: 30 }),
    tags: fc.array(fc.tuple(tagName, tagValue), { maxLength: 9 }),
    rootComments: fc.array(commentText, { maxLength: 1 }),
    result: fc.constantFrom(...PGN_RESULTS),
  })
  .map(({ variant, start, plies, tags, rootComments, result }) =>
    buildGame(variant, start, plies, tags, rootComments, result),
  );

/**
 * Texts of up to five parts joined by line feeds, each a written game, one of `fragments` (the
 * text a test wants read in every place) or a random string: splits land in every kind of token.
 */
export function textsAmong(fragments: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        arbitraryGame.map((game) => writePgn(game)),
        fc.constantFrom(...fragments),
        fc.string({ maxLength: 20 }),
      ),
      { maxLength: 5 },
    )
    .map((parts) => parts.join('\n'));
}
