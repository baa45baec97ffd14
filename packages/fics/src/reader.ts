import type { EventStream } from '@chess-formats/board-core';
import {
  BACKSLASH,
  DIGIT_0,
  DIGIT_9,
  LEFT_BRACE,
  LESS_THAN,
  RIGHT_BRACE,
  SPACE,
  UPPER_A,
  UPPER_C,
  UPPER_G,
  UPPER_R,
  UPPER_Y,
} from '@chess-formats/board-core/internal';
import {
  createStyle12Scanner,
  type Block,
  type InBlock,
  type Style12,
  type Style12ScanEvent,
  type Style12ScannerOptions,
} from '@chess-formats/style12';
import { MAX_LINE_LENGTH, isBlank } from './cursor.js';
import type { FicsError } from './errors.js';
import {
  parseAdsRemoved,
  parseDeltaBoard,
  parseGameInfo,
  parseOffer,
  parseOfferRemove,
  parsePin,
  parseSeek,
  parseSeekClear,
  parseSeekRemove,
  type DeltaBoard,
  type GameInfo,
  type Offer,
  type Pin,
  type Seek,
} from './machine.js';
import {
  parseChallenge,
  parseCreating,
  parseFollow,
  parseGameEnd,
  parseGameNotification,
  parseGameStart,
  parseIvarConfirmation,
  parseObserveHeader,
  parseObserveRemoved,
  parseObserveStart,
  type Creating,
  type FicsPlayer,
  type FicsResult,
  type GameEnd,
  type GameStart,
  type IvarConfirmation,
  type MatchTerms,
  type ObserveHeader,
} from './notices.js';
import {
  isMovesColumns,
  isMovesRule,
  parseGamesFooter,
  parseGamesRow,
  parseMovesEnd,
  parseMovesHeader,
  parseMovesMatch,
  parseMovesPlayers,
  parseMovesRow,
  parseSeekAd,
  parseSoughtFooter,
  parseSoughtRow,
  type GamesFooter,
  type GamesRow,
  type MovesRow,
  type SeekAd,
  type SoughtRow,
} from './tables.js';

/** A `moves` listing read whole: the game, its players and terms, the optional start board, every move and the status. */
export interface MovesTable {
  /** The server's number for the game. */
  readonly gameNumber: number;
  /** White, with the rating the list gives (`UNR` for unregistered). */
  readonly white: FicsPlayer;
  /** Black. */
  readonly black: FicsPlayer;
  /** The start date as printed (`Tue Aug 11, 05:37 EDT 2015`). */
  readonly date: string;
  /** Rated rather than unrated. */
  readonly rated: boolean;
  /** The game type. */
  readonly type: string;
  /** Initial time in minutes. */
  readonly minutes: number;
  /** Increment in seconds. */
  readonly increment: number;
  /** The relation -4 board (with `iset startpos 1`): the position the moves start from, when the server sent it. */
  readonly start: Style12 | undefined;
  /** The rows, in order. */
  readonly rows: readonly MovesRow[];
  /** The text in braces of the last line: `Still in progress`, or why the game ended. */
  readonly status: string;
  /** The result of the last line (`*` while the game goes on). */
  readonly result: FicsResult;
}

/**
 * What a FICS session reader finds, in stream order, each tagged by `kind`. Boards, holdings,
 * block starts and ends and the errors of board lines are the style12 scanner's events
 * unchanged; every line of a kind this package reads is its typed event (with the `line` as
 * read); any other line is `text`. A machine line (`<s>`, `<g1>` ...) that does not read is an
 * `error` with a `FicsError`; a text line of a known shape that does not read stays `text`. A
 * `moves` listing cut short by a line that does not belong is an `error` whose `line` is the
 * listing's lines read so far (joined by `\n`); the line that cut it follows as its own event.
 */
