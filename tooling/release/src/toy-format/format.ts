import { setupMeaning, STANDARD, textSpans, type Setup, type TextFormat } from '@chess-formats/board-core';
import { parseToy, TOY_ERROR_CODES, writeToy, type ToyErrorCode } from './parse.js';

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
