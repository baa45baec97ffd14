import {
  legalMoves,
  parseSan,
  parseSmith,
  unwrap,
  writeSan,
  writeSmith,
  type Move,
  type Setup,
} from '@chess-formats/board-core';
import { parseFen as parseOurFen } from '@chess-formats/fen';
import { Chess as ChessJs } from 'chess.js';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan, parseSan as chessopsParseSan } from 'chessops/san';
import type { NormalMove as ChessopsMove } from 'chessops/types';
import { consume, measure, report, type Measurement } from './harness.js';

// chessprogramming.org, "Perft Results", position 2 (48 legal moves, castling both ways).
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/** `fn` handles `count` moves per call; the rate is reported in moves. */
function perMove(name: string, count: number, fn: () => unknown): Measurement {
  const m = measure(name, fn);
  return { name, opsPerSecond: m.opsPerSecond * count };
}

export function runNotation(): void {
  const setup: Setup = unwrap(parseOurFen(KIWIPETE));
  const moves: readonly Move[] = legalMoves(setup);
  const sans = moves.map((m) => writeSan(setup, m));
  const smiths = moves.map((m) => writeSmith(setup, m));
  const position = Chess.fromSetup(parseFen(KIWIPETE).unwrap()).unwrap();
  const opsMoves: ChessopsMove[] = [];
  for (const [from, dests] of position.allDests()) for (const to of dests) opsMoves.push({ from, to });
  if (opsMoves.length !== moves.length) throw new Error(`move counts differ: ${opsMoves.length} vs ${moves.length}`);
  const chessJs = new ChessJs(KIWIPETE);
  const n = moves.length;

  report(`SAN writing (${n} legal moves of Kiwipete)`, 'moves', [
    perMove('board-core writeSan', n, () => moves.map((m) => writeSan(setup, m))),
    perMove('chessops makeSan', n, () => opsMoves.map((m) => makeSan(position, m))),
    perMove('chess.js moves()', n, () => chessJs.moves()),
  ]);
  report(`SAN reading (${n} legal moves of Kiwipete)`, 'moves', [
    perMove('board-core parseSan', n, () => sans.map((s) => parseSan(setup, s))),
    perMove('chessops parseSan', n, () => sans.map((s) => chessopsParseSan(position, s))),
  ]);
  report(`Smith (${n} legal moves of Kiwipete)`, 'moves', [
    perMove('board-core writeSmith', n, () => moves.map((m) => writeSmith(setup, m))),
    perMove('board-core parseSmith', n, () => smiths.map((s) => parseSmith(setup, s))),
  ]);
  consume(sans);
}
