import { standardSetup, type Setup } from '../setup.js';
import { STANDARD_RULES } from '../variant.js';
import type { Color } from '../vocabulary.js';
import { defineVariant, type NoMoveEnd, type VariantBoard, type Variant } from './types.js';

/** Whether `color` has nothing left but its king. */
function onlyKing(board: VariantBoard, color: Color): boolean {
  return board.kingSquare(color) >= 0 && board.pieceCount(color) === 1;
}

/**
 * The side left with its king alone, which has won; White first (a capture leaves one side
 * so, and the side that made it keeps the piece that made it).
 */
function loneKing(board: VariantBoard): Color | undefined {
  if (onlyKing(board, 'white')) return 'white';
  return onlyKing(board, 'black') ? 'black' : undefined;
}

/** No legal move: the side checkmated or stalemated has won. */
function losersEnd(setup: Setup, inCheck: boolean): NoMoveEnd {
  return { reason: inCheck ? 'checkmate' : 'stalemate', winner: setup.turn };
}

/**
 * Losers (FICS game type `losers`, `help losers`; ICC wild 17, its news item 638): chess,
 * with check and castling, but a side that can capture must (any legal capture, when in
 * check too), and a side wins when it has lost every piece but its king, or when it is
 * checkmated or stalemated. No material is insufficient: a king takes too, and a capture can
 * be forced on a side, so we never call a position dead by material (no peer reads losers).
 * Nothing in a position says it is played, so a setup names it (`variant: 'losers'`).
 */
export const losers: Variant<'losers'> = /* @__PURE__ */ defineVariant({
  key: 'losers',
  title: 'Losers',
  names: { pgn: ['Losers', 'Losers chess', "Loser's chess"], fics: ['losers'], icc: 17 },
  rules: {
    spec: STANDARD_RULES,
    capturesCompulsory: true,
    winner: loneKing,
    winReason: 'piecesLost',
    noMoves: losersEnd,
    insufficientMaterial: () => false,
  },
  start: () => ({ ...standardSetup(), variant: 'losers' }),
});
