import {
  isSeparator,
  setupMeaning,
  textSpans,
  type SetupTopic,
  type Setup,
  type TextFormat,
} from '@chess-formats/board-core';
import { enPassantCapturable } from './en-passant.js';
import { FEN_ERROR_CODES, type FenErrorCode } from './errors.js';
import { parseFen, type FenParseOptions } from './parse.js';
import { writeFen } from './write.js';

/**
 * The descriptor's write options are plain data, so that any consumer (a CLI flag, a test
 * vector, a URL) can pass them: `epPolicy: 'legal'` stands for `enPassantCapturable`.
 * X-FEN and Shredder-FEN are not separate formats: `parseFen` reads all of them and
 * `castling` picks the one to write.
 */
export interface FenFormatWriteOptions {
  /** As `FenWriteOptions.castling`. */
  readonly castling?: 'xfen' | 'shredder';
  /**
   * `always` (default) writes the setup's en passant square; `legal` only when an en passant
   * capture is legal (`enPassantCapturable`). A name rather than a function, so options can
   * come from JSON.
   */
  readonly epPolicy?: 'always' | 'legal';
}

const isBlank = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * How many `/` the first blank-separated token of `text` holds (scanning at most 200
 * characters), and whether a side to move (`w`, `b`) follows it: a placement then, however short.
 */
function placementShape(text: string): { readonly slashes: number; readonly turn: boolean } {
  let i = 0;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  let slashes = 0;
  for (const end = Math.min(text.length, i + 200); i < end && !isBlank(text.charCodeAt(i)); i++) {
    if (text.charCodeAt(i) === 47) slashes++;
  }
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  const side = text.charCodeAt(i);
  const turn = (side === 119 || side === 98) && (i + 1 === text.length || isBlank(text.charCodeAt(i + 1)));
  return { slashes, turn };
}

/** The setup each field of `fenFormat.fields` describes, by index. */
const TOPICS: readonly SetupTopic[] = [
  'placement',
  'turn',
  'castling',
  'en passant',
  'halfmoves',
  'fullmoves',
  'checks',
];

/**
 * The field of the FEN token at `index`: the six fields in order, except the three-check
 * counters, which stand after the en passant square (`3+3`) or last (`+1+2`) and are the one
 * token with a `+`; the clocks after them move up one.
 */
function fenFieldOf(): (token: string, index: number) => number {
  let counters = 0;
  return (token, index) => {
    if (index > 3 && token.includes('+')) {
      counters = 1;
      return 6;
    }
    return index - counters;
  };
}

/**
 * FEN, X-FEN and Shredder-FEN (with crazyhouse pockets and three-check counters) as one
 * text format: the value is a board-core `Setup`.
 */
export const fenFormat: TextFormat<Setup, FenErrorCode, FenParseOptions, FenFormatWriteOptions> =
  /* @__PURE__ */ Object.freeze({
    kind: 'text',
    name: 'fen',
    title: 'FEN',
    example: 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
    parse: parseFen,
    write(setup: Setup, options?: FenFormatWriteOptions): string {
      const { epPolicy, ...rest } = options ?? {};
      if (epPolicy === 'legal') return writeFen(setup, { ...rest, epPolicy: enPassantCapturable });
      // Options may come from JSON: a policy this writer does not know is refused, not ignored.
      if (epPolicy !== undefined && epPolicy !== 'always') throw new TypeError(`unknown epPolicy ${String(epPolicy)}`);
      return writeFen(setup, rest);
    },
    detect(text: string): number {
      if (typeof text !== 'string') return 0;
      if (parseFen(text).ok) return 0.9;
      // A placement of 7 to 9 ranks is a FEN meant, however broken (9 with a crazyhouse pocket
      // rank), and so are ranks followed by a side to move; other slash-separated text may be
      // one with ranks missing.
      const { slashes, turn } = placementShape(text);
      if (slashes >= 6 && slashes <= 8) return 0.6;
      if (slashes > 0 && turn) return 0.5;
      return slashes >= 3 ? 0.3 : 0;
    },
    errorCodes: FEN_ERROR_CODES,
    fields: /* @__PURE__ */ Object.freeze([
      'placement',
      'turn',
      'castling',
      'en passant',
      'halfmove clock',
      'fullmove number',
      'check counters',
    ]),
    spans: (text: string, setup?: Setup) =>
      textSpans(
        text,
        setup,
        parseFen,
        7,
        fenFieldOf(),
        (field, value) => setupMeaning(value, TOPICS[field] ?? 'fullmoves'),
        // The parser's separators: blanks, and `_` as in URLs.
        isSeparator,
      ),
    setupOf: (setup: Setup): Setup => setup,
    fromSetup(setup: Setup): Setup {
      // The realtime clock is the game's timing, not the position: FEN has no room for it.
      if (setup.realtime === undefined) return setup;
      const { realtime: _clock, ...rest } = setup;
      return rest;
    },
  });
