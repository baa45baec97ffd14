/**
 * What the tokenizer's tokens build: a game that replays every move (`GameBuilder`), or its
 * tags and result alone (`TagsBuilder`). The tokenizer owns the grammar (where a game starts
 * and ends, the variation depth, the limits); a builder owns what a token means to the game.
 * Methods return a `GameError` instead of throwing.
 */
import { createReplay, err, ok, type Move, type Replay, type Result, type Setup } from '@chess-formats/board-core';
import {
  COLON,
  DELETE,
  DIGIT_0,
  DIGIT_1,
  DIGIT_8,
  DASH,
  DOT,
  LEFT_BRACKET,
  LOWER_A,
  LOWER_H,
  PERCENT,
  RIGHT_BRACKET,
  SPACE,
  UPPER_Z,
} from '@chess-formats/board-core/internal';
import type { PgnError, PgnErrorCode, PgnWarning, PgnWarningCode } from './errors.js';
import type { PgnGame, PgnResult, PgnRoot, PgnVariant } from './game.js';
import { gameResult, gameStart, setsUp } from './tags.js';

/** A place in the input: line and column from 1, offset from 0 (UTF-16 code units). */
export interface Position {
  line: number;
  column: number;
  offset: number;
}

/** What made a game unreadable; `at` when it is not at the token that found it (a tag's value). */
export interface GameError {
  readonly code: PgnErrorCode;
  readonly message: string;
  readonly cause: PgnError['cause'] | undefined;
  readonly at: Position | undefined;
}

/** Text that is not standard but was read: the tokenizer gives it the token's position. */
export interface GameWarning {
  readonly warning: PgnWarningCode;
  readonly message: string;
}

function gameError(code: PgnErrorCode, message: string): GameError {
  return { code, message, cause: undefined, at: undefined };
}

/**
 * Builds the game of the tokens it is given. The tokenizer calls `begin` once, at the first
 * token of movetext (a comment is none), and `finish` when the game ends.
 */
export interface Builder {
  /** A tag pair; `line`, `column` and `offset` are where its value starts. */
  tag(name: string, value: string, line: number, column: number, offset: number): void;
  /** Whether the game has a tag of that name. */
  hasTag(name: string): boolean;
  /** The movetext starts: the game is set up from its tags. */
  begin(): GameError | undefined;
  /** The game ends, with the movetext's result if it had one. */
  finish(result: PgnResult | undefined): Result<PgnGame, GameError>;
  /** The game as read up to an error that ends it, its open variations closed; none when it cannot be set up. */
  partial(): PgnGame | undefined;
  /** Text of the game that is not standard but was read, at `at` (copied: the tokenizer reuses its positions). */
  warn(code: PgnWarningCode, message: string, at: Position): void;
  /**
   * What reads the tokens of movetext, after `begin`; none when the game keeps its tags alone
   * (the tokenizer still reads their grammar, and holds no comment's text for it).
   */
  readonly movetext: MovetextBuilder | undefined;
}

/**
 * The tokens of movetext. The tokenizer checks the variation depth itself, so `open` and
 * `close` are called only when they fit.
 */
export interface MovetextBuilder {
  /** A move: `text[from, to)`. A warning when it was read though it is not standard. */
  move(text: string, from: number, to: number): GameError | GameWarning | undefined;
  /** A comment: `text[from, to)`, untrimmed. */
  comment(text: string, from: number, to: number): void;
  /** A numeric annotation glyph, 0 to 255. */
  nag(value: number): GameError | undefined;
  /** `(`: a variation of the last move starts. */
  open(): GameError | undefined;
  /** `)`: the variation ends. */
  close(): void;
}

/** Tags only: the tags, the initial position they set up, and the result. */
export class TagsBuilder implements Builder {
  readonly movetext: MovetextBuilder | undefined = undefined;
  readonly tags = new Map<string, string>();
  /** Where the values of the tags that set the game up start: their errors are reported there. */
  readonly valueAt = new Map<string, Position>();
  variant: PgnVariant = 'standard';
  setup: Setup | undefined;
  readonly root: MutableRoot = { children: [] };
  warnings: PgnWarning[] | undefined;

