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
 * A game cut by the end of a chunk is kept and read again with the next chunk, once: a game
 * cut again (chunks smaller than it), or longer than `MAX_CARRY` characters, goes to the
 * tokenizer, so that no text is scanned more than twice and the scanner holds little.
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
import { SEVEN_TAG_ROSTER, ficsTypeOfEvent, gameResult, gameStart, type GameStart } from './tags.js';
import { EventOutlet, isBlankCode, isSymbol, resultAt, type TokenLimits, Tokenizer } from './tokens.js';

/** The scanner reports no error: where the values of tags start is never asked. */
const NO_PLACES: ReadonlyMap<string, Position> = /* @__PURE__ */ new Map();

/** The most variant starts kept (`Variant` values are the input's: a hostile one may name many). */
const MAX_STARTS = 64;
/** The longest game kept across a chunk's end for the scanner; a longer one is the tokenizer's. */
const MAX_CARRY = 1 << 16;
/** No move, move number or result is near this long (the tokenizer's limit). */
const MAX_SYMBOL_LENGTH = 255;
/** `$255`: a NAG has at most this many digits. */
const MAX_NAG_DIGITS = 4;

/** What a character of movetext is to the scanner: a token's, passed over once the movetext has started, or a blank (passed over too). */
const OTHER = 0;
const PASS = 1;
const BLANK = 2;
/**
 * `PASS` for the characters of symbols but 0 and 1 (a result starts with one) and the period,
 * `BLANK` for the other blanks but the line feed (the tokenizer's), `OTHER` for the rest.
 */
