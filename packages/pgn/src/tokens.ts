/**
 * The PGN tokenizer: the grammar of PGN stated once, as a state machine over characters whose
 * states read whole runs where the chunk holds them (a move, a comment found by `indexOf`, a
 * tag name or value, a NAG) and keep a token cut by the chunk's end in a buffer until the next
 * chunk completes it. A text read whole and the same text pushed in any pieces, down to one
 * character at a time, give the same tokens, so the same games.
 *
 * It owns what the grammar decides: where a game starts and ends (its result, a tag after
 * movetext, a blank line after movetext, the end of the input), the variation depth, the
 * limits, the line and column of every token, and how a broken game is skipped. What a token
 * means to the game is the `Builder`'s. It holds at most one token (bounded by the limits).
 */
import {
  ASTERISK,
  AT,
  BACKSLASH,
  BYTE_ORDER_MARK,
  COLON,
  CR,
  DASH,
  DIGIT_0,
  DIGIT_1,
  DIGIT_9,
  DOLLAR,
  DOT,
  EQUALS,
  EXCLAMATION,
  FF,
  HASH,
  LEFT_BRACE,
  RIGHT_BRACE,
  LEFT_BRACKET,
  LESS_THAN,
  GREATER_THAN,
  LEFT_PAREN,
  LF,
  LOWER_A,
  LOWER_Z,
  NON_ASCII,
  PERCENT,
  PLUS,
  QUESTION,
  QUOTE,
  RIGHT_BRACKET,
  RIGHT_PAREN,
  SEMICOLON,
  SLASH,
  SPACE,
  TAB,
  UNDERSCORE,
  UPPER_A,
  UPPER_Z,
  VT,
} from '@chess-formats/board-core/internal';
import type { Builder, GameError, GameWarning, MovetextBuilder, Position } from './builders.js';
import type { PgnError, PgnErrorCode, PgnWarningCode } from './errors.js';
import type { PgnGame, PgnResult } from './game.js';
import type { PgnEvent } from './read.js';

/**
 * `value` with `partial`, the game read up to its error, as a property that is not enumerable:
 * printing, JSON and deep equality see the error alone, as before partial games were kept.
 */
export function withPartial<T extends object>(value: T, partial: PgnGame | undefined): T {
  if (partial !== undefined) Object.defineProperty(value, 'partial', { value: partial, enumerable: false });
  return value;
}

/** No move, move number or result is near this long; anything longer is refused before it grows. */
const MAX_SYMBOL_LENGTH = 255;
/** `$255`: a NAG has at most this many digits (leading zeros allowed). */
const MAX_NAG_DIGITS = 4;

/** The characters of a symbol (a move, a move number, a result) and of a tag name. */
function isSymbolCode(c: number): boolean {
  return (
    (c >= LOWER_A && c <= LOWER_Z) ||
    (c >= UPPER_A && c <= UPPER_Z) ||
    (c >= DIGIT_0 && c <= DIGIT_9) ||
    c === UNDERSCORE ||
    c === PLUS ||
    c === HASH ||
    c === EQUALS ||
    c === COLON ||
    c === DASH ||
    c === AT ||
    c === SLASH
  );
}

const SYMBOL = 1;
const BLANK = 2;
/** `SYMBOL` for the ASCII codes of `isSymbolCode`, `BLANK` for white space but the line feed: one lookup in the loops. */
const CODE_CLASS = /* @__PURE__ */ (() => {
  const table = new Uint8Array(NON_ASCII);
  for (let c = 0; c < NON_ASCII; c++)
    table[c] = isSymbolCode(c) ? SYMBOL : c === SPACE || c === CR || c === TAB || c === VT || c === FF ? BLANK : 0;
  return table;
})();

/** A character of a symbol or a tag name (`isSymbolCode`). */
export function isSymbol(c: number): boolean {
  return c < NON_ASCII && CODE_CLASS[c] === SYMBOL;
}

/** White space as the reader skips it, the line feed apart. */
export function isBlankCode(c: number): boolean {
  return c < NON_ASCII && CODE_CLASS[c] === BLANK;
}

function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

function isAnnotationCode(c: number): boolean {
  return c === EXCLAMATION || c === QUESTION;
}

/** Whether `c` stands for itself in a tag value (not a quote, an escape or a line break). */
function isValueCode(c: number): boolean {
  return c !== QUOTE && c !== BACKSLASH && c !== LF && c !== CR;
}

const ANNOTATIONS: ReadonlyMap<string, number> = /* @__PURE__ */ new Map([
  ['!', 1],
  ['?', 2],
  ['!!', 3],
  ['??', 4],
  ['!?', 5],
  ['?!', 6],
]);

/**
 * Annotation glyphs written as Unicode characters, and the NAG each stands for in the PGN
 * standard's table: only those whose meaning there is plain (a move's quality, an evaluation).
 */
const GLYPHS: ReadonlyMap<number, number> = /* @__PURE__ */ new Map([
  [0x203c, 3], // ‼ a very good move
  [0x2047, 4], // ⁇ a very poor move
  [0x2049, 5], // ⁉ a speculative move
  [0x2048, 6], // ⁈ a questionable move
  [0x25a1, 7], // □ the only move
  [0x221e, 13], // ∞ unclear
  [0x2a72, 14], // ⩲ White is slightly better
  [0x2a71, 15], // ⩱ Black is slightly better
  [0x00b1, 16], // ± White is moderately better
  [0x2213, 17], // ∓ Black is moderately better
]);

/** The result `text[from, to)` is, if it is one (`*` is read apart); a result starts with 0 or 1. */
export function resultAt(text: string, from: number, to: number): PgnResult | undefined {
  const length = to - from;
  if (length === 3) {
    if (text.startsWith('1-0', from)) return '1-0';
    if (text.startsWith('0-1', from)) return '0-1';
  } else if (length === 7 && text.startsWith('1/2-1/2', from)) return '1/2-1/2';
  return undefined;
}

/** `1/2`, the draw marker of some old collections, at `text[from, to)`. */
function isShortDraw(text: string, from: number, to: number): boolean {
  return to - from === 3 && text.startsWith('1/2', from);
}

