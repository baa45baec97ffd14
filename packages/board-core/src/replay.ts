/**
 * A replay cursor: a game's moves played one after another on the mutable rules engine, so a
 * move costs no `Setup` (building the next persistent position was most of the cost of reading
 * a game move by move with `parseSan` and `play`). A `Setup` is built only when asked for.
 */
import { BLACK, Engine, PAWN, PROMOTED, UNTRUSTED, WHITE, roleCode, roleOf } from './engine.js';
import type { Move } from './move.js';
import type { MoveNotationError } from './move-notation.js';
import { piece, type Piece } from './piece.js';
import { ok, type Ok, type Result } from './result.js';
import { isLegal, play } from './rules.js';
import { parseCoordinate, plainCoordinateCode } from './coordinate.js';
import { isFrozenSetup } from './freeze.js';
import { parseSan, parseSanOn, plainSanCodeAt } from './san.js';
import { incremented as increment, type Pocket, type Setup } from './setup.js';
import { variantOf } from './variants/lookup.js';
import { ROLES, opposite, type Color } from './vocabulary.js';

/**
 * A cursor that plays a game forward move by move (and back with `undo`), cheaper per move than
 * `parseSan` then `play`; made by `createReplay`.
 */
export interface Replay {
  /** The side to move. */
  readonly turn: Color;
  /**
   * Reads SAN in the current position, as `parseSan` does, and plays the move when it is legal.
   * The Move may be a frozen object shared with other calls (plain moves on the standard board),
   * and so may the result holding it.
   */
  playSan(text: string): Result<Move, MoveNotationError>;
  /**
   * `playSan(text.slice(from, to))`, reading the move where it stands in a larger text: the
   * same answers, errors included, but a plain move of the standard board is read without a
   * string of its own (a reader of a whole file then makes none per move).
   */
  playSanAt(text: string, from: number, to: number): Result<Move, MoveNotationError>;
  /**
   * Reads coordinate notation (`g1f3`, `e7e8q`, `e1g1`) in the current position, as
   * `parseCoordinate` does, and plays the move when it is legal. The Move and its result may be
   * shared, as `playSan`'s are.
   */
  playCoordinate(text: string): Result<Move, MoveNotationError>;
  /** Plays a legal move, as `play` would; returns false and changes nothing when it is not legal here. */
  play(move: Move): boolean;
  /** A null move (PGN's `--`): the other side is to move, no en passant capture remains, the clocks count on. */
  pass(): void;
  /** Takes back the last move played on this cursor; false at the position it started from. */
  undo(): boolean;
  /** The current position, as `play` would have built it. */
  setup(): Setup;
  /** An independent cursor at the current position (its `undo` stops there): for variations. */
  fork(): Replay;
}

/**
 * Whether the engine holds every detail of `setup`, so that positions can be rebuilt from it.
 * The rest (Omega Chess Advanced, realtime chess, hand-built oddities) is replayed Setup by Setup.
 */
function fitsEngine(setup: Setup): boolean {
  if (fitting.has(setup)) return true;
  if (setup.omegaAdvanced || setup.realtime) return false;
  const checks = setup.remainingChecks;
  if (checks && (checks.white > 3 || checks.black > 3)) return false;
  // Index loops without closures: this runs once per game a reader reads, on every square.
  const { pieces } = setup.board;
  for (let square = 0; square < pieces.length; square++) {
    const p = pieces[square];
    if (p && (p.realtime || (p.promoted && p.role === 'pawn'))) return false;
  }
  const { pockets } = setup;
  if (pockets) for (const role of ROLES) if (pockets.white[role] > 9999 || pockets.black[role] > 9999) return false;
  const { squareNames } = setup.board.geometry;
  const { castlingRooks, epSquares } = setup;
  for (let i = 0; i < castlingRooks.length; i++) if (!squareNames[castlingRooks[i] as number]) return false;
  for (let i = 0; i < epSquares.length; i++) if (!squareNames[epSquares[i] as number]) return false;
  if (isFrozenSetup(setup)) fitting.add(setup);
  return true;
}

/** Setups that fit the engine and can never change (a reader's shared start position): asked once. */
const fitting = /* @__PURE__ */ new WeakSet<Setup>();

/**
 * The plain moves of the standard board (en passant and promotions aside), one frozen object
 * per origin and destination, shared by every game read: a PGN reader keeps a Move per node,
 * and fewer objects in the tree made the collector's copying, a sixth of the time, cheaper.
 * Each is kept in its frozen result, so that reading a plain move allocates nothing.
 */
const sharedResults: Ok<Move>[] = /* @__PURE__ */ new Array(4096);

/**
 * The shared, frozen result holding the shared Move of a move code without promotion or kind on
 * the standard board (`plainSanCode` and `plainCoordinateCode` read only that board).
 */
function sharedResult(engine: Engine, code: number): Ok<Move> {
  const { squareOf } = engine.c;
  const key = ((squareOf[code & 1023] as number) << 6) | (squareOf[code >>> 10] as number);
  return (sharedResults[key] ??= Object.freeze(ok(Object.freeze(engine.toMove(code)))));
}

