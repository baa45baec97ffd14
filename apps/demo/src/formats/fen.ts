import { boardAt, squareName, type Color, type Setup } from '@chess-formats/board-core';
import { hasRealtime } from '../render/realtime.js';
import { validateSetup, type FenError, type FenFormatWriteOptions } from '@chess-formats/fen';
import { placedError, type FieldRow, type FormatAdapter, type FormatView, type Position } from './adapter.js';
import { textFormat } from './list.js';

const FEN = textFormat<Setup, FenFormatWriteOptions>('fen');

/** The FEN dialects the demo tells apart. All of them are read by the same `parseFen`. */
export type FenDialect = 'fen' | 'xfen' | 'shredder' | 'crazyhouse' | 'three-check';

const FIELD_NAMES = [
  'placement',
  'turn',
  'castling',
  'en passant',
  'halfmove clock',
  'fullmove number',
  'check counters',
] as const;

/** Separators `parseFen` accepts by default (space, tab, CR, LF, and `_` as in URLs). */
function isSeparator(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 95;
}

interface Token {
  readonly text: string;
  readonly offset: number;
}

/** The whitespace-separated fields of a line, with their offsets; at most `limit` of them. */
export function splitFields(text: string, limit = 16): Token[] {
  const tokens: Token[] = [];
  let start = -1;
  for (let i = 0; i <= text.length && tokens.length < limit; i++) {
    const end = i === text.length || isSeparator(text.charCodeAt(i));
    if (end && start >= 0) {
      tokens.push({ text: text.slice(start, i), offset: start });
      start = -1;
    } else if (!end && start < 0) start = i;
  }
  return tokens;
}

/** What the text looks like, computed once per input for all five dialect adapters. */
interface Classification {
  readonly text: string;
  /** How FEN-like the text is, 0..1, whatever the dialect. */
  readonly score: number;
  readonly dialect: FenDialect;
}

/** How many `/` a token holds: the ranks of a placement, less one. */
export function slashCount(token: string): number {
  let count = 0;
  for (let i = 0; i < token.length; i++) if (token.charCodeAt(i) === 47) count++;
  return count;
}

const STANDARD_CORNERS = { white: [0, 7], black: [56, 63] } as const;

/** Whether the castling rights are those plain FEN's `KQkq` can say: corner rooks, king on e. */
function plainCastling(setup: Setup): boolean {
  for (const rook of setup.castlingRooks) {
    const color: Color = rook < 8 ? 'white' : 'black';
    if (!(STANDARD_CORNERS[color] as readonly number[]).includes(rook)) return false;
    const king = setup.board.pieces[color === 'white' ? 4 : 60];
    if (king?.role !== 'king' || king.color !== color) return false;
  }
  return true;
}

function dialectOf(setup: Setup, castlingText: string | undefined): FenDialect {
  if (setup.pockets) return 'crazyhouse';
  if (setup.remainingChecks) return 'three-check';
  const letters = castlingText ?? '';
  let files = 0;
  let sides = 0;
  for (const ch of letters) {
    if (/[a-hA-H]/.test(ch)) files++;
    else if (/[kqKQ]/.test(ch)) sides++;
  }
  if (files > 0 && sides === 0) return 'shredder';
  if (files > 0 || !plainCastling(setup)) return 'xfen';
  return 'fen';
}

/** The dialect a broken record was meant to be in, guessed from its text. */
function dialectOfBroken(tokens: readonly Token[], error: FenError): FenDialect {
  const board = tokens[0]?.text ?? '';
  if (board.includes('[') || error.code === 'pocket' || slashCount(board) === 8) return 'crazyhouse';
  if (error.code === 'checks' || tokens.some((t, i) => i >= 4 && t.text.includes('+'))) return 'three-check';
  const castling = tokens[2]?.text ?? '';
  if (/^[A-Ha-h]+$/.test(castling)) return 'shredder';
  if (/[A-Ha-h]/.test(castling)) return 'xfen';
  return 'fen';
}

/** One EPD operation: an opcode and its operands, up to its `;`. */
export interface EpdOperation {
  readonly opcode: string;
  /** The operands as written (quotes kept), perhaps empty. */
  readonly operands: string;
  /** The operation as written, `;` included when there is one. */
  readonly text: string;
  readonly offset: number;
}

/** An EPD line read: the position's four FEN fields made a whole FEN, and its operations. */
export interface EpdRecord {
  /** The four fields, then the halfmove clock and move number (`hmvc` and `fmvn` when given, else 0 and 1). */
  readonly fen: string;
  readonly setup: Setup;
  readonly operations: readonly EpdOperation[];
  /** Lines after the first that hold text: an EPD file has one position a line, and the first is read. */
  readonly moreLines: number;
}

const EPD_OPCODE = /^[A-Za-z][A-Za-z0-9_]{0,14}$/;

