import type { EventStream } from '@chess-formats/board-core';
import {
  BELL,
  CONTROL_U,
  CONTROL_V,
  CONTROL_W,
  CONTROL_Y,
  CR,
  DIGIT_0,
  DIGIT_9,
  LF,
  createTextIntake,
} from '@chess-formats/board-core/internal';
import type { Style12Error } from './errors.js';
import { parseHoldings, type Holdings } from './holdings.js';
import { MAX_LINE_LENGTH, parseStyle12, type Style12ParseOptions } from './parse.js';
import type { Style12 } from './record.js';

/** The block a line came in under FICS `iset block 1`: `^U` id `^V` command code `^V` text `^W`. */
export interface Block {
  /** The identifier the client sent with its command (`58` for `58 moves 7`), or -1 if unreadable. */
  readonly id: number;
  /** The server's code for the command, or -1 if unreadable. */
  readonly command: number;
}

/** The block an event came in, when it came in one. */
export interface InBlock {
  /** The block the event came in; absent for output outside any block (unsolicited boards). */
  readonly block?: Block;
}

/**
 * What a scanner finds in a stream, in stream order: boards, holdings, other lines of text,
 * lines that start like a board or holdings but do not parse (and lines past the length
 * bound, code `too-long`), and the start and end of each block. The names are the icc-dg
 * decoder's where they mean the same: `text`, `error`, and a block (one command's output) as
 * `unit-start` / `unit-end`, as ICC's level 1 units are.
 */
export type Style12ScanEvent =
  | (InBlock & { readonly kind: 'board'; readonly record: Style12; readonly line: string })
  | (InBlock & { readonly kind: 'holdings'; readonly holdings: Holdings; readonly line: string })
  | (InBlock & { readonly kind: 'text'; readonly text: string })
  | (InBlock & { readonly kind: 'error'; readonly error: Style12Error; readonly line: string })
  | { readonly kind: 'unit-start'; readonly block: Block }
  | { readonly kind: 'unit-end'; readonly block: Block };

/** Options of `createStyle12Scanner`: those of `parseStyle12`, and how bytes are decoded. */
export interface Style12ScannerOptions extends Style12ParseOptions {
  /**
   * How bytes are decoded (a `TextDecoder` label); default `'utf-8'`, invalid bytes become
   * U+FFFD. A label the runtime does not know falls back to `'utf-8'`.
   */
  readonly encoding?: string;
}

/**
 * Splits a server session's output into lines and reads the style 12 and `<b1>` lines among
 * them, made by `createStyle12Scanner`; the events are the same however the stream is split.
 * Board-core's `EventStream`: `push(chunk)` returns the events a chunk (bytes or text, as it
 * came off the socket) completes, `push(chunk, onEvent)` hands them to `onEvent`; `end` flushes
 * the last line (one without a line end) and the text decoder, and the scanner can be reused.
 * Never throws: a chunk that is neither a string nor a `Uint8Array` is ignored.
 */
export type Style12Scanner = EventStream<string | Uint8Array, Style12ScanEvent>;

const PROMPT = 'fics% ';
/** FICS block mode (`iset block 1`): `^U` starts a block, `^V` separates its header's fields, `^W` ends it. */
const BLOCK_START = CONTROL_U;
const BLOCK_SEPARATOR = CONTROL_V;
const BLOCK_END = CONTROL_W;

/**
 * A scanner for a raw FICS stream. Line ends may be `\n\r`, `\r\n` or `\n` (every CR is
 * dropped, as is every BEL); `fics% ` prompts before a line are dropped; blank lines make no
 * event. Memory is bounded by `maxLength`: a longer line gives one `too-long` error event with
 * its first `maxLength` characters, and the scanner resynchronises at the next line end.
 *
 * Chunks may mix bytes and text, with the rules of every streaming reader of chess-formats: a
 * byte-order mark is dropped when it is the first character of the stream, as bytes or as U+FEFF
 * in a string, and is text anywhere else; a string chunk after bytes that end inside a character
 * first turns the held bytes into U+FFFD, so that nothing of a later chunk comes before them.
 * Options that are not an object are ignored; the scanner never throws.
 *
 * @example
 * ```ts
 * import { createStyle12Scanner } from '@chess-formats/style12';
 * const scanner = createStyle12Scanner();
 * const line = '<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Alice Bob 0 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0 0 0';
 * // The same events however the stream is split: here in two pieces.
 * const events = [...scanner.push(`fics% ${line.slice(0, 40)}`), ...scanner.push(`${line.slice(40)}\n`), ...scanner.end()];
 * console.log(events.map((e) => e.kind).join(' ')); // → board
 * ```
 */