/** Entries of a new cursor's history: three per move, enough for most games. */
const HISTORY_START = 3 * 128;

class EngineReplay implements Replay {
  readonly engine: Engine;
  /** The start position, until a move is played. */
  private start: Setup | undefined;
  private halfmoves: number;
  private fullmoves: number;
  /**
   * Per move played: its code, then the clocks before it, in `history[0, historyLength)`. The
   * buffer is taken over from the cursor that lends its engine, so a reader of many games
   * grows one, not one per game.
   */
  private history: Float64Array;
  private historyLength = 0;
  /** The variant the start position names, carried by every position built. */
  private readonly named: Setup['variant'];

  constructor(setup: Setup, done?: EngineReplay) {
    const rules = variantOf(setup).rules;
    const spec = rules.spec;
    const spare = done?.engine;
    this.engine = (spare?.c.spec === spec ? spare : new Engine(spec)).load(setup, rules);
    this.history = done?.history ?? new Float64Array(HISTORY_START);
    this.start = setup;
    this.named = setup.variant;
    this.halfmoves = setup.halfmoves;
    this.fullmoves = setup.fullmoves;
  }

  get turn(): Color {
    return this.engine.us === WHITE ? 'white' : 'black';
  }

  playSan(text: string): Result<Move, MoveNotationError> {
    const code = typeof text === 'string' && text.length < 16 ? plainSanCodeAt(this.engine, text, 0, text.length) : -1;
    return code >= 0 ? this.played(code) : this.playAnySan(text);
  }

  playSanAt(text: string, from: number, to: number): Result<Move, MoveNotationError> {
    // Not a text: `playSan`'s own error. A range that `slice` does not take as it is (negative,
    // reversed, fractional): sliced as `slice` reads it.
    if (typeof text !== 'string') return this.playSan(text);
    if (
      typeof from !== 'number' ||
      typeof to !== 'number' ||
      !(from >= 0 && from <= to && to <= text.length) ||
      (from | 0) !== from ||
      (to | 0) !== to
    )
      return this.playSan(text.slice(from, to));
    const code = to - from < 16 ? plainSanCodeAt(this.engine, text, from, to) : -1;
    return code >= 0 ? this.played(code) : this.playAnySan(text.slice(from, to));
  }

  /** Plays a code `plainSanCodeAt` or `plainCoordinateCode` found: its result, shared when it can be. */
  private played(code: number): Ok<Move> {
    const engine = this.engine;
    // The move before it is made: an en passant move names its victim from the position.
    const result = code >>> 20 ? ok(engine.toMove(code)) : sharedResult(engine, code);
    this.make(code);
    return result;
  }

  /** `playSan` past the plain-SAN road. */
  private playAnySan(text: string): Result<Move, MoveNotationError> {
    const result = parseSanOn(this.engine, text);
    // parseSan answers with a generated move, so it plays as it is.
    if (result.ok) this.make(this.engine.encode(result.value));
    return result;
  }

  playCoordinate(text: string): Result<Move, MoveNotationError> {
    const engine = this.engine;
    const code = typeof text === 'string' ? plainCoordinateCode(engine, text) : -1;
    if (code >= 0) return this.played(code);
    const result = parseCoordinate(this.setup(), text);
    if (result.ok) this.play(result.value);
    return result;
  }

  play(move: Move): boolean {
    const engine = this.engine;
    const code = engine.encode(move);
    // A normal or en passant move is looked for among its piece's moves alone (castling and
    // drops among all), as a SAN reader looks: a variation's move played again costs little.
    const role = code >>> 24 > 1 ? 0 : (engine.board[code & 1023] as number) & 15;
    const end = code < 0 ? 0 : engine.generateTo(0, engine.c.cellOf[move.to] as number, role);
    for (let i = 0; i < end; i++) {
      if (engine.moves[i] === code) {
        this.make(code);
        return true;
      }
    }
    return false;
  }

  pass(): void {
    const engine = this.engine;
    // A pass has no move code: a negative entry keeps the en passant cells it clears instead.
    this.record(-1 - ((engine.ep0 + 1) | ((engine.ep1 + 1) << 11)));
    this.halfmoves = increment(this.halfmoves);
    if (engine.us !== WHITE) this.fullmoves = increment(this.fullmoves);
    engine.us ^= WHITE | BLACK;
    engine.ep0 = engine.ep1 = -1;
    engine.checkAt[engine.ply] = UNTRUSTED;
    this.start = undefined;
  }

  private make(code: number): void {
    const engine = this.engine;
    const b = engine.board;
    const kind = code >>> 24;
    const from = code & 1023;
    // Pawn moves (drops too), captures and en passant (kind 1) reset the half-move clock; castling (kind 2) never does.
    const resets =
      kind === 0
        ? ((b[from] as number) & 15) === PAWN || b[(code >>> 10) & 1023] !== 0
        : kind === 1 || (kind === 3 && from === PAWN);
    this.record(code);
    this.halfmoves = resets ? 0 : increment(this.halfmoves);
    if (engine.us !== WHITE) this.fullmoves = increment(this.fullmoves);
    engine.make(code);
    this.start = undefined;
  }