export type FicsEvent =
  | Style12ScanEvent
  | (InBlock & { readonly kind: 'error'; readonly error: FicsError; readonly line: string })
  | (InBlock & { readonly kind: 'game-info'; readonly info: GameInfo; readonly line: string })
  | (InBlock & { readonly kind: 'delta-board'; readonly delta: DeltaBoard; readonly line: string })
  | (InBlock & { readonly kind: 'seek'; readonly seek: Seek; readonly line: string })
  | (InBlock & { readonly kind: 'seek-clear'; readonly line: string })
  | (InBlock & { readonly kind: 'seek-remove'; readonly indexes: readonly number[]; readonly line: string })
  | (InBlock & { readonly kind: 'seek-ad'; readonly ad: SeekAd; readonly line: string })
  | (InBlock & { readonly kind: 'seek-ads-removed'; readonly indexes: readonly number[]; readonly line: string })
  | (InBlock & { readonly kind: 'offer'; readonly offer: Offer; readonly line: string })
  | (InBlock & { readonly kind: 'offer-remove'; readonly index: number; readonly line: string })
  | (InBlock & { readonly kind: 'pin'; readonly pin: Pin; readonly line: string })
  | (InBlock & { readonly kind: 'game-start'; readonly start: GameStart; readonly line: string })
  | (InBlock & { readonly kind: 'game-end'; readonly end: GameEnd; readonly line: string })
  | (InBlock & { readonly kind: 'creating'; readonly creating: Creating; readonly line: string })
  | (InBlock & { readonly kind: 'challenge'; readonly challenge: MatchTerms; readonly line: string })
  | (InBlock & { readonly kind: 'game-notification'; readonly notification: ObserveHeader; readonly line: string })
  | (InBlock & { readonly kind: 'observe-start'; readonly gameNumber: number; readonly line: string })
  | (InBlock & { readonly kind: 'observe-header'; readonly header: ObserveHeader; readonly line: string })
  | (InBlock & { readonly kind: 'observe-removed'; readonly gameNumber: number; readonly line: string })
  | (InBlock & { readonly kind: 'follow'; readonly name: string | undefined; readonly line: string })
  | (InBlock & { readonly kind: 'moves'; readonly table: MovesTable })
  | (InBlock & { readonly kind: 'games-row'; readonly row: GamesRow; readonly line: string })
  | (InBlock & { readonly kind: 'games-footer'; readonly footer: GamesFooter; readonly line: string })
  | (InBlock & { readonly kind: 'sought-row'; readonly row: SoughtRow; readonly line: string })
  | (InBlock & { readonly kind: 'sought-footer'; readonly count: number; readonly line: string })
  | (InBlock & { readonly kind: 'ivar'; readonly confirmation: IvarConfirmation; readonly line: string });

/** The `kind` of a `FicsEvent`. */
export type FicsEventKind = FicsEvent['kind'];

/** Options of `createFicsReader`: the style12 scanner's (encoding, dialect, clock unit, longest line), and continuation lines. */
export interface FicsReaderOptions extends Style12ScannerOptions {
  /**
   * Join the `\   ` continuation lines of a server that wraps long lines (`iset nowrap 0`) to
   * the line they continue (default `true`). A text line is then held until the next line or
   * block end shows whether it continues; with `iset nowrap 1`, `false` gives each line at
   * once. A joined line stops growing at `maxLength`: a continuation line past it is read as
   * a line of its own.
   */
  readonly joinContinuations?: boolean;
  /** The most rows a `moves` listing may have (default 2000); a longer one is an error `moves-table`. */
  readonly maxMovesRows?: number;
}

/**
 * The FICS session reader, made by `createFicsReader`: board-core's `EventStream` of chunks (bytes or
 * text, split anywhere) to `FicsEvent`s, the same events however the stream is split.
 */
export type FicsReader = EventStream<string | Uint8Array, FicsEvent>;

type TextEvent = Extract<Style12ScanEvent, { kind: 'text' }>;

/**
 * Whether `line` has a space and then `word` (`line.includes(' ' + word)`), searched for the
 * word and then its space: a search that starts with the space stops at every space of a
 * padded row (170 ns rather than 15 on a `games` row).
 */
function hasSpaced(line: string, word: string): boolean {
  for (let i = line.indexOf(word, 1); i > 0; i = line.indexOf(word, i + 1))
    if (line.charCodeAt(i - 1) === SPACE) return true;
  return false;
}

/** Whether the first character after the blanks (space, tab, CR) is a digit. */
function startsWithDigit(line: string): boolean {
  let i = 0;
  while (i < line.length && isBlank(line.charCodeAt(i))) i++;
  const c = line.charCodeAt(i);
  return c >= DIGIT_0 && c <= DIGIT_9;
}

const CONTINUATION = '\\   ';
const DEFAULT_MAX_ROWS = 2000;

