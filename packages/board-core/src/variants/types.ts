/**
 * What a variant is to the rest of the repository: its names in every notation, its start,
 * its board and the hooks the rules call. One module per variant builds one of these with
 * `defineVariant`; `VARIANTS` (list.ts) lists them, and every consumer asks the list.
 */
import { deepFreeze } from '../freeze.js';
import type { GeometryName, Square } from '../geometry.js';
import type { Setup } from '../setup.js';
import type { Outcome, OutcomeReason } from '../status.js';
import type { RulesSpec } from '../variant.js';
import type { Color } from '../vocabulary.js';

/** A variant's names in the notations and on the servers that know it. */
export interface VariantNames {
  /**
   * Values of the PGN `Variant` tag: the first is written, all are read. Readers compare them
   * lower-cased with spaces, dashes and underscores removed (`Three-check` = `threecheck`).
   */
  readonly pgn: readonly string[];
  /** The lichess key (its API's and its game export's `variant`), when lichess plays the variant. */
  readonly lichess?: string;
  /** The FICS game types that play it (`crazyhouse`, `wild/fr`); empty when FICS does not. */
  readonly fics: readonly string[];
  /** The ICC wild number, when ICC plays it (0 is chess). */
  readonly icc?: number;
}

/**
 * What a hook sees of a position while the rules engine walks the game tree. The engine
 * implements it over its own board, so a hook costs no `Setup`.
 */
export interface VariantBoard {
  /** The square of `color`'s king (the one the rules protect), or -1 when it has none. */
  kingSquare(color: Color): Square;
  /** The checks `color` still has to give, or undefined when the position does not count them. */
  checksLeft(color: Color): number | undefined;
  /** The side to move. */
  turn(): Color;
  /** The colour of the piece on `square`, or undefined when it is empty. */
  colorAt(square: Square): Color | undefined;
  /**
   * Whether a piece of `by` attacks `square`, with the piece on `vacated` (when given) lifted
   * first: a king's own square, to ask whether it could step to `square`.
   */
  isAttackedBy(square: Square, by: Color, vacated?: Square): boolean;
  /** The pieces of `color` on the board, its kings included (a walk over the board: not free). */
  pieceCount(color: Color): number;
}

/** How a game ends when the side to move has no legal move, as `outcome` reports it. */
export interface NoMoveEnd {
  /** Why the game ended. */
  readonly reason: OutcomeReason;
  /** The side that won; absent for a draw. */
  readonly winner?: Color;
}

/**
 * The rules of a variant beyond piece movement. State a setup carries (pockets, check
 * counters, the Omega Chess Advanced state) is kept up to date by the rules whatever the
 * variant, as it is part of the position; what a variant decides is here.
 */
