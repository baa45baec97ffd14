/**
 * The engine against an independent reference generator written from the rules text
 * (testing/reference-rules.ts), above all for Omega chess, where no peer library exists:
 * perft from the start position, and the SETS of legal moves at seeded random positions and
 * at every position one move after them (so perft 2 agrees move by move).
 */
import { describe, expect, it } from 'vitest';
import { isAttacked, kingSquares } from './attacks.js';
import { OMEGA, parseSquare, type Square } from './geometry.js';
import type { Move } from './move.js';
import { piece, type Piece } from './piece.js';
import { legalMoves, perft, play } from './rules.js';
import type { Setup } from './setup.js';
import { setupFromFen } from './testing/chessops-bridge.js';
import { moveKey, referenceLegalMoves, referencePerft } from './testing/reference-rules.js';
import { chess960Fen, random } from './testing/seeded.js';
import type { Color, Role } from './vocabulary.js';

const sq = (name: string): Square => {
  const square = parseSquare(OMEGA, name);
  if (square === undefined) throw new Error(name);
  return square;
};

const LETTERS: Record<string, Role> = {
  p: 'pawn',
  n: 'knight',
  b: 'bishop',
  r: 'rook',
  q: 'queen',
  k: 'king',
  c: 'champion',
  w: 'wizard',
};

/** An Omega setup from "Kf0 Rb0 pe8 ..." (letter then square; upper case White), White to move. */
function omega(placement: string, castling: readonly string[] = []): Setup {
  const pieces = new Array<Piece | undefined>(OMEGA.width * OMEGA.height).fill(undefined);
  for (const token of placement.trim().split(/\s+/)) {
    const letter = token.charAt(0);
    const color: Color = letter === letter.toUpperCase() ? 'white' : 'black';
    pieces[sq(token.slice(1))] = piece(color, LETTERS[letter.toLowerCase()] as Role);
  }
  return {
    board: { geometry: OMEGA, pieces },
    turn: 'white',
    castlingRooks: castling.map(sq).sort((a, b) => a - b),
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
  };
}

/** Both armies as the official rules set them up (notes 3.2), minus the back-rank files in `without`. */
function omegaArmies(without = ''): string {
  const tokens = ['Ww1', 'Ww2', 'ww3', 'ww4'];
  'crnbqkbnrc'.split('').forEach((letter, file) => {
    const f = String.fromCharCode(97 + file);
    if (!without.includes(f)) tokens.push(`${letter.toUpperCase()}${f}0`, `${letter}${f}9`);
    tokens.push(`P${f}1`, `p${f}8`);
  });
  return tokens.join(' ');
}

const ALL_RIGHTS = ['b0', 'i0', 'b9', 'i9'];

const OMEGA_START = omega(omegaArmies(), ALL_RIGHTS);

const OMEGA_STARTS: readonly Setup[] = [
  OMEGA_START,
  // Knights, bishops and queens gone: castling on both sides comes within a few moves.
  omega(omegaArmies('cdegh'), ALL_RIGHTS),
  // Pawns near promotion, some on the other side's home rank (they step one square only),
  // with castling still possible for both sides.
  omega('Kf0 Rb0 Ri0 Ww1 Ca0 Pc7 Pe8 Ph7 Pa6 Pj1 kf9 rb9 ri9 ww3 cj9 pb2 pd1 pg3 pj2 pa8 pi8', ALL_RIGHTS),
  // Pawns on their home ranks facing enemy pawns two and three ranks ahead: double and triple
  // steps that can be taken en passant on either passed square, also from diagonally behind.
  omega(
    'Kf0 Qe0 Ra0 Bg0 Pb1 Pd1 Pf1 Ph1 Pj1 Pc6 Pe5 Pg6 Pi5 Pa5 ' +
      'kf9 qe9 rj9 bd9 pb8 pd8 pf8 ph8 pj8 pc3 pe4 pg3 pi4 pa4',
  ),
  // Open diagonals from corner to corner: sliders and leapers keep entering wizard squares.
  omega('Kf0 Qe0 Bd0 Bg0 Ca0 Nc0 Ww1 Ww2 Pb1 Pe1 Ph1 Pi2 kf9 qe9 bd9 bg9 cj9 nh9 ww3 ww4 pb8 pe8 ph8 pc7'),
  // Knight, bishop, champion and queen already on wizard squares, wizards in the field.
  omega('Kf0 Qw2 Bw1 Wc0 Rb0 Pa1 Pb1 Pc1 Ph1 Pi1 Pj1 kf9 nw3 cw4 wh9 ri9 pa8 pb8 pc8 ph8 pi8 pj8', ['b0', 'i9']),
];

