import { parseSetupJson, setupToJson, type Setup, type TextFormat } from '@chess-formats/board-core';
import { STREAM_FORMATS, TEXT_FORMATS, detectFormat as detectInFormats, formatByName } from '@chess-formats/formats';
import { errorReport, overflowReport, type LineError, type LineReport, type LineWhere } from './line-command.js';

/**
 * board-core's canonical setup JSON: no format package's notation, so not in the list, but
 * `convert` reads and writes it beside them.
 */
const SETUP_JSON = 'setup-json';

/** The notations that hold one position a line, which `convert` reads and writes: every text format, then setup JSON. */
export const POSITION_FORMATS: readonly string[] = Object.freeze([
  ...TEXT_FORMATS.map((format) => format.name),
  SETUP_JSON,
]);
export type PositionFormat = string;

/** How the CLI names the FEN dialects and lines that hold no position of a format in the list. */
const FEN_DIALECTS = ['x-fen', 'shredder'] as const;
const OTHER_LINES = ['b1', SETUP_JSON, 'fics-stream', 'unknown'] as const;

/**
 * What `detect` can say of a line: a text format's name (FEN's dialects apart), a stream
 * format's name with `-stream`, and the CLI's words for other lines.
 */
export const DETECTED_FORMATS: readonly string[] = Object.freeze([
  ...TEXT_FORMATS.flatMap((format) => (format.name === 'fen' ? [format.name, ...FEN_DIALECTS] : [format.name])),
  ...STREAM_FORMATS.map((format) => `${format.name}-stream`),
  ...OTHER_LINES,
]);
export type DetectedFormat = string;

/**
 * A position as read: its setup and, when a text format read it, that format and its value
 * (which may hold more than the setup: OCPN's Omega facts, style 12's game).
 */
export interface Position {
  readonly setup: Setup;
  readonly format?: TextFormat;
  readonly value?: unknown;
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

/** The blank-separated tokens of a line (spaces and tabs), without a regular expression. */
function tokens(text: string): string[] {
  const found: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const blank = i === text.length || isBlank(text.charCodeAt(i));
    if (blank && start !== -1) {
      found.push(text.slice(start, i));
      start = -1;
    } else if (!blank && start === -1) start = i;
  }
  return found;
}

function onlyOf(text: string, allowed: string): boolean {
  for (const char of text) if (!allowed.includes(char)) return false;
  return true;
}

/** Which FEN dialect a castling field is written in: K/Q letters, file letters, or both. */
function fenDialect(castling: string | undefined): DetectedFormat {
  if (castling === undefined || onlyOf(castling, 'KQkq-')) return 'fen';
  if (onlyOf(castling, 'ABCDEFGHabcdefgh')) return 'shredder';
  return onlyOf(castling, 'KQkqABCDEFGHabcdefgh') ? 'x-fen' : 'fen';
}

/**
 * The score from which a format's detector says a line is one of its records, perhaps broken
 * (the scale of the formats' `detect`); below it the line is another thing or unknown.
 */
const RECORD_SCORE = 0.5;

/**
 * The format of one line (the README's detection table): the formats of the list detect it,
 * after the lines that hold no position (`<b1>` holdings, FICS prompts and bells, setup
 * JSON). Never throws. A line of the right shape may still fail to parse.
 */
export function detectFormat(line: string): DetectedFormat {
  if (typeof line !== 'string') return 'unknown';
  const found = detectInFormats(line);
  const { format } = found;
  if (format?.kind === 'stream' && found.score >= RECORD_SCORE) return `${format.name}-stream`;
  const words = tokens(line);
  const first = words[0] ?? '';
  if (first === '<b1>') return 'b1';
  // FICS ends lines with LF CR, so a CR starts the next; prompts, bells and boards after a prompt.
  if (
    first !== '<12>' &&
    (line.startsWith('\r') || line.includes('\u0007') || first === 'fics%' || line.includes('<12> '))
  )
    return 'fics-stream';
  if (first.startsWith('{')) return SETUP_JSON;
  if (format === undefined || found.score < RECORD_SCORE) return 'unknown';
  return format.name === 'fen' ? fenDialect(words[2]) : format.name;
}

