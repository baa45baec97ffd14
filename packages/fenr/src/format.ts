import {
  countCode,
  isSeparator,
  leadingTokens,
  setupMeaning,
  startClock,
  textSpans,
  type Setup,
  type TextFormat,
} from '@chess-formats/board-core';
import { FENR_ERROR_CODES, type FenrErrorCode } from './errors.js';
import { parseFenr, type FenrParseOptions } from './parse.js';
import { writeFenr } from './write.js';

/**
 * Whether the fields after the placement could be FENr's: castling, en passant, then times
 * (a sign or a fraction is a broken time), in that order, each optional but the order kept,
 * and at most one field after the times.
 */
function fenrShaped(fields: readonly string[]): boolean {
  let next = 1;
  for (const field of fields) {
    if (next <= 1 && /^(?:-|[KQkq]{1,4})$/.test(field)) next = 2;
    else if (next <= 2 && /^(?:-|[a-h][1-8]?)$/.test(field)) next = 3;
    else if (next <= 4 && /^-?\d/.test(field)) next = Math.max(next, 3) + 1;
    else if (next === 5) next = 6;
    else return false;
  }
  return true;
}

/** At most four fields ending in two times, the first not a side to move: FENr's count with a broken field. */
function endsInTimes(fields: readonly string[]): boolean {
  const time = (field: string | undefined): boolean => field !== undefined && /^-?\d/.test(field);
  return (
    fields.length <= 4 &&
    fields[0] !== 'w' &&
    fields[0] !== 'b' &&
    time(fields[fields.length - 1]) &&
    time(fields[fields.length - 2])
  );
}

/**
 * The field of each FENr token, told by its shape as `fenrShaped` does: castling and en
 * passant may be left out, so a token is castling (`KQkq`, `-`) only before en passant (a file
 * letter, `-`), and the times follow; anything past them is after the last field.
 */
function fenrFieldOf(): (token: string, index: number) => number {
  let next = 1;
  return (token, index) => {
    if (index === 0) return 0;
    const field =
      next <= 1 && /^[KQkq-]/.test(token) ? 1 : next <= 2 && /^[a-h-]/.test(token) ? 2 : Math.min(Math.max(next, 3), 5);
    next = field + 1;
    return field;
  };
}

const seconds = (ms: number | undefined): string => `${((ms ?? 0) / 1000).toFixed(1)} s`;

/** FENr, the realtime chess FEN, as one text format: the value is a board-core `Setup` with its clock. */
export const fenrFormat: TextFormat<Setup, FenrErrorCode, FenrParseOptions, undefined> = /* @__PURE__ */ Object.freeze({
  kind: 'text',
  name: 'fenr',
  title: 'FENr (realtime chess)',
  example: 'r2Mqe70500k2r/pb1n2bp/1pp2n2/3p1pp1/MQd10450P1PpDP10002/2P1P1P1/PB1NN1BP/R3K1DR50001 kQq f3 14200 14200',
  parse: parseFenr,
  write: (setup: Setup): string => writeFenr(setup),
  detect(text: string): number {
    if (typeof text !== 'string') return 0;
    const tokens = leadingTokens(text, 8);
    const placement = tokens[0] ?? '';
    const slashes = countCode(placement, 47);
    if (slashes > 8) return 0;
    if (slashes >= 6 && parseFenr(text).ok) return 0.95;
    // A broken FENr beats a broken FEN (0.6) when it shows FENr's own signs: a delay or
    // moving marker in a placement of ranks (FEN has no `D` or `M`; a word such as `Done` is
    // no placement), or fields in FENr's shape.
    if (slashes >= 3 && /[DM]/.test(placement)) return 0.7;
    const fields = tokens.slice(1);
    return slashes >= 6 && fields.length > 0 && (fenrShaped(fields) || endsInTimes(fields)) ? 0.7 : 0;
  },
  errorCodes: FENR_ERROR_CODES,
  fields: /* @__PURE__ */ Object.freeze([
    'placement',
    'castling',
    'en passant',
    'ms since the last capture',
    'ms since the start',
    'after the last field',
  ]),
  spans: (text: string, value?: Setup) =>
    textSpans(
      text,
      value,
      parseFenr,
      8,
      fenrFieldOf(),
      (field, setup) =>
        field === 3
          ? `${seconds(setup.realtime?.sinceCaptureMs)} since the last capture`
          : field === 4
            ? `game clock ${seconds(setup.realtime?.clockMs)}`
            : field < 3
              ? setupMeaning(setup, field === 0 ? 'placement' : field === 1 ? 'castling' : 'en passant')
              : 'not a FENr field',
      isSeparator,
    ),
  setupOf: (setup: Setup): Setup => setup,
  fromSetup(setup: Setup): Setup {
    // FENr has no room for pockets or check counters, which its writer would leave out.
    if (setup.pockets) throw new TypeError('pockets');
    if (setup.remainingChecks) throw new TypeError('check counters');
    // A position without a clock is one at the start of a realtime game.
    return setup.realtime === undefined ? { ...setup, realtime: startClock() } : setup;
  },
});
