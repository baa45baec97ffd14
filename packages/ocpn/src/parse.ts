import {
  MAX_COUNTER,
  OMEGA,
  ROLES,
  err,
  ok,
  type ByColor,
  type Color,
  type Piece,
  type Result,
  type Role,
  type Square,
} from '@chess-formats/board-core';
import {
  DIGIT_0,
  DIGIT_1,
  DIGIT_9,
  LOWER_A,
  LOWER_B,
  LOWER_W,
  SLASH,
  UPPER_A,
  emptySquares,
  fault,
  faultError,
  fieldEnd,
  fieldStart,
  isNone,
  isSeparator,
  piecesByCode,
} from '@chess-formats/board-core/internal';
import type { OcpnError, OcpnErrorCode, OcpnField } from './errors.js';
import type { GuardingRights, OcpnPosition } from './position.js';

/** Options of `parseOcpn`. */
export interface OcpnParseOptions {
  /**
   * Accept only the canonical text `writeOcpn` writes: one space between fields, ASCII `-`
   * (no en dash), rights in `KQkq` and `wb` order without repeats, upper-case fool
   * identities, counters without leading zeros, a full-move number of at least 1.
   */
  readonly strict?: boolean;
}

// What was expected, by field, and for the codes that say more than their field.
const EXPECTED_IN_FIELD =
  /* @__PURE__ */ 'PNBRQKCWF, 1-9, A or /|w or b|KQkq or -|KQkq or -|a square or -|w, b, wb or -|P N B R Q K C W F or - for each player|0-9007199254740991|1-9007199254740991|end'.split(
    '|',
  );
const EXPECTED: Partial<Record<OcpnErrorCode, string>> = {
  empty: 'OCPN text',
  whitespace: '1 space',
  'board-digits': '1-9 or A (ten), no 2 digits',
  'wizard-squares': '4 wizard squares (W1 W2 W3 W4) before the first /',
  'rank-too-long': '10 squares',
  'rank-too-short': '10 squares',
  'rank-count': 'the wizard squares and 10 ranks',
  'castling-order': 'KQkq order, no repeats',
  'guarding-order': 'KQkq order, no repeats',
  'ep-rank': 'the first square the pawn passed (rank 2 after White, 7 after Black; ranks 0-9)',
  'ep-path': "the next square on the pawn's path",
  'fool-availability-order': 'wb order, no repeats',
  'missing-field': '9 fields',
};

/** The piece letters of OCPN; role k of board-core's ROLES is letter k (`k + 9` for Black). */
export const LETTERS = 'PNBRQKCWFpnbrqkcwf';

/** The interned piece of each letter, by char code. */
const PIECE_BY_CODE: readonly (Piece | undefined)[] = /* @__PURE__ */ piecesByCode(LETTERS);

/** OMEGA's grid is 12 cells wide; the square of field file f, rank r is `(r + 1) * 12 + f + 1`. */
const WIDTH = 12;

/** The wizard squares in OCPN order: W1 (behind a0), W2 (j0), W3 (j9), W4 (a9). */
export const WIZARD_SQUARES: readonly Square[] = [0, 11, 143, 132];

/** The castling rook of each right letter, in the order K Q k q: i0, b0, i9, b9. */
export const RIGHT_ROOKS: readonly Square[] = [21, 14, 129, 122];

/** A board with no pieces, copied by every parse. */
const EMPTY_BOARD: readonly undefined[] = /* @__PURE__ */ emptySquares(WIDTH * WIDTH);