export function createStyle12Scanner(options: Style12ScannerOptions = {}): Style12Scanner {
  if (typeof options !== 'object' || options === null) options = {};
  const maxLength =
    typeof options.maxLength === 'number' && options.maxLength >= 1 ? Math.floor(options.maxLength) : MAX_LINE_LENGTH;
  const parseOptions: Style12ParseOptions = { ...options, maxLength };
  const intake = createTextIntake(options.encoding);
  let parts: string[] = [];
  let length = 0;
  let overflow = false;
  let block: Block | undefined;
  // Inside a block header: the digits of the id (0) or of the command (1); -1 outside one.
  let header = -1;
  let headerDigits = ['', ''];
  let events: Style12ScanEvent[] = [];

  const append = (segment: string): void => {
    if (overflow || segment.length === 0) return;
    if (length + segment.length > maxLength) {
      parts.push(segment.slice(0, maxLength - length));
      length = maxLength;
      overflow = true;
      return;
    }
    parts.push(segment);
    length += segment.length;
  };

  const where = (): InBlock => (block === undefined ? {} : { block });

  const finishLine = (): void => {
    let line = parts.length === 1 ? (parts[0] as string) : parts.join('');
    const tooLong = overflow;
    parts = [];
    length = 0;
    overflow = false;
    while (line.startsWith(PROMPT)) line = line.slice(PROMPT.length);
    if (tooLong) {
      const message = `expected at most ${String(maxLength)} characters in a line; the rest of the line was dropped`;
      events.push({
        ...where(),
        kind: 'error',
        error: { code: 'too-long', field: 0, offset: maxLength, message },
        line,
      });
      return;
    }
    if (line.length === 0) return;
    if (line.startsWith('<12> ')) {
      const result = parseStyle12(line, parseOptions);
      events.push(
        result.ok
          ? { ...where(), kind: 'board', record: result.value, line }
          : { ...where(), kind: 'error', error: result.error, line },
      );
    } else if (line.startsWith('<b1> ')) {
      const result = parseHoldings(line, parseOptions);
      events.push(
        result.ok
          ? { ...where(), kind: 'holdings', holdings: result.value, line }
          : { ...where(), kind: 'error', error: result.error, line },
      );
    } else {
      events.push({ ...where(), kind: 'text', text: line });
    }
  };

  const headerNumber = (digits: string): number => (digits.length > 0 && digits.length <= 9 ? Number(digits) : -1);

  const scan = (text: string): void => {
    let run = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (header >= 0) {
        run = i + 1;
        if (c === BLOCK_SEPARATOR) {
          if (++header === 2) {
            block = { id: headerNumber(headerDigits[0] ?? ''), command: headerNumber(headerDigits[1] ?? '') };
            header = -1;
            events.push({ kind: 'unit-start', block });
          }
        } else if (c >= DIGIT_0 && c <= DIGIT_9) {
          // Bounded: a header has two short numbers.
          if ((headerDigits[header] ?? '').length < 10) headerDigits[header] += text.charAt(i);
        } else {
          // Not a header after all: the block is entered with what was read, the character is text.
          block = { id: headerNumber(headerDigits[0] ?? ''), command: headerNumber(headerDigits[1] ?? '') };
          header = -1;
          events.push({ kind: 'unit-start', block });
          run = i;
          i--;
        }
        continue;
      }
      // Plain characters run on; only the control characters of the framing stop the loop.
      if (c > CR && c < BLOCK_START) continue;
      if (c > CONTROL_Y || (c !== LF && c !== CR && c !== BELL && c < BLOCK_START)) continue;
      append(text.slice(run, i));
      run = i + 1;
      if (c === LF) finishLine();
      else if (c === BLOCK_START) {
        if (length > 0 || overflow) finishLine();
        header = 0;
        headerDigits = ['', ''];
        block = undefined;
      } else if (c === BLOCK_END) {
        if (length > 0 || overflow) finishLine();
        if (block !== undefined) events.push({ kind: 'unit-end', block });
        block = undefined;
      }
      // CR, BEL, ^V outside a header, ^X and ^Y (FICS's pose markers) are dropped.
    }
    if (header < 0) append(text.slice(run));
  };

  /** The events gathered, returned, or handed to `onEvent` when it is a function. */
  const take = (onEvent: unknown): Style12ScanEvent[] => {
    const out = events;
    events = [];
    if (typeof onEvent !== 'function') return out;
    for (const event of out) (onEvent as (event: Style12ScanEvent) => void)(event);
    return undefined as unknown as Style12ScanEvent[];
  };

  return {
    push(chunk: string | Uint8Array, onEvent?: (event: Style12ScanEvent) => void): Style12ScanEvent[] {
      // Anything that is neither text nor bytes is ignored.
      const text = intake.push(chunk);
      if (text !== undefined && text !== '') scan(text);
      return take(onEvent);
    },
    end(onEvent?: (event: Style12ScanEvent) => void): Style12ScanEvent[] {
      const text = intake.end();
      if (text !== '') scan(text);
      if (length > 0 || overflow) finishLine();
      header = -1;
      block = undefined;
      return take(onEvent);
    },
  } as Style12Scanner;
}
