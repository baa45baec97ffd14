import { squareName, type ByColor, type Pocket, type Setup } from '@chess-formats/board-core';
import { timeControlText } from '../view/players.js';
import {
  lastMove,
  parseHoldings,
  style12FromSetup,
  writeHoldings,
  type Holdings,
  type Style12,
  type Style12Error,
} from '@chess-formats/style12';
import type { FieldRow, FormatAdapter, FormatView, InputError, Position } from './adapter.js';
import { withoutClock } from './fen.js';
import { textFormat } from './list.js';

const STYLE12 = textFormat<Style12, undefined, Style12Error['code']>('style12');

const RELATIONS: Readonly<Record<number, string>> = {
  [-4]: 'the start of a move list (FICS iset startpos 1)',
  [-3]: 'an isolated position, not a game (ref, sposition)',
  [-2]: 'I am observing a game being examined',
  [-1]: 'I am playing, and it is my opponent’s move',
  0: 'I am observing a game being played',
  1: 'I am playing, and it is my move',
  2: 'I am examining this game',
};

const FLAG_NAMES = [
  'White may castle short',
  'White may castle long',
  'Black may castle short',
  'Black may castle long',
] as const;

/** The name of each token of a style 12 line, by its number (the `field` of a `Style12Error`). */
export function style12TokenName(index: number): string {
  if (index === 0) return 'tag';
  if (index >= 1 && index <= 8) return `rank ${9 - index}`;
  const names: Readonly<Record<number, string>> = {
    9: 'side to move',
    10: 'double-push file',
    11: 'castle short (White)',
    12: 'castle long (White)',
    13: 'castle short (Black)',
    14: 'castle long (Black)',
    15: 'halfmove clock',
    16: 'game number',
    17: 'White’s name',
    18: 'Black’s name',
    19: 'relation',
    20: 'initial time',
    21: 'increment',
    22: 'White’s material',
    23: 'Black’s material',
    24: 'White’s remaining time',
    25: 'Black’s remaining time',
    26: 'move number',
    27: 'verbose move',
    28: 'time of the move',
    29: 'SAN move',
    30: 'flip',
    31: 'clock ticking',
    32: 'lag',
  };
  return names[index] ?? `extra field ${index}`;
}

const clock = (ms: number): string => {
  const sign = ms < 0 ? '-' : '';
  const s = Math.abs(ms) / 1000;
  return `${sign}${Math.floor(s / 60)}:${(s % 60).toFixed(ms % 1000 === 0 ? 0 : 3).padStart(ms % 1000 === 0 ? 2 : 6, '0')}`;
};

function tokenMeaning(index: number, record: Style12, token: string): string {
  const { setup } = record;
  const unit = record.clockUnit === 'milliseconds' ? 'milliseconds (iset ms 1)' : 'seconds';
  if (index === 0) return 'A style 12 board line (FICS and ICC send one for every board a client sees)';
  if (index >= 1 && index <= 8) {
    const rank = 9 - index;
    let count = 0;
    for (let file = 0; file < 8; file++) if (setup.board.pieces[(rank - 1) * 8 + file]) count++;
    return `Rank ${rank}, files a to h (- empty, upper case White): ${count} piece${count === 1 ? '' : 's'}`;
  }
  switch (index) {
    case 9:
      return `${setup.turn === 'white' ? 'White' : 'Black'} to move`;
    case 10: {
      const ep = setup.epSquares[0];
      return ep === undefined
        ? 'No pawn just made a double push (-1)'
        : `A pawn just pushed two squares on this file (0 is a): en passant target ${squareName(setup.board.geometry, ep)}`;
    }
    case 11:
    case 12:
    case 13:
    case 14:
      return `${FLAG_NAMES[index - 11] ?? ''}: ${token === '1' ? 'yes' : 'no'} (the right, not whether castling is legal now)`;
    case 15:
      return `${setup.halfmoves} moves since the last irreversible move (plies, as servers count)`;
    case 16:
      return `Game number ${record.gameNumber}`;
    case 17:
      return `White is ${record.whiteName}`;
    case 18:
      return `Black is ${record.blackName}`;
    case 19:
      return `${record.relation}: ${RELATIONS[record.relation] ?? 'unknown'}`;
    case 20:
      return `${record.initialTimeMinutes} minutes on each clock at the start`;
    case 21:
      return `${record.incrementSeconds} seconds added per move`;
    case 22:
      return `White’s material: ${record.whiteStrength} (P 1, N 3, B 3, R 5, Q 9)`;
    case 23:
      return `Black’s material: ${record.blackStrength}`;
    case 24:
      return `White has ${clock(record.whiteRemainingMs)} left, sent in ${unit}`;
    case 25:
      return `Black has ${clock(record.blackRemainingMs)} left, sent in ${unit}`;
    case 26:
      return `Move number ${setup.fullmoves} is about to be made`;
    case 27:
      return record.verboseMove === 'none' ? 'No move yet' : `The last move, piece/from-to: ${record.verboseMove}`;
    case 28:
      return `The last move took ${record.moveTimeMs / 1000} s`;
    case 29:
      return record.sanMove === 'none' ? 'No move yet' : `The last move in SAN: ${record.sanMove}`;
    case 30:
      return record.flip ? 'Black at the bottom of the board (1)' : 'White at the bottom of the board (0)';
    case 31:
      return record.clockTicking ? 'The clock is running (FICS)' : 'The clock is stopped (FICS)';
    case 32:
      return `Lag of the last move: ${record.lagMs ?? 0} ms (FICS)`;
    default:
      return 'A field this package does not know, kept and written back';
  }
}