const KIND = /* @__PURE__ */ (() => {
  const kinds = new Uint8Array(NON_ASCII);
  for (let c = 0; c < NON_ASCII; c++)
    kinds[c] = isBlankCode(c) ? BLANK : (isSymbol(c) && c !== DIGIT_0 && c !== DIGIT_1) || c === DOT ? PASS : OTHER;
  return kinds;
})();
/** A symbol longer than the tokenizer takes (`MAX_SYMBOL_LENGTH`). */
const LONG_SYMBOL = /[A-Za-z0-9_+#=:\-@/]{256}/;

/**
 * The names of the tags most games have, by their first character: a name read is one of
 * these strings (made once, their hashes kept) rather than a new one for every game.
 */
const COMMON_NAMES = /* @__PURE__ */ (() => {
  // One slot for each character a name may start with: a read past the end would cost the compiled code.
  const byFirst: (string[] | undefined)[] = new Array<undefined>(NON_ASCII).fill(undefined);
  for (const name of [...SEVEN_TAG_ROSTER, 'WhiteElo', 'BlackElo', 'ECO', 'TimeControl', 'Termination', 'PlyCount'])
    (byFirst[name.charCodeAt(0)] ??= []).push(name);
  return byFirst;
})();

/** The tag name `text[from, to)`: a string of `COMMON_NAMES` when it is one. */
function tagName(text: string, from: number, to: number): string {
  const candidates = COMMON_NAMES[text.charCodeAt(from)];
  if (candidates !== undefined)
    for (const name of candidates) if (name.length === to - from && text.startsWith(name, from)) return name;
  return text.slice(from, to);
}

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
export class TagsScanner extends EventOutlet implements TextReader {
  readonly #tokenizer: Tokenizer;
  readonly #limits: TokenLimits;
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
  /** The starts of games without a `FEN` tag, by `Variant` value (after `=`) or FICS game type (undefined: chess). */
  readonly #starts = new Map<string | undefined, GameStart>();
  /** Where the chunk being scanned starts after the carried text: a game cut twice goes to the tokenizer. */
  #fresh = 0;

  constructor(limits: TokenLimits) {
    super();
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
      // Joined flat: a concatenation is a rope, whose characters cost more to read one by one.
      text = [carry, text].join('');
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
        this.newline(lineFeed);
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
        this.newline(i);
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
   * the caller). Reads up to the first token of movetext; `movetext` reads the rest.
   */
  private game(text: string, from: number): number {
    const n = text.length;
    this.#tags = new Map();
    this.#setup = undefined;
    this.#warnings = undefined;
    const first = this.#base + from;
    let hasTag = false;
    let tagsEnded = false;
    let lineHasToken = false;
    let i = from;
    for (;;) {
      if (i >= n) return CUT;
      const c = text.charCodeAt(i);
      if (c === LF) {
        // A blank line after tags: see `tag`.
        if (!lineHasToken && hasTag) tagsEnded = true;
        lineHasToken = false;
        this.newline(i);
        i++;
        continue;
      }
      if (c < NON_ASCII && KIND[c] === BLANK) {
        i++;
        continue;
      }
      lineHasToken = true;
      switch (c) {
        case DOT:
          i++;
          continue;
        case LEFT_BRACKET: {
          const stop = this.tag(text, i, tagsEnded);
          if (stop < 0 || stop === i) {
            // `i`: the tag repeats one of a game without movetext, and starts the next game.
            if (stop === i) return this.finish(undefined, 0, first, i, false, i);
            return stop;
          }
          hasTag = true;
          tagsEnded = false;
          i = stop;
          continue;
        }
        case LEFT_BRACE:
        case SEMICOLON:
        case PERCENT: {
          const stop = this.comment(text, i, c);
          if (stop < 0) return stop;
          i = stop;
          continue;
        }
      }
      // Any other token starts the movetext, or ends the game as its result (the game is set
      // up first either way, as the tokenizer does), or has no place (`movetext` finds that).
      if (!this.begin()) return DOUBT;
      return this.movetext(text, i, first);
    }
  }

  /** A `{` comment, or a `;` comment or `%` escape line to its line feed, at `text[from]`: returns where it ends, or `DOUBT` or `CUT`. */
  private comment(text: string, from: number, c: number): number {
    const max = this.#limits.maxCommentLength;
    if (c === LEFT_BRACE) {
      const close = text.indexOf('}', from + 1);
      if (close < 0) return text.length - from > max ? DOUBT : CUT;
      if (close - from > max) return DOUBT;
      this.countLines(text, from + 1, close);
      return close + 1;
    }
    // A `%` escape line starts at a line's start; anywhere else it has no place.
    if (c === PERCENT && this.#base + from !== this.#lineStart) return DOUBT;
    const lineFeed = text.indexOf('\n', from + 1);
    if (lineFeed < 0) return text.length - from > max ? DOUBT : CUT;
    return lineFeed - from > max ? DOUBT : lineFeed;
  }

  /** The movetext of a game set up already, from its first token at `text[from]`: see `game`. */
  private movetext(text: string, from: number, first: number): number {
    const n = text.length;
    const maxDepth = this.#limits.maxVariationDepth;
    let depth = 0;
    let lineHasToken = true;
    let i = from;
    // Where a symbol may have started last: a run longer than a symbol may be is looked for
    // only when the characters passed since are that many.
    let quietFrom = i;
    for (;;) {
      if (i >= n) return CUT;
      let c = text.charCodeAt(i);
      if (lineHasToken) {
        // Symbols (but those that may be a result), periods and blanks change nothing but a
        // symbol's length: passed in a tight loop.
        while (c < NON_ASCII && KIND[c] !== OTHER) {
          if (++i === n) return CUT;
          c = text.charCodeAt(i);
        }
        if (i - quietFrom > MAX_SYMBOL_LENGTH && LONG_SYMBOL.test(text.slice(quietFrom, i))) return DOUBT;
        // A 0 or 1 inside a symbol: the symbol goes on.
        if ((c === DIGIT_0 || c === DIGIT_1) && i > from && isSymbol(text.charCodeAt(i - 1))) {
          i++;
          continue;
        }
      }
      if (c === LF) {
        // A blank line ends the movetext.
        if (!lineHasToken) return this.finish(undefined, depth, first, i, true, i);
        lineHasToken = false;
        this.newline(i);
        i++;
        continue;
      }
      if (c < NON_ASCII && KIND[c] === BLANK) {
        i++;
        continue;
      }
      lineHasToken = true;
      let stop = i + 1;
      if (c < NON_ASCII && KIND[c] === PASS) {
        // A symbol or a period at a line's start: passed over as the line's others.
        quietFrom = i;
        continue;
      } else if (c === DIGIT_0 || c === DIGIT_1) {
        while (stop < n && isSymbol(text.charCodeAt(stop))) stop++;
        if (stop === n) return CUT;
        if (stop - i > MAX_SYMBOL_LENGTH) return DOUBT;
        const result = resultAt(text, i, stop);
        if (result !== undefined) return this.finish(result, depth, first, i, true, stop);
        if (c === DIGIT_1 && stop - i === 3 && text.startsWith('1/2', i)) {
          this.warn('short-draw', '"1/2" read as the draw 1/2-1/2', i);
          return this.finish('1/2-1/2', depth, first, i, true, stop);
        }
      } else if (c === LEFT_BRACE || c === SEMICOLON || c === PERCENT) {
        stop = this.comment(text, i, c);
        if (stop < 0) return stop;
      } else if (c === LEFT_PAREN) {
        if (depth >= maxDepth) return DOUBT;
        depth++;
      } else if (c === RIGHT_PAREN) {
        if (depth === 0) return DOUBT;
        depth--;
      } else if (c === LEFT_BRACKET) return this.finish(undefined, depth, first, i, true, i);
      else if (c === ASTERISK) return this.finish('*', depth, first, i, true, stop);
      else if (c === DOLLAR) {
        while (stop < n && stop - i <= MAX_NAG_DIGITS && isDigit(text.charCodeAt(stop))) stop++;
        if (stop === n) return CUT;
        if (stop === i + 1 || isDigit(text.charCodeAt(stop)) || Number(text.slice(i + 1, stop)) > 255) return DOUBT;
      } else if (c === EXCLAMATION || c === QUESTION) {
        while (stop < n && stop - i <= 2 && isAnnotation(text.charCodeAt(stop))) stop++;
        if (stop === n) return CUT;
        if (stop - i > 2) return DOUBT;
      } else return DOUBT;
      i = quietFrom = stop;
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
    const name = tagName(text, nameStart, i);
    if (tagsEnded && this.#tags.has(name)) return from;
    // The value may stand on a later line (any white space separates a tag pair's tokens).
    // (The loops stop at the text's end before reading past it: a read there costs the
    // compiled code a round through the interpreter.)
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === LF) {
        this.newline(i);
      } else if (c !== SPACE && c !== TAB && c !== CR) break;
    }
    if (i >= n) return CUT;
    if (text.charCodeAt(i) !== QUOTE) return DOUBT;
    const valueStart = i + 1;
    for (i = valueStart; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE || c === BACKSLASH || c === LF || c === CR) break;
    }
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
   * it cannot be: the tokenizer reports that. Games without a `FEN` tag start from their
   * variant's start, made once for each `Variant` value (or FICS game type of the `Event`) and
   * shared by the games of the input that name it (a `Setup` is read-only).
   */
  private begin(): boolean {
    if (this.#setup !== undefined) return true;
    const tags = this.#tags;
    let start: GameStart | undefined;
    if (tags.has('FEN')) start = gameStart(tags, NO_PLACES);
    else {
      const named = tags.get('Variant');
      const key = named === undefined ? ficsTypeOfEvent(tags.get('Event')) : `=${named}`;
      const starts = this.#starts;
      start = starts.get(key);
      if (start === undefined) {
        start = gameStart(tags, NO_PLACES);
        if (start.ok && starts.size < MAX_STARTS) starts.set(key, start);
      }
    }
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

  /** The line feed at `text[i]` of the text being scanned: the next line starts after it. */
  private newline(i: number): void {
    this.#line++;
    this.#lineStart = this.#base + i + 1;
  }

  /** Counts the line feeds of `text[from, to)`. */
  private countLines(text: string, from: number, to: number): void {
    for (
      let lineFeed = text.indexOf('\n', from);
      lineFeed >= 0 && lineFeed < to;
      lineFeed = text.indexOf('\n', lineFeed + 1)
    ) {
      this.newline(lineFeed);
    }
  }
}

function isDigit(c: number): boolean {
  return c >= DIGIT_0 && c <= DIGIT_9;
}

function isAnnotation(c: number): boolean {
  return c === EXCLAMATION || c === QUESTION;
}
