import { describe, expect, it } from 'vitest';
import { MAX_MOVE_TEXT_LENGTH, type MoveNotationErrorCode } from './move-notation.js';
import { unwrap } from './result.js';
import { parseSan, writeSan } from './san.js';
import { standardSetup, type Setup } from './setup.js';
import { setupFromFen } from './testing/chessops-bridge.js';
import { normal, sq } from './testing/notation-fixtures.js';

function errorCode(setup: Setup, text: string): MoveNotationErrorCode | undefined {
  const result = parseSan(setup, text);
  return result.ok ? undefined : result.error.code;
}

// Fixtures (positions are facts; comments say where each comes from).
const START = standardSetup();
/** 1.d4 d5 2.Nf3 Nf6: both white knights reach d2. */
const TWO_KNIGHTS = setupFromFen('rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3');
const TWO_ROOKS_ON_A_FILE = setupFromFen('4k3/8/8/R7/8/8/8/R3K3 w - - 0 1');
const THREE_QUEENS = setupFromFen('4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1');
/** The knight on e2 is pinned by the rook on e7, so Ng3 needs no file. */
const PINNED_KNIGHT = setupFromFen('4k3/4r3/8/8/8/8/4N3/4K2N w - - 0 1');
const PROMOTION = setupFromFen('3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1');
/** Fool's mate: 1.f3 e5 2.g4, Black mates with Qh4. */
const FOOLS_MATE = setupFromFen('rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2');
const CASTLING = setupFromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
/** Chess960: king g1, rooks b1 and h1; O-O leaves the king on g1. */
const CHESS960 = setupFromFen('1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1');
const EN_PASSANT = setupFromFen('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3');
const CRAZYHOUSE = setupFromFen('rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKB1R[QNP] w KQkq - 0 1');

describe('writeSan', () => {
  it('writes pawn and piece moves of the start position', () => {
    expect(writeSan(START, normal('e2', 'e4'))).toBe('e4');
    expect(writeSan(START, normal('g1', 'f3'))).toBe('Nf3');
  });
  it('disambiguates by file, by rank, and by both, only among legal moves', () => {
    expect(writeSan(TWO_KNIGHTS, normal('b1', 'd2'))).toBe('Nbd2');
    expect(writeSan(TWO_KNIGHTS, normal('f3', 'd2'))).toBe('Nfd2');
    expect(writeSan(TWO_ROOKS_ON_A_FILE, normal('a1', 'a3'))).toBe('R1a3');
    expect(writeSan(TWO_ROOKS_ON_A_FILE, normal('a5', 'a3'))).toBe('R5a3');
    expect(writeSan(THREE_QUEENS, normal('a1', 'b2'))).toBe('Qa1b2');
    expect(writeSan(THREE_QUEENS, normal('c1', 'b2'))).toBe('Qcb2');
    expect(writeSan(THREE_QUEENS, normal('a3', 'b2'))).toBe('Q3b2');
    expect(writeSan(PINNED_KNIGHT, normal('h1', 'g3'))).toBe('Ng3');
  });
  it('writes captures, promotions and the check suffix', () => {
    expect(writeSan(PROMOTION, normal('e7', 'd8', 'queen'))).toBe('exd8=Q+');
    expect(writeSan(PROMOTION, normal('e7', 'd8', 'knight'))).toBe('exd8=N');
    expect(writeSan(PROMOTION, normal('e7', 'e8', 'rook'))).toBe('e8=R+');
    expect(writeSan(TWO_ROOKS_ON_A_FILE, normal('a5', 'a8'))).toBe('Ra8+');
  });
  it('writes the mate suffix', () => {
    expect(writeSan(FOOLS_MATE, normal('d8', 'h4'))).toBe('Qh4#');
  });
  it('writes en passant as a pawn capture', () => {
    expect(writeSan(EN_PASSANT, { kind: 'enPassant', from: sq('e5'), to: sq('f6'), captured: sq('f5') })).toBe('exf6');
  });
  it('writes castling by the side of the rook, Chess960 too', () => {
    expect(writeSan(CASTLING, { kind: 'castle', from: sq('e1'), to: sq('g1'), rook: sq('h1'), rookTo: sq('f1') })).toBe(
      'O-O',
    );
    expect(writeSan(CASTLING, { kind: 'castle', from: sq('e1'), to: sq('c1'), rook: sq('a1'), rookTo: sq('d1') })).toBe(
      'O-O-O',
    );
    expect(writeSan(CHESS960, { kind: 'castle', from: sq('g1'), to: sq('g1'), rook: sq('h1'), rookTo: sq('f1') })).toBe(
      'O-O',
    );
    expect(writeSan(CHESS960, { kind: 'castle', from: sq('g1'), to: sq('c1'), rook: sq('b1'), rookTo: sq('d1') })).toBe(
      'O-O-O',
    );
  });
  it('writes drops with the piece letter, pawns included', () => {
    expect(writeSan(CRAZYHOUSE, { kind: 'drop', role: 'knight', to: sq('f3') })).toBe('N@f3');
    expect(writeSan(CRAZYHOUSE, { kind: 'drop', role: 'pawn', to: sq('e4') })).toBe('P@e4');
    // formats2.txt, DG_MOVE_SMITH: "bughouse plunks are the same in all move formats, e.g. "Q@f7+""
    expect(writeSan(CRAZYHOUSE, { kind: 'drop', role: 'queen', to: sq('f7') })).toBe('Q@f7+');
  });
});

