/**
 * The internal, mutable move generator behind the persistent rules API. Not exported from the
 * package: callers see `Setup` and `Move`, never these cells and codes.
 *
 * The board is a padded mailbox: the geometry's grid surrounded by PAD cells of sentinels on
 * every side, so that any leap of up to PAD cells (the wizard's (1,3) camel jump is the
 * longest) lands on a sentinel instead of wrapping round. Holes in the grid (Omega's border
 * cells) are sentinels too, so slides stop at them and leaps cannot land on them, which is
 * exactly why wizard squares are reached only diagonally or by a jump.
 */
import type { Square } from './geometry.js';
import type { Move } from './move.js';
import { MOVEMENT, type Vector } from './movement.js';
import type { Setup } from './setup.js';
import type { RulesSpec } from './variant.js';
import type { VariantBoard, VariantRules } from './variants/types.js';
import { ROLES, type Color, type Role } from './vocabulary.js';

const PAD = 3;

// Cell contents: 0 empty, OFF outside the board, else role index | colour bit | promoted bit.
export const WHITE = 16;
export const BLACK = 32;
const COLOR_BITS = WHITE | BLACK;
export const PROMOTED = 64;
const OFF = 128;
const ROLE_BITS = 15;

export const PAWN = 1;
const ROOK = 4;
const KING = 6;

/** Role index in cell codes: 1 + position in ROLES (pawn 1 ... fool 9). */
export function roleCode(role: Role): number {
  // A switch, not ROLES.indexOf or a map: loading a position looks up every piece's role, and
  // comparing interned strings is the cheapest lookup V8 offers (measured).
  switch (role) {
    case 'pawn':
      return 1;
    case 'knight':
      return 2;
    case 'bishop':
      return 3;
    case 'rook':
      return 4;
    case 'queen':
      return 5;
    case 'king':
      return 6;
    default:
      return ROLES.indexOf(role) + 1;
  }
}
export function roleOf(code: number): Role {
  return ROLES[(code & ROLE_BITS) - 1] as Role;
}

// Move codes: from (10 bits) | to << 10 | promotion role << 20 | kind << 24.
// Castling stores the rook's cell in `to`; a drop stores the role in `from`.
const KIND_NORMAL = 0;
const KIND_EP = 1;
const KIND_CASTLE = 2;
const KIND_DROP = 3;
const CELL_MASK = 1023;
/** `Engine.checkAt` values besides 0 and 1. */
const UNKNOWN = -1;
export const UNTRUSTED = -2;
const FULL = -3;
const STAMP_LIMIT = 1 << 26;

function bump(counts: Int8Array | Int16Array, index: number, delta: number): void {
  counts[index] = (counts[index] as number) + delta;
}

/**
 * Distinct leap offsets with, for each, a bit mask (by role code) of the roles leaping it;
 * the same for slide directions. Looking from a square outward along these finds its attackers,
 * because every piece movement but the pawn's is symmetric.
 */
interface AttackTable {
  readonly leaps: Int16Array;
  readonly leapRoles: Int32Array;
  readonly slides: Int16Array;
  readonly slideRoles: Int32Array;
}

function attackTable(leaps: readonly Int16Array[], slides: readonly Int16Array[], maxRole: number): AttackTable {
  const leapRoles = new Map<number, number>();
  const slideRoles = new Map<number, number>();
  for (let code = 1; code <= maxRole; code++) {
    for (const o of leaps[code] as Int16Array) leapRoles.set(o, (leapRoles.get(o) ?? 0) | (1 << code));
    for (const o of slides[code] as Int16Array) slideRoles.set(o, (slideRoles.get(o) ?? 0) | (1 << code));
  }
  return {
    leaps: Int16Array.from(leapRoles.keys()),
    leapRoles: Int32Array.from(leapRoles.values()),
    slides: Int16Array.from(slideRoles.keys()),
    slideRoles: Int32Array.from(slideRoles.values()),
  };
}

/** A RulesSpec turned into cell offsets and lookup tables, computed once per spec. */
interface Compiled {
  readonly spec: RulesSpec;
  readonly stride: number;
  readonly cellCount: number;
  /** Cell of each square (or -1 for a hole). */
  readonly cellOf: Int16Array;
  /** Square of each cell, or -1 outside the board. */
  readonly squareOf: Int16Array;
  /** Every cell that is a square, in square order. */
  readonly squareCells: Int16Array;
  /** Field rank of each cell, -1 off the field (wizard squares and outside). */
  readonly rankOf: Int8Array;
  /** Field file of each cell, -1 off the field. */
  readonly fileOf: Int8Array;
  /** The empty board: OFF everywhere but on squares. */
  readonly emptyCells: Uint8Array;
  /** Leap and slide offsets per role code. */
  readonly leaps: readonly Int16Array[];
  readonly slides: readonly Int16Array[];
  /** Attack lookups for the six chess roles only, and for every role. */
  readonly chessAttacks: AttackTable;
  readonly allAttacks: AttackTable;
  /** One rank forward for White (index 0) and Black (index 1). */
  readonly forward: readonly [number, number];
  readonly pawnStartRank: readonly [number, number];
  readonly promotionRank: readonly [number, number];
  readonly promotionCodes: Int8Array;
  /** The highest role code a pawn may promote to (at least the king's, for `load`). */
  readonly highestPromotion: number;
  readonly backRank: readonly [number, number];
  readonly kingSide: { readonly king: number; readonly rook: number };
  /**
   * The unit step from one cell to another on the same rank, file or diagonal, indexed by
   * their difference + cellCount (0 when none). A difference that also joins two cells off
   * any common line only sends a walk into the padding, which stops it: a walk confirms.
   */
  readonly lines: Int16Array;
  readonly queenSide: { readonly king: number; readonly rook: number };
  /**
   * Room reserved in the move buffer for one position. Generous: a square is the destination
   * of at most a few dozen moves, and chess positions peak near 218 moves plus drops.
   */
  readonly movesPerPly: number;
}

const compiledSpecs = /* @__PURE__ */ new WeakMap<RulesSpec, Compiled>();

