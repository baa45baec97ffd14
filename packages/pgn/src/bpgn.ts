/**
 * BPGN, the bughouse PGN of the FICS database and of the bughouse game collections (the BPGN
 * standard of DrZukhar, WhoAmI and Jamesbaud, as kept by bughousedb.com): one record per
 * bughouse match, holding both boards. Tags as in PGN, the players named per board (`WhiteA`,
 * `BlackA`, `WhiteB`, `BlackB`, their `Elo`s); the movetext is both boards' moves in the order
 * they were played, each numbered with its board (`1A.` White on board A, `1a.` Black on board
 * A, `1B.`/`1b.` board B) and followed by the mover's clock in seconds (`{179}`, `{179.521}`).
 *
 * The reader replays both boards by board-core's bughouse rules: a piece captured on one board
 * goes to the other board's pocket of its own colour (the captor's partner plays that colour
 * there; a promoted piece goes as a pawn), so every drop is checked against the pieces really
 * passed. Errors are values; the reader never throws.
 */
import {
  err,
  ok,
  play,
  variantByKey,
  withVariant,
  standardSetup,
  parseSan,
  writeSan,
  type Color,
  type LocatedError,
  type Move,
  type MoveNotationError,
  type Result,
  type Role,
  type Setup,
} from '@chess-formats/board-core';
import {
  BACKSLASH,
  CR,
  DIGIT_0,
  DIGIT_9,
  DOT,
  FF,
  LEFT_BRACE,
  LEFT_BRACKET,
  LEFT_PAREN,
  LF,
  QUOTE,
  RIGHT_BRACE,
  RIGHT_BRACKET,
  RIGHT_PAREN,
  SEMICOLON,
  SPACE,
  TAB,
  VT,
  UPPER_A,
  UPPER_B,
  LOWER_A,
  LOWER_B,
  createTextIntake,
  type TextIntake,
} from '@chess-formats/board-core/internal';
import { PGN_RESULTS, type PgnResult } from './game.js';
import { describe, positiveInteger } from './values.js';

/** The two boards of a bughouse match, as BPGN names them. */
export type BpgnBoard = 'A' | 'B';

/** One move of a BPGN record. */
export interface BpgnMove {
  /** The board it was played on. */
  readonly board: BpgnBoard;
  /** The side that played it (`1A.` White, `1a.` Black). */
  readonly color: Color;
  /** board-core's SAN of the move in its position (what the writer writes). */
  readonly san: string;
  /** The move. */
  readonly move: Move;
  /** The mover's clock after the move, in seconds as written (`{179}`, `{179.521}`), when given. */
  readonly clock?: number;
  /** The other comments after the move, trimmed (the last move's often says how the game ended). */
  readonly comments?: readonly string[];
}

/** The two boards of a bughouse match. */
export interface BpgnBoards {
  /** Board A. */
  readonly A: Setup;
  /** Board B. */
  readonly B: Setup;
}

/** A bughouse match as read from BPGN: its tags, both boards' moves in the order played, and its result. */
export interface BpgnGame {
  /** Every tag as read, in order (the last of a repeated name wins). */
  readonly tags: ReadonlyMap<string, string>;
  /** Comments before the first move, trimmed. */
  readonly comments?: readonly string[];
  /** Both boards' moves, in the order they were played. */
  readonly moves: readonly BpgnMove[];
  /** The game termination of the movetext; without one, the `Result` tag's value when it is a result, else `*`. */
  readonly result: PgnResult;
  /** Both boards after the last move, pockets filled by the captures of the other board. */
  readonly boards: BpgnBoards;
}

