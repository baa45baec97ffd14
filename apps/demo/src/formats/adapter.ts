import type { ByColor, Move, Setup, TrackedGame } from '@chess-formats/board-core';
import type { Annotations } from './annotations.js';
import type { PgnRoot } from '@chess-formats/pgn';

/**
 * One position to draw: the setup, and what a format may know beside it. Formats fill in
 * what they carry (style 12 knows the last move, the players and the clocks; FEN knows none).
 */
/** A player as the record names them. */
export interface PlayerInfo {
  readonly name: string;
  readonly rating?: number;
  /** `GM`, or a server's titles (`C TD`). */
  readonly title?: string;
}

/** What a record says about its game besides the position: drawn beside the board. */
export interface GameInfo {
  readonly white?: PlayerInfo;
  readonly black?: PlayerInfo;
  /** In words: `3 min + 2 s`. */
  readonly timeControl?: string;
  /** Each side's time at the start: the clock shown before the record gives one, and what "low" is measured against. */
  readonly initialMs?: Partial<ByColor<number>>;
  /** `1-0`, `0-1`, `1/2-1/2` once the game has one. */
  readonly result?: string;
}

export interface Position {
  readonly setup: Setup;
  /** The move that led here, for the last-move highlight. */
  readonly lastMove?: Move;
  /** A caption for the board (`Game 52: Newton vs Einstein`). */
  readonly title?: string;
  /** Remaining time per side in milliseconds (negative when a flag fell). */
  readonly clocks?: Partial<ByColor<number>>;
  /** Players, time control and result, when the record gives them. */
  readonly game?: GameInfo;
  /** The format asks for Black at the bottom (style 12's flip field). */
  readonly flipped?: boolean;
  /** Arrows, circled squares and an evaluation a record's comments give this position (PGN's `[%cal]`, `[%csl]`, `[%eval]`). */
  readonly annotations?: Annotations;
}

/** One field of the record, as the input spells it, with what it means. */
export interface FieldRow {
  /** The field's name in the format's own terms (`castling`, `White's remaining time`). */
  readonly name: string;
  /** The field's text exactly as in the input. */
  readonly text: string;
  /** Index of the field's first character in the input. */
  readonly offset: number;
  /** What the field says, in words (`White may castle with the rooks on h1 and a1`). */
  readonly meaning: string;
}

/** A parser's error, placed in the input. */
export interface InputError {
  /** The parser's stable code (`board-char`). */
  readonly code: string;
  /** The parser's message. */
  readonly message: string;
  /** Index of the offending character; `text.length` when the input ended too early. */
  readonly offset: number;
  /** How many characters to highlight from `offset` (at least 1 unless at the end). */
  readonly length: number;
  /** The field the parser names, in words (`castling`, `board.e9`). */
  readonly field?: string;
  /** Line and column (from 1) of `offset`, for formats of many lines (PGN) whose parser gives them. */
  readonly line?: number;
  readonly column?: number;
}

/**
 * A text parser's error (`{ code, field, offset, message }` with a field index) placed in the
 * input, its field named in words from `fieldNames`.
 */
export function placedError(
  text: string,
  error: { readonly code: string; readonly message: string; readonly offset: number; readonly field: number },
  fieldNames: readonly string[],
): InputError {
  const field = fieldNames[error.field];
  return {
    code: error.code,
    message: error.message,
    offset: Math.min(error.offset, text.length),
    length: error.offset < text.length ? 1 : 0,
    ...(field === undefined ? {} : { field }),
  };
}

/** One decoded unit of a session capture (an ICC datagram, a FICS style 12 line, plain text). */
export interface SessionEvent {
  /** Index of the event's first character in the input. */
  readonly offset: number;
  /** What kind of unit it is (`datagram`, `style12`, `text`). */
  readonly kind: string;
  /** Its name (`DG_MY_GAME_STARTED`, `<12>`); the kind again when it has none. */
  readonly name: string;
  /** Typed fields, already written as text for display. */
  readonly fields: readonly { readonly name: string; readonly value: string }[];
  /** Free text the unit carries (a tell, a server message). */
  readonly text?: string;
  /** The id of the tracked game this event belongs to. */
  readonly gameId?: string;
  /** The position of that game the event leaves it at (its ply): the event row jumps there. */
  readonly ply?: number;
}

