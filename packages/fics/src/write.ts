import { CONTROL_U, CONTROL_V, CONTROL_W } from '@chess-formats/board-core/internal';
import { formatMoveTime, writeHoldings, writeStyle12 } from '@chess-formats/style12';
import type { FicsRating } from './cursor.js';
import type { GameInfo, Offer, Seek } from './machine.js';
import type { FicsPlayer, GameTerms, MatchTerms } from './notices.js';
import type { FicsEvent, MovesTable } from './reader.js';
import type { GamesRow, ListedMove, SeekAd, SoughtRow } from './tables.js';

/*
 * The writers put each event back as the line the server sends, in its layout (its column
 * widths and paddings, after FICS and FatICS's format strings), so that what they write reads
 * back to the same events: a test double of a server, a capture rewritten, a vector's
 * canonical text.
 */

const flag = (on: boolean): string => (on ? '1' : '0');
const pair = (a: string | number, b: string | number): string => `${String(a)},${String(b)}`;
const pad = (text: string, width: number): string => text.padEnd(width);
const right = (text: string | number, width: number): string => String(text).padStart(width);

/** A rating in parentheses, padded to four as the server prints it: `(1880)`, `( 978)`, `(++++)`. */
function paren(rating: FicsRating): string {
  return `(${rating.text.padStart(4)})`;
}

function player(p: FicsPlayer): string {
  return `${p.name} ${paren(p.rating)}`;
}

function terms(game: GameTerms): string {
  const clock = game.minutes === undefined ? '' : ` ${String(game.minutes)} ${String(game.increment ?? 0)}`;
  return `${game.rated ? 'rated' : 'unrated'} ${game.type}${clock}`;
}

const G1_KEYS = new Set(['p', 't', 'r', 'u', 'it', 'i', 'pt', 'rt', 'ts']);

/** Writes a `<g1>` line: the documented fields from the typed values, then any others as they came. */
export function writeGameInfo(info: GameInfo): string {
  const { white, black } = info.timeControl;
  const documented = [
    `p=${flag(info.private)}`,
    `t=${info.type}`,
    `r=${flag(info.rated)}`,
    `u=${pair(flag(info.unregistered.white), flag(info.unregistered.black))}`,
    `it=${pair(white.initialSeconds, white.incrementSeconds)}`,
    `i=${pair(black.initialSeconds, black.incrementSeconds)}`,
    `pt=${String(info.partnerGame)}`,
    `rt=${pair(info.ratings.white.text, info.ratings.black.text)}`,
    `ts=${pair(flag(info.timeseal.white), flag(info.timeseal.black))}`,
  ];
  const extra = Object.entries(info.fields)
    .filter(([key]) => !G1_KEYS.has(key))
    .map(([key, value]) => `${key}=${value}`);
  return ['<g1>', String(info.gameNumber), ...documented, ...extra].join(' ');
}

/**
 * Writes a `<s>` (or `<sn>`) line. An established rating is followed by a blank where a mark
 * would be, so two blanks follow it, as the server writes it.
 */
export function writeSeek(seek: Seek): string {
  const rating = `${String(seek.rating.value ?? 0)}${seek.rating.mark ?? ' '}`;
  const color = seek.color === 'white' ? 'W' : seek.color === 'black' ? 'B' : '?';
  return [
    seek.cannotAccept ? '<sn>' : '<s>',
    String(seek.index),
    `w=${seek.name}`,
    `ti=${seek.titles.toString(16).padStart(2, '0')}`,
    `rt=${rating}`,
    `t=${String(seek.minutes)}`,
    `i=${String(seek.increment)}`,
    `r=${seek.rated ? 'r' : 'u'}`,
    `tp=${seek.type}`,
    `c=${color}`,
    `rr=${String(seek.ratingRange[0])}-${String(seek.ratingRange[1])}`,
    `a=${seek.automatic ? 't' : 'f'}`,
    `f=${seek.formula ? 't' : 'f'}`,
    ...seek.extraFields,
  ].join(' ');
}

/** Writes a `<pt>` or `<pf>` line. */
export function writeOffer(offer: Offer): string {
  return `${offer.direction === 'to' ? '<pt>' : '<pf>'} ${String(offer.index)} w=${offer.name} t=${offer.type} p=${offer.params}`;
}

/** Writes the terms of a match offer, as a `<pf>` carries them and `Challenge:` shows them (without its full stop). */
export function writeMatchTerms(match: MatchTerms): string {
  const color = match.color === undefined ? '' : ` [${match.color}]`;
  const loaded = match.loadedFrom === undefined ? '' : ` Loaded from ${match.loadedFrom}`;
  return `${player(match.challenger)}${color} ${player(match.receiver)} ${terms(match)}${loaded}${match.adjourned ? ' (adjourned)' : ''}`;
}