/** Every code the BPGN reader can report, in a stable order. */
export const BPGN_ERROR_CODES = /* @__PURE__ */ Object.freeze([
  /** A chunk or text that is neither a string nor a `Uint8Array` (from untyped JavaScript). */
  'not-text',
  /** A tag pair that is not `[Name "value"]`. */
  'tag-syntax',
  /** A tag name or value longer than the limit. */
  'tag-too-long',
  /** A `FEN` or `SetUp` tag: BPGN's two-board setups (BFEN) are not read; matches start from the start. */
  'unsupported-setup',
  /** A move without its board (`e4` where `1A. e4` is expected), or a number without a move. */
  'missing-board',
  /** A move numbered for the side not to move on its board (`1a.` when White is to move on board A). */
  'wrong-turn',
  /** A move that is not legal on its board, drops checked against the pieces passed so far. */
  'illegal-move',
  /** A token that has no place in BPGN where it stands (a variation, a NAG, anything after the result). */
  'unexpected-token',
  /** The input ends inside a `{` comment. */
  'unterminated-comment',
  /** A comment longer than the limit. */
  'comment-too-long',
  /** A move, number or other symbol longer than 255 characters. */
  'token-too-long',
  /** A match longer than the limit; it is skipped without being held. */
  'game-too-large',
] as const);
/** The code of a `BpgnError`, one of `BPGN_ERROR_CODES`. */
export type BpgnErrorCode = (typeof BPGN_ERROR_CODES)[number];

/** Why a match could not be read, and where: line, column and offset of the offending token. */
export interface BpgnError extends LocatedError<BpgnErrorCode> {
  /** The stable error code. */
  readonly code: BpgnErrorCode;
  /** Line of the offending token, from 1. */
  readonly line: number;
  /** Column of the offending token on its line, from 1 (UTF-16 code units). */
  readonly column: number;
  /** Offset of the offending token from the start of the input (UTF-16 code units, a byte-order mark not counted). */
  readonly offset: number;
  /** Short English for people: what is wrong, and where in the match. */
  readonly message: string;
  /** The move reader's error behind an `illegal-move`. */
  readonly cause?: MoveNotationError;
}

/** Options of `parseBpgn` and `createBpgnReader`: the limits that bound the memory a hostile input can take. */
export interface BpgnReadOptions {
  /** The longest match, in characters from its first tag; a longer one is reported and skipped (default 1 MiB). */
  readonly maxGameLength?: number;
  /** The longest tag name or value (default 4,096). */
  readonly maxTagLength?: number;
  /** The longest comment (default 65,536). */
  readonly maxCommentLength?: number;
}

/** What a `BpgnReader` gives for each match of the input: the match, or the error that made it unreadable. */
export type BpgnEvent =
  | { readonly kind: 'game'; readonly game: BpgnGame }
  | { readonly kind: 'error'; readonly error: BpgnError };

/**
 * A streaming BPGN reader, made by `createBpgnReader`: push the input in chunks of any size,
 * then call `end`. The events are the same however the input is split.
 */
export interface BpgnReader {
  /** Reads a piece of the input (text, or UTF-8 bytes split anywhere); returns the events it completes, in order. */
  push(chunk: string | Uint8Array): BpgnEvent[];
  /**
   * Hands the events the chunk completes to `onEvent`, in order. The reader itself never
   * throws; an exception thrown by `onEvent` passes through, and the reader then starts afresh.
   */
  push(chunk: string | Uint8Array, onEvent: (event: BpgnEvent) => void): void;
  /** Ends the input: returns the last match (or its error); the reader then starts afresh. */
  end(): BpgnEvent[];
  /** `end()`, with the events handed to `onEvent` (see `push`). */
  end(onEvent: (event: BpgnEvent) => void): void;
}

/** The limits used when `BpgnReadOptions` leave them out. */
const LIMITS = { maxGameLength: 1 << 20, maxTagLength: 4096, maxCommentLength: 65536 };
/** The longest symbol (move, number, result), as the PGN reader has it. */
const MAX_TOKEN = 255;

interface Limits {
  readonly maxGameLength: number;
  readonly maxTagLength: number;
  readonly maxCommentLength: number;
}

function limitsOf(options: unknown): Limits {
  const o = (typeof options === 'object' && options !== null ? options : {}) as BpgnReadOptions;
  return {
    maxGameLength: positiveInteger(o.maxGameLength, LIMITS.maxGameLength),
    maxTagLength: positiveInteger(o.maxTagLength, LIMITS.maxTagLength),
    maxCommentLength: positiveInteger(o.maxCommentLength, LIMITS.maxCommentLength),
  };
}

// ---------------------------------------------------------------------------------------------
// The match: both boards, and the passing of captured pieces.

