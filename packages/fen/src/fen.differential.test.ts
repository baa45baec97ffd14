/**
 * Differential tests against chessops 0.15.1 and chess.js 1.4.0 (devDependencies): the same
 * positions written and read by both sides, single-character mutations of valid FENs accepted
 * or refused by both sides, and validation compared with chessops' `Position.fromSetup`.
 * Every disagreement must be one the README's decision table documents; each documented
 * difference is a small predicate below, so an undocumented one fails with its text.
 */
import {
  STANDARD,
  emptyPocket,
  legalMoves,
  piece,
  play,
  type Move,
  type Piece,
  type Pocket,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import { Chess as ChessJs } from 'chess.js';
import { Board as OpsBoard } from 'chessops/board';
import { Chess, IllegalSetup } from 'chessops/chess';
import { makeFen, parseFen as opsParseFen } from 'chessops/fen';
import { Material, MaterialSide, RemainingChecks, type Setup as OpsSetup } from 'chessops/setup';
import { SquareSet } from 'chessops/squareSet';
import type { Role as OpsRole } from 'chessops/types';
import { Crazyhouse, ThreeCheck } from 'chessops/variant';
import { describe, expect, test } from 'vitest';
import { enPassantCapturable, parseFen, validateSetup, writeFen, type ValidationProblem } from './index.js';

/** A small seeded generator (mulberry32), so a failure replays exactly. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

// --- conversions between our Setup and chessops' Setup (field by field, no FEN text) -------

const OPS_ROLES: readonly OpsRole[] = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

function toOps(setup: Setup): OpsSetup {
  const board = OpsBoard.empty();
  setup.board.pieces.forEach((p, square) => {
    if (p) board.set(square, { color: p.color, role: p.role as OpsRole, promoted: p.promoted });
  });
  const side = (pocket: Pocket): MaterialSide => {
    const material = MaterialSide.empty();
    for (const role of OPS_ROLES) material[role] = pocket[role];
    return material;
  };
  const checks = setup.remainingChecks;
  return {
    board,
    pockets: setup.pockets ? new Material(side(setup.pockets.white), side(setup.pockets.black)) : undefined,
    turn: setup.turn,
    castlingRights: setup.castlingRooks.reduce((set, square) => set.with(square), SquareSet.empty()),
    epSquare: setup.epSquares[0],
    remainingChecks: checks ? new RemainingChecks(checks.white, checks.black) : undefined,
    halfmoves: setup.halfmoves,
    fullmoves: setup.fullmoves,
  };
}

function fromOps(ops: OpsSetup): Setup {
  const pieces = new Array<Piece | undefined>(64).fill(undefined);
  for (const [square, p] of ops.board) pieces[square] = piece(p.color, p.role, p.promoted === true);
  const setup: { -readonly [K in keyof Setup]: Setup[K] } = {
    board: { geometry: STANDARD, pieces },
    turn: ops.turn,
    castlingRooks: [...ops.castlingRights],
    epSquares: ops.epSquare === undefined ? [] : [ops.epSquare],
    halfmoves: ops.halfmoves,
    fullmoves: ops.fullmoves,
  };
  const pocket = (side: MaterialSide): Pocket => {
    const held: { -readonly [R in keyof Pocket]: number } = emptyPocket();
    for (const role of OPS_ROLES) held[role] = side[role];
    return held;
  };
  if (ops.pockets) setup.pockets = { white: pocket(ops.pockets.white), black: pocket(ops.pockets.black) };
  if (ops.remainingChecks)
    setup.remainingChecks = { white: ops.remainingChecks.white, black: ops.remainingChecks.black };
  return setup;
}

/** chessops' position of the setup's variant (crazyhouse with pockets, three-check with counters). */
function opsPosition(setup: OpsSetup): ReturnType<typeof Chess.fromSetup> {
  if (setup.pockets) return Crazyhouse.fromSetup(setup) as ReturnType<typeof Chess.fromSetup>;
  if (setup.remainingChecks) return ThreeCheck.fromSetup(setup) as ReturnType<typeof Chess.fromSetup>;
  return Chess.fromSetup(setup);
}

function ours(text: string): Setup {
  const result = parseFen(text);
  if (!result.ok) throw new Error(`${text}: ${result.error.code} at ${result.error.offset}`);
  return result.value;
}

// --- 1. positions from random legal play ---------------------------------------------------

const STARTS: readonly { readonly name: string; readonly fen: string }[] = [
  { name: 'standard', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
  // Chess960 starting arrays (king between the rooks, bishops on both colours).
  { name: 'chess960 BBQNNRKR', fen: 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1' },
  { name: 'chess960 RKRNNQBB', fen: 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1' },
  { name: 'chess960 NRKBBRQN', fen: 'nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w FBfb - 0 1' },
  { name: 'chess960 QNRBKRBN', fen: 'qnrbkrbn/pppppppp/8/8/8/8/PPPPPPPP/QNRBKRBN w FCfc - 0 1' },
  { name: 'crazyhouse', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1' },
  { name: 'three-check', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1' },
];

/**
 * The setups of a seeded random game: captures, promotions and en passant are favoured, and
 * pawn double steps too, so that ep squares (legal or not), pockets and `~` come up often.
 */
function randomGame(start: Setup, next: () => number, plies: number): Setup[] {
  const setups = [start];
  let setup = start;
  for (let ply = 0; ply < plies; ply++) {
    const legal = legalMoves(setup);
    if (legal.length === 0) break;
    const pieces = setup.board.pieces;
    const favoured = legal.filter(
      (m: Move) =>
        m.kind === 'enPassant' ||
        (m.kind === 'normal' &&
          (pieces[m.to] !== undefined ||
            m.promotion !== undefined ||
            (pieces[m.from]?.role === 'pawn' && Math.abs(m.to - m.from) === 16))),
    );
    setup = play(setup, pick(next, next() < 0.5 && favoured.length > 0 ? favoured : legal));
    setups.push(setup);
  }
  return setups;
}

const GAMES_PER_START = 12;
const PLIES = 70;

/** Every position reached, by start, generated once for all the tests below. */
const PLAYED: readonly { readonly start: string; readonly setup: Setup }[] = /* @__PURE__ */ (() => {
  const next = random(0xf3e1);
  const out: { start: string; setup: Setup }[] = [];
  for (const { name, fen } of STARTS) {
    for (let game = 0; game < GAMES_PER_START; game++) {
      for (const setup of randomGame(ours(fen), next, PLIES)) out.push({ start: name, setup });
    }
  }
  return out;
})();

describe('positions from random play', () => {
  test('the games reach what they should exercise', () => {
    const texts = PLAYED.map(({ setup }) => writeFen(setup));
    const counts = {
      positions: PLAYED.length,
      epSquares: PLAYED.filter(({ setup }) => setup.epSquares.length > 0).length,
      legalEp: PLAYED.filter(({ setup }) => setup.epSquares.some((ep) => enPassantCapturable(setup, ep))).length,
      promoted: texts.filter((text) => text.includes('~')).length,
      pockets: texts.filter((text) => /\[[^\]]+\]/.test(text)).length,
      checksGiven: texts.filter((text) => / [0-2]\+\d | \d\+[0-2] /.test(text)).length,
    };
    console.log('fen differential, random play:', counts);
    expect(counts.positions).toBeGreaterThan(4000);
    expect(counts.epSquares).toBeGreaterThan(200);
    expect(counts.legalEp).toBeGreaterThan(20);
    expect(counts.promoted).toBeGreaterThan(20);
    expect(counts.pockets).toBeGreaterThan(200);
    expect(counts.checksGiven).toBeGreaterThan(100);
  });

  test('writeFen equals chessops makeFen of the same setup, and each reads the other back', () => {
    for (const { setup } of PLAYED) {
      const text = writeFen(setup);
      const opsSetup = toOps(setup);
      const theirs = makeFen(opsSetup);
      expect(text).toBe(theirs);
      // chessops reads our text into the same fields; we read chessops' text into the same setup.
      expect(fromOps(opsParseFen(text).unwrap())).toEqual(setup);
      expect(parseFen(theirs, { strict: true })).toEqual({ ok: true, value: setup });
    }
  });

  test('with epPolicy enPassantCapturable, writeFen equals chessops makeFen of the position (legal ep only)', () => {
    let written = 0;
    for (const { setup } of PLAYED) {
      const position = opsPosition(toOps(setup)).unwrap();
      const text = writeFen(setup, { epPolicy: enPassantCapturable });
      expect(text).toBe(makeFen(position.toSetup()));
      if (!text.includes(' - ') && setup.epSquares.length > 0) written++;
    }
    expect(written).toBeGreaterThan(20);
  });

  test('chess.js fen() equals writeFen with epPolicy enPassantCapturable (standard games)', () => {
    const standard = PLAYED.filter(({ start }) => start === 'standard');
    expect(standard.length).toBeGreaterThan(500);
    for (const { setup } of standard) {
      const text = writeFen(setup);
      expect(new ChessJs(text).fen()).toBe(writeFen(setup, { epPolicy: enPassantCapturable }));
    }
  });
});

// --- 2. single-character mutations of valid FENs ------------------------------------------

/** Characters of FENs, near misses and separators of every kind. */
const MUTATION_CHARS = 'PNBRQKpnbrqkCx012345678 9/~[]wbW-+_KQkqABCDEFGHabcdefgh. \t\n\r\f\v\u00a0\u2013\u2003e';

function mutate(text: string, next: () => number): string {
  const at = Math.floor(next() * (text.length + 1));
  const char = pick(next, [...MUTATION_CHARS]);
  const kind = next();
  if (kind < 0.45) return text.slice(0, at) + char + text.slice(at + 1); // replace
  if (kind < 0.8) return text.slice(0, at) + char + text.slice(at); // insert
  if (kind < 0.9) return text.slice(0, at) + text.slice(at + 1); // delete
  return text.slice(0, at) + text.charAt(at) + text.slice(at); // duplicate
}

/** Valid FENs in every form we and chessops both read. */
const BASES: readonly string[] = /* @__PURE__ */ (() => {
  const sample = PLAYED.filter((_, k) => k % 8 === 0).map(({ setup }) => writeFen(setup));
  return [
    ...sample,
    ...sample.filter((_, k) => k % 5 === 0).map((text) => text.replace(/ \d+ \d+$/, '')),
    ...sample.filter((_, k) => k % 7 === 0).map((text) => text.split(' ')[0] as string),
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2',
    'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1',
    '4k3/8/8/8/8/8/4K3/R6R w H - 0 1',
    'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4',
  ];
})();

/** Our field separators (README: space, tab, LF, CR, `_`); chessops splits on `/[\s_]+/`. */
const SEPARATOR = /[ \t\n\r_]/;
/** Whitespace that chessops takes as a separator and we do not (form feed, no-break space...). */
const OTHER_WHITESPACE = /[^\S \t\n\r]/;

interface Verdicts {
  readonly text: string;
  readonly ours: ReturnType<typeof parseFen>;
  readonly theirs: ReturnType<typeof opsParseFen>;
}

function verdicts(text: string): Verdicts {
  return { text, ours: parseFen(text), theirs: opsParseFen(text) };
}

/**
 * Whether both sides agree: both refuse, or both accept the same setup. Counters are
 * compared as chessops keeps them (it reads fullmove 0 as 1 too, so no exception is needed).
 */
function agree({ ours, theirs }: Verdicts): boolean {
  if (!ours.ok || theirs.isErr) return !ours.ok && theirs.isErr;
  expect(fromOps(theirs.value), 'both accept, so both read the same setup').toEqual({
    ...ours.value,
    castlingRooks: [...ours.value.castlingRooks],
    epSquares: [...ours.value.epSquares],
  });
  return true;
}

/**
 * The documented differences, each with the decision-table row that states it: a predicate
 * that holds when the row explains the disagreement. A row that rewrites the text explains it
 * only if the sides agree (or are explained again) on the rewritten text.
 */
const DOCUMENTED: readonly { readonly row: string; readonly explains: (v: Verdicts) => boolean }[] = [
  {
    row: 'other whitespace (form feed, vertical tab, no-break and other Unicode spaces)',
    explains: ({ text }) =>
      OTHER_WHITESPACE.test(text) && explained(verdicts(text.replace(new RegExp(OTHER_WHITESPACE, 'g'), ' '))),
  },
  {
    row: 'adjacent digits',
    explains: ({ text, ours, theirs }) =>
      !ours.ok && ours.error.code === 'board-digits' && /[0-9]/.test(text.charAt(ours.error.offset - 1)) && theirs.isOk,
  },
  {
    row: 'ep square on the wrong rank',
    explains: ({ ours, theirs }) => !ours.ok && ours.error.code === 'ep-rank' && theirs.isOk,
  },
  {
    row: 'leading space',
    explains: ({ text, ours }) =>
      ours.ok && SEPARATOR.test(text.charAt(0)) && explained(verdicts(text.replace(/^[ \t\n\r_]+/, ''))),
  },
  {
    row: 'trailing space or newline',
    explains: ({ text, ours }) =>
      ours.ok && SEPARATOR.test(text.charAt(text.length - 1)) && explained(verdicts(text.replace(/[ \t\n\r_]+$/, ''))),
  },
  {
    row: 'en dash',
    explains: ({ text, ours }) =>
      ours.ok && text.includes('\u2013') && explained(verdicts(text.replace(/\u2013/g, '-'))),
  },
  {
    row: 'leading zeros (any number: the value is bounded, not the length)',
    explains: ({ text, ours, theirs }) => ours.ok && theirs.isErr && /(^|[ \t\n\r_])0\d{4}/.test(text),
  },
  {
    row: 'a promoted pawn',
    explains: ({ text, ours, theirs }) =>
      !ours.ok &&
      ours.error.code === 'promoted-marker' &&
      /[Pp]/.test(text.charAt(ours.error.offset - 1)) &&
      theirs.isOk,
  },
  {
    row: 'three-check, fifth field in the given form or with leading zeros',
    explains: ({ text, ours, theirs }) => {
      if (ours.ok || ours.error.code !== 'checks' || theirs.isErr) return false;
      // chessops reads `+W+B` in the fifth field as checks given, and `03+3` as 3+3.
      const fields = text.split(/[\s_]+/);
      return fields.length > 4 && /^(\+\d+\+\d+|0\d*\+\d+|\d+\+0\d+)$/.test(fields[4] as string);
    },
  },
];

function explained(v: Verdicts): boolean {
  return agree(v) || DOCUMENTED.some(({ explains }) => explains(v));
}

describe('mutations of valid FENs', () => {
  test('every disagreement with chessops is a documented difference', () => {
    const next = random(0x5eed);
    const tally = new Map<string, number>();
    const unexplained: string[] = [];
    let compared = 0;
    for (const base of BASES) {
      for (let k = 0; k < 20; k++) {
        const v = verdicts(mutate(base, next));
        compared++;
        if (agree(v)) continue;
        const row = DOCUMENTED.find(({ explains }) => explains(v))?.row;
        if (row === undefined) {
          const ours = v.ours.ok ? 'ok' : `${v.ours.error.code} at ${v.ours.error.offset}`;
          unexplained.push(
            `${JSON.stringify(v.text)}: ours ${ours}, chessops ${v.theirs.isOk ? 'ok' : v.theirs.error.message}`,
          );
        } else tally.set(row, (tally.get(row) ?? 0) + 1);
      }
    }
    console.log(`fen differential, mutations: ${compared} compared, disagreements by row:`, Object.fromEntries(tally));
    expect(unexplained).toEqual([]);
    expect(compared).toBeGreaterThan(15000);
  });
});

describe('the decision-table rows that state a difference from chessops', () => {
  const S = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';
  test.each([
    // [input, our outcome (code at offset, or ok), chessops accepts]
    ['rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1', 'board-digits at 19', true],
    [`${S} w KQkq e3 0 1`, 'ep-rank at 52', true],
    [` ${S} w KQkq - 0 1`, 'ok', false],
    [`${S} w KQkq - 0 1\n`, 'ok', false],
    [`${S} w \u2013 - 0 1`, 'ok', false],
    [`${S}\fw KQkq - 0 1`, 'board-char at 43', true],
    [`${S}\u00a0w KQkq - 0 1`, 'board-char at 43', true],
    [`${S} w KQkq - 00000 1`, 'ok', false],
    [`${S} w KQkq - +1+2 0 1`, 'checks at 53', true],
    [`${S} w KQkq - 03+3 0 1`, 'checks at 54', true],
    ['4k3/8/8/5p~2/5K2/8/8/8 w - - 0 1', 'promoted-marker at 10', true],
  ])('%j: ours %s, chessops accepts: %s', (text, outcome, chessopsAccepts) => {
    const result = parseFen(text);
    expect(result.ok ? 'ok' : `${result.error.code} at ${result.error.offset}`).toBe(outcome);
    expect(opsParseFen(text).isOk).toBe(chessopsAccepts);
  });
});

// --- 3. validateSetup vs chessops' Position.fromSetup ----------------------------------------

/**
 * chessops' refusals (it reports the first of Empty, Kings, OppositeCheck, PawnsOnBackrank,
 * then the variant's) and the problems of ours that mean the same; we report every problem,
 * so a refusal needs at least one of its problems in our list:
 * - Empty (no piece at all): both kings missing.
 * - Kings (not exactly one king per colour on the board): a king missing or too many.
 * - OppositeCheck: `opposite-check`.
 * - PawnsOnBackrank: `pawns-on-back-rank`.
 * - Variant, crazyhouse only (a king in a pocket, or more than 64 pieces on the board and in
 *   the pockets): `*-kings-too-many` (a pocket king is a second king of its holder) or
 *   `*-too-many-pieces` (more than 32 of a colour on the board and in its pocket).
 * Conversely, each problem of ours in this list means chessops must refuse; and when
 * chessops accepts, its castling rights and ep square are ours exactly when we report no
 * `castling-rights` / `ep-square` (chessops drops what it cannot use), except that chessops
 * does not require the ep square itself to be empty (our validation table does).
 */
const REFUSAL_PROBLEMS: Record<string, readonly ValidationProblem[]> = {
  [IllegalSetup.Empty]: ['white-king-missing', 'black-king-missing'],
  [IllegalSetup.Kings]: ['white-king-missing', 'black-king-missing', 'white-kings-too-many', 'black-kings-too-many'],
  [IllegalSetup.OppositeCheck]: ['opposite-check'],
  [IllegalSetup.PawnsOnBackrank]: ['pawns-on-back-rank'],
  [IllegalSetup.Variant]: [
    'white-kings-too-many',
    'black-kings-too-many',
    'white-too-many-pieces',
    'black-too-many-pieces',
  ],
};
/** Problems of ours that chessops refuses a setup for. */
const REFUSED_FOR: readonly ValidationProblem[] = [
  'white-king-missing',
  'black-king-missing',
  'white-kings-too-many',
  'black-kings-too-many',
  'pawns-on-back-rank',
  'opposite-check',
];

const ALL_PIECES: readonly Piece[] = /* @__PURE__ */ (['white', 'black'] as const).flatMap((color) =>
  OPS_ROLES.map((role) => piece(color, role)),
);

/** A random placement: 0-3 kings a colour (mostly one), up to 24 other pieces anywhere. */
function randomSetup(next: () => number): Setup {
  const pieces = new Array<Piece | undefined>(64).fill(undefined);
  for (const color of ['white', 'black'] as const) {
    const kings = pick(next, [0, 1, 1, 1, 1, 1, 2, 3]);
    for (let k = 0; k < kings; k++) pieces[Math.floor(next() * 64)] = piece(color, 'king');
  }
  const others = Math.floor(next() * 25);
  for (let k = 0; k < others; k++)
    pieces[Math.floor(next() * 64)] = pick(
      next,
      ALL_PIECES.filter((p) => p.role !== 'king'),
    );
  const turn = next() < 0.5 ? 'white' : 'black';
  const epSquares: Square[] = [];
  if (next() < 0.3) {
    const ep = (turn === 'white' ? 40 : 16) + Math.floor(next() * 8);
    epSquares.push(ep);
    if (next() < 0.6) pieces[ep + (turn === 'white' ? -8 : 8)] = piece(turn === 'white' ? 'black' : 'white', 'pawn');
  }
  // Up to two rights a colour (as FEN holds them), mostly on the corners.
  const rights = new Set<Square>();
  for (const base of [0, 56])
    for (let k = 0; k < 2; k++) if (next() < 0.4) rights.add(base + pick(next, [0, 7, 0, 7, 2, 5]));
  const castlingRooks = [...rights].sort((a, b) => a - b);
  return { board: { geometry: STANDARD, pieces }, turn, castlingRooks, epSquares, halfmoves: 0, fullmoves: 1 };
}

/** One or two changes to a reached position: a piece moved, removed or added, the turn, a pocket. */
function mutateSetup(setup: Setup, next: () => number): Setup {
  const pieces = setup.board.pieces.slice();
  let turn = setup.turn;
  let pockets = setup.pockets;
  const changes = next() < 0.7 ? 1 : 2;
  for (let k = 0; k < changes; k++) {
    const occupied = pieces.flatMap((p, square) => (p ? [square] : []));
    const kind = next();
    if (kind < 0.35) {
      const from = pick(next, occupied);
      pieces[Math.floor(next() * 64)] = pieces[from];
      pieces[from] = undefined;
    } else if (kind < 0.5) pieces[pick(next, occupied)] = undefined;
    else if (kind < 0.75) pieces[Math.floor(next() * 64)] = pick(next, ALL_PIECES);
    else if (kind < 0.9 || !pockets) turn = turn === 'white' ? 'black' : 'white';
    else {
      const color = next() < 0.5 ? 'white' : 'black';
      const pocket = { ...pockets[color] };
      if (next() < 0.5) pocket.king++;
      else pocket.queen += 40;
      pockets = color === 'white' ? { white: pocket, black: pockets.black } : { white: pockets.white, black: pocket };
    }
  }
  const mutated: { -readonly [K in keyof Setup]: Setup[K] } = { ...setup, board: { geometry: STANDARD, pieces }, turn };
  if (pockets) mutated.pockets = pockets;
  return mutated;
}

describe('validateSetup vs chessops fromSetup', () => {
  test('refusals map onto our problems, both ways; accepted rights and ep squares agree', () => {
    const next = random(0xa11d);
    const setups = [
      ...Array.from({ length: 3000 }, () => randomSetup(next)),
      ...PLAYED.filter((_, k) => k % 2 === 0).map(({ setup }) => mutateSetup(setup, next)),
      ...Array.from({ length: 10 }, () => ({
        ...randomSetup(next),
        board: { geometry: STANDARD, pieces: new Array<undefined>(64).fill(undefined) },
      })),
    ];
    const tally: Record<string, number> = {};
    for (const setup of setups) {
      const problems = validateSetup(setup);
      const ops = toOps(setup);
      const result = opsPosition(ops);
      const context = `${makeFen(ops)}: ours ${JSON.stringify(problems)}, chessops ${result.isErr ? result.error.message : 'ok'}`;
      if (result.isErr) {
        const kind = result.error.message;
        tally[kind] = (tally[kind] ?? 0) + 1;
        const expected = REFUSAL_PROBLEMS[kind] ?? [];
        if (kind === IllegalSetup.Empty) expect(problems, context).toEqual(expect.arrayContaining([...expected]));
        else
          expect(
            problems.some((problem) => expected.includes(problem)),
            context,
          ).toBe(true);
      } else {
        tally.ok = (tally.ok ?? 0) + 1;
        expect(
          problems.filter((problem) => REFUSED_FOR.includes(problem)),
          context,
        ).toEqual([]);
        const position = result.value;
        const keptRights = [...position.castles.castlingRights].sort((a, b) => a - b);
        expect(problems.includes('castling-rights'), context).toBe(keptRights.join() !== setup.castlingRooks.join());
        const ep = setup.epSquares[0];
        if (ep !== undefined) {
          const epOccupied = setup.board.pieces[ep] !== undefined;
          expect(problems.includes('ep-square'), context).toBe(position.epSquare === undefined || epOccupied);
        }
      }
    }
    console.log(`fen differential, validation: ${setups.length} setups, chessops verdicts:`, tally);
    for (const kind of [
      IllegalSetup.Empty,
      IllegalSetup.Kings,
      IllegalSetup.OppositeCheck,
      IllegalSetup.PawnsOnBackrank,
      IllegalSetup.Variant,
    ]) {
      expect(tally[kind], kind).toBeGreaterThan(5);
    }
    expect(tally.ok).toBeGreaterThan(1000);
  });

  test.each([
    // A king in a pocket: chessops refuses it as Kings, we as a second king of its holder.
    ['r3k2r/8/8/8/8/8/8/R3K2R[k] w KQkq - 0 1', ['black-kings-too-many'], IllegalSetup.Kings],
    ['r3k2r/8/8/8/8/8/8/R3K2R[Kq] w KQkq - 0 1', ['white-kings-too-many'], IllegalSetup.Kings],
    // 32 on the board and 33 in pockets: chessops refuses more than 64 (Variant), we more than 32 of a colour.
    [
      `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[${'Q'.repeat(17)}${'q'.repeat(16)}] w KQkq - 0 1`,
      ['white-too-many-pieces'],
      IllegalSetup.Variant,
    ],
    // 16 a side on the board and 16 in each pocket: 32 a colour, as many as a game can have.
    [`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[${'Q'.repeat(16)}${'q'.repeat(16)}] w KQkq - 0 1`, [], undefined],
  ])('crazyhouse: %s', (text, problems, refusal) => {
    expect(validateSetup(ours(text))).toEqual(problems);
    const result = Crazyhouse.fromSetup(opsParseFen(text).unwrap());
    expect(result.isErr ? result.error.message : undefined).toBe(refusal);
  });
});
