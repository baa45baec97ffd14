/**
 * Every variant's perft against the published suites of the shared test data (python-chess's
 * and chessops' variant perft files), run only where that data is: it is never copied into the
 * repository. A suite of a variant that `VARIANTS` does not have is listed as skipped, so
 * adding the variant turns its suite on (every suite there is runs today).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { perft } from '../rules.js';
import { setupFromFen } from '../testing/chessops-bridge.js';
import { standard } from './standard.js';
import { variantByName, withVariant } from './lookup.js';

// Beside the repository (a clone next to shared/), or beside the directory of worktrees.
const DIRECTORY = ['../../../../../shared', '../../../../../../shared']
  .map((up) => join(import.meta.dirname, up, 'external-testdata'))
  .find((dir) => existsSync(join(dir, 'variant-perft.json')));
/** Counts above this are left to the bench: the machine is shared. */
const LIMIT = 1_000_000;

/**
 * Counts a skipped position's source publishes that no suite of the shared data repeats, by
 * FEN, depth 1 first: chessops' `src/variant.test.ts` lists atomic's near-king-explosion with
 * 5, 132 and 4,973 leaves at depths 1 to 3.
 */
const ONLY_AT_SOURCE: Readonly<Record<string, readonly number[]>> = {
  'rnbqk2r/pp1p2pp/2p3Nn/5p2/1b2P1PP/8/PPP2P2/R1BQKB1R w KQkq -': [5, 132, 4973],
};

interface Case {
  readonly variant: string;
  readonly id: string;
  readonly fen: string;
  readonly depth: number;
  readonly nodes: number;
}

function cases(): Case[] {
  if (DIRECTORY === undefined) return [];
  const found: Case[] = [];
  const variants = JSON.parse(readFileSync(join(DIRECTORY, 'variant-perft.json'), 'utf8')) as {
    suites: { variant: string; cases: { id: string; fen: string; perft: Record<string, number> }[] }[];
  };
  for (const suite of variants.suites)
    for (const c of suite.cases)
      for (const [depth, nodes] of Object.entries(c.perft))
        found.push({ variant: suite.variant, id: c.id, fen: c.fen, depth: Number(depth), nodes });
  const chess = JSON.parse(readFileSync(join(DIRECTORY, 'perft.json'), 'utf8')) as {
    suites: { variant: string; positions: { id: string; fen: string }[]; cases: [number, number, number][] }[];
    skippedVariants?: { variant: string; id: string; fen: string; depths: number }[];
  };
  // The positions perft.json skips carry depths but no counts: their counts are those of the
  // same position in the variant suites (the same published numbers), each depth up to theirs,
  // or, for the one position no suite has, the counts its source publishes (below).
  for (const skipped of chess.skippedVariants ?? []) {
    const same = variants.suites.flatMap((suite) => suite.cases).find((c) => c.fen === skipped.fen);
    for (let depth = 1; depth <= skipped.depths; depth++) {
      const nodes = same?.perft[String(depth)] ?? ONLY_AT_SOURCE[skipped.fen]?.[depth - 1];
      // A depth with no count anywhere is a test that cannot pass: -1 makes it fail, never vanish.
      found.push({
        variant: skipped.variant,
        id: `${skipped.id} (perft.json)`,
        fen: skipped.fen,
        depth,
        nodes: nodes ?? -1,
      });
    }
  }
  // Chess and Chess960 suites are the rules' own tests (rules.reference.test.ts and the bench).
  for (const suite of chess.suites) {
    if (variantByName(suite.variant)?.rules === standard.rules) continue;
    for (const [index, depth, nodes] of suite.cases) {
      const position = suite.positions[index];
      if (position) found.push({ variant: suite.variant, id: position.id, fen: position.fen, depth, nodes });
    }
  }
  return found.filter((c) => c.nodes <= LIMIT);
}

const all = cases();
const played = all.filter((c) => variantByName(c.variant) !== undefined);
const missing = [...new Set(all.filter((c) => variantByName(c.variant) === undefined).map((c) => c.variant))];

describe.skipIf(DIRECTORY === undefined)('published variant perft (shared test data)', () => {
  it.each(played.map((c) => [`${c.variant} ${c.id} depth ${c.depth}`, c] as const))('%s', (_name, c) => {
    const setup = withVariant(setupFromFen(c.fen), variantByName(c.variant)!);
    expect(perft(setup, c.depth)).toBe(c.nodes);
  });
  it.skip.each(missing)('%s: not a variant of VARIANTS yet', () => {});
});

describe.skipIf(DIRECTORY !== undefined)('published variant perft', () => {
  it.skip('skipped: the shared test data (external-testdata/variant-perft.json) is not beside the repository', () => {});
});
