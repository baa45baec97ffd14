import { pieceLetter, type Color, type Setup } from '@chess-formats/board-core';
import { backRankKing } from './parse.js';
import type { Style12 } from './record.js';

/** The eight rank tokens, rank 8 first, `-` for an empty square. */
function boardTokens(setup: Setup): string {
  const { geometry, pieces } = setup.board;
  if (geometry.width !== 8 || geometry.height !== 8)
    throw new TypeError(`style 12 holds an 8x8 board, not ${geometry.name}`);
  let out = '';
  for (let rank = 7; rank >= 0; rank--) {
    out += ' ';
    for (let square = rank * 8; square < rank * 8 + 8; square++) {
      const p = pieces[square];
      out += p === undefined ? '-' : pieceLetter(p);
    }
  }
  return out;
}

/**
 * The four castling flags (White short, White long, Black short, Black long) of a setup's
 * castling rooks: a rook on the h-side of its colour's back-rank king is short, on the a-side
 * long; with the king on the corner itself or no king on the back rank, the h-file (no king:
 * files e-h) is short. The inverse of how the parser maps flags to rooks.
 */
export function castlingFlags(setup: Setup): string {
  const flags = [0, 0, 0, 0];
  for (const square of setup.castlingRooks) {
    const color: Color = square < 8 ? 'white' : 'black';
    const file = square & 7;
    const king = backRankKing(setup.board.pieces, color);
    const short = king >= 0 ? file > king || file === 7 : file >= 4;
    flags[(color === 'white' ? 0 : 2) + (short ? 0 : 1)] = 1;
  }
  return flags.join(' ');
}

function clock(ms: number, record: Style12): number {
  return record.clockUnit === 'seconds' ? Math.round(ms / 1000) : ms;
}

/**
 * Writes a style 12 line (without a line end). `writeStyle12(parseStyle12(line).value)` is
 * `line` for every line a server sends: the clocks in the unit they came in, the move time and
 * both moves as sent, the FICS tokens and extra fields when the record has them.
 */
export function writeStyle12(record: Style12): string {
  const { setup } = record;
  const ep = setup.epSquares[0];
  const fields: (string | number)[] = [
    `<12>${boardTokens(setup)}`,
    setup.turn === 'white' ? 'W' : 'B',
    ep === undefined ? -1 : ep & 7,
    castlingFlags(setup),
    setup.halfmoves,
    record.gameNumber,
    record.whiteName,
    record.blackName,
    record.relation,
    record.initialTimeMinutes,
    record.incrementSeconds,
    record.whiteStrength,
    record.blackStrength,
    clock(record.whiteRemainingMs, record),
    clock(record.blackRemainingMs, record),
    setup.fullmoves,
    record.verboseMove,
    `(${record.moveTimeText})`,
    record.sanMove,
  ];
  if (record.flip !== undefined) {
    fields.push(record.flip ? 1 : 0);
    if (record.clockTicking !== undefined) {
      fields.push(record.clockTicking ? 1 : 0);
      if (record.lagMs !== undefined) fields.push(record.lagMs, ...record.extraFields);
    }
  }
  return fields.join(' ');
}

/**
 * The move time as servers write it: `m:ss`, with `.mmm` when `milliseconds`, and `h:mm:ss`
 * from an hour on when `hours` (FatICS; FICS 1.x and ICC count minutes past 59).
 */
export function formatMoveTime(
  ms: number,
  options: { readonly milliseconds?: boolean; readonly hours?: boolean } = {},
): string {
  const whole = Math.max(0, Math.trunc(ms));
  const seconds = Math.floor(whole / 1000);
  const two = (n: number): string => String(n).padStart(2, '0');
  const minutes = Math.floor(seconds / 60);
  const head =
    options.hours && minutes >= 60 ? `${String(Math.floor(minutes / 60))}:${two(minutes % 60)}` : String(minutes);
  const fraction = options.milliseconds ? `.${String(whole % 1000).padStart(3, '0')}` : '';
  return `${head}:${two(seconds % 60)}${fraction}`;
}
