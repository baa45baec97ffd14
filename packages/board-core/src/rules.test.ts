import { describe, expect, it } from 'vitest';
import type { Move } from './move.js';
import { piece } from './piece.js';
import { isCheckmate, isLegal, isStalemate, legalMoves, perft, play } from './rules.js';
import { emptyPocket, standardSetup } from './setup.js';
import { fenOf, setupFromFen } from './testing/chessops-bridge.js';
import { normal, sq } from './testing/notation-fixtures.js';

const playAll = (fen: string, moves: readonly Move[]): string => fenOf(moves.reduce(play, setupFromFen(fen)));

// Counts from chessprogramming.org, "Perft Results" (positions 2 to 6), checked against
// chessops' perft. The wiki's position 3 has a black king on h4 and a white pawn on g2, and
// position 6 a black bishop on g4: copies that drop them give other counts.
const PERFT_SUITE: readonly [name: string, fen: string, counts: readonly number[]][] = [
  ['start', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', [20, 400, 8902, 197281, 4865609]],
  ['kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', [48, 2039, 97862, 4085603]],
  ['position 3', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', [14, 191, 2812, 43238, 674624]],
  ['position 4', 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', [6, 264, 9467, 422333]],
  ['position 5', 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', [44, 1486, 62379, 2103487]],
  [
    'position 6',
    'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
    [46, 2079, 89890, 3894594],
  ],
  // Chess960, from the first lines of python-chess' data/chess960.perft (Reinhard Scharnagl's
  // list), checked against chessops' perft. Castling rights are Shredder-FEN rook files.
  ['960 #1', 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', [21, 528, 12189, 326672]],
  ['960 #2', '2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9', [21, 807, 18002, 667366]],
  ['960 #3', 'b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9', [20, 479, 10471, 273318]],
  ['960 #4', 'qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9', [22, 593, 13440, 382958]],
];

describe('perft', () => {
  for (const [name, fen, counts] of PERFT_SUITE) {
    it(`matches the published counts for ${name}`, () => {
      const setup = setupFromFen(fen);
      expect(counts.map((_, depth) => perft(setup, depth + 1))).toEqual(counts);
    });
  }
  it('counts the empty sequence at depth 0 and refuses depths that are not plies', () => {
    expect(perft(standardSetup(), 0)).toBe(1);
    expect(() => perft(standardSetup(), Number.NaN)).toThrow(RangeError);
    expect(() => perft(standardSetup(), -1)).toThrow(RangeError);
  });
});

describe('legalMoves', () => {
  it('lists the twenty opening moves', () => {
    const moves = legalMoves(standardSetup());
    expect(moves).toHaveLength(20);
    expect(moves).toContainEqual(normal('e2', 'e4'));
    expect(moves).toContainEqual(normal('g1', 'f3'));
  });
  it('refuses an en passant capture that exposes the king along the rank', () => {
    // The c5 pawn just passed c6; bxc6 would leave a5 open to the h5 rook.
    const setup = setupFromFen('8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1');
    expect(legalMoves(setup).filter((m) => m.kind === 'enPassant')).toEqual([]);
    // Ka4, Ka6, Kb6 and b6; Kb4 walks into the c5 pawn.
    expect(perft(setup, 1)).toBe(4);
  });
  it('offers en passant with the captured square', () => {
    const setup = setupFromFen('4k3/8/8/KPp5/8/8/8/8 w - c6 0 1');
    expect(legalMoves(setup)).toContainEqual({ kind: 'enPassant', from: sq('b5'), to: sq('c6'), captured: sq('c5') });
  });
  it('allows en passant to remove a checking pawn', () => {
    const setup = setupFromFen('8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1');
    expect(legalMoves(setup)).toContainEqual({ kind: 'enPassant', from: sq('e4'), to: sq('d3'), captured: sq('d4') });
  });
  it('generates all four promotions, also by capture', () => {
    const moves = legalMoves(setupFromFen('1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1'));
    const promotions = moves.filter((m) => m.kind === 'normal' && m.promotion !== undefined);
    expect(promotions).toHaveLength(8);
    expect(promotions).toContainEqual(normal('a7', 'b8', 'knight'));
    expect(promotions).toContainEqual(normal('a7', 'a8', 'queen'));
  });
  it('castles in Chess960 by rook square, with king and rook swapping', () => {
    const setup = setupFromFen('4k3/8/8/8/8/8/8/5KR1 w G - 0 1');
    expect(legalMoves(setup)).toContainEqual({
      kind: 'castle',
      from: sq('f1'),
      to: sq('g1'),
      rook: sq('g1'),
      rookTo: sq('f1'),
    });
  });
  it('refuses castling through an attacked square and out of check', () => {
    const castles = (fen: string) => legalMoves(setupFromFen(fen)).filter((m) => m.kind === 'castle');
    const queenSide: Move = { kind: 'castle', from: sq('e1'), to: sq('c1'), rook: sq('a1'), rookTo: sq('d1') };
    const kingSide: Move = { kind: 'castle', from: sq('e1'), to: sq('g1'), rook: sq('h1'), rookTo: sq('f1') };
    expect(castles('4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1')).toEqual([queenSide]);
    expect(castles('4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1')).toEqual([queenSide]);
    // Only the rook crosses b1, so an attack on it does not matter.
    expect(castles('4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1')).toEqual([queenSide, kingSide]);
    expect(castles('4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1')).toEqual([]);
  });
  it('refuses a Chess960 castle whose rook was shielding the king’s destination', () => {
    // Black queen a1, rook b1, king d1: O-O-O would put the king on c1 in the queen's line.
    const setup = setupFromFen('6k1/8/8/8/8/8/8/qR1K4 w B - 0 1');
    expect(legalMoves(setup).filter((m) => m.kind === 'castle')).toEqual([]);
  });
  it('drops only on empty squares, pawns not on the first or last rank', () => {
    const setup = setupFromFen('4k3/8/8/8/8/8/8/4K3[P] w - - 0 1');
    const drops = legalMoves(setup).filter((m) => m.kind === 'drop');
    expect(drops).toHaveLength(48);
    expect(drops).toContainEqual({ kind: 'drop', role: 'pawn', to: sq('a2') });
  });
  it('drops only to block a check', () => {
    const setup = setupFromFen('4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1');
    const drops = legalMoves(setup).filter((m) => m.kind === 'drop');
    expect(drops.map((m) => m.to).sort((a, b) => a - b)).toEqual([sq('b1'), sq('c1'), sq('d1')]);
  });
});

describe('isLegal', () => {
  it('accepts legal moves and refuses others', () => {
    const setup = standardSetup();
    expect(isLegal(setup, normal('e2', 'e4'))).toBe(true);
    expect(isLegal(setup, normal('e2', 'e5'))).toBe(false);
    expect(isLegal(setup, normal('e2', 'e4', 'queen'))).toBe(false);
    expect(isLegal(setup, { kind: 'drop', role: 'pawn', to: sq('e4') })).toBe(false);
    expect(isLegal(setup, { kind: 'normal', from: -1, to: 1e9 })).toBe(false);
  });
  it('requires a castle to name the destinations the rules give', () => {
    const setup = setupFromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(isLegal(setup, { kind: 'castle', from: sq('e1'), to: sq('g1'), rook: sq('h1'), rookTo: sq('f1') })).toBe(
      true,
    );
    expect(isLegal(setup, { kind: 'castle', from: sq('e1'), to: sq('h1'), rook: sq('h1'), rookTo: sq('f1') })).toBe(
      false,
    );
  });
});

describe('checkmate and stalemate', () => {
  it('knows the fool’s mate', () => {
    const mate = setupFromFen('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    expect(isCheckmate(mate)).toBe(true);
    expect(isStalemate(mate)).toBe(false);
  });
  it('knows a stalemate', () => {
    const stalemate = setupFromFen('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
    expect(isStalemate(stalemate)).toBe(true);
    expect(isCheckmate(stalemate)).toBe(false);
  });
  it('is neither at the start', () => {
    expect(isCheckmate(standardSetup())).toBe(false);
    expect(isStalemate(standardSetup())).toBe(false);
  });
});

describe('play', () => {
  it('records the passed square after a double step, even with no capturer', () => {
    const after = play(standardSetup(), normal('e2', 'e4'));
    expect(after.epSquares).toEqual([sq('e3')]);
    expect(after.turn).toBe('black');
    expect(after.halfmoves).toBe(0);
    expect(after.fullmoves).toBe(1);
    expect(fenOf(after)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  });
  it('counts half-moves and full moves', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(playAll(start, [normal('g1', 'f3'), normal('g8', 'f6'), normal('f3', 'g1')])).toBe(
      'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2',
    );
  });
  it('resets the half-move clock on a capture', () => {
    expect(playAll('4k3/8/8/3p4/8/2N5/8/4K3 w - - 7 30', [normal('c3', 'd5')])).toBe(
      '4k3/8/8/3N4/8/8/8/4K3 b - - 0 30',
    );
  });
  it('removes the pawn taken en passant', () => {
    const move: Move = { kind: 'enPassant', from: sq('b5'), to: sq('c6'), captured: sq('c5') };
    expect(playAll('4k3/8/8/KPp5/8/8/8/8 w - c6 4 9', [move])).toBe('4k3/8/2P5/K7/8/8/8/8 b - - 0 9');
  });
  it('castles and drops both rights of the castling side', () => {
    const move: Move = { kind: 'castle', from: sq('e1'), to: sq('g1'), rook: sq('h1'), rookTo: sq('f1') };
    expect(playAll('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 2 5', [move])).toBe('r3k2r/8/8/8/8/8/8/R4RK1 b kq - 3 5');
  });
  it('castles in Chess960 when king and rook swap squares', () => {
    const move: Move = { kind: 'castle', from: sq('f1'), to: sq('g1'), rook: sq('g1'), rookTo: sq('f1') };
    const after = play(setupFromFen('4k3/8/8/8/8/8/8/5KR1 w G - 0 1'), move);
    expect(after.board.pieces[sq('g1')]).toBe(piece('white', 'king'));
    expect(after.board.pieces[sq('f1')]).toBe(piece('white', 'rook'));
    expect(after.castlingRooks).toEqual([]);
  });
  it('castles in Chess960 when the king stands still', () => {
    const move: Move = { kind: 'castle', from: sq('g1'), to: sq('g1'), rook: sq('h1'), rookTo: sq('f1') };
    expect(playAll('4k3/8/8/8/8/8/8/6KR w K - 0 1', [move])).toBe('4k3/8/8/8/8/8/8/5RK1 b - - 1 1');
  });
  it('drops the right of a rook that moves or is captured', () => {
    expect(playAll('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', [normal('a1', 'a8')])).toBe(
      'R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1',
    );
    expect(playAll('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', [normal('e1', 'f1')])).toBe(
      'r3k2r/8/8/8/8/8/8/R4K1R b kq - 1 1',
    );
  });
  it('promotes to an unpromoted piece without pockets', () => {
    const after = play(setupFromFen('4k3/P7/8/8/8/8/8/4K3 w - - 0 1'), normal('a7', 'a8', 'queen'));
    expect(after.board.pieces[sq('a8')]).toBe(piece('white', 'queen', false));
    expect(after.halfmoves).toBe(0);
  });
  it('marks promoted pieces in crazyhouse and pockets captures, promoted ones as pawns', () => {
    const promoted = play(setupFromFen('4k3/P7/8/8/8/8/8/4K3[] w - - 0 1'), normal('a7', 'a8', 'queen'));
    expect(promoted.board.pieces[sq('a8')]).toBe(piece('white', 'queen', true));
    expect(fenOf(play(promoted, normal('e8', 'd8')))).toBe('Q~2k4/8/8/8/8/8/8/4K3[] w - - 1 2');
    const recaptured = play(setupFromFen('Q~k6/8/8/8/8/8/8/4K3[] b - - 3 1'), normal('b8', 'a8'));
    expect(fenOf(recaptured)).toBe('k7/8/8/8/8/8/8/4K3[p] w - - 0 2');
    const plain = play(setupFromFen('Qk6/8/8/8/8/8/8/4K3[] b - - 3 1'), normal('b8', 'a8'));
    expect(plain.pockets?.black).toEqual({ ...emptyPocket(), queen: 1 });
  });
  it('takes drops from the pocket; a pawn drop resets the clock, a piece drop does not', () => {
    const fen = '4k3/8/8/8/8/8/8/4K3[NPp] w - - 5 10';
    expect(playAll(fen, [{ kind: 'drop', role: 'knight', to: sq('c3') }])).toBe('4k3/8/8/8/8/2N5/8/4K3[Pp] b - - 6 10');
    expect(playAll(fen, [{ kind: 'drop', role: 'pawn', to: sq('c3') }])).toBe('4k3/8/8/8/8/2P5/8/4K3[Np] b - - 0 10');
  });
  it('counts a check in three-check', () => {
    // Remaining checks White 2, Black 3 (the 3+3 field of lichess' three-check FEN).
    const after = play(setupFromFen('4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1'), normal('a1', 'a8'));
    expect(after.remainingChecks).toEqual({ white: 1, black: 3 });
    const quiet = play(after, normal('e8', 'e7'));
    expect(quiet.remainingChecks).toEqual({ white: 1, black: 3 });
  });
  it('leaves the input setup unchanged', () => {
    const setup = setupFromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    const before = JSON.stringify(setup);
    play(setup, { kind: 'castle', from: sq('e1'), to: sq('c1'), rook: sq('a1'), rookTo: sq('d1') });
    expect(JSON.stringify(setup)).toBe(before);
  });
});