/** The bughouse start, both boards. */
function startBoards(): { A: Setup; B: Setup } {
  const bughouse = variantByKey('bughouse');
  const start = bughouse === undefined ? standardSetup() : withVariant(standardSetup(), bughouse);
  return { A: start, B: start };
}

/** The piece `move` takes on `setup`, if any. */
function capturedBy(setup: Setup, move: Move): { color: Color; role: Role } | undefined {
  const square = move.kind === 'normal' ? move.to : move.kind === 'enPassant' ? move.captured : -1;
  const taken = square < 0 ? undefined : setup.board.pieces[square];
  if (taken === undefined) return undefined;
  return { color: taken.color, role: taken.promoted && taken.role !== 'pawn' ? 'pawn' : taken.role };
}

/**
 * `boards` after `move` on `board`: the move played there, and the piece it takes (a promoted
 * one as a pawn) put in the other board's pocket of the piece's colour, the captor's partner's.
 */
function playOn(boards: { A: Setup; B: Setup }, board: BpgnBoard, move: Move): { A: Setup; B: Setup } {
  const here = boards[board];
  const taken = capturedBy(here, move);
  const after = play(here, move);
  const otherName: BpgnBoard = board === 'A' ? 'B' : 'A';
  let other = boards[otherName];
  if (taken !== undefined && other.pockets !== undefined) {
    const pocket = other.pockets[taken.color];
    const filled = { ...pocket, [taken.role]: pocket[taken.role] + 1 };
    other = { ...other, pockets: { ...other.pockets, [taken.color]: filled } };
  }
  return board === 'A' ? { A: after, B: other } : { A: other, B: after };
}

// ---------------------------------------------------------------------------------------------
// One match's text to a game.

