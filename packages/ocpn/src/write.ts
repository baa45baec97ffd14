import {
  MAX_COUNTER,
  OMEGA,
  ROLES,
  type Board,
  type OmegaAdvancedState,
  type Piece,
  type Role,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import { LETTERS, RIGHT_ROOKS, WIZARD_SQUARES } from './parse.js';

/** The Omega chess start position, as the seed spec prints it. */
export const INITIAL_OCPN = 'WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w KQkq KQkq - wb -- 0 1';

/** The character for a run of 1-10 empty squares (index: the count). */
const RUN = '0123456789A';

/** The cells of OMEGA's grid that are not squares: a piece there has no name to be written. */
const HOLES: readonly number[] = /* @__PURE__ */ OMEGA.squareNames.flatMap((name, cell) => (name === '' ? [cell] : []));

function refuse(what: unknown): never {
  throw new TypeError(`not in OCPN: ${JSON.stringify(what) ?? String(what)}`);
}

function inRange(value: number, min: number, max: number): number {
  return Number.isInteger(value) && value >= min && value <= max ? value : refuse(value);
}

/** The letter of a piece; OCPN has no promoted marker and knows no other piece. */
function letterOf(p: Piece): string {
  const k = ROLES.indexOf(p.role);
  if (k < 0 || p.promoted || (p.color !== 'white' && p.color !== 'black')) refuse(p);
  return LETTERS[p.color === 'white' ? k : k + 9] as string;
}

/** The squares in order, empty runs as counts. */
function squaresText(pieces: readonly (Piece | undefined)[], squares: readonly Square[]): string {
  let out = '';
  let empty = 0;
  // Runs of one piece (pawns, mostly) look their letter up once.
  let last: Piece | undefined;
  let letter = '';
  for (let i = 0; i < squares.length; i++) {
    const p = pieces[squares[i] as Square];
    if (p === undefined) empty++;
    else {
      if (p !== last) letter = letterOf((last = p));
      out += empty > 0 ? RUN[empty] + letter : letter;
      empty = 0;
    }
  }
  return empty > 0 ? out + RUN[empty] : out;
}

/** The squares of each rank from rank 9 down to rank 0, a to j (grid rows 10 to 1). */
const RANKS: readonly (readonly Square[])[] = /* @__PURE__ */ Array.from({ length: 10 }, (_, k) =>
  Array.from({ length: 10 }, (_file, x) => (10 - k) * 12 + x + 1),
);

/** The placement field: the wizard squares W1-W4, then rank 9 down to rank 0. */
function boardText(board: Board): string {
  if (board.geometry.name !== 'omega' || board.pieces.length !== 144) refuse(board.geometry.name);
  const pieces = board.pieces;
  for (const cell of HOLES) if (pieces[cell] !== undefined) refuse(`a piece on hole ${cell}`);
  let out = squaresText(pieces, WIZARD_SQUARES);
  for (const rank of RANKS) out += `/${squaresText(pieces, rank)}`;
  return out;
}

/** Letters of `KQkq` for set flags, in that order; `-` when none is set. */
function flags(set: readonly boolean[]): string {
  let out = '';
  set.forEach((on, k) => {
    if (on) out += 'KQkq'[k];
  });
  return out || '-';
}

function castlingText(castlingRooks: readonly Square[]): string {
  const set = [false, false, false, false];
  let previous = -1;
  for (const rook of castlingRooks) {
    const k = RIGHT_ROOKS.indexOf(rook);
    // Rights are ascending squares, and only the four rook squares of the start position.
    if (k < 0 || !(rook > previous)) refuse(castlingRooks);
    previous = rook;
    set[k] = true;
  }
  return flags(set);
}

/** The squares passed by the last long pawn step, in the order it passed them. */
function enPassantText(setup: Setup): string {
  const squares = setup.epSquares;
  if (squares.length === 0) return '-';
  const white = setup.turn === 'white';
  // Black's pawn (White to move) passed the higher square first.
  const first = squares[white ? squares.length - 1 : 0] as Square;
  const second = squares[white ? 0 : 1];
  const file = (first % 12) - 1;
  if (
    squares.length > 2 ||
    !Number.isInteger(first) ||
    file < 0 ||
    file > 9 ||
    Math.floor(first / 12) !== (white ? 8 : 3)
  ) {
    refuse(squares);
  }
  // Both are squares of the board now, so they have names.
  const names = OMEGA.squareNames;
  if (squares.length === 1) return names[first] as string;
  if (second !== first + (white ? -12 : 12)) refuse(squares);
  return `${names[first]}/${names[second]}`;
}

function identityText(role: Role | undefined): string {
  if (role === undefined) return '-';
  const k = ROLES.indexOf(role);
  return k < 0 ? refuse(role) : (LETTERS[k] as string);
}

/** The Advanced state of a plain Omega chess setup: no guarding right, no fool in hand, nobody's last move. */
const PLAIN_OMEGA: OmegaAdvancedState = {
  guarding: { white: { kingSide: false, queenSide: false }, black: { kingSide: false, queenSide: false } },
  foolInHand: { white: false, black: false },
  lastMoved: { white: undefined, black: undefined },
};

/**
 * Canonical OCPN of a setup; throws `TypeError` for one OCPN cannot express (another
 * geometry, pockets, three-check counters, a realtime clock, promoted pieces, castling rights
 * other than the rooks' start squares, en passant squares no pawn step leaves, counters out
 * of range). A setup without the Omega Chess Advanced state (plain Omega chess) is written
 * with none of it: `-` guarding, `-` fools, `--` identities.
 *
 * @example
 * ```ts
 * import { INITIAL_OCPN, parseOcpn, writeOcpn } from '@chess-formats/ocpn';
 * const read = parseOcpn(INITIAL_OCPN);
 * if (read.ok) console.log(writeOcpn(read.value) === INITIAL_OCPN); // → true
 * ```
 */
export function writeOcpn(setup: Setup): string {
  const { guarding, foolInHand, lastMoved } = setup.omegaAdvanced ?? PLAIN_OMEGA;
  if (setup.pockets || setup.remainingChecks || setup.realtime) refuse('pockets, check counters or a realtime clock');
  const fools = (foolInHand.white ? 'w' : '') + (foolInHand.black ? 'b' : '');
  return `${boardText(setup.board)} ${setup.turn === 'white' ? 'w' : setup.turn === 'black' ? 'b' : refuse(setup.turn)} ${castlingText(
    setup.castlingRooks,
  )} ${flags([guarding.white.kingSide, guarding.white.queenSide, guarding.black.kingSide, guarding.black.queenSide])} ${enPassantText(
    setup,
  )} ${fools || '-'} ${identityText(lastMoved.white)}${identityText(lastMoved.black)} ${inRange(setup.halfmoves, 0, MAX_COUNTER)} ${inRange(
    setup.fullmoves,
    1,
    MAX_COUNTER,
  )}`;
}
