import { STANDARD, type Square } from './geometry.js';
import type { CastleMove, NormalMove } from './move.js';
import { MOVEMENT } from './movement.js';
import { piece, type Piece, type RealtimeState } from './piece.js';
import { REALTIME_DRAW_MS, realtimeEnd } from './realtime-end.js';
import { startClock, withRealtime } from './realtime.js';
import { err, ok, type Result } from './result.js';
import type { RealtimeClock, Setup } from './setup.js';
import type { Outcome } from './status.js';
import type { Color } from './vocabulary.js';

/**
 * The rules of realtime chess (Kung-Fu Chess, FENr) on board-core's realtime model: which
 * moves a piece may start at a moment, starting one, and time passing with its landings,
 * collisions, promotions and the end of the game. The choices where the FENr document and the
 * sites differ are the options below, and are listed in the README ("Running a realtime game").
 *
 * Board: the standard 8x8 board only (FENr's). Times: integer milliseconds on the setup's clock.
 */

/** The choices where realtime sites differ; every field has the default named. */
export interface RealtimeOptions {
  /**
   * Milliseconds a piece takes per square: 1,000 (the FENr document's project, kfchess.com's
   * standard speed; kfchess's lightning speed is 200). A slider's move counts the squares along
   * its line (a diagonal step is one), a knight's jump two, castling the king's two.
   */
  readonly msPerSquare?: number;
  /** Pieces of both colours closer than this, in squares, collide: 0.4 (kfchess). Between 0 and 1, exclusive. */
  readonly collisionSquares?: number;
  /**
   * The part of its move during which a knight is in the air and collides with nothing:
   * `[0.15, 0.85]` (kfchess). The FENr document's project lets a knight collide only at its
   * start and destination, which these defaults approximate.
   */
  readonly knightAirborne?: readonly [number, number];
  /** A game without a capture for this long is drawn: 300,000 ms (FENr's five-minute rule). */
  readonly drawAfterMs?: number;
  /** The step at which `advance` looks for collisions: 10 ms. */
  readonly tickMs?: number;
}

/** The options with their defaults filled in. */
export interface RealtimeRulesOptions {
  readonly msPerSquare: number;
  readonly collisionSquares: number;
  readonly knightAirborne: readonly [number, number];
  readonly drawAfterMs: number;
  readonly tickMs: number;
}

/** The defaults of `RealtimeOptions` (frozen). */
export const REALTIME_DEFAULTS: RealtimeRulesOptions = /* @__PURE__ */ Object.freeze({
  msPerSquare: 1000,
  collisionSquares: 0.4,
  knightAirborne: Object.freeze([0.15, 0.85]) as readonly [number, number],
  drawAfterMs: REALTIME_DRAW_MS,
  tickMs: 10,
});

function optionsOf(options: RealtimeOptions | undefined): RealtimeRulesOptions {
  if (options === undefined) return REALTIME_DEFAULTS;
  const o = { ...REALTIME_DEFAULTS, ...options };
  const positive = (v: number): boolean => Number.isSafeInteger(v) && v > 0;
  if (!positive(o.msPerSquare)) throw new RangeError(`expected msPerSquare a positive integer, got ${o.msPerSquare}`);
  if (!positive(o.tickMs)) throw new RangeError(`expected tickMs a positive integer, got ${o.tickMs}`);
  if (!positive(o.drawAfterMs)) throw new RangeError(`expected drawAfterMs a positive integer, got ${o.drawAfterMs}`);
  if (!(o.collisionSquares > 0 && o.collisionSquares < 1))
    throw new RangeError(`expected collisionSquares between 0 and 1, got ${o.collisionSquares}`);
  return o;
}

/** A move a realtime piece may start: a piece going to a square, or castling (king and rook set off together). */
export type RealtimeMove = NormalMove | CastleMove;

