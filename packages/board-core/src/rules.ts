/**
 * The rules of chess and its variants (`VARIANTS`: Chess960, crazyhouse drops, three-check
 * counting, Omega chess, king of the hill, atomic explosions, racing kings) over the persistent `Setup`: which moves are legal, what a move does, and how a game ends.
 * The work is done by a mutable engine that never escapes this module.
 */
import { isCheck } from './attacks.js';
import { Engine, compile } from './engine.js';
import { isSquare, squareAt, squareX, squareY, type Square } from './geometry.js';
import type { Move } from './move.js';
import { nextOmegaAdvanced } from './omega-advanced.js';
import { piece, type Piece } from './piece.js';
import { incremented as increment, type Pocket, type Setup } from './setup.js';
import type { RulesSpec } from './variant.js';
import { variantOf } from './variants/lookup.js';
import { opposite, type ByColor, type Color, type Role } from './vocabulary.js';

// One engine per rules, reused by every call: the calls are synchronous and load the
// position afresh, so sharing is safe and saves the allocations.
const engines = /* @__PURE__ */ new WeakMap<RulesSpec, Engine>();

/** The engine for the setup's variant (`variantOf`), loaded with the setup and the variant's hooks. */
export function engineFor(setup: Setup): Engine {
  const rules = variantOf(setup).rules;
  const spec = rules.spec;
  let engine = engines.get(spec);
  if (!engine) {
    compile(spec);
    engine = new Engine(spec);
    engines.set(spec, engine);
  }
  return engine.load(setup, rules);
}

/**
 * Every legal move of the side to move: pieces in square order, then en passant, drops,
 * king moves and castling. Castling is by rook square, so Chess960 works unchanged.
 *
 * @example
 * ```ts
 * import { legalMoves, standardSetup, writeSan } from '@chess-formats/board-core';
 * const setup = standardSetup();
 * console.log(legalMoves(setup).map((move) => writeSan(setup, move)).join(' ')); // → ... Nf3 ... e4 ...
 * ```
 */
export function legalMoves(setup: Setup): Move[] {
  const engine = engineFor(setup);
  const end = engine.generate(0);
  const moves: Move[] = [];
  for (let i = 0; i < end; i++) moves.push(engine.toMove(engine.moves[i] as number));
  return moves;
}

/** Whether `move` is one of `legalMoves(setup)` (castles must name the right destinations). */
export function isLegal(setup: Setup, move: Move): boolean {
  const engine = engineFor(setup);
  const code = engine.encode(move);
  if (code < 0) return false;
  const end = engine.generate(0);
  for (let i = 0; i < end; i++) if (engine.moves[i] === code) return true;
  return false;
}

/**
 * The deepest `perft` accepted. The count is exact only below 2^53, which no position reaches
 * much past depth 12, and each ply takes a frame of the call stack; a deeper request is a
 * mistake, reported as such instead of as a stack overflow.
 */
export const MAX_PERFT_DEPTH = 1000;

/** The number of move sequences `depth` plies long from `setup` (the standard test of a move generator). */
export function perft(setup: Setup, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_PERFT_DEPTH) {
    throw new RangeError(`perft: depth ${depth} is not a whole number of plies from 0 to ${MAX_PERFT_DEPTH}`);
  }
  return engineFor(setup).perft(depth);
}

/**
 * The side to move is in check and has no legal move (and the game did not end before by the
 * variant's own rule: in three-check, a side with no checks left has already won).
 */
export function isCheckmate(setup: Setup): boolean {
  const engine = engineFor(setup);
  return !engine.variantEnded() && engine.generate(0) === 0 && engine.inCheck() && !mayWait(engine, setup);
}

/**
 * The side to move is not in check and has no legal move (and the game did not end before).
 * A side with no piece left is not stalemated: it has lost them all (antichess, horde), or its
 * king was taken; `outcome` says what that means in its variant.
 */
export function isStalemate(setup: Setup): boolean {
  const engine = engineFor(setup);
  return (
    !engine.variantEnded() &&
    engine.generate(0) === 0 &&
    !engine.inCheck() &&
    engine.pieceCount(setup.turn) > 0 &&
    !mayWait(engine, setup)
  );
}