// Positions are read-only data, so parses share frozen values for the small fields: one per
// set of rights (bits: K 1, Q 2, k 4, q 8) and one per set of fools in hand (w 1, b 2).
const NO_SQUARES: readonly Square[] = /* @__PURE__ */ Object.freeze([]);
const ROOKS_BY_RIGHTS: readonly (readonly Square[])[] = /* @__PURE__ */ Array.from({ length: 16 }, (_, rights) =>
  Object.freeze(RIGHT_ROOKS.filter((_rook, k) => rights & (1 << k)).sort((a, b) => a - b)),
);
const GUARDING_BY_RIGHTS: readonly ByColor<GuardingRights>[] = /* @__PURE__ */ Array.from({ length: 16 }, (_, rights) =>
  Object.freeze({
    white: Object.freeze({ kingSide: (rights & 1) !== 0, queenSide: (rights & 2) !== 0 }),
    black: Object.freeze({ kingSide: (rights & 4) !== 0, queenSide: (rights & 8) !== 0 }),
  }),
);
const NOBODY_MOVED: ByColor<Role | undefined> = /* @__PURE__ */ Object.freeze({ white: undefined, black: undefined });
const FOOLS_BY_BITS: readonly ByColor<boolean>[] = /* @__PURE__ */ Array.from({ length: 4 }, (_, bits) =>
  Object.freeze({ white: (bits & 1) !== 0, black: (bits & 2) !== 0 }),
);

/** Throws the fault `code` of `field` at `offset`; `parseOcpn` makes it its error value. */
const fail: (code: OcpnErrorCode, field: OcpnField, offset: number) => never = fault;

/** Where the field just read by `readLetters` or `readEnPassant` ends (they return its value). */
interface FieldEnd {
  end: number;
}

/** The number of empty squares a character stands for: `1`-`9`, and `A` for ten; else 0. */
function emptyCount(c: number): number {
  return c >= DIGIT_1 && c <= DIGIT_9 ? c - DIGIT_0 : c === UPPER_A ? 10 : 0;
}

/**
 * The squares of each placement segment, in the order the text lists them: the wizard
 * squares W1-W4, then ranks 9 down to 0 (grid rows 10 to 1), files a to j.
 */
const SEGMENTS: readonly (readonly Square[])[] = /* @__PURE__ */ [
  WIZARD_SQUARES,
  ...Array.from({ length: 10 }, (_, k) => Array.from({ length: 10 }, (_file, x) => (10 - k) * WIDTH + x + 1)),
];

/**
 * Reads the placement into `board` from `pos`: the wizard segment (W1..W4), then ten ranks
 * from rank 9 down to rank 0. Returns where the field ends (a separator or the end).
 */
function readBoard(input: string, pos: number, board: (Piece | undefined)[]): number {
  const n = input.length;
  const table = PIECE_BY_CODE;
  let segment = 0;
  let squares = SEGMENTS[0] as readonly Square[];
  // The next square of the segment, and the segment's size (4 wizard squares, or 10).
  let k = 0;
  let size = 4;
  // What came before: 0 a segment start, 1 a piece, 2 a count of empty squares.
  let previous = 0;
  let c = 0;
  let i = pos;
  for (; i < n; i++) {
    c = input.charCodeAt(i);
    const p = table[c];
    if (p !== undefined) {
      if (k === size) fail(segment ? 'rank-too-long' : 'wizard-squares', 0, i);
      board[squares[k++] as Square] = p;
      previous = 1;
    } else if (c === SLASH) {
      if (k < size) fail(segment ? 'rank-too-short' : 'wizard-squares', 0, i);
      // A slash after rank 0 starts a twelfth segment.
      if (segment === 10) fail('rank-count', 0, i);
      squares = SEGMENTS[++segment] as readonly Square[];
      k = 0;
      size = 10;
      previous = 0;
    } else {
      const empty = emptyCount(c);
      if (empty === 0) {
        if (c === DIGIT_0) fail('board-digits', 0, i);
        break;
      }
      if (previous === 2) fail('board-digits', 0, i);
      if ((k += empty) > size) fail(segment ? 'rank-too-long' : 'wizard-squares', 0, i);
      previous = 2;
    }
  }
  if (i < n && !isSeparator(c)) fail('board-char', 0, i);
  if (k < size) fail(segment ? 'rank-too-short' : 'wizard-squares', 0, i);
  if (segment < 10) fail('rank-count', 0, i);
  return i;
}

/**
 * Reads a set of letters at `pos` (castling, guarding, fool availability): `-`, or letters
 * from `letters`, each one a bit by its index. Default mode takes them in any order and
 * repeated; strict mode in the order of `letters`, once each. Sets `end`.
 */
