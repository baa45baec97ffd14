/** The two sides. */
export const COLORS = /* @__PURE__ */ Object.freeze(['white', 'black'] as const);
/** A side: `'white'` or `'black'`. */
export type Color = (typeof COLORS)[number];

/**
 * Every kind of piece the formats of this project can carry: the six of chess, Omega chess'
 * champion and wizard, and the fool of Omega chess advanced.
 */
export const ROLES = /* @__PURE__ */ Object.freeze([
  'pawn',
  'knight',
  'bishop',
  'rook',
  'queen',
  'king',
  'champion',
  'wizard',
  'fool',
] as const);
/** A kind of piece, one of `ROLES`. */
export type Role = (typeof ROLES)[number];

/** One value for each side. */
export type ByColor<T> = { readonly [C in Color]: T };
/** One value for each role. */
export type ByRole<T> = { readonly [R in Role]: T };

/** The letter of a role in FEN-like notations, lower case (white pieces are upper case). */
export const ROLE_LETTERS: ByRole<string> = /* @__PURE__ */ Object.freeze({
  pawn: 'p',
  knight: 'n',
  bishop: 'b',
  rook: 'r',
  queen: 'q',
  king: 'k',
  champion: 'c',
  wizard: 'w',
  fool: 'f',
});

/** The other side. */
export function opposite(color: Color): Color {
  return color === 'white' ? 'black' : 'white';
}

/** The role named by a letter of either case, or undefined. */
export function roleFromLetter(letter: string): Role | undefined {
  switch (letter.toLowerCase()) {
    case 'p':
      return 'pawn';
    case 'n':
      return 'knight';
    case 'b':
      return 'bishop';
    case 'r':
      return 'rook';
    case 'q':
      return 'queen';
    case 'k':
      return 'king';
    case 'c':
      return 'champion';
    case 'w':
      return 'wizard';
    case 'f':
      return 'fool';
    default:
      return undefined;
  }
}