  warn(code: PgnWarningCode, message: string, at: Position): void {
    this.warnings = append(this.warnings, { code, line: at.line, column: at.column, offset: at.offset, message });
  }

  hasTag(name: string): boolean {
    return this.tags.has(name);
  }

  tag(name: string, value: string, line: number, column: number, offset: number): void {
    this.tags.set(name, value);
    if (setsUp(name)) this.valueAt.set(name, { line, column, offset });
  }

  begin(): GameError | undefined {
    if (this.setup !== undefined) return undefined;
    const start = gameStart(this.tags, this.valueAt);
    if (!start.ok) return start.error;
    this.variant = start.variant;
    this.setup = start.setup;
    this.started(start.setup);
    return undefined;
  }

  /** The game is set up at `setup` (the game builder starts replaying there). */
  protected started(_setup: Setup): void {}

  finish(result: PgnResult | undefined): Result<PgnGame, GameError> {
    const problem = this.begin();
    if (problem) return err(problem);
    this.ended();
    return ok(this.game(result));
  }

  partial(): PgnGame | undefined {
    if (this.begin() !== undefined) return undefined;
    this.cutShort();
    return this.game(undefined);
  }

  private game(result: PgnResult | undefined): PgnGame {
    const root: PgnRoot = this.root;
    const game: { -readonly [K in keyof PgnGame]: PgnGame[K] } = {
      tags: this.tags,
      variant: this.variant,
      setup: this.setup!,
      root,
      result: gameResult(this.tags, result),
    };
    if (this.warnings !== undefined) game.warnings = this.warnings;
    return game;
  }

  /** The game ends (the game builder closes its last line). */
  protected ended(): void {}

  /** The game ends at an error (the game builder closes every line open). */
  protected cutShort(): void {}
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

/** The whole game: every move of every line read and played, comments, NAGs and clocks in the tree. */
export class GameBuilder extends TagsBuilder implements MovetextBuilder {
  override readonly movetext: MovetextBuilder = this;
  readonly stack: Frame[] = [];
  frame: Frame | undefined;
  /**
   * The position of the line being read, on board-core's replay cursor (a move costs no Setup).
   * Variations share it: one steps back over the move it replaces and, when it closes, takes
   * its own moves back and plays that move again.
   */
  position: Replay | undefined;
  /** The cursor of the game read before, whose engine this game's cursor takes over. */
  spare: Replay | undefined;
  /**
   * Checking alone (`checkOnly`): every move is read and played as in the tree, with the same
   * errors and warnings, but the tree is not built. Each line keeps one node, its last move
   * (which a variation replaces and plays again when it closes), rewritten in place.
   */
  readonly #check: boolean;

  constructor(spare: Replay | undefined, check = false) {
    super();
    this.spare = spare;
    this.#check = check;
  }

  protected override started(setup: Setup): void {
    this.position = createReplay(setup, this.spare);
    this.spare = undefined;
    this.frame = { parent: this.root, last: undefined, lastParent: undefined, played: 0, pending: undefined };
  }

  protected override ended(): void {
    leaf(this.frame?.last);
  }

  protected override cutShort(): void {
    leaf(this.frame?.last);
    for (const frame of this.stack) leaf(frame.last);
  }

  /**
   * Inside a side line cut at an illegal move: 1 in the line itself, more in variations
   * nested in it. Its tokens are read (the tokenizer keeps the grammar) and dropped until the
   * line closes.
   */
  #cut = 0;