/**
 * Hand-made Omega positions (White to move) around the rules an engine gets wrong most
 * easily; each is compared with every reply, so the en passant captures after White's long
 * steps are compared too. Each is also played mirrored, Black moving first.
 */
const OMEGA_CORNERS: readonly (readonly [string, Setup])[] = [
  // After e1-e4 the f4 pawn takes on e3 and opens rank 4 to the rook (illegal); d3xe2 keeps f4 there.
  ['en passant opening a rank', omega('Kf0 Rj4 Pe1 ka4 pf4 pd3')],
  // e1-e4 checks the king on f5; both en passant captures remove the checker.
  ['en passant removing the checker', omega('Ka0 Pe1 kf5 pd3 pf4')],
  // e1-e3 checks the king on d4; f3xe2 removes the checker.
  ['en passant after a double step', omega('Ka0 Pe1 kd4 pf3')],
  // The f4 pawn is pinned on d2-h6 and e3 lies on that line: f4xe3 stays legal.
  ['pinned pawn capturing along the pin', omega('Ka0 Pe1 Bd2 kh6 pf4 pd3')],
  // A wizard on w1 attacks c0, which only the rook crosses; one on w2 attacks h0, the king's landing square.
  ['castling past wizards', omega('Kf0 Rb0 Ri0 Pf1 kf9 ww1 ww2', ['b0', 'i0'])],
  // A champion on a2 attacks c0 (allowed) by its diagonal jump; one on j2 attacks h0.
  ['castling past champions', omega('Kf0 Rb0 Ri0 Pf1 kf9 ca2 cj2', ['b0', 'i0'])],
  // Something standing on c0 blocks queen-side castling although the king does not cross it.
  ['castling with c0 occupied', omega('Kf0 Rb0 Nc0 Ri0 kf9 pb2', ['b0', 'i0'])],
  ['castling out of check', omega('Kf0 Rb0 Ri0 kf9 we3', ['b0', 'i0'])],
  // Promotion by push and by capture into the corner files.
  ['promotion into the corners', omega('Kf0 Pi8 Pa8 Pb8 ke5 rj9 nb9 ch9')],
  // Kings on wizard squares; a rook set on a wizard square by hand has no move at all.
  ['kings in the wizard corners', omega('Kw1 Rw2 Qc2 Ni7 kw3 bb4 cd1')],
];

/** The same position seen from the other side: ranks reversed, colours swapped, Black to move. */
function mirrored(setup: Setup): Setup {
  const { width, height } = OMEGA;
  const flip = (square: Square): Square => (height - 1 - Math.floor(square / width)) * width + (square % width);
  const pieces = new Array<Piece | undefined>(width * height).fill(undefined);
  setup.board.pieces.forEach((p, square) => {
    if (p) pieces[flip(square)] = piece(p.color === 'white' ? 'black' : 'white', p.role);
  });
  return {
    ...setup,
    board: { geometry: OMEGA, pieces },
    turn: setup.turn === 'white' ? 'black' : 'white',
    castlingRooks: setup.castlingRooks.map(flip).sort((a, b) => a - b),
    epSquares: setup.epSquares.map(flip).sort((a, b) => a - b),
  };
}

function engineKeys(setup: Setup): string[] {
  return legalMoves(setup)
    .map((m) => moveKey(setup.board.geometry, m))
    .sort();
}

function referenceKeys(setup: Setup): string[] {
  return referenceLegalMoves(setup)
    .map((m) => moveKey(setup.board.geometry, m))
    .sort();
}

/** What the compared positions offered, to show the games reach every rule. */
interface Coverage {
  positions: number;
  promotion: number;
  enPassant: number;
  /** En passant after a triple step (two passed squares). */
  tripleEnPassant: number;
  tripleStep: number;
  kingSideCastle: number;
  queenSideCastle: number;
  /** A piece other than a wizard standing on a wizard square. */
  visitorOnWizardSquare: number;
  moveOntoWizardSquare: number;
}

const WIZARD_SQUARES = ['w1', 'w2', 'w3', 'w4'].map(sq);

