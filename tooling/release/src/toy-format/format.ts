import {
  err,
  ok,
  piece,
  pieceLetter,
  roleFromLetter,
  setupMeaning,
  textSpans,
  STANDARD,
  type FormatError,
  type Piece,
  type Result,
  type Setup,
  type TextFormat,
} from '@chess-formats/board-core';

// The format CONTRIBUTING.md's recipe adds in its proof (format-recipe.test.ts): what a format
// package's `src/format.ts` holds, parser and writer included, as small as a real one can be.
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

/** The toy board as one text format. */
export const toyFormat: TextFormat<Setup, ToyErrorCode> = Object.freeze({
  kind: 'text',
  name: 'toy',
  title: 'Toy board',
  example: 'rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR w',
  parse: parseToy,
  write: writeToy,
  detect(text: string): number {
    if (typeof text !== 'string') return 0;
    if (parseToy(text).ok) return 0.95;
    // A first token of 56 to 72 letters and dots (no digit, no slash): a toy board, however broken.
    return /^[A-Za-z.]{56,72}(?:[ \t]|$)/.test(text) && text.includes('.') ? 0.6 : 0;
  },
  errorCodes: TOY_ERROR_CODES,
  fields: Object.freeze(['board', 'side to move']),
  spans: (text: string, value?: Setup) =>
    textSpans(
      text,
      value,
      parseToy,
      2,
      (_token, index) => index,
      (field, setup) => setupMeaning(setup, field === 0 ? 'placement' : 'turn'),
    ),
  setupOf: (setup: Setup): Setup => setup,
  fromSetup(setup: Setup): Setup {
    // The toy holds an 8x8 board and the side to move, nothing else: what else the setup says is dropped.
    if (setup.board.geometry !== STANDARD) throw new TypeError(`a ${setup.board.geometry.name} board`);
    if (setup.pockets) throw new TypeError('pockets');
    return { board: setup.board, turn: setup.turn, castlingRooks: [], epSquares: [], halfmoves: 0, fullmoves: 1 };
  },
});