function isResult(word: string): boolean {
  return word === '*' || resultAt(word, 0, word.length) !== undefined || isShortDraw(word, 0, word.length);
}

/** Whether `text[from, to)` is all digits: a move number (its periods are read apart). */
function isMoveNumber(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

/** The limits the tokenizer holds a game to, in characters (see `PgnReadOptions`). */
export interface TokenLimits {
  readonly maxGameLength: number;
  readonly maxVariationDepth: number;
  readonly maxTagLength: number;
  readonly maxCommentLength: number;
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
  Markup: 14,
} as const;

/** The longest markup after `<` looked at for a line break (`br /` and room for spaces). */
const MAX_MARKUP = 8;
type Mode = (typeof Mode)[keyof typeof Mode];

/** Where a reader's events go: `onEvent`, or a list that `take` empties when it is undefined. */
export class EventOutlet {
  #events: PgnEvent[] = [];
  #onEvent: ((event: PgnEvent) => void) | undefined;

  setSink(onEvent: ((event: PgnEvent) => void) | undefined): void {
    this.#onEvent = onEvent;
  }

  /** The events gathered since the last `take`. */
  take(): PgnEvent[] {
    const events = this.#events;
    this.#events = [];
    return events;
  }

  protected emit(event: PgnEvent): void {
    const onEvent = this.#onEvent;
    if (onEvent === undefined) this.#events.push(event);
    else onEvent(event);
  }
}

/**
 * Reads PGN text pushed in pieces into games, made by the builders `newGame` returns, and
 * reports each game or its error as an event. Exported for the reader only. Its fields are `#`
 * private: a minifier shortens those names (its methods stay `private`: as `#` methods they
 * measured slower).
 */
export class Tokenizer extends EventOutlet {
  readonly #newGame: () => Builder;
  readonly #maxGameLength: number;
  readonly #maxDepth: number;
  readonly #maxTagLength: number;
  readonly #maxCommentLength: number;

  #game: Builder | undefined;
  /** What the game's movetext tokens go to: none when it keeps its tags alone. */
  #moves: MovetextBuilder | undefined;
  /** Where the game started, for its length limit. */
  #gameStart = 0;
  /** Whether the game's movetext has started (a token other than a tag or a comment). */
  #movetext = false;
  /** Warnings on text read between games, for the next one. */
  #pending: { code: PgnWarningCode; message: string; at: Position }[] | undefined;
  /** Whether the game has a tag, and whether a blank line followed its tags, before any movetext. */
  #hasTag = false;
  #tagsEnded = false;
  /** Variations open in the game. */
  #depth = 0;
  #mode: Mode = Mode.Top;
  /** Where the tag value being read last had `\"`, and the value's length after it: see `backslashEnded`. */
  #escapedQuote: { readonly at: Position; readonly length: number } | undefined;
  #escapeAt: Position | undefined;
  /** Where the `<` of the markup being read stands. */
  #markupAt: Position | undefined;
  #line = 1;
  /** The offset where the current line starts: a column is an offset less this, plus 1. */
  #lineStart = 0;
  /** The offset of the first character of the chunk being read (of the next one, between chunks). */
  #base = 0;
  /** The first line feed at or after the last place `countLines` looked, in the chunk being read. */
  #nextLineFeed = -1;
  /** Whether any text was read (a byte-order mark is dropped only before it). */
  #started = false;
  /** Where the current token started (kept in place: a new object per token would be garbage at once). */
  #token: Position = { line: 1, column: 1, offset: 0 };
  /** The token cut by the end of a chunk: a symbol, NAG digits, an annotation, a comment, a tag value. */
  #buffer = '';
  #tagName = '';
  /** The blanks after a quote in a tag value: they are the value's if the quote does not close it. */
  #afterQuote = '';
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
  /** A tag at the start of a line while skipping: it starts a game only if it is `Event` or follows a blank line. */
  #probing = false;

  constructor(newGame: () => Builder, limits: TokenLimits) {
    super();
    this.#newGame = newGame;
    this.#maxGameLength = limits.maxGameLength;
    this.#maxDepth = limits.maxVariationDepth;
    this.#maxTagLength = limits.maxTagLength;
    this.#maxCommentLength = limits.maxCommentLength;
  }

  /**
   * Whether the input read so far left the tokenizer as a fresh one stands (no game, no
   * warning waiting, no token or skip under way): what follows then reads as it would from
   * the start. `readPgnParallel` checks with it that a piece was cut between games.
   */
  get betweenGames(): boolean {
    return this.#mode === Mode.Top && this.#game === undefined && this.#pending === undefined;
  }

  /** Characters held for the token being read. */
  get bufferedLength(): number {
    return this.#buffer.length + this.#tagName.length;
  }

  /**
   * A warning on the text where the input stands (bytes that are not UTF-8): the game's, or,
   * between games, the next game's. None for a game being skipped: its error says enough.
   */
  warnHere(code: PgnWarningCode, message: string): void {
    this.warnAt(code, message, this.here(0));
  }

  private warnAt(code: PgnWarningCode, message: string, at: Position): void {
    if (this.#game !== undefined) this.#game.warn(code, message, at);
    else if (this.#mode !== Mode.Skip) (this.#pending ??= []).push({ code, message, at });
  }

  /** Reports a chunk that holds no text, where the input stands; the game goes on. */
  notText(message: string): void {
    this.report('not-text', message, this.here(0));
  }

  /**
   * Reads a chunk of text. `dropMark`: a byte-order mark that starts the text is dropped (the
   * text intake drops the one that starts a stream, and a text decoded from bytes after the
   * bytes' own mark may start with one of its own, as `TextDecoder` gives it to `parsePgn`).
   */
  feed(text: string, dropMark: boolean): void {
    let i = 0;
    const n = text.length;
    if (!this.#started && n > 0) {
      this.#started = true;
      if (dropMark && text.charCodeAt(0) === BYTE_ORDER_MARK) i = 1;
    }
    // Offsets count from the start of the text, a byte-order mark not counted.
    this.#base -= i;
    this.#nextLineFeed = -1;
    while (i < n) {
      switch (this.#mode) {
        case Mode.Top:
          i = this.top(text, i);
          break;
        case Mode.Comment:
          i = this.comment(text, i);
          break;
        case Mode.LineComment:
        case Mode.EscapeLine:
          i = this.restOfLine(text, i);
          break;
        case Mode.Symbol:
          i = this.symbolRest(text, i);
          break;
        case Mode.Nag:
          i = this.nagRest(text, i);
          break;
        case Mode.Annotation:
          i = this.annotationRest(text, i);
          break;
        case Mode.Skip:
          i = this.skip(text, i);
          break;
        case Mode.Markup:
          i = this.markup(text, i);
          break;
        default:
          i = this.tag(text, i);
      }
    }
    this.#base += n;
  }

  /** Ends the input: the token being read, then the game, are finished; the tokenizer starts afresh. */
  end(): void {
    const at = this.here(0);
    switch (this.#mode) {
      case Mode.Comment:
        this.fail('unterminated-comment', 'the input ends inside a comment', this.#token);
        break;
      case Mode.LineComment:
        if (this.#game !== undefined) this.#moves?.comment(this.#buffer, 0, this.#buffer.length);
        break;
      case Mode.Symbol:
      case Mode.Nag:
      case Mode.Annotation:
        this.endToken();
        break;
      case Mode.Markup:
        this.markupError(this.#markupAt!);
        break;
      default:
        // The modes of a tag pair.
        if (this.#mode >= Mode.TagOpen && this.#mode <= Mode.TagClose && !this.#probing)
          this.fail('tag-syntax', 'the input ends inside a tag pair', this.#token);
    }
    if (this.#game !== undefined) this.finishGame(undefined, at);
    this.reset();
  }

  /**
   * Reads on from `offset` of the input, on line `line` (which starts at `lineStart`), between
   * games: the tags-only scanner (`tags-scan.ts`) hands the tokenizer the games it does not take.
   */
  resumeAt(offset: number, line: number, lineStart: number): void {
    this.reset();
    this.#base = offset;
    this.#line = line;
    this.#lineStart = lineStart;
    this.#started = true;
    this.#lineHasToken = false;
  }

  /** Forgets the input read so far. */
  reset(): void {
    this.#game = undefined;
    this.#pending = undefined;
    this.#mode = Mode.Top;
    this.#line = 1;
    this.#lineStart = 0;
    this.#base = 0;
    this.#started = false;
    this.#buffer = '';
    this.#tagName = '';
    this.#afterQuote = '';
    this.#probing = false;
  }

  /** The position of `text[i]` in the chunk being read (between chunks, `here(0)` is where the input stands). */
  private here(i: number): Position {
    const offset = this.#base + i;
    return { line: this.#line, column: offset - this.#lineStart + 1, offset };
  }

  /** `text[i]` is a line feed. */
  private newline(i: number): void {
    this.#line++;
    this.#lineStart = this.#base + i + 1;
  }

  /** Counts the line feeds of `text[from, to)`, searching each chunk once however many ranges it is asked about. */
  private countLines(text: string, from: number, to: number): void {
    let lineFeed = this.#nextLineFeed;
    if (lineFeed < from) {
      lineFeed = text.indexOf('\n', from);
      if (lineFeed < 0) lineFeed = text.length;
    }
    while (lineFeed < to) {
      this.newline(lineFeed);
      lineFeed = text.indexOf('\n', lineFeed + 1);
      if (lineFeed < 0) lineFeed = text.length;
    }
    this.#nextLineFeed = lineFeed;
  }

  private report(
    code: PgnErrorCode,
    message: string,
    at: Position,
    cause?: PgnError['cause'],
    partial?: PgnGame,
  ): void {
    const error: { -readonly [K in keyof PgnError]: PgnError[K] } = {
      code,
      line: at.line,
      column: at.column,
      offset: at.offset,
      message,
    };
    if (cause !== undefined) error.cause = cause;
    const event: PgnEvent = { kind: 'error', error };
    this.emit(partial === undefined ? event : withPartial(event, partial));
  }

  /** Reports the game's error and skips the rest of it. */
  private fail(code: PgnErrorCode, message: string, at: Position, cause?: PgnError['cause']): void {
    // A game too large is dropped at once, to bound memory; any other keeps what was read.
    const partial = code === 'game-too-large' ? undefined : this.#game?.partial();
    this.report(code, message, at, cause, partial);
    this.#game = undefined;
    this.#buffer = '';
    this.#tagName = '';
    this.#afterQuote = '';
    this.#probing = false;
    this.#mode = Mode.Skip;
    this.#skipContent = true;
    this.#skipWord = '';
    this.#skipWordDone = true;
    this.#skipAfterResult = false;
    this.#skipAfterBlank = false;
  }

  /** Fails the game with `problem`, if there is one; whether there was. */
  private failWith(problem: GameError | undefined, at: Position): boolean {
    if (problem === undefined) return false;
    this.fail(problem.code, problem.message, problem.at ?? at, problem.cause);
    return true;
  }

  private startGame(offset: number): Builder {
    const game = this.#newGame();
    this.#game = game;
    this.#moves = game.movetext;
    this.#gameStart = offset;
    this.#movetext = false;
    this.#hasTag = false;
    this.#tagsEnded = false;
    this.#depth = 0;
    const pending = this.#pending;
    if (pending !== undefined) {
      this.#pending = undefined;
      for (const { code, message, at } of pending) game.warn(code, message, at);
    }
    return game;
  }

  /**
   * The position of the token at `text[i]` of the chunk being read, kept in `#token` (the
   * position kept there already when `i` is -1: a token that a chunk's end cut). Tokens read
   * whole ask for it only when they need it: for an error, a result, or a token cut off.
   */
  private tokenAt(i: number): Position {
    const at = this.#token;
    if (i >= 0) {
      const offset = this.#base + i;
      at.line = this.#line;
      at.column = offset - this.#lineStart + 1;
      at.offset = offset;
    }
    return at;
  }

  /** The last index of the chunk being read where a token of the game may start; -1 without a game. */
  private lastTokenAt(): number {
    return this.#game === undefined ? -1 : this.#gameStart + this.#maxGameLength - this.#base;
  }

  /** The game the token at `text[i]` belongs to, started if need be; undefined when the game grew too long. */
  private gameFor(i: number): Builder | undefined {
    const offset = this.#base + i;
    if (this.#game === undefined) return this.startGame(offset);
    if (offset - this.#gameStart > this.#maxGameLength) {
      this.fail('game-too-large', `the game is longer than ${this.#maxGameLength} characters`, this.tokenAt(i));
      return undefined;
    }
    return this.#game;
  }

  private finishGame(result: PgnResult | undefined, at: Position): void {
    const game = this.#game;
    if (game === undefined) return;
    this.#game = undefined;
    const depth = this.#depth;
    if (depth > 0) {
      const message = `the game ends inside ${depth} open variation${depth > 1 ? 's' : ''}`;
      this.report('unclosed-variation', message, at, undefined, game.partial());
      return;
    }
    if (!this.#movetext) game.warn('no-movetext', 'a game with tags alone: no moves and no result', at);
    const finished = game.finish(result);
    if (finished.ok) this.emit({ kind: 'game', game: finished.value });
    else this.report(finished.error.code, finished.error.message, finished.error.at ?? at, finished.error.cause);
  }

  /** A token of movetext: at the first, the game is set up from its tags. False when that failed. */
  private movetextToken(at: Position): boolean {
    if (this.#movetext) return true;
    this.#movetext = true;
    return !this.failWith(this.#game!.begin(), at);
  }

  private result(result: PgnResult, at: Position): void {
    const game = this.#game;
    if (game === undefined) return;
    if (!this.#movetext) {
      this.#movetext = true;
      const problem = game.begin();
      if (problem) {
        // The game is over either way: nothing of it is left to skip.
        this.report(problem.code, problem.message, problem.at ?? at, problem.cause);
        this.#game = undefined;
        return;
      }
    }
    this.finishGame(result, at);
  }

  /** A symbol, `text[from, to)`: a result, a move number or a move; the token is at `i` (see `tokenAt`). */
  private symbol(text: string, from: number, to: number, i: number): void {
    const first = text.charCodeAt(from);
    const result = first === DIGIT_0 || first === DIGIT_1 ? resultAt(text, from, to) : undefined;
    if (result !== undefined) {
      this.result(result, this.tokenAt(i));
      return;
    }
    if (first === DIGIT_1 && isShortDraw(text, from, to)) {
      const at = this.tokenAt(i);
      this.#game?.warn('short-draw', '"1/2" read as the draw 1/2-1/2', at);
      this.result('1/2-1/2', at);
      return;
    }
    if (!this.#movetext && !this.movetextToken(this.tokenAt(i))) return;
    // Without a builder of movetext, a move and a move number are alike.
    if (this.#moves === undefined || isMoveNumber(text, from, to)) return;
    const problem = this.#moves.move(text, from, to);
    if (problem === undefined) return;
    if ('warning' in problem) this.#game!.warn(problem.warning, problem.message, this.tokenAt(i));
    else this.failWith(problem, this.tokenAt(i));
  }

  /** The digits of a NAG, after its `$`. */
  private nag(digits: string, at: Position): void {
    const value = digits === '' ? 256 : Number(digits);
    if (value > 255) this.fail('bad-nag', `${JSON.stringify(`$${digits}`)} is no NAG (0 to 255)`, at);
    else this.annotate(value, at);
  }

  private annotate(value: number, at: Position): void {
    if (this.movetextToken(at) && this.#moves !== undefined) this.failWith(this.#moves.nag(value), at);
  }

  private open(at: Position): void {
    if (!this.movetextToken(at)) return;
    if (this.#depth >= this.#maxDepth) {
      this.fail('variation-too-deep', `variations nest deeper than ${this.#maxDepth}`, at);
      return;
    }
    this.#depth++;
    if (this.#moves !== undefined) this.failWith(this.#moves.open(), at);
  }

  private close(at: Position): void {
    if (!this.movetextToken(at)) return;
    if (this.#depth === 0) {
      this.fail('unexpected-token', '`)` closes no variation', at);
      return;
    }
    this.#depth--;
    this.#moves?.close();
  }

  /**
   * Between tokens: reads white space and the usual tokens that the chunk holds whole (moves,
   * move numbers, periods, comments) in one loop, and hands any other token, or one that
   * needs more than the loop knows, to `other`. Returns where it stopped.
   *
   * The optimiser compiles a function for the paths it has seen run: a path first taken later
   * (a warning, a stray brace, a glyph, a token cut by the chunk's end) throws the compiled
   * code away, and it is compiled again. This loop, the hottest of the reader, leaves by one
   * call alone, taken by the first tag of the first game, so such a path costs a recompilation
   * of a smaller function (a fresh process read the real files at half a warm one's speed).
   */
  private top(text: string, from: number): number {
    const n = text.length;
    // What the loop needs to know of the game; no call in the loop changes it (`other` may,
    // and the loop is entered again after it). The last index of the chunk where one of its
    // tokens may start (-1 without a game); whether the movetext has started; what reads
    // its moves (none for a game that keeps its tags alone, or before the movetext).
    const last = this.lastTokenAt();
    const started = this.#movetext;
    const moves = started ? this.#moves : undefined;
    let i = from;
    let stop = -1;
    let problem: GameError | GameWarning | undefined;
    while (i < n) {
      const c = text.charCodeAt(i);
      const kind = c < NON_ASCII ? CODE_CLASS[c] : 0;
      if (kind === BLANK) {
        i++;
        continue;
      }
      if (c === LF) {
        // A line with no token may end the game: `other` decides.
        if (!this.#lineHasToken) break;
        this.#lineHasToken = false;
        this.newline(i);
        i++;
        continue;
      }
      if (kind === SYMBOL) {
        if (i > last || !started) break;
        let end = i + 1;
        // Bounded by `n`: a read past the end is a path of its own to the optimiser.
        while (end < n) {
          const d = text.charCodeAt(end);
          if (d >= NON_ASCII || CODE_CLASS[d] !== SYMBOL) break;
          end++;
        }
        if (end === n || end - i > MAX_SYMBOL_LENGTH) break;
        if (c >= DIGIT_0 && c <= DIGIT_9) {
          // A move number is passed; a result (or a castling written with zeros) is `other`'s.
          if (!isMoveNumber(text, i, end)) break;
        } else if (moves !== undefined) {
          problem = moves.move(text, i, end);
          if (problem !== undefined) {
            stop = end;
            break;
          }
        }
        this.#lineHasToken = true;
        i = end;
        continue;
      }
      if (c === DOT) {
        // The periods of move numbers.
        this.#lineHasToken = true;
        i++;
        continue;
      }
      if (c === LEFT_BRACE) {
        // Comments next: after most moves of some files there is one (a clock).
        if (i > last) break;
        const close = text.indexOf('}', i + 1);
        if (close < 0 || close - i - 1 > this.#maxCommentLength) break;
        this.#lineHasToken = true;
        this.countLines(text, i + 1, close);
        this.#moves?.comment(text, i + 1, close);
        i = close + 1;
        continue;
      }
      break;
    }
    return this.other(text, i, stop, problem);
  }

  /**
   * What `top` leaves: the `problem` of the move that ends at `stop` (when `stop` is not -1),
   * or the character at `text[i]` and the token it starts, read by the rules in full. Returns
   * where the next token may start; a state other than `Top` after it reads on from there.
   */
  private other(text: string, i: number, stop: number, problem: GameError | GameWarning | undefined): number {
    if (stop >= 0) {
      this.#lineHasToken = true;
      if ('warning' in problem!) this.#game!.warn(problem.warning, problem.message, this.tokenAt(i));
      else this.failWith(problem, this.tokenAt(i));
      return stop;
    }
    const n = text.length;
    if (i >= n) return i;
    const c = text.charCodeAt(i);
    if (c === LF) {
      this.lineEnd(i);
      this.newline(i);
      return i + 1;
    }
    if (c < NON_ASCII && CODE_CLASS[c] === SYMBOL) return this.symbolToken(text, i, c);
    if (c === LEFT_BRACE) return this.commentStart(text, i);
    return this.punctuation(text, i, c);
  }

  /** A symbol at `text[i]` (its first character `c`): a result, a move number or a move. */
  private symbolToken(text: string, i: number, c: number): number {
    const n = text.length;
    this.#lineHasToken = true;
    let stop = i + 1;
    if (i > this.lastTokenAt() && this.gameFor(i) === undefined) return stop;
    while (stop < n) {
      const d = text.charCodeAt(stop);
      if (d >= NON_ASCII || CODE_CLASS[d] !== SYMBOL) break;
      stop++;
    }
    if (stop - i > MAX_SYMBOL_LENGTH) {
      this.fail('token-too-long', `a token longer than ${MAX_SYMBOL_LENGTH} characters`, this.tokenAt(i));
      return i + MAX_SYMBOL_LENGTH;
    }
    if (stop === n) {
      this.tokenAt(i);
      this.#mode = Mode.Symbol;
      this.#buffer = text.slice(i, n);
      return n;
    }
    // Once the movetext has started, a game that keeps its tags alone needs only its result.
    if (this.#moves === undefined && this.#movetext && c !== DIGIT_0 && c !== DIGIT_1) return stop;
    this.symbol(text, i, stop, i);
    return stop;
  }

  /** A `{` comment at `text[i]`: read whole when the chunk holds it, else by its state. */
  private commentStart(text: string, i: number): number {
    this.#lineHasToken = true;
    const stop = i + 1;
    if (i > this.lastTokenAt() && this.gameFor(i) === undefined) return stop;
    const close = text.indexOf('}', stop);
    if (close < 0 || close - stop > this.#maxCommentLength) {
      this.tokenAt(i);
      this.#mode = Mode.Comment;
      this.#commentLength = 0;
      this.#buffer = '';
      return stop;
    }
    this.countLines(text, stop, close);
    this.#moves?.comment(text, stop, close);
    return close + 1;
  }

  /**
   * A token of `top` that is not a symbol, a period or a comment, at `text[i]` (`c`): a tag's
   * `[`, a `;` or `%` line, a variation's parenthesis, `*`, a NAG, an annotation, markup, a
   * glyph, or a character that has no place. Returns where the next token may start; a state
   * other than `Top` after it reads on from there.
   */
  private punctuation(text: string, i: number, c: number): number {
    const n = text.length;
    let stop = i + 1;
    if (c === LESS_THAN) {
      // `<` is reserved by the standard; `<br />` is what a web page's copy leaves of a line break.
      this.#markupAt = this.here(i);
      this.#buffer = '';
      this.#mode = Mode.Markup;
      return stop;
    }
    this.#lineHasToken = true;
    const at = this.tokenAt(i);
    if (c === PERCENT && at.column === 1) {
      this.#mode = Mode.EscapeLine;
      return stop;
    }
    if (c === LEFT_BRACKET && this.#movetext && this.#game !== undefined) this.finishGame(undefined, at);
    if (this.gameFor(i) === undefined) return stop;
    switch (c) {
      case LEFT_BRACKET: {
        const end = this.wholeTag(text, stop);
        if (end >= 0) return end;
        this.#mode = Mode.TagOpen;
        this.#tagName = '';
        this.#buffer = '';
        return stop;
      }
      case SEMICOLON:
        this.#mode = Mode.LineComment;
        this.#commentLength = 0;
        this.#buffer = '';
        return stop;
      case LEFT_PAREN:
        this.open(at);
        break;
      case RIGHT_PAREN:
        this.close(at);
        break;
      case ASTERISK:
        this.result('*', at);
        break;
      case DOLLAR: {
        // The `$` and up to one digit more than a NAG has.
        while (stop < n && stop - i <= MAX_NAG_DIGITS + 1 && isDigit(text.charCodeAt(stop))) stop++;
        if (stop - i > MAX_NAG_DIGITS + 1) {
          this.fail('bad-nag', 'a NAG above 255', at);
          return stop - 1;
        }
        if (stop === n) {
          this.#mode = Mode.Nag;
          this.#buffer = text.slice(i + 1, n);
          return n;
        }
        this.nag(text.slice(i + 1, stop), at);
        break;
      }
      case EXCLAMATION:
      case QUESTION: {
        while (stop < n && stop - i <= 2 && isAnnotationCode(text.charCodeAt(stop))) stop++;
        if (stop - i > 2) {
          this.fail('bad-nag', `${JSON.stringify(text.slice(i, stop))} is no annotation`, at);
          return stop - 1;
        }
        if (stop === n) {
          this.#mode = Mode.Annotation;
          this.#buffer = text.slice(i, n);
          return n;
        }
        this.annotate(ANNOTATIONS.get(text.slice(i, stop))!, at);
        break;
      }
      case RIGHT_BRACE:
        // A comment's end with no comment open: a brace left behind by an edit (a comment
        // closed twice); nothing is lost by passing it.
        this.#game?.warn('stray-brace', 'a "}" with no comment open, passed over', at);
        break;
      default: {
        const glyph = GLYPHS.get(c);
        if (glyph === undefined) {
          this.fail('unexpected-token', `${JSON.stringify(text[i])} has no place in movetext`, at);
          return stop;
        }
        this.#game?.warn('unicode-annotation', `${JSON.stringify(text[i])} read as the NAG $${glyph}`, at);
        this.annotate(glyph, at);
      }
    }
    return stop;
  }

  /**
   * A line ends at `text[i]` (a line feed, or `<br />`): a blank line ends the movetext (the
   * export format separates games so, and chessops reads it so). Whether it ended a game.
   */
  private lineEnd(i: number): boolean {
    let ended = false;
    if (!this.#lineHasToken && this.#game !== undefined) {
      if (this.#movetext) {
        this.finishGame(undefined, this.here(i));
        ended = true;
      } else if (this.#hasTag) this.#tagsEnded = true;
    }
    this.#lineHasToken = false;
    return ended;
  }

  /**
   * After `<`: up to its `>`, at most `MAX_MARKUP` characters. An HTML line break is read as
   * a line's end; anything else is the `unexpected-token` that `<` always was.
   */
  private markup(text: string, from: number): number {
    const n = text.length;
    let i = from;
    while (i < n && this.#buffer.length <= MAX_MARKUP) {
      const c = text.charCodeAt(i);
      if (c === GREATER_THAN || c === LF) break;
      this.#buffer += text[i];
      i++;
    }
    if (i === n && this.#buffer.length <= MAX_MARKUP) return n;
    const at = this.#markupAt!;
    this.#mode = Mode.Top;
    const closed = i < n && text.charCodeAt(i) === GREATER_THAN;
    if (closed && /^br\s*\/?$/i.test(this.#buffer)) {
      this.#buffer = '';
      this.warnAt('html-line-break', 'an HTML line break (`<br />`), read as a line break', at);
      this.lineEnd(i);
      return i + 1;
    }
    this.#buffer = '';
    this.markupError(at);
    return i;
  }

  private markupError(at: Position): void {
    if (this.#game === undefined) this.startGame(at.offset);
    this.fail('unexpected-token', '"<" has no place in movetext', at);
  }

  /** A symbol, NAG or annotation that a chunk's end cut, once the character after it is seen (or the input ends). */
  private endToken(): void {
    const text = this.#buffer;
    const mode = this.#mode;
    this.#buffer = '';
    this.#mode = Mode.Top;
    if (this.#game === undefined) return;
    if (mode === Mode.Symbol) this.symbol(text, 0, text.length, -1);
    else if (mode === Mode.Nag) this.nag(text, this.#token);
    // One or two of `!` and `?`: each of the six is an annotation.
    else this.annotate(ANNOTATIONS.get(text)!, this.#token);
  }

  /**
   * The rest of a buffered token whose characters pass `is`, at most `room` more of them: the
   * index after them, or -1 past the room (the token is then failed, and the character that
   * did not fit is at `from + room`).
   */
  private tokenRest(text: string, from: number, room: number, is: (c: number) => boolean): number {
    const limit = Math.min(text.length, from + room + 1);
    let stop = from;
    while (stop < limit && is(text.charCodeAt(stop))) stop++;
    if (stop - from > room) return -1;
    this.#buffer += text.slice(from, stop);
    if (stop < text.length) this.endToken();
    return stop;
  }

  private symbolRest(text: string, from: number): number {
    const room = MAX_SYMBOL_LENGTH - this.#buffer.length;
    const stop = this.tokenRest(text, from, room, isSymbol);
    if (stop >= 0) return stop;
    this.fail('token-too-long', `a token longer than ${MAX_SYMBOL_LENGTH} characters`, this.#token);
    return from + room;
  }

  private nagRest(text: string, from: number): number {
    const room = MAX_NAG_DIGITS - this.#buffer.length;
    const stop = this.tokenRest(text, from, room, isDigit);
    if (stop >= 0) return stop;
    this.fail('bad-nag', 'a NAG above 255', this.#token);
    return from + room;
  }

  private annotationRest(text: string, from: number): number {
    const room = 2 - this.#buffer.length;
    const stop = this.tokenRest(text, from, room, isAnnotationCode);
    if (stop >= 0) return stop;
    const run = this.#buffer + text.slice(from, from + room + 1);
    this.fail('bad-nag', `${JSON.stringify(run)} is no annotation`, this.#token);
    return from + room;
  }

  /** Inside a `{` comment that the chunk it started in did not hold whole, or that is too long. */
  private comment(text: string, from: number): number {
    const n = text.length;
    const close = text.indexOf('}', from);
    const stop = close < 0 ? n : close;
    const room = this.#maxCommentLength - this.#commentLength;
    if (stop - from > room) {
      this.countLines(text, from, from + room);
      this.fail('comment-too-long', `a comment longer than ${this.#maxCommentLength} characters`, this.#token);
      return from + room;
    }
    this.#commentLength += stop - from;
    this.countLines(text, from, stop);
    if (close < 0) {
      if (this.#moves !== undefined) this.#buffer += text.slice(from, n);
      return n;
    }
    this.#mode = Mode.Top;
    this.#lineHasToken = true;
    this.commentToken(text, from, close);
    return close + 1;
  }

  /** A comment ends at `text[to]`: its text is what the buffer holds and `text[from, to)`. */
  private commentToken(text: string, from: number, to: number): void {
    const moves = this.#game === undefined ? undefined : this.#moves;
    const buffer = this.#buffer;
    if (buffer === '') moves?.comment(text, from, to);
    else {
      const whole = buffer + text.slice(from, to);
      this.#buffer = '';
      moves?.comment(whole, 0, whole.length);
    }
  }

  /** A `;` comment or a `%` escape line, to the line feed (which is read as the end of a line). */
  private restOfLine(text: string, from: number): number {
    const n = text.length;
    const lineFeed = text.indexOf('\n', from);
    const stop = lineFeed < 0 ? n : lineFeed;
    if (this.#mode === Mode.LineComment) {
      const room = this.#maxCommentLength - this.#commentLength;
      if (stop - from > room) {
        this.fail('comment-too-long', `a comment longer than ${this.#maxCommentLength} characters`, this.#token);
        return from + room;
      }
      this.#commentLength += stop - from;
      if (lineFeed < 0) {
        if (this.#moves !== undefined) this.#buffer += text.slice(from, n);
        return n;
      }
      this.#mode = Mode.Top;
      this.commentToken(text, from, lineFeed);
      return lineFeed;
    }
    if (lineFeed >= 0) this.#mode = Mode.Top;
    return stop;
  }

  /**
   * Skipping a broken game, character by character: to a line that starts with `[Event`, a
   * tag line after a blank line, or the line after the blank line that follows a line ending
   * in a result.
   */
  private skip(text: string, from: number): number {
    const n = text.length;
    for (let i = from; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === LF) {
        if (this.#skipContent) this.#skipAfterResult = isResult(this.#skipWord);
        else if (this.#skipAfterResult) this.#mode = Mode.Top;
        this.#skipAfterBlank = !this.#skipContent;
        this.#lineHasToken = false;
        this.#skipContent = false;
        this.#skipWord = '';
        this.#skipWordDone = true;
        this.newline(i);
        if (this.#mode !== Mode.Skip) return i + 1;
      } else if (c < NON_ASCII && CODE_CLASS[c] === BLANK) {
        this.#skipWordDone = true;
      } else if (c === LEFT_BRACKET && !this.#skipContent) {
        this.#probing = true;
        this.#token = this.here(i);
        this.#mode = Mode.TagOpen;
        return i + 1;
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
    return n;
  }

  /** Inside a tag pair: the runs of its name and value read whole. Returns where it stopped. */
  private tag(text: string, from: number): number {
    const n = text.length;
    const max = this.#maxTagLength;
    let i = from;
    while (i < n) {
      const c = text.charCodeAt(i);
      switch (this.#mode) {
        case Mode.TagOpen:
          if (c === SPACE || c === TAB) i++;
          else if (isSymbol(c)) this.#mode = Mode.TagName;
          else return this.tagError(i, 'expected a tag name after `[`');
          break;
        case Mode.TagName: {
          const room = max - this.#tagName.length;
          const limit = Math.min(n, i + room + 1);
          let stop = i;
          while (stop < limit) {
            const d = text.charCodeAt(stop);
            if (d >= NON_ASCII || CODE_CLASS[d] !== SYMBOL) break;
            stop++;
          }
          if (stop - i > room)
            return this.tagError(i + room, `a tag name longer than ${max} characters`, 'tag-too-long');
          this.#tagName += text.slice(i, stop);
          i = stop;
          if (i === n) return n;
          if (this.#tagsEnded) {
            // A tag section after a blank line, the game still without movetext: a game of
            // its own when it repeats a tag the game has (exports of tags alone), else more
            // of the game's tags (ChessBase leaves a blank line after `Event`).
            this.#tagsEnded = false;
            if (this.#game?.hasTag(this.#tagName) === true) {
              this.finishGame(undefined, this.#token);
              this.startGame(this.#token.offset);
            }
          }
          if (this.#probing) {
            this.#probing = false;
            if (this.#tagName !== 'Event' && !this.#skipAfterBlank) {
              this.#tagName = '';
              this.#mode = Mode.Skip;
              this.#skipContent = true;
              return i;
            }
            this.startGame(this.#token.offset);
          }
          this.#mode = Mode.TagBeforeValue;
          break;
        }
        case Mode.TagBeforeValue:
          // The value may stand on the next line: the import format separates a tag pair's
          // tokens by any white space (one real file breaks `[PlyCount` from its `"50"]`).
          if (c === SPACE || c === TAB || c === CR) {
            i++;
            break;
          }
          if (c === LF) {
            this.newline(i);
            i++;
            break;
          }
          if (c !== QUOTE) return this.tagError(i, `expected the quoted value of tag ${this.#tagName}`);
          this.#buffer = '';
          this.#escapedQuote = undefined;
          i++;
          this.#valueLine = this.#line;
          this.#valueOffset = this.#base + i;
          this.#valueColumn = this.#valueOffset - this.#lineStart + 1;
          this.#mode = Mode.TagValue;
          break;
        case Mode.TagValue: {
          const limit = Math.min(n, i + max - this.#buffer.length);
          let stop = i;
          while (stop < limit && isValueCode(text.charCodeAt(stop))) stop++;
          if (stop > i) {
            this.#buffer += text.slice(i, stop);
            i = stop;
          } else if (c === QUOTE) {
            this.#mode = Mode.TagClose;
            i++;
          } else if (c === BACKSLASH && this.#buffer.length < max) {
            this.#mode = Mode.TagEscape;
            this.#escapeAt = this.here(i);
            i++;
          } else if ((c === LF || c === CR) && this.backslashEnded()) {
            this.#mode = Mode.Top;
            return i;
          } else return this.valueError(i, c);
          break;
        }
        case Mode.TagEscape:
          if (c === LF || c === CR || this.#buffer.length >= max) return this.valueError(i, c);
          // `\"` and `\\` stand for the character; a backslash before anything else is kept.
          this.#buffer += c === QUOTE || c === BACKSLASH ? text[i] : `\\${text[i]}`;
          if (c === QUOTE) this.#escapedQuote = { at: this.#escapeAt!, length: this.#buffer.length };
          this.#mode = Mode.TagValue;
          i++;
          break;
        default:
          // After a quote: it closes the value when `]` follows it (blanks between).
          if (c === SPACE || c === TAB) {
            if (this.#buffer.length + this.#afterQuote.length >= max) return this.valueError(i, c);
            this.#afterQuote += text[i];
            i++;
            break;
          }
          if (c !== RIGHT_BRACKET) {
            if (c === LF || c === CR) return this.tagError(i, `expected \`]\` after the value of tag ${this.#tagName}`);
            // Anything else: the quote was part of the value, unescaped (`[White ""Socrates""]`).
            const quote = this.here(i - 1 - this.#afterQuote.length);
            this.#game?.warn('unescaped-quote', `a quote inside the value of tag ${this.#tagName}, not escaped`, quote);
            this.#buffer += `"${this.#afterQuote}`;
            this.#afterQuote = '';
            this.#mode = Mode.TagValue;
            break;
          }
          this.#afterQuote = '';
          this.#hasTag = true;
          this.#game?.tag(this.#tagName, this.#buffer, this.#valueLine, this.#valueColumn, this.#valueOffset);
          this.#tagName = '';
          this.#buffer = '';
          this.#mode = Mode.Top;
          return i + 1;
      }
    }
    return i;
  }

  /**
   * The usual tag pair, `[Name "value"]` on one line of the chunk, no escape in its value and
   * within the limits, read in one pass from `text[from]` (after its `[`): the index after its
   * `]`, or -1 for any other, which the states of `tag` then read from the same place (this
   * pass changes nothing before it knows). The same tag as those states take, at a fraction
   * of their steps; and the states, compiled for the rare tags alone, are seldom compiled again.
   */
  private wholeTag(text: string, from: number): number {
    const n = text.length;
    const max = this.#maxTagLength;
    let i = from;
    let c = i < n ? text.charCodeAt(i) : 0;
    while (c === SPACE || c === TAB) c = ++i < n ? text.charCodeAt(i) : 0;
    const nameStart = i;
    while (c < NON_ASCII && CODE_CLASS[c] === SYMBOL && i < n) c = ++i < n ? text.charCodeAt(i) : 0;
    const nameEnd = i;
    if (nameEnd === nameStart || nameEnd - nameStart > max) return -1;
    while (c === SPACE || c === TAB || c === CR) c = ++i < n ? text.charCodeAt(i) : 0;
    if (c !== QUOTE || i >= n) return -1;
    const valueStart = ++i;
    c = i < n ? text.charCodeAt(i) : 0;
    while (i < n && isValueCode(c)) c = ++i < n ? text.charCodeAt(i) : 0;
    const valueEnd = i;
    if (c !== QUOTE || i >= n || valueEnd - valueStart > max) return -1;
    c = ++i < n ? text.charCodeAt(i) : 0;
    const blanksStart = i;
    while (c === SPACE || c === TAB) c = ++i < n ? text.charCodeAt(i) : 0;
    // The states refuse a blank after the quote once the value and the blanks reach the limit.
    const blanks = i - blanksStart;
    if (c !== RIGHT_BRACKET || i >= n || (blanks > 0 && valueEnd - valueStart + blanks > max)) return -1;
    const name = text.slice(nameStart, nameEnd);
    if (this.#tagsEnded) {
      // As the name's state does (see there).
      this.#tagsEnded = false;
      if (this.#game?.hasTag(name) === true) {
        this.finishGame(undefined, this.#token);
        this.startGame(this.#token.offset);
      }
    }
    const valueOffset = this.#base + valueStart;
    this.#hasTag = true;
    this.#game?.tag(name, text.slice(valueStart, valueEnd), this.#line, valueOffset - this.#lineStart + 1, valueOffset);
    return i + 1;
  }

  /**
   * A line ends a tag value whose last escaped quote is followed by `]` alone (`[Event
   * "Tournament \"]`): a Windows path or a typo left a backslash before the closing quote. The
   * value is read to the backslash, kept, with a warning, and the tag is taken; whether it was.
   */
  private backslashEnded(): boolean {
    const escaped = this.#escapedQuote;
    const buffer = this.#buffer;
    if (escaped === undefined || !/^[ \t]*\][ \t]*$/.test(buffer.slice(escaped.length))) return false;
    const value = `${buffer.slice(0, escaped.length - 1)}\\`;
    this.#game?.warn(
      'backslash-quote',
      `a backslash before the quote that closes tag ${this.#tagName}, kept in the value`,
      escaped.at,
    );
    this.#hasTag = true;
    this.#game?.tag(this.#tagName, value, this.#valueLine, this.#valueColumn, this.#valueOffset);
    this.#tagName = '';
    this.#buffer = '';
    this.#escapedQuote = undefined;
    return true;
  }

  /** A character that ends a tag value before its quote: a line break, or one past the length limit. */
  private valueError(i: number, c: number): number {
    return c === LF || c === CR
      ? this.tagError(i, `the value of tag ${this.#tagName} has no closing quote on its line`)
      : this.tagError(
          i,
          `the value of tag ${this.#tagName} is longer than ${this.#maxTagLength} characters`,
          'tag-too-long',
        );
  }

  /**
   * A tag pair broken at `text[i]`: the game's error, or, for a tag that was probing for the
   * start of a game, back to skipping. Returns `i`: that character is read again while skipping
   * (it may start the next line).
   */
  private tagError(i: number, message: string, code: PgnErrorCode = 'tag-syntax'): number {
    this.#afterQuote = '';
    if (this.#probing) {
      this.#probing = false;
      this.#tagName = '';
      this.#mode = Mode.Skip;
      this.#skipContent = true;
      return i;
    }
    this.fail(code, message, this.#token);
    return i;
  }
}