export function compile(spec: RulesSpec): Compiled {
  const cached = compiledSpecs.get(spec);
  if (cached) return cached;
  const { geometry } = spec;
  const stride = geometry.width + 2 * PAD;
  const cellCount = stride * (geometry.height + 2 * PAD);
  const cellOf = new Int16Array(geometry.width * geometry.height).fill(-1);
  const squareOf = new Int16Array(cellCount).fill(-1);
  const rankOf = new Int8Array(cellCount).fill(-1);
  const fileOf = new Int8Array(cellCount).fill(-1);
  const emptyCells = new Uint8Array(cellCount).fill(OFF);
  const squareCells: number[] = [];
  for (let square = 0; square < geometry.width * geometry.height; square++) {
    if (geometry.squareNames[square] === '') continue;
    const x = square % geometry.width;
    const y = Math.floor(square / geometry.width);
    const cell = (y + PAD) * stride + x + PAD;
    cellOf[square] = cell;
    squareOf[cell] = square;
    emptyCells[cell] = 0;
    squareCells.push(cell);
    const file = geometry.fieldFiles.indexOf(x);
    const rank = geometry.fieldRanks.indexOf(y);
    if (file >= 0 && rank >= 0) {
      fileOf[cell] = file;
      rankOf[cell] = rank;
    }
  }
  const offset = ([dx, dy]: Vector): number => dy * stride + dx;
  const leaps: Int16Array[] = [new Int16Array(0)];
  const slides: Int16Array[] = [new Int16Array(0)];
  for (const role of ROLES) {
    const code = roleCode(role);
    const { leaps: l, slides: s } = MOVEMENT[role];
    leaps[code] = Int16Array.from(l.map(offset));
    slides[code] = Int16Array.from(s.map(offset));
  }
  const side = (files: { king: number; rook: number }) => ({
    king: geometry.fieldFiles[files.king] ?? -1,
    rook: geometry.fieldFiles[files.rook] ?? -1,
  });
  const lines = new Int16Array(2 * cellCount);
  for (const step of [1, stride - 1, stride, stride + 1]) {
    for (let k = 1; k < Math.max(geometry.width, geometry.height); k++) {
      lines[cellCount + k * step] = step;
      lines[cellCount - k * step] = -step;
    }
  }
  const compiled: Compiled = {
    spec,
    lines,
    stride,
    cellCount,
    cellOf,
    squareOf,
    squareCells: Int16Array.from(squareCells),
    rankOf,
    fileOf,
    emptyCells,
    leaps,
    slides,
    chessAttacks: attackTable(leaps, slides, KING),
    allAttacks: attackTable(leaps, slides, ROLES.length),
    forward: [stride, -stride],
    pawnStartRank: [spec.pawnStartRank.white, spec.pawnStartRank.black],
    promotionRank: [spec.promotionRank.white, spec.promotionRank.black],
    promotionCodes: Int8Array.from(spec.promotionRoles.map(roleCode)),
    highestPromotion: Math.max(KING, ...spec.promotionRoles.map(roleCode)),
    backRank: [spec.backRank.white, spec.backRank.black],
    // Grid columns; turned into cells against the back rank when castling.
    kingSide: side(spec.kingSideCastling),
    queenSide: side(spec.queenSideCastling),
    movesPerPly: squareCells.length * 16,
  };
  compiledSpecs.set(spec, compiled);
  return compiled;
}

/** Holds one position and walks the game tree from it with make/unmake. */
export class Engine implements VariantBoard {
  readonly c: Compiled;
  readonly board: Uint8Array;
  /** Colour bit of the side to move. */
  us: number;
  /**
   * King cell per colour index (0 White, 1 Black), -1 when absent: the lowest-square king of
   * the colour, the one that must not be left in check (see `kingCount`).
   */
  readonly kings = new Int16Array(2);
  /**
   * Kings per colour index. Only an impossible position has more than one or none; then the
   * others are ordinary pieces moving like a king, and the rules' king is found again after
   * a king moves or is captured, as loading the resulting position would find it.
   */
  readonly kingCount = new Int8Array(2);
  /**
   * Checks each side still has to give (three-check; index as `kings`), or undefined when
   * the position does not count them. A side at 0 has won: nobody has a legal move.
   */
  remainingChecks: Int8Array | undefined;
  /**
   * The variant's rules of the loaded position, and its `winner` hook, read once per load so
   * that generating moves costs one test when the variant has none.
   */
  variant: VariantRules | undefined;
  winnerHook: VariantRules['winner'];
  /** Cells of rooks that may still castle. Replaced, never mutated, so undo can keep the old one. */
  castling: readonly number[];
  /** En passant target cells (-1 when none); ep1 only after a triple step. */
  ep0: number;
  ep1: number;
  /** Pocket counts per colour index * 16 + role code, or undefined without pockets. */
  pockets: Int16Array | undefined;
  /** Whether a capture goes to the captor's pocket (not in bughouse, where it goes to the partner's board). */
  capturesKept = true;
  /**
   * The attack lookups for the roles that can be on the board in this game: the smaller
   * chess table unless a role beyond the king stands, waits in a pocket, or can be promoted to.
   */
  attacks: AttackTable;

  // Per-generation scratch, valid for one call of `generate`: tags are stamp*16 + direction + 1.
  private stamp = 0;
  /** Set by `generateTo`: pins are found per move (`pinnedAway`), not marked. */
  private lazyPins = false;
  private readonly evasionStamp: Int32Array;
  private readonly pinTag: Int32Array;
  private readonly rayTag: Int32Array;

  // Undo stack.
  ply = 0;
  private undoCaptured = new Uint8Array(64);
  private undoCastling: (readonly number[])[] = [];
  private undoEp = new Int16Array(128);
  private undoKings = new Int16Array(128);
  /** The opponent's king cell before a move that captured a king (impossible positions only). */
  private undoTheirKings = new Int16Array(128);
  /** Whether the move gave check and so used up one of the mover's remaining checks. */
  private undoGaveCheck = new Uint8Array(64);
  /** The move that led to each ply's position. */
  private undoMove = new Int32Array(64);
  /**
   * Per ply: whether the side to move is in check (1) or not (0), once known. Until asked:
   * UNKNOWN after a move, judged from that move alone; FULL after a move from an UNTRUSTED
   * position, tested in full; UNTRUSTED for a loaded position or after a pass, where the side
   * not to move may be in check (an impossible position), tested in full every time.
   */
  checkAt = new Int8Array(64);

  /** Move buffer shared by every ply of a search. */
  moves: Int32Array;

  constructor(spec: RulesSpec) {
    const c = compile(spec);
    this.c = c;
    this.board = c.emptyCells.slice();
    this.us = WHITE;
    this.castling = [];
    this.ep0 = -1;
    this.ep1 = -1;
    this.pockets = undefined;
    this.variant = undefined;
    this.winnerHook = undefined;
    this.attacks = c.allAttacks;
    this.moves = new Int32Array(c.movesPerPly * 2);
    this.evasionStamp = new Int32Array(c.cellCount);
    this.pinTag = new Int32Array(c.cellCount);
    this.rayTag = new Int32Array(c.cellCount);
  }

  /** The role on `square`, if a piece stands there. */
  roleAt(square: Square): Role | undefined {
    const code = this.board[this.c.cellOf[square] as number] as number;
    return code > 0 && code < OFF ? roleOf(code) : undefined;
  }

