/**
 * Test-only: a deliberately slow, simple move generator written from the rules text (FIDE
 * Laws articles 3 and the Chess960 appendix for chess; the notation notes, section 3, for
 * Omega chess: official rules at omegachess.com/rules), NOT from the engine. It shares with
 * the engine only what is independent of it: the `MOVEMENT` table, the geometry (`squareAt`,
 * square names), `play` (which makes a move without judging it) and `attacks.ts`.
 *
 * Every place where the rules text leaves a choice is marked DECISION with the reason.
 */
import { isAttacked, kingSquares } from '../attacks.js';
import { parseSquare, squareAt, squareName, type Geometry, type Square } from '../geometry.js';
import type { Move } from '../move.js';
import { MOVEMENT } from '../movement.js';
import { play } from '../rules.js';
import type { Setup } from '../setup.js';
import { opposite, type ByColor, type Color, type Role } from '../vocabulary.js';

/** The rules of one game, as the rules text words them: square and rank NAMES, not indexes. */
interface GameText {
  /** The rank (as written in square names) a pawn stands on before its first move. */
  readonly pawnHomeRank: ByColor<string>;
  /** How many squares a pawn may advance on its first move. */
  readonly firstStepUpTo: number;
  /** The rank (as written in square names) on which a pawn promotes. */
  readonly lastRank: ByColor<string>;
  readonly promotionRoles: readonly Role[];
  /** Where king and rook land, by the side castled to (`king` side: the rook is on the king's right). */
  readonly castled: ByColor<{ readonly kingSide: Landing; readonly queenSide: Landing }>;
}

interface Landing {
  readonly king: string;
  readonly rook: string;
}

/**
 * Chess (FIDE Laws 3.7 pawns, 3.8.2 castling: king to g1/c1, rook to f1/d1; the Chess960
 * appendix keeps these landing squares for any start array).
 */
const CHESS: GameText = {
  pawnHomeRank: { white: '2', black: '7' },
  firstStepUpTo: 2,
  lastRank: { white: '8', black: '1' },
  promotionRoles: ['queen', 'rook', 'bishop', 'knight'],
  castled: {
    white: { kingSide: { king: 'g1', rook: 'f1' }, queenSide: { king: 'c1', rook: 'd1' } },
    black: { kingSide: { king: 'g8', rook: 'f8' }, queenSide: { king: 'c8', rook: 'd8' } },
  },
};

/**
 * Omega chess (notes 3.2-3.5): pawns start on ranks 1 and 8 and may step one, two or three
 * squares first; they promote on rank 9 (White) or 0 (Black) to Q, R, B, N, C or W; castling
 * is f0->h0 with i0->g0 and f0->d0 with b0->e0 (black f9->h9 / i9->g9, f9->d9 / b9->e9).
 */
const OMEGA_CHESS: GameText = {
  pawnHomeRank: { white: '1', black: '8' },
  firstStepUpTo: 3,
  lastRank: { white: '9', black: '0' },
  promotionRoles: ['queen', 'rook', 'bishop', 'knight', 'champion', 'wizard'],
  castled: {
    white: { kingSide: { king: 'h0', rook: 'g0' }, queenSide: { king: 'd0', rook: 'e0' } },
    black: { kingSide: { king: 'h9', rook: 'g9' }, queenSide: { king: 'd9', rook: 'e9' } },
  },
};

function gameText(geometry: Geometry): GameText {
  return geometry.name === 'omega' ? OMEGA_CHESS : CHESS;
}

/** The rank of a field square as its name writes it, or undefined for a wizard square. */
function rankName(geometry: Geometry, square: Square): string | undefined {
  const name = squareName(geometry, square);
  // Omega's wizard squares are named w1..w4, which are not ranks (notes 3.1).
  return geometry.name === 'omega' && name.startsWith('w') ? undefined : name.slice(1);
}

function named(geometry: Geometry, name: string): Square {
  const square = parseSquare(geometry, name);
  if (square === undefined) throw new Error(`reference rules: no square ${name} on the ${geometry.name} board`);
  return square;
}

const xOf = (geometry: Geometry, square: Square): number => square % geometry.width;
const yOf = (geometry: Geometry, square: Square): number => Math.floor(square / geometry.width);