/** Where a match's text starts in the input. */
interface Origin {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

const isSpace = (c: number): boolean => c === SPACE || c === LF || c === CR || c === TAB || c === FF || c === VT;
const isDigit = (c: number): boolean => c >= DIGIT_0 && c <= DIGIT_9;
/** Characters that end a symbol: white space and the delimiters of tags, comments and variations. */
const endsSymbol = (c: number): boolean =>
  isSpace(c) ||
  c === LEFT_BRACE ||
  c === RIGHT_BRACE ||
  c === LEFT_BRACKET ||
  c === RIGHT_BRACKET ||
  c === SEMICOLON ||
  c === LEFT_PAREN ||
  c === RIGHT_PAREN;
/** The characters of a tag name (PGN standard 8.1.1: letters, digits, underscore), and `+#=:-` as PGN readers accept. */
const TAG_NAME = /^[A-Za-z0-9_+#=:-]+$/;
/** The length of the longest game termination, `1/2-1/2`. */
const RESULT_LENGTH = 7;
/** A comment that is a clock: seconds, optionally with a fraction (BPGN 1.2's milliseconds). */
const CLOCK = /^\d{1,9}(?:\.\d{1,9})?$/;

class GameReader {
  private i = 0;
  private readonly text: string;
  private readonly origin: Origin;
  private readonly limits: Limits;
  constructor(text: string, origin: Origin, limits: Limits) {
    this.text = text;
    this.origin = origin;
    this.limits = limits;
  }

  private fail(code: BpgnErrorCode, at: number, message: string, cause?: MoveNotationError): BpgnError {
    let line = this.origin.line;
    let lineStart = -1;
    for (let k = 0; k < at; k++) {
      if (this.text.charCodeAt(k) === LF) {
        line++;
        lineStart = k;
      }
    }
    const column = lineStart < 0 ? this.origin.column + at : at - lineStart;
    const error = { code, line, column, offset: this.origin.offset + at, message: `line ${line}: ${message}` };
    return cause === undefined ? error : { ...error, cause };
  }

  private skipSpace(): void {
    const text = this.text;
    while (this.i < text.length && isSpace(text.charCodeAt(this.i))) this.i++;
  }

  /** A `[Name "value"]` pair at `this.i`. */
  private tag(tags: Map<string, string>): BpgnError | undefined {
    const text = this.text;
    const start = this.i;
    this.i++;
    this.skipSpace();
    const nameStart = this.i;
    while (this.i < text.length && !isSpace(text.charCodeAt(this.i)) && text.charCodeAt(this.i) !== QUOTE) this.i++;
    const name = text.slice(nameStart, this.i);
    if (name.length > this.limits.maxTagLength) return this.fail('tag-too-long', start, 'a tag name is too long');
    if (!TAG_NAME.test(name)) return this.fail('tag-syntax', start, 'a tag needs a name, then a quoted value');
    this.skipSpace();
    if (text.charCodeAt(this.i) !== QUOTE) return this.fail('tag-syntax', start, `the tag ${name} has no quoted value`);
    this.i++;
    let value = '';
    let from = this.i;
    for (;;) {
      if (this.i >= text.length) return this.fail('tag-syntax', start, `the value of ${name} is not closed`);
      const c = text.charCodeAt(this.i);
      if (c === LF || c === CR) return this.fail('tag-syntax', start, `the value of ${name} is not closed on its line`);
      if (c === QUOTE) break;
      if (c === BACKSLASH && (text.charCodeAt(this.i + 1) === QUOTE || text.charCodeAt(this.i + 1) === BACKSLASH)) {
        value += text.slice(from, this.i);
        from = this.i + 1;
        this.i++;
      }
      this.i++;
      if (this.i - from + value.length > this.limits.maxTagLength)
        return this.fail('tag-too-long', start, `the value of ${name} is too long`);
    }
    value += text.slice(from, this.i);
    this.i++;
    this.skipSpace();
    if (text.charCodeAt(this.i) !== RIGHT_BRACKET) return this.fail('tag-syntax', start, `the tag ${name} has no ]`);
    this.i++;
    if (name === 'FEN' || name === 'SetUp')
      return this.fail('unsupported-setup', start, `a ${name} tag: only matches from the start position are read`);
    tags.set(name, value);
    return undefined;
  }

  /** A `{...}` or `;...` comment at `this.i`, trimmed. */
  private comment(): string | BpgnError {
    const text = this.text;
    const start = this.i;
    const brace = text.charCodeAt(start) === LEFT_BRACE;
    let end: number;
    if (brace) {
      end = text.indexOf('}', start + 1);
      if (end < 0) return this.fail('unterminated-comment', start, 'a comment is not closed by }');
      this.i = end + 1;
    } else {
      end = text.indexOf('\n', start + 1);
      if (end < 0) end = text.length;
      this.i = end;
    }
    if (end - start - 1 > this.limits.maxCommentLength)
      return this.fail('comment-too-long', start, 'a comment is too long');
    return text.slice(start + 1, end).trim();
  }

  /** The symbol at `this.i`. */
  private symbol(): string | BpgnError {
    const text = this.text;
    const start = this.i;
    while (this.i < text.length && !endsSymbol(text.charCodeAt(this.i))) this.i++;
    if (this.i === start) {
      this.i++;
      return this.fail('unexpected-token', start, `${JSON.stringify(text[start])} has no place in BPGN here`);
    }
    if (this.i - start > MAX_TOKEN) return this.fail('token-too-long', start, 'a symbol is too long');
    return text.slice(start, this.i);
  }

  read(): Result<BpgnGame, BpgnError> {
    const text = this.text;
    const tags = new Map<string, string>();
    const intro: string[] = [];
    const moves: BpgnMove[] = [];
    let boards = startBoards();
    let result: PgnResult | undefined;
    let movetext = false;
    // The move being read: its comments follow it.
    let last: { clock?: number; comments: string[] } | undefined;
    const lastMove: { board: BpgnBoard; color: Color; san: string; move: Move }[] = [];
    const finish = (): void => {
      const done = lastMove.pop();
      if (done === undefined || last === undefined) return;
      const extra: { clock?: number; comments?: readonly string[] } = {};
      if (last.clock !== undefined) extra.clock = last.clock;
      if (last.comments.length > 0) extra.comments = last.comments;
      moves.push({ ...done, ...extra });
      last = undefined;
    };
    for (;;) {
      this.skipSpace();
      if (this.i >= text.length) break;
      const at = this.i;
      const c = text.charCodeAt(at);
      if (result !== undefined) return err(this.fail('unexpected-token', at, 'text after the result'));
      if (c === LEFT_BRACKET) {
        if (movetext) return err(this.fail('unexpected-token', at, 'a tag inside the movetext'));
        const bad = this.tag(tags);
        if (bad) return err(bad);
        continue;
      }
      movetext = true;
      if (c === LEFT_BRACE || c === SEMICOLON) {
        const comment = this.comment();
        if (typeof comment !== 'string') return err(comment);
        if (last === undefined) intro.push(comment);
        else if (last.clock === undefined && last.comments.length === 0 && CLOCK.test(comment))
          last.clock = Number(comment);
        else last.comments.push(comment);
        continue;
      }
      const symbol = this.symbol();
      if (typeof symbol !== 'string') return err(symbol);
      if ((PGN_RESULTS as readonly string[]).includes(symbol)) {
        finish();
        result = symbol as PgnResult;
        continue;
      }
      const label = moveLabel(symbol);
      if (label === undefined) {
        const known = isDigit(symbol.charCodeAt(0)) || /^[A-Za-z@-]/.test(symbol);
        return err(
          known
            ? this.fail(
                'missing-board',
                at,
                `${JSON.stringify(symbol)} is not numbered with its board (1A., 1a., 1B., 1b.)`,
              )
            : this.fail('unexpected-token', at, `${JSON.stringify(symbol)} has no place in BPGN`),
        );
      }
      finish();
      let san = symbol.slice(label.length);
      let sanAt = at + label.length;
      if (san === '') {
        this.skipSpace();
        sanAt = this.i;
        const next = this.i < text.length ? text.charCodeAt(this.i) : -1;
        if (next < 0 || endsSymbol(next)) return err(this.fail('missing-board', at, `${label} is followed by no move`));
        const read = this.symbol();
        if (typeof read !== 'string') return err(read);
        san = read;
      }
      const board: BpgnBoard = label.board;
      const setup = boards[board];
      if (setup.turn !== label.color)
        return err(
          this.fail(
            'wrong-turn',
            at,
            `${label.text} is ${label.color}'s move on board ${board}, but ${setup.turn} is to move`,
          ),
        );
      const parsed = parseSan(setup, san);
      if (!parsed.ok)
        return err(
          this.fail(
            'illegal-move',
            sanAt,
            `${label.text} ${san} on board ${board}: ${parsed.error.message}`,
            parsed.error,
          ),
        );
      lastMove.push({ board, color: label.color, san: writeSan(setup, parsed.value), move: parsed.value });
      last = { comments: [] };
      boards = playOn(boards, board, parsed.value);
    }
    finish();
    const tagResult = tags.get('Result');
    const final =
      result ?? ((PGN_RESULTS as readonly string[]).includes(tagResult ?? '') ? (tagResult as PgnResult) : '*');
    const game: { -readonly [K in keyof BpgnGame]: BpgnGame[K] } = { tags, moves, result: final, boards };
    if (intro.length > 0) game.comments = intro;
    return ok(game);
  }
}

/** A move number with its board (`12A.`, `3b...`), and what it says. */
function moveLabel(symbol: string): { length: number; text: string; board: BpgnBoard; color: Color } | undefined {
  let k = 0;
  while (k < symbol.length && isDigit(symbol.charCodeAt(k))) k++;
  if (k === 0 || k > 9) return undefined;
  const letter = symbol.charCodeAt(k);
  const board: BpgnBoard | undefined =
    letter === UPPER_A || letter === LOWER_A ? 'A' : letter === UPPER_B || letter === LOWER_B ? 'B' : undefined;
  if (board === undefined || symbol.charCodeAt(k + 1) !== DOT) return undefined;
  let end = k + 1;
  while (symbol.charCodeAt(end) === DOT) end++;
  const color: Color = letter === UPPER_A || letter === UPPER_B ? 'white' : 'black';
  return { length: end, text: symbol.slice(0, k + 2), board, color };
}

// ---------------------------------------------------------------------------------------------
// The stream: the input cut into matches.

/** What the scanner is inside of, so that a `[` in a comment or a tag value starts no match. */
const Inside = { Nothing: 0, Tag: 1, TagValue: 2, Brace: 3, LineComment: 4 } as const;

/**
 * Cuts the input into matches: a match ends where a line's first character other than white
 * space is a `[` outside any comment or tag, once the match's movetext has begun. The cut
 * depends on the characters alone, so the matches are the same however the input is split.
 */
class Splitter {
  private readonly limits: Limits;
  private intake: TextIntake | undefined;
  private parts: string[] = [];
  private held = 0;
  private skipping = false;
  private inside: number = Inside.Nothing;
  private escaped = false;
  private lineStart = true;
  private movetext = false;
  /** The symbol being scanned, up to the length of the longest result, and whether a result has ended the match. */
  private symbol = '';
  private ended = false;
  /** Where the input stands: offset, line, and the offset of the last line break. */
  private offset = 0;
  private line = 1;
  private lastBreak = -1;
  private origin: Origin = { offset: 0, line: 1, column: 1 };
  private out: ((event: BpgnEvent) => void) | undefined;

  constructor(options: unknown) {
    this.limits = limitsOf(options);
  }

  setSink(sink: ((event: BpgnEvent) => void) | undefined): void {
    this.out = sink;
  }

  private emit(event: BpgnEvent, gathered: BpgnEvent[]): void {
    if (this.out) this.out(event);
    else gathered.push(event);
  }

  reset(): void {
    this.intake?.end();
    this.intake = undefined;
    this.parts = [];
    this.held = 0;
    this.skipping = false;
    this.inside = Inside.Nothing;
    this.escaped = false;
    this.lineStart = true;
    this.movetext = false;
    this.symbol = '';
    this.ended = false;
    this.offset = 0;
    this.line = 1;
    this.lastBreak = -1;
    this.origin = { offset: 0, line: 1, column: 1 };
  }

  /** The match held so far, read (or dropped when it is only white space), and a new match started at `origin`. */
  private flush(gathered: BpgnEvent[], origin: Origin): void {
    if (!this.skipping) {
      const text = this.parts.join('');
      if (text.trim() !== '') {
        const read = new GameReader(text, this.origin, this.limits).read();
        this.emit(read.ok ? { kind: 'game', game: read.value } : { kind: 'error', error: read.error }, gathered);
      }
    }
    this.parts = [];
    this.held = 0;
    this.skipping = false;
    this.movetext = false;
    this.symbol = '';
    this.ended = false;
    this.origin = origin;
  }

  /** Starts a new match at `k` of `text` (at `offset` of the input), keeping what came before in the last. */
  private cut(text: string, from: number, k: number, offset: number, gathered: BpgnEvent[]): void {
    this.hold(text.slice(from, k), gathered);
    this.flush(gathered, { offset, line: this.line, column: offset - this.lastBreak });
  }

  /** Keeps `piece` of the match, or reports the match as too large and keeps nothing more of it. */
  private hold(piece: string, gathered: BpgnEvent[]): void {
    if (this.skipping || piece === '') return;
    this.held += piece.length;
    if (this.held > this.limits.maxGameLength) {
      this.skipping = true;
      this.parts = [];
      const { offset, line, column } = this.origin;
      this.emit(
        {
          kind: 'error',
          error: {
            code: 'game-too-large',
            offset,
            line,
            column,
            message: `line ${line}: a match longer than ${this.limits.maxGameLength} characters; skipped`,
          },
        },
        gathered,
      );
      return;
    }
    this.parts.push(piece);
  }

  feed(text: string, gathered: BpgnEvent[]): void {
    let from = 0;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      const offset = this.offset + k;
      switch (this.inside) {
        case Inside.Brace:
          if (c === RIGHT_BRACE) this.inside = Inside.Nothing;
          break;
        case Inside.LineComment:
          if (c === LF) this.inside = Inside.Nothing;
          break;
        case Inside.TagValue:
          if (this.escaped) this.escaped = false;
          else if (c === BACKSLASH) this.escaped = true;
          else if (c === QUOTE || c === LF) this.inside = c === LF ? Inside.Nothing : Inside.Tag;
          break;
        case Inside.Tag:
          if (c === QUOTE) this.inside = Inside.TagValue;
          else if (c === RIGHT_BRACKET || c === LF) this.inside = Inside.Nothing;
          break;
        case Inside.Nothing:
          if (!endsSymbol(c)) {
            // A symbol after a result starts the next match.
            if (this.ended) {
              this.cut(text, from, k, offset, gathered);
              from = k;
            }
            if (this.symbol.length <= RESULT_LENGTH) this.symbol += text[k];
            this.movetext = true;
            break;
          }
          if (this.symbol !== '') {
            this.ended = (PGN_RESULTS as readonly string[]).includes(this.symbol);
            this.symbol = '';
          }
          if (isSpace(c)) break;
          // A tag on a new line after the movetext, or anything after a result, starts the next match.
          if (this.ended || (c === LEFT_BRACKET && this.lineStart && this.movetext)) {
            this.cut(text, from, k, offset, gathered);
            from = k;
          }
          if (c === LEFT_BRACKET) {
            this.inside = Inside.Tag;
          } else if (c === LEFT_BRACE) {
            this.inside = Inside.Brace;
            this.movetext = true;
          } else if (c === SEMICOLON) {
            this.inside = Inside.LineComment;
            this.movetext = true;
          } else this.movetext = true;
          break;
      }
      if (c === LF) {
        this.line++;
        this.lastBreak = offset;
        this.lineStart = true;
      } else if (!isSpace(c)) this.lineStart = false;
    }
    this.hold(text.slice(from), gathered);
    this.offset += text.length;
  }

  /** Reads `chunk` (then ends the input when `final`); events go to the sink, or are returned. */
  read(chunk: unknown, final: boolean): BpgnEvent[] {
    const gathered: BpgnEvent[] = [];
    if (final) {
      if (this.intake !== undefined) this.feed(this.intake.end(), gathered);
      this.flush(gathered, { offset: 0, line: 1, column: 1 });
      this.reset();
      return gathered;
    }
    const text = (this.intake ??= createTextIntake()).push(chunk);
    if (text !== undefined) this.feed(text, gathered);
    else {
      const what =
        chunk instanceof Uint8Array
          ? 'a chunk whose bytes cannot be read'
          : `expected text or bytes, got ${describe(chunk)}`;
      this.emit(
        {
          kind: 'error',
          error: {
            code: 'not-text',
            offset: this.offset,
            line: this.line,
            column: this.offset - this.lastBreak,
            message: what,
          },
        },
        gathered,
      );
    }
    return gathered;
  }
}

type OnEvent = (event: BpgnEvent) => void;

class Reader implements BpgnReader {
  readonly #splitter: Splitter;
  constructor(options: unknown) {
    this.#splitter = new Splitter(options);
  }

