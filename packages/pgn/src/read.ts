/**
 * The PGN reader: one character-level state machine shared by `parsePgn` and the streaming
 * reader, so that a text read whole and the same text pushed in any pieces give the same
 * games. It holds at most one token (bounded by the limits) and the game being built (bounded
 * by the game length limit); variations are a stack of frames, never recursion.
 */
import {
  createReplay,
  err,
  ok,
  parseCoordinate,
  type Move,
  type Replay,
  type Result,
  type Setup,
} from '@chess-formats/board-core';
import type { PgnError, PgnErrorCode } from './errors.js';
import { type PgnGame, type PgnResult, type PgnRoot, type PgnVariant } from './game.js';
import { initialSetup, variantOf } from './setup.js';

/**
 * Options of `parsePgn` and `createPgnReader`: what to read, and the limits that bound the
 * memory a hostile input can take.
 */
export interface PgnReadOptions {
  /** Read tags and the result only: movetext is scanned for its structure, moves are not read (default `false`). */
  readonly tagsOnly?: boolean;
  /** The longest game, in characters from its first token; a longer one is reported and skipped (default 1 MiB). */
  readonly maxGameLength?: number;
  /** The deepest nesting of variations (default 100). */
  readonly maxVariationDepth?: number;
  /** The longest tag name or value (default 4,096). */
  readonly maxTagLength?: number;
  /** The longest comment (default 65,536). */
  readonly maxCommentLength?: number;
}

/** The limits used when `PgnReadOptions` leave them out (frozen); lengths are in characters. */
export const DEFAULT_LIMITS = /* @__PURE__ */ Object.freeze({
  maxGameLength: 1 << 20,
  maxVariationDepth: 100,
  maxTagLength: 4096,
  maxCommentLength: 65536,
});

/** No move, move number or result is near this long; anything longer is refused before it grows. */
const MAX_SYMBOL_LENGTH = 255;

/**
 * What a `PgnReader` gives for each game of the input: the game, or the error that made it
 * unreadable (reading goes on with the next game).
 */
export type PgnEvent =
  | { readonly kind: 'game'; readonly game: PgnGame }
  | { readonly kind: 'error'; readonly error: PgnError };

/**
 * A streaming PGN reader, made by `createPgnReader`: push the input in chunks of any size, then
 * call `end`.
 */
export interface PgnReader {
  /** Reads a piece of the input (text, or UTF-8 bytes split anywhere); returns the games completed so far. */
  push(chunk: string | Uint8Array): PgnEvent[];
  /** Ends the input: returns the last game (or its error); the reader then starts afresh. */
  end(): PgnEvent[];
  /** Characters held for the token being read (a diagnostic: it stays under the limits, whatever is pushed). */
  readonly bufferedLength: number;
}

interface MutableNode {
  san: string;
  move: Move | null;
  children: MutableNode[];
  commentsBefore?: string[];
  comments?: string[];
  nags?: number[];
  clockMs?: number;
  emtMs?: number;
}

interface MutableRoot {
  comments?: string[];
  children: MutableNode[];
}

/** Where the next move of a line goes, and what it is played from. */
interface Frame {
  parent: MutableNode | MutableRoot;
  last: MutableNode | undefined;
  lastParent: MutableNode | MutableRoot | undefined;
  /** Moves this line has played on the game's cursor, taken back when the variation closes. */
  played: number;
  pending: string[] | undefined;
}

interface Position {
  line: number;
  column: number;
  offset: number;
}

