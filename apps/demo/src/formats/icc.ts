import { play, writeSan, type Move, type Setup, type TrackedGame } from '@chess-formats/board-core';
import { trackedInfo } from '../view/players.js';
import {
  createIccTracker,
  inferMoveSettings,
  type DatagramName,
  type IccDecoder,
  type IccDecoderOptions,
  type IccError,
  type IccEvent,
  type IccTracker,
  type IccTrackerEvent,
} from '@chess-formats/icc-dg';
import type { FieldRow, FormatAdapter, FormatView, InputError, Position, SessionEvent } from './adapter.js';
import { GameBook, MAX_EVENTS } from './fics.js';
import { streamFormat } from './list.js';

const ICC = streamFormat<IccDecoder, IccDecoderOptions>('icc');

/**
 * The level 2 variables a capture is read with. A capture holds the server's side only, not
 * the `level2settings=` line the client sent, and some datagrams change shape with them. We
 * assume the ones most clients turn on (those of icc-dg's recorded session), and infer the
 * move companions (below).
 */
const BASE_SETTINGS: readonly DatagramName[] = [
  'DG_WHO_AM_I',
  'DG_MY_GAME_STARTED',
  'DG_MY_GAME_RESULT',
  'DG_STARTED_OBSERVING',
  'DG_PLAYERS_IN_MY_GAME',
  'DG_SEND_MOVES',
  'DG_KIBITZ',
  'DG_CHANNEL_TELL',
  'DG_MATCH',
  'DG_MATCH_REMOVED',
  'DG_PERSONAL_TELL',
  'DG_FLIP',
  'DG_MY_RELATION_TO_GAME',
  'DG_SEEK',
  'DG_SEEK_REMOVED',
  'DG_MSEC',
  'DG_POSITION_BEGIN',
];

const DEFAULT_COMPANIONS: readonly DatagramName[] = ['DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK'];

/** Decodes the whole capture with one set of settings. */
function decode(text: string, companions: readonly DatagramName[]): IccEvent[] {
  const decoder = ICC.createReader({ settings: [...BASE_SETTINGS, ...companions] });
  return [...decoder.push(text), ...decoder.end()];
}

/**
 * The move companions (algebraic, Smith, time, clock, is-variation) the capture's move
 * datagrams show, by icc-dg's `inferMoveSettings`; the common set when no move tells.
 */
export function inferCompanions(events: readonly IccEvent[]): readonly DatagramName[] {
  const datagrams = events.flatMap((event) =>
    event.kind === 'datagram'
      ? [event.datagram]
      : event.kind === 'error' && event.error.datagram
        ? [event.error.datagram]
        : [],
  );
  return inferMoveSettings(datagrams)?.settings ?? DEFAULT_COMPANIONS;
}

/** The events of the capture, read with the move companions its move datagrams show. */
export function decodeCapture(text: string): { events: IccEvent[]; companions: readonly DatagramName[] } {
  const first = decode(text, DEFAULT_COMPANIONS);
  const companions = inferCompanions(first);
  return { events: companions.join() === DEFAULT_COMPANIONS.join() ? first : decode(text, companions), companions };
}

/** A typed field value, as text for the events table. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) return value.map(showValue).join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const DELIMITERS: Partial<Record<IccEvent['kind'], string>> = {
  'unit-start': '\x19[',
  'unit-end': '\x19]',
  'command-start': '\x19<',
  'command-end': '\x19>',
  overflow: '\x1a',
};

function iccError(text: string, error: IccError): InputError {
  const offset = Math.max(0, Math.min(error.offset, text.length));
  return {
    code: error.code,
    message: error.message,
    offset,
    length: offset < text.length ? 1 : 0,
    field: error.field === 0 ? 'framing' : `argument ${error.field}`,
  };
}

function gameTitle(game: TrackedGame): string {
  return `Game ${game.gameNumber}: ${game.white.name} vs ${game.black.name}`;
}

/** A position of the game with the clocks as they stand, and the move into it (`before` is the position it was played from). */
function plyPosition(
  game: TrackedGame,
  setup: Setup,
  flip: boolean,
  move?: Move,
  before?: Setup,
  text?: string,
): { position: Position; san?: string } {
  const clocks = {
    ...(game.clocks.white === undefined ? {} : { white: game.clocks.white }),
    ...(game.clocks.black === undefined ? {} : { black: game.clocks.black }),
  };
  let san: string | undefined;
  if (move && before) {
    try {
      san = writeSan(before, move);
    } catch {
      san = text;
    }
  }
  const position: Position = {
    setup,
    title: gameTitle(game),
    clocks,
    game: trackedInfo(game),
    ...(move ? { lastMove: move } : {}),
    ...(flip ? { flipped: true } : {}),
  };
  return san === undefined ? { position } : { position, san };
}

