import { deepFreeze } from '../freeze.js';
import { standardSetup, type Setup } from '../setup.js';
import { STANDARD_RULES, type RulesSpec } from '../variant.js';
import type { Color } from '../vocabulary.js';
import { defineVariant, type NoMoveEnd, type Variant } from './types.js';

/**
 * The board rules of the capture-compulsory games where the king is a plain piece
 * (antichess, FICS suicide): chess's board and pawns, and a pawn may also promote to a king
 * (`=K` in SAN). Castling is never generated, as no king is royal.
 */
export const ANTICHESS_RULES: RulesSpec = /* @__PURE__ */ deepFreeze({
  ...STANDARD_RULES,
  promotionRoles: ['queen', 'rook', 'bishop', 'knight', 'king'],
});

/** The pieces each side has on the board. */
export function piecesOf(setup: Setup): { readonly white: number; readonly black: number } {
  let white = 0;
  let black = 0;
  for (const p of setup.board.pieces) {
    if (p?.color === 'white') white++;
    else if (p) black++;
  }
  return { white, black };
}

/** Whether the square is a light one (a1 is dark). */
function isLight(square: number): boolean {
  return ((square & 7) + (square >> 3)) % 2 === 1;
}

/**
 * Whether `color` cannot win by giving its pieces away, by material, when only bishops are
 * left: it has a bishop on a shade where the other side has none, so that bishop can never
 * be taken (python-chess's reading for giveaway and suicide, kept by chessops).
 */
export function bishopsCannotBeTaken(setup: Setup, color: Color): boolean | undefined {
  let ownLight = false;
  let ownDark = false;
  let theirLight = false;
  let theirDark = false;
  const pieces = setup.board.pieces;
  for (let square = 0; square < pieces.length; square++) {
    const p = pieces[square];
    if (!p) continue;
    if (p.role !== 'bishop') return undefined;
    const light = isLight(square);
    if (p.color === color) {
      if (light) ownLight = true;
      else ownDark = true;
    } else if (light) theirLight = true;
    else theirDark = true;
  }
  return (ownLight && !theirLight) || (ownDark && !theirDark);
}

/**
 * chessops' reading of antichess material: a side with no pieces has won, so it is never
 * short of material; against a side with none it cannot win; bishops only, see
 * `bishopsCannotBeTaken`; a lone knight each, when the knights stand so that neither can
 * ever be taken by the other with `color` to move or not.
 */
function antichessInsufficient(setup: Setup, color: Color): boolean {
  const count = piecesOf(setup);
  const other: Color = color === 'white' ? 'black' : 'white';
  if (count[color] === 0) return false;
  if (count[other] === 0) return true;
  const bishops = bishopsCannotBeTaken(setup, color);
  if (bishops !== undefined) return bishops;
  if (count.white + count.black !== 2) return false;
  let whiteOnLight = false;
  let blackOnDark = false;
  const pieces = setup.board.pieces;
  for (let square = 0; square < pieces.length; square++) {
    const p = pieces[square];
    if (!p) continue;
    if (p.role !== 'knight') return false;
    if (p.color === 'white') whiteOnLight = isLight(square);
    else blackOnDark = !isLight(square);
  }
  return (whiteOnLight !== blackOnDark) !== (setup.turn === color);
}

/** The side to move has no legal move: in antichess it wins, whether it has no pieces left or is blocked. */
function antichessEnd(setup: Setup): NoMoveEnd {
  const left = piecesOf(setup)[setup.turn];
  return { reason: left === 0 ? 'piecesLost' : 'stalemate', winner: setup.turn };
}

/** The setup without castling rights: no king is royal, so nobody castles. */
export function withoutCastling(setup: Setup): Setup {
  return setup.castlingRooks.length === 0 ? setup : { ...setup, castlingRooks: [] };
}

/**
 * Antichess (lichess `antichess`; ICC wild 26, giveaway; python-chess's giveaway and
 * antichess boards): the king is a plain piece (no check, it may be captured, a pawn may
 * promote to one), a side that can capture must, and there is no castling. A side with no
 * pieces left, or with no legal move, wins. Nothing in a position says it is played, so a
 * setup names it (`variant: 'antichess'`).
 */
export const antichess: Variant<'antichess'> = /* @__PURE__ */ defineVariant({
  key: 'antichess',
  title: 'Antichess',
  names: {
    pgn: ['Antichess', 'Anti', 'Giveaway', 'Giveaway chess'],
    lichess: 'antichess',
    fics: [],
    icc: 26,
  },
  rules: {
    spec: ANTICHESS_RULES,
    plainKings: true,
    capturesCompulsory: true,
    noMoves: antichessEnd,
    insufficientMaterial: antichessInsufficient,
    prepare: withoutCastling,
  },
  start: () => ({ ...standardSetup(), castlingRooks: [], variant: 'antichess' }),
});
