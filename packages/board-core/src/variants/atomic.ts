import type { Setup } from '../setup.js';
import { standardSetup } from '../setup.js';
import { STANDARD_RULES } from '../variant.js';
import { opposite, type Color } from '../vocabulary.js';
import { defineVariant, type VariantBoard, type Variant } from './types.js';

/** The side whose king still stands when the other's has exploded; White's loss first, as chessops asks. */
function survivor(board: VariantBoard): Color | undefined {
  if (board.kingSquare('white') < 0) return 'black';
  return board.kingSquare('black') < 0 ? 'white' : undefined;
}

/** Whether a square of the 8x8 board is dark (a1 is). */
function isDark(square: number): boolean {
  return ((square >> 3) + (square & 7)) % 2 === 0;
}

/**
 * Whether `color` cannot win atomic by material, as chessops reads it:
 * - never once the other king has exploded (the game is won already);
 * - a lone king cannot win;
 * - against a king with other pieces, a win is possible (an exploding capture next to that
 *   king), unless only bishops stand besides the kings and every white bishop shares a square
 *   colour with no black one, so that no bishop can ever capture another;
 * - against a lone king: a queen or a pawn (a future queen) can win; a single knight, bishop
 *   or rook cannot; knights alone need more than two.
 */
function atomicInsufficient(setup: Setup, color: Color): boolean {
  const { pieces } = setup.board;
  const other = opposite(color);
  let otherKing = false;
  let own = 0;
  let others = 0;
  let queensOrPawns = 0;
  let minorsAndRooks = 0;
  let knights = 0;
  let nonKnights = 0;
  let nonBishops = 0;
  const bishopShades = { white: [false, false], black: [false, false] };
  for (let square = 0; square < pieces.length; square++) {
    const p = pieces[square];
    if (!p) continue;
    if (p.role === 'king') {
      if (p.color === other) otherKing = true;
      continue;
    }
    if (p.color === color) own++;
    else others++;
    if (p.role === 'queen' || p.role === 'pawn') queensOrPawns++;
    else minorsAndRooks++;
    if (p.role === 'knight') knights++;
    else nonKnights++;
    if (p.role === 'bishop') bishopShades[p.color][isDark(square) ? 1 : 0] = true;
    else nonBishops++;
  }
  if (!otherKing) return false;
  if (own === 0) return true;
  if (others > 0) {
    if (nonBishops === 0) {
      // White's bishops all on light squares and Black's none on dark ones, or the reverse.
      if (!bishopShades.white[1]) return !bishopShades.black[0];
      if (!bishopShades.white[0]) return !bishopShades.black[1];
    }
    return false;
  }
  if (queensOrPawns > 0) return false;
  if (minorsAndRooks === 1) return true;
  if (nonKnights === 0) return knights <= 2;
  return false;
}

/**
 * Atomic chess (lichess `atomic`, FICS game type `atomic`, ICC wild 27; lichess' rules as
 * chessops and python-chess implement them): a capture explodes the capturing piece, the
 * captured one and every piece but a pawn on the eight squares around the capture square
 * (en passant: around the square the capturing pawn lands on). A king may not capture; a
 * move that explodes one's own king is illegal; exploding the other king wins at once, in
 * check or not; kings side by side give no check. Castling as in Chess960, so the atomic960
 * starts play too. Nothing in a position says it is played, so a setup names it
 * (`variant: 'atomic'`).
 */
export const atomic: Variant<'atomic'> = /* @__PURE__ */ defineVariant({
  key: 'atomic',
  title: 'Atomic',
  names: { pgn: ['Atomic', 'Atomic960'], lichess: 'atomic', fics: ['atomic'], icc: 27 },
  rules: {
    spec: STANDARD_RULES,
    explosions: true,
    winner: survivor,
    winReason: 'kingExploded',
    sanMarksWin: true,
    insufficientMaterial: atomicInsufficient,
  },
  start: () => ({ ...standardSetup(), variant: 'atomic' }),
});