/** The operations after the four fields: `opcode operand...;`, `;` in a quoted string is no end. */
function epdOperations(line: string, from: number): EpdOperation[] | undefined {
  const operations: EpdOperation[] = [];
  let i = from;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i] ?? '')) i++;
    if (i >= line.length) break;
    const start = i;
    let quoted = false;
    while (i < line.length && (quoted || line[i] !== ';')) {
      if (line[i] === '"') quoted = !quoted;
      i++;
    }
    const body = line.slice(start, i).trim();
    if (i < line.length) i++; // the `;`; the last operation may lack it
    const space = body.search(/\s/);
    const opcode = space < 0 ? body : body.slice(0, space);
    if (!EPD_OPCODE.test(opcode)) return undefined;
    operations.push({
      opcode,
      operands: space < 0 ? '' : body.slice(space).trim(),
      text: line.slice(start, i).trimEnd(),
      offset: start,
    });
  }
  return operations;
}

/**
 * Reads `text` as EPD (a FEN's first four fields, then operations such as `bm e5; id "x";`),
 * or undefined when it is none: its fifth field must be an opcode, where a FEN has a number.
 */
export function readEpd(text: string): EpdRecord | undefined {
  if (typeof text !== 'string' || text.length > 20_000) return undefined;
  const lineEnd = text.search(/\r?\n\s*\S/);
  const line = lineEnd < 0 ? text : text.slice(0, lineEnd);
  const tokens = splitFields(line, 5);
  const fifth = tokens[4];
  if (!fifth || !EPD_OPCODE.test(fifth.text) || tokens.slice(0, 4).some((t) => t.text.includes(';'))) return undefined;
  const operations = epdOperations(line, fifth.offset);
  if (!operations?.length) return undefined;
  const counter = (opcode: string, fallback: number): number => {
    const value = operations.find((op) => op.opcode === opcode)?.operands ?? '';
    return /^\d{1,6}$/.test(value) ? Number(value) : fallback;
  };
  const fen = `${tokens
    .slice(0, 4)
    .map((t) => t.text)
    .join(' ')} ${counter('hmvc', 0)} ${Math.max(1, counter('fmvn', 1))}`;
  const parsed = FEN.parse(fen);
  if (!parsed.ok) return undefined;
  const moreLines =
    lineEnd < 0
      ? 0
      : text
          .slice(lineEnd)
          .split(/\r?\n/)
          .filter((l) => l.trim() !== '').length;
  return { fen, setup: parsed.value, operations, moreLines };
}

/** What the common EPD opcodes mean. */
const EPD_OPCODES: Readonly<Record<string, string>> = {
  bm: 'Best move (or moves) in this position',
  am: 'Move (or moves) to avoid',
  id: "The position's name in its collection",
  ce: 'Evaluation in centipawns, for the side to move',
  dm: 'Direct mate in this many moves',
  pv: 'Predicted variation',
  sm: 'Supplied move',
  acd: 'Analysis depth, in plies',
  acn: 'Nodes analysed',
  acs: 'Analysis time, in seconds',
  hmvc: "Halfmove clock: the FEN's fifth field",
  fmvn: "Fullmove number: the FEN's sixth field",
  noop: 'No operation',
};

function epdMeaning(opcode: string): string {
  if (/^c\d$/.test(opcode)) return 'Comment';
  if (/^v\d$/.test(opcode)) return 'Variation';
  return EPD_OPCODES[opcode] ?? 'An operation this page does not know';
}

function readEpdView(text: string, epd: EpdRecord, dialect: FenDialect): FormatView {
  const tokens = splitFields(text, 4);
  const rows = fenFields(tokens, epd.setup, dialect).concat(
    epd.operations.map((op) => ({
      name: `EPD ${op.opcode}`,
      text: op.text,
      offset: op.offset,
      meaning: op.operands ? `${epdMeaning(op.opcode)}: ${op.operands}` : epdMeaning(op.opcode),
    })),
  );
  const counters = epd.operations.some((op) => op.opcode === 'hmvc' || op.opcode === 'fmvn')
    ? 'the counters of its hmvc and fmvn operations'
    : 'halfmove clock 0 and move number 1 (EPD has no counters)';
  return {
    positions: [{ setup: epd.setup }],
    fields: rows,
    errors: [],
    notes: [
      `Read as EPD: the position's four FEN fields with ${counters}, then ${epd.operations.length} operation${epd.operations.length === 1 ? '' : 's'} (listed under the fields).`,
      ...(epd.moreLines
        ? [`The text holds ${epd.moreLines + 1} lines: EPD has one position a line, and the first is shown.`]
        : []),
      ...validateSetup(epd.setup).map((problem) => `Not a legal position: ${problem.replace(/-/g, ' ')}`),
    ],
  };
}