  move(source: string, from: number, to: number): GameError | GameWarning | undefined {
    if (this.#cut !== 0) return undefined;
    const frame = this.frame!;
    const position = this.position!;
    let move: Move | null = null;
    let text: string | undefined;
    let warning: GameWarning | undefined;
    let respelled: Respelled | undefined;
    // The usual move is read where it stands in the source: a string of its own is made only
    // for the tree's node, or when it is not plain SAN that plays.
    const plain = isPlainToken(source, from, to) ? position.playSanAt(source, from, to) : undefined;
    if (plain?.ok) move = plain.value;
    else if (isNullMove(source, from, to)) position.pass();
    else {
      text = source.slice(from, to);
      // Some tools write coordinates in movetext (`g1f3`). Text of their shape is read as them
      // first: where SAN reads it too, it is the pawn move that names its square, the same
      // move, so the order changes only what a SAN failure would have cost.
      const quick = isCoordinateShaped(text) ? position.playCoordinate(text) : undefined;
      const san = quick?.ok ? quick : (plain ?? position.playSan(text));
      if (san.ok) move = san.value;
      else {
        // Coordinates are read when SAN fails.
        const coordinate = quick ?? position.playCoordinate(text);
        const suffixed = coordinate.ok ? undefined : this.enPassantSuffix(text);
        if (suffixed === EN_PASSANT_MARK) return EN_PASSANT_WARNING;
        if (suffixed === EN_PASSANT_REST) return undefined;
        if (suffixed !== undefined) {
          move = suffixed;
          warning = EN_PASSANT_WARNING;
          // The move as read is the capture: the mark is no part of it.
          text = text.slice(0, text.endsWith('ep') ? -2 : -1);
        } else if (!coordinate.ok && (respelled = this.otherSpelling(text)) !== undefined) {
          ({ move, text, warning } = respelled);
        } else if (!coordinate.ok) {
          const before = position.setup();
          const number = `${before.fullmoves}${before.turn === 'white' ? '.' : '...'}`;
          if (this.stack.length > 0) {
            // In a side line: the line is cut there, and the game goes on.
            this.#cut = 1;
            return { warning: 'variation-cut', message: `${number} ${san.error.message}; the side line is cut there` };
          }
          return {
            code: 'illegal-move',
            // The move number, then the move reader's own words, which name the move.
            message: `${number} ${san.error.message}`,
            cause: san.error,
            at: undefined,
          };
        } else move = coordinate.value;
      }
    }
    frame.played++;
    if (this.#check) {
      const last = frame.last;
      if (last === undefined) frame.last = { san: '', move, children: NO_CHILDREN };
      else last.move = move;
      return warning;
    }
    const node: MutableNode = { san: text ?? source.slice(from, to), move, children: NO_CHILDREN };
    if (respelled?.nag !== undefined) node.nags = [respelled.nag];
    if (frame.pending !== undefined) {
      node.commentsBefore = frame.pending;
      frame.pending = undefined;
    }
    // An array made with its one element holds one slot; a push onto an empty one reserves 17,
    // and the tree keeps them all.
    const siblings = frame.parent.children;
    if (siblings.length === 0) frame.parent.children = [node];
    else siblings.push(node);
    frame.lastParent = frame.parent;
    frame.last = node;
    frame.parent = node;
    return warning;
  }

  /**
   * `text` as another spelling of a move, played: a move with `=` glued after it (`Bc5=`, the
   * NAG $10 as `‼` may be glued), or a German piece letter (`Sf3`, `e8=D`). Reached only when
   * the move failed, so standard text never pays for it.
   */
  private otherSpelling(text: string): Respelled | undefined {
    const position = this.position!;
    if (text.length > 2 && text.endsWith('=')) {
      const bare = text.slice(0, -1);
      const san = position.playSan(bare);
      if (san.ok) return { move: san.value, text: bare, warning: GLUED_EQUAL_WARNING, nag: NAG_EQUAL };
    }
    const piece = GERMAN_PIECES.get(text.charAt(0));
    const equals = text.indexOf('=');
    const promoted = equals > 0 ? GERMAN_PIECES.get(text.charAt(equals + 1)) : undefined;
    if (piece === undefined && promoted === undefined) return undefined;
    let english = piece === undefined ? text : piece + text.slice(1);
    if (promoted !== undefined) english = english.slice(0, equals + 1) + promoted + english.slice(equals + 2);
    const san = position.playSan(english);
    if (!san.ok) return undefined;
    return {
      move: san.value,
      text: english,
      warning: {
        warning: 'german-piece-letter',
        message: `${JSON.stringify(text)} read as ${JSON.stringify(english)}`,
      },
    };
  }

  /** Whether the `e` of `e.p.` was read: its `p` follows as a token of its own. */
  #markPending = false;

  /**
   * `text` as an en passant capture with a suffix (`exf6ep`, `exf6e.p.`), played; or the
   * suffix alone after one (`exf6 e.p.`, `ep`), `EN_PASSANT_MARK`; else undefined. Reached
   * only when the move failed, so standard text never pays for it.
   */
  private enPassantSuffix(text: string): Move | typeof EN_PASSANT_MARK | typeof EN_PASSANT_REST | undefined {
    const position = this.position!;
    // The `p` of `e.p.` is the token right after its `e`: the move that `e` stands after is
    // still the line's last, and `p` is no move.
    const pending = this.#markPending;
    this.#markPending = false;
    if (text === 'p') return pending && this.frame!.last?.move?.kind === 'enPassant' ? EN_PASSANT_REST : undefined;
    if (text === 'e' || text === 'ep') {
      if (this.frame!.last?.move?.kind !== 'enPassant') return undefined;
      this.#markPending = text === 'e';
      return EN_PASSANT_MARK;
    }
    const cut = text.endsWith('ep') ? 2 : text.endsWith('e') ? 1 : 0;
    if (cut === 0) return undefined;
    const san = position.playSan(text.slice(0, -cut));
    if (!san.ok) return undefined;
    if (san.value.kind !== 'enPassant') {
      position.undo();
      return undefined;
    }
    this.#markPending = cut === 1;
    return san.value;
  }

  comment(source: string, from: number, to: number): void {
    if (this.#cut !== 0 || this.#check) return;
    const frame = this.frame;
    const last = frame?.last;
    if (last !== undefined) {
      // The usual comment after a move, one clock command between spaces, is read where it
      // stands, without a string for it.
      let at = from;
      let end = to;
      while (source.charCodeAt(at) === SPACE && at < end) at++;
      while (source.charCodeAt(end - 1) === SPACE && end > at) end--;
      if (
        source.charCodeAt(at) === LEFT_BRACKET &&
        source.charCodeAt(at + 1) === PERCENT &&
        readCommand(last, source, at, end) >= 0
      )
        return;
      const rest = takeCommands(last, source.slice(from, to).trim());
      if (rest !== undefined) last.comments = append(last.comments, rest);
      return;
    }
    const text = source.slice(from, to).trim();
    if (frame === undefined || this.stack.length === 0) this.root.comments = append(this.root.comments, text);
    else frame.pending = append(frame.pending, text);
  }

  nag(value: number): GameError | undefined {
    if (this.#cut !== 0) return undefined;
    const last = this.frame!.last;
    if (last === undefined) return gameError('unexpected-token', 'an annotation before any move');
    if (!this.#check) last.nags = append(last.nags, value);
    return undefined;
  }

  open(): GameError | undefined {
    if (this.#cut !== 0) {
      this.#cut++;
      return undefined;
    }
    const frame = this.frame!;
    if (frame.last === undefined) return gameError('unexpected-token', 'a variation before any move it could replace');
    this.stack.push(frame);
    // A variation replaces the last move: it starts from the position before it.
    this.position!.undo();
    this.frame = {
      parent: frame.lastParent ?? this.root,
      last: undefined,
      lastParent: undefined,
      played: 0,
      pending: undefined,
    };
    return undefined;
  }

  close(): void {
    // The variations nested in a cut line close with nothing to do; the line itself closes as any.
    if (this.#cut !== 0 && --this.#cut !== 0) return;
    const position = this.position!;
    const variation = this.frame!;
    // Comments in a variation without a move have nothing to stand beside; they go with it.
    leaf(variation.last);
    for (let i = variation.played; i > 0; i--) position.undo();
    const frame = this.stack.pop()!;
    this.frame = frame;
    const { move } = frame.last!;
    if (move === null) position.pass();
    else position.play(move);
  }
}

/**
 * Whether `text[from, to)` is read as SAN before anything else: not a null move (`--`, `Z0`),
 * not of the coordinates' shape (which are read as them first). Most moves are.
 */
function isPlainToken(text: string, from: number, to: number): boolean {
  return !isNullMove(text, from, to) && !isCoordinateShaped(text, from, to);
}

/** Whether `text[from, to)` is PGN's null move, `--` or `Z0`. */
function isNullMove(text: string, from: number, to: number): boolean {
  if (to - from !== 2) return false;
  const first = text.charCodeAt(from);
  const second = text.charCodeAt(from + 1);
  return (first === DASH && second === DASH) || (first === UPPER_Z && second === DIGIT_0);
}

/** Whether `text[from, to)` is a move of the standard board in coordinates (`g1f3`, `e7e8q`) by its first four characters. */
function isCoordinateShaped(text: string, from = 0, to = text.length): boolean {
  const length = to - from;
  return (
    (length === 4 || length === 5) &&
    isFile(text.charCodeAt(from)) &&
    isRank(text.charCodeAt(from + 1)) &&
    isFile(text.charCodeAt(from + 2)) &&
    isRank(text.charCodeAt(from + 3))
  );
}

function isFile(code: number): boolean {
  return code >= LOWER_A && code <= LOWER_H;
}

function isRank(code: number): boolean {
  return code >= DIGIT_1 && code <= DIGIT_8;
}

/** A move read in another spelling than SAN's, as `otherSpelling` gives it. */
interface Respelled {
  readonly move: Move;
  /** The move in SAN, as the node keeps it. */
  readonly text: string;
  readonly warning: GameWarning;
  /** A NAG the spelling carried. */
  readonly nag?: number;
}

/** The NAG of an equal position, `=`. */
const NAG_EQUAL = 10;
const GLUED_EQUAL_WARNING: GameWarning = {
  warning: 'glued-annotation',
  message: 'a `=` glued to the move, read as the NAG $10 (an equal position)',
};

/**
 * German piece letters (Springer, Läufer, Turm, Dame) as SAN's: none of them is a letter SAN
 * uses. `B` (Bauer, a pawn) is SAN's bishop and is never read as German; `K` is the king in both.
 */
const GERMAN_PIECES: ReadonlyMap<string, string> = /* @__PURE__ */ new Map([
  ['S', 'N'],
  ['L', 'B'],
  ['T', 'R'],
  ['D', 'Q'],
]);

/** What `enPassantSuffix` gives for a suffix standing alone: no move, the token is read. */
const EN_PASSANT_MARK = 'mark';
/** The `p` of `e.p.` after its `e`, which the warning was for already. */
const EN_PASSANT_REST = 'rest';
const EN_PASSANT_WARNING: GameWarning = {
  warning: 'en-passant-suffix',
  message: 'an en passant mark (`e.p.`, `ep`) after the capture, dropped',
};

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

const WHITE_SPACE = /\s/;

/** Whether `text[i]` is white space as a regular expression's `\s` has it (ASCII decided without the expression). */
function isSpaceAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === SPACE || ((c < SPACE || c > DELETE) && WHITE_SPACE.test(text.charAt(i)));
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
    for (let d = text.charCodeAt(i) - DIGIT_0; d >= 0 && d <= 9; d = text.charCodeAt(++i) - DIGIT_0)
      value = value * 10 + d;
    if (i === start || i - start > (part === 0 ? 9 : 2) || (part < 2 && text.charCodeAt(i++) !== COLON)) return -1;
    total = total * 60 + value;
  }
  total *= 1000;
  if (text.charCodeAt(i) === DOT) {
    const start = ++i;
    let value = 0;
    for (let d = text.charCodeAt(i) - DIGIT_0; d >= 0 && d <= 9; d = text.charCodeAt(++i) - DIGIT_0)
      value = value * 10 + d;
    if (i === start || i - start > 3) return -1;
    total += value * (i - start === 1 ? 100 : i - start === 2 ? 10 : 1);
  }
  while (isSpaceAt(text, i)) i++;
  if (text.charCodeAt(i) !== RIGHT_BRACKET || (end >= 0 && i + 1 !== end)) return -1;
  const key = clock ? 'clockMs' : 'emtMs';
  if (node[key] !== undefined) return -2;
  node[key] = total;
  return i + 1;
}