/** What happened while time passed, in the order it happened (`atMs` ascending). */
export type RealtimeEvent =
  /** A piece arrived on `square` (and starts cooling down). */
  | { readonly kind: 'land'; readonly atMs: number; readonly square: Square; readonly piece: Piece }
  /**
   * `captured` was taken by `by` near `square` (the square the captured piece stood on or was
   * flying to); `by` is undefined when both were taken (a collision in the same tick).
   */
  | {
      readonly kind: 'capture';
      readonly atMs: number;
      readonly square: Square;
      readonly captured: Piece;
      readonly by: Piece | undefined;
    }
  /** A pawn arrived on its last rank and became a queen. */
  | { readonly kind: 'promote'; readonly atMs: number; readonly square: Square; readonly piece: Piece }
  /** A piece's cooldown ended: it may move again. */
  | { readonly kind: 'ready'; readonly atMs: number; readonly square: Square; readonly piece: Piece };

/** Why `startMove` refused a move. */
export type RealtimeMoveErrorCode = 'not-movable' | 'time';

/** A refused move: a stable code and a message a person can act on. */
export interface RealtimeMoveError {
  readonly code: RealtimeMoveErrorCode;
  readonly message: string;
}

/** The state of `advance`: the setup at the later time and what happened on the way. */
export interface Advanced {
  readonly setup: Setup;
  readonly events: readonly RealtimeEvent[];
}

// ---------------------------------------------------------------------------------------------
// Bodies: every piece of a setup, the ones stacked under a flight too (see `RealtimeState`).

interface Body {
  /** The piece, plain. */
  piece: Piece;
  /** The square it stands on, or lands on. */
  square: Square;
  /** Its flight, when it has one that has not been landed by `advance`. */
  from: Square;
  startMs: number;
  arrivesAtMs: number;
  /** When it arrived (cooling down), or -Infinity for a piece that stands ready. */
  arrivedAtMs: number;
  alive: boolean;
  /** The piece as the setup stored it: kept when nothing about it changed. */
  readonly source: Piece;
}

const FILE = (s: Square): number => s & 7;
const RANK = (s: Square): number => s >> 3;

function isKnight(p: Piece): boolean {
  return p.role === 'knight';
}

/** Squares a move travels: a knight's jump 2, a slider's line (a diagonal step is one). */
function squaresOf(p: Piece, from: Square, to: Square): number {
  if (isKnight(p)) return 2;
  return Math.max(Math.abs(FILE(to) - FILE(from)), Math.abs(RANK(to) - RANK(from)));
}

function travelMs(p: Piece, from: Square, to: Square, o: RealtimeRulesOptions): number {
  return squaresOf(p, from, to) * o.msPerSquare;
}

function isFlying(b: Body): boolean {
  return b.from >= 0;
}

/** The pieces of a setup as bodies, those stacked under a flight (`RealtimeState.under`) too. */
function bodiesOf(setup: Setup, o: RealtimeRulesOptions): Body[] {
  const bodies: Body[] = [];
  setup.board.pieces.forEach((top, square) => {
    for (let p: Piece | undefined = top; p !== undefined; ) {
      const state: RealtimeState | undefined = p.realtime;
      const plain = withRealtime(p, undefined);
      const body: Body = {
        piece: plain,
        square,
        from: -1,
        startMs: 0,
        arrivesAtMs: 0,
        arrivedAtMs: -Infinity,
        alive: true,
        source: p,
      };
      if (state?.kind === 'flight') {
        body.from = state.from;
        body.arrivesAtMs = state.arrivesAtMs;
        body.startMs = state.arrivesAtMs - travelMs(plain, state.from, square, o);
      } else if (state?.kind === 'cooldown') body.arrivedAtMs = state.arrivedAtMs;
      bodies.push(body);
      p = state?.kind === 'flight' ? state.under : undefined;
    }
  });
  return bodies;
}

/** The state a body is stored with at `now`: none once its cooldown is over. */
function stateOf(b: Body, now: number, cooldownMs: number): RealtimeState | undefined {
  if (isFlying(b)) return { kind: 'flight', from: b.from, arrivesAtMs: b.arrivesAtMs };
  return b.arrivedAtMs + cooldownMs > now ? { kind: 'cooldown', arrivedAtMs: b.arrivedAtMs } : undefined;
}