export interface VariantRules {
  /** The board, the pawns' steps and promotions, and where castling puts king and rook. */
  readonly spec: RulesSpec;
  /**
   * The side that has already won before the side to move moves (three checks given, a king
   * on the hill), else undefined: then nobody has a legal move. Called once per position the
   * engine generates moves for, so it must be cheap; absent when only checkmate wins.
   */
  readonly winner?: (board: VariantBoard) => Color | undefined;
  /** What `outcome` gives as the reason when `winner` names a side; `variantWin` when absent. */
  readonly winReason?: OutcomeReason;
  /**
   * Whether the game is already drawn by the variant's own rule (racing kings: both kings
   * reached the last rank); then nobody has a legal move. Called as often as `winner`.
   */
  readonly drawn?: (board: VariantBoard) => boolean;
  /**
   * A capture explodes (atomic): the capturing piece, the captured one and every piece but a
   * pawn on the eight squares around the capture square leave the board. A king therefore
   * may not capture, a move that explodes one's own king is illegal, exploding the other
   * king wins (`winner` says so), and kings may stand side by side: neither attacks the other.
   */
  readonly explosions?: boolean;
  /** No move may give check, to either side (racing kings). */
  readonly noChecks?: boolean;
  /**
   * A move after which `winner` names a side is written with `#` in SAN, as lichess and
   * chessops write an exploded king or a won race; absent: only a mate on the board is `#`.
   */
  readonly sanMarksWin?: boolean;
  /** Whether `color` cannot win by material (`hasInsufficientMaterial`); absent: the chess reading. */
  readonly insufficientMaterial?: (setup: Setup, color: Color) => boolean;
  /**
   * The setup completed with the state the variant's rules need (empty pockets, three checks
   * to give), for a position read from a notation that may leave it out; absent: as it is.
   */
  readonly prepare?: (setup: Setup) => Setup;
  /**
   * The king is a piece like any other (antichess, suicide): no check, it may be captured,
   * and a pawn may promote to one (the spec's `promotionRoles` say so). Read when a position
   * is loaded; absent: the king is royal.
   */
  readonly plainKings?: boolean;
  /**
   * A side that can capture must capture (antichess, suicide, losers): when any legal move
   * captures, only captures are legal. Read when a position is loaded.
   */
  readonly capturesCompulsory?: boolean;
  /**
   * What it means that the side to move has no legal move (`inCheck`: it is in check), for a
   * variant where it is not chess's checkmate or stalemate draw (a stalemated side wins in
   * antichess, a side with no pieces left in horde loses). Absent: chess's reading.
   */
  readonly noMoves?: (setup: Setup, inCheck: boolean) => NoMoveEnd;
  /**
   * Where a captured piece goes when the position has pockets: absent, to the captor's pocket
   * (crazyhouse); `'partner'`, off this board to the partner's (bughouse), so `play` and the
   * engine change pockets only by drops, and the pieces the partner passes are added from
   * outside (a server's holdings line, a replay of the other board).
   */
  readonly captures?: 'partner';
  /**
   * Whether the side to move, having no legal move, may wait for one instead of losing or
   * drawing (bughouse: a piece the partner passes may still be dropped); then `outcome`,
   * `isCheckmate` and `isStalemate` see a game that goes on. Called only for a position
   * without legal moves; absent: no legal move ends the game.
   */
  readonly mayWait?: (setup: Setup) => boolean;
  /**
   * A game played in time (realtime chess): how it ends, which `outcome` asks instead of the
   * board (a king taken, a period without a capture). The moves and time passing are the
   * realtime rules' own exports (`movesAt`, `startMove`, `advance`), kept off this descriptor
   * so that a bundle of the rules engine does not carry them. Absent for every turn-based variant.
   */
  readonly realtime?: {
    /** The end of the game at the setup's clock, or `undefined` while it goes on. */
    readonly outcome: (setup: Setup) => Outcome | undefined;
  };
}

/**
 * What shows a variant in a setup that does not name it. Data, not a test, so that finding
 * the variant of a position (done for every position the rules load) stays a few comparisons,
 * and so that nothing but the board and the state a setup carries can decide rules.
 */
export interface VariantSign {
  /** The setup is on this board (`omega`). */
  readonly board?: GeometryName;
  /** The setup carries this state (`pockets`, `remainingChecks`). */
  readonly carries?: 'pockets' | 'remainingChecks' | 'omegaAdvanced' | 'realtime';
}

/** A variant: its key, names, rules and start. Built by `defineVariant`, frozen. */
export interface Variant<K extends string = string> {
  /** The stable identifier (`threeCheck`), the value of `Setup.variant`. */
  readonly key: K;
  /** The variant's name for people (`Three-check`). */
  readonly title: string;
  /** Its names in PGN, on lichess, FICS and ICC. */
  readonly names: VariantNames;
  /** Its rules and the hooks the move generator and `outcome` call. */
  readonly rules: VariantRules;
  /**
   * What shows this variant in a setup that does not name it: its board, a state it carries,
   * or both. The first variant of `VARIANTS` shown by a setup is its variant, else the first of
   * the list (chess). Absent: the variant must be named (`Setup.variant`).
   */
  readonly shownBy?: VariantSign;
  /** A fresh copy of the start position (one of them for a variant with several, such as Chess960). */
  start(): Setup;
}

/** A variant's descriptor, frozen (its lists too), with its key's literal type kept. */
export function defineVariant<const K extends string>(variant: Variant<K>): Variant<K> {
  return deepFreeze(variant);
}