/**
 * Whether the variant lets a side without a legal move wait for one (bughouse: a drop may
 * still come): asked last, as it may load the shared engine again.
 */
function mayWait(engine: Engine, setup: Setup): boolean {
  const hook = engine.variant?.mayWait;
  return hook !== undefined && hook(setup);
}

/** Whether a castling right (by rook square) belongs to White: it lies on White's half of the board. */
function isWhiteCastlingSquare(setup: Setup, square: Square): boolean {
  const { width, height } = setup.board.geometry;
  return Math.floor(square / width) < height / 2;
}

function withoutSquares(squares: readonly Square[], a: Square, b: Square): readonly Square[] {
  return squares.includes(a) || squares.includes(b) ? squares.filter((s) => s !== a && s !== b) : squares;
}

/** A move naming a cell that is not a square is a programmer error, not a server's decision. */
function assertSquares(setup: Setup, move: Move): void {
  const { geometry } = setup.board;
  const squares =
    move.kind === 'drop'
      ? [move.to]
      : move.kind === 'enPassant'
        ? [move.from, move.to, move.captured]
        : move.kind === 'castle'
          ? [move.from, move.to, move.rook, move.rookTo]
          : [move.from, move.to];
  for (const square of squares) {
    if (!Number.isInteger(square) || !isSquare(geometry, square)) {
      throw new RangeError(`play: ${String(square)} is not a square of the ${geometry.name} board`);
    }
  }
}

/**
 * Atomic's explosion of a capture on `to`, done on `pieces`: the capturing piece and every
 * piece but a pawn on the squares around go. Returns the castling rights left: an exploded
 * rook takes its own, an exploded king its side's.
 */
function explode(
  setup: Setup,
  pieces: (Piece | undefined)[],
  to: Square,
  rights: readonly Square[],
): readonly Square[] {
  const { geometry } = setup.board;
  const x = squareX(geometry, to);
  const y = squareY(geometry, to);
  pieces[to] = undefined;
  let left = rights;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const square = squareAt(geometry, x + dx, y + dy);
      const p = square === undefined ? undefined : pieces[square];
      if (square === undefined || !p || p.role === 'pawn') continue;
      pieces[square] = undefined;
      if (p.role === 'rook') left = left.filter((s) => s !== square);
      else if (p.role === 'king') left = left.filter((s) => isWhiteCastlingSquare(setup, s) !== (p.color === 'white'));
    }
  }
  return left;
}

/**
 * The position after `move`, without checking that it is legal (a server is authoritative
 * about its own games). The given setup is not changed. See the README for the decisions:
 * en passant squares are always recorded after a long pawn step, a pawn drop resets the
 * half-move clock as a pawn move does, and captured promoted pieces go to the pocket as pawns.
 * The Omega Chess Advanced state, when the setup has one, records the role of the piece moved
 * as the mover's last-moved piece and loses the guarding rights whose queen or rook left its
 * start square or was captured there; fools in hand are kept.
 *
 * @example
 * ```ts
 * import { parseSan, play, standardSetup, unwrap } from '@chess-formats/board-core';
 * const start = standardSetup();
 * const after = play(start, unwrap(parseSan(start, 'e4')));
 * console.log(after.turn, after.epSquares.length, start.turn); // → black 1 white
 * ```
 */
