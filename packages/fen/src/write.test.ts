import {
  MAX_COUNTER,
  STANDARD,
  OMEGA,
  emptyBoard,
  emptyPocket,
  piece,
  standardSetup,
  type Setup,
} from '@chess-formats/board-core';
import { describe, expect, test } from 'vitest';
import { INITIAL_FEN, enPassantCapturable, parseFen, writeBoardFen, writeCastling, writeFen } from './index.js';

function parsed(text: string): Setup {
  const result = parseFen(text, { strict: true });
  if (!result.ok) throw new Error(`${text}: ${result.error.code} at ${result.error.offset}`);
  return result.value;
}

/** Canonical FENs: each must parse strictly and write back unchanged. */
const CANONICAL: readonly string[] = [
  INITIAL_FEN,
  // PGN standard (S. J. Edwards, 1994), section 16.1.4.
  'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
  'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2',
  'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
  // chessprogramming.org "Perft Results", positions 2 (Kiwipete) to 6.
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  // Chess960 start positions 0 and 959 (Scharnagl numbering).
  'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1',
  'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1',
  // Crazyhouse: 1.e4 d5 2.exd5 Qxd5 (each capture goes to the captor's pocket), and a promoted queen.
  'rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3',
  '4k3/8/8/8/8/8/8/Q~3K3[NNbr] b - - 0 40',
  // Three-check: the lichess start, and a constructed position where White needs one more check.
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1',
  'rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1+3 2 5',
  // An inner rook needs its file letter (X-FEN); counters at their limits.
  '4k3/8/8/8/8/8/8/4KRR1 w KF - 9999 9999',
];

describe('round trips of canonical FENs', () => {
  test.each(CANONICAL)('%s', (fen) => {
    expect(writeFen(parsed(fen))).toBe(fen);
  });
});

describe('castling options', () => {
  test('X-FEN by default, Shredder-FEN on request', () => {
    const start = parsed(INITIAL_FEN);
    expect(writeFen(start, { castling: 'shredder' })).toBe(INITIAL_FEN.replace('KQkq', 'HAha'));
    expect(writeFen(start, { castling: 'xfen' })).toBe(INITIAL_FEN);
    const chess960 = parsed('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1');
    expect(writeCastling(chess960.board, chess960.castlingRooks, 'shredder')).toBe('HFhf');
  });

  test('a right without its rook is written as a file letter when K/Q would name another rook', () => {
    // King e1 and a rook on a1: a right on c1, where no rook stands, needs its file letter.
    const setup = parsed('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1');
    expect(writeCastling(setup.board, [2])).toBe('C');
    expect(writeCastling(setup.board, [])).toBe('-');
  });
});

describe('en passant policy', () => {
  // After 1.e4 no black pawn can capture on e3.
  const afterE4 = parsed('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  test('always (the default) writes the square of every double step', () => {
    expect(writeFen(afterE4)).toContain(' e3 ');
    expect(writeFen(afterE4, { epPolicy: 'always' })).toContain(' e3 ');
  });
  test('enPassantCapturable drops a square no pawn can use', () => {
    expect(writeFen(afterE4, { epPolicy: enPassantCapturable })).toBe(
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    );
  });
  test('enPassantCapturable keeps a square a pawn can capture on', () => {
    const capturable = parsed('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2');
    expect(enPassantCapturable(capturable, capturable.epSquares[0] as number)).toBe(true);
    expect(writeFen(capturable, { epPolicy: enPassantCapturable })).toContain(' d6 ');
  });
  test('a pinned capturer does not count (the capture would expose its king)', () => {
    // White king a5, pawns e5 (white) and d5 (black, just pushed), black rook h5: exd6 e.p.
    // removes both pawns from the fifth rank and leaves the king in check.
    const pinned = parsed('4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2');
    expect(enPassantCapturable(pinned, pinned.epSquares[0] as number)).toBe(false);
    expect(writeFen(pinned, { epPolicy: enPassantCapturable })).toBe('4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2');
  });
});

describe('writeBoardFen', () => {
  test('empty runs, promoted pieces and pockets', () => {
    const board = emptyBoard();
    expect(writeBoardFen(board)).toBe('8/8/8/8/8/8/8/8');
    const pieces = board.pieces.slice();
    pieces[0] = piece('white', 'queen', true);
    pieces[63] = piece('black', 'king');
    const pockets = { white: { ...emptyPocket(), pawn: 2, queen: 1 }, black: { ...emptyPocket(), knight: 1 } };
    expect(writeBoardFen({ geometry: STANDARD, pieces }, pockets)).toBe('7k/8/8/8/8/8/8/Q~7[PPQn]');
  });
  test('a piece equal to an interned one but built elsewhere', () => {
    const pieces = emptyBoard().pieces.slice();
    pieces[4] = { color: 'white', role: 'king', promoted: false };
    expect(writeBoardFen({ geometry: STANDARD, pieces })).toBe('8/8/8/8/8/8/8/4K3');
  });
  test('a pawn marked promoted (built by hand) as the pawn it is, which reads back', () => {
    const pieces = emptyBoard().pieces.slice();
    pieces[12] = piece('white', 'pawn', true);
    pieces[52] = piece('black', 'pawn', true);
    expect(writeBoardFen({ geometry: STANDARD, pieces })).toBe('8/4p3/8/8/8/8/4P3/8');
  });
});

describe('setups FEN cannot express throw a TypeError', () => {
  const start = standardSetup();
  test.each([
    ['another geometry', { ...start, board: emptyBoard(OMEGA) }],
    [
      'a champion',
      { ...start, board: { geometry: STANDARD, pieces: [piece('white', 'champion'), ...start.board.pieces.slice(1)] } },
    ],
    ['a castling rook off the back rank', { ...start, castlingRooks: [8] }],
    ['three rights for one colour', { ...start, castlingRooks: [0, 3, 7] }],
    ['rights out of order', { ...start, castlingRooks: [7, 0] }],
    ['two ep squares', { ...start, epSquares: [40, 41] }],
    ['an ep square on the wrong rank', { ...start, epSquares: [20] }],
    ['a negative halfmove clock', { ...start, halfmoves: -1 }],
    ['fullmove 0', { ...start, fullmoves: 0 }],
    ['a fractional counter', { ...start, fullmoves: 1.5 }],
    ['a counter above MAX_COUNTER', { ...start, halfmoves: MAX_COUNTER + 1 }],
    ['4 remaining checks', { ...start, remainingChecks: { white: 4, black: 3 } }],
    ['a wizard in a pocket', { ...start, pockets: { white: { ...emptyPocket(), wizard: 1 }, black: emptyPocket() } }],
    ['65 pieces in pockets', { ...start, pockets: { white: { ...emptyPocket(), pawn: 65 }, black: emptyPocket() } }],
  ] as [string, Setup][])('%s', (_name, setup) => {
    expect(() => writeFen(setup)).toThrow(TypeError);
  });
});