/**
 * Follows the tracker's events into plies: a move is a new ply, with the clocks as they stand;
 * a clock datagram after it (DG_MSEC) updates that ply's clocks, so each ply shows the clocks
 * after its move. A position (a move list, DG_POSITION_BEGIN) starts the game's plies again.
 */
class IccGames {
  readonly book = new GameBook();
  /** The position each game's last ply shows, to write the next move in SAN. */
  private readonly current = new Map<number, Setup>();

  private readonly tracker: IccTracker;

  constructor(tracker: IccTracker) {
    this.tracker = tracker;
  }

  follow(event: IccTrackerEvent): void {
    if (event.kind === 'error' || event.kind === 'game-ended') {
      if (event.game) this.book.track(event.game);
      return;
    }
    const { game } = event;
    const number = game.gameNumber;
    const facts = this.tracker.facts(number);
    const flip = facts?.flip ?? false;
    switch (event.kind) {
      case 'game-started':
        this.book.start(number, gameTitle(game), plyPosition(game, game.setup, flip).position);
        break;
      case 'position': {
        // The game from the position it starts at: every move of it again.
        this.book.restart(number, plyPosition(game, game.initial, flip).position);
        let before = game.initial;
        game.moves.forEach(({ move }, i) => {
          const after = play(before, move);
          const ply = plyPosition(game, after, flip, move, before, facts?.moveTexts[i]);
          this.book.add(number, ply.position, ply.san);
          before = after;
        });
        break;
      }
      case 'move': {
        const ply = plyPosition(game, game.setup, flip, event.move, this.current.get(number), facts?.moveTexts.at(-1));
        this.book.add(number, ply.position, ply.san);
        break;
      }
      case 'takeback':
        this.book.add(number, plyPosition(game, game.setup, flip).position);
        break;
      case 'clock': {
        const last = this.book.last(number);
        this.book.replaceLast(number, plyPosition(game, game.setup, flip, last?.lastMove).position);
        break;
      }
      case 'game-left':
        this.book.track(game);
        this.book.leave(number);
        this.current.delete(number);
        return;
    }
    this.current.set(number, game.setup);
    this.book.track(game);
  }
}

function datagramRow(event: Extract<IccEvent, { kind: 'datagram' }>, games: IccGames): SessionEvent {
  const { datagram } = event;
  const fields = datagram.fields
    ? Object.entries(datagram.fields).map(([name, value]) => ({ name, value: showValue(value) }))
    : datagram.args.map((value, i) => ({ name: `arg${i + 1}`, value }));
  if (datagram.extra.length) fields.push({ name: 'extra', value: datagram.extra.join(' ') });
  const number = (datagram.fields as { gameNumber?: unknown } | null)?.gameNumber;
  return {
    offset: event.offset,
    kind: 'datagram',
    name: datagram.name ?? `DG ${datagram.id}`,
    fields,
    ...(typeof number === 'number' ? games.book.placeOf(number) : {}),
  };
}

function eventRow(event: IccEvent, offset: number, games: IccGames): SessionEvent {
  switch (event.kind) {
    case 'datagram':
      return datagramRow(event, games);
    case 'unit-start':
      return {
        offset,
        kind: 'unit-start',
        name: `unit ${event.command}`,
        fields: [
          { name: 'command', value: String(event.command) },
          { name: 'player', value: event.player },
          ...(event.tag === undefined ? [] : [{ name: 'tag', value: event.tag }]),
          { name: 'depth', value: String(event.depth) },
        ],
      };
    case 'unit-end':
      return { offset, kind: 'unit-end', name: 'unit end', fields: [{ name: 'depth', value: String(event.depth) }] };
    case 'text':
      return { offset, kind: 'text', name: 'text', fields: [], text: event.text.replace(/\r?\n$/, '') };
    case 'error':
      return {
        offset: Math.max(0, event.error.offset),
        kind: 'error',
        name: event.error.code,
        fields: [],
        text: event.error.message,
      };
    default:
      return { offset, kind: event.kind, name: event.kind, fields: [] };
  }
}