  /**
   * Sets up the position of `setup` (whose geometry must be this engine's), played by
   * `variant`'s rules (none: chess rules, no hook).
   */
  load(setup: Setup, variant?: VariantRules): this {
    const c = this.c;
    this.variant = variant;
    this.winnerHook = variant?.winner;
    this.capturesKept = variant?.captures !== 'partner';
    this.board.set(c.emptyCells);
    this.ply = 0;
    this.checkAt[0] = UNTRUSTED;
    const { pieces } = setup.board;
    this.kings[0] = -1;
    this.kings[1] = -1;
    this.kingCount[0] = 0;
    this.kingCount[1] = 0;
    let highestRole = c.highestPromotion;
    // Locals, so that the loop (run for every move a notation reads) reads no properties.
    const board = this.board;
    const kings = this.kings;
    const cellOf = c.cellOf;
    const squares = cellOf.length;
    for (let square = 0; square < squares; square++) {
      const p = pieces[square];
      if (!p) continue;
      const cell = cellOf[square] as number;
      if (cell < 0) continue;
      const role = roleCode(p.role);
      if (role > highestRole) highestRole = role;
      const white = p.color === 'white';
      // A pawn marked promoted (only a hand-built piece can be one) is a pawn.
      board[cell] = role | (white ? WHITE : BLACK) | (p.promoted && role !== PAWN ? PROMOTED : 0);
      if (role === KING) {
        const colorIndex = white ? 0 : 1;
        if ((kings[colorIndex] as number) < 0) kings[colorIndex] = cell;
        bump(this.kingCount, colorIndex, 1);
      }
    }
    this.us = setup.turn === 'white' ? WHITE : BLACK;
    const castling: number[] = [];
    for (const square of setup.castlingRooks) {
      const cell = c.cellOf[square];
      if (cell !== undefined && cell >= 0) castling.push(cell);
    }
    this.castling = castling;
    const ep = setup.epSquares;
    this.ep0 = ep.length > 0 ? (c.cellOf[ep[0] as number] ?? -1) : -1;
    this.ep1 = ep.length > 1 ? (c.cellOf[ep[1] as number] ?? -1) : -1;
    if (setup.pockets) {
      const pockets = this.pockets ?? new Int16Array(32);
      for (const role of ROLES) {
        pockets[roleCode(role)] = setup.pockets.white[role];
        pockets[16 + roleCode(role)] = setup.pockets.black[role];
        if (setup.pockets.white[role] > 0 || setup.pockets.black[role] > 0)
          highestRole = Math.max(highestRole, roleCode(role));
      }
      this.pockets = pockets;
    } else this.pockets = undefined;
    const checks = setup.remainingChecks;
    if (checks) {
      const remaining = this.remainingChecks ?? new Int8Array(2);
      remaining[0] = Math.min(checks.white, 3);
      remaining[1] = Math.min(checks.black, 3);
      this.remainingChecks = remaining;
    } else this.remainingChecks = undefined;
    this.attacks = highestRole > KING ? c.allAttacks : c.chessAttacks;
    return this;
  }

  /** The side that has won by the variant's own rule before anyone moves (its `winner` hook), else undefined. */
  winner(): Color | undefined {
    const hook = this.winnerHook;
    return hook === undefined ? undefined : hook(this);
  }

  /** Whether the game ended by the variant's own rule (three checks given, a king on the hill): nobody may move. */
  variantEnded(): boolean {
    const hook = this.winnerHook;
    return hook !== undefined && hook(this) !== undefined;
  }

  /** The square of `color`'s king, or -1 (for the variant hooks). */
  kingSquare(color: Color): Square {
    const cell = this.kings[color === 'white' ? 0 : 1] as number;
    return cell < 0 ? -1 : (this.c.squareOf[cell] as number);
  }

  /** The checks `color` still has to give, or undefined when the position does not count them (for the variant hooks). */
  checksLeft(color: Color): number | undefined {
    const remaining = this.remainingChecks;
    return remaining === undefined ? undefined : (remaining[color === 'white' ? 0 : 1] as number);
  }

  /**
   * Whether the side to move is checkmated on the board, whatever the variant's own rule says:
   * the check suffix of a move that gives the last check is `#` only when it also mates.
   */
  isMatedOnBoard(): boolean {
    if (!this.inCheck()) return false;
    const hook = this.winnerHook;
    this.winnerHook = undefined;
    const end = this.generate(0);
    this.winnerHook = hook;
    return end === 0;
  }