/** The space-separated tokens of a line from `start` to `end`, with their offsets. */
function tokensOf(text: string, start: number, end: number): { text: string; offset: number }[] {
  const tokens: { text: string; offset: number }[] = [];
  let from = start;
  for (let i = start; i <= end; i++) {
    if (i === end || text.charCodeAt(i) === 32) {
      if (i > from) tokens.push({ text: text.slice(from, i), offset: from });
      from = i + 1;
    }
  }
  return tokens;
}

/** Where the `<12>` line's tag starts and the line ends, skipping FICS framing (line ends, BELs, a prompt). */
export function lineSpan(text: string, from = 0): { start: number; end: number } {
  let start = from;
  for (;;) {
    const code = text.charCodeAt(start);
    if (code === 10 || code === 13 || code === 7 || code === 32) start++;
    else if (text.startsWith('fics%', start)) start += 5;
    else break;
  }
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  while (end > start && (text.charCodeAt(end - 1) === 13 || text.charCodeAt(end - 1) === 7)) end--;
  return { start, end };
}

/** The field table of a `<12>` line that starts at `start` in `text`: every token with its meaning. */
export function style12Fields(text: string, start: number, end: number, record: Style12 | undefined): FieldRow[] {
  return tokensOf(text, start, end).map((token, index) => ({
    name: style12TokenName(index),
    text: token.text,
    offset: token.offset,
    meaning: record ? tokenMeaning(index, record, token.text) : '',
  }));
}

const pocketText = (pocket: Pocket): string => {
  const parts = (Object.entries(pocket) as [string, number][])
    .filter(([, n]) => n > 0)
    .map(([role, n]) => `${n} ${role}${n > 1 ? 's' : ''}`);
  return parts.length ? parts.join(', ') : 'nothing';
};

/** The field table of a `<b1>` line. */
export function holdingsFields(text: string, start: number, end: number, holdings: Holdings | undefined): FieldRow[] {
  const line = text.slice(start, end);
  const rows: FieldRow[] = [];
  const at = (needle: string, name: string, meaning: string): void => {
    const i = line.indexOf(needle);
    if (i >= 0) rows.push({ name, text: needle, offset: start + i, meaning });
  };
  const bracket = (word: string): string => {
    const i = line.indexOf(`${word} [`);
    const close = i < 0 ? -1 : line.indexOf(']', i);
    return i < 0 || close < 0 ? '' : line.slice(i, close + 1);
  };
  at('<b1>', 'holdings tag', 'A <b1> line: the pieces in hand of a crazyhouse or bughouse game');
  if (!holdings) return rows;
  at(`game ${holdings.gameNumber}`, 'holdings game', `The pieces in hand of game ${holdings.gameNumber}`);
  at(bracket('white'), 'White in hand', `White may drop ${pocketText(holdings.pockets.white)}`);
  at(bracket('black'), 'Black in hand', `Black may drop ${pocketText(holdings.pockets.black)}`);
  if (holdings.passed) {
    const passed = holdings.passed;
    at(
      line.slice(line.indexOf('<-')),
      'passed piece',
      `A ${passed.color} ${passed.role} was just passed by the partner (bughouse)`,
    );
  }
  return rows;
}

export function style12Error(text: string, error: Style12Error, base = 0): InputError {
  const offset = Math.min(base + error.offset, text.length);
  return {
    code: error.code,
    message: error.message,
    offset,
    length: offset < text.length ? 1 : 0,
    field: style12TokenName(error.field),
  };
}

/** The records read, by their setup, so that the canonical line keeps the game's facts. */
const records = new WeakMap<Setup, { record: Style12; holdings?: Holdings }>();