function listed(move: ListedMove): string {
  return `${pad(move.san, 7)} (${move.timeText})`;
}

/** Writes a `moves` listing, every line of it, in the server's layout. */
export function writeMovesTable(table: MovesTable): string {
  const lines = [
    `Movelist for game ${String(table.gameNumber)}:`,
    '',
    `${player(table.white)} vs. ${player(table.black)} --- ${table.date}`,
    `${table.rated ? 'Rated' : 'Unrated'} ${table.type} match, initial time: ${String(table.minutes)} minutes, increment: ${String(table.increment)} seconds.`,
    '',
  ];
  if (table.start !== undefined) lines.push(writeStyle12(table.start), '');
  lines.push(`Move  ${pad(table.white.name, 21)}  ${table.black.name}`, `----  ${'-'.repeat(21)}   ${'-'.repeat(21)}`);
  for (const row of table.rows) {
    const white = listed(row.white);
    const black = row.black === undefined ? '' : `     ${listed(row.black)}`;
    lines.push(`${right(`${String(row.moveNumber)}.`, 4)}  ${white}${black}`);
  }
  lines.push(`      {${table.status}} ${table.result}`);
  return lines.join('\n');
}

/** A clock of the `games` list: `m:ss` or `h:mm:ss`, `-` first when negative. */
function listClock(ms: number): string {
  const text = formatMoveTime(Math.abs(ms), { hours: true });
  return ms < 0 ? `-${text}` : text;
}

/** Writes a row of the `games` list, in the server's columns. */
export function writeGamesRow(row: GamesRow): string {
  const bracket = `[${row.private ? 'p' : ' '}${row.typeLetter}${row.rated ? 'r' : 'u'}${right(row.minutes, 3)} ${right(row.increment, 3)}]`;
  const names = `${right(row.white.rating.text, 4)} ${pad(row.white.name, 11)} ${right(row.black.rating.text, 4)} ${pad(row.black.name, 10)}`;
  const move = `${row.turn === 'white' ? 'W' : 'B'}:${row.moveNumber === undefined ? '' : ` ${right(row.moveNumber, 2)}`}`;
  if (row.examined || row.setup)
    return `${right(row.gameNumber, 3)} (${row.examined ? 'Exam.' : 'Setup'} ${names}) ${bracket} ${move}`;
  const clocks = row.clocks ?? { white: 0, black: 0 };
  const strength = row.strength ?? { white: 0, black: 0 };
  return `${right(row.gameNumber, 3)} ${names} ${bracket} ${right(listClock(clocks.white), 6)} -${right(listClock(clocks.black), 6)} (${right(strength.white, 2)}-${right(strength.black, 2)}) ${move}`;
}

/** Writes a row of the `sought` list, in the server's columns. */
export function writeSoughtRow(row: SoughtRow): string {
  const color = row.color === undefined ? '' : ` [${row.color}]`;
  const flags = `${row.manual ? 'm' : ''}${row.formula ? 'f' : ''}`;
  return `${right(row.index, 3)} ${right(row.rating.text, 4)} ${pad(row.name, 17)} ${right(row.minutes, 3)} ${right(row.increment, 3)} ${pad(row.rated ? 'rated' : 'unrated', 7)} ${pad(`${row.type}${color}`, 21)} ${right(`${String(row.ratingRange[0])}-${String(row.ratingRange[1])}`, 9)} ${flags}`.trimEnd();
}

/** Writes a readable seek ad. */
export function writeSeekAd(ad: SeekAd): string {
  const clock = ad.minutes === undefined ? '' : ` ${String(ad.minutes)} ${String(ad.increment ?? 0)}`;
  const extras = [ad.color === undefined ? '' : ` [${ad.color}]`, ad.manual ? ' m' : '', ad.formula ? ' f' : ''].join(
    '',
  );
  return `${player(ad.seeker)} seeking${clock} ${ad.rated ? 'rated' : 'unrated'} ${ad.type}${extras} ("play ${String(ad.index)}" to respond)`;
}

/**
 * The line (or, for a `moves` listing, the lines) of one event, without a line end; `''` for
 * the start and end of a block, which `writeFicsEvents` frames.
 */
