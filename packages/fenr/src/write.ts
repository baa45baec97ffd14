import { FENR_COOLDOWN_MS, STANDARD, type Piece, type Setup } from '@chess-formats/board-core';
import { LETTERS, MAX_TIME_MS } from './parse.js';

function refuse(what: string): never {
  throw new TypeError(`not in FENr: ${what}`);
}

/** `ms` as the four digits of a marker; a value four digits cannot hold is refused, never clamped. */
function fourDigits(ms: number, what: string): string {
  if (!(Number.isInteger(ms) && ms >= 0 && ms <= 9999)) refuse(`${what} of ${ms} ms (0-9999)`);
  return String(ms + 10000).slice(1);
}

/** The index in LETTERS of each role of standard chess. */
const ROLE_INDEX: Readonly<Partial<Record<Piece['role'], number>>> = {
  pawn: 0,
  knight: 1,
  bishop: 2,
  rook: 3,
  queen: 4,
  king: 5,
};

/** The letter of a piece (a role of standard chess, not promoted). */
function letterOf(p: Piece): string {
  const k = ROLE_INDEX[p.role] ?? -1;
  if (k < 0 || p.promoted) refuse(p.promoted ? 'a promoted piece' : p.role);
  return LETTERS[p.color === 'white' ? k : k + 6] as string;
}

function timeOf(ms: number, what: string): number {
  return Number.isInteger(ms) && ms >= 0 && ms <= MAX_TIME_MS ? ms : refuse(`${what} of ${ms} ms`);
}

/**
 * The canonical FENr of a realtime setup: one space between fields; empty runs as digits;
 * a piece cooling down as `D` + letter + the milliseconds since it arrived; a piece in flight
 * as `M` + letter + origin + the milliseconds until it arrives, on its destination; castling
 * in the order `KQkq`, `-` for none; the en passant square or `-`; the milliseconds since the
 * last capture and since the start. The turn and the move counters are not part of FENr.
 *
 * Throws a `TypeError` for a setup FENr cannot express: no `realtime` clock or a cooldown other
 * than 10,000 ms; a geometry other than standard; a role other than P N B R Q K or a promoted
 * piece; a marker time outside 0-9999 ms; a flight from its own square or from no square;
 * castling rooks other than a1, h1, a8, h8; more than one en passant square or one not on rank
 * 3 or 6; a time that is negative, fractional or above `MAX_TIME_MS`.
 *
 * @example
 * ```ts
 * import { parseFenr, writeFenr } from '@chess-formats/fenr';
 * const read = parseFenr('4k3/8/8/8/8/8/8/DR50003K3 - - 1200 1200');
 * if (read.ok) console.log(writeFenr(read.value)); // → 4k3/8/8/8/8/8/8/DR50003K3 - - 1200 1200
 * ```
 */
export function writeFenr(setup: Setup): string {
  const { board, realtime } = setup;
  if (realtime === undefined) refuse('a setup without a realtime clock');
  if (realtime.cooldownMs !== FENR_COOLDOWN_MS) refuse(`a cooldown of ${realtime.cooldownMs} ms (10000)`);
  if (board.geometry.name !== 'standard') refuse(board.geometry.name);
  const now = timeOf(realtime.clockMs, 'a clock');
  const squares = board.pieces;
  let out = '';
  for (let rank = 56; rank >= 0; rank -= 8) {
    let empty = 0;
    for (let square = rank; square < rank + 8; square++) {
      const p = squares[square];
      if (p === undefined) {
        empty++;
        continue;
      }
      if (empty) out += empty;
      empty = 0;
      const state = p.realtime;
      if (state === undefined) out += letterOf(p);
      else if (state.kind === 'cooldown')
        out += `D${letterOf(p)}${fourDigits(now - state.arrivedAtMs, 'a delay marker')}`;
      else {
        const from = state.from;
        if (!(Number.isInteger(from) && from >= 0 && from < 64 && from !== square))
          refuse(`a flight from ${from} to ${square}`);
        out += `M${letterOf(p)}${STANDARD.squareNames[from]}${fourDigits(state.arrivesAtMs - now, 'a moving piece')}`;
      }
    }
    if (empty) out += empty;
    if (rank) out += '/';
  }
  let castling = '';
  const rooks = setup.castlingRooks;
  [7, 0, 63, 56].forEach((rook, k) => {
    if (rooks.includes(rook)) castling += 'KQkq'[k];
  });
  if (castling.length !== rooks.length) refuse(`castling rooks ${rooks.join(',')}`);
  const [ep, ...more] = setup.epSquares;
  if (
    ep !== undefined &&
    (more.length > 0 || !Number.isInteger(ep) || !((ep >= 16 && ep < 24) || (ep >= 40 && ep < 48)))
  )
    refuse(`en passant squares ${setup.epSquares.join(',')}`);
  return `${out} ${castling || '-'} ${ep === undefined ? '-' : STANDARD.squareNames[ep]} ${timeOf(realtime.sinceCaptureMs, 'a time since capture')} ${now}`;
}