const RESULTS: ReadonlySet<string> = /* @__PURE__ */ new Set(['1-0', '0-1', '1/2-1/2', '*']);
const ANNOTATIONS: ReadonlyMap<string, number> = /* @__PURE__ */ new Map([
  ['!', 1],
  ['?', 2],
  ['!!', 3],
  ['??', 4],
  ['!?', 5],
  ['?!', 6],
]);
/** The rest of a tag pair after `[`, without escapes: the state machine reads it char by char the same. */
const PLAIN_TAG = /[ \t]*([\w+#=:@/-]+)[ \t]*"([^"\\\r\n]*)"[ \t]*\]/y;

// Only the part of the WHATWG TextDecoder this module uses (the package compiles without DOM types).
declare const TextDecoder: new (label: 'utf-8') => Utf8Decoder;
interface Utf8Decoder {
  decode(input?: Uint8Array, options?: { stream: boolean }): string;
}

interface GameError {
  readonly code: PgnErrorCode;
  readonly message: string;
  readonly cause: PgnError['cause'] | undefined;
  /** Where the error is, when not at the token that found it (a tag's value). */
  readonly at: Position | undefined;
}

function gameError(code: PgnErrorCode, message: string, cause?: PgnError['cause'], at?: Position): GameError {
  // Internal: `report` builds the error users see, without the fields left undefined here.
  return { code, message, cause, at };
}

/** The game being read. Methods return a `GameError` instead of throwing. */
class GameBuilder {
  readonly tags = new Map<string, string>();
  /** Where the values of the `FEN` and `Variant` tags start: their errors are reported there, not at the move that settles the position. */
  readonly tagValueAt = new Map<string, Position>();
  movetext = false;
  variant: PgnVariant = 'standard';
  setup: Setup | undefined;
  readonly root: MutableRoot = { children: [] };
  readonly stack: Frame[] = [];
  frame: Frame | undefined;
  /**
   * The position of the line being read, on board-core's replay cursor (a move costs no Setup).
   * Variations share it: one steps back over the move it replaces and, when it closes, takes
   * its own moves back and plays that move again.
   */
  position: Replay | undefined;
  depth = 0;

  readonly tagsOnly: boolean;
  readonly maxDepth: number;

  /** The cursor of the game read before, whose engine this game's cursor takes over. */
  spare: Replay | undefined;

  constructor(tagsOnly: boolean, maxDepth: number, spare: Replay | undefined) {
    this.tagsOnly = tagsOnly;
    this.maxDepth = maxDepth;
    this.spare = spare;
  }

  /** Settles the initial position from the tags at the first token of movetext. */
  start(): GameError | undefined {
    if (this.setup !== undefined) return undefined;
    const variant = variantOf(this.tags.get('Variant'));
    if (variant === undefined) {
      return gameError(
        'unknown-variant',
        `the Variant tag names a game the rules do not play: ${JSON.stringify(this.tags.get('Variant'))}`,
        undefined,
        this.tagValueAt.get('Variant'),
      );
    }
    const initial = initialSetup(variant, this.tags.get('FEN'));
    if (!initial.ok)
      return gameError('bad-fen', initial.message, initial.cause as PgnError['cause'], this.tagValueAt.get('FEN'));
    this.variant = variant;
    this.setup = initial.setup;
    // Tags only: no move is played, so no position is kept.
    if (!this.tagsOnly) this.position = createReplay(initial.setup, this.spare);
    this.spare = undefined;
    this.frame = { parent: this.root, last: undefined, lastParent: undefined, played: 0, pending: undefined };
    return undefined;
  }

  begin(): GameError | undefined {
    this.movetext = true;
    return this.start();
  }

  move(text: string): GameError | undefined {
    const problem = this.begin();
    if (problem || this.tagsOnly) return problem;
    const frame = this.frame!;
    const position = this.position!;
    let move: Move | null = null;
    if (text === '--' || text === 'Z0') position.pass();
    else {
      const san = position.playSan(text);
      if (san.ok) move = san.value;
      else {
        // Some tools write coordinates in movetext (`g1f3`); read them when SAN fails.
        const before = position.setup();
        const coordinate = parseCoordinate(before, text);
        if (!coordinate.ok) {
          const number = `${before.fullmoves}${before.turn === 'white' ? '.' : '...'}`;
          return gameError(
            'illegal-move',
            `${JSON.stringify(text)} at ${number} is not a legal move: ${san.error.message}`,
            san.error,
          );
        }
        move = coordinate.value;
        position.play(move);
      }
    }
    const node: MutableNode = { san: text, move, children: NO_CHILDREN };
    if (frame.pending !== undefined) {
      node.commentsBefore = frame.pending;
      frame.pending = undefined;
    }
    // An array made with its one element holds one slot; a push onto an empty one reserves 17,
    // and the tree keeps them all.
    const siblings = frame.parent.children;
    if (siblings.length === 0) frame.parent.children = [node];
    else siblings.push(node);
    frame.played++;
    frame.lastParent = frame.parent;
    frame.last = node;
    frame.parent = node;
    return undefined;
  }

  comment(text: string): void {
    if (this.tagsOnly) return;
    const frame = this.frame;
    const last = frame?.last;
    if (last !== undefined) {
      const rest = takeCommands(last, text);
      if (rest !== undefined) last.comments = append(last.comments, rest);
    } else if (frame === undefined || this.stack.length === 0) {
      this.root.comments = append(this.root.comments, text);
    } else {
      frame.pending = append(frame.pending, text);
    }
  }

  nag(value: number): GameError | undefined {
    const problem = this.begin();
    if (problem || this.tagsOnly) return problem;
    const last = this.frame!.last;
    if (last === undefined) return gameError('unexpected-token', 'an annotation before any move');
    last.nags = append(last.nags, value);
    return undefined;
  }

  open(): GameError | undefined {
    const problem = this.begin();
    if (problem) return problem;
    if (this.depth >= this.maxDepth)
      return gameError('variation-too-deep', `variations nest deeper than ${this.maxDepth}`);
    this.depth++;
    if (this.tagsOnly) return undefined;
    const frame = this.frame!;
    if (frame.last === undefined) return gameError('unexpected-token', 'a variation before any move it could replace');
    this.stack.push(frame);
    // A variation replaces the last move: it starts from the position before it.
    this.position!.undo();
    this.frame = { parent: frame.lastParent!, last: undefined, lastParent: undefined, played: 0, pending: undefined };
    return undefined;
  }

  close(): GameError | undefined {
    const problem = this.begin();
    if (problem) return problem;
    if (this.depth === 0) return gameError('unexpected-token', '`)` closes no variation');
    this.depth--;
    // Comments in a variation without a move have nothing to stand beside; they go with it.
    if (this.tagsOnly) return undefined;
    const position = this.position!;
    const variation = this.frame!;
    leaf(variation.last);
    for (let i = variation.played; i > 0; i--) position.undo();
    const frame = this.stack.pop()!;
    this.frame = frame;
    const { move } = frame.last!;
    if (move === null) position.pass();
    else position.play(move);
    return undefined;
  }

  finish(result: PgnResult | undefined): Result<PgnGame, GameError> {
    if (this.depth > 0)
      return err(
        gameError(
          'unclosed-variation',
          `the game ends inside ${this.depth} open variation${this.depth > 1 ? 's' : ''}`,
        ),
      );
    const problem = this.start();
    if (problem) return err(problem);
    const tagResult = this.tags.get('Result');
    const final = result ?? (tagResult !== undefined && RESULTS.has(tagResult) ? (tagResult as PgnResult) : '*');
    leaf(this.frame?.last);
    const root: PgnRoot = this.root;
    return ok({ tags: this.tags, variant: this.variant, setup: this.setup!, root, result: final });
  }
}

/**
 * The children of a node until it has some: not an array per node, since most are replaced by
 * the next move's own. A line's last node gets an array of its own when the line ends.
 */
const NO_CHILDREN: MutableNode[] = [];

function leaf(node: MutableNode | undefined): void {
  if (node?.children === NO_CHILDREN) node.children = [];
}

/** `list` with `value` added, or a list of `value` alone (sized to it, as a push onto `[]` is not). */
function append<T>(list: T[] | undefined, value: T): T[] {
  if (list === undefined) return [value];
  list.push(value);
  return list;
}

/** Moves `[%clk]` and `[%emt]` out of a comment after a move into the node; undefined when nothing else is left. */
function takeCommands(node: MutableNode, text: string): string | undefined {
  let rest = text;
  for (let at = rest.indexOf('[%'); at >= 0; ) {
    const end = readCommand(node, rest, at);
    if (end === -2) break;
    if (end < 0) {
      at = rest.indexOf('[%', at + 1);
      continue;
    }
    rest = at === 0 && end === rest.length ? '' : (rest.slice(0, at) + rest.slice(end)).trim();
    at = rest.indexOf('[%');
  }
  return rest === '' && rest !== text ? undefined : rest;
}

const SPACE = /\s/;

/** Whether `text[i]` is white space as a regular expression's `\s` has it. */
function isSpaceAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 32 || ((c < 33 || c > 127) && SPACE.test(text.charAt(i)));
}

/**
 * Reads `[%clk h:mm:ss.fff]` or `[%emt ...]` at `at` (hours up to nine digits, the fraction
 * optional) into the node, and returns where it ends: -1 when no command starts there, -2
 * when the node has that field already (the first command of each kind wins). With `end`,
 * only a command that ends there is read.
 */
function readCommand(node: MutableNode, text: string, at: number, end = -1): number {
  const clock = text.startsWith('clk', at + 2);
  if (!(clock || text.startsWith('emt', at + 2)) || !isSpaceAt(text, at + 5)) return -1;
  let i = at + 6;
  while (isSpaceAt(text, i)) i++;
  let total = 0;
  // Hours, minutes, seconds.
  for (let part = 0; part < 3; part++) {
    let value = 0;
    const start = i;
    for (let d = text.charCodeAt(i) - 48; d >= 0 && d <= 9; d = text.charCodeAt(++i) - 48) value = value * 10 + d;
    if (i === start || i - start > (part === 0 ? 9 : 2) || (part < 2 && text.charCodeAt(i++) !== 58)) return -1;
    total = total * 60 + value;
  }
  total *= 1000;
  if (text.charCodeAt(i) === 46) {
    const start = ++i;
    let value = 0;
    for (let d = text.charCodeAt(i) - 48; d >= 0 && d <= 9; d = text.charCodeAt(++i) - 48) value = value * 10 + d;
    if (i === start || i - start > 3) return -1;
    total += value * (i - start === 1 ? 100 : i - start === 2 ? 10 : 1);
  }
  while (isSpaceAt(text, i)) i++;
  if (text.charCodeAt(i) !== 93 || (end >= 0 && i + 1 !== end)) return -1;
  const key = clock ? 'clockMs' : 'emtMs';
  if (node[key] !== undefined) return -2;
  node[key] = total;
  return i + 1;
}

const Mode = {
  Top: 0,
  TagOpen: 1,
  TagName: 2,
  TagBeforeValue: 3,
  TagValue: 4,
  TagEscape: 5,
  TagClose: 6,
  Comment: 7,
  LineComment: 8,
  EscapeLine: 9,
  Symbol: 10,
  Nag: 11,
  Annotation: 12,
  Skip: 13,
} as const;
type Mode = (typeof Mode)[keyof typeof Mode];

function isSymbolCode(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 95 ||
    c === 43 ||
    c === 35 ||
    c === 61 ||
    c === 58 ||
    c === 45 ||
    c === 64 ||
    c === 47
  );
}

