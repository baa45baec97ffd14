import { piece, ROLES, type Piece } from '@chess-formats/board-core';
import { parseFen, writeFen } from '@chess-formats/fen';
import { Chess } from 'chess.js';
import { makeFen as opsMakeFen, parseFen as opsParseFen } from 'chessops/fen';
import { loadText, measureAlternating, overItems, report } from './harness.js';

/**
 * One corpus for every contender: standard-chess FENs that chess.js, chessops and we all
 * accept (chess.js reads no pockets, `~` or check counters, and wants six fields).
 */
const CORPUS: readonly string[] = [
  // PGN standard (S. J. Edwards, 1994), section 16.1.4: the start and the first three moves.
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
  'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2',
  'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
  // chessprogramming.org "Perft Results": positions 2 (Kiwipete) to 6, and 4 mirrored.
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  // chess.js README and tests (jhlywa/chess.js): openings, a middlegame, endgames.
  'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
  'r1bqkbnr/ppp2ppp/2n5/1B1pP3/4P3/8/PPPP2PP/RNBQK1NR b KQkq - 2 4',
  'rnbqkbnr/pppp1ppp/8/8/4Pp2/8/PPPP2PP/RNBQKBNR w KQkq - 0 3',
  'r2qkbnr/ppp2ppp/2n5/1B2pQ2/4P3/8/PPP2PPP/RNB1K2R b KQkq - 3 7',
  '4r1k1/p1prnpb1/Pp1pq1pp/3Np2P/2P1P3/R4N2/1PP2PP1/3QR1K1 w - - 2 20',
  'r1k4r/p2nb1p1/2b4p/1p1n1p2/2PP4/3Q1NB1/1P3PPP/R5K1 b - - 0 19',
  '2n1r3/p1k2pp1/B1p3b1/P7/5bP1/2N1B3/1P2KP2/2R5 b - - 4 25',
  '4r3/8/2p2PPk/1p6/pP2p1R1/P1B5/2P2K2/3r4 w - - 1 45',
  '4k3/4P3/4K3/8/8/8/8/8 b - - 0 78',
  '4k3/4n3/8/8/8/8/4R3/4K3 w - - 0 1',
  // Chess960 start positions 0, 100 and 959 (Scharnagl numbering), castling as X-FEN.
  'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1',
  'qbbnrnkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNRNKR w KQkq - 0 1',
  'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1',
];

// The floors: the least work any parser or writer of this corpus must do.
function scanFloor(text: string): Int8Array {
  const cells = new Int8Array(64);
  for (let i = 0; i < text.length; i++) cells[i & 63] = text.charCodeAt(i);
  return cells;
}

// The piece of each FEN letter, by char code, for the placement floor below.
const PIECE_OF: readonly (Piece | undefined)[] = Array.from({ length: 128 }, (_, code) => {
  const k = 'PNBRQKpnbrqk'.indexOf(String.fromCharCode(code));
  return k < 0 ? undefined : piece(k < 6 ? 'white' : 'black', ROLES[k % 6] as Piece['role']);
});
const NO_PIECES: readonly undefined[] = Array.from({ length: 64 }, () => undefined);

/**
 * What any reader that builds a setup's 64 piece slots must do for the placement alone, with
 * no checks at all: copy an empty board, then per character a lookup and a store (or a skip).
 * Everything a real parser does besides (the checks, the other five fields, the result) comes
 * on top of it, so it shows how near the scan floor a parser to board-core's Setup can get.
 */
function placementFloor(text: string): (Piece | undefined)[] {
  const board: (Piece | undefined)[] = NO_PIECES.slice();
  let square = 56;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const p = PIECE_OF[c];
    if (p !== undefined) board[square++] = p;
    else if (c === 47) square -= 16;
    else if (c === 32) break;
    else square += c - 48;
  }
  return board;
}

/**
 * The corpus cut after its first `fields` fields, so that parseFen's time on it, taken from its
 * time on the whole FENs, is what the fields after the cut cost (all are read in one pass, left
 * to right, and a FEN may stop after any field in default mode).
 */
function cutAfter(fields: number): string[] {
  return CORPUS.map((fen) => fen.split(' ').slice(0, fields).join(' '));
}

function squareStrings(text: string): string[] {
  const board = text.slice(0, text.indexOf(' '));
  const squares: string[] = [];
  for (const c of board) {
    if (c === '/') continue;
    if (c >= '1' && c <= '8') for (let k = 0; k < Number(c); k++) squares.push('');
    else squares.push(c);
  }
  return squares;
}

function concatFloor(squares: readonly string[]): string {
  let out = '';
  for (let i = 0; i < 64; i++) out += squares[i] as string;
  return out;
}