function tally(coverage: Coverage, setup: Setup, moves: readonly Move[]): void {
  const { geometry, pieces } = setup.board;
  coverage.positions++;
  const has = (test: (m: Move) => boolean): number => (moves.some(test) ? 1 : 0);
  coverage.promotion += has((m) => m.kind === 'normal' && m.promotion !== undefined);
  coverage.enPassant += has((m) => m.kind === 'enPassant');
  coverage.tripleEnPassant += setup.epSquares.length === 2 ? has((m) => m.kind === 'enPassant') : 0;
  coverage.tripleStep += has(
    (m) => m.kind === 'normal' && pieces[m.from]?.role === 'pawn' && Math.abs(m.to - m.from) === 3 * geometry.width,
  );
  coverage.kingSideCastle += has((m) => m.kind === 'castle' && m.rook > m.from);
  coverage.queenSideCastle += has((m) => m.kind === 'castle' && m.rook < m.from);
  if (geometry.name === 'omega') {
    coverage.visitorOnWizardSquare += WIZARD_SQUARES.some((s) => pieces[s] && pieces[s]?.role !== 'wizard') ? 1 : 0;
    coverage.moveOntoWizardSquare += has((m) => m.kind === 'normal' && WIZARD_SQUARES.includes(m.to));
  }
}

function emptyCoverage(): Coverage {
  return {
    positions: 0,
    promotion: 0,
    enPassant: 0,
    tripleEnPassant: 0,
    tripleStep: 0,
    kingSideCastle: 0,
    queenSideCastle: 0,
    visitorOnWizardSquare: 0,
    moveOntoWizardSquare: 0,
  };
}

/**
 * Positions of a seeded random game: each ply picks a legal move, preferring (half the time)
 * captures, promotions, castling and long pawn steps, so the rare rules come up often.
 */
function randomPositions(start: Setup, seed: number, plies: number): Setup[] {
  const next = random(seed);
  const out: Setup[] = [];
  let setup = start;
  for (let ply = 0; ply < plies; ply++) {
    out.push(setup);
    const moves = legalMoves(setup);
    if (moves.length === 0) break;
    const width = setup.board.geometry.width;
    const lively = moves.filter(
      (m) =>
        m.kind !== 'normal' ||
        m.promotion !== undefined ||
        setup.board.pieces[m.to] !== undefined ||
        (setup.board.geometry.name === 'omega' && WIZARD_SQUARES.includes(m.to)) ||
        (setup.board.pieces[m.from]?.role === 'pawn' && Math.abs(m.to - m.from) >= 2 * width),
    );
    const pool = lively.length > 0 && next() < 0.5 ? lively : moves;
    setup = play(setup, pool[Math.floor(next() * pool.length)] as Move);
  }
  return out;
}

/**
 * Compares the engine's and the reference's move sets at `setup` and at every position one
 * legal move later; returns how many positions were compared.
 */
function compareToDepthTwo(setup: Setup, coverage: Coverage): number {
  const moves = legalMoves(setup);
  expect(engineKeys(setup), JSON.stringify(setup)).toEqual(referenceKeys(setup));
  tally(coverage, setup, moves);
  let compared = 1;
  for (const move of moves) {
    const child = play(setup, move);
    const ours = engineKeys(child);
    const theirs = referenceKeys(child);
    if (ours.join() !== theirs.join()) {
      expect(ours, `after ${moveKey(setup.board.geometry, move)} in ${JSON.stringify(setup)}`).toEqual(theirs);
    }
    tally(coverage, child, legalMoves(child));
    compared++;
  }
  return compared;
}

function compareToDepthOne(setup: Setup, coverage: Coverage): number {
  expect(engineKeys(setup), JSON.stringify(setup)).toEqual(referenceKeys(setup));
  tally(coverage, setup, legalMoves(setup));
  return 1;
}

const PLACED_ROLES: readonly Role[] = [
  'pawn',
  'pawn',
  'pawn',
  'knight',
  'bishop',
  'rook',
  'queen',
  'champion',
  'wizard',
  'wizard',
];

/**
 * A random Omega placement that a hand-written position could hold but play rarely reaches:
 * kings anywhere (often on the back rank with castling rights for every rook beside them, in
 * the manner of Chess960), pieces on wizard squares, pawns on any rank but the last, and half
 * the time an enemy pawn that has just made a long step, with en passant squares to match.
 * Returns undefined for a placement where the side not to move is in check.
 */
