import {
  OMEGA,
  parseSquare,
  perft,
  piece,
  unwrap,
  type Color,
  type Piece,
  type Role,
  type Setup,
} from '@chess-formats/board-core';
import { parseFen as parseOurFen } from '@chess-formats/fen';
import { Chess as ChessJs } from 'chess.js';
import { Chess } from 'chessops/chess';
import { perft as chessopsPerft } from 'chessops/debug';
import { parseFen } from 'chessops/fen';
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

/** The Omega chess start position (official rules, omegachess.com/rules), built by hand. */
function omegaStart(): Setup {
  const pieces = new Array<Piece | undefined>(OMEGA.width * OMEGA.height).fill(undefined);
  const put = (name: string, color: Color, role: Role): void => {
    pieces[parseSquare(OMEGA, name) as number] = piece(color, role);
  };
  const backRank: readonly Role[] = [
    'champion',
    'rook',
    'knight',
    'bishop',
    'queen',
    'king',
    'bishop',
    'knight',
    'rook',
    'champion',
  ];
  backRank.forEach((role, file) => {
    const f = String.fromCharCode(97 + file);
    put(`${f}0`, 'white', role);
    put(`${f}1`, 'white', 'pawn');
    put(`${f}8`, 'black', 'pawn');
    put(`${f}9`, 'black', role);
  });
  put('w1', 'white', 'wizard');
  put('w2', 'white', 'wizard');
  put('w3', 'black', 'wizard');
  put('w4', 'black', 'wizard');
  const castlingRooks = ['b0', 'i0', 'b9', 'i9'].map((name) => parseSquare(OMEGA, name) as number);
  return {
    board: { geometry: OMEGA, pieces },
    turn: 'white',
    castlingRooks,
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
  };
}

export function runRules(): void {
  suite('start position', START, 5, 4865609);
  suite('Kiwipete', KIWIPETE, 4, 4085603);
  // No peer plays Omega chess: the row shows what the geometry-aware generator costs there.
  const omega = omegaStart();
  const leaves = perft(omega, 4);
  report(`Omega chess start (perft 4, ${leaves} leaves)`, 'nodes', [
    nodesPerSecond('board-core perft', () => perft(omega, 4), leaves),
  ]);
}