  push(chunk: string | Uint8Array): BpgnEvent[];
  push(chunk: string | Uint8Array, onEvent: OnEvent): void;
  push(chunk: string | Uint8Array, onEvent?: OnEvent): BpgnEvent[] | undefined {
    return this.run(chunk, onEvent, false);
  }

  end(): BpgnEvent[];
  end(onEvent: OnEvent): void;
  end(onEvent?: OnEvent): BpgnEvent[] | undefined {
    return this.run(undefined, onEvent, true);
  }

  private run(chunk: unknown, onEvent: unknown, final: boolean): BpgnEvent[] | undefined {
    const sink = typeof onEvent === 'function' ? (onEvent as OnEvent) : undefined;
    const splitter = this.#splitter;
    splitter.setSink(sink);
    let events: BpgnEvent[];
    try {
      events = splitter.read(chunk, final);
    } catch (e) {
      // Thrown by `onEvent`: what was read is dropped, and the next push starts a new input.
      splitter.reset();
      splitter.setSink(undefined);
      throw e;
    }
    splitter.setSink(undefined);
    return sink === undefined ? events : undefined;
  }
}

/**
 * A streaming BPGN reader: push text or bytes in any pieces, get matches as they complete.
 * Never throws (an exception thrown by `onEvent` passes through).
 */
export function createBpgnReader(options?: BpgnReadOptions): BpgnReader {
  return new Reader(options);
}

/**
 * Reads every bughouse match of a BPGN text, replaying both boards (captures passed to the
 * other board, drops checked against them). A broken match is an error value in its place and
 * does not stop the others. Never throws.
 *
 * @example
 * ```ts
 * import { parseBpgn } from '@chess-formats/pgn';
 * const [match] = parseBpgn('[WhiteA "a"][BlackA "b"][WhiteB "c"][BlackB "d"]\n1A. e4 {180} 1B. d4 {179} 1a. d5 {179} 2A. exd5 {178} 1b. P@e5 {175} *');
 * if (match?.ok) console.log(match.value.moves.map((m) => `${m.board}:${m.san}`).join(' ')); // → A:e4 B:d4 A:d5 A:exd5 B:P@e5
 * ```
 */
export function parseBpgn(text: string, options?: BpgnReadOptions): Result<BpgnGame, BpgnError>[] {
  const results: Result<BpgnGame, BpgnError>[] = [];
  const value: unknown = text;
  if (typeof value !== 'string') {
    results.push(
      err({ code: 'not-text', line: 1, column: 1, offset: 0, message: `expected BPGN text, got ${describe(value)}` }),
    );
    return results;
  }
  const reader = new Reader(options);
  const collect = (event: BpgnEvent): void => {
    results.push(event.kind === 'game' ? ok(event.game) : err(event.error));
  };
  reader.push(text, collect);
  reader.end(collect);
  return results;
}

// ---------------------------------------------------------------------------------------------
// The writer.

/** `value` as a tag value: backslashes and quotes escaped, line breaks made spaces. */
const tagValue = (value: string): string => value.replace(/[\r\n]+/g, ' ').replace(/[\\"]/g, (c) => `\\${c}`);

/** A comment's text as BPGN can hold it: no `}`. */
const commentText = (text: string): string => text.replace(/}/g, ')');

/** A clock in seconds as written: the number, never in exponent form. */
function clockText(seconds: number): string | undefined {
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  const text = String(seconds);
  return CLOCK.test(text) ? text : undefined;
}

/**
 * The BPGN of one match or several: each tag on its line in the match's order, a blank line,
 * the movetext (each move numbered with its board, `1A.`/`1a.`/`1B.`/`1b.`, the clock after
 * it, then its comments) cut into lines of at most 80 characters where it can be, the result,
 * and a blank line between matches. Move numbers count each board's moves from 1; moves are
 * written as their `san`. Comments lose any `}` (made `)`), tag values their line breaks.
 *
 * @example
 * ```ts
 * import { parseBpgn, writeBpgn } from '@chess-formats/pgn';
 * const [match] = parseBpgn('[Event "x"]\n1A. e4 {180} 1a. e5 {180} 1B. Nf3 {179} 1-0');
 * if (match?.ok) console.log(writeBpgn(match.value).split('\n')[2]); // → 1A. e4 {180} 1a. e5 {180} 1B. Nf3 {179} 1-0
 * ```
 */
export function writeBpgn(games: BpgnGame | readonly BpgnGame[]): string {
  const list: readonly BpgnGame[] = Array.isArray(games) ? games : [games as BpgnGame];
  return list.map(writeOne).join('\n');
}

function writeOne(game: BpgnGame): string {
  let out = '';
  for (const [name, value] of game.tags) out += `[${name} "${tagValue(value)}"]\n`;
  out += '\n';
  const tokens: string[] = [];
  for (const comment of game.comments ?? []) tokens.push(`{${commentText(comment)}}`);
  const plies = { A: 0, B: 0 };
  for (const move of game.moves) {
    const number = Math.floor(plies[move.board] / 2) + 1;
    plies[move.board]++;
    const letter = move.color === 'white' ? move.board : move.board.toLowerCase();
    // The number, its move and its clock on one line.
    const clock = move.clock === undefined ? undefined : clockText(move.clock);
    tokens.push(clock === undefined ? `${number}${letter}. ${move.san}` : `${number}${letter}. ${move.san} {${clock}}`);
    for (const comment of move.comments ?? []) tokens.push(`{${commentText(comment)}}`);
  }
  tokens.push(game.result);
  let line = '';
  for (const token of tokens) {
    if (line !== '' && line.length + 1 + token.length > 80) {
      out += `${line}\n`;
      line = token;
    } else line = line === '' ? token : `${line} ${token}`;
  }
  return `${out}${line}\n`;
}
