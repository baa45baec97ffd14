import { perft, unwrap, variantByKey, withVariant, type Setup, type Variant } from '@chess-formats/board-core';
import { parseFen as parseOurFen } from '@chess-formats/fen';
import { Chess as ChessJs } from 'chess.js';
import { Chess } from 'chessops/chess';
import { perft as chessopsPerft } from 'chessops/debug';
import { parseFen } from 'chessops/fen';
import type { Rules } from 'chessops/types';
import { setupPosition } from 'chessops/variant';
import { report, type Measurement } from './harness.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// chessprogramming.org, "Perft Results", position 2.
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/** Runs `count` and returns leaf nodes per second over the faster of two runs. */
function nodesPerSecond(name: string, count: () => number, expected: number): Measurement {
  let best = Infinity;
  for (let run = 0; run < 2; run++) {
    const start = performance.now();
    const nodes = count();
    const elapsed = performance.now() - start;
    if (nodes !== expected) throw new Error(`${name}: ${nodes} nodes, expected ${expected}`);
    best = Math.min(best, elapsed);
  }
  return { name, opsPerSecond: (expected * 1000) / best };
}

function suite(title: string, fen: string, depth: number, expected: number): void {
  const setup: Setup = unwrap(parseOurFen(fen));
  const position = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  const rows = [
    nodesPerSecond('board-core perft', () => perft(setup, depth), expected),
    nodesPerSecond('chessops perft', () => chessopsPerft(position, depth), expected),
    nodesPerSecond('chess.js perft', () => new ChessJs(fen).perft(depth), expected),
  ];
  report(`${title} (perft ${depth}, ${expected} leaves)`, 'nodes', rows, 'board-core perft');
}

/**
 * A position of a variant board-core names by `key` and chessops by `rules`, in both libraries.
 * The count is published where a comment says so; else it is the one both generators must
 * agree on (a difference throws).
 */
function variantSuite(title: string, key: string, rules: Rules, fen: string, depth: number, published?: number): void {
  const setup = withVariant(unwrap(parseOurFen(fen)), variantByKey(key) as Variant);
  const position = setupPosition(rules, parseFen(fen).unwrap()).unwrap();
  const expected = published ?? perft(setup, depth);
  report(
    `${title} (perft ${depth}, ${expected} leaves)`,
    'nodes',
    [
      nodesPerSecond('board-core perft', () => perft(setup, depth), expected),
      nodesPerSecond('chessops perft', () => chessopsPerft(position, depth), expected),
    ],
    'board-core perft',
  );
}

/**
 * The published variant counts too deep for the tests (python-chess examples/perft/atomic.perft
 * and racingkings.perft), checked here by board-core alone.
 */
const DEEP_VARIANT_CASES: readonly [id: string, key: string, fen: string, depth: number, nodes: number][] = [
  ['atomic programfox-1', 'atomic', 'rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq -', 4, 1434825],
  ['atomic atomic960-castle-1', 'atomic', '8/8/8/8/8/8/2k5/rR4KR w KQ -', 5, 1603055],
  ['atomic atomic960-castle-2', 'atomic', 'r3k1rR/5K2/8/8/8/8/8/8 b kq -', 5, 2587730],
  ['atomic atomic960-castle-3', 'atomic', 'Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq -', 5, 5800275],
  ['racing kings start', 'racingKings', '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - -', 5, 9472927],
];

export function runVariantRules(): void {
  variantSuite('Atomic start', 'atomic', 'atomic', START, 4, 197326);
  // python-chess examples/perft/atomic.perft, programfox-2.
  variantSuite(
    'Atomic middlegame',
    'atomic',
    'atomic',
    'rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq -',
    4,
    714499,
  );
  variantSuite('Racing kings start', 'racingKings', 'racingkings', '8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - -', 4, 296242);
  // python-chess examples/perft/giveaway.perft: 153,299 at depth 4.
  variantSuite(
    'Antichess start',
    'antichess',
    'antichess',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1',
    4,
    153299,
  );
  variantSuite(
    'Horde start',
    'horde',
    'horde',
    'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1',
    5,
  );
  // python-chess examples/perft/horde.perft, horde-open-flank: 56,539 at depth 4.
  variantSuite('Horde open flank', 'horde', 'horde', '4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1', 4, 56539);
  // No peer plays losers: the row shows what compulsory capture with check costs.
  const losers = (variantByKey('losers') as Variant).start();
  const losersLeaves = perft(losers, 5);
  report(`Losers start (perft 5, ${losersLeaves} leaves)`, 'nodes', [
    nodesPerSecond('board-core perft', () => perft(losers, 5), losersLeaves),
  ]);
  const deep = DEEP_VARIANT_CASES.map(([id, key, fen, depth, nodes]) => {
    const setup = withVariant(unwrap(parseOurFen(fen)), variantByKey(key) as Variant);
    return nodesPerSecond(`board-core ${id} perft ${depth}`, () => perft(setup, depth), nodes);
  });
  report('Published variant perft, deep cases (board-core only)', 'nodes', deep);
}

export function runRules(): void {
  suite('start position', START, 5, 4865609);
  suite('Kiwipete', KIWIPETE, 4, 4085603);
  // No peer plays Omega chess: the row shows what the geometry-aware generator costs there.
  const omega = (variantByKey('omega') as Variant).start();
  const leaves = perft(omega, 4);
  report(`Omega chess start (perft 4, ${leaves} leaves)`, 'nodes', [
    nodesPerSecond('board-core perft', () => perft(omega, 4), leaves),
  ]);
  runVariantRules();
}
