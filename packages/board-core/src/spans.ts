import type { FieldSpan } from './format.js';
import { squareName } from './geometry.js';
import type { Result } from './result.js';
import type { Setup } from './setup.js';

/*
 * What the text formats' descriptors need for `spans`: where the blank-separated tokens of a
 * record stand, and what the fields every FEN-like notation shares say about a setup. The
 * parser has read the value already; the spans only place its fields in the text, so no
 * format states its grammar twice.
 */

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;

/** Space, tab, LF or CR: what separates the fields of most records. */
const isBlank = (code: number): boolean => code === SPACE || code === TAB || code === LF || code === CR;

/**
 * Start and end (exclusive) of each of the first `limit` tokens of `text` separated by blanks
 * (space, tab, LF, CR; or the char codes `isSplit` names, such as `isSeparator` for the
 * formats that also take FEN's `_`), runs of them as one. One pass that stops after `limit` tokens.
 */
export function blankSpans(
  text: string,
  limit: number,
  isSplit: (code: number) => boolean = isBlank,
): [start: number, end: number][] {
  const spans: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= text.length && spans.length < limit; i++) {
    const blank = i === text.length || isSplit(text.charCodeAt(i));
    if (blank && start >= 0) {
      spans.push([start, i]);
      start = -1;
    } else if (!blank && start < 0) start = i;
  }
  return spans;
}

/**
 * A token-per-field format's `spans`: the first `limit` tokens of `text` (`blankSpans`, split
 * where `isSplit` says, by default on blanks),
 * each placed in the field `fieldOf` names (called in order, so it may keep state across a
 * text's tokens), its meaning `meaningOf` that field of the value. The value is `value`, else
 * `parse(text)`'s; when there is none the meanings are empty. Never throws: anything thrown
 * (a value that is not the format's) gives no spans.
 */
export function textSpans<Value>(
  text: string,
  value: Value | undefined,
  parse: (text: string) => Result<Value, unknown>,
  limit: number,
  fieldOf: (token: string, index: number) => number,
  meaningOf: (field: number, value: Value, token: string) => string,
  isSplit?: (code: number) => boolean,
): FieldSpan[] {
  try {
    if (typeof text !== 'string') return [];
    let read = value;
    if (read === undefined) {
      const parsed = parse(text);
      if (parsed.ok) read = parsed.value;
    }
    return blankSpans(text, limit, isSplit).map(([start, end], index) => {
      const token = text.slice(start, end);
      const field = fieldOf(token, index);
      return { field, start, end, meaning: read === undefined ? '' : meaningOf(field, read, token) };
    });
  } catch {
    return [];
  }
}

/** The fields a setup fills in the FEN-like notations, as `setupMeaning` names them. */
export type SetupTopic = 'placement' | 'turn' | 'castling' | 'en passant' | 'halfmoves' | 'fullmoves' | 'checks';

/** The squares' names in the setup's geometry, space-separated. */
const squares = (setup: Setup, list: readonly number[]): string =>
  list.map((square) => squareName(setup.board.geometry, square)).join(' ');

/**
 * What a setup says in one of the fields the FEN-like notations share, in short English
 * (`White to move`, `castling: h1 a1 h8 a8`, `no en passant`): the meaning of that field in
 * a descriptor's `spans`.
 */
export function setupMeaning(setup: Setup, topic: SetupTopic): string {
  switch (topic) {
    case 'placement': {
      const inHand = setup.pockets
        ? Object.values(setup.pockets.white).reduce((a, b) => a + b, 0) +
          Object.values(setup.pockets.black).reduce((a, b) => a + b, 0)
        : 0;
      return `${setup.board.pieces.filter(Boolean).length} pieces${setup.pockets ? `, ${inHand} in hand` : ''}`;
    }
    case 'turn':
      return setup.turn === 'white' ? 'White to move' : 'Black to move';
    case 'castling':
      return setup.castlingRooks.length ? `castling: ${squares(setup, setup.castlingRooks)}` : 'no castling';
    case 'en passant':
      return setup.epSquares.length ? `en passant: ${squares(setup, setup.epSquares)}` : 'no en passant';
    case 'halfmoves':
      return `${setup.halfmoves} half-moves since a capture or pawn move`;
    case 'fullmoves':
      return `move ${setup.fullmoves}`;
    case 'checks': {
      const checks = setup.remainingChecks;
      return checks ? `checks to give: White ${checks.white}, Black ${checks.black}` : 'no check counters';
    }
  }
}