/** The format to read a detected line with, or `undefined` when it holds no position of ours. */
export function readableFormat(detected: DetectedFormat): PositionFormat | undefined {
  if ((FEN_DIALECTS as readonly string[]).includes(detected)) return 'fen';
  return POSITION_FORMATS.includes(detected) ? detected : undefined;
}

type Read = { readonly ok: true; readonly value: Position } | { readonly ok: false; readonly error: LineError };

function readSetupJson(text: string): Read {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = /at position ([0-9]{1,6})/.exec(message);
    return { ok: false, error: { code: 'json-syntax', field: 0, offset: at ? Number(at[1]) : 0, message } };
  }
  const parsed = parseSetupJson(json);
  if (!parsed.ok) {
    // The message names the path already.
    const { code, message } = parsed.error;
    return { ok: false, error: { code, field: 0, offset: 0, message } };
  }
  return { ok: true, value: { setup: parsed.value } };
}

/** Reads one line in `format` (`strict` for the parsers that have a strict mode). */
export function readPosition(format: PositionFormat, text: string, strict = false): Read {
  if (format === SETUP_JSON) return readSetupJson(text);
  const textFormat = formatByName(format, TEXT_FORMATS) as TextFormat | undefined;
  if (textFormat === undefined)
    return { ok: false, error: { code: 'unknown-format', field: 0, offset: 0, message: `no format ${format}` } };
  const parsed = textFormat.parse(text, strict ? { strict: true } : undefined);
  return parsed.ok
    ? { ok: true, value: { setup: textFormat.setupOf(parsed.value), format: textFormat, value: parsed.value } }
    : parsed;
}

/**
 * Reads one line in `format`, or in the format `detectFormat` names for `auto`; returns the
 * format used too. A line detected as no position format is refused with `unknown-format`.
 */
export function readAnyPosition(
  format: PositionFormat | 'auto',
  text: string,
  strict = false,
): { readonly format: PositionFormat | undefined; readonly read: Read } {
  const chosen = format === 'auto' ? readableFormat(detectFormat(text)) : format;
  if (chosen === undefined) {
    const detected = detectFormat(text);
    const message =
      detected === 'unknown'
        ? 'not a position in any format this command reads'
        : `a ${detected} line holds no single position`;
    return { format: undefined, read: { ok: false, error: { code: 'unknown-format', field: 0, offset: 0, message } } };
  }
  return { format: chosen, read: readPosition(chosen, text, strict) };
}

/**
 * Writes a position in `format`; throws `TypeError` when the format cannot hold it (an Omega
 * board in FEN, pockets in style 12). A position goes back to its own format as it was read
 * (OCPN's Omega facts kept); to another, through its setup and the target's `fromSetup`
 * (FENr gets a clock at 0 when the position has none, the others drop it).
 */
export function writePosition(format: PositionFormat, position: Position): string {
  const { setup } = position;
  if (format === SETUP_JSON) return JSON.stringify(setupToJson(setup));
  const target = formatByName(format, TEXT_FORMATS) as TextFormat | undefined;
  if (target === undefined) throw new TypeError(`no format ${format}`);
  if (position.format === target) return target.write(position.value);
  return target.write(target.fromSetup(setup));
}

/**
 * One input line of a position command read in `format` (or detected): the position, or the
 * report of the line that is not one (too long, unknown, refused by its parser).
 */
export function readPositionLine(
  text: string,
  overflow: boolean,
  where: LineWhere,
  options: { readonly format: PositionFormat | 'auto'; readonly strict?: boolean; readonly json: boolean },
):
  | { readonly ok: true; readonly format: PositionFormat; readonly position: Position }
  | { readonly ok: false; readonly report: LineReport } {
  if (overflow) return { ok: false, report: overflowReport(text, where, options.json) };
  const { format, read } = readAnyPosition(options.format, text, options.strict);
  if (!read.ok || format === undefined) {
    const error = read.ok ? { code: 'unknown-format', field: 0, offset: 0, message: 'unknown format' } : read.error;
    return { ok: false, report: errorReport(text, error, where, options.json) };
  }
  return { ok: true, format, position: read.value };
}
