import { STANDARD } from '../geometry.js';
import { piece, type Piece } from '../piece.js';
import type { Setup } from '../setup.js';
import { roleFromLetter } from '../vocabulary.js';
import { STANDARD_RULES } from '../variant.js';
import { defineVariant, type Variant, type VariantRules } from './types.js';

/** A start without castling from the board field of a FEN (a constant of this module, so trusted). */
function start(board: string): Setup {
  const pieces: (Piece | undefined)[] = new Array<Piece | undefined>(64).fill(undefined);
  board.split('/').forEach((row, index) => {
    let square = (7 - index) * 8;
    for (const letter of row) {
      const role = roleFromLetter(letter);
      if (role === undefined) square += Number(letter);
      else pieces[square++] = piece(letter === letter.toUpperCase() ? 'white' : 'black', role);
    }
  });
  return {
    board: { geometry: STANDARD, pieces },
    turn: 'white',
    castlingRooks: [],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
  };
}

const CHESS_ARMIES = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

/**
 * Chess's board rules with no hook, as an object of their own: a setup of these wilds plays
 * chess, but keeps its variant's name (`withVariant` names it), so that a game read from
 * `[Variant "wild/5"]` is written back under that name rather than as chess.
 */
const FROM_POSITION: VariantRules = /* @__PURE__ */ Object.freeze({ spec: STANDARD_RULES });

/**
 * The FICS wilds that are chess from another start (`help wild`; pychess' names and starts):
 * a PGN's `[Variant "wild/N"]` reads as chess from the game's position. Each is its own
 * descriptor so that a game is written back under its own name.
 */
function wild<const K extends 'wild2' | 'wild3' | 'wild4' | 'wild5' | 'wild8' | 'wild8a'>(
  key: K,
  name: string,
  title: string,
  board: string,
): Variant<K> {
  return defineVariant({
    key,
    title,
    names: { pgn: [name], fics: [name] },
    rules: FROM_POSITION,
    start: () => ({ ...start(board), variant: key }),
  });
}

/** FICS wild/2: the pieces of the first rank shuffled, Black's mirroring White's, no castling (the start given: chess's arrangement). */
export const wild2: Variant<'wild2'> = /* @__PURE__ */ wild('wild2', 'wild/2', 'Wild 2 (shuffle)', CHESS_ARMIES);
/** FICS wild/3: random pieces, the same for both sides, no castling (the start given: chess's arrangement). */
export const wild3: Variant<'wild3'> = /* @__PURE__ */ wild('wild3', 'wild/3', 'Wild 3 (random)', CHESS_ARMIES);
/** FICS wild/4: random pieces, unequal but of equal bishops' colours, no castling (the start given: chess's arrangement). */
export const wild4: Variant<'wild4'> = /* @__PURE__ */ wild(
  'wild4',
  'wild/4',
  'Wild 4 (asymmetric random)',
  CHESS_ARMIES,
);
/** FICS wild/5: upside down, White's pieces on the eighth rank and its pawns on the seventh. */
export const wild5: Variant<'wild5'> = /* @__PURE__ */ wild(
  'wild5',
  'wild/5',
  'Wild 5 (upside down)',
  'RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr',
);
/** FICS wild/8: pawns pushed, White's on the fourth rank and Black's on the fifth. */
export const wild8: Variant<'wild8'> = /* @__PURE__ */ wild(
  'wild8',
  'wild/8',
  'Wild 8 (pawns pushed)',
  'rnbqkbnr/8/8/pppppppp/PPPPPPPP/8/8/RNBQKBNR',
);
/** FICS wild/8a: pawns passed, White's on the fifth rank and Black's on the fourth. */
export const wild8a: Variant<'wild8a'> = /* @__PURE__ */ wild(
  'wild8a',
  'wild/8a',
  'Wild 8a (pawns passed)',
  'rnbqkbnr/8/8/PPPPPPPP/pppppppp/8/8/RNBQKBNR',
);
