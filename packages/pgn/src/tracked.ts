import {
  VARIANTS,
  play,
  variantByIccWild,
  variantByName,
  variantOf,
  withVariant,
  writeSan,
  type Variant,
  type TimeControl,
  type TrackedGame,
  type TrackedPlayer,
  type VariantKey,
} from '@chess-formats/board-core';
import type { PgnGame, PgnNode } from './game.js';
import { setupTags } from './tags.js';

/** Options of `gameToPgn`: the tags a tracked game cannot supply. */
export interface GameToPgnOptions {
  /** The server's name (`FICS`, `ICC`): the default `Site` and the start of the default `Event`. */
  readonly server?: string;
  /** The `Event` tag; by default what the server says of the game (`FICS rated blitz game`), else `?`. */
  readonly event?: string;
  /** The `Site` tag; by default `server`, else `?`. */
  readonly site?: string;
  /** The day the game was played, for the `Date` tag (UTC); by default unknown (`????.??.??`). */
  readonly date?: Date;
  /** The `Round` tag; by default `-` (not part of a match or tournament). */
  readonly round?: string;
}

/**
 * The PGN standard's Termination values (8.1.1 supplemental tags) and the words of the
 * FICS and ICC game-end messages that pick them. The server's own words go in a comment.
 */
function termination(game: TrackedGame): string | undefined {
  if (game.result === undefined) return undefined;
  const reason = (game.reason ?? '').toLowerCase();
  if (game.result === '*') return reason.includes('adjourn') ? 'unterminated' : 'abandoned';
  if (reason.includes('time') || reason.includes('flag')) return 'time forfeit';
  if (reason.includes('disconnect') || reason.includes('abandon')) return 'abandoned';
  if (reason.includes('adjudicat')) return 'adjudication';
  return 'normal';
}

/** FICS and ICC name a game's speed by its expected length: initial time plus 40 increments. */
function speed(control: TimeControl, server: string | undefined): string {
  const minutes = (control.initialMs + 40 * control.incrementMs) / 60_000;
  if (minutes < 3) return server === 'FICS' ? 'lightning' : 'bullet';
  return minutes < 15 ? 'blitz' : 'standard';
}

/** `text` with each run of line breaks made one space, as a tag value or a comment after a move must be. */
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ');

const seconds = (ms: number): string => String(Math.round(ms) / 1000);

/** `initial+increment` in seconds (PGN standard 9.6.1), `-` for no time control. */
function timeControlTag(control: TimeControl): string {
  if (control.initialMs === 0 && control.incrementMs === 0) return '-';
  return control.incrementMs === 0
    ? seconds(control.initialMs)
    : `${seconds(control.initialMs)}+${seconds(control.incrementMs)}`;
}

/**
 * The variant a server's name of a game type gives, `wild/N` read as ICC's wild number (the ICC
 * tracker's names; FICS's own wilds reach `gameToPgn` named in the setup), else any name
 * `variantByName` knows.
 */
function serverVariant(name: string): Variant | undefined {
  const wild = /^wild\/(\d{1,3})$/i.exec(name.trim());
  return (wild ? variantByIccWild(Number(wild[1])) : undefined) ?? variantByName(name);
}

/**
 * The variant of a tracked game and the `Variant` tag's value: the one the server names (a PGN
 * name, a FICS game type, ICC's `wild/N`: board-core's `variantByName`) when its rules are not
 * chess's, else the one the position shows (pockets, counters, a named setup: `variantOf`),
 * else the named one (Chess960). A name no variant plays (FICS's `wild/9`, ICC's
 * `wild/16`) is written as the tag as the server gave it, so that no reader takes the game for
 * chess; the moves are then written as chess's rules play them.
 */
function pgnVariant(game: TrackedGame): { readonly variant: Variant; readonly tag: string | undefined } {
  const shown = variantOf(game.initial);
  // A setup that names its variant says it all (the FICS tracker names wild/0 to wild/8a so).
  if (game.initial.variant !== undefined)
    return { variant: shown, tag: shown === VARIANTS[0] ? undefined : (shown.names.pgn[0] ?? shown.title) };
  const named = game.variant === undefined ? undefined : serverVariant(game.variant);
  const chess = VARIANTS[0];
  const variant =
    named !== undefined && named.rules !== chess.rules ? named : shown !== chess ? shown : (named ?? shown);
  if (named === undefined && game.variant !== undefined && shown === chess) return { variant, tag: game.variant };
  return { variant, tag: variant === chess ? undefined : (variant.names.pgn[0] ?? variant.title) };
}

function date(day: Date | undefined): string {
  if (day === undefined || Number.isNaN(day.getTime())) return '????.??.??';
  return `${day.getUTCFullYear()}.${String(day.getUTCMonth() + 1).padStart(2, '0')}.${String(day.getUTCDate()).padStart(2, '0')}`;
}

function playerTags(tags: Map<string, string>, side: 'White' | 'Black', player: TrackedPlayer): void {
  if (player.rating !== undefined && player.rating > 0) tags.set(`${side}Elo`, String(player.rating));
  if (player.titles !== undefined && player.titles.length > 0) tags.set(`${side}Title`, player.titles.join(' '));
}

