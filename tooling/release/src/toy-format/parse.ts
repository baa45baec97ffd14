import {
  err,
  ok,
  piece,
  pieceLetter,
  roleFromLetter,
  STANDARD,
  type FormatError,
  type Piece,
  type Result,
  type Setup,
} from '@chess-formats/board-core';

// The format CONTRIBUTING.md's recipe adds in its proof (format-recipe.test.ts), as small as a
// real one can be: its parser and writer here, its descriptor in format.ts.
// "Toy board": the 64 squares from a8 to h1, rank by rank, a letter for a piece (upper case
// White) and `.` for an empty square, a space, then `w` or `b` for the side to move.

/** The toy's error codes. */
export const TOY_ERROR_CODES = Object.freeze(['toy-board', 'toy-turn'] as const);
/** One of `TOY_ERROR_CODES`. */
export type ToyErrorCode = (typeof TOY_ERROR_CODES)[number];

const SQUARES = 64;
const FULL_STOP = 46;
const SPACE = 32;
const LOWER_W = 119;
const LOWER_B = 98;

const fail = (code: ToyErrorCode, field: number, offset: number, message: string) =>
  err({ code, field, offset, message } satisfies FormatError<ToyErrorCode>);

/** The square of the `index`th character of the board field: a8 first, h1 last (square 0 is a1). */
const squareOf = (index: number): number => (7 - Math.floor(index / 8)) * 8 + (index % 8);

/** Reads a toy board text: never throws, linear. */
export function parseToy(text: string): Result<Setup, FormatError<ToyErrorCode>> {
  if (typeof text !== 'string') return fail('toy-board', 0, 0, 'expected a text');
  const pieces = new Array<Piece | undefined>(SQUARES).fill(undefined);
  for (let i = 0; i < SQUARES; i++) {
    const code = text.charCodeAt(i);
    if (code === FULL_STOP) continue;
    const letter = text.charAt(i);
    const role = roleFromLetter(letter);
    if (role === undefined) return fail('toy-board', 0, Math.min(i, text.length), 'expected a piece letter or .');
    pieces[squareOf(i)] = piece(letter === letter.toUpperCase() ? 'white' : 'black', role);
  }
  const turn = text.charCodeAt(SQUARES + 1);
  if (text.charCodeAt(SQUARES) !== SPACE || (turn !== LOWER_W && turn !== LOWER_B) || text.length !== SQUARES + 2)
    return fail('toy-turn', 1, Math.min(SQUARES, text.length), 'expected a space, then w or b, then the end');
  return ok({
    board: { geometry: STANDARD, pieces },
    turn: turn === LOWER_W ? 'white' : 'black',
    castlingRooks: [],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
  });
}

/** Writes a setup as a toy board text. */
export function writeToy(setup: Setup): string {
  let text = '';
  for (let i = 0; i < SQUARES; i++) {
    const piece = setup.board.pieces[squareOf(i)];
    text += piece ? pieceLetter(piece) : '.';
  }
  return `${text} ${setup.turn === 'white' ? 'w' : 'b'}`;
}