/**
 * The board of the living bodies at `now`. A square holding more than one (a piece flying at
 * a square another piece stands on or flies to) holds the flight arriving first, the others
 * under it (`under`), the standing piece last: FENr writes the top one.
 */
function boardOf(bodies: readonly Body[], now: number, cooldownMs: number): (Piece | undefined)[] {
  const bySquare: Body[][] = [];
  for (const b of bodies) if (b.alive) (bySquare[b.square] ??= []).push(b);
  const pieces: (Piece | undefined)[] = new Array<Piece | undefined>(64).fill(undefined);
  bySquare.forEach((stack, square) => {
    if (stack === undefined) return;
    if (stack.length === 1) {
      // The common case: one piece, often as it was (a cooldown going on, a flight under way).
      const b = stack[0] as Body;
      const state = stateOf(b, now, cooldownMs);
      pieces[square] = unchanged(b, state) ? b.source : withRealtime(b.piece, state);
      return;
    }
    // Flights by arrival (the earlier on top), the standing piece at the bottom.
    stack.sort(
      (a, b) =>
        (isFlying(a) ? a.arrivesAtMs : Infinity) - (isFlying(b) ? b.arrivesAtMs : Infinity) || a.startMs - b.startMs,
    );
    let below: Piece | undefined;
    for (let k = stack.length - 1; k >= 0; k--) {
      const b = stack[k] as Body;
      const state = stateOf(b, now, cooldownMs);
      below =
        state?.kind === 'flight' && below !== undefined
          ? withRealtime(b.piece, { ...state, under: below })
          : withRealtime(b.piece, state);
    }
    pieces[square] = below;
  });
  return pieces;
}

/** Whether `state` is what the body's stored piece holds already (nothing under it), so the stored piece can stay. */
function unchanged(b: Body, state: RealtimeState | undefined): boolean {
  const was = b.source.realtime;
  if (b.source.role !== b.piece.role) return false;
  if (state === undefined || was === undefined) return state === was;
  if (state.kind === 'cooldown') return was.kind === 'cooldown' && was.arrivedAtMs === state.arrivedAtMs;
  return (
    was.kind === 'flight' && was.under === undefined && was.from === state.from && was.arrivesAtMs === state.arrivesAtMs
  );
}

function clockOf(setup: Setup): RealtimeClock {
  return setup.realtime ?? startClock();
}

function checkBoard(setup: Setup): void {
  if (setup.board.geometry.name !== 'standard' || setup.board.pieces.length !== 64)
    throw new RangeError(`realtime rules play on the standard board, not ${setup.board.geometry.name}`);
}

function momentOf(setup: Setup, t: number | undefined): number {
  const now = clockOf(setup).clockMs;
  if (t === undefined) return now;
  if (!Number.isSafeInteger(t) || t < now) throw new RangeError(`expected an integer time from ${now} ms, got ${t}`);
  return t;
}

// ---------------------------------------------------------------------------------------------
// Moves

/** What move generation sees at a moment: standing pieces, and the squares one's own flights have still to cross. */
interface Field {
  /** The standing piece (ready or cooling) on each square. */
  readonly standing: (Body | undefined)[];
  /** By colour: squares an own flight has still to reach, its destination included. */
  readonly ahead: Record<Color, boolean[]>;
}