let last: Classification | undefined;

function classify(text: string): Classification {
  if (last?.text === text) return last;
  const tokens = splitFields(text, 8);
  const parsed = FEN.parse(text);
  let score: number;
  let dialect: FenDialect;
  let epd: EpdRecord | undefined;
  if (parsed.ok) {
    score = 0.9;
    dialect = dialectOf(parsed.value, tokens[2]?.text);
  } else if ((epd = readEpd(text))) {
    // EPD: a position as valid as a FEN's, the fields after it are operations.
    score = 0.9;
    dialect = dialectOf(epd.setup, tokens[2]?.text);
  } else {
    // The format's own score; blank input falls back to FEN, the page's default, and other
    // text keeps a trace of a score so that the FEN dialects stay ordered among themselves.
    const detected = FEN.detect(text);
    score = detected > 0 ? detected : text.trim() === '' ? 0.05 : 0.02;
    dialect = dialectOfBroken(tokens, parsed.error as FenError);
  }
  last = { text, score, dialect };
  return last;
}

function describePieces(setup: Setup): string {
  let white = 0;
  let black = 0;
  for (const p of setup.board.pieces) {
    if (p?.color === 'white') white++;
    else if (p) black++;
  }
  return `Piece placement from rank 8 down to rank 1, files a to h (upper case White, digits count empty squares): ${white} white and ${black} black pieces`;
}

function describePockets(setup: Setup): string {
  const pockets = setup.pockets;
  if (!pockets) return '';
  const list = (color: Color): string => {
    const pocket = pockets[color];
    const parts = Object.entries(pocket)
      .filter(([, n]) => n > 0)
      .map(([role, n]) => `${n} ${role}${n > 1 ? 's' : ''}`);
    return parts.length ? parts.join(', ') : 'nothing';
  };
  return `Pieces in hand, to drop (crazyhouse): White holds ${list('white')}; Black holds ${list('black')}`;
}

function describeCastling(setup: Setup, dialect: FenDialect): string {
  const { geometry } = setup.board;
  const rooks = (color: Color): string[] =>
    setup.castlingRooks.filter((s) => (color === 'white' ? s < 8 : s >= 56)).map((s) => squareName(geometry, s));
  const side = (color: Color, name: string): string => {
    const list = rooks(color);
    return list.length ? `${name} may castle with the rook on ${list.join(' and ')}` : `${name} may not castle`;
  };
  const how =
    dialect === 'shredder'
      ? 'Shredder-FEN names each castling rook by its file (HAha)'
      : dialect === 'fen'
        ? 'K/Q: king side / queen side, upper case White'
        : 'X-FEN: K/Q the outermost rook on that side of the king, a file letter for any other rook';
  return `${side('white', 'White')}; ${side('black', 'Black')} (${how})`;
}

function describeChecks(setup: Setup, token: string): string {
  const remaining = setup.remainingChecks;
  if (!remaining) return '';
  const form = token.startsWith('+') ? 'checks given so far, +White+Black' : 'checks still to give, White+Black';
  return `Three-check (${form}): White must give ${remaining.white} more, Black ${remaining.black} more`;
}

/** The field table of a FEN record: every field as written, with its meaning. */
function fenFields(tokens: readonly Token[], setup: Setup | undefined, dialect: FenDialect): FieldRow[] {
  const rows: FieldRow[] = [];
  let index = 0;
  for (const token of tokens) {
    if (index === 0) {
      const open = token.text.indexOf('[');
      const slash9 = open < 0 && slashCount(token.text) === 8 ? token.text.lastIndexOf('/') : -1;
      const split = open >= 0 ? open : slash9 >= 0 ? slash9 + 1 : token.text.length;
      const placement = token.text.slice(0, open >= 0 ? open : slash9 >= 0 ? slash9 : token.text.length);
      rows.push({
        name: FIELD_NAMES[0],
        text: placement,
        offset: token.offset,
        meaning: setup ? describePieces(setup) : 'Piece placement from rank 8 down to rank 1, files a to h',
      });
      if (split < token.text.length || open >= 0) {
        rows.push({
          name: 'pocket',
          text: token.text.slice(split),
          offset: token.offset + split,
          meaning: setup ? describePockets(setup) : 'Pieces in hand (crazyhouse)',
        });
      }
      index = 1;
      continue;
    }
    const isChecks = (index === 4 && token.text.includes('+')) || (index >= 6 && token.text.startsWith('+'));
    if (isChecks) {
      rows.push({
        name: FIELD_NAMES[6],
        text: token.text,
        offset: token.offset,
        meaning: setup ? describeChecks(setup, token.text) : 'Three-check counters',
      });
      continue;
    }
    const name = FIELD_NAMES[Math.min(index, 6)] ?? 'extra';
    let meaning = '';
    if (setup) {
      if (index === 1) meaning = setup.turn === 'white' ? 'White to move' : 'Black to move';
      else if (index === 2) meaning = describeCastling(setup, dialect);
      else if (index === 3)
        meaning = setup.epSquares.length
          ? `A pawn just made a double step past ${squareName(setup.board.geometry, setup.epSquares[0] ?? 0)}: the en passant target square`
          : 'No en passant target square';
      else if (index === 4)
        meaning = `${setup.halfmoves} half-moves since the last capture or pawn move (a draw may be claimed at 100)`;
      else if (index === 5) meaning = `Move number ${setup.fullmoves}, counted up after each Black move`;
      else meaning = 'Not a FEN field';
    }
    rows.push({ name, text: token.text, offset: token.offset, meaning });
    index++;
  }
  return rows;
}