function readLetters(
  input: string,
  pos: number,
  strict: boolean,
  letters: string,
  code: OcpnErrorCode,
  order: OcpnErrorCode,
  field: OcpnField,
  read: FieldEnd,
): number {
  let c = input.charCodeAt(pos);
  if (isNone(c, strict)) {
    read.end = fieldEnd(input, pos + 1, code, field);
    return 0;
  }
  let bits = 0;
  let last = -1;
  for (; pos < input.length && !isSeparator((c = input.charCodeAt(pos))); pos++) {
    let k = letters.length - 1;
    while (k >= 0 && letters.charCodeAt(k) !== c) k--;
    if (k < 0) fail(code, field, pos);
    if (strict && k <= last) fail(order, field, pos);
    last = k;
    bits |= 1 << k;
  }
  read.end = pos;
  return bits;
}

/**
 * Reads the en passant field at `pos`: `-`, or the squares the last pawn moved passed, in the
 * order it passed them (`e2` or `e2/e3` after White's long steps, `e7` or `e7/e6` after
 * Black's). Returns the squares ascending, as a `Setup` holds them; sets `end`.
 */
function readEnPassant(input: string, pos: number, strict: boolean, turn: Color, read: FieldEnd): readonly Square[] {
  const c = input.charCodeAt(pos);
  if (isNone(c, strict)) {
    read.end = fieldEnd(input, pos + 1, 'ep-square', 4);
    return NO_SQUARES;
  }
  // The side not to move made the step: from rank 1 up (White) or rank 8 down (Black).
  const firstRank = turn === 'white' ? 7 : 2;
  const step = turn === 'white' ? -1 : 1;
  const file = c - LOWER_A;
  if (!(file >= 0 && file < 10)) fail('ep-square', 4, pos);
  const rank = input.charCodeAt(pos + 1) - DIGIT_0;
  if (!(rank >= 0 && rank < 10)) fail('ep-square', 4, pos + 1);
  if (rank !== firstRank) fail('ep-rank', 4, pos + 1);
  const first = (rank + 1) * WIDTH + file + 1;
  pos += 2;
  if (input.charCodeAt(pos) !== SLASH) {
    read.end = fieldEnd(input, pos, 'ep-square', 4);
    return [first];
  }
  const nextFile = input.charCodeAt(pos + 1) - LOWER_A;
  if (!(nextFile >= 0 && nextFile < 10)) fail('ep-square', 4, pos + 1);
  if (nextFile !== file) fail('ep-path', 4, pos + 1);
  const nextRank = input.charCodeAt(pos + 2) - DIGIT_0;
  if (!(nextRank >= 0 && nextRank < 10)) fail('ep-square', 4, pos + 2);
  if (nextRank !== rank + step) fail('ep-path', 4, pos + 2);
  // No pawn step passes three squares.
  if (input.charCodeAt(pos + 3) === SLASH) fail('ep-path', 4, pos + 3);
  read.end = fieldEnd(input, pos + 3, 'ep-square', 4);
  const second = first + step * WIDTH;
  return step > 0 ? [first, second] : [second, first];
}

/** The role of a fool-identity character, `undefined` for none; fails on anything else. */
function identity(input: string, pos: number, strict: boolean): Role | undefined {
  const c = input.charCodeAt(pos);
  if (isNone(c, strict)) return undefined;
  // Upper case always; lower case (the letter carries no colour here) in default mode.
  const k = LETTERS.indexOf(input[pos] as string);
  if (k < 0 || (strict && k > 8) || pos >= input.length) fail('fool-identities', 6, pos);
  return ROLES[k % 9];
}

/**
 * Reads an OCPN record (Omega Chess Positional Notation: nine fields). Never throws, on any
 * input; reports the first fault from the left.
 *
 * @example
 * ```ts
 * import { INITIAL_OCPN, parseOcpn } from '@chess-formats/ocpn';
 * const read = parseOcpn(INITIAL_OCPN);
 * if (read.ok) console.log(read.value.board.geometry.name, read.value.turn); // → omega white
 * ```
 */
