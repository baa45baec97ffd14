/**
 * ICC's wild numbers: what each one is played as here. ICC names the rules of a game by a
 * number (DG_GAME_STARTED's `wild-number`, formats2.txt DG 12; the `w23` of its seeks), and
 * describes each in its help pages (`help wild`, `help wild9`, `help wild17`; chessclub.com,
 * Tips: Playing "Wild" Chess Variants). The table gives each number either the key of the
 * variant of `VARIANTS` that plays it or the reason none does. Keys are strings resolved
 * through `variantByKey` when asked (`iccWildVariant`), so a number whose variant is not in
 * the list would be `unsupported-variant`, and a variant added later needs no edit here. Kept apart from the name tables so that a bundle that never reads
 * ICC wild numbers does not carry it.
 */
import { deepFreeze } from '../freeze.js';

/**
 * How this repository plays an ICC wild number: as the variant `key` names (`standard` for the
 * wilds that are chess from another start, their positions sent by the server), or not at all,
 * for the reason given.
 */
export type IccWild =
  | {
      /** ICC's wild number. */
      readonly wild: number;
      /** ICC's name for it, in short. */
      readonly name: string;
      /** The key of the variant that plays it (a key of `VARIANTS`, or of one still to be added). */
      readonly key: string;
      /** Castling is not allowed, whatever the start (wild 2, 3 and 4): a tracker gives the start no castling rights. */
      readonly noCastling?: true;
    }
  | {
      /** ICC's wild number. */
      readonly wild: number;
      /** ICC's name for it, in short. */
      readonly name: string;
      /** Why no variant here plays it. */
      readonly unsupported: string;
    };

const chess = (wild: number, name: string): IccWild => ({ wild, name, key: 'standard' });

/**
 * Every ICC wild number known (0 to 29), frozen, in order: each with the variant key that plays
 * it or the reason none does. The chess-from-a-position wilds are `standard`: ICC plays them
 * by the rules of chess from the start it sends (its help: "the rest are played under normal
 * chess rules, but with a different starting position"), and castling in the start the server
 * sends decides the rest (xboard's reading of the same numbers).
 */
export const ICC_WILDS: readonly IccWild[] = /* @__PURE__ */ deepFreeze([
  chess(0, 'Chess'),
  // A random back rank with the king on the d- or e-file, castling as in chess: FICS's wild/1.
  { wild: 1, name: 'Shuffle, king on d or e', key: 'wildCastle' },
  { wild: 2, name: 'Shuffle, mirrored', key: 'standard', noCastling: true },
  { wild: 3, name: 'Random pieces, mirrored', key: 'standard', noCastling: true },
  { wild: 4, name: 'Random pieces, bishops balanced', key: 'standard', noCastling: true },
  chess(5, 'Pawns on the seventh rank'),
  chess(6, 'Set-up position'),
  chess(7, 'King and three pawns'),
  chess(8, 'Pawns on the fourth rank'),
  {
    wild: 9,
    name: 'Two kings',
    unsupported:
      'each side has two kings and only the one nearer a1 can be mated (ICC help wild9); the rules here have one royal king',
  },
  chess(10, 'Pawn and move odds'),
  chess(11, 'Knight odds'),
  chess(12, 'Rook odds'),
  chess(13, 'Queen odds'),
  chess(14, 'Odds'),
  chess(15, 'Bishop and knight mate'),
  {
    wild: 16,
    name: 'Kriegspiel',
    unsupported: "each side sees only its own pieces and a referee judges the moves: a game's moves are hidden",
  },
  { wild: 17, name: 'Losers', key: 'losers' },
  chess(18, 'Power chess'),
  chess(19, 'KNN vs KP'),
  chess(20, 'Loaded game'),
  chess(21, 'Thematic'),
  { wild: 22, name: 'Fischer random', key: 'chess960' },
  { wild: 23, name: 'Crazyhouse', key: 'crazyhouse' },
  { wild: 24, name: 'Bughouse', key: 'bughouse' },
  { wild: 25, name: 'Three-check', key: 'threeCheck' },
  { wild: 26, name: 'Giveaway', key: 'antichess' },
  { wild: 27, name: 'Atomic', key: 'atomic' },
  {
    wild: 28,
    name: 'Shatranj',
    unsupported: "the medieval game's pieces (ferz, alfil) and rules: no piece here moves as they do",
  },
  {
    wild: 29,
    name: 'Random wild',
    unsupported: 'a wild chosen at random for each game: the number does not say which rules are played',
  },
] as IccWild[]);