/** Reads a FEN of any dialect into the view model. */
export function readFen(text: string, dialect: FenDialect): FormatView {
  const tokens = splitFields(text);
  const parsed = FEN.parse(text);
  const epd = parsed.ok ? undefined : readEpd(text);
  if (epd) return readEpdView(text, epd, dialect);
  if (!parsed.ok) {
    return {
      positions: [],
      fields: fenFields(tokens, undefined, dialect),
      errors: [placedError(text, parsed.error, FIELD_NAMES)],
      notes: [],
    };
  }
  const setup = parsed.value;
  const problems = validateSetup(setup);
  return {
    positions: [{ setup }],
    fields: fenFields(tokens, setup, dialect),
    errors: [],
    notes: problems.map((problem) => `Not a legal position: ${problem.replace(/-/g, ' ')}`),
  };
}

/** Writes with the FEN writer, or undefined for a setup it cannot express. */
function tryWrite(setup: Setup, options: FenFormatWriteOptions): string | undefined {
  try {
    return FEN.write(setup, options);
  } catch {
    return undefined;
  }
}

interface DialectSpec {
  readonly label: string;
  readonly example: string;
  readonly write: (position: Position) => string | undefined;
}

const plain = (setup: Setup): boolean => !setup.pockets && !setup.remainingChecks;

const DIALECTS: Readonly<Record<FenDialect, DialectSpec>> = {
  fen: {
    label: 'FEN',
    example: 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
    write: ({ setup }) => (plain(setup) && plainCastling(setup) ? tryWrite(setup, { castling: 'xfen' }) : undefined),
  },
  xfen: {
    label: 'X-FEN',
    example: 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9',
    write: ({ setup }) => (plain(setup) ? tryWrite(setup, { castling: 'xfen' }) : undefined),
  },
  shredder: {
    label: 'Shredder-FEN',
    example: 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9',
    write: ({ setup }) => (plain(setup) ? tryWrite(setup, { castling: 'shredder' }) : undefined),
  },
  crazyhouse: {
    label: 'Crazyhouse FEN',
    example: 'r1b1k2r/ppp2ppp/2n5/3Np3/2B1n3/8/PPPP1PPP/R1B1K1NR[QPbp] w KQkq - 0 8',
    write: ({ setup }) => (setup.pockets ? tryWrite(setup, { castling: 'xfen' }) : undefined),
  },
  'three-check': {
    label: 'Three-check FEN',
    example: 'rnbqkb1r/pppp1ppp/5n2/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 3+3 2 3',
    write: ({ setup }) => (setup.remainingChecks ? tryWrite(setup, { castling: 'xfen' }) : undefined),
  },
};

/**
 * The setup as FEN can hold it: a realtime setup (FENr) only when no piece is in flight or
 * cooling down at its clock, as a plain setup (FEN has no clock); undefined otherwise.
 */
export function withoutClock(setup: Setup): Setup | undefined {
  if (!setup.realtime && !setup.board.pieces.some((p) => p?.realtime)) return setup;
  if (hasRealtime(setup)) return undefined;
  const { realtime: _clock, ...plainSetup } = setup;
  return { ...plainSetup, board: boardAt(setup) };
}

function fenAdapter(dialect: FenDialect): FormatAdapter {
  const spec = DIALECTS[dialect];
  return {
    name: dialect,
    label: spec.label,
    family: 'fen',
    example: spec.example,
    detect(text) {
      if (typeof text !== 'string') return 0;
      const found = classify(text);
      // The dialect the text shows wins; the others of the family stay just below it.
      return found.dialect === dialect ? found.score : Math.max(0, found.score - 0.01);
    },
    read: (text) => readFen(text, dialect),
    write(position) {
      const setup = withoutClock(position.setup);
      return setup && spec.write({ ...position, setup });
    },
  };
}

export const FEN_ADAPTERS: readonly FormatAdapter[] = (
  ['fen', 'xfen', 'shredder', 'crazyhouse', 'three-check'] as const
).map(fenAdapter);