export function parseOcpn(input: string, options?: OcpnParseOptions): Result<OcpnPosition, OcpnError> {
  if (typeof input !== 'string') {
    return err({
      code: 'empty',
      field: 0,
      offset: 0,
      message: `expected OCPN text, found ${input === null ? 'null' : typeof input}`,
    });
  }
  const strict = options?.strict === true;
  const n = input.length;
  try {
    let pos = 0;
    while (pos < n && isSeparator(input.charCodeAt(pos))) pos++;
    if (strict && pos > 0) fail('whitespace', 0, 0);
    if (pos === n) fail('empty', 0, 0);
    const pieces: (Piece | undefined)[] = EMPTY_BOARD.slice();
    pos = readBoard(input, pos, pieces);
    let turn: Color = 'white';
    let castlingRooks = NO_SQUARES;
    let guarding = GUARDING_BY_RIGHTS[0] as ByColor<GuardingRights>;
    let epSquares = NO_SQUARES;
    let foolInHand = FOOLS_BY_BITS[0] as ByColor<boolean>;
    let lastMoved = NOBODY_MOVED;
    let halfmoves = 0;
    let fullmoves = 1;
    // Per parse, so that nothing is left behind between parses.
    const read: FieldEnd = { end: 0 };
    let field = 1;
    while (pos < n) {
      pos = fieldStart(input, pos, strict, field);
      if (pos === n) break;
      let c = input.charCodeAt(pos);
      switch (field) {
        case 1:
          if (c !== LOWER_W && c !== LOWER_B) fail('turn', 1, pos);
          if (c === LOWER_B) turn = 'black';
          pos = fieldEnd(input, pos + 1, 'turn', 1);
          break;
        case 2:
          castlingRooks = ROOKS_BY_RIGHTS[
            readLetters(input, pos, strict, 'KQkq', 'castling', 'castling-order', 2, read)
          ] as readonly Square[];
          pos = read.end;
          break;
        case 3:
          guarding = GUARDING_BY_RIGHTS[
            readLetters(input, pos, strict, 'KQkq', 'guarding', 'guarding-order', 3, read)
          ] as ByColor<GuardingRights>;
          pos = read.end;
          break;
        case 4:
          epSquares = readEnPassant(input, pos, strict, turn, read);
          pos = read.end;
          break;
        case 5:
          foolInHand = FOOLS_BY_BITS[
            readLetters(input, pos, strict, 'wb', 'fool-availability', 'fool-availability-order', 5, read)
          ] as ByColor<boolean>;
          pos = read.end;
          break;
        case 6:
          // A lone `-` reads as none for both players (default mode): the seed spec's prose
          // says "this is -" for a player who has not moved.
          if (!strict && isNone(c, false) && (pos + 1 === n || isSeparator(input.charCodeAt(pos + 1)))) pos++;
          else {
            lastMoved = { white: identity(input, pos, strict), black: identity(input, pos + 1, strict) };
            pos = fieldEnd(input, pos + 2, 'fool-identities', 6);
          }
          break;
        case 7:
        case 8: {
          const start = pos;
          const code = field === 7 ? 'halfmoves' : 'fullmoves';
          let value = 0;
          for (; pos < n && !isSeparator((c = input.charCodeAt(pos))); pos++) {
            if (c < DIGIT_0 || c > DIGIT_9 || (value = value * 10 + (c - DIGIT_0)) > MAX_COUNTER)
              fail(code, field as 7 | 8, pos);
          }
          // Strict: no leading zero, and no full-move number 0.
          if (strict && input.charCodeAt(start) === DIGIT_0 && (pos > start + 1 || field === 8))
            fail(code, field as 7 | 8, start);
          if (field === 7) halfmoves = value;
          else fullmoves = value || 1;
          break;
        }
        default:
          fail('extra-field', 9, pos);
      }
      field++;
    }
    if (field < 9) fail('missing-field', field as OcpnField, n);
    const position: OcpnPosition = {
      board: { geometry: OMEGA, pieces },
      turn,
      castlingRooks,
      epSquares,
      halfmoves,
      fullmoves,
      omegaAdvanced: { guarding, foolInHand, lastMoved },
    };
    return ok(position);
  } catch (thrown) {
    return faultError(thrown, input, EXPECTED, EXPECTED_IN_FIELD);
  }
}
