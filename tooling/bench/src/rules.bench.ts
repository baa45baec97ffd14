import { perft, unwrap, variantByKey, withVariant, type Setup, type Variant } from '@chess-formats/board-core';
import { parseFen as parseOurFen } from '@chess-formats/fen';
import { Chess as ChessJs } from 'chess.js';
import { Chess } from 'chessops/chess';
import { perft as chessopsPerft } from 'chessops/debug';
import { parseFen } from 'chessops/fen';
import { Antichess, Horde } from 'chessops/variant';
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
 * A variant's perft against chessops' on the same position. The count is published where the
 * title says so; else it is the one both generators must agree on (a difference throws).
 */
function variantSuite(title: string, key: string, fen: string, depth: number, published?: number): void {
  const setup = withVariant(unwrap(parseOurFen(fen)), variantByKey(key) as Variant);
  const parsed = parseFen(fen).unwrap();
  const position = (key === 'antichess' ? Antichess.fromSetup(parsed) : Horde.fromSetup(parsed)).unwrap();
  const expected = published ?? perft(setup, depth);
  const rows = [
    nodesPerSecond('board-core perft', () => perft(setup, depth), expected),
    nodesPerSecond('chessops perft', () => chessopsPerft(position, depth), expected),
  ];
  report(`${title} (perft ${depth}, ${expected} leaves)`, 'nodes', rows, 'board-core perft');
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
  // python-chess examples/perft/giveaway.perft: 153,299 at depth 4.
  variantSuite('Antichess start', 'antichess', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1', 4, 153299);
  variantSuite('Horde start', 'horde', 'rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1', 5);
  // python-chess examples/perft/horde.perft, horde-open-flank: 56,539 at depth 4.
  variantSuite('Horde open flank', 'horde', '4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1', 4, 56539);
  // No peer plays losers: the row shows what compulsory capture with check costs.
  const losers = (variantByKey('losers') as Variant).start();
  const losersLeaves = perft(losers, 5);
  report(`Losers start (perft 5, ${losersLeaves} leaves)`, 'nodes', [
    nodesPerSecond('board-core perft', () => perft(losers, 5), losersLeaves),
  ]);
}