/** Moves that follow the movement of the pieces, before asking whether the own king is safe. */
export function pseudoLegalMoves(setup: Setup): Move[] {
  const { board, turn } = setup;
  const { geometry, pieces } = board;
  const text = gameText(geometry);
  const moves: Move[] = [];
  const ownAt = (square: Square): boolean => pieces[square]?.color === turn;
  const enemyAt = (square: Square): boolean => pieces[square] !== undefined && pieces[square]?.color !== turn;

  pieces.forEach((p, from) => {
    if (!p || p.color !== turn) return;
    const x = xOf(geometry, from);
    const y = yOf(geometry, from);
    if (p.role === 'pawn') {
      pawnMoves(setup, text, from, moves);
      return;
    }
    const { leaps, slides } = MOVEMENT[p.role];
    for (const [dx, dy] of leaps) {
      const to = squareAt(geometry, x + dx, y + dy);
      if (to !== undefined && !ownAt(to)) moves.push({ kind: 'normal', from, to });
    }
    for (const [dx, dy] of slides) {
      for (let step = 1; ; step++) {
        const to = squareAt(geometry, x + dx * step, y + dy * step);
        // A hole ends a line like the edge of the board does (notes 3.1: no square there).
        if (to === undefined || ownAt(to)) break;
        moves.push({ kind: 'normal', from, to });
        if (enemyAt(to)) break;
      }
    }
  });
  castlingMoves(setup, text, moves);
  return moves;
}

function pawnMoves(setup: Setup, text: GameText, from: Square, moves: Move[]): void {
  const { board, turn } = setup;
  const { geometry, pieces } = board;
  const x = xOf(geometry, from);
  const y = yOf(geometry, from);
  // White's pawns go toward Black (grid rows upward), Black's downward.
  const forward = turn === 'white' ? 1 : -1;
  const addWithPromotion = (to: Square): void => {
    if (rankName(geometry, to) === text.lastRank[turn]) {
      for (const role of text.promotionRoles) moves.push({ kind: 'normal', from, to, promotion: role });
    } else moves.push({ kind: 'normal', from, to });
  };

  // DECISION (notes 3.4 "all squares passed must be empty"): a step of n squares needs all n
  // squares empty, so with the second square empty and the third occupied the pawn may step
  // one or two squares but not three, and nothing can be jumped. Only a pawn on its own side's
  // home rank has the long step: a white pawn on rank 8 (Black's home rank) steps one square.
  const longest = rankName(geometry, from) === text.pawnHomeRank[turn] ? text.firstStepUpTo : 1;
  for (let n = 1; n <= longest; n++) {
    const to = squareAt(geometry, x, y + forward * n);
    if (to === undefined || pieces[to] !== undefined) break;
    addWithPromotion(to);
  }

  for (const dx of [-1, 1]) {
    const to = squareAt(geometry, x + dx, y + forward);
    if (to === undefined) continue;
    const target = pieces[to];
    if (target) {
      if (target.color !== turn) addWithPromotion(to);
      continue;
    }
    if (!setup.epSquares.includes(to)) continue;
    // En passant (FIDE 3.7.4.1; notes 3.4 "to either vacant square through which the pawn
    // moved"): the pawn that just moved stands one step beyond the farthest square it passed.
    // DECISION: the capturer need not stand beside that pawn. After e1-e4 a black pawn on d3
    // takes on e2 and removes the pawn from e4, diagonally behind it (notes 3.4, as vchess).
    // DECISION: the capture needs an enemy pawn on that square; an en passant square with no
    // such pawn (a setup written by hand) offers no capture, as in FIDE chess.
    const victim = justMovedPawn(setup, to);
    if (victim !== undefined) moves.push({ kind: 'enPassant', from, to, captured: victim });
  }
}

/** The square of the enemy pawn that passed over `epSquare` on the last move, if there is one. */
function justMovedPawn(setup: Setup, epSquare: Square): Square | undefined {
  const { geometry, pieces } = setup.board;
  const enemy = opposite(setup.turn);
  const theirForward = enemy === 'white' ? 1 : -1;
  const x = xOf(geometry, epSquare);
  // The passed squares are in one file; the pawn is one step past the farthest of them.
  const rows = setup.epSquares.filter((s) => xOf(geometry, s) === x).map((s) => yOf(geometry, s));
  const farthest = theirForward > 0 ? Math.max(...rows) : Math.min(...rows);
  const square = squareAt(geometry, x, farthest + theirForward);
  if (square === undefined) return undefined;
  const p = pieces[square];
  return p && p.color === enemy && p.role === 'pawn' ? square : undefined;
}

/**
 * Castling (FIDE 3.8.2; Chess960 appendix; notes 3.5 "normal chess conditions"). The right is
 * a rook square in `castlingRooks` (the king and that rook have not moved).
 */