/** The position a record shows: the board (with the pockets of its `<b1>` line), the last move, players, clocks, flip. */
export function style12Position(
  record: Style12,
  pockets?: ByColor<Pocket>,
  setup: Setup = pockets ? { ...record.setup, pockets } : record.setup,
): Position {
  const move = lastMove(record);
  if (setup === record.setup) records.set(setup, { record });
  return {
    setup,
    ...(move.ok ? { lastMove: move.value } : {}),
    title: `Game ${record.gameNumber}: ${record.whiteName} vs ${record.blackName}`,
    clocks: { white: record.whiteRemainingMs, black: record.blackRemainingMs },
    game: {
      white: { name: record.whiteName },
      black: { name: record.blackName },
      timeControl: timeControlText(record.initialTimeMinutes * 60_000, record.incrementSeconds * 1000),
      initialMs: { white: record.initialTimeMinutes * 60_000, black: record.initialTimeMinutes * 60_000 },
    },
    ...(record.flip ? { flipped: true } : {}),
  };
}

export function readStyle12(text: string): FormatView {
  if (typeof text !== 'string') text = '';
  const { start, end } = lineSpan(text);
  const parsed = STYLE12.parse(text.slice(0, end));
  if (!parsed.ok)
    return {
      positions: [],
      fields: style12Fields(text, start, end, undefined),
      errors: [style12Error(text, parsed.error)],
      notes: [],
    };
  const record = parsed.value;
  const fields = style12Fields(text, start, end, record);
  const next = lineSpan(text, end);
  if (next.start >= text.length) {
    return { positions: [style12Position(record)], fields, errors: [], notes: [] };
  }
  const held = parseHoldings(text.slice(next.start, next.end));
  if (!held.ok) {
    return {
      positions: [style12Position(record)],
      fields,
      errors: [style12Error(text, held.error, next.start)],
      notes: [],
    };
  }
  fields.push(...holdingsFields(text, next.start, next.end, held.value));
  if (held.value.gameNumber !== record.gameNumber) {
    return {
      positions: [style12Position(record)],
      fields,
      errors: [],
      notes: [
        `The <b1> line is for game ${held.value.gameNumber}, the board for game ${record.gameNumber}: its pockets are not shown`,
      ],
    };
  }
  const position = style12Position(record, held.value.pockets);
  records.set(position.setup, { record, holdings: held.value });
  return { positions: [position], fields, errors: [], notes: [] };
}

/**
 * A position as a style 12 line (and a `<b1>` line when it has pockets): the record it was
 * read from, or, for a position from another format, an isolated position (relation -3, as
 * `ref` and `sposition` send) of game 1 between `White` and `Black` with no clocks.
 */
export function writeStyle12Position(position: Position): string | undefined {
  const read = records.get(position.setup);
  if (read)
    return read.holdings
      ? `${STYLE12.write(read.record)}\n${writeHoldings(read.holdings)}`
      : STYLE12.write(read.record);
  const setup = withoutClock(position.setup);
  if (!setup || setup.board.geometry.name !== 'standard' || setup.remainingChecks) return undefined;
  try {
    const { pockets, ...board } = setup;
    const line = STYLE12.write(
      style12FromSetup(board, { gameNumber: 1, whiteName: 'White', blackName: 'Black', relation: -3 }),
    );
    return pockets ? `${line}\n${writeHoldings({ gameNumber: 1, pockets, passed: undefined })}` : line;
  } catch {
    return undefined;
  }
}

/** Whether a line looks like a style 12 board with a broken tag: four or more 8-square ranks. */
function rankTokens(text: string, start: number, end: number): number {
  return tokensOf(text, start, Math.min(end, start + 200)).filter((t) => /^[-pnbrqkPNBRQK]{8}$/.test(t.text)).length;
}

/**
 * What a capture holds, from its first lines: the style 12 adapter takes one `<12>` line,
 * perhaps with one `<b1>` line after it; anything longer is a FICS stream.
 */
export function style12Shape(text: string): 'line' | 'broken-line' | 'stream' | 'holdings' | 'other' {
  const first = lineSpan(text);
  if (first.start >= text.length) return 'other';
  const second = lineSpan(text, first.end);
  const single = second.start >= text.length;
  const withHoldings =
    !single && text.startsWith('<b1>', second.start) && lineSpan(text, second.end).start >= text.length;
  if (text.startsWith('<12>', first.start)) return single || withHoldings ? 'line' : 'stream';
  if (text.startsWith('<b1>', first.start)) return 'holdings';
  if (single && rankTokens(text, first.start, first.end) >= 4) return 'broken-line';
  return 'other';
}

export const STYLE12_ADAPTER: FormatAdapter = {
  name: 'style12',
  label: 'Style 12',
  family: 'style12',
  example:
    '<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Newton Einstein 1 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0',
  detect(text) {
    if (typeof text !== 'string') return 0;
    // The page takes a line after FICS's prompt too; the format scores the line itself.
    const shape = style12Shape(text);
    return shape === 'line' || shape === 'broken-line' ? STYLE12.detect(text.slice(lineSpan(text).start)) : 0;
  },
  read: readStyle12,
  write: writeStyle12Position,
};