/** 1 for the ASCII codes of `isSymbolCode`, 2 for white space but the newline, 3 for `.`: one lookup in the hot loops. */
const CODE_CLASS = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++)
    table[c] = isSymbolCode(c) ? 1 : c === 32 || c === 13 || c === 9 || c === 11 || c === 12 ? 2 : c === 46 ? 3 : 0;
  return table;
})();

/** Whether `text[from, to)` is all digits: a move number (its periods are read apart). */
function isMoveNumber(text: string, from = 0, to = text.length): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function isSpaceCode(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 11 || c === 12;
}

function positiveInteger(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

function describe(value: unknown): string {
  return value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : `a ${typeof value}`;
}

/**
 * Exported for the tests only (the package exports `createPgnReader`). Its fields are `#`
 * private: a minifier shortens those names, and the reader's many fields cost about 130
 * bytes gzipped less so (its methods stay `private`: as `#` methods they measured slower).
 */
export class Reader implements PgnReader {
  readonly #tagsOnly: boolean;
  /** Whether movetext takes the fast paths, `skipMovetext` or `readMovetext` (the tests turn them off to compare). */
  readonly #fast: boolean;
  readonly #maxGameLength: number;
  readonly #maxDepth: number;
  readonly #maxTagLength: number;
  readonly #maxCommentLength: number;
  #decoder: Utf8Decoder | undefined;

  #events: PgnEvent[] = [];
  #game: GameBuilder | undefined;
  /** The game started last (maybe `game`, maybe over). */
  #previous: GameBuilder | undefined;
  #gameStart = 0;
  #mode: Mode = Mode.Top;
  #line = 1;
  #column = 1;
  #offset = 0;
  #started = false;
  /** Where the current token started. */
  #token: Position = { line: 1, column: 1, offset: 0 };
  #buffer = '';
  #tagName = '';
  /** Where the value of the tag being read starts. */
  #valueLine = 1;
  #valueColumn = 1;
  #valueOffset = 0;
  #commentLength = 0;
  /** Skipping a broken game: whether the line has more than white space, its last word, whether a line ended with a result. */
  #skipContent = false;
  #skipWord = '';
  #skipWordDone = true;
  #skipAfterResult = false;
  /** Skipping: whether the line before this one was blank. */
  #skipAfterBlank = false;
  /** Whether the current line has had a token (a line without one, in movetext, ends the game). */
  #lineHasToken = false;
  /** A tag at the start of a line while skipping: it starts a game only if it is `Event`. */
  #probing = false;

  constructor(options: PgnReadOptions | undefined, fast = true) {
    const o: PgnReadOptions = typeof options === 'object' && options !== null ? options : {};
    this.#tagsOnly = o.tagsOnly === true;
    this.#fast = fast;
    this.#maxGameLength = positiveInteger(o.maxGameLength, DEFAULT_LIMITS.maxGameLength);
    this.#maxDepth = positiveInteger(o.maxVariationDepth, DEFAULT_LIMITS.maxVariationDepth);
    this.#maxTagLength = positiveInteger(o.maxTagLength, DEFAULT_LIMITS.maxTagLength);
    this.#maxCommentLength = positiveInteger(o.maxCommentLength, DEFAULT_LIMITS.maxCommentLength);
  }

  get bufferedLength(): number {
    return this.#buffer.length + this.#tagName.length;
  }

  push(chunk: string | Uint8Array): PgnEvent[] {
    const value: unknown = chunk;
    if (typeof value === 'string') {
      this.flushDecoder();
      this.feed(value);
    } else if (value instanceof Uint8Array) {
      try {
        this.#decoder ??= new TextDecoder('utf-8');
        this.feed(this.#decoder.decode(value, { stream: true }));
      } catch {
        // A detached buffer; nothing of it can be read.
        this.report('not-text', 'a chunk whose bytes cannot be read', this.here());
      }
    } else {
      this.report('not-text', `expected text or bytes, got ${describe(value)}`, this.here());
    }
    return this.take();
  }

  end(): PgnEvent[] {
    this.flushDecoder();
    const at = this.here();
    switch (this.#mode) {
      case Mode.Comment:
        this.fail('unterminated-comment', 'the input ends inside a comment', this.#token);
        break;
      case Mode.LineComment:
        this.#game?.comment(this.#buffer.trim());
        break;
      case Mode.Symbol:
      case Mode.Nag:
      case Mode.Annotation:
        this.endToken();
        break;
      default:
        // The modes of a tag pair.
        if (this.#mode >= Mode.TagOpen && this.#mode <= Mode.TagClose && !this.#probing)
          this.fail('tag-syntax', 'the input ends inside a tag pair', this.#token);
    }
    if (this.#game !== undefined) this.finishGame(undefined, at);
    const events = this.take();
    this.reset();
    return events;
  }

  private reset(): void {
    this.#decoder = undefined;
    this.#game = undefined;
    this.#mode = Mode.Top;
    this.#line = 1;
    this.#column = 1;
    this.#offset = 0;
    this.#started = false;
    this.#buffer = '';
    this.#tagName = '';
    this.#probing = false;
  }

  private flushDecoder(): void {
    if (this.#decoder === undefined) return;
    const rest = this.#decoder.decode();
    this.#decoder = undefined;
    if (rest !== '') this.feed(rest);
  }

  private take(): PgnEvent[] {
    const events = this.#events;
    this.#events = [];
    return events;
  }

  private here(): Position {
    return { line: this.#line, column: this.#column, offset: this.#offset };
  }

  private report(code: PgnErrorCode, message: string, at: Position, cause?: PgnError['cause']): void {
    const error: { -readonly [K in keyof PgnError]: PgnError[K] } = {
      code,
      line: at.line,
      column: at.column,
      offset: at.offset,
      message,
    };
    if (cause !== undefined) error.cause = cause;
    this.#events.push({ kind: 'error', error });
  }

  /** Reports the game's error and skips the rest of it. */
  private fail(code: PgnErrorCode, message: string, at: Position, cause?: PgnError['cause']): void {
    this.report(code, message, at, cause);
    this.#game = undefined;
    this.#buffer = '';
    this.#tagName = '';
    this.#probing = false;
    this.#mode = Mode.Skip;
    this.#skipContent = true;
    this.#skipWord = '';
    this.#skipWordDone = true;
    this.#skipAfterResult = false;
    this.#skipAfterBlank = false;
  }

  private failWith(problem: GameError | undefined, at: Position): boolean {
    if (problem === undefined) return false;
    this.fail(problem.code, problem.message, problem.at ?? at, problem.cause);
    return true;
  }

  private finishGame(result: PgnResult | undefined, at: Position): void {
    const game = this.#game;
    if (game === undefined) return;
    this.#game = undefined;
    const finished = game.finish(result);
    if (finished.ok) this.#events.push({ kind: 'game', game: finished.value });
    else this.report(finished.error.code, finished.error.message, finished.error.at ?? at, finished.error.cause);
  }

  /** A new game, lent the engine of the game before (which is over: its cursor is not used again). */
  private newGame(): GameBuilder {
    const before = this.#previous;
    const game = new GameBuilder(this.#tagsOnly, this.#maxDepth, before?.position ?? before?.spare);
    this.#previous = game;
    return game;
  }

  /** The game a token belongs to, started if need be; false when the game grew too long. */
  private gameFor(at: Position): GameBuilder | undefined {
    if (this.#game === undefined) {
      this.#game = this.newGame();
      this.#gameStart = at.offset;
    } else if (at.offset - this.#gameStart > this.#maxGameLength) {
      this.fail('game-too-large', `the game is longer than ${this.#maxGameLength} characters`, at);
      return undefined;
    }
    return this.#game;
  }

  private feed(text: string): void {
    let i = 0;
    const n = text.length;
    if (!this.#started && n > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    while (i < n) {
      const c = text.charCodeAt(i);
      switch (this.#mode) {
        case Mode.Comment: {
          const close = text.indexOf('}', i);
          const stop = close < 0 ? n : close;
          const over = this.commentOverflow(text, i, stop);
          if (over >= 0) {
            i = over;
            continue;
          }
          if (!this.#tagsOnly) this.#buffer += text.slice(i, stop);
          this.advance(text, i, stop);
          i = stop;
          if (close >= 0) {
            this.advance(text, i, i + 1);
            i++;
            this.#mode = Mode.Top;
            this.#lineHasToken = true;
            const comment = this.#buffer.trim();
            this.#buffer = '';
            this.#game?.comment(comment);
          }
          continue;
        }
        case Mode.LineComment:
        case Mode.EscapeLine: {
          const newline = text.indexOf('\n', i);
          const stop = newline < 0 ? n : newline;
          if (this.#mode === Mode.LineComment) {
            const over = this.commentOverflow(text, i, stop);
            if (over >= 0) {
              i = over;
              continue;
            }
            if (!this.#tagsOnly) this.#buffer += text.slice(i, stop);
          }
          this.advance(text, i, stop);
          i = stop;
          if (newline >= 0) {
            if (this.#mode === Mode.LineComment) {
              const comment = this.#buffer.trim();
              this.#buffer = '';
              this.#game?.comment(comment);
            }
            this.#mode = Mode.Top;
          }
          continue;
        }
        case Mode.Symbol:
          if (isSymbolCode(c)) {
            if (this.#buffer.length >= MAX_SYMBOL_LENGTH) {
              this.fail('token-too-long', `a token longer than ${MAX_SYMBOL_LENGTH} characters`, this.#token);
              continue;
            }
            this.#buffer += text[i];
            break;
          }
          this.endToken();
          continue;
        case Mode.Nag:
          if (c >= 48 && c <= 57) {
            if (this.#buffer.length >= 4) {
              this.fail('bad-nag', 'a NAG above 255', this.#token);
              continue;
            }
            this.#buffer += text[i];
            break;
          }
          this.endToken();
          continue;
        case Mode.Annotation:
          if (c === 33 || c === 63) {
            if (this.#buffer.length >= 2) {
              this.fail('bad-nag', `${JSON.stringify(this.#buffer + text[i])} is no annotation`, this.#token);
              continue;
            }
            this.#buffer += text[i];
            break;
          }
          this.endToken();
          continue;
        case Mode.Skip:
          this.skip(c);
          break;
        case Mode.Top: {
          if (this.#fast && this.#game !== undefined) {
            const read = this.#tagsOnly ? this.skipMovetext(text, i) : this.readMovetext(text, i);
            if (read > i) {
              i = read;
              continue;
            }
          }
          this.top(c, text, i);
          break;
        }
        default: {
          // A plain tag pair read whole, as the characters one by one would read it.
          if (this.#mode === Mode.TagOpen && !this.#probing) {
            PLAIN_TAG.lastIndex = i;
            const match = PLAIN_TAG.exec(text);
            if (match !== null && match[1]!.length <= this.#maxTagLength && match[2]!.length <= this.#maxTagLength) {
              const quote = match[0].indexOf('"') + 1;
              this.setTag(match[1]!, match[2]!, this.#line, this.#column + quote, this.#offset + quote);
              this.#mode = Mode.Top;
              this.#offset += match[0].length;
              this.#column += match[0].length;
              i += match[0].length;
              continue;
            }
          }
          if (!this.tag(c, text[i]!)) continue;
        }
      }
      // One character: the common case, without a search.
      this.#offset++;
      if (c === 10) {
        this.#line++;
        this.#column = 1;
      } else this.#column++;
      i++;
    }
  }

  /**
   * Tags only, inside movetext: passes over the tokens that change nothing but the variation
   * depth, far faster than the state machine. It stops before anything it cannot settle in
   * this chunk exactly as the state machine would (a result, a tag, a blank line, an error, a
   * token cut by the chunk's end, a token past the game length limit), which then reads it.
   * Returns where it stopped, with the position moved over what it passed.
   */
  private skipMovetext(text: string, from: number): number {
    const game = this.#game!;
    if (!game.movetext) return from;
    const n = text.length;
    // A token may start only up to here (the game length limit is checked where tokens start).
    const end = Math.min(n, from + (this.#gameStart + this.#maxGameLength - this.#offset) + 1);
    let lineHasToken = this.#lineHasToken;
    let i = from;
    while (i < end) {
      const c = text.charCodeAt(i);
      const kind = c < 128 ? CODE_CLASS[c] : 0;
      let stop = i + 1;
      if (kind === 2) {
        i = stop;
        continue;
      }
      if (kind === 3) {
        // A period of a move number is no token, but the line has one.
        lineHasToken = true;
        i = stop;
        continue;
      }
      if (c === 10) {
        // A line without a token ends the game: the state machine does that.
        if (!lineHasToken) break;
        lineHasToken = false;
        i = stop;
        continue;
      }
      if (kind === 1) {
        for (let d = text.charCodeAt(stop); d < 128 && CODE_CLASS[d] === 1; d = text.charCodeAt(++stop));
        const length = stop - i;
        if (
          stop === n ||
          length > MAX_SYMBOL_LENGTH ||
          (c <= 49 && (length === 3 || length === 7) && RESULTS.has(text.slice(i, stop)))
        )
          break;
      } else if (c === 123) {
        const close = text.indexOf('}', stop);
        if (close < 0 || close - stop > this.#maxCommentLength) break;
        stop = close + 1;
      } else if (c === 36) {
        while (stop < n && text.charCodeAt(stop) >= 48 && text.charCodeAt(stop) <= 57) stop++;
        const digits = stop - i - 1;
        if (stop === n || digits === 0 || digits > 4 || Number(text.slice(i + 1, stop)) > 255) break;
      } else if (c === 33 || c === 63) {
        while (stop < n && (text.charCodeAt(stop) === 33 || text.charCodeAt(stop) === 63)) stop++;
        if (stop === n || stop - i > 2) break;
      } else if (c === 40) {
        if (game.depth >= this.#maxDepth) break;
        game.depth++;
      } else if (c === 41) {
        if (game.depth === 0) break;
        game.depth--;
      } else break;
      lineHasToken = true;
      i = stop;
    }
    this.#lineHasToken = lineHasToken;
    this.advance(text, from, i);
    return i;
  }

  /**
   * In a game, between tokens: reads the usual tokens of movetext in one tight loop (spaces,
   * line ends, move numbers and their periods, moves, and a comment that is one clock command
   * after a move), as the state machine would. It stops before anything else (a tag, a blank
   * line, a result, a token cut by the chunk's end or past the game length limit), which the
   * state machine then reads, and after a move it reports as an error. Returns where it
   * stopped, with the position moved over what it read.
   */
  private readMovetext(text: string, from: number): number {
    const game = this.#game!;
    const n = text.length;
    const token = this.#token;
    // A token may start only up to here (the game length limit is checked where tokens start).
    const end = this.#gameStart + this.#maxGameLength - this.#offset + from;
    let line = this.#line;
    let column = this.#column;
    let lineHasToken = this.#lineHasToken;
    let i = from;
    while (i < n) {
      const c = text.charCodeAt(i);
      let stop = i + 1;
      if (c === 32) {
        column++;
        i = stop;
        continue;
      }
      if (c === 10) {
        if (!lineHasToken) break;
        lineHasToken = false;
        line++;
        column = 1;
        i = stop;
        continue;
      }
      if (i > end) break;
      if (c === 46) {
        lineHasToken = true;
        column++;
        i = stop;
        continue;
      }
      if (c === 123) {
        // A comment that is one clock command after a move, between spaces, read where it stands.
        let at = stop;
        while (text.charCodeAt(at) === 32) at++;
        const bracket = text.indexOf(']', at) + 1;
        let close = bracket;
        while (text.charCodeAt(close) === 32) close++;
        const last = game.frame?.last;
        if (
          bracket === 0 ||
          text.charCodeAt(close) !== 125 ||
          close - stop > this.#maxCommentLength ||
          last === undefined ||
          text.charCodeAt(at) !== 91 ||
          text.charCodeAt(at + 1) !== 37 ||
          readCommand(last, text, at, bracket) < 0
        )
          break;
        column += close + 1 - i;
        i = close + 1;
        lineHasToken = true;
        continue;
      }
      if (c >= 128 || CODE_CLASS[c] !== 1) break;
      for (let d = text.charCodeAt(stop); d < 128 && CODE_CLASS[d] === 1; d = text.charCodeAt(++stop));
      const length = stop - i;
      if (stop === n || length > MAX_SYMBOL_LENGTH) break;
      const move = isMoveNumber(text, i, stop) ? '' : text.slice(i, stop);
      if (c <= 49 && RESULTS.has(move)) break;
      token.line = line;
      token.column = column;
      token.offset = this.#offset + i - from;
      lineHasToken = true;
      column += length;
      i = stop;
      // A move number settles the position, as `endToken` does, without a string for it.
      if (this.failWith(move === '' ? game.begin() : game.move(move), token)) break;
    }
    this.#offset += i - from;
    this.#line = line;
    this.#column = column;
    this.#lineHasToken = lineHasToken;
    return i;
  }

  /**
   * Counts `text[from, to)` into the comment being read. When that passes the limit, reports
   * it and returns where skipping resumes: the first character past the limit, wherever the
   * chunks were split (-1 when the comment still fits).
   */
  private commentOverflow(text: string, from: number, to: number): number {
    const room = this.#maxCommentLength - this.#commentLength;
    if (to - from <= room) {
      this.#commentLength += to - from;
      return -1;
    }
    this.advance(text, from, from + room);
    this.fail('comment-too-long', `a comment longer than ${this.#maxCommentLength} characters`, this.#token);
    return from + room;
  }

  /** Moves the position over `text[from, to)`, counting lines in one forward scan. */
  private advance(text: string, from: number, to: number): void {
    this.#offset += to - from;
    let lineStart = -1;
    for (
      let newline = text.indexOf('\n', from);
      newline >= 0 && newline < to;
      newline = text.indexOf('\n', newline + 1)
    ) {
      this.#line++;
      lineStart = newline + 1;
    }
    this.#column = lineStart < 0 ? this.#column + (to - from) : to - lineStart + 1;
  }

  private skip(c: number): void {
    if (c === 10) {
      if (this.#skipContent) this.#skipAfterResult = RESULTS.has(this.#skipWord);
      else if (this.#skipAfterResult) this.#mode = Mode.Top;
      this.#skipAfterBlank = !this.#skipContent;
      this.#lineHasToken = false;
      this.#skipContent = false;
      this.#skipWord = '';
      this.#skipWordDone = true;
    } else if (isSpaceCode(c)) {
      this.#skipWordDone = true;
    } else if (c === 91 && !this.#skipContent) {
      this.#probing = true;
      this.#token = this.here();
      this.#mode = Mode.TagOpen;
    } else {
      this.#skipContent = true;
      if (this.#skipWordDone) {
        this.#skipWord = '';
        this.#skipWordDone = false;
      }
      // Only the results matter, and none is longer than seven characters.
      if (this.#skipWord.length < 8) this.#skipWord += String.fromCharCode(c);
    }
  }

  private top(c: number, text: string, i: number): void {
    if (c === 10) {
      // A blank line ends the movetext (the export format separates games so, and chessops reads it so).
      if (!this.#lineHasToken && this.#game?.movetext === true) this.finishGame(undefined, this.here());
      this.#lineHasToken = false;
      return;
    }
    if (isSpaceCode(c)) return;
    this.#lineHasToken = true;
    // The token's position is kept in place: a new object per token would be garbage at once.
    const at = this.#token;
    at.line = this.#line;
    at.column = this.#column;
    at.offset = this.#offset;
    if (c === 37 && this.#column === 1) {
      this.#mode = Mode.EscapeLine;
      return;
    }
    if (c === 46) return; // the periods of move numbers
    if (c === 91 && this.#game?.movetext === true) this.finishGame(undefined, at);
    const game = this.gameFor(at);
    if (game === undefined) return;
    switch (c) {
      case 91:
        this.#mode = Mode.TagOpen;
        this.#tagName = '';
        this.#buffer = '';
        return;
      case 123:
        this.#mode = Mode.Comment;
        this.#commentLength = 0;
        this.#buffer = '';
        return;
      case 59:
        this.#mode = Mode.LineComment;
        this.#commentLength = 0;
        this.#buffer = '';
        return;
      case 40:
        this.failWith(game.open(), at);
        return;
      case 41:
        this.failWith(game.close(), at);
        return;
      case 36:
        this.#mode = Mode.Nag;
        this.#buffer = '';
        return;
      case 33:
      case 63:
        this.#mode = Mode.Annotation;
        this.#buffer = text[i]!;
        return;
      case 42:
        this.result('*', at);
        return;
      default:
        if (isSymbolCode(c)) {
          this.#mode = Mode.Symbol;
          this.#buffer = text[i]!;
          return;
        }
        this.fail('unexpected-token', `${JSON.stringify(text[i])} has no place in movetext`, at);
    }
  }

  private result(result: PgnResult, at: Position): void {
    const game = this.#game;
    if (game === undefined) return;
    const problem = game.begin();
    if (problem) {
      this.report(problem.code, problem.message, problem.at ?? at, problem.cause);
      this.#game = undefined;
      return;
    }
    this.finishGame(result, at);
  }

  /** Ends a symbol, NAG or annotation token at the character that follows it. */
  private endToken(): void {
    const text = this.#buffer;
    const mode = this.#mode;
    this.#buffer = '';
    this.#mode = Mode.Top;
    const at = this.#token;
    const game = this.#game;
    if (game === undefined) return;
    if (mode === Mode.Symbol) {
      // A result starts with 0 or 1 (`*` is read apart): hashing every move to look it up would cost more.
      const first = text.charCodeAt(0);
      if ((first === 48 || first === 49) && RESULTS.has(text)) this.result(text as PgnResult, at);
      else if (isMoveNumber(text)) this.failWith(game.begin(), at);
      else this.failWith(game.move(text), at);
      return;
    }
    const value = mode === Mode.Nag ? (text === '' ? undefined : Number(text)) : ANNOTATIONS.get(text);
    if (value === undefined || value > 255) {
      this.fail(
        'bad-nag',
        mode === Mode.Nag
          ? `${JSON.stringify(`$${text}`)} is no NAG (0 to 255)`
          : `${JSON.stringify(text)} is no annotation`,
        at,
      );
      return;
    }
    this.failWith(game.nag(value), at);
  }

  /** One character of a tag pair; false when the character must be read again (the state changed under it). */
  private tag(c: number, ch: string): boolean {
    switch (this.#mode) {
      case Mode.TagOpen:
        if (c === 32 || c === 9) return true;
        if (!isSymbolCode(c)) return this.tagError('expected a tag name after `[`');
        this.#tagName = ch;
        this.#mode = Mode.TagName;
        return true;
      case Mode.TagName:
        if (isSymbolCode(c)) {
          if (this.#tagName.length >= this.#maxTagLength)
            return this.tagError(`a tag name longer than ${this.#maxTagLength} characters`, 'tag-too-long');
          this.#tagName += ch;
          return true;
        }
        if (this.#probing) {
          this.#probing = false;
          if (this.#tagName !== 'Event' && !this.#skipAfterBlank) {
            this.#tagName = '';
            this.#mode = Mode.Skip;
            this.#skipContent = true;
            return false;
          }
          this.#game = this.newGame();
          this.#gameStart = this.#token.offset;
        }
        this.#mode = Mode.TagBeforeValue;
        return false;
      case Mode.TagBeforeValue:
        if (c === 32 || c === 9) return true;
        if (c !== 34) return this.tagError(`expected the quoted value of tag ${this.#tagName}`);
        this.#buffer = '';
        this.#valueLine = this.#line;
        this.#valueColumn = this.#column + 1;
        this.#valueOffset = this.#offset + 1;
        this.#mode = Mode.TagValue;
        return true;
      case Mode.TagValue:
      case Mode.TagEscape:
        if (c === 10 || c === 13)
          return this.tagError(`the value of tag ${this.#tagName} has no closing quote on its line`);
        if (this.#mode === Mode.TagValue && c === 34) {
          this.#mode = Mode.TagClose;
          return true;
        }
        if (this.#buffer.length >= this.#maxTagLength)
          return this.tagError(
            `the value of tag ${this.#tagName} is longer than ${this.#maxTagLength} characters`,
            'tag-too-long',
          );
        if (this.#mode === Mode.TagValue && c === 92) {
          this.#mode = Mode.TagEscape;
          return true;
        }
        // `\"` and `\\` stand for the character; a backslash before anything else is kept.
        if (this.#mode === Mode.TagEscape && c !== 34 && c !== 92) this.#buffer += '\\';
        this.#buffer += ch;
        this.#mode = Mode.TagValue;
        return true;
      case Mode.TagClose:
        if (c === 32 || c === 9) return true;
        if (c !== 93) return this.tagError(`expected \`]\` after the value of tag ${this.#tagName}`);
        this.setTag(this.#tagName, this.#buffer, this.#valueLine, this.#valueColumn, this.#valueOffset);
        this.#tagName = '';
        this.#buffer = '';
        this.#mode = Mode.Top;
        return true;
      default:
        return true;
    }
  }

  /** Sets a tag of the game; its value starts at the position given. */
  private setTag(name: string, value: string, line: number, column: number, offset: number): void {
    const game = this.#game;
    if (game === undefined) return;
    game.tags.set(name, value);
    if (name === 'FEN' || name === 'Variant') game.tagValueAt.set(name, { line, column, offset });
  }

  private tagError(message: string, code: PgnErrorCode = 'tag-syntax'): boolean {
    if (this.#probing) {
      this.#probing = false;
      this.#tagName = '';
      this.#mode = Mode.Skip;
      this.#skipContent = true;
      return false;
    }
    this.fail(code, message, this.#token);
    // The character that broke the tag may start the next line; read it again while skipping.
    return false;
  }
}

/** A streaming PGN reader: push text or bytes in any pieces, get games as they complete. Never throws. */
export function createPgnReader(options?: PgnReadOptions): PgnReader {
  return new Reader(options);
}

/**
 * Reads every game of a PGN text. A broken game is an error value in its place and does not
 * stop the others (the reader skips to the next `[Event` tag, or the blank line after a
 * result). Never throws.
 */
export function parsePgn(text: string, options?: PgnReadOptions): Result<PgnGame, PgnError>[] {
  const reader = new Reader(options);
  const value: unknown = text;
  const events =
    typeof value === 'string'
      ? [...reader.push(text), ...reader.end()]
      : [
          {
            kind: 'error' as const,
            error: {
              code: 'not-text' as const,
              line: 1,
              column: 1,
              offset: 0,
              message: `expected PGN text, got ${describe(value)}`,
            },
          },
        ];
  return events.map((event) => (event.kind === 'game' ? ok(event.game) : err(event.error)));
}
