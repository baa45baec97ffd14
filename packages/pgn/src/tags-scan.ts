/**
 * The tags-only reader's fast path: a scanner that reads the games of plain PGN in one tight
 * loop, and hands every game it has any doubt about to the tokenizer (`tokens.ts`), which
 * reads it from its first token as it always did. So the games, warnings and errors are the
 * tokenizer's by construction wherever the scanner is unsure, and the scanner only has to be
 * right about what it takes.
 *
 * What it takes: tag pairs of the plain form (`[Name "value"]`, the value on the name's line or
 * a later one, no escape, no quote inside, `]` right after the closing quote), and movetext of
 * symbols, periods, `{` and `;` comments, `%` escape lines, variations, NAGs, `!`/`?` and the
 * results, a game ending at its result, at a blank line after movetext, at a tag after
 * movetext, or at a tag section that repeats a tag of a game without movetext (`no-movetext`),
 * and `1/2` (`short-draw`). Anything else (an escape, an unescaped quote, markup, a stray
 * brace, a character with no place in movetext, a limit passed, a game that does not set up,
 * a variation left open, bytes the decoder warned of inside a game, text that is not text)
 * sends the game to the tokenizer, and the scanner takes over again at the start of a line
 * where the tokenizer stands between games.
 *
 * A game cut by the end of a chunk is kept (up to `MAX_CARRY` characters) and read again with
 * the next chunk, so chunk boundaries cost nothing; a longer one goes to the tokenizer.
 */
import {
  ASTERISK,
  BYTE_ORDER_MARK,
  DIGIT_0,
  DIGIT_1,
  DIGIT_9,
  DOLLAR,
  DOT,
  EXCLAMATION,
  LEFT_BRACE,
  LEFT_BRACKET,
  LEFT_PAREN,
  LF,
  NON_ASCII,
  PERCENT,
  QUESTION,
  QUOTE,
  RIGHT_BRACKET,
  RIGHT_PAREN,
  SEMICOLON,
  SPACE,
  TAB,
  CR,
  BACKSLASH,
} from '@chess-formats/board-core/internal';
import type { Setup } from '@chess-formats/board-core';
import { TagsBuilder, type Position } from './builders.js';
import type { PgnWarning, PgnWarningCode } from './errors.js';
import type { PgnGame, PgnResult, PgnVariant } from './game.js';
import { ficsTypeOfEvent, gameResult, gameStart, type GameStart } from './tags.js';
import type { PgnEvent } from './read.js';
import { isBlankCode, isSymbol, resultAt, type TokenLimits, Tokenizer } from './tokens.js';

/** The scanner reports no error: where the values of tags start is never asked. */
const NO_PLACES: ReadonlyMap<string, Position> = /* @__PURE__ */ new Map();

/** The longest game kept across a chunk's end for the scanner; a longer one is the tokenizer's. */
const MAX_CARRY = 1 << 16;
/** No move, move number or result is near this long (the tokenizer's limit). */
const MAX_SYMBOL_LENGTH = 255;
/** `$255`: a NAG has at most this many digits. */
const MAX_NAG_DIGITS = 4;

/** The scanner gives up on the game: the tokenizer reads it. */
const DOUBT = -1;
/** The chunk ends inside the game: it is read again with the next chunk. */
const CUT = -2;

/** What reads text for the reader: the tokenizer itself, or the scanner with the tokenizer behind it. */
export type TextReader = Pick<
  Tokenizer,
  'feed' | 'end' | 'reset' | 'setSink' | 'take' | 'warnHere' | 'notText' | 'betweenGames' | 'bufferedLength'
>;

/**
 * The tags-only reader: the scanner, falling back on a tokenizer (made with the tags builder
 * and the same limits) for the games it does not take. Exported for the reader and the tests.
 */
export class TagsScanner implements TextReader {
  readonly #tokenizer: Tokenizer;
  readonly #limits: TokenLimits;
  #events: PgnEvent[] = [];
  #onEvent: ((event: PgnEvent) => void) | undefined;
  /** Whether the tokenizer is reading (until it stands between games at a line's start). */
  #slow = false;
  /** Whether any text was read (a byte-order mark is dropped only before it). */
  #started = false;
  /** The offset of the first character of the text being scanned (of the next chunk, between chunks). */
  #base = 0;
  #line = 1;
  /** The offset where the current line starts. */
  #lineStart = 0;
  /** The start of a game a chunk's end cut, and where its line stood: read again with the next chunk. */
  #carry = '';
  #carryLine = 1;
  #carryLineStart = 0;
  /** The game being scanned: its tags, its variant and initial position once set up, its warnings. */
  #tags = new Map<string, string>();
  #variant: PgnVariant = 'standard';
  #setup: Setup | undefined;
  #warnings: PgnWarning[] | undefined;
  /** The start of games whose tags set nothing up, made at the first. */
  #standard: GameStart | undefined;
  /** Where the chunk being scanned starts after the carried text: a game cut twice goes to the tokenizer. */
  #fresh = 0;