function castlingMoves(setup: Setup, text: GameText, moves: Move[]): void {
  const { board, turn } = setup;
  const { geometry, pieces } = board;
  const enemy = opposite(turn);
  const king = kingSquares(board, turn)[0];
  if (king === undefined) return;
  // "The king is not in check" (FIDE 3.8.2.2).
  if (isAttacked(board, king, enemy)) return;
  for (const rook of setup.castlingRooks) {
    const rookPiece = pieces[rook];
    // DECISION: a right is used only by an own rook standing on the king's rank (a right of
    // the other side, or a right whose rook is gone, gives nothing).
    if (!rookPiece || rookPiece.color !== turn || rookPiece.role !== 'rook') continue;
    if (yOf(geometry, rook) !== yOf(geometry, king)) continue;
    const side = xOf(geometry, rook) > xOf(geometry, king) ? 'kingSide' : 'queenSide';
    const landing = text.castled[turn][side];
    const kingTo = named(geometry, landing.king);
    const rookTo = named(geometry, landing.rook);
    if (yOf(geometry, kingTo) !== yOf(geometry, king)) continue;
    // "All squares between the king's and rook's initial and final squares (including the
    // final squares) must be vacant except for the king and castling rook" (Chess960
    // appendix; the same rule for chess; for Omega it asks g0, h0 empty on the king side and
    // c0, d0, e0 on the queen side, notes 3.5, as it must for the rook passes c0).
    const spans = [...squaresFromTo(geometry, king, kingTo), ...squaresFromTo(geometry, rook, rookTo)];
    if (spans.some((s) => s !== king && s !== rook && pieces[s] !== undefined)) continue;
    // "The king may not pass over or land on a square attacked by the opponent" (FIDE
    // 3.8.2.2). DECISION: judged on the board as it stands; the landing square is judged
    // again after the move by the legality test, which is what catches a Chess960 rook that
    // shielded the king's destination. The rook may cross attacked squares (Omega's c0).
    const kingPath = squaresFromTo(geometry, king, kingTo).filter((s) => s !== king);
    if (kingPath.some((s) => isAttacked(board, s, enemy))) continue;
    moves.push({ kind: 'castle', from: king, to: kingTo, rook, rookTo });
  }
}

/** The squares of a rank from `a` to `b`, both included. */
function squaresFromTo(geometry: Geometry, a: Square, b: Square): Square[] {
  const y = yOf(geometry, a);
  const [lo, hi] = [Math.min(xOf(geometry, a), xOf(geometry, b)), Math.max(xOf(geometry, a), xOf(geometry, b))];
  const out: Square[] = [];
  for (let x = lo; x <= hi; x++) {
    const square = squareAt(geometry, x, y);
    if (square !== undefined) out.push(square);
  }
  return out;
}

/**
 * The legal moves: the pseudo-legal ones after which the mover's king is not attacked
 * (FIDE 3.9). DECISION (as the README states for the engine): a side without a king has no
 * such constraint, and with several kings the lowest square's is the one that counts; the
 * others move as pieces. (The engine gives the other kings no moves at all; no compared
 * position has two kings of a colour.)
 */
export function referenceLegalMoves(setup: Setup): Move[] {
  if (setup.pockets) throw new Error('reference rules: drops are not modelled');
  const mover: Color = setup.turn;
  return pseudoLegalMoves(setup).filter((move) => {
    const after = play(setup, move);
    const king = kingSquares(after.board, mover)[0];
    return king === undefined || !isAttacked(after.board, king, opposite(mover));
  });
}

export function referencePerft(setup: Setup, depth: number): number {
  if (depth === 0) return 1;
  const moves = referenceLegalMoves(setup);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const move of moves) nodes += referencePerft(play(setup, move), depth - 1);
  return nodes;
}

/** A readable, order-free key of a move, for comparing sets of moves. */
export function moveKey(geometry: Geometry, move: Move): string {
  const n = (square: Square): string => squareName(geometry, square);
  switch (move.kind) {
    case 'normal':
      return `${n(move.from)}-${n(move.to)}${move.promotion === undefined ? '' : `=${move.promotion}`}`;
    case 'enPassant':
      return `${n(move.from)}-${n(move.to)} ep x${n(move.captured)}`;
    case 'castle':
      return `castle ${n(move.from)}-${n(move.to)} rook ${n(move.rook)}-${n(move.rookTo)}`;
    case 'drop':
      return `${move.role}@${n(move.to)}`;
  }
}
