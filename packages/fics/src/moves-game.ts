import {
  err,
  ok,
  parseSan,
  play,
  roleFromLetter,
  variantByFicsType,
  withVariant,
  type Color,
  type GameScore,
  type Result,
  type Setup,
  type TimeControl,
  type TrackedGame,
  type TrackedMove,
  type TrackedPlayer,
  type TrackedRelation,
  type Variant,
} from '@chess-formats/board-core';
import type { FicsError } from './errors.js';
import type { FicsPlayer } from './notices.js';
import type { MovesTable } from './reader.js';

/** Options of `movesTableGame`. */
export interface MovesTableGameOptions {
  /** How the client relates to the game (default `observing`, as after `observe` and `moves`). */
  readonly relation?: TrackedRelation;
}

/** The status of a `moves` listing of a game still going on. */
const IN_PROGRESS = 'Still in progress';

function player({ name, rating }: FicsPlayer): TrackedPlayer {
  // `2158E` (estimated) and `1500P` (provisional) are ratings all the same; `++++` and `UNR` none.
  const value = rating?.value;
  return value !== undefined && value > 0 ? { name, rating: value } : { name };
}

function fault(code: 'moves-start' | 'moves-move', field: number, offset: number, message: string): FicsError {
  return { code, field, offset, message };
}

/**
 * The position a listing's moves start from: its relation -4 board (`iset startpos 1`), else
 * the start of the variant its type names. A wild type (`wild/fr`, `wild/3`) starts from a
 * position FICS may draw at random, so it needs the board; a type no variant plays has no rules
 * to replay its moves by.
 */
function startOf(table: MovesTable, variant: Variant | undefined): Result<Setup, FicsError> {
  const board = table.start?.setup;
  if (board !== undefined)
    return ok(
      variant && variant.rules.spec.geometry.name === board.board.geometry.name ? withVariant(board, variant) : board,
    );
  if (variant === undefined)
    return err(
      fault(
        'moves-start',
        0,
        0,
        `no variant plays FICS's ${JSON.stringify(table.type)}, and the list has no start board`,
      ),
    );
  if (/^(wild|fr)\b/i.test(table.type))
    return err(
      fault(
        'moves-start',
        0,
        0,
        `a ${table.type} game may start from any position: send "iset startpos 1" so that the list carries its start board`,
      ),
    );
  return ok(variant.start());
}

/**
 * `setup` with the piece a bughouse drop `san` (`N@f3`) drops in the mover's pocket: the
 * partner's captures fill a bughouse pocket, and the listing of one board does not show them.
 */
function passed(setup: Setup, san: string, variant: Variant | undefined): Setup {
  const role = variant?.key === 'bughouse' && san.charAt(1) === '@' ? roleFromLetter(san.charAt(0)) : undefined;
  const pockets = setup.pockets;
  if (role === undefined || pockets === undefined || pockets[setup.turn][role] > 0) return setup;
  const pocket = { ...pockets[setup.turn], [role]: 1 };
  return { ...setup, pockets: { ...pockets, [setup.turn]: pocket } };
}