export function runFen(): void {
  for (const fen of CORPUS) {
    const ours = parseFen(fen, { strict: true });
    if (ours.ok && placementFloor(fen).some((p, square) => p !== ours.value.board.pieces[square]))
      throw new Error(`placement floor misreads ${fen}`);
    const theirs = opsParseFen(fen);
    if (!ours.ok || !theirs.isOk) throw new Error(`corpus FEN rejected: ${fen}`);
    new Chess(fen);
    if (writeFen(ours.value) !== fen || opsMakeFen(theirs.value) !== fen) throw new Error(`no round trip: ${fen}`);
  }
  console.log(`fen corpus: ${CORPUS.length} positions; rates are corpus passes per second of CPU time`);

  // Alternated rounds and medians, as the other suites: on a shared machine the load moves
  // within a second, and contenders measured one after the other would see different machines.
  const parseRows = measureAlternating(
    [
      { name: '@chess-formats/fen parseFen', fn: overItems(CORPUS, (fen) => parseFen(fen)) },
      { name: '@chess-formats/fen parseFen strict', fn: overItems(CORPUS, (fen) => parseFen(fen, { strict: true })) },
      { name: 'chessops parseFen', fn: overItems(CORPUS, (fen) => opsParseFen(fen)) },
      { name: 'chess.js new Chess(fen)', fn: overItems(CORPUS, (fen) => new Chess(fen)) },
      { name: 'floor: charCodeAt scan into Int8Array(64)', fn: overItems(CORPUS, scanFloor) },
      { name: 'placement alone into 64 piece slots, unchecked', fn: overItems(CORPUS, placementFloor) },
      // parseFen on the corpus cut short: the cost of each part of a FEN, field by field.
      { name: 'parseFen, the placement alone', fn: overItems(cutAfter(1), (fen) => parseFen(fen)) },
      { name: 'parseFen to the turn', fn: overItems(cutAfter(2), (fen) => parseFen(fen)) },
      { name: 'parseFen to the castling rights', fn: overItems(cutAfter(3), (fen) => parseFen(fen)) },
      { name: 'parseFen to en passant (EPD-like)', fn: overItems(cutAfter(4), (fen) => parseFen(fen)) },
    ],
    15,
    50,
    'cpu',
  );
  report('parse (ratio to chessops)', 'corpus', parseRows, 'chessops parseFen');
  report('parse (ratio to the scan floor)', 'corpus', parseRows, 'floor: charCodeAt scan into Int8Array(64)');
  const rate = (name: string): number => parseRows.find((r) => r.name === name)?.opsPerSecond ?? Number.NaN;
  const floor = rate('floor: charCodeAt scan into Int8Array(64)');
  const timeOf = (name: string): string => `${(floor / rate(name)).toFixed(2)}x`;
  console.log(
    `parseFen time / scan floor ${timeOf('@chess-formats/fen parseFen')} (goal <= 1.5), strict ${timeOf('@chess-formats/fen parseFen strict')}; the unchecked placement alone ${timeOf('placement alone into 64 piece slots, unchecked')}; load ${loadText()}`,
  );
  console.log(
    `parseFen time / scan floor on the FENs cut short: the placement ${timeOf('parseFen, the placement alone')}, to the turn ${timeOf('parseFen to the turn')}, to castling ${timeOf('parseFen to the castling rights')}, to en passant ${timeOf('parseFen to en passant (EPD-like)')}, whole ${timeOf('@chess-formats/fen parseFen')}`,
  );

  const ourSetups = CORPUS.map((fen) => {
    const result = parseFen(fen);
    if (!result.ok) throw new Error(fen);
    return result.value;
  });
  const opsSetups = CORPUS.map((fen) => opsParseFen(fen).unwrap());
  const games = CORPUS.map((fen) => new Chess(fen));
  const squares = CORPUS.map(squareStrings);
  const writeRows = measureAlternating(
    [
      { name: '@chess-formats/fen writeFen', fn: overItems(ourSetups, (setup) => writeFen(setup)) },
      { name: 'chessops makeFen', fn: overItems(opsSetups, (setup) => opsMakeFen(setup)) },
      { name: 'chess.js fen()', fn: overItems(games, (game) => game.fen()) },
      { name: 'floor: concatenation over 64 squares', fn: overItems(squares, concatFloor) },
    ],
    15,
    50,
    'cpu',
  );
  report('write (ratio to chessops)', 'corpus', writeRows, 'chessops makeFen');
  report('write (ratio to chess.js)', 'corpus', writeRows, 'chess.js fen()');
  report('write (ratio to the concatenation floor)', 'corpus', writeRows, 'floor: concatenation over 64 squares');
}