export function writeFicsEvent(event: FicsEvent): string {
  switch (event.kind) {
    case 'board':
      return writeStyle12(event.record);
    case 'holdings':
      return writeHoldings(event.holdings);
    case 'text':
      return event.text;
    case 'error':
      return event.line;
    case 'unit-start':
    case 'unit-end':
      return '';
    case 'game-info':
      return writeGameInfo(event.info);
    case 'delta-board': {
      const d = event.delta;
      return `<d1> ${String(d.gameNumber)} ${String(d.halfMoves)} ${d.san} ${d.smith} ${String(d.takenMs)} ${String(d.leftMs)}`;
    }
    case 'seek':
      return writeSeek(event.seek);
    case 'seek-clear':
      return '<sc>';
    case 'seek-remove':
      return `<sr> ${event.indexes.join(' ')}`;
    case 'seek-ad':
      return writeSeekAd(event.ad);
    case 'seek-ads-removed':
      return `Ads removed: ${event.indexes.join(' ')}`;
    case 'offer':
      return writeOffer(event.offer);
    case 'offer-remove':
      return `<pr> ${String(event.index)}`;
    case 'pin':
      return event.pin.event === 'arrived'
        ? `<wa> ${event.pin.name}${event.pin.details === '' ? '' : ` ${event.pin.details}`}`
        : `<wd> ${event.pin.name}`;
    case 'game-start': {
      const s = event.start;
      return `{Game ${String(s.gameNumber)} (${s.white} vs. ${s.black}) ${s.continuing ? 'Continuing' : 'Creating'} ${s.rated ? 'rated' : 'unrated'} ${s.type} match.}`;
    }
    case 'game-end': {
      const e = event.end;
      return `{Game ${String(e.gameNumber)} (${e.white} vs. ${e.black}) ${e.reason}} ${e.result}`;
    }
    case 'creating': {
      const c = event.creating;
      return `Creating: ${player(c.white)} ${player(c.black)} ${terms(c)}${c.note === '' ? '' : ` ${c.note}`}`;
    }
    case 'challenge':
      return `Challenge: ${writeMatchTerms(event.challenge)}.`;
    case 'game-notification': {
      const n = event.notification;
      return `Game notification: ${player(n.white)} vs. ${player(n.black)} ${n.rated ? 'rated' : 'unrated'} ${n.type} ${String(n.minutes ?? 0)} ${String(n.increment ?? 0)}: Game ${String(n.gameNumber)}`;
    }
    case 'observe-start':
      return `You are now observing game ${String(event.gameNumber)}.`;
    case 'observe-header': {
      const h = event.header;
      return `Game ${String(h.gameNumber)}: ${player(h.white)} ${player(h.black)} ${terms(h)}`;
    }
    case 'observe-removed':
      return `Removing game ${String(event.gameNumber)} from observation list.`;
    case 'follow':
      return event.name === undefined
        ? "You will not follow any player's games."
        : `You will now be following ${event.name}'s games.`;
    case 'moves':
      return writeMovesTable(event.table);
    case 'games-row':
      return writeGamesRow(event.row);
    case 'games-footer': {
      const f = event.footer;
      return f.inProgress === undefined
        ? `${String(f.count)} games displayed.`
        : `${String(f.count)} games displayed (of ${String(f.inProgress)} in progress).`;
    }
    case 'sought-row':
      return writeSoughtRow(event.row);
    case 'sought-footer':
      return `${String(event.count)} ads displayed.`;
    case 'ivar':
      return `${event.confirmation.ivar} ${event.confirmation.on ? 'set.' : 'unset.'}`;
  }
}

const BLOCK_START = String.fromCharCode(CONTROL_U);
const BLOCK_SEPARATOR = String.fromCharCode(CONTROL_V);
const BLOCK_END = String.fromCharCode(CONTROL_W);

/**
 * Writes a session's events back as a stream: each event's line with a `\n` line end, the
 * lines of a block framed by `^U` id `^V` code `^V` ... `^W` as block mode sends them.
 *
 * @example
 * ```ts
 * import { createFicsReader, writeFicsEvents } from '@chess-formats/fics';
 * const reader = createFicsReader();
 * const events = [...reader.push('fics% <sr>   4 7\n\r{Game 7 (A vs. B) B resigns} 1-0\n\r'), ...reader.end()];
 * console.log(JSON.stringify(writeFicsEvents(events))); // → "<sr> 4 7\n{Game 7 (A vs. B) B resigns} 1-0\n"
 * ```
 */
export function writeFicsEvents(events: Iterable<FicsEvent>): string {
  let out = '';
  for (const event of events) {
    if (event.kind === 'unit-start')
      out += `${BLOCK_START}${String(event.block.id)}${BLOCK_SEPARATOR}${String(event.block.command)}${BLOCK_SEPARATOR}`;
    else if (event.kind === 'unit-end') out += `${BLOCK_END}\n`;
    else out += `${writeFicsEvent(event)}\n`;
  }
  return out;
}