/** One move of a game record's move tree (PGN), as the record has it. */
export interface RecordMove {
  readonly san: string;
  /** The full move number, and whether White plays the move (`12.` or `12...`). */
  readonly number: number;
  readonly white: boolean;
  readonly nags?: readonly number[];
  readonly commentsBefore?: readonly string[];
  readonly comments?: readonly string[];
  /** The mover's clock after the move, in milliseconds. */
  readonly clockMs?: number;
  /** For a move of the main line: the index of the ply it leads to (the step controls' position). */
  readonly ply?: number;
  /** Alternatives to this move, each a line of its own. */
  readonly variations?: readonly (readonly RecordMove[])[];
}

/** A game followed through a session, position by position. */
export interface SessionGame {
  readonly id: string;
  /** The game as the protocol package's tracker last had it (board-core's one shape for every server). */
  readonly tracked?: TrackedGame;
  /** `Newton vs Einstein` or a game number. */
  readonly title: string;
  /** Each position of the game in order; `position.lastMove` and `san` describe the move into it. */
  readonly plies: readonly { readonly position: Position; readonly san?: string }[];
  /** A game record's own fields (PGN's tags), shown in the field table while the game is. */
  readonly fields?: readonly FieldRow[];
  /** A game record's moves with its variations and comments (PGN), shown under the controls. */
  readonly record?: {
    readonly comments?: readonly string[];
    readonly line: readonly RecordMove[];
    readonly result: string;
  };
  /** A game record's move tree as read (PGN), from `plies[0]`'s position: the page's game tree is built from it (`view/game-tree.ts`). */
  readonly pgnRoot?: PgnRoot;
  /** A broken game shown up to its error: the error, in words, shown where its moves stop. */
  readonly error?: string;
}

/** Everything the page shows about one input in one format. */
export interface FormatView {
  /** The positions read, the first one being the main board (empty when nothing could be read). */
  readonly positions: readonly Position[];
  /** The record's fields with their meanings (of the first record, for multi-record inputs). */
  readonly fields: readonly FieldRow[];
  /** Syntax errors, each placed in the input. */
  readonly errors: readonly InputError[];
  /** Problems that are not syntax errors (an illegal but readable position). */
  readonly notes: readonly string[];
  /** Present for session captures (ICC sessions, FICS streams). */
  readonly session?: { readonly events: readonly SessionEvent[]; readonly games: readonly SessionGame[] };
}

/**
 * A format the demo reads. Adding a format is one file that exports one of these (or a few,
 * for dialects) and one line in `registry.ts`.
 */
export interface FormatAdapter {
  /** The name in the URL (`format=shredder`) and in the format menu's values. Lower case, no spaces. */
  readonly name: string;
  /** The name people read (`Shredder-FEN`). */
  readonly label: string;
  /**
   * The conformance vector format whose vectors this adapter reads (`fen` for every FEN
   * dialect): detection must pick an adapter of this family for each of them.
   */
  readonly family: string;
  /** A short sample shown in the format list and loaded by its example button. */
  readonly example: string;
  /**
   * How sure the adapter is that `text` is written in its format: 0 (not at all) to 1.
   * Must be cheap, bounded and must never throw. Broken records of the format still score
   * above unrelated text, so that their errors are shown by the right parser.
   */
  detect(text: string): number;
  /** Reads the text; never throws. */
  read(text: string): FormatView;
  /**
   * Writes a position in this format, or `undefined` when the format cannot hold it (the
   * geometry, a variant feature, a missing field). Used for the conversions list.
   */
  write?(position: Position): string | undefined;
}

/** A view with nothing read and one error. */
export function failedView(error: InputError, fields: readonly FieldRow[] = []): FormatView {
  return { positions: [], fields, errors: [error], notes: [] };
}