  /** Adds a move's code (or a pass's entry) and the clocks before it to the history. */
  private record(entry: number): void {
    const n = this.historyLength;
    let history = this.history;
    if (n + 3 > history.length) {
      history = new Float64Array(history.length * 2);
      history.set(this.history);
      this.history = history;
    }
    history[n] = entry;
    history[n + 1] = this.halfmoves;
    history[n + 2] = this.fullmoves;
    this.historyLength = n + 3;
  }

  undo(): boolean {
    const n = this.historyLength - 3;
    if (n < 0) return false;
    this.historyLength = n;
    const history = this.history;
    this.fullmoves = history[n + 2] as number;
    this.halfmoves = history[n + 1] as number;
    const code = history[n] as number;
    const engine = this.engine;
    if (code >= 0) engine.unmake(code);
    else {
      engine.us ^= WHITE | BLACK;
      engine.checkAt[engine.ply] = UNTRUSTED;
      engine.ep0 = ((-1 - code) & 2047) - 1;
      engine.ep1 = ((-1 - code) >> 11) - 1;
    }
    return true;
  }

  setup(): Setup {
    if (this.start && this.historyLength === 0) return this.start;
    const engine = this.engine;
    const { c, board } = engine;
    const { geometry } = c.spec;
    const pieces: (Piece | undefined)[] = [];
    for (let square = 0; square < c.cellOf.length; square++) {
      const code = board[c.cellOf[square] as number] as number;
      pieces.push(
        code > 0 && code < 128
          ? piece(code & WHITE ? 'white' : 'black', roleOf(code), (code & PROMOTED) > 0)
          : undefined,
      );
    }
    const squares = (cells: readonly number[]): number[] =>
      cells.filter((cell) => cell >= 0).map((cell) => c.squareOf[cell] as number);
    const setup: { -readonly [K in keyof Setup]: Setup[K] } = {
      board: { geometry, pieces },
      turn: this.turn,
      castlingRooks: squares(engine.castling),
      epSquares: squares([engine.ep0, engine.ep1]),
      halfmoves: this.halfmoves,
      fullmoves: this.fullmoves,
    };
    const { pockets, remainingChecks } = engine;
    if (pockets) {
      const pocket = (base: number) =>
        Object.fromEntries(ROLES.map((role) => [role, pockets[base + roleCode(role)] as number])) as Pocket;
      setup.pockets = { white: pocket(0), black: pocket(16) };
    }
    if (remainingChecks)
      setup.remainingChecks = { white: remainingChecks[0] as number, black: remainingChecks[1] as number };
    if (this.named !== undefined) setup.variant = this.named;
    return setup;
  }

  fork(): Replay {
    return new EngineReplay(this.setup());
  }
}

/** The cursor for positions the engine cannot hold whole: one Setup per move, as `parseSan` and `play` go. */
class SetupReplay implements Replay {
  private readonly positions: Setup[];

  constructor(setup: Setup) {
    this.positions = [setup];
  }

  get turn(): Color {
    return this.setup().turn;
  }

  playSan(text: string): Result<Move, MoveNotationError> {
    const result = parseSan(this.setup(), text);
    if (result.ok) this.positions.push(play(this.setup(), result.value));
    return result;
  }

  playSanAt(text: string, from: number, to: number): Result<Move, MoveNotationError> {
    return this.playSan(typeof text === 'string' ? text.slice(from, to) : text);
  }

  playCoordinate(text: string): Result<Move, MoveNotationError> {
    const result = parseCoordinate(this.setup(), text);
    if (result.ok) this.positions.push(play(this.setup(), result.value));
    return result;
  }

  play(move: Move): boolean {
    const legal = isLegal(this.setup(), move);
    if (legal) this.positions.push(play(this.setup(), move));
    return legal;
  }

  pass(): void {
    const setup = this.setup();
    this.positions.push({
      ...setup,
      turn: opposite(setup.turn),
      epSquares: [],
      halfmoves: increment(setup.halfmoves),
      fullmoves: setup.turn === 'black' ? increment(setup.fullmoves) : setup.fullmoves,
    });
  }

  undo(): boolean {
    return this.positions.length > 1 && this.positions.pop() !== undefined;
  }

  setup(): Setup {
    return this.positions[this.positions.length - 1] as Setup;
  }

  fork(): Replay {
    return new SetupReplay(this.setup());
  }
}

/**
 * A cursor that replays a game from `setup`: `playSan` reads and plays each move with
 * `parseSan`'s leniency and errors, `setup()` gives the position when it is wanted, and `fork`
 * starts a variation. Much cheaper per move than `parseSan` then `play`. `done`, a cursor
 * that will not be used again, lends its engine (a reader of many games saves allocating one
 * per game); `done` must then be dropped.
 */
export function createReplay(setup: Setup, done?: Replay): Replay {
  return fitsEngine(setup)
    ? new EngineReplay(setup, done instanceof EngineReplay ? done : undefined)
    : new SetupReplay(setup);
}