function fieldAt(bodies: readonly Body[], t: number): Field {
  const standing: (Body | undefined)[] = new Array<Body | undefined>(64).fill(undefined);
  const ahead: Record<Color, boolean[]> = {
    white: new Array<boolean>(64).fill(false),
    black: new Array<boolean>(64).fill(false),
  };
  for (const b of bodies) {
    if (!b.alive) continue;
    if (!isFlying(b) || b.arrivesAtMs <= t) {
      standing[b.square] = b;
      continue;
    }
    const marks = ahead[b.piece.color];
    if (isKnight(b.piece)) {
      marks[b.square] = true;
      continue;
    }
    const n = squaresOf(b.piece, b.from, b.square);
    const df = Math.sign(FILE(b.square) - FILE(b.from));
    const dr = Math.sign(RANK(b.square) - RANK(b.from));
    const total = b.arrivesAtMs - b.startMs;
    const elapsed = Math.max(0, t - b.startMs);
    // Square k of the path (1 to n) is still ahead while the piece has not passed its middle.
    for (let k = 1; k <= n; k++) if ((k + 0.5) * total > elapsed * n) marks[b.from + k * (df + 8 * dr)] = true;
  }
  return { standing, ahead };
}

function onBoard(f: number, r: number): boolean {
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

function ready(b: Body, t: number, cooldownMs: number): boolean {
  return !isFlying(b) && b.arrivedAtMs + cooldownMs <= t;
}

function movesOf(b: Body, field: Field, setup: Setup, t: number, cooldownMs: number, out: RealtimeMove[]): void {
  const { color, role } = b.piece;
  const from = b.square;
  const f0 = FILE(from);
  const r0 = RANK(from);
  const ownAhead = field.ahead[color];
  const free = (s: Square): boolean => field.standing[s] === undefined && !ownAhead[s];
  const target = (s: Square): boolean => {
    const there = field.standing[s];
    return !ownAhead[s] && (there === undefined || there.piece.color !== color);
  };
  const add = (to: Square): void => {
    out.push({ kind: 'normal', from, to });
  };
  if (role === 'pawn') {
    const dir = color === 'white' ? 1 : -1;
    const r1 = r0 + dir;
    if (r1 < 0 || r1 > 7) return;
    const one = from + 8 * dir;
    if (free(one)) {
      add(one);
      if (r0 === (color === 'white' ? 1 : 6) && free(one + 8 * dir)) add(one + 8 * dir);
    }
    for (const df of [-1, 1]) {
      if (!onBoard(f0 + df, r1)) continue;
      const to = one + df;
      const there = field.standing[to];
      if (there !== undefined && there.piece.color !== color && !ownAhead[to]) add(to);
    }
    return;
  }
  // The pieces move as in chess (board-core's movement table), time apart.
  const { leaps, slides } = MOVEMENT[role];
  for (const [df, dr] of leaps) if (onBoard(f0 + df, r0 + dr) && target(from + df + 8 * dr)) add(from + df + 8 * dr);
  if (role === 'king') castles(b, field, setup, t, cooldownMs, out);
  for (const [df, dr] of slides) {
    for (let f = f0 + df, r = r0 + dr; onBoard(f, r); f += df, r += dr) {
      const to = f + 8 * r;
      if (target(to)) add(to);
      if (!free(to)) break;
    }
  }
}

/** Castling: king and rook on their squares, both ready, the right kept, the squares between and both destinations free. */
function castles(king: Body, field: Field, setup: Setup, t: number, cooldownMs: number, out: RealtimeMove[]): void {
  const { color } = king.piece;
  const back = color === 'white' ? 0 : 56;
  if (king.square !== back + 4) return;
  const ownAhead = field.ahead[color];
  for (const rook of [back + 7, back]) {
    if (!setup.castlingRooks.includes(rook)) continue;
    const r = field.standing[rook];
    if (r === undefined || r.piece.role !== 'rook' || r.piece.color !== color || !ready(r, t, cooldownMs)) continue;
    const kingSide = rook > king.square;
    const to = kingSide ? back + 6 : back + 2;
    const rookTo = kingSide ? back + 5 : back + 3;
    let clear = true;
    for (let s = Math.min(rook, king.square) + 1; s < Math.max(rook, king.square); s++)
      if (field.standing[s] !== undefined || ownAhead[s]) clear = false;
    if (clear) out.push({ kind: 'castle', from: king.square, to, rook, rookTo });
  }
}

/**
 * The moves the pieces of both colours may start at `t` (default: the setup's clock), by
 * origin square then destination: a piece may start a move when it is not in flight and not
 * cooling down. Its way must be clear of standing pieces (a piece in flight has left its
 * origin) and of the squares its own side's flights have still to cross; it may end on an
 * enemy's standing piece (captured when they meet) or on a square an enemy piece flies to.
 * A pawn steps straight only onto a free square and captures diagonally only a standing
 * piece; castling needs king and rook ready on their squares and the squares between free.
 * There is no check: a king may be left, or step, where it can be taken. The colour of a
 * move is its piece's. Between the clock and `t` nothing is resolved: call `advance` first
 * to see collisions.
 */
export function movesAt(setup: Setup, t?: number, options?: RealtimeOptions): RealtimeMove[] {
  checkBoard(setup);
  const moment = momentOf(setup, t);
  const o = optionsOf(options);
  const { cooldownMs } = clockOf(setup);
  const bodies = bodiesOf(setup, o);
  const field = fieldAt(bodies, moment);
  const out: RealtimeMove[] = [];
  for (let s = 0; s < 64; s++) {
    const b = field.standing[s];
    if (b !== undefined && ready(b, moment, cooldownMs)) movesOf(b, field, setup, moment, cooldownMs, out);
  }
  return out;
}

function sameMove(a: RealtimeMove, b: RealtimeMove): boolean {
  return a.kind === b.kind && a.from === b.from && a.to === b.to;
}

/**
 * The setup with `move` started at `t` (default: the setup's clock; a later `t` first
 * `advance`s to it, whose events are then lost: advance first to see them). The piece leaves
 * its square and flies to its destination, arriving after its squares times `msPerSquare`
 * (castling: the king and the rook set off together, each at that speed); its old state
 * (a cooldown that ended) is dropped. A king or rook that moves ends its side's castling on
 * that side; a pawn's double step records its en passant square, any other move clears it
 * (realtime chess has no en passant capture; FENr records the square). The clock is kept.
 * A move `movesAt` does not offer is refused with `not-movable`.
 */
export function startMove(
  setup: Setup,
  move: RealtimeMove,
  t?: number,
  options?: RealtimeOptions,
): Result<Setup, RealtimeMoveError> {
  checkBoard(setup);
  const now = clockOf(setup).clockMs;
  if (t !== undefined && (!Number.isSafeInteger(t) || t < now))
    return err({ code: 'time', message: `a move starts at an integer time from ${now} ms, not ${t}` });
  const o = optionsOf(options);
  const at = t !== undefined && t > now ? advance(setup, t, options).setup : setup;
  const clock = clockOf(at);
  // The move as movesAt gives it: a castling's rook squares are the rules', not the caller's.
  const offered = movesAt(at, undefined, o).find((m) => sameMove(m, move));
  if (offered === undefined)
    return err({
      code: 'not-movable',
      message: `no piece may start the move ${describe(move)} at ${clock.clockMs} ms (see movesAt)`,
    });
  const bodies = bodiesOf(at, o);
  const field = fieldAt(bodies, clock.clockMs);
  const launch = (from: Square, to: Square): Body => {
    const b = field.standing[from] as Body;
    b.from = from;
    b.square = to;
    b.startMs = clock.clockMs;
    b.arrivesAtMs = clock.clockMs + travelMs(b.piece, from, to, o);
    b.arrivedAtMs = -Infinity;
    return b;
  };
  const mover = launch(offered.from, offered.to);
  let rooks = at.castlingRooks;
  const color = mover.piece.color;
  const back = color === 'white' ? 0 : 56;
  if (offered.kind === 'castle') launch(offered.rook, offered.rookTo);
  if (mover.piece.role === 'king') rooks = rooks.filter((r) => r !== back && r !== back + 7);
  if (mover.piece.role === 'rook') rooks = rooks.filter((r) => r !== offered.from);
  // A rook captured in its corner takes its castling with it: done when it is taken (advance).
  const pawnDouble = mover.piece.role === 'pawn' && Math.abs(offered.to - offered.from) === 16;
  return ok({
    ...at,
    board: { geometry: at.board.geometry, pieces: boardOf(bodies, clock.clockMs, clock.cooldownMs) },
    castlingRooks: rooks.length === at.castlingRooks.length ? at.castlingRooks : rooks,
    epSquares: pawnDouble ? [(offered.from + offered.to) / 2] : [],
    realtime: clock,
  });
}

function describe(move: RealtimeMove): string {
  const name = (s: Square): string => STANDARD.squareNames[s] ?? String(s);
  return `${name(move.from)}-${name(move.to)}`;
}

// ---------------------------------------------------------------------------------------------
// Time passing

/** Where a body is at `t` in squares (x: file, y: rank), or undefined while a knight is in the air. */
function positionAt(b: Body, t: number, o: RealtimeRulesOptions): [number, number] | undefined {
  if (!isFlying(b)) return [FILE(b.square), RANK(b.square)];
  const total = b.arrivesAtMs - b.startMs;
  const f = total <= 0 ? 1 : Math.min(1, Math.max(0, (t - b.startMs) / total));
  if (isKnight(b.piece) && f > o.knightAirborne[0] && f < o.knightAirborne[1]) return undefined;
  const x0 = FILE(b.from);
  const y0 = RANK(b.from);
  return [x0 + (FILE(b.square) - x0) * f, y0 + (RANK(b.square) - y0) * f];
}

/** A pawn on its way straight ahead: it never captures. */
function pawnStraight(b: Body): boolean {
  return b.piece.role === 'pawn' && isFlying(b) && FILE(b.from) === FILE(b.square);
}

/**
 * Who takes whom when `a` and `b` (of different colours) meet: the earlier mover wins (a
 * standing piece moved never, so a moving piece takes it); a pawn moving straight never
 * captures, so it is taken; movers that set off in the same millisecond, or two pawns moving
 * straight, take each other.
 */
function loserOf(a: Body, b: Body): 'a' | 'b' | 'both' {
  const pa = pawnStraight(a);
  const pb = pawnStraight(b);
  if (pa && pb) return 'both';
  if (pa) return 'a';
  if (pb) return 'b';
  const fa = isFlying(a);
  const fb = isFlying(b);
  if (fa && !fb) return 'b';
  if (fb && !fa) return 'a';
  if (a.startMs === b.startMs) return 'both';
  return a.startMs < b.startMs ? 'b' : 'a';
}

/**
 * The setup at `t`, and what happened on the way: time goes forward in steps of `tickMs`
 * (the last step ends at `t`). At each step pieces of different colours closer than
 * `collisionSquares` collide (`loserOf`: the earlier mover wins, a same-tick collision takes
 * both, a pawn moving straight never captures, a knight is in the air for the middle of its
 * move), then pieces whose time has come land, a pawn on its last rank becoming a queen, and
 * cool down from their arrival. Cooldowns that are over end. A capture restarts the time
 * since the last capture. The setup's castling loses a rook taken in its corner.
 * `writeFenr` writes every setup this returns (with FENr's 10,000 ms cooldown and a speed
 * whose moves last under 10 s).
 */
export function advance(setup: Setup, t: number, options?: RealtimeOptions): Advanced {
  checkBoard(setup);
  const o = optionsOf(options);
  const clock = clockOf(setup);
  const end = momentOf(setup, t);
  const bodies = bodiesOf(setup, o);
  const events: RealtimeEvent[] = [];
  let lastCapture = -1;
  let rooks = setup.castlingRooks;
  const taken = (b: Body, at: number, by: Body | undefined): void => {
    b.alive = false;
    events.push({ kind: 'capture', atMs: at, square: b.square, captured: b.piece, by: by?.piece });
    lastCapture = at;
    if (b.piece.role === 'rook' && !isFlying(b) && rooks.includes(b.square))
      rooks = rooks.filter((r) => r !== b.square);
  };
  const flying = (): boolean => bodies.some((b) => b.alive && isFlying(b));
  const limit = o.collisionSquares * o.collisionSquares;
  // Plain arrays: a typed array costs more to make than a tick's work with it.
  const xs: number[] = new Array<number>(bodies.length).fill(0);
  const ys: number[] = new Array<number>(bodies.length).fill(0);
  const present: number[] = new Array<number>(bodies.length).fill(0);
  for (let s = clock.clockMs; s < end; ) {
    s = Math.min(end, s + o.tickMs);
    // Nothing flies: nothing can collide or land until the next move; jump to the end.
    if (!flying()) {
      s = end;
      break;
    }
    // Only pairs with a piece in flight can meet: each flying piece against every other
    // (two flying pieces once, from the lower index), the positions of this tick in arrays.
    const live = bodies.filter((b) => b.alive);
    const n = live.length;
    const movers: number[] = [];
    for (let k = 0; k < n; k++) {
      const b = live[k] as Body;
      if (isFlying(b)) movers.push(k);
      const at = positionAt(b, s, o);
      present[k] = at === undefined ? 0 : 1;
      if (at !== undefined) {
        xs[k] = at[0];
        ys[k] = at[1];
      }
    }
    for (const i of movers) {
      const a = live[i] as Body;
      if (!present[i]) continue;
      for (let j = 0; j < n && a.alive; j++) {
        const b = live[j] as Body;
        if (j === i || !present[j] || !b.alive || a.piece.color === b.piece.color || (j < i && isFlying(b))) continue;
        const dx = (xs[i] as number) - (xs[j] as number);
        const dy = (ys[i] as number) - (ys[j] as number);
        if (dx * dx + dy * dy >= limit) continue;
        const loser = loserOf(a, b);
        if (loser === 'both') {
          taken(a, s, undefined);
          taken(b, s, undefined);
        } else if (loser === 'a') taken(a, s, b);
        else taken(b, s, a);
      }
    }
    for (const b of live) {
      if (!b.alive || !isFlying(b) || b.arrivesAtMs > s) continue;
      const arrived = b.arrivesAtMs;
      b.from = -1;
      b.arrivedAtMs = arrived;
      events.push({ kind: 'land', atMs: arrived, square: b.square, piece: b.piece });
      const lastRank = b.piece.color === 'white' ? 7 : 0;
      if (b.piece.role === 'pawn' && RANK(b.square) === lastRank) {
        // A queen FENr can write: realtime chess has no pieces in hand, so nothing marks it promoted.
        b.piece = piece(b.piece.color, 'queen');
        events.push({ kind: 'promote', atMs: arrived, square: b.square, piece: b.piece });
      }
    }
  }
  for (const b of bodies) {
    const readyAt = b.arrivedAtMs + clock.cooldownMs;
    if (b.alive && !isFlying(b) && readyAt > clock.clockMs && readyAt <= end)
      events.push({ kind: 'ready', atMs: readyAt, square: b.square, piece: b.piece });
  }
  events.sort((a, b) => a.atMs - b.atMs);
  const sinceCaptureMs = lastCapture >= 0 ? end - lastCapture : clock.sinceCaptureMs + (end - clock.clockMs);
  return {
    setup: {
      ...setup,
      board: { geometry: setup.board.geometry, pieces: boardOf(bodies, end, clock.cooldownMs) },
      castlingRooks: rooks,
      realtime: { clockMs: end, sinceCaptureMs, cooldownMs: clock.cooldownMs },
    },
    events,
  };
}

/**
 * The end of a realtime game, or undefined while it goes on: a side whose king was taken
 * loses (`kingCaptured`; both kings taken: a draw), and a game without a capture for
 * `drawAfterMs` is drawn (`variantDraw`).
 */
export function realtimeOutcome(setup: Setup, options?: RealtimeOptions): Outcome | undefined {
  return realtimeEnd(setup, optionsOf(options).drawAfterMs);
}

/** The plain pieces of a setup, those stacked under flights too: for tests and checks of material. */
export function realtimePieces(setup: Setup): Piece[] {
  return bodiesOf(setup, REALTIME_DEFAULTS).map((b) => b.piece);
}