/**
 * A reader for a whole FICS session: the style12 scanner splits the stream into lines (LF CR
 * line ends, BELs, `fics% ` prompts, block-mode frames) and reads the boards; this reader
 * types every other line kind of the FICS wire (see the README's table) and puts a `moves`
 * listing together into one `moves` event. Never throws; memory is bounded by the longest
 * line, one held line and one listing of at most `maxMovesRows` rows.
 *
 * @example
 * ```ts
 * import { createFicsReader } from '@chess-formats/fics';
 * const reader = createFicsReader();
 * const session = 'fics% <s> 7 w=Alice ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f\n\r<sr> 7\n\r';
 * const events = [...reader.push(session), ...reader.end()];
 * console.log(events.map((e) => e.kind).join(' ')); // → seek seek-remove
 * ```
 */
export function createFicsReader(options: FicsReaderOptions = {}): FicsReader {
  const opts: FicsReaderOptions = typeof options === 'object' && options !== null ? options : {};
  const join = opts.joinContinuations !== false;
  const maxRows =
    typeof opts.maxMovesRows === 'number' && opts.maxMovesRows >= 1 ? Math.floor(opts.maxMovesRows) : DEFAULT_MAX_ROWS;
  const scanner = createStyle12Scanner(opts);
  // A joined line is held to the longest line read, as the scanner holds each line.
  const maxLength =
    typeof opts.maxLength === 'number' && opts.maxLength >= 1 ? Math.floor(opts.maxLength) : MAX_LINE_LENGTH;
  let out: FicsEvent[] = [];
  /** A text line waiting to see whether a continuation line follows. */
  let held: TextEvent | undefined;

  // The `moves` listing being put together: 0 none, 1 players next, 2 match next, 3 the body.
  let stage = 0;
  let tableBlock: Block | undefined;
  let header: { gameNumber: number; line: string } | undefined;
  let players: { white: FicsPlayer; black: FicsPlayer; date: string } | undefined;
  let match: { rated: boolean; type: string; minutes: number; increment: number } | undefined;
  let start: Style12 | undefined;
  let rows: MovesRow[] = [];
  /**
   * The lines the listing has taken so far. A listing cut short gives them back as its error's
   * `line`, so that writing the events writes what was read and reading that again cuts the
   * listing at the same place (the line that did not belong is read on its own after the error).
   */
  let taken: string[] = [];

  const resetTable = (): void => {
    stage = 0;
    tableBlock = undefined;
    header = undefined;
    players = undefined;
    match = undefined;
    start = undefined;
    rows = [];
    taken = [];
  };

  /** A listing cut short: an error at the line that does not belong (or at the listing's end). */
  const abandon = (line: string): void => {
    const error: FicsError = {
      code: 'moves-table',
      field: 0,
      offset: 0,
      message: `expected the rest of the move list of game ${String(header?.gameNumber)}, found ${JSON.stringify(line.slice(0, 40))}`,
    };
    out.push({
      ...(tableBlock === undefined ? {} : { block: tableBlock }),
      kind: 'error',
      error,
      line: taken.join('\n'),
    });
    resetTable();
  };

  /** A line while a listing is open: true when the listing took it. */
  const tableLine = (event: Style12ScanEvent): boolean => {
    if (event.kind === 'board') {
      if (stage === 3 && rows.length === 0 && start === undefined && event.record.relation === -4) {
        start = event.record;
        taken.push(event.line);
        return true;
      }
      abandon(event.line);
      return false;
    }
    if (event.kind !== 'text') {
      abandon(event.kind === 'unit-end' || event.kind === 'unit-start' ? '' : 'line' in event ? event.line : '');
      return false;
    }
    const line = event.text;
    if (stage === 1) {
      const read = parseMovesPlayers(line);
      if (read.ok) {
        players = read.value;
        stage = 2;
        taken.push(line);
        return true;
      }
    } else if (stage === 2) {
      const read = parseMovesMatch(line);
      if (read.ok) {
        match = read.value;
        stage = 3;
        taken.push(line);
        return true;
      }
    } else if (startsWithDigit(line)) {
      // A row: not the column header, the rule or the last line, which start otherwise.
      if (rows.length < maxRows) {
        const read = parseMovesRow(line);
        if (read.ok) {
          rows.push(read.value);
          taken.push(line);
          return true;
        }
      }
    } else if (isMovesColumns(line) || isMovesRule(line)) {
      taken.push(line);
      return true;
    } else if (line.trimStart().charCodeAt(0) === LEFT_BRACE) {
      const read = parseMovesEnd(line);
      if (read.ok && header && players && match) {
        out.push({
          ...(tableBlock === undefined ? {} : { block: tableBlock }),
          kind: 'moves',
          table: {
            gameNumber: header.gameNumber,
            ...players,
            ...match,
            start,
            rows,
            status: read.value.status,
            result: read.value.result,
          },
        });
        resetTable();
        return true;
      }
    } else if (rows.length < maxRows) {
      const read = parseMovesRow(line);
      if (read.ok) {
        rows.push(read.value);
        taken.push(line);
        return true;
      }
    }
    abandon(line);
    return false;
  };

  /**
   * The typed event of a text line (never a listing's line). The line's first character picks
   * the readers that can accept it, and each reader runs only on a line that has the words it
   * needs: a line no reader can take costs a few comparisons, not a failed read of each kind.
   */
  const classify = (event: TextEvent): void => {
    const line = event.text;
    const where: InBlock = event.block === undefined ? {} : { block: event.block };
    const c = line.charCodeAt(0);
    if (c === LESS_THAN) out.push(machine(line, where, event));
    else if (c === LEFT_BRACE) out.push(line.startsWith('{Game ') ? notice(line, where, event) : event);
    else if ((c >= DIGIT_0 && c <= DIGIT_9) || c === SPACE) out.push(numbered(line, where, event));
    else out.push(worded(line, c, where, event));
  };

  const failed = (where: InBlock, error: FicsError, line: string): FicsEvent => ({
    ...where,
    kind: 'error',
    error,
    line,
  });

  const machine = (line: string, where: InBlock, event: TextEvent): FicsEvent => {
    const tag = line.slice(0, line.indexOf('>') + 1);
    switch (tag) {
      case '<s>':
      case '<sn>': {
        const read = parseSeek(line);
        return read.ok ? { ...where, kind: 'seek', seek: read.value, line } : failed(where, read.error, line);
      }
      case '<sr>': {
        const read = parseSeekRemove(line);
        return read.ok ? { ...where, kind: 'seek-remove', indexes: read.value, line } : failed(where, read.error, line);
      }
      case '<sc>': {
        const read = parseSeekClear(line);
        return read.ok ? { ...where, kind: 'seek-clear', line } : failed(where, read.error, line);
      }
      case '<g1>': {
        const read = parseGameInfo(line);
        return read.ok ? { ...where, kind: 'game-info', info: read.value, line } : failed(where, read.error, line);
      }
      case '<d1>': {
        const read = parseDeltaBoard(line);
        return read.ok ? { ...where, kind: 'delta-board', delta: read.value, line } : failed(where, read.error, line);
      }
      case '<pt>':
      case '<pf>': {
        const read = parseOffer(line);
        return read.ok ? { ...where, kind: 'offer', offer: read.value, line } : failed(where, read.error, line);
      }
      case '<pr>': {
        const read = parseOfferRemove(line);
        return read.ok ? { ...where, kind: 'offer-remove', index: read.value, line } : failed(where, read.error, line);
      }
      case '<wa>':
      case '<wd>': {
        const read = parsePin(line);
        return read.ok ? { ...where, kind: 'pin', pin: read.value, line } : failed(where, read.error, line);
      }
      default:
        return event;
    }
  };

  /** `{Game N (W vs. B) ...`: a start ends with its brace, an end has its result after it, so one reader is tried. */
  const notice = (line: string, where: InBlock, event: TextEvent): FicsEvent => {
    let last = line.length - 1;
    while (last > 0 && isBlank(line.charCodeAt(last))) last--;
    if (line.charCodeAt(last) === RIGHT_BRACE) {
      const begun = parseGameStart(line);
      return begun.ok ? { ...where, kind: 'game-start', start: begun.value, line } : event;
    }
    const end = parseGameEnd(line);
    return end.ok ? { ...where, kind: 'game-end', end: end.value, line } : event;
  };

  const numbered = (line: string, where: InBlock, event: TextEvent): FicsEvent => {
    if (hasSpaced(line, 'displayed')) {
      if (line.includes(' ads displayed') || line.includes(' ad displayed')) {
        const read = parseSoughtFooter(line);
        return read.ok ? { ...where, kind: 'sought-footer', count: read.value, line } : event;
      }
      const read = parseGamesFooter(line);
      return read.ok ? { ...where, kind: 'games-footer', footer: read.value, line } : event;
    }
    if (line.includes('[') && (line.includes(':') || line.includes('(Exam.') || line.includes('(Setup'))) {
      const row = parseGamesRow(line);
      if (row.ok) return { ...where, kind: 'games-row', row: row.value, line };
    }
    // A sought row says `rated` or `unrated`: without the word it cannot be one.
    if (!line.includes('rated')) return event;
    const read = parseSoughtRow(line);
    return read.ok ? { ...where, kind: 'sought-row', row: read.value, line } : event;
  };

  const worded = (line: string, c: number, where: InBlock, event: TextEvent): FicsEvent => {
    switch (c) {
      case UPPER_C:
        if (line.startsWith('Creating: ')) {
          const read = parseCreating(line);
          return read.ok ? { ...where, kind: 'creating', creating: read.value, line } : event;
        }
        if (line.startsWith('Challenge: ')) {
          const read = parseChallenge(line);
          return read.ok ? { ...where, kind: 'challenge', challenge: read.value, line } : event;
        }
        break;
      case UPPER_G:
        if (line.startsWith('Game notification: ')) {
          const read = parseGameNotification(line);
          return read.ok ? { ...where, kind: 'game-notification', notification: read.value, line } : event;
        }
        if (line.startsWith('Game ')) {
          const read = parseObserveHeader(line);
          return read.ok ? { ...where, kind: 'observe-header', header: read.value, line } : event;
        }
        break;
      case UPPER_Y:
        if (line.startsWith('You are now observing game ')) {
          const read = parseObserveStart(line);
          return read.ok ? { ...where, kind: 'observe-start', gameNumber: read.value, line } : event;
        }
        if (line.startsWith('You will ')) {
          const read = parseFollow(line);
          return read.ok ? { ...where, kind: 'follow', name: read.value, line } : event;
        }
        break;
      case UPPER_R:
        if (line.startsWith('Removing game ')) {
          const read = parseObserveRemoved(line);
          return read.ok ? { ...where, kind: 'observe-removed', gameNumber: read.value, line } : event;
        }
        break;
      case UPPER_A:
        if (line.startsWith('Ads removed: ')) {
          const read = parseAdsRemoved(line);
          return read.ok ? { ...where, kind: 'seek-ads-removed', indexes: read.value, line } : event;
        }
        break;
    }
    if (line.endsWith(' set.') || line.endsWith(' unset.')) {
      const read = parseIvarConfirmation(line);
      return read.ok ? { ...where, kind: 'ivar', confirmation: read.value, line } : event;
    }
    if (hasSpaced(line, 'seeking ')) {
      const read = parseSeekAd(line);
      return read.ok ? { ...where, kind: 'seek-ad', ad: read.value, line } : event;
    }
    return event;
  };

  /** A text line whose continuations (if any) have all arrived. */
  const settle = (event: TextEvent): void => {
    if (stage > 0 && tableLine(event)) return;
    const line = event.text;
    if (line.startsWith('Movelist for game ')) {
      const read = parseMovesHeader(line);
      if (read.ok) {
        header = { gameNumber: read.value, line };
        taken = [line];
        tableBlock = event.block;
        stage = 1;
        return;
      }
    }
    classify(event);
  };

  const release = (): void => {
    if (held === undefined) return;
    const event = held;
    held = undefined;
    settle(event);
  };

  const onScan = (event: Style12ScanEvent): void => {
    if (event.kind === 'text') {
      if (!join) {
        settle(event);
        return;
      }
      if (
        held !== undefined &&
        event.text.charCodeAt(0) === BACKSLASH &&
        event.text.startsWith(CONTINUATION) &&
        held.block === event.block &&
        held.text.length + event.text.length - CONTINUATION.length <= maxLength
      ) {
        held = { ...held, text: held.text + event.text.slice(CONTINUATION.length) };
        return;
      }
      release();
      held = event;
      return;
    }
    release();
    if (stage > 0 && tableLine(event)) return;
    out.push(event);
  };

  const take = (onEvent: unknown): FicsEvent[] => {
    const events = out;
    out = [];
    if (typeof onEvent !== 'function') return events;
    for (const event of events) (onEvent as (event: FicsEvent) => void)(event);
    return undefined as unknown as FicsEvent[];
  };

  return {
    push(chunk: string | Uint8Array, onEvent?: (event: FicsEvent) => void): FicsEvent[] {
      scanner.push(chunk, onScan);
      return take(onEvent);
    },
    end(onEvent?: (event: FicsEvent) => void): FicsEvent[] {
      scanner.end(onScan);
      release();
      if (stage > 0) abandon('');
      return take(onEvent);
    },
  } as FicsReader;
}
