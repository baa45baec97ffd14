import {
  ROLES,
  emptyPocket,
  ok,
  roleFromLetter,
  type ByColor,
  type Color,
  type Pocket,
  type Result,
  type Role,
} from '@chess-formats/board-core';
import { LEFT_BRACKET, RIGHT_BRACKET } from '@chess-formats/board-core/internal';
import type { Style12Error } from './errors.js';
import { holdingsToJson } from './json.js';
import { beginLine, caught, fail, readInt, readWord, type Line, type Style12ParseOptions } from './parse.js';

/**
 * A `<b1>` line: the pieces each side holds in a crazyhouse or bughouse game, and, in the
 * short form sent when bughouse partners pass a piece (`... <- BN`), the piece passed and the
 * side that received it.
 */
export interface Holdings {
  /** The server's number for the game. */
  readonly gameNumber: number;
  /** The pieces each side holds. */
  readonly pockets: ByColor<Pocket>;
  /**
   * The piece just passed by a bughouse partner and the side that received it; `undefined` in
   * the long form.
   */
  readonly passed: { readonly color: Color; readonly role: Role } | undefined;
}

// Token indexes: 0 `<b1>`, 1 `game`, 2 the number, 3 `white`, 4 `[...]`, 5 `black`, 6 `[...]`, 7 `<-`, 8 the piece.
function keyword(line: Line, field: number, word: string): void {
  const at = line.at + 1;
  if (readWord(line, field) !== word) fail('holdings', field, at, word);
}

/** Reads the letters of `[...]` into a pocket. Servers write both sides' pieces in upper case. */
function pocketOf(token: string, field: number, at: number): Pocket {
  if (
    token.charCodeAt(0) !== LEFT_BRACKET ||
    token.charCodeAt(token.length - 1) !== RIGHT_BRACKET ||
    token.length < 2
  ) {
    fail('holdings', field, token.charCodeAt(0) !== LEFT_BRACKET ? at : at + token.length, '[pieces]');
  }
  const pocket: { -readonly [R in Role]: number } = emptyPocket();
  for (let k = 1; k < token.length - 1; k++) {
    const role = roleFromLetter(token.charAt(k));
    if (role === undefined || ROLES.indexOf(role) > 5 || token.charAt(k) !== token.charAt(k).toUpperCase()) {
      fail('holdings', field, at + k, 'PNBRQK');
    }
    pocket[role]++;
  }
  return pocket;
}

/**
 * Reads a `<b1>` line, `<b1> game 6 white [PNBBB] black [PNB]` or `<b1> game 52 white [NB]
 * black [N] <- BN`. Never throws; errors are those of {@link parseStyle12}, code `holdings` for
 * the parts peculiar to this line.
 */
export function parseHoldings(
  input: string,
  options?: Pick<Style12ParseOptions, 'maxLength'>,
): Result<Holdings, Style12Error> {
  const line: Line = { text: input, end: 0, at: 0 };
  try {
    beginLine(line, '<b1>', options?.maxLength);
    keyword(line, 1, 'game');
    const gameNumber = readInt(line, 2);
    const pockets: { white?: Pocket; black?: Pocket } = {};
    for (const [field, color] of [
      [3, 'white'],
      [5, 'black'],
    ] as const) {
      keyword(line, field, color);
      const at = line.at + 1;
      pockets[color] = pocketOf(readWord(line, field + 1), field + 1, at);
    }
    let passed: Holdings['passed'];
    if (line.at < line.end) {
      keyword(line, 7, '<-');
      const at = line.at + 1;
      const token = readWord(line, 8);
      const color = token.charAt(0) === 'W' ? 'white' : token.charAt(0) === 'B' ? 'black' : undefined;
      const role = roleFromLetter(token.charAt(1));
      if (color === undefined) fail('holdings', 8, at, 'W or B');
      if (role === undefined || ROLES.indexOf(role) > 5) fail('holdings', 8, at + 1, 'PNBRQK');
      if (token.length > 2) fail('holdings', 8, at + 2, 'the end of the line');
      passed = { color, role };
      if (line.at < line.end) fail('holdings', 9, line.at, 'the end of the line');
    }
    return ok({ gameNumber, pockets: pockets as ByColor<Pocket>, passed });
  } catch (e) {
    return caught(e, line);
  }
}

/** Writes a `<b1>` line, pieces in the order servers use: P N B R Q K. */
export function writeHoldings(holdings: Holdings): string {
  const json = holdingsToJson(holdings);
  const tail = json.passed === null ? '' : ` <- ${json.passed}`;
  return `<b1> game ${String(json.gameNumber)} white [${json.white}] black [${json.black}]${tail}`;
}