  /** The lowest-square king of colour bit `color`, or -1. */
  private findKing(color: number): number {
    const cells = this.c.squareCells;
    const king = color | KING;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] as number;
      if (((this.board[cell] as number) & (ROLE_BITS | COLOR_BITS)) === king) return cell;
    }
    return -1;
  }

  /** Whether `cell` is attacked by a piece of colour bit `them`. */
  attacked(cell: number, them: number): boolean {
    const b = this.board;
    const c = this.c;
    const pawn = them | PAWN;
    // A pawn of `them` attacks one rank forward (for them) diagonally.
    const behind = cell - c.forward[them === WHITE ? 0 : 1];
    if (b[behind - 1] === pawn || b[behind + 1] === pawn) return true;
    const { leaps, leapRoles, slides, slideRoles } = this.attacks;
    for (let i = 0; i < leaps.length; i++) {
      const code = b[cell + (leaps[i] as number)] as number;
      if (code & them && ((leapRoles[i] as number) >> (code & ROLE_BITS)) & 1) return true;
    }
    for (let i = 0; i < slides.length; i++) {
      const step = slides[i] as number;
      let t = cell + step;
      let code: number;
      while ((code = b[t] as number) === 0) t += step;
      if (code & them && ((slideRoles[i] as number) >> (code & ROLE_BITS)) & 1) return true;
    }
    return false;
  }

  /** Whether the side to move has its king attacked. */
  inCheck(): boolean {
    const ply = this.ply;
    const known = this.checkAt[ply] as number;
    if (known >= 0) return known === 1;
    const check = known === UNKNOWN ? this.checkedByLastMove() : this.attackedKing();
    if (known !== UNTRUSTED) this.checkAt[ply] = check ? 1 : 0;
    return check;
  }

  /** The full test: whether any enemy piece attacks the king of the side to move. */
  attackedKing(): boolean {
    const king = this.kings[this.us === WHITE ? 0 : 1] as number;
    return king >= 0 && this.attacked(king, this.us ^ COLOR_BITS);
  }

  /**
   * Whether the last move checked the side to move, from that move alone: the moved piece's own
   * attack on the king, or a slider uncovered on the line from the king through the cell it
   * left. Exact when the king was not in check before the move (the position before was
   * reached by a legal move); en passant, castling and a taken king take the full test.
   */
  private checkedByLastMove(): boolean {
    const ply = this.ply - 1;
    const move = this.undoMove[ply] as number;
    const kind = move >>> 24;
    if (kind === KIND_EP || kind === KIND_CASTLE || ((this.undoCaptured[ply] as number) & ROLE_BITS) === KING)
      return this.attackedKing();
    const usIndex = this.us === WHITE ? 0 : 1;
    const king = this.kings[usIndex] as number;
    if (king < 0) return false;
    const b = this.board;
    const c = this.c;
    const to = (move >>> 10) & CELL_MASK;
    const role = (b[to] as number) & ROLE_BITS;
    if (role === PAWN) {
      const ahead = king + c.forward[usIndex];
      if (to === ahead - 1 || to === ahead + 1) return true;
    }
    const leaps = c.leaps[role] as Int16Array;
    for (let i = 0; i < leaps.length; i++) if (to + (leaps[i] as number) === king) return true;
    if (this.sliderOnLine(king, to, role)) return true;
    // A drop leaves no cell behind.
    return kind !== KIND_DROP && this.sliderOnLine(king, move & CELL_MASK, 0);
  }

  /**
   * Whether, looking from the king of the side to move toward `cell`, the first piece is an
   * enemy sliding along that line (of role `role` only when given, then standing on `cell`).
   */
  private sliderOnLine(king: number, cell: number, role: number): boolean {
    const c = this.c;
    const step = c.lines[c.cellCount + cell - king] as number;
    if (step === 0) return false;
    const first = this.nextPiece(king, step);
    return (!role || first === cell) && this.enemySlider(first, step);
  }

  /** The first occupied cell after `cell` going by `step` (the padding stops every walk). */
  private nextPiece(cell: number, step: number): number {
    const b = this.board;
    let t = cell + step;
    while (b[t] === 0) t += step;
    return t;
  }

  /** Whether the piece on `cell` is an enemy of the side to move that slides along `step`. */
  private enemySlider(cell: number, step: number): boolean {
    const code = this.board[cell] as number;
    return (code & (this.us ^ COLOR_BITS)) !== 0 && (this.c.slides[code & ROLE_BITS] as Int16Array).includes(step);
  }

  /**
   * Writes the legal moves of the side to move into `this.moves` from `start`; returns the end.
   * Pins and checks are found first, so ordinary moves need no make/unmake; en passant and
   * castling, rare and subtle, are tried on the board.
   */
  generate(start: number): number {
    const b = this.board;
    const c = this.c;
    const us = this.us;
    const them = us ^ COLOR_BITS;
    const usIndex = us === WHITE ? 0 : 1;
    const king = this.kings[usIndex] as number;
    const won = this.winnerHook;
    if (won !== undefined && won(this) !== undefined) return start;
    let out = this.moves;
    if (out.length < start + c.movesPerPly) {
      const grown = new Int32Array(Math.max(out.length * 2, start + c.movesPerPly));
      grown.set(out);
      this.moves = out = grown;
    }
    let n = start;
    const checkers = this.markChecksAndPins();
    const stamp = this.stamp;
    const tagBase = stamp * 16;
    const evasion = this.evasionStamp;
    const pinTag = this.pinTag;
    const rayTag = this.rayTag;

    if (checkers < 2) {
      const inCheck = checkers === 1;
      const cells = c.squareCells;
      const forward = c.forward[usIndex];
      const startRank = c.pawnStartRank[usIndex];
      const promotionRank = c.promotionRank[usIndex];
      const promotions = c.promotionCodes;
      const maxStep = c.spec.pawnMaxFirstStep;
      const rankOf = c.rankOf;
      for (let i = 0; i < cells.length; i++) {
        const from = cells[i] as number;
        const code = b[from] as number;
        if (!(code & us)) continue;
        const role = code & ROLE_BITS;
        // The rules' king moves below; another king (impossible positions) is an ordinary piece.
        if (role === KING && from === king) continue;
        const pin = pinTag[from] as number;
        const pinned = pin > tagBase;
        if (role === PAWN) {
          // Pushes.
          let t = from + forward;
          if (b[t] === 0) {
            if ((!inCheck || evasion[t] === stamp) && (!pinned || rayTag[t] === pin)) {
              if (rankOf[t] === promotionRank) {
                for (let p = 0; p < promotions.length; p++)
                  out[n++] = from | (t << 10) | ((promotions[p] as number) << 20);
              } else out[n++] = from | (t << 10);
            }
            if (rankOf[from] === startRank) {
              for (let step = 2; step <= maxStep; step++) {
                t += forward;
                if (b[t] !== 0) break;
                if ((!inCheck || evasion[t] === stamp) && (!pinned || rayTag[t] === pin)) {
                  if (rankOf[t] === promotionRank) {
                    for (let p = 0; p < promotions.length; p++)
                      out[n++] = from | (t << 10) | ((promotions[p] as number) << 20);
                  } else out[n++] = from | (t << 10);
                }
              }
            }
          }
          // Captures.
          for (let side = -1; side <= 1; side += 2) {
            const to = from + forward + side;
            if (!((b[to] as number) & them)) continue;
            if (inCheck && evasion[to] !== stamp) continue;
            if (pinned && rayTag[to] !== pin) continue;
            if (rankOf[to] === promotionRank) {
              for (let p = 0; p < promotions.length; p++)
                out[n++] = from | (to << 10) | ((promotions[p] as number) << 20);
            } else out[n++] = from | (to << 10);
          }
          continue;
        }
        const leaps = c.leaps[role] as Int16Array;
        for (let j = 0; j < leaps.length; j++) {
          const to = from + (leaps[j] as number);
          const target = b[to] as number;
          if (target !== 0 && !(target & them)) continue;
          if (inCheck && evasion[to] !== stamp) continue;
          if (pinned && rayTag[to] !== pin) continue;
          out[n++] = from | (to << 10);
        }
        const slides = c.slides[role] as Int16Array;
        for (let j = 0; j < slides.length; j++) {
          const step = slides[j] as number;
          let to = from + step;
          let target: number;
          while (true) {
            target = b[to] as number;
            if (target !== 0 && !(target & them)) break;
            if ((!inCheck || evasion[to] === stamp) && (!pinned || rayTag[to] === pin)) out[n++] = from | (to << 10);
            if (target !== 0) break;
            to += step;
          }
        }
      }
      n = this.generateEnPassant(n);
      if (this.pockets) n = this.generateDrops(n, inCheck, stamp);
    }

    if (king >= 0) {
      const kingCode = b[king] as number;
      b[king] = 0;
      const leaps = c.leaps[KING] as Int16Array;
      for (let j = 0; j < leaps.length; j++) {
        const to = king + (leaps[j] as number);
        const target = b[to] as number;
        if (target !== 0 && !(target & them)) continue;
        if (this.attacked(to, them)) continue;
        out[n++] = king | (to << 10);
      }
      b[king] = kingCode;
      if (checkers === 0) n = this.generateCastling(n, king);
    }
    return n;
  }

  /**
   * Writes the legal moves that land on cell `to` into `this.moves` from `start`, the same
   * codes `generate` writes for that destination (castling: the king's destination or the
   * rook's cell); returns the end. Move parsers know the destination, so instead of walking
   * every piece this looks outward from `to` for the pieces that reach it, as `attacked` does:
   * every movement but the pawn's is symmetric. With `role` (a role code), only the moves of
   * pieces of that role, plain and en passant: a SAN reader knows the role, and looks along its lines alone.
   */
  generateTo(start: number, to: number, role = 0): number {
    const b = this.board;
    const c = this.c;
    const us = this.us;
    const them = us ^ COLOR_BITS;
    const usIndex = us === WHITE ? 0 : 1;
    const king = this.kings[usIndex] as number;
    this.reserve(start);
    const out = this.moves;
    let n = start;
    const won = this.winnerHook;
    if (won !== undefined && won(this) !== undefined) return n;
    const target = b[to] as number;
    // Only an empty cell or an enemy piece can be moved onto (castling onto a rook aside).
    const enterable = target === 0 || (target & them) !== 0;
    // Out of check, pins are looked for only along the lines of the pieces that could move here.
    const lazy = !this.inCheck();
    this.lazyPins = lazy;
    const checkers = lazy ? 0 : this.markChecksAndPins();
    const stamp = this.stamp;

    if (enterable && checkers < 2 && (checkers === 0 || this.evasionStamp[to] === stamp)) {
      // With a role, only its own lines (its movement is symmetric) and its pieces on them.
      const { attacks } = this;
      const leaps = role ? (c.leaps[role] as Int16Array) : attacks.leaps;
      const slides = role ? (c.slides[role] as Int16Array) : attacks.slides;
      for (let i = 0; i < leaps.length; i++) {
        const from = to + (leaps[i] as number);
        const code = b[from] as number;
        const mover = code & ROLE_BITS;
        if (
          code & us &&
          (mover !== KING || from !== king) &&
          (role ? mover === role : ((attacks.leapRoles[i] as number) >> mover) & 1) &&
          this.pinAllows(from, to)
        )
          out[n++] = from | (to << 10);
      }
      for (let i = 0; i < slides.length; i++) {
        const step = slides[i] as number;
        let from = to + step;
        let code: number;
        while ((code = b[from] as number) === 0) from += step;
        const mover = code & ROLE_BITS;
        if (
          code & us &&
          mover !== KING &&
          (role ? mover === role : ((attacks.slideRoles[i] as number) >> mover) & 1) &&
          this.pinAllows(from, to)
        )
          out[n++] = from | (to << 10);
      }
      if (role <= PAWN) n = this.pawnMovesTo(n, to, target);
      if (this.pockets && target === 0 && !role) n = this.dropsTo(n, to);
    }
    if (role <= PAWN && checkers < 2 && (to === this.ep0 || to === this.ep1))
      n = this.keepLandingOn(n, this.generateEnPassant(n), to);
    // The rest moves the king (castling too).
    if (role && role !== KING) return n;

    if (king >= 0 && enterable) {
      const kingLeaps = c.leaps[KING] as Int16Array;
      for (let j = 0; j < kingLeaps.length; j++) {
        if (king + (kingLeaps[j] as number) !== to) continue;
        const kingCode = b[king] as number;
        b[king] = 0;
        const safe = !this.attacked(to, them);
        b[king] = kingCode;
        if (safe) out[n++] = king | (to << 10);
        break;
      }
    }
    if (king >= 0 && checkers === 0 && this.castling.length > 0 && this.mayCastleOnto(king, to)) {
      const end = this.generateCastling(n, king);
      for (let i = n; i < end; i++) {
        const move = this.moves[i] as number;
        const rook = (move >>> 10) & CELL_MASK;
        if (rook === to || this.castlingTargets(king, rook)[0] === to) this.moves[n++] = move;
      }
    }
    return n;
  }

  /**
   * Whether castling could land king or rook on `to`: it is a castling rook's cell, or one of
   * the king's two castling destinations. Trying the castling moves costs attack tests, and
   * most destinations on the back rank are neither.
   */
  private mayCastleOnto(king: number, to: number): boolean {
    const c = this.c;
    const backRank = c.backRank[this.us === WHITE ? 0 : 1];
    if (c.rankOf[king] !== backRank || c.rankOf[to] !== backRank) return false;
    if (this.castling.includes(to)) return true;
    const rowStart = king - (c.spec.geometry.fieldFiles[c.fileOf[king] as number] as number);
    return to === rowStart + c.kingSide.king || to === rowStart + c.queenSide.king;
  }

  /** The pawn pushes and captures onto `to` (holding `target`), as `generate` makes them. */
  private pawnMovesTo(n: number, to: number, target: number): number {
    const b = this.board;
    const c = this.c;
    const usIndex = this.us === WHITE ? 0 : 1;
    const pawn = this.us | PAWN;
    const forward = c.forward[usIndex];
    if (target === 0) {
      // Walk back over empty cells to the pawn that pushes here: one step from anywhere, more
      // only from the start rank.
      let from = to - forward;
      for (let step = 1; step <= c.spec.pawnMaxFirstStep; step++, from -= forward) {
        const code = b[from] as number;
        if ((code & (ROLE_BITS | COLOR_BITS)) === pawn) {
          if (step === 1 || c.rankOf[from] === c.pawnStartRank[usIndex]) n = this.pawnMove(n, from, to);
          break;
        }
        if (code !== 0) break;
      }
    } else {
      for (let side = -1; side <= 1; side += 2) {
        const from = to - forward + side;
        if (((b[from] as number) & (ROLE_BITS | COLOR_BITS)) === pawn) n = this.pawnMove(n, from, to);
      }
    }
    return n;
  }

  /** Writes the pawn move from `from` to `to` (one per promotion role on the last rank) unless a pin forbids it. */
  private pawnMove(n: number, from: number, to: number): number {
    if (!this.pinAllows(from, to)) return n;
    const c = this.c;
    if (c.rankOf[to] !== c.promotionRank[this.us === WHITE ? 0 : 1]) {
      this.moves[n++] = from | (to << 10);
      return n;
    }
    const promotions = c.promotionCodes;
    for (let p = 0; p < promotions.length; p++) this.moves[n++] = from | (to << 10) | ((promotions[p] as number) << 20);
    return n;
  }

  /** Whether the piece on `from` may go to `to` as far as pins go (after `markChecksAndPins`, or lazily). */
  private pinAllows(from: number, to: number): boolean {
    if (this.lazyPins) return !this.pinnedAway(from, to);
    const pin = this.pinTag[from] as number;
    // A piece pinned to the king may only move along the pin's line.
    return pin <= this.stamp * 16 || this.rayTag[to] === pin;
  }

  /**
   * Whether the piece on `from` is pinned to its king and `to` leaves the pin's line (between
   * the king and the pinner, the pinner included), exposing the king.
   */
  private pinnedAway(from: number, to: number): boolean {
    const king = this.kings[this.us === WHITE ? 0 : 1] as number;
    if (king < 0) return false;
    const c = this.c;
    const step = c.lines[c.cellCount + from - king] as number;
    if (step === 0 || this.nextPiece(king, step) !== from) return false;
    const pinner = this.nextPiece(from, step);
    if (!this.enemySlider(pinner, step)) return false;
    for (let s = king + step; s !== pinner; s += step) if (s === to) return false;
    return to !== pinner;
  }

  /** The drops onto the empty cell `to`, as `generateDrops` makes them. */
  private dropsTo(n: number, to: number): number {
    const pockets = this.pockets as Int16Array;
    const base = this.us === WHITE ? 0 : 16;
    const rank = this.c.rankOf[to] as number;
    const lastRank = this.c.spec.geometry.fieldRanks.length - 1;
    for (let role = 1; role < 16; role++) {
      if ((pockets[base + role] as number) <= 0 || role === KING) continue;
      if (role === PAWN && (rank <= 0 || rank >= lastRank)) continue;
      this.moves[n++] = role | (to << 10) | (KIND_DROP << 24);
    }
    return n;
  }

  /** Compacts the codes in [start, end) to those landing on `to`; returns the new end. */
  private keepLandingOn(start: number, end: number, to: number): number {
    let n = start;
    for (let i = start; i < end; i++) {
      const move = this.moves[i] as number;
      if (((move >>> 10) & CELL_MASK) === to) this.moves[n++] = move;
    }
    return n;
  }

  /**
   * Looks from the king of the side to move along every line a piece could attack it on, and
   * marks, under a new stamp: the cells that end a single check (`evasionStamp`), the pinned
   * pieces (`pinTag`) and the cells they may still move to (`rayTag`). Returns the number of
   * checkers. Shared by `generate` and `generateTo`, which then need no make/unmake.
   */
  private markChecksAndPins(): number {
    const b = this.board;
    const c = this.c;
    const us = this.us;
    const them = us ^ COLOR_BITS;
    const usIndex = us === WHITE ? 0 : 1;
    const king = this.kings[usIndex] as number;
    // Tags are stamp * 16 + direction in an Int32Array: start afresh long before they overflow,
    // since an engine may live as long as a client that replays millions of moves.
    if (this.stamp >= STAMP_LIMIT) {
      this.stamp = 0;
      this.evasionStamp.fill(0);
      this.pinTag.fill(0);
      this.rayTag.fill(0);
    }
    const stamp = ++this.stamp;
    const tagBase = stamp * 16;
    const evasion = this.evasionStamp;
    const pinTag = this.pinTag;
    const rayTag = this.rayTag;
    let checkers = 0;

    if (king >= 0) {
      const forward = c.forward[usIndex];
      const pawn = them | PAWN;
      if (b[king + forward - 1] === pawn) {
        checkers++;
        evasion[king + forward - 1] = stamp;
      }
      if (b[king + forward + 1] === pawn) {
        checkers++;
        evasion[king + forward + 1] = stamp;
      }
      const { leaps, leapRoles, slides, slideRoles } = this.attacks;
      for (let i = 0; i < leaps.length; i++) {
        const t = king + (leaps[i] as number);
        const code = b[t] as number;
        if (code & them && ((leapRoles[i] as number) >> (code & ROLE_BITS)) & 1) {
          checkers++;
          evasion[t] = stamp;
        }
      }
      for (let i = 0; i < slides.length; i++) {
        const step = slides[i] as number;
        const roles = slideRoles[i] as number;
        let t = king + step;
        let code: number;
        while ((code = b[t] as number) === 0) t += step;
        if (code & them) {
          if ((roles >> (code & ROLE_BITS)) & 1) {
            checkers++;
            for (let s = king + step; s !== t + step; s += step) evasion[s] = stamp;
          }
        } else if (code & us) {
          let t2 = t + step;
          let code2: number;
          while ((code2 = b[t2] as number) === 0) t2 += step;
          if (code2 & them && (roles >> (code2 & ROLE_BITS)) & 1) {
            const tag = tagBase + i + 1;
            pinTag[t] = tag;
            for (let s = king + step; s !== t2 + step; s += step) rayTag[s] = tag;
          }
        }
      }
    }
    return checkers;
  }

  /** Writes the legal castling moves into `this.moves` from `start`; returns the end. */
  generateCastles(start: number): number {
    const king = this.kings[this.us === WHITE ? 0 : 1] as number;
    if (king < 0 || this.castling.length === 0 || this.variantEnded() || this.inCheck()) return start;
    this.reserve(start);
    return this.generateCastling(start, king);
  }

  /** Grows the move buffer so that one position's moves fit from `start`. */
  private reserve(start: number): void {
    const needed = start + this.c.movesPerPly;
    if (this.moves.length >= needed) return;
    const grown = new Int32Array(Math.max(this.moves.length * 2, needed));
    grown.set(this.moves);
    this.moves = grown;
  }

  /** Whether the side to move has a legal en passant capture. */
  hasLegalEnPassant(): boolean {
    return this.ep0 >= 0 && !this.variantEnded() && this.generateEnPassant(0) > 0;
  }

  private generateEnPassant(n: number): number {
    if (this.ep0 < 0) return n;
    const b = this.board;
    const us = this.us;
    const them = us ^ COLOR_BITS;
    const usIndex = us === WHITE ? 0 : 1;
    const king = this.kings[usIndex] as number;
    const forward = this.c.forward[usIndex];
    const pawn = us | PAWN;
    for (let e = 0; e < 2; e++) {
      const target = e === 0 ? this.ep0 : this.ep1;
      if (target < 0 || b[target] !== 0) continue;
      const victim = this.epVictimCell();
      if (b[victim] !== (them | PAWN)) continue;
      for (let side = -1; side <= 1; side += 2) {
        const from = target - forward + side;
        if (b[from] !== pawn) continue;
        b[from] = 0;
        b[victim] = 0;
        b[target] = pawn;
        const legal = king < 0 || !this.attacked(king, them);
        b[from] = pawn;
        b[victim] = them | PAWN;
        b[target] = 0;
        if (legal) this.moves[n++] = from | (target << 10) | (KIND_EP << 24);
      }
    }
    return n;
  }

  /** The king's and rook's destination cells when castling with the rook on `rook`. */
  castlingTargets(king: number, rook: number): [kingTo: number, rookTo: number] {
    const c = this.c;
    const kingFile = c.fileOf[king] as number;
    const files = (c.fileOf[rook] as number) < kingFile ? c.queenSide : c.kingSide;
    const rowStart = king - (c.spec.geometry.fieldFiles[kingFile] as number);
    return [rowStart + files.king, rowStart + files.rook];
  }

  private generateCastling(n: number, king: number): number {
    const castling = this.castling;
    if (castling.length === 0) return n;
    const b = this.board;
    const c = this.c;
    const us = this.us;
    const them = us ^ COLOR_BITS;
    const usIndex = us === WHITE ? 0 : 1;
    const backRank = c.backRank[usIndex];
    if (c.rankOf[king] !== backRank) return n;
    for (let i = 0; i < castling.length; i++) {
      const rook = castling[i] as number;
      if (((b[rook] as number) & (ROLE_BITS | COLOR_BITS)) !== (us | ROOK)) continue;
      if (c.rankOf[rook] !== backRank) continue;
      const [kingTo, rookTo] = this.castlingTargets(king, rook);
      const low = Math.min(king, kingTo, rook, rookTo);
      const high = Math.max(king, kingTo, rook, rookTo);
      let clear = true;
      for (let s = low; s <= high; s++) {
        if (s !== king && s !== rook && b[s] !== 0) {
          clear = false;
          break;
        }
      }
      if (!clear) continue;
      const kingCode = b[king] as number;
      const rookCode = b[rook] as number;
      b[king] = 0;
      b[rook] = 0;
      const step = kingTo >= king ? 1 : -1;
      let safe = true;
      for (let s = king; ; s += step) {
        if (this.attacked(s, them)) {
          safe = false;
          break;
        }
        if (s === kingTo) break;
      }
      b[king] = kingCode;
      b[rook] = rookCode;
      if (safe) this.moves[n++] = king | (rook << 10) | (KIND_CASTLE << 24);
    }
    return n;
  }

  private generateDrops(n: number, inCheck: boolean, stamp: number): number {
    const pockets = this.pockets as Int16Array;
    const b = this.board;
    const c = this.c;
    const base = this.us === WHITE ? 0 : 16;
    const lastRank = c.spec.geometry.fieldRanks.length - 1;
    const cells = c.squareCells;
    for (let role = 1; role < 16; role++) {
      // A king in hand (only a hand-built pocket holds one) is never dropped: a second king.
      if ((pockets[base + role] as number) <= 0 || role === KING) continue;
      for (let i = 0; i < cells.length; i++) {
        const to = cells[i] as number;
        if (b[to] !== 0) continue;
        if (inCheck && this.evasionStamp[to] !== stamp) continue;
        if (role === PAWN) {
          const rank = c.rankOf[to] as number;
          if (rank <= 0 || rank >= lastRank) continue;
        }
        this.moves[n++] = role | (to << 10) | (KIND_DROP << 24);
      }
    }
    return n;
  }

  /** Plays a move code from `generate`; `unmake` takes it back. */
  make(move: number): void {
    const ply = this.ply++;
    if (ply + 1 >= this.undoCaptured.length) this.growUndo();
    this.undoMove[ply] = move;
    // The move's own attacks tell whether it checks only if the side it checks was safe before.
    this.checkAt[ply + 1] = this.checkAt[ply] === UNTRUSTED ? FULL : UNKNOWN;
    const b = this.board;
    const c = this.c;
    const us = this.us;
    const usIndex = us === WHITE ? 0 : 1;
    const kind = move >>> 24;
    const from = move & CELL_MASK;
    const to = (move >>> 10) & CELL_MASK;
    const victim = kind === KIND_EP ? this.epVictimCell() : -1;
    this.undoCastling[ply] = this.castling;
    this.undoEp[ply * 2] = this.ep0;
    this.undoEp[ply * 2 + 1] = this.ep1;
    this.undoKings[ply] = this.kings[usIndex] as number;
    this.ep0 = -1;
    this.ep1 = -1;
    let captured = 0;
    if (kind === KIND_NORMAL) {
      const code = b[from] as number;
      captured = b[to] as number;
      const role = code & ROLE_BITS;
      const promotion = (move >>> 20) & 15;
      b[from] = 0;
      b[to] = promotion ? promotion | us | (this.pockets ? PROMOTED : 0) : code;
      if (role === KING) {
        this.kings[usIndex] = (this.kingCount[usIndex] as number) > 1 ? this.findKing(us) : to;
        if (this.castling.length)
          this.castling = this.castling.filter((r) => !this.ownCastlingRook(r, usIndex) && r !== to);
      } else if (this.castling.length && (this.castling.includes(from) || this.castling.includes(to))) {
        this.castling = this.castling.filter((r) => r !== from && r !== to);
      }
      if (role === PAWN) {
        const forward = c.forward[usIndex];
        const distance = (to - from) / forward;
        if (distance >= 2) {
          this.ep0 = from + forward;
          if (distance >= 3) this.ep1 = from + 2 * forward;
          if (forward < 0 && this.ep1 >= 0) {
            const swap = this.ep0;
            this.ep0 = this.ep1;
            this.ep1 = swap;
          }
        }
      }
    } else if (kind === KIND_EP) {
      captured = b[victim] as number;
      b[victim] = 0;
      b[to] = b[from] as number;
      b[from] = 0;
    } else if (kind === KIND_CASTLE) {
      const [kingTo, rookTo] = this.castlingTargets(from, to);
      const kingCode = b[from] as number;
      const rookCode = b[to] as number;
      b[from] = 0;
      b[to] = 0;
      b[kingTo] = kingCode;
      b[rookTo] = rookCode;
      this.kings[usIndex] = (this.kingCount[usIndex] as number) > 1 ? this.findKing(us) : kingTo;
      this.castling = this.castling.filter((r) => !this.ownCastlingRook(r, usIndex));
    } else {
      b[to] = from | us;
      bump(this.pockets as Int16Array, usIndex * 16 + from, -1);
    }
    if (captured && this.pockets && this.capturesKept) {
      const role = captured & PROMOTED ? PAWN : captured & ROLE_BITS;
      bump(this.pockets, usIndex * 16 + role, 1);
    }
    this.undoCaptured[ply] = captured;
    const them = us ^ COLOR_BITS;
    if ((captured & ROLE_BITS) === KING) {
      // Only an impossible position lets a king be taken: the next king (if any) takes its place.
      const themIndex = 1 - usIndex;
      this.undoTheirKings[ply] = this.kings[themIndex] as number;
      bump(this.kingCount, themIndex, -1);
      this.kings[themIndex] = this.findKing(them);
    }
    this.us = them;
    if (this.remainingChecks !== undefined) {
      const gaveCheck = this.inCheck();
      this.undoGaveCheck[ply] = gaveCheck ? 1 : 0;
      if (gaveCheck) bump(this.remainingChecks, usIndex, -1);
    }
  }

  unmake(move: number): void {
    const ply = --this.ply;
    const b = this.board;
    const them = this.us;
    const us = them ^ COLOR_BITS;
    this.us = us;
    const usIndex = us === WHITE ? 0 : 1;
    const kind = move >>> 24;
    const from = move & CELL_MASK;
    const to = (move >>> 10) & CELL_MASK;
    const captured = this.undoCaptured[ply] as number;
    if (this.remainingChecks !== undefined && this.undoGaveCheck[ply] === 1) bump(this.remainingChecks, usIndex, 1);
    if ((captured & ROLE_BITS) === KING) {
      const themIndex = 1 - usIndex;
      bump(this.kingCount, themIndex, 1);
      this.kings[themIndex] = this.undoTheirKings[ply] as number;
    }
    this.castling = this.undoCastling[ply] as readonly number[];
    this.ep0 = this.undoEp[ply * 2] as number;
    this.ep1 = this.undoEp[ply * 2 + 1] as number;
    if (captured && this.pockets && this.capturesKept) {
      const role = captured & PROMOTED ? PAWN : captured & ROLE_BITS;
      bump(this.pockets, usIndex * 16 + role, -1);
    }
    if (kind === KIND_NORMAL) {
      const promotion = (move >>> 20) & 15;
      b[from] = promotion ? us | PAWN : (b[to] as number);
      b[to] = captured;
      this.kings[usIndex] = this.undoKings[ply] as number;
    } else if (kind === KIND_EP) {
      const victim = this.epVictimCell();
      b[from] = b[to] as number;
      b[to] = 0;
      b[victim] = captured;
    } else if (kind === KIND_CASTLE) {
      const king = from;
      const [kingTo, rookTo] = this.castlingTargets(king, to);
      const kingCode = b[kingTo] as number;
      const rookCode = b[rookTo] as number;
      b[kingTo] = 0;
      b[rookTo] = 0;
      b[king] = kingCode;
      b[to] = rookCode;
      this.kings[usIndex] = king;
    } else {
      b[to] = 0;
      bump(this.pockets as Int16Array, usIndex * 16 + from, 1);
    }
  }

  /**
   * The cell of the pawn an en passant capture takes: the pawn that passed over the target
   * squares stands one rank beyond the farthest of them (Omega's triple step leaves two).
   */
  private epVictimCell(): number {
    const forwardThem = this.c.forward[this.us === WHITE ? 1 : 0];
    let last = this.ep0;
    if (this.ep1 >= 0 && (forwardThem > 0 ? this.ep1 > last : this.ep1 < last)) last = this.ep1;
    return last + forwardThem;
  }

  /** Whether a castling rook cell belongs to the side with colour index `colorIndex` (by board half). */
  private ownCastlingRook(cell: number, colorIndex: number): boolean {
    const c = this.c;
    const row = Math.floor((c.squareOf[cell] as number) / c.spec.geometry.width);
    return row < c.spec.geometry.height / 2 === (colorIndex === 0);
  }

  private growUndo(): void {
    const size = this.undoCaptured.length * 2;
    const captured = new Uint8Array(size);
    captured.set(this.undoCaptured);
    this.undoCaptured = captured;
    const ep = new Int16Array(size * 2);
    ep.set(this.undoEp);
    this.undoEp = ep;
    const kings = new Int16Array(size * 2);
    kings.set(this.undoKings);
    this.undoKings = kings;
    const theirKings = new Int16Array(size * 2);
    theirKings.set(this.undoTheirKings);
    this.undoTheirKings = theirKings;
    const gaveCheck = new Uint8Array(size);
    gaveCheck.set(this.undoGaveCheck);
    this.undoGaveCheck = gaveCheck;
    const moves = new Int32Array(size);
    moves.set(this.undoMove);
    this.undoMove = moves;
    const checks = new Int8Array(size);
    checks.set(this.checkAt);
    this.checkAt = checks;
  }

  /** Leaf count of the legal move tree `depth` plies deep, counting the last ply in bulk. */
  perft(depth: number, start = 0): number {
    if (depth <= 0) return 1;
    const end = this.generate(start);
    if (depth === 1) return end - start;
    let nodes = 0;
    for (let i = start; i < end; i++) {
      const move = this.moves[i] as number;
      this.make(move);
      nodes += this.perft(depth - 1, end);
      this.unmake(move);
    }
    return nodes;
  }

  /**
   * The code `generate` would produce for a public move in the loaded position, or -1 when
   * the move cannot be one of its moves (off the board, an inconsistent castle or capture).
   */
  encode(move: Move): number {
    const c = this.c;
    const cell = (square: number): number => (Number.isInteger(square) ? (c.cellOf[square] ?? -1) : -1);
    const to = cell(move.to);
    if (to < 0) return -1;
    switch (move.kind) {
      case 'normal': {
        const from = cell(move.from);
        if (from < 0) return -1;
        if (move.promotion === undefined) return from | (to << 10);
        const code = roleCode(move.promotion);
        return code > 0 ? from | (to << 10) | (code << 20) : -1;
      }
      case 'enPassant': {
        const from = cell(move.from);
        if (from < 0 || this.ep0 < 0 || cell(move.captured) !== this.epVictimCell()) return -1;
        return from | (to << 10) | (KIND_EP << 24);
      }
      case 'castle': {
        const from = cell(move.from);
        const rook = cell(move.rook);
        if (from < 0 || rook < 0 || c.fileOf[from] === -1 || c.fileOf[rook] === -1) return -1;
        const [kingTo, rookTo] = this.castlingTargets(from, rook);
        if (kingTo !== to || rookTo !== cell(move.rookTo)) return -1;
        return from | (rook << 10) | (KIND_CASTLE << 24);
      }
      case 'drop': {
        const code = roleCode(move.role);
        return code > 0 ? code | (to << 10) | (KIND_DROP << 24) : -1;
      }
    }
  }

  /** The public Move for a move code. */
  toMove(move: number): Move {
    const c = this.c;
    const kind = move >>> 24;
    const from = move & CELL_MASK;
    const to = (move >>> 10) & CELL_MASK;
    const square = (cell: number): Square => c.squareOf[cell] as number;
    switch (kind) {
      case KIND_EP:
        return { kind: 'enPassant', from: square(from), to: square(to), captured: square(this.epVictimCell()) };
      case KIND_CASTLE: {
        const [kingTo, rookTo] = this.castlingTargets(from, to);
        return { kind: 'castle', from: square(from), to: square(kingTo), rook: square(to), rookTo: square(rookTo) };
      }
      case KIND_DROP:
        return { kind: 'drop', role: roleOf(from), to: square(to) };
      default: {
        const promotion = (move >>> 20) & 15;
        return promotion
          ? { kind: 'normal', from: square(from), to: square(to), promotion: roleOf(promotion) }
          : { kind: 'normal', from: square(from), to: square(to) };
      }
    }
  }
}