/**
 * The game a FICS `moves` listing (the session reader's `moves` event) describes, as board-core's
 * `TrackedGame`: what a client needs to record a game it joined part way (`observe` then
 * `moves`), to seed the style12 tracker with it (`tracker.adopt`), or to write its PGN
 * (`gameToPgn`). It starts from the listing's relation -4 board when the server sent one
 * (`iset startpos 1`), else from the start of the variant the type names (`blitz` is chess,
 * `crazyhouse`, `atomic`, `suicide`, `losers`, `bughouse` theirs; a wild type needs the board).
 * The rows' SAN are replayed by that variant's rules; a first row of `...` (Black moved first)
 * is skipped. A bughouse drop of a piece the pocket lacks was passed by the partner: it is put
 * in the pocket first.
 *
 * - Players carry their ratings (`2158E` and `1500P` are 2158 and 1500; `++++`, `----`, `UNR` none).
 * - `variant` is FICS's type as listed, `rated` and `timeControl` (milliseconds) the match line's.
 * - Each move's `clockMs` is the mover's clock after it, computed as FICS keeps it: the initial
 *   time, less the time each move took, plus the increment after each move but each side's
 *   first (whose clock FICS does not run: the recording of a real 45 45 game agrees to the
 *   millisecond with the board that followed its listing). The clocks of a start board are not
 *   used: FICS sends the clocks of the moment there, not those the game started with. An
 *   untimed game (0 0) has none. `clocks` are the last ones computed.
 * - `result` and `reason` are set once the game is over: a result other than `*`, or a `*`
 *   with a reason other than `Still in progress` (adjourned, aborted).
 *
 * Never throws. The error's `code` is `moves-start` when the start position is unknown, or
 * `moves-move` when a move does not replay; its `field` is then the index of the row in `rows`
 * and its `offset` 0 for White's move, 1 for Black's.
 *
 * @example
 * ```ts
 * import { createFicsReader, movesTableGame } from '@chess-formats/fics';
 * const listing = [
 *   'Movelist for game 12:',
 *   '',
 *   'Alice (1790) vs. Bob (2158E) --- Sat Jan 23, 14:34 EST 2016',
 *   'Rated blitz match, initial time: 3 minutes, increment: 2 seconds.',
 *   '',
 *   'Move  Alice                   Bob',
 *   '----  ---------------------   ---------------------',
 *   '  1.  e4      (0:00.000)      e5      (0:00.000)',
 *   '  2.  Nf3     (0:04.500)',
 *   '      {Still in progress} *',
 *   '',
 * ].join('\n');
 * const reader = createFicsReader();
 * for (const event of [...reader.push(listing), ...reader.end()]) {
 *   if (event.kind !== 'moves') continue;
 *   const game = movesTableGame(event.table);
 *   if (game.ok) {
 *     console.log(game.value.moves.length, game.value.black.rating, game.value.rated); // → 3 2158 true
 *     console.log(game.value.moves[2]?.clockMs); // → 177500
 *   }
 * }
 * ```
 */
export function movesTableGame(table: MovesTable, options: MovesTableGameOptions = {}): Result<TrackedGame, FicsError> {
  try {
    return fromTable(table, typeof options === 'object' && options !== null ? options : {});
  } catch (error) {
    // A table built by hand past its types (a row without its moves) is refused, not thrown.
    return err(fault('moves-move', 0, 0, `the table cannot be read: ${String(error)}`));
  }
}

function fromTable(table: MovesTable, options: MovesTableGameOptions): Result<TrackedGame, FicsError> {
  const variant = variantByFicsType(table.type);
  const start = startOf(table, variant);
  if (!start.ok) return start;
  const initial = start.value;
  const minutes = Number.isSafeInteger(table.minutes) && table.minutes >= 0 ? table.minutes : 0;
  const increment = Number.isSafeInteger(table.increment) && table.increment >= 0 ? table.increment : 0;
  const control: TimeControl = { initialMs: minutes * 60_000, incrementMs: increment * 1000 };
  const timed = control.initialMs > 0 || control.incrementMs > 0;
  const clocks: Record<Color, number | undefined> = {
    white: timed ? control.initialMs : undefined,
    black: timed ? control.initialMs : undefined,
  };
  let setup = initial;
  const moves: TrackedMove[] = [];
  for (const [index, row] of table.rows.entries()) {
    for (const [side, listed] of [
      [0, row.white],
      [1, row.black],
    ] as const) {
      if (listed === undefined || (side === 0 && index === 0 && listed.san === '...')) continue;
      const read = parseSan(passed(setup, listed.san, variant), listed.san);
      if (!read.ok)
        return err(
          fault(
            'moves-move',
            index,
            side,
            `move ${String(row.moveNumber)}${side === 0 ? '.' : '...'} ${listed.san} does not replay: ${read.error.message}`,
          ),
        );
      const mover = setup.turn;
      setup = play(passed(setup, listed.san, variant), read.value);
      const before = clocks[mover];
      // FICS runs no clock on each side's first move and adds no increment after it.
      const bonus = moves.length < 2 ? 0 : control.incrementMs;
      const clockMs = before === undefined ? undefined : before - listed.timeMs + bonus;
      clocks[mover] = clockMs;
      moves.push(clockMs === undefined ? { move: read.value } : { move: read.value, clockMs });
    }
  }
  const over = table.result !== '*' || (table.status !== IN_PROGRESS && table.status !== '');
  const result: GameScore = table.result;
  return ok({
    gameNumber: table.gameNumber,
    white: player(table.white),
    black: player(table.black),
    relation: options.relation ?? 'observing',
    variant: table.type,
    rated: table.rated,
    timeControl: { white: control, black: control },
    initial,
    setup,
    moves,
    clocks: { white: clocks.white, black: clocks.black },
    ...(over ? { result, reason: table.status } : {}),
  });
}