function randomOmegaSetup(next: () => number): Setup | undefined {
  const squares = OMEGA.squareNames.flatMap((name, square) => (name === '' ? [] : [square]));
  const pick = (): Square => squares[Math.floor(next() * squares.length)] as Square;
  const pieces = new Array<Piece | undefined>(OMEGA.width * OMEGA.height).fill(undefined);
  const turn: Color = next() < 0.5 ? 'white' : 'black';
  const row = (square: Square): number => Math.floor(square / OMEGA.width);
  const castlingRooks: Square[] = [];
  for (const color of ['white', 'black'] as const) {
    const backRow = color === 'white' ? 1 : 10;
    if (next() < 0.6) {
      const king = backRow * OMEGA.width + 2 + Math.floor(next() * 8);
      pieces[king] = piece(color, 'king');
      for (const dx of [-1, 1]) {
        for (let x = (king % OMEGA.width) + dx; x >= 1 && x <= 10; x += dx) {
          if (next() < 0.25) {
            pieces[backRow * OMEGA.width + x] = piece(color, 'rook');
            castlingRooks.push(backRow * OMEGA.width + x);
            break;
          }
        }
      }
    } else {
      let king = pick();
      while (pieces[king]) king = pick();
      pieces[king] = piece(color, 'king');
    }
  }
  for (let i = 0, count = 4 + Math.floor(next() * 14); i < count; i++) {
    const square = pick();
    if (pieces[square]) continue;
    const role = PLACED_ROLES[Math.floor(next() * PLACED_ROLES.length)] as Role;
    const color: Color = next() < 0.5 ? 'white' : 'black';
    // A pawn never stands on a wizard square or its own last rank, nor on the rank behind its start.
    if (
      role === 'pawn' &&
      (row(square) === 0 ||
        row(square) === 11 ||
        row(square) === (color === 'white' ? 10 : 1) ||
        row(square) === (color === 'white' ? 1 : 10))
    )
      continue;
    pieces[square] = piece(color, role);
  }
  let epSquares: Square[] = [];
  if (next() < 0.5) {
    // The opponent's pawn went from its start rank `length` squares forward along file x.
    const mover: Color = turn === 'white' ? 'black' : 'white';
    const forward = mover === 'white' ? OMEGA.width : -OMEGA.width;
    const x = 1 + Math.floor(next() * 10);
    const from = (mover === 'white' ? 2 : 9) * OMEGA.width + x;
    const length = next() < 0.6 ? 3 : 2;
    const passed = [from + forward, from + 2 * forward].slice(0, length - 1);
    const to = from + length * forward;
    if ([from, ...passed, to].every((s) => pieces[s]?.role !== 'king')) {
      for (const s of [from, ...passed]) pieces[s] = undefined;
      pieces[to] = piece(mover, 'pawn');
      // A capturer beside each passed square, so the captures come up often.
      for (const s of passed) {
        const beside = s + forward + (next() < 0.5 ? -1 : 1);
        if (OMEGA.squareNames[beside] !== '' && !pieces[beside]) pieces[beside] = piece(turn, 'pawn');
      }
      epSquares = passed.sort((a, b) => a - b);
    }
  }
  const rights = castlingRooks.filter((s) => pieces[s]?.role === 'rook').sort((a, b) => a - b);
  const setup: Setup = {
    board: { geometry: OMEGA, pieces },
    turn,
    castlingRooks: rights,
    epSquares,
    halfmoves: 0,
    fullmoves: 1,
  };
  const waiting = kingSquares(setup.board, turn === 'white' ? 'black' : 'white')[0];
  if (waiting === undefined || isAttacked(setup.board, waiting, turn)) return undefined;
  return setup;
}