  constructor(limits: TokenLimits) {
    this.#limits = limits;
    this.#tokenizer = new Tokenizer(() => new TagsBuilder(), limits);
    this.#tokenizer.setSink((event) => this.emit(event));
  }

  get betweenGames(): boolean {
    return this.#slow ? this.#tokenizer.betweenGames : this.#carry === '';
  }

  get bufferedLength(): number {
    return this.#slow ? this.#tokenizer.bufferedLength : this.#carry.length;
  }

  setSink(onEvent: ((event: PgnEvent) => void) | undefined): void {
    this.#onEvent = onEvent;
  }

  take(): PgnEvent[] {
    const events = this.#events;
    this.#events = [];
    return events;
  }

  warnHere(code: PgnWarningCode, message: string): void {
    this.toTokenizer();
    this.#tokenizer.warnHere(code, message);
  }

  notText(message: string): void {
    this.toTokenizer();
    this.#tokenizer.notText(message);
  }

  end(): void {
    if (this.#carry !== '') this.toTokenizer();
    // Between games the tokenizer has nothing to finish; it is ended all the same, to start afresh.
    this.#tokenizer.end();
    this.afresh();
  }

  reset(): void {
    this.#tokenizer.reset();
    this.afresh();
  }

  private afresh(): void {
    this.#slow = false;
    this.#started = false;
    this.#base = 0;
    this.#line = 1;
    this.#lineStart = 0;
    this.#carry = '';
  }

  private emit(event: PgnEvent): void {
    const onEvent = this.#onEvent;
    if (onEvent === undefined) this.#events.push(event);
    else onEvent(event);
  }

  /** Hands the input to the tokenizer where it stands: the game being carried, if any, is fed to it whole. */
  private toTokenizer(): void {
    if (this.#slow) return;
    this.#slow = true;
    const carry = this.#carry;
    if (carry === '') {
      this.#tokenizer.resumeAt(this.#base, this.#line, this.#lineStart);
      return;
    }
    this.#carry = '';
    const base = this.#base - carry.length;
    this.#line = this.#carryLine;
    this.#lineStart = this.#carryLineStart;
    this.#tokenizer.resumeAt(base, this.#line, this.#lineStart);
    this.#tokenizer.feed(carry, false);
    const last = carry.lastIndexOf('\n');
    if (last >= 0) {
      for (let lineFeed = carry.indexOf('\n'); lineFeed >= 0; lineFeed = carry.indexOf('\n', lineFeed + 1))
        this.#line++;
      this.#lineStart = base + last + 1;
    }
  }

  feed(chunk: string, dropMark: boolean): void {
    let text = chunk;
    let i = 0;
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (dropMark && text.charCodeAt(0) === BYTE_ORDER_MARK) i = 1;
    }
    // Offsets count from the start of the text, a byte-order mark not counted.
    this.#base -= i;
    const carry = this.#carry;
    if (carry !== '') {
      text = carry + text;
      this.#base -= carry.length;
      this.#fresh = carry.length;
      this.#line = this.#carryLine;
      this.#lineStart = this.#carryLineStart;
      this.#carry = '';
    } else this.#fresh = 0;
    const n = text.length;
    while (i < n) i = this.#slow ? this.slowLines(text, i) : this.scan(text, i);
    this.#base += n;
  }

  /**
   * The tokenizer reads `text` from `from` a line at a time, until it stands between games at
   * a line's start (or the text ends). Returns where it stopped.
   */
  private slowLines(text: string, from: number): number {
    const n = text.length;
    const tokenizer = this.#tokenizer;
    let i = from;
    while (i < n) {
      const lineFeed = text.indexOf('\n', i);
      const stop = lineFeed < 0 ? n : lineFeed + 1;
      tokenizer.feed(i === 0 && stop === n ? text : text.slice(i, stop), false);
      i = stop;
      if (lineFeed >= 0) {
        this.#line++;
        this.#lineStart = this.#base + stop;
        if (tokenizer.betweenGames) {
          this.#slow = false;
          return i;
        }
      }
    }
    return n;
  }

  /** The scanner, between games at `text[from]`: reads games until the text ends or a game is in doubt. */
  private scan(text: string, from: number): number {
    const n = text.length;
    let i = from;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === LF) {
        this.#line++;
        this.#lineStart = this.#base + i + 1;
        i++;
        continue;
      }
      if (isBlankCode(c)) {
        i++;
        continue;
      }
      const line = this.#line;
      const lineStart = this.#lineStart;
      let end: number;
      if (c === PERCENT && this.#base + i === lineStart) {
        // An escape line between games: no game starts.
        const lineFeed = text.indexOf('\n', i);
        end = lineFeed < 0 ? CUT : lineFeed;
      } else end = this.game(text, i);
      if (end >= 0) {
        i = end;
        continue;
      }
      this.#line = line;
      this.#lineStart = lineStart;
      // Carried once: a game cut again (chunks smaller than it) would be scanned again and again.
      if (end === CUT && n - i <= MAX_CARRY && i >= this.#fresh) {
        this.#carry = text.slice(i);
        this.#carryLine = line;
        this.#carryLineStart = lineStart;
        return n;
      }
      this.#tokenizer.resumeAt(this.#base + i, line, lineStart);
      this.#slow = true;
      return i;
    }
    return n;
  }

  /**
   * One game, from its first token at `text[from]`: emits it and returns where the text after
   * it starts, or returns `DOUBT` or `CUT` having emitted nothing (the line is then restored by
   * the caller).
   */
  private game(text: string, from: number): number {
    const n = text.length;
    const limits = this.#limits;
    this.#tags = new Map();
    this.#setup = undefined;
    this.#warnings = undefined;
    const first = this.#base + from;
    let hasTag = false;
    let tagsEnded = false;
    let movetext = false;
    let depth = 0;
    let lineHasToken = false;
    let i = from;
    for (;;) {
      if (i >= n) return CUT;
      const c = text.charCodeAt(i);
      if (c === LF) {
        if (!lineHasToken) {
          // A blank line: it ends the movetext, or the tags (see below).
          if (movetext) return this.finish(undefined, depth, first, i, true, i);
          if (hasTag) tagsEnded = true;
        }
        lineHasToken = false;
        this.#line++;
        this.#lineStart = this.#base + i + 1;
        i++;
        continue;
      }
      if (c < NON_ASCII && isBlankCode(c)) {
        i++;
        continue;
      }
      lineHasToken = true;
      if (isSymbol(c)) {
        let stop = i + 1;
        while (stop < n && isSymbol(text.charCodeAt(stop))) stop++;
        if (stop === n) return CUT;
        if (stop - i > MAX_SYMBOL_LENGTH) return DOUBT;
        if (c === DIGIT_0 || c === DIGIT_1) {
          const result = resultAt(text, i, stop);
          if (result !== undefined) return this.finish(result, depth, first, i, movetext, stop);
          if (c === DIGIT_1 && stop - i === 3 && text.startsWith('1/2', i)) {
            this.warn('short-draw', '"1/2" read as the draw 1/2-1/2', i);
            return this.finish('1/2-1/2', depth, first, i, movetext, stop);
          }
        }
        if (!movetext) {
          movetext = true;
          if (!this.begin()) return DOUBT;
        }
        i = stop;
        continue;
      }
      switch (c) {
        case DOT:
          i++;
          continue;
        case LEFT_BRACE: {
          const close = text.indexOf('}', i + 1);
          if (close < 0) return n - i > limits.maxCommentLength ? DOUBT : CUT;
          if (close - i > limits.maxCommentLength) return DOUBT;
          this.countLines(text, i + 1, close);
          i = close + 1;
          continue;
        }
        case SEMICOLON:
        case PERCENT: {
          // A `%` escape line starts at a line's start; anywhere else it has no place.
          if (c === PERCENT && this.#base + i !== this.#lineStart) return DOUBT;
          const lineFeed = text.indexOf('\n', i + 1);
          if (lineFeed < 0) return n - i > limits.maxCommentLength ? DOUBT : CUT;
          if (lineFeed - i > limits.maxCommentLength) return DOUBT;
          i = lineFeed;
          continue;
        }
        case LEFT_BRACKET: {
          if (movetext) return this.finish(undefined, depth, first, i, true, i);
          const stop = this.tag(text, i, tagsEnded);
          if (stop < 0 || stop === i) {
            // `i`: the tag repeats one of a game without movetext, and starts the next game.
            if (stop === i) return this.finish(undefined, depth, first, i, false, i);
            return stop;
          }
          hasTag = true;
          tagsEnded = false;
          i = stop;
          continue;
        }
        case LEFT_PAREN:
        case RIGHT_PAREN:
          if (c === LEFT_PAREN ? depth >= limits.maxVariationDepth : depth === 0) return DOUBT;
          depth += c === LEFT_PAREN ? 1 : -1;
          break;
        case ASTERISK:
          return this.finish('*', depth, first, i, movetext, i + 1);
        case DOLLAR: {
          let stop = i + 1;
          while (stop < n && stop - i <= MAX_NAG_DIGITS && isDigit(text.charCodeAt(stop))) stop++;
          if (stop === n) return CUT;
          if (stop === i + 1 || isDigit(text.charCodeAt(stop)) || Number(text.slice(i + 1, stop)) > 255) return DOUBT;
          i = stop - 1;
          break;
        }
        case EXCLAMATION:
        case QUESTION: {
          let stop = i + 1;
          while (stop < n && stop - i <= 2 && isAnnotation(text.charCodeAt(stop))) stop++;
          if (stop === n) return CUT;
          if (stop - i > 2) return DOUBT;
          i = stop - 1;
          break;
        }
        default:
          return DOUBT;
      }
      // A variation or an annotation: a token of movetext.
      if (!movetext) {
        movetext = true;
        if (!this.begin()) return DOUBT;
      }
      i++;
    }
  }

  /**
   * A tag pair from its `[` at `text[from]`: given to the builder, returning the index after its
   * `]`; `from` itself when it repeats a tag of the game after a blank line (it starts the next
   * game); or `DOUBT` or `CUT`.
   */
  private tag(text: string, from: number, tagsEnded: boolean): number {
    const n = text.length;
    const max = this.#limits.maxTagLength;
    let i = from + 1;
    while (i < n && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
    const nameStart = i;
    while (i < n && isSymbol(text.charCodeAt(i))) i++;
    if (i === n) return CUT;
    if (i === nameStart || i - nameStart >= max) return DOUBT;
    const name = text.slice(nameStart, i);
    if (tagsEnded && this.#tags.has(name)) return from;
    // The value may stand on a later line (any white space separates a tag pair's tokens).
    for (let c = text.charCodeAt(i); c === SPACE || c === TAB || c === CR || c === LF; c = text.charCodeAt(++i)) {
      if (c === LF) {
        this.#line++;
        this.#lineStart = this.#base + i + 1;
      }
    }
    if (i >= n) return CUT;
    if (text.charCodeAt(i) !== QUOTE) return DOUBT;
    const valueStart = i + 1;
    i = valueStart;
    for (let c = text.charCodeAt(i); i < n && c !== QUOTE && c !== BACKSLASH && c !== LF && c !== CR; )
      c = text.charCodeAt(++i);
    if (i + 1 >= n) return CUT;
    if (text.charCodeAt(i) !== QUOTE || text.charCodeAt(i + 1) !== RIGHT_BRACKET || i - valueStart >= max) return DOUBT;
    this.#tags.set(name, text.slice(valueStart, i));
    return i + 2;
  }

  /**
   * The game ends at `text[at]` (its result, the line feed of a blank line, or a tag): emits it
   * and returns `next`, or `DOUBT` when the tokenizer would report an error there instead.
   */
  private finish(
    result: PgnResult | undefined,
    depth: number,
    first: number,
    at: number,
    movetext: boolean,
    next: number,
  ): number {
    if (depth > 0 || this.#base + next - first > this.#limits.maxGameLength) return DOUBT;
    if (!movetext && !this.begin()) return DOUBT;
    if (!movetext && result === undefined)
      this.warn('no-movetext', 'a game with tags alone: no moves and no result', at);
    const tags = this.#tags;
    // As the tags builder makes a game (the same keys in the same order).
    const game: { -readonly [K in keyof PgnGame]: PgnGame[K] } = {
      tags,
      variant: this.#variant,
      setup: this.#setup!,
      root: { children: [] },
      result: gameResult(tags, result),
    };
    if (this.#warnings !== undefined) game.warnings = this.#warnings;
    this.emit({ kind: 'game', game });
    return next;
  }

  /**
   * The movetext starts: the game is set up from its tags (see the tags builder). False when
   * it cannot be: the tokenizer reports that. A game whose tags name no position and no
   * variant starts from one start position, made once: every such game of the input shares it
   * (a `Setup` is read-only).
   */
  private begin(): boolean {
    if (this.#setup !== undefined) return true;
    const tags = this.#tags;
    const start =
      tags.has('FEN') || tags.has('Variant') || ficsTypeOfEvent(tags.get('Event')) !== undefined
        ? gameStart(tags, NO_PLACES)
        : (this.#standard ??= gameStart(tags, NO_PLACES));
    if (!start.ok) return false;
    this.#variant = start.variant;
    this.#setup = start.setup;
    return true;
  }

  /** A warning on the game at `text[i]`, on the current line. */
  private warn(code: PgnWarningCode, message: string, i: number): void {
    const offset = this.#base + i;
    (this.#warnings ??= []).push({ code, line: this.#line, column: offset - this.#lineStart + 1, offset, message });
  }

  /** Counts the line feeds of `text[from, to)`. */
  private countLines(text: string, from: number, to: number): void {
    for (
      let lineFeed = text.indexOf('\n', from);
      lineFeed >= 0 && lineFeed < to;
      lineFeed = text.indexOf('\n', lineFeed + 1)
    ) {
      this.#line++;
      this.#lineStart = this.#base + lineFeed + 1;
    }
  }
}

function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

function isAnnotation(c: number): boolean {
  return c === EXCLAMATION || c === QUESTION;
}
