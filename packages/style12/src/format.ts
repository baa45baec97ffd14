import { setupMeaning, textSpans, type Setup, type TextFormat } from '@chess-formats/board-core';
import { style12FromSetup } from './build.js';
import { STYLE12_ERROR_CODES, type Style12ErrorCode } from './errors.js';
import { style12ToJson } from './json.js';
import { parseStyle12, type Style12ParseOptions } from './parse.js';
import type { Style12 } from './record.js';
import { writeStyle12 } from './write.js';

const isBlank = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13;

/** Index of the first character at or after `from` that is not blank, or `text.length`. */
function skipBlanks(text: string, from: number): number {
  let i = from;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  return i;
}

/** End of the line starting at `start`, before its CR LF. */
function lineEnd(text: string, start: number): number {
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  while (end > start && text.charCodeAt(end - 1) === 13) end--;
  return end;
}

/** How many tokens of the line look like a board rank (`rnbqkb-r`), in its first 200 characters. */
function rankTokens(text: string, start: number, end: number): number {
  return text
    .slice(start, Math.min(end, start + 200))
    .split(' ')
    .filter((token) => /^[-pnbrqkPNBRQK]{8}$/.test(token)).length;
}

const TOKEN_NAMES: readonly string[] = [
  'tag',
  'rank 8',
  'rank 7',
  'rank 6',
  'rank 5',
  'rank 4',
  'rank 3',
  'rank 2',
  'rank 1',
  'side to move',
  'double-push file',
  'castle short (White)',
  'castle long (White)',
  'castle short (Black)',
  'castle long (Black)',
  'halfmove clock',
  'game number',
  "White's name",
  "Black's name",
  'relation',
  'initial time',
  'increment',
  "White's material",
  "Black's material",
  "White's remaining time",
  "Black's remaining time",
  'move number',
  'verbose move',
  'time of the move',
  'SAN move',
  'flip',
  'clock ticking',
  'lag',
];

const RELATIONS: Readonly<Record<number, string>> = {
  [-4]: 'start of a move list',
  [-3]: 'an isolated position',
  [-2]: 'observing an examined game',
  [-1]: 'playing, the opponent to move',
  0: 'observing a played game',
  1: 'playing, my move',
  2: 'examining',
};

const seconds = (ms: number | undefined): string => `${(ms ?? 0) / 1000} s`;

/** What token `field` of a style 12 line says, read from its record. */
function meaningOf(field: number, record: Style12, token: string): string {
  const { setup } = record;
  if (field >= 1 && field <= 8) return `rank ${9 - field}, files a to h`;
  if (field >= 11 && field <= 14) return token === '1' ? 'may castle' : 'may not castle';
  switch (field) {
    case 0:
      return 'a style 12 board line';
    case 9:
      return setupMeaning(setup, 'turn');
    case 10:
      return setupMeaning(setup, 'en passant');
    case 15:
      return setupMeaning(setup, 'halfmoves');
    case 16:
      return `game ${record.gameNumber}`;
    case 17:
    case 18:
      return `${field === 17 ? 'White' : 'Black'}: ${token}`;
    case 19:
      return RELATIONS[record.relation] ?? '';
    case 20:
      return `${record.initialTimeMinutes} min at the start`;
    case 21:
      return `${record.incrementSeconds} s added a move`;
    case 22:
    case 23:
      return `material ${token}`;
    case 24:
      return `White has ${seconds(record.whiteRemainingMs)}`;
    case 25:
      return `Black has ${seconds(record.blackRemainingMs)}`;
    case 26:
      return setupMeaning(setup, 'fullmoves');
    case 27:
    case 29:
      return token === 'none' ? 'no move yet' : `last move ${token}`;
    case 28:
      return `the move took ${seconds(record.moveTimeMs)}`;
    case 30:
      return record.flip ? 'Black at the bottom' : 'White at the bottom';
    case 31:
      return record.clockTicking ? 'the clock runs' : 'the clock stands';
    default:
      return `lag ${record.lagMs ?? 0} ms`;
  }
}

/**
 * The style 12 board line of FICS and ICC as one text format: the value is the whole record
 * (`Style12`: the setup and the game's facts). `<b1>` holdings lines are not records of their
 * own: `parseHoldings` reads them.
 */
export const style12Format: TextFormat<Style12, Style12ErrorCode, Style12ParseOptions, undefined> =
  /* @__PURE__ */ Object.freeze({
    kind: 'text',
    name: 'style12',
    title: 'Style 12',
    example:
      '<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Newton Einstein 1 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0',
    parse: parseStyle12,
    write: (record: Style12): string => writeStyle12(record),
    detect(text: string): number {
      if (typeof text !== 'string') return 0;
      // Sure only of what `parse` reads, so that detection and parsing agree by construction.
      // Only a text with a `<12>` tag can read; the native search spares every other text the
      // parser's error value.
      if (text.includes('<12>') && parseStyle12(text).ok) return 0.95;
      const start = skipBlanks(text, 0);
      if (start >= text.length) return 0;
      const end = lineEnd(text, start);
      const next = skipBlanks(text, end);
      if (text.startsWith('<12>', start) || text.startsWith('fics% ', start)) {
        // One broken line, or one and its `<b1>` holdings as FICS sends them; more is a stream.
        const after =
          next < text.length && text.startsWith('<b1>', next) ? skipBlanks(text, lineEnd(text, next)) : next;
        return after < text.length ? 0 : 0.7;
      }
      // A line of board ranks without its tag is a broken style 12 line.
      return next >= text.length && rankTokens(text, start, end) >= 4 ? 0.65 : 0;
    },
    errorCodes: STYLE12_ERROR_CODES,
    fields: /* @__PURE__ */ Object.freeze(TOKEN_NAMES),
    // The first line only: a `<b1>` holdings line after it is no field of the record.
    spans: (text: string, record?: Style12) =>
      textSpans(
        typeof text === 'string' ? text.slice(0, lineEnd(text, skipBlanks(text, 0))) : text,
        record,
        parseStyle12,
        TOKEN_NAMES.length,
        (_token, index) => index,
        meaningOf,
      ),
    setupOf: (record: Style12): Setup => record.setup,
    fromSetup(setup: Setup): Style12 {
      // A style 12 line has no room for pockets or check counters, which its writer would leave out.
      if (setup.pockets) throw new TypeError('pockets (a <b1> line carries them)');
      if (setup.remainingChecks) throw new TypeError('check counters');
      // The realtime clock is the game's timing, not the position. Relation -3: an isolated position.
      const { realtime: _clock, ...position } = setup;
      return style12FromSetup(position, { gameNumber: 0, whiteName: 'White', blackName: 'Black', relation: -3 });
    },
    toJson: style12ToJson,
  });
