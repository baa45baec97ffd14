import { deepFreeze } from '../freeze.js';
import { standardBoard } from '../board.js';
import { piece } from '../piece.js';
import type { Setup } from '../setup.js';
import { STANDARD_RULES, type RulesSpec } from '../variant.js';
import { opposite, type Color } from '../vocabulary.js';
import { defineVariant, type NoMoveEnd, type Variant } from './types.js';

/** Chess's board rules, and a pawn on its first rank steps as from its start rank (no en passant after). */
export const HORDE_RULES: RulesSpec = /* @__PURE__ */ deepFreeze({ ...STANDARD_RULES, pawnStepsFromFirstRank: true });

/** One side's material on the board, bishops by the shade of their square. */
interface Material {
  pawn: number;
  knight: number;
  rook: number;
  queen: number;
  king: number;
  light: number;
  dark: number;
  /** Every piece, kings included. */
  total: number;
}

function materialOf(setup: Setup, color: Color): Material {
  const m: Material = { pawn: 0, knight: 0, rook: 0, queen: 0, king: 0, light: 0, dark: 0, total: 0 };
  const pieces = setup.board.pieces;
  for (let square = 0; square < pieces.length; square++) {
    const p = pieces[square];
    if (p?.color !== color) continue;
    m.total++;
    if (p.role === 'bishop') {
      if (((square & 7) + (square >> 3)) % 2 === 1) m.light++;
      else m.dark++;
    } else if (p.role !== 'champion' && p.role !== 'wizard' && p.role !== 'fool') m[p.role]++;
  }
  return m;
}

/**
 * Whether the horde (`h`, a side without a king) can no longer mate the king's side (`o`), by
 * material: chessops' reading (after Stephen Papazis' horde insufficient-material tests), in
 * our own words. Each case names the smallest mating net the other side's own pieces could
 * still build round its king; where none exists, the horde cannot win.
 */
function hordeCannotMate(h: Material, o: Material): boolean {
  const bishops = h.light + h.dark;
  // The shade of the horde's bishops (light when it has any there), and the other one.
  const shade: 'light' | 'dark' = h.light >= 1 ? 'light' : 'dark';
  const otherShade: 'light' | 'dark' = shade === 'light' ? 'dark' : 'light';
  const units = h.pawn + h.knight + h.rook + h.queen + Math.min(h.dark, 2) + Math.min(h.light, 2);
  const pair = h.light >= 1 && h.dark >= 1;
  const theirBishops = o.light + o.dark;
  if (units === 0) return true;
  if (units >= 4) return false;
  // A pawn (a future queen) or a queen with any other unit mates.
  if ((h.pawn >= 1 || h.queen >= 1) && units >= 2) return false;
  // A rook with another unit mates, except rook and bishop against a king whose only helpers
  // are bishops of the horde bishop's shade.
  if (h.rook >= 1 && units >= 2 && !(units === 2 && h.rook === 1 && bishops === 1 && o.total - o[shade] === 1))
    return false;
  if (units === 1) {
    if (o.total === 1) return true;
    if (h.queen === 1) return !(o.pawn >= 1 || o.rook >= 1 || o.light >= 2 || o.dark >= 2);
    if (h.pawn === 1) {
      // It promotes: to a queen or a knight, whichever could mate.
      const promoted = { ...h, pawn: 0 };
      return hordeCannotMate({ ...promoted, queen: 1 }, o) && hordeCannotMate({ ...promoted, knight: 1 }, o);
    }
    if (h.rook === 1)
      return !(
        o.pawn >= 2 ||
        (o.rook >= 1 && o.pawn >= 1) ||
        (o.rook >= 1 && o.knight >= 1) ||
        (o.pawn >= 1 && o.knight >= 1)
      );
    if (bishops === 1) return !(o[otherShade] >= 2 || (o[otherShade] >= 1 && o.pawn >= 1) || o.pawn >= 2);
    if (h.knight === 1) {
      const helpers =
        o.knight >= 2 ||
        o.pawn >= 2 ||
        (o.rook >= 1 && o.knight >= 1) ||
        (o.rook >= 1 && theirBishops >= 1) ||
        (o.knight >= 1 && theirBishops >= 1) ||
        (o.rook >= 1 && o.pawn >= 1) ||
        (o.knight >= 1 && o.pawn >= 1) ||
        (theirBishops >= 1 && o.pawn >= 1) ||
        (o.light >= 1 && o.dark >= 1 && o.pawn >= 1);
      return !(
        o.total >= 4 &&
        helpers &&
        (o.dark < 2 || o.total - o.dark >= 3) &&
        (o.light < 2 || o.total - o.light >= 3)
      );
    }
  } else if (units === 2) {
    if (o.total === 1) return true;
    if (h.knight === 2) return o.pawn + theirBishops + o.knight < 1;
    if (pair) return !(o.pawn >= 1 || theirBishops >= 1 || (o.knight >= 1 && o.rook + o.queen >= 1));
    if (bishops >= 1 && h.knight >= 1) return !(o.pawn >= 1 || o[otherShade] >= 1 || o.total - o[shade] >= 3);
    // Two bishops on one shade.
    return !(
      (o.pawn >= 1 && o[otherShade] >= 1) ||
      (o.pawn >= 1 && o.knight >= 1) ||
      (o[otherShade] >= 1 && o.knight >= 1) ||
      o[otherShade] >= 2 ||
      o.knight >= 2 ||
      o.pawn >= 2
    );
  } else if (units === 3) {
    if ((h.knight === 2 && bishops === 1) || h.knight === 3 || pair) return false;
    // Two bishops of one shade and a knight mate only when the king's side has a piece to move.
    return o.total === 1;
  }
  return true;
}