/**
 * A PGN game of a game a server client followed (`TrackedGame` of the style12 or icc-dg
 * tracker), ready for `writePgn`. Tags come from what the server sent: the seven tag roster
 * (Event and Site from `options`, by default the server's name and what it says of the game;
 * the Date given, else unknown), `WhiteElo`/`BlackElo` and `WhiteTitle`/`BlackTitle` when
 * known, `TimeControl` (`initial+increment` in seconds) when both sides play the same one,
 * `Termination` (the standard's word: `normal`, `time forfeit`, `abandoned`, `adjudication`,
 * `unterminated`) once the game has ended, `SetUp` and `FEN` when it does not start from the
 * standard position (an observed game joined late starts where the client joined it) and
 * `Variant` for the games other than standard chess: the variant the server names or the
 * position shows, its start completed for it (`withVariant`), or the server's own name when no
 * variant of board-core plays it (`variant` is then chess's key, and the reader refuses the
 * game rather than replay it as chess). Each move carries the mover's clock as
 * `[%clk]` when the server gave it; the server's words for the end (`Kratt forfeits on time`)
 * are a comment after the last move, as the servers' own PGN has it.
 *
 * @example
 * ```ts
 * import { createStyle12Tracker, parseStyle12 } from '@chess-formats/style12';
 * import { gameToPgn, writePgn } from '@chess-formats/pgn';
 * const tracker = createStyle12Tracker();
 * const record = parseStyle12('<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Alice Bob 0 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0 0 0');
 * if (record.ok) tracker.push(record.value);
 * const game = tracker.game(7);
 * if (game) console.log(gameToPgn(game, { server: 'FICS' }).tags.get('White')); // → Alice
 * // Joined after e4, so the game starts from that position, named in the FEN tag.
 * if (game) console.log(writePgn(gameToPgn(game)).split('\n').find((line) => line.startsWith('[FEN'))); // → [FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]
 * ```
 */
export function gameToPgn(game: TrackedGame, options: GameToPgnOptions = {}): PgnGame {
  const { variant, tag } = pgnVariant(game);
  const initial =
    variant.rules.spec.geometry.name === game.initial.board.geometry.name
      ? withVariant(game.initial, variant)
      : game.initial;
  const server = options.server;
  const result = game.result ?? '*';
  const control = game.timeControl;
  const sameControl =
    control !== undefined &&
    control.white.initialMs === control.black.initialMs &&
    control.white.incrementMs === control.black.incrementMs;
  // The server's word for the game (FICS's `blitz` or `crazyhouse`, ICC's `wild/5`), else its speed.
  const kind = game.variant ?? (sameControl ? speed(control.white, server) : undefined);
  const described = [server, game.rated === undefined ? undefined : game.rated ? 'rated' : 'unrated', kind].filter(
    (part) => part !== undefined,
  );
  const tags = new Map<string, string>([
    ['Event', options.event ?? (described.length > 0 ? `${described.join(' ')} game` : '?')],
    ['Site', options.site ?? server ?? '?'],
    ['Date', date(options.date)],
    ['Round', options.round ?? '-'],
    ['White', game.white.name],
    ['Black', game.black.name],
    ['Result', result],
  ]);
  playerTags(tags, 'White', game.white);
  playerTags(tags, 'Black', game.black);
  if (sameControl) tags.set('TimeControl', timeControlTag(control.white));
  const ending = termination(game);
  if (ending !== undefined) tags.set('Termination', ending);
  if (tag !== undefined) tags.set('Variant', tag);
  // A server's text may hold line breaks (ICC's quoting allows them in a name); a tag value cannot.
  for (const [name, value] of tags) tags.set(name, oneLine(value));
  // Where the game starts; the realtime clock is timing, not position.
  const { realtime: _clock, ...start } = initial;
  for (const [name, value] of setupTags(start)) tags.set(name, value);

  // The main line, built from its last move back, so each node holds the finished rest of the line.
  const sans: string[] = [];
  let position = initial;
  for (const { move } of game.moves) {
    sans.push(writeSan(position, move));
    position = play(position, move);
  }
  const reason =
    game.result !== undefined && game.reason !== undefined && game.reason !== '' ? oneLine(game.reason) : undefined;
  let children: readonly PgnNode[] = [];
  for (let i = game.moves.length - 1; i >= 0; i--) {
    const { move, clockMs } = game.moves[i]!;
    const comments = i === game.moves.length - 1 && reason !== undefined ? { comments: [reason] } : {};
    // A clock PGN cannot hold (not a whole number of milliseconds PGN's `[%clk]` can write) is left out.
    const rounded = clockMs === undefined ? undefined : Math.max(0, Math.round(clockMs));
    const clock = rounded === undefined || !Number.isSafeInteger(rounded) ? {} : { clockMs: rounded };
    children = [{ san: sans[i]!, move, children, ...clock, ...comments }];
  }
  const root = game.moves.length === 0 && reason !== undefined ? { comments: [reason], children } : { children };
  return { tags, variant: variant.key as VariantKey, setup: initial, root, result };
}
