import { parseSetupJson, setupToJson, startClock, type Setup } from '@chess-formats/board-core';
import { parseFen, writeFen } from '@chess-formats/fen';
import { parseFenr, writeFenr } from '@chess-formats/fenr';
import { parseOcpn, writeOcpn } from '@chess-formats/ocpn';
import { parseStyle12 } from '@chess-formats/style12';
import { errorReport, overflowReport, type LineError, type LineReport, type LineWhere } from './line-command.js';
import { toStyle12 } from './style12-command.js';

/** The notations that hold one position a line, which `convert` reads and writes. */
export const POSITION_FORMATS = ['fen', 'style12', 'ocpn', 'fenr', 'setup-json'] as const;
export type PositionFormat = (typeof POSITION_FORMATS)[number];

/** What `detect` can say of a line. */
export const DETECTED_FORMATS = [
  'fen',
  'x-fen',
  'shredder',
  'style12',
  'b1',
  'ocpn',
  'fenr',
  'setup-json',
  'icc-stream',
  'fics-stream',
  'unknown',
] as const;
export type DetectedFormat = (typeof DETECTED_FORMATS)[number];

/** A position as read: its setup (from OCPN with its Omega Chess Advanced state). */
export interface Position {
  readonly setup: Setup;
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
 * The format of one line, by its shape alone (the README's detection table): one pass over
 * the line, no parser, never throws. A line of the right shape may still fail to parse.
 */
export function detectFormat(line: string): DetectedFormat {
  if (typeof line !== 'string') return 'unknown';
  // ICC wraps level 1 units and level 2 datagrams in Ctrl-Y brackets.
  if (line.includes('\u0019')) return 'icc-stream';
  const words = tokens(line);
  const first = words[0] ?? '';
  if (first === '<12>') return 'style12';
  if (first === '<b1>') return 'b1';
  // FICS ends lines with LF CR, so a CR starts the next; prompts, bells and boards after a prompt.
  if (line.startsWith('\r') || line.includes('\u0007') || first === 'fics%' || line.includes('<12> ')) return 'fics-stream';
  if (first.startsWith('{')) return 'setup-json';
  let slashes = 0;
  for (const char of first) if (char === '/') slashes++;
  if (slashes === 10) return 'ocpn';
  if (slashes === 0) return 'unknown';
  const turn = words[1];
  if (turn === undefined || turn === 'w' || turn === 'b') return fenDialect(words[2]);
  return slashes === 7 ? 'fenr' : 'unknown';
}

/** The format to read a detected line with, or `undefined` when it holds no position of ours. */
export function readableFormat(detected: DetectedFormat): PositionFormat | undefined {
  if (detected === 'x-fen' || detected === 'shredder') return 'fen';
  return (POSITION_FORMATS as readonly string[]).includes(detected) ? (detected as PositionFormat) : undefined;
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
  const options = strict ? { strict: true } : undefined;
  switch (format) {
    case 'fen': {
      const parsed = parseFen(text, options);
      return parsed.ok ? { ok: true, value: { setup: parsed.value } } : parsed;
    }
    case 'style12': {
      const parsed = parseStyle12(text);
      return parsed.ok ? { ok: true, value: { setup: parsed.value.setup } } : parsed;
    }
    case 'ocpn': {
      const parsed = parseOcpn(text, options);
      return parsed.ok ? { ok: true, value: { setup: parsed.value } } : parsed;
    }
    case 'fenr': {
      const parsed = parseFenr(text, options);
      return parsed.ok ? { ok: true, value: { setup: parsed.value } } : parsed;
    }
    case 'setup-json':
      return readSetupJson(text);
  }
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
    const message = detected === 'unknown' ? 'not a position in any format this command reads' : `a ${detected} line holds no single position`;
    return { format: undefined, read: { ok: false, error: { code: 'unknown-format', field: 0, offset: 0, message } } };
  }
  return { format: chosen, read: readPosition(chosen, text, strict) };
}

/** A setup without its realtime clock, for the notations that have none. */
function withoutClock(setup: Setup): Setup {
  if (setup.realtime === undefined) return setup;
  const { realtime: _clock, ...rest } = setup;
  return rest;
}

/** Style 12 and FENr have no room for pockets or three-check counters, which their writers would leave out. */
function refuseVariantState(setup: Setup, pockets: string): void {
  if (setup.pockets) throw new TypeError(pockets);
  if (setup.remainingChecks) throw new TypeError('check counters');
}

/**
 * Writes a position in `format`; throws `TypeError` when the format cannot hold it (an Omega
 * board in FEN, pockets in style 12). FENr gets a clock at 0 when the position has none; the
 * others drop it (the realtime state is the game's timing, not the position).
 */
export function writePosition(format: PositionFormat, position: Position): string {
  const { setup } = position;
  switch (format) {
    case 'fen':
      return writeFen(withoutClock(setup));
    case 'style12':
      refuseVariantState(setup, 'pockets (a <b1> line carries them)');
      return toStyle12(withoutClock(setup));
    case 'ocpn':
      // A setup from another notation has no Advanced state: written as none (no rights, no fools, nothing moved).
      return writeOcpn(withoutClock(setup));
    case 'fenr':
      refuseVariantState(setup, 'pockets');
      return writeFenr(setup.realtime === undefined ? { ...setup, realtime: startClock() } : setup);
    case 'setup-json':
      return JSON.stringify(setupToJson(setup));
  }
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
): { readonly ok: true; readonly format: PositionFormat; readonly position: Position } | { readonly ok: false; readonly report: LineReport } {
  if (overflow) return { ok: false, report: overflowReport(text, where, options.json) };
  const { format, read } = readAnyPosition(options.format, text, options.strict);
  if (!read.ok || format === undefined) {
    const error = read.ok ? { code: 'unknown-format', field: 0, offset: 0, message: 'unknown format' } : read.error;
    return { ok: false, report: errorReport(text, error, where, options.json) };
  }
  return { ok: true, format, position: read.value };
}