/** Horde material: the side with a king can always take the whole horde; the horde as `hordeCannotMate`. */
function hordeInsufficient(setup: Setup, color: Color): boolean {
  const own = materialOf(setup, color);
  if (own.king > 0) return false;
  return hordeCannotMate(own, materialOf(setup, opposite(color)));
}

/** No legal move: a side with no pieces left has lost them all; else chess's checkmate or stalemate. */
function hordeEnd(setup: Setup, inCheck: boolean): NoMoveEnd {
  const winner = opposite(setup.turn);
  if (!setup.board.pieces.some((p) => p?.color === setup.turn)) return { reason: 'piecesLost', winner };
  return inCheck ? { reason: 'checkmate', winner } : { reason: 'stalemate' };
}

/** The horde start (lichess): 36 white pawns on ranks 1 to 4 and b5, c5, f5, g5; Black as in chess. */
function hordeStart(): Setup {
  const pieces = standardBoard().pieces.slice();
  for (let square = 0; square < 32; square++) pieces[square] = piece('white', 'pawn');
  for (const file of [1, 2, 5, 6]) pieces[32 + file] = piece('white', 'pawn');
  return {
    board: { ...standardBoard(), pieces },
    turn: 'white',
    castlingRooks: [56, 63],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
    variant: 'horde',
  };
}

/**
 * Horde (lichess `horde`; python-chess's and chessops' horde): White has 36 pawns and no
 * king, and its pawns on the first rank may make the long first step (which leaves no en
 * passant square). Black wins by taking every white piece, White by mating. Nothing in a
 * position says it is played, so a setup names it (`variant: 'horde'`).
 */
export const horde: Variant<'horde'> = /* @__PURE__ */ defineVariant({
  key: 'horde',
  title: 'Horde',
  names: { pgn: ['Horde', 'Horde chess'], lichess: 'horde', fics: [] },
  rules: { spec: HORDE_RULES, noMoves: hordeEnd, insufficientMaterial: hordeInsufficient },
  start: hordeStart,
});
