import { piece } from '../piece.js';
import type { Setup } from '../setup.js';
import { STANDARD } from '../geometry.js';
import { STANDARD_RULES } from '../variant.js';
import type { Color } from '../vocabulary.js';
import { defineVariant, type VariantBoard, type Variant } from './types.js';

/** The eighth rank: squares 56 (a8) to 63 (h8). */
const GOAL = 56;
/** One rank, in squares of the 8x8 board. */
const RANK = 8;

/**
 * How the race stands before the side to move moves: the side that won it, `draw` when both
 * kings reached the goal, or undefined while it goes on. A king in the goal ends the game,
 * except that when White's got there first, Black (to move) has one move left to follow:
 * the game goes on while Black's king can step onto a goal square that holds no black piece
 * and that White does not attack (chessops' reading).
 */
function race(board: VariantBoard): Color | 'draw' | undefined {
  const white = board.kingSquare('white');
  const black = board.kingSquare('black');
  const whiteHome = white >= GOAL;
  const blackHome = black >= GOAL;
  if (!whiteHome && !blackHome) return undefined;
  if (whiteHome && !blackHome && board.turn() === 'black' && black >= GOAL - RANK) {
    const file = black & 7;
    for (let target = black + RANK - 1; target <= black + RANK + 1; target++) {
      if (Math.abs((target & 7) - file) > 1 || board.colorAt(target) === 'black') continue;
      if (!board.isAttackedBy(target, 'white', black)) return undefined;
    }
  }
  return whiteHome && blackHome ? 'draw' : whiteHome ? 'white' : 'black';
}

function winner(board: VariantBoard): Color | undefined {
  const result = race(board);
  return result === 'draw' ? undefined : result;
}

/** The start: both armies on the first two ranks, White's king on h2 and Black's on a2. */
function racingKingsStart(): Setup {
  const pieces = new Array<ReturnType<typeof piece> | undefined>(64).fill(undefined);
  const rows: readonly [string, number][] = [
    ['qrbnNBRQ', 0],
    ['krbnNBRK', RANK],
  ];
  for (const [row, offset] of rows) {
    for (let file = 0; file < row.length; file++) {
      const letter = row.charAt(file);
      const lower = letter.toLowerCase();
      const role =
        lower === 'q' ? 'queen' : lower === 'r' ? 'rook' : lower === 'b' ? 'bishop' : lower === 'n' ? 'knight' : 'king';
      pieces[offset + file] = piece(letter === lower ? 'black' : 'white', role);
    }
  }
  return {
    board: { geometry: STANDARD, pieces },
    turn: 'white',
    castlingRooks: [],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
    variant: 'racingKings',
  };
}

/**
 * Racing kings (lichess `racingKings`; its rules as chessops and python-chess implement them):
 * both armies start on the first two ranks, no move may give check to either side, and the
 * first king to reach the eighth rank wins; when White's arrives first, Black gets one more
 * move to arrive too, and then the game is drawn. No pawns, no castling, and no material is
 * insufficient. Nothing in a position says it is played, so a setup names it
 * (`variant: 'racingKings'`).
 */
export const racingKings: Variant<'racingKings'> = /* @__PURE__ */ defineVariant({
  key: 'racingKings',
  title: 'Racing Kings',
  names: { pgn: ['Racing Kings'], lichess: 'racingKings', fics: [] },
  rules: {
    spec: STANDARD_RULES,
    noChecks: true,
    winner,
    drawn: (board) => race(board) === 'draw',
    sanMarksWin: true,
    insufficientMaterial: () => false,
    prepare: (setup) => (setup.castlingRooks.length > 0 ? { ...setup, castlingRooks: [] } : setup),
  },
  start: racingKingsStart,
});
