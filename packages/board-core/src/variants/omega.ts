import { OMEGA, squareAt } from '../geometry.js';
import { piece, type Piece } from '../piece.js';
import type { Setup } from '../setup.js';
import { OMEGA_RULES } from '../variant.js';
import type { Role } from '../vocabulary.js';
import { defineVariant, type Variant } from './types.js';

const BACK_RANK: readonly Role[] = [
  'champion',
  'rook',
  'knight',
  'bishop',
  'queen',
  'king',
  'bishop',
  'knight',
  'rook',
  'champion',
];

/**
 * The start of Omega chess (omegachess.com/rules): champions in the corners of the 10x10
 * field, the chess pieces between them, ten pawns in front, each side's wizards on the two
 * wizard squares behind its own corners; all four rooks may castle.
 */
function omegaStart(): Setup {
  const { width, height, fieldFiles, fieldRanks, squareNames } = OMEGA;
  const pieces: (Piece | undefined)[] = new Array<Piece | undefined>(width * height).fill(undefined);
  const at = (file: number, rank: number): number =>
    squareAt(OMEGA, fieldFiles[file] as number, fieldRanks[rank] as number) as number;
  BACK_RANK.forEach((role, file) => {
    pieces[at(file, 0)] = piece('white', role);
    pieces[at(file, 1)] = piece('white', 'pawn');
    pieces[at(file, 8)] = piece('black', 'pawn');
    pieces[at(file, 9)] = piece('black', role);
  });
  for (const [name, color] of [
    ['w1', 'white'],
    ['w2', 'white'],
    ['w3', 'black'],
    ['w4', 'black'],
  ] as const)
    pieces[squareNames.indexOf(name)] = piece(color, 'wizard');
  return {
    board: { geometry: OMEGA, pieces },
    turn: 'white',
    castlingRooks: [at(1, 0), at(8, 0), at(1, 9), at(8, 9)],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
  };
}

/**
 * Omega chess (omegachess.com/rules): the 10x10 field with four wizard squares, champions and
 * wizards, pawns that step up to three squares first. Played on its own board, so an unnamed
 * setup on the Omega board is Omega chess. Its notation is OCPN; no server plays it.
 */
export const omega: Variant<'omega'> = /* @__PURE__ */ defineVariant({
  key: 'omega',
  title: 'Omega',
  names: { pgn: ['Omega', 'Omega Chess'], fics: [] },
  rules: { spec: OMEGA_RULES },
  shownBy: { board: 'omega' },
  start: omegaStart,
});
