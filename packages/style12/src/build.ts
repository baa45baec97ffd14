import type { Piece, Setup } from '@chess-formats/board-core';
import type { ClockUnit, Style12, Style12Relation } from './record.js';
import { formatMoveTime } from './write.js';

/** The game facts a style 12 line holds beside the position; every one but the names has a default. */
export interface Style12Facts {
  /** The server's number for the game. */
  readonly gameNumber: number;
  /** White's handle. */
  readonly whiteName: string;
  /** Black's handle. */
  readonly blackName: string;
  /** Default 0, observing a played game. */
  readonly relation?: Style12Relation;
  /** The initial time in minutes (default 0). */
  readonly initialTimeMinutes?: number;
  /** The increment in seconds (default 0). */
  readonly incrementSeconds?: number;
  /** Default: the material on the board and in the pockets, P 1, N 3, B 3, R 5, Q 9 (39 at the start). */
  readonly whiteStrength?: number;
  /** As `whiteStrength`, for Black. */
  readonly blackStrength?: number;
  /** White's remaining time in milliseconds (default 0). */
  readonly whiteRemainingMs?: number;
  /** Black's remaining time in milliseconds (default 0). */
  readonly blackRemainingMs?: number;
  /** Default `'seconds'`; `'milliseconds'` writes the clocks and the move time as FICS does under `iset ms 1`. */
  readonly clockUnit?: ClockUnit;
  /** Default `none` (no move yet), as are `sanMove` and a move time of 0. */
  readonly verboseMove?: string;
  /** The SAN of the last move (default `none`). */
  readonly sanMove?: string;
  /** The time the last move took, in milliseconds (default 0). */
  readonly moveTimeMs?: number;
  /** Default: `moveTimeMs` written as `m:ss`, or `m:ss.mmm` with millisecond clocks. */
  readonly moveTimeText?: string;
  /** Default `false` (White at the bottom). */
  readonly flip?: boolean;
  /** FICS tokens 31 and 32: give both to write a 33-token line as freechess.org does. */
  readonly clockTicking?: boolean;
  /** FICS token 32, the lag in milliseconds; written only with `clockTicking`. */
  readonly lagMs?: number;
  /** Tokens written after the lag, raw; only with `clockTicking` and `lagMs`. */
  readonly extraFields?: readonly string[];
}

const VALUE: Partial<Record<Piece['role'], number>> = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9 };

/** Material as FICS counts it: the board and the pocket. */
function strength(setup: Setup, color: Piece['color']): number {
  let total = 0;
  for (const p of setup.board.pieces) if (p?.color === color) total += VALUE[p.role] ?? 0;
  const pocket = setup.pockets?.[color];
  if (pocket) for (const role of Object.keys(VALUE) as Piece['role'][]) total += (VALUE[role] ?? 0) * pocket[role];
  return total;
}

/**
 * A style 12 record for a position and the facts of its game, for servers, relays and test
 * doubles: `writeStyle12(style12FromSetup(setup, facts))` is the line a server would send.
 * The setup's castling rooks become the four flags and its ep square the double-push file.
 */
export function style12FromSetup(setup: Setup, facts: Style12Facts): Style12 {
  const clockUnit = facts.clockUnit ?? 'seconds';
  const moveTimeMs = facts.moveTimeMs ?? 0;
  const lagMs = facts.clockTicking === undefined ? undefined : facts.lagMs;
  return {
    setup,
    gameNumber: facts.gameNumber,
    whiteName: facts.whiteName,
    blackName: facts.blackName,
    relation: facts.relation ?? 0,
    initialTimeMinutes: facts.initialTimeMinutes ?? 0,
    incrementSeconds: facts.incrementSeconds ?? 0,
    whiteStrength: facts.whiteStrength ?? strength(setup, 'white'),
    blackStrength: facts.blackStrength ?? strength(setup, 'black'),
    whiteRemainingMs: facts.whiteRemainingMs ?? 0,
    blackRemainingMs: facts.blackRemainingMs ?? 0,
    clockUnit,
    verboseMove: facts.verboseMove ?? 'none',
    moveTimeText: facts.moveTimeText ?? formatMoveTime(moveTimeMs, { milliseconds: clockUnit === 'milliseconds' }),
    moveTimeMs,
    sanMove: facts.sanMove ?? 'none',
    flip: facts.flip ?? false,
    clockTicking: facts.clockTicking,
    lagMs,
    extraFields: lagMs === undefined ? [] : (facts.extraFields ?? []),
  };
}