/** The raw text of the datagram that starts at `offset`, to its `^Y)`. */
function datagramText(text: string, offset: number): string {
  const end = text.indexOf('\x19)', offset);
  return end < 0 ? text.slice(offset) : text.slice(offset, end + 2);
}

export function readIcc(text: string): FormatView {
  if (typeof text !== 'string' || text.trim() === '') {
    return {
      positions: [],
      fields: [],
      errors: [{ code: 'empty', message: 'The capture is empty', offset: 0, length: 0 }],
      notes: [],
      session: { events: [], games: [] },
    };
  }
  const { events: decoded, companions } = decodeCapture(text);
  const tracker = createIccTracker();
  const games = new IccGames(tracker);
  const events: SessionEvent[] = [];
  const errors: InputError[] = [];
  const fields: FieldRow[] = [];
  const named = new Set<string>();
  let cursor = 0;
  for (const event of decoded) {
    // Only datagrams and errors carry offsets; the other events are found in order from the last one.
    let offset = cursor;
    if (event.kind === 'datagram') offset = event.offset;
    else if (event.kind === 'error') offset = Math.max(0, Math.min(event.error.offset, text.length));
    else if (event.kind !== 'text') {
      const delimiter = DELIMITERS[event.kind];
      const at = delimiter ? text.indexOf(delimiter, cursor) : -1;
      if (at >= 0) offset = at;
    }
    if (event.kind === 'text' && text.startsWith(event.text, cursor)) cursor += event.text.length;
    else if (event.kind !== 'error') cursor = Math.max(cursor, offset + 1);
    const changes = tracker.push(event);
    for (const change of changes) games.follow(change);
    for (const fault of changes.flatMap((c) => (c.kind === 'error' ? [c.error] : [])))
      errors.push({
        code: fault.code,
        message: `Game ${fault.gameNumber}: ${fault.message}`,
        offset: Math.min(fault.offset, text.length),
        length: 1,
        field: `argument ${fault.field}`,
      });
    if (events.length < MAX_EVENTS) events.push(eventRow(event, offset, games));
    if (event.kind === 'error') errors.push(iccError(text, event.error));
    if (event.kind === 'datagram' && event.datagram.name && !named.has(event.datagram.name) && fields.length < 40) {
      named.add(event.datagram.name);
      const row = datagramRow(event, games);
      fields.push({
        name: event.datagram.name,
        text: datagramText(text, event.offset),
        offset: event.offset,
        meaning: `DG ${event.datagram.id}: ${row.fields.map((f) => `${f.name} ${f.value}`).join(', ') || 'no fields'}`,
      });
    }
  }
  const tracked = games.book.games();
  const positions = tracked.flatMap((g) => (g.plies[0] ? [g.plies[0].position] : []));
  const notes = [
    `Read with the move companions ${companions.join(', ') || 'none'} on: a capture does not say which the client set, its move datagrams show how many.`,
  ];
  if (positions.length === 0) notes.push('No game in the capture.');
  if (decoded.length > events.length) notes.push(`The first ${events.length} of ${decoded.length} events are listed.`);
  return { positions, fields, errors, notes, session: { events, games: tracked } };
}

export const ICC_ADAPTER: FormatAdapter = {
  name: 'icc',
  label: 'ICC session',
  family: 'icc',
  example:
    '\x19[137 * w1\r\n\x19(18 117 Corvid Tallis 0 Blitz 1 3 0 3 0 1 {} 2650 2480 1771234117 {GM} {IM} 0 0 0 {} 0\x19)\x19(24 117 e4 e2e4 180\x19)\x19(56 117 W 177840 0\x19)\x19(24 117 c5 c7c5 179\x19)\x19(56 117 B 179100 1\x19)You are now observing game 117.\r\n\x19]',
  detect: (text) => ICC.detect(text),
  read: readIcc,
};