describe('reference rules agree with the engine on Omega chess', () => {
  it.each(OMEGA_CORNERS)('offers the same moves, and the same replies to each: %s', (_, setup) => {
    const coverage = emptyCoverage();
    expect(compareToDepthTwo(setup, coverage)).toBeGreaterThan(1);
    expect(compareToDepthTwo(mirrored(setup), coverage)).toBeGreaterThan(1);
  });

  it('reads the corner cases as the rules text does', () => {
    const keys = ([name, setup]: readonly [string, Setup], line: string[]): string[] => {
      let position = setup;
      for (const played of line) {
        const move = legalMoves(position).find((m) => moveKey(OMEGA, m) === played);
        if (!move) throw new Error(`${name}: ${played} is not legal`);
        position = play(position, move);
      }
      return referenceKeys(position);
    };
    const corner = (name: string): readonly [string, Setup] =>
      OMEGA_CORNERS.find(([n]) => n === name) as readonly [string, Setup];
    const epMoves = (list: string[]): string[] => list.filter((k) => k.includes(' ep '));
    expect(epMoves(keys(corner('en passant opening a rank'), ['e1-e4']))).toEqual(['d3-e2 ep xe4']);
    expect(epMoves(keys(corner('en passant removing the checker'), ['e1-e4']))).toEqual([
      'd3-e2 ep xe4',
      'f4-e3 ep xe4',
    ]);
    expect(epMoves(keys(corner('pinned pawn capturing along the pin'), ['e1-e4']))).toEqual([
      'd3-e2 ep xe4',
      'f4-e3 ep xe4',
    ]);
    const castles = (name: string): string[] => keys(corner(name), []).filter((k) => k.startsWith('castle'));
    expect(castles('castling past wizards')).toEqual(['castle f0-d0 rook b0-e0']);
    expect(castles('castling past champions')).toEqual(['castle f0-d0 rook b0-e0']);
    expect(castles('castling with c0 occupied')).toEqual(['castle f0-h0 rook i0-g0']);
    expect(castles('castling out of check')).toEqual([]);
  });

  it('offers the same moves in random placements, with long steps and castling rights', () => {
    const next = random(4242);
    const coverage = emptyCoverage();
    let compared = 0;
    let sampled = 0;
    while (sampled < 300) {
      const setup = randomOmegaSetup(next);
      if (!setup) continue;
      sampled++;
      compared += sampled % 4 === 0 ? compareToDepthTwo(setup, coverage) : compareToDepthOne(setup, coverage);
    }
    expect(compared).toBeGreaterThan(2000);
    for (const name of [
      'promotion',
      'enPassant',
      'tripleEnPassant',
      'kingSideCastle',
      'queenSideCastle',
      'visitorOnWizardSquare',
    ] as const) {
      expect(coverage[name], `${name}: ${JSON.stringify(coverage)}`).toBeGreaterThanOrEqual(10);
    }
  });

  // Deeper, the reference takes too long for the suite: a one-off run of referencePerft agreed
  // with the engine on 2,819,484 at depth 4 (6 s) and 124,736,946 at depth 5 (5 minutes).
  it('counts 40, 1600 and 67,202 move sequences from the start position', () => {
    const counts = [1, 2, 3].map((depth) => [perft(OMEGA_START, depth), referencePerft(OMEGA_START, depth)]);
    expect(counts).toEqual([
      [40, 40],
      [1600, 1600],
      [67202, 67202],
    ]);
  });

  it('offers the same set of moves at random positions and at every position one move later', () => {
    const coverage = emptyCoverage();
    let roots = 0;
    let compared = 0;
    let seed = 1000;
    for (const start of OMEGA_STARTS) {
      for (let game = 0; game < 2; game++) {
        for (const setup of randomPositions(start, seed++, 18)) {
          roots++;
          compared += compareToDepthTwo(setup, coverage);
        }
      }
    }
    expect(roots).toBeGreaterThanOrEqual(200);
    expect(compared).toBeGreaterThan(5000);
    for (const [name, count] of Object.entries(coverage))
      expect(count, `${name}: ${JSON.stringify(coverage)}`).toBeGreaterThanOrEqual(20);
  });
});

describe('reference rules agree with the engine on chess and Chess960 (a check of the reference)', () => {
  it('counts the published perft numbers', () => {
    // chessprogramming.org "Perft Results": start position 20 / 400 / 8902; Kiwipete 48 / 2039.
    const start = setupFromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    const kiwipete = setupFromFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    expect([1, 2, 3].map((d) => referencePerft(start, d))).toEqual([20, 400, 8902]);
    expect([1, 2].map((d) => referencePerft(kiwipete, d))).toEqual([48, 2039]);
  });

  it('offers the same set of moves at random positions and at every position one move later', () => {
    const fens = [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
      'rn2k1nr/PP6/8/8/8/8/6pp/RN2K1NR w KQkq - 0 1',
      'r3k3/1ppppppp/8/1P1P1P1P/p1p1p1p1/8/1PPPPPPP/4K2R w - - 0 1',
    ];
    const next = random(960);
    for (let i = 0; i < 5; i++) fens.push(chess960Fen(next));
    const coverage = emptyCoverage();
    let roots = 0;
    let compared = 0;
    let seed = 2000;
    for (const fen of fens) {
      for (const setup of randomPositions(setupFromFen(fen), seed++, 21)) {
        roots++;
        compared += compareToDepthTwo(setup, coverage);
      }
    }
    expect(roots).toBeGreaterThanOrEqual(200);
    expect(compared).toBeGreaterThan(4000);
    for (const name of ['promotion', 'enPassant', 'kingSideCastle', 'queenSideCastle'] as const) {
      expect(coverage[name], `${name}: ${JSON.stringify(coverage)}`).toBeGreaterThanOrEqual(20);
    }
  });
});