describe('parseSan', () => {
  it('reads strict SAN', () => {
    expect(unwrap(parseSan(START, 'e4'))).toEqual(normal('e2', 'e4'));
    expect(unwrap(parseSan(START, 'Nf3'))).toEqual(normal('g1', 'f3'));
    expect(unwrap(parseSan(TWO_KNIGHTS, 'Nbd2'))).toEqual(normal('b1', 'd2'));
    expect(unwrap(parseSan(TWO_ROOKS_ON_A_FILE, 'R5a3'))).toEqual(normal('a5', 'a3'));
    expect(unwrap(parseSan(THREE_QUEENS, 'Qa1b2'))).toEqual(normal('a1', 'b2'));
    expect(unwrap(parseSan(PROMOTION, 'exd8=Q+'))).toEqual(normal('e7', 'd8', 'queen'));
    expect(unwrap(parseSan(FOOLS_MATE, 'Qh4#'))).toEqual(normal('d8', 'h4'));
    expect(unwrap(parseSan(EN_PASSANT, 'exf6'))).toEqual({
      kind: 'enPassant',
      from: sq('e5'),
      to: sq('f6'),
      captured: sq('f5'),
    });
    expect(unwrap(parseSan(CRAZYHOUSE, 'N@f3'))).toEqual({ kind: 'drop', role: 'knight', to: sq('f3') });
    expect(unwrap(parseSan(CRAZYHOUSE, 'Q@f7+'))).toEqual({ kind: 'drop', role: 'queen', to: sq('f7') });
  });
  it('reads castling in all its spellings, Chess960 included', () => {
    const short = { kind: 'castle', from: sq('e1'), to: sq('g1'), rook: sq('h1'), rookTo: sq('f1') };
    const long = { kind: 'castle', from: sq('e1'), to: sq('c1'), rook: sq('a1'), rookTo: sq('d1') };
    for (const text of ['O-O', '0-0', 'o-o', 'O-O+', 'O-O!']) expect(unwrap(parseSan(CASTLING, text))).toEqual(short);
    for (const text of ['O-O-O', '0-0-0', 'o-o-o', 'O-O-O#']) expect(unwrap(parseSan(CASTLING, text))).toEqual(long);
    expect(unwrap(parseSan(CHESS960, 'O-O'))).toEqual({
      kind: 'castle',
      from: sq('g1'),
      to: sq('g1'),
      rook: sq('h1'),
      rookTo: sq('f1'),
    });
    expect(unwrap(parseSan(CHESS960, 'O-O-O'))).toEqual({
      kind: 'castle',
      from: sq('g1'),
      to: sq('c1'),
      rook: sq('b1'),
      rookTo: sq('d1'),
    });
  });
  it('accepts the lenient forms', () => {
    expect(unwrap(parseSan(PROMOTION, 'e8Q'))).toEqual(normal('e7', 'e8', 'queen'));
    expect(unwrap(parseSan(PROMOTION, 'e8=q'))).toEqual(normal('e7', 'e8', 'queen'));
    expect(unwrap(parseSan(PROMOTION, 'e8(N)'))).toEqual(normal('e7', 'e8', 'knight'));
    expect(unwrap(parseSan(PROMOTION, 'e8/R'))).toEqual(normal('e7', 'e8', 'rook'));
    expect(unwrap(parseSan(PROMOTION, 'ed8=Q'))).toEqual(normal('e7', 'd8', 'queen'));
    expect(unwrap(parseSan(PROMOTION, 'e7xd8Q#'))).toEqual(normal('e7', 'd8', 'queen'));
    expect(unwrap(parseSan(START, 'Nf3+'))).toEqual(normal('g1', 'f3'));
    expect(unwrap(parseSan(START, 'Nf3#'))).toEqual(normal('g1', 'f3'));
    expect(unwrap(parseSan(START, 'Nf3!?'))).toEqual(normal('g1', 'f3'));
    expect(unwrap(parseSan(START, 'e4??'))).toEqual(normal('e2', 'e4'));
    expect(unwrap(parseSan(START, 'Ng1f3'))).toEqual(normal('g1', 'f3'));
    expect(unwrap(parseSan(START, 'Ng1-f3'))).toEqual(normal('g1', 'f3'));
    expect(unwrap(parseSan(START, 'Nxf3'))).toEqual(normal('g1', 'f3'));
    expect(unwrap(parseSan(START, 'Pe4'))).toEqual(normal('e2', 'e4'));
    expect(unwrap(parseSan(PINNED_KNIGHT, 'Nhg3'))).toEqual(normal('h1', 'g3'));
    expect(unwrap(parseSan(TWO_KNIGHTS, 'Nb:d2'))).toEqual(normal('b1', 'd2'));
    const ep = { kind: 'enPassant', from: sq('e5'), to: sq('f6'), captured: sq('f5') };
    for (const text of ['exf6e.p.', 'exf6 e.p.', 'ef6', 'exf6+'])
      expect(unwrap(parseSan(EN_PASSANT, text))).toEqual(ep);
    expect(unwrap(parseSan(CRAZYHOUSE, '@e4'))).toEqual({ kind: 'drop', role: 'pawn', to: sq('e4') });
    expect(unwrap(parseSan(CRAZYHOUSE, 'P@e4'))).toEqual({ kind: 'drop', role: 'pawn', to: sq('e4') });
    expect(unwrap(parseSan(CRAZYHOUSE, 'n@f3'))).toEqual({ kind: 'drop', role: 'knight', to: sq('f3') });
  });
  it('reports every error code it can produce', () => {
    expect(errorCode(START, '')).toBe('empty');
    expect(errorCode(START, `N${'f'.repeat(MAX_MOVE_TEXT_LENGTH)}3`)).toBe('too-long');
    expect(errorCode(START, 'N')).toBe('syntax');
    expect(errorCode(START, '+')).toBe('syntax');
    expect(errorCode(START, 'N*f3')).toBe('syntax');
    expect(errorCode(CRAZYHOUSE, 'NN@f3')).toBe('syntax');
    expect(errorCode(CRAZYHOUSE, 'N@f3x')).toBe('syntax');
    expect(errorCode(START, 'Ni3')).toBe('unknown-square');
    expect(errorCode(START, 'e9')).toBe('unknown-square');
    expect(errorCode(START, 'Xf3')).toBe('unknown-role');
    expect(errorCode(CRAZYHOUSE, 'X@f3')).toBe('unknown-role');
    expect(errorCode(PROMOTION, 'e8=K')).toBe('unknown-role');
    expect(errorCode(PROMOTION, 'e8=X')).toBe('unknown-role');
    expect(errorCode(START, 'none')).toBe('no-move');
    expect(errorCode(START, '--')).toBe('no-move');
    expect(errorCode(START, 'e5')).toBe('illegal');
    expect(errorCode(START, 'O-O')).toBe('illegal');
    expect(errorCode(START, 'Ke2')).toBe('illegal');
    expect(errorCode(START, 'N@f3')).toBe('illegal');
    expect(errorCode(PINNED_KNIGHT, 'Neg3')).toBe('illegal');
    expect(errorCode(TWO_KNIGHTS, 'Nd2')).toBe('ambiguous');
    expect(errorCode(THREE_QUEENS, 'Qab2')).toBe('ambiguous');
    expect(errorCode(PROMOTION, 'e8')).toBe('missing-promotion');
    expect(errorCode(START, 'e4=Q')).toBe('unexpected-promotion');
  });
  it('reports offsets and fields that point at the problem', () => {
    expect(parseSan(START, 'Ni3')).toEqual({
      ok: false,
      error: {
        code: 'unknown-square',
        field: 'to',
        offset: 1,
        message: '"i3" ends in no square of the standard board',
      },
    });
    expect(parseSan(PROMOTION, 'e8')).toMatchObject({
      ok: false,
      error: { code: 'missing-promotion', field: 'promotion', offset: 2 },
    });
  });
});