export function play(setup: Setup, move: Move): Setup {
  const { geometry } = setup.board;
  assertSquares(setup, move);
  const width = geometry.width;
  const pieces = setup.board.pieces.slice();
  const turn = setup.turn;
  const hasPockets = setup.pockets !== undefined;
  let halfmoves = increment(setup.halfmoves);
  let castlingRooks = setup.castlingRooks;
  let epSquares: readonly Square[] = [];
  let captured: Piece | undefined;
  let dropped: Piece | undefined;
  // The role of the piece the move lifts (the king for castling): Omega Chess Advanced's last-moved letter.
  const moved: Role | undefined = move.kind === 'drop' ? move.role : pieces[move.from]?.role;
  const dropOwnCastling = (): void => {
    const white = turn === 'white';
    castlingRooks = castlingRooks.filter((s) => isWhiteCastlingSquare(setup, s) !== white);
  };

  switch (move.kind) {
    case 'normal': {
      const moving = pieces[move.from];
      captured = pieces[move.to];
      pieces[move.from] = undefined;
      let placed = moving;
      if (moving?.role === 'pawn') {
        halfmoves = 0;
        if (move.promotion !== undefined) placed = piece(turn, move.promotion, hasPockets);
        const ranks = Math.floor(move.to / width) - Math.floor(move.from / width);
        // A long step from the pawn's own first rank (horde) leaves no en passant square, as
        // chessops and python-chess have it; in other games no pawn stands there.
        const fieldRows = geometry.fieldRanks;
        const firstRow = turn === 'white' ? fieldRows[0] : fieldRows[fieldRows.length - 1];
        if (
          move.to % width === move.from % width &&
          Math.abs(ranks) >= 2 &&
          Math.floor(move.from / width) !== firstRow
        ) {
          const step = Math.sign(ranks) * width;
          const passed: Square[] = [];
          for (let s = move.from + step; s !== move.to; s += step) passed.push(s);
          epSquares = passed.sort((a, b) => a - b);
        }
      } else if (moving?.role === 'king') dropOwnCastling();
      castlingRooks = withoutSquares(castlingRooks, move.from, move.to);
      pieces[move.to] = placed;
      break;
    }
    case 'enPassant': {
      captured = pieces[move.captured];
      pieces[move.captured] = undefined;
      pieces[move.to] = pieces[move.from];
      pieces[move.from] = undefined;
      halfmoves = 0;
      break;
    }
    case 'castle': {
      const king = pieces[move.from];
      const rook = pieces[move.rook];
      // King and rook may swap squares or stay put in Chess960: lift both, then place both.
      pieces[move.from] = undefined;
      pieces[move.rook] = undefined;
      pieces[move.to] = king;
      pieces[move.rookTo] = rook;
      dropOwnCastling();
      break;
    }
    case 'drop': {
      dropped = piece(turn, move.role);
      pieces[move.to] = dropped;
      if (move.role === 'pawn') halfmoves = 0;
      break;
    }
  }
  if (captured) {
    halfmoves = 0;
    if (variantOf(setup).rules.explosions) castlingRooks = explode(setup, pieces, move.to, castlingRooks);
  }

  let pockets: ByColor<Pocket> | undefined;
  if (setup.pockets) {
    // Fresh pockets (and lists below): the result shares nothing mutable with its input.
    const own: { -readonly [R in keyof Pocket]: number } = { ...setup.pockets[turn] };
    if (dropped) own[dropped.role] = Math.max(0, own[dropped.role] - 1);
    // In bughouse the captured piece goes to the partner's board, not to the captor.
    if (captured && variantOf(setup).rules.captures !== 'partner')
      own[captured.promoted && captured.role !== 'pawn' ? 'pawn' : captured.role]++;
    const other = { ...setup.pockets[opposite(turn)] };
    pockets = turn === 'white' ? { white: own, black: other } : { white: other, black: own };
  }

  const next: { -readonly [K in keyof Setup]: Setup[K] } = {
    board: { geometry, pieces },
    turn: opposite(turn),
    castlingRooks: castlingRooks === setup.castlingRooks ? castlingRooks.slice() : castlingRooks,
    epSquares,
    halfmoves,
    fullmoves: turn === 'black' ? increment(setup.fullmoves) : setup.fullmoves,
  };
  if (pockets) next.pockets = pockets;
  if (setup.remainingChecks) {
    const checks: { -readonly [C in Color]: number } = { ...setup.remainingChecks };
    if (isCheck(next)) checks[turn] = Math.max(0, checks[turn] - 1);
    next.remainingChecks = checks;
  }
  if (setup.variant !== undefined) next.variant = setup.variant;
  if (setup.omegaAdvanced)
    next.omegaAdvanced = nextOmegaAdvanced(setup.omegaAdvanced, geometry.name === 'omega', turn, move, moved);
  return next;
}
