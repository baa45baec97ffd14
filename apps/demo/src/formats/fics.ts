import { parseSan, parseVerbose, type TrackedGame } from '@chess-formats/board-core';
import {
  createStyle12Scanner,
  createStyle12Tracker,
  type Style12ScanEvent,
  type Style12Tracker,
  type Style12TrackerEvent,
} from '@chess-formats/style12';
import type {
  FieldRow,
  FormatAdapter,
  FormatView,
  InputError,
  Position,
  SessionEvent,
  SessionGame,
} from './adapter.js';
import { formatClock } from '../view/session.js';
import { streamFormat } from './list.js';
import { holdingsFields, style12Error, style12Fields, style12Position, style12Shape } from './style12.js';

/** Most events listed; a longer capture is still tracked to its end. */
export const MAX_EVENTS = 2000;

/** A game being followed: its plies so far. */
interface GameBuilder {
  readonly id: string;
  readonly title: string;
  readonly plies: { position: Position; san?: string }[];
  tracked?: TrackedGame;
}

/**
 * A session's games, keyed by game number while they last: a game number that comes back
 * after its game left (FICS reuses numbers) starts a new tracked game.
 */
export class GameBook {
  private readonly byNumber = new Map<number, GameBuilder>();
  private readonly all: GameBuilder[] = [];

  idOf(gameNumber: number): string | undefined {
    return this.byNumber.get(gameNumber)?.id;
  }

  /** The game of that number and the ply it stands at now, for an event row that jumps there. */
  placeOf(gameNumber: number): { gameId: string; ply: number } | Record<string, never> {
    const game = this.byNumber.get(gameNumber);
    return game ? { gameId: game.id, ply: Math.max(0, game.plies.length - 1) } : {};
  }

  start(gameNumber: number, title: string, position: Position): void {
    const seen = this.all.filter((g) => g.id === String(gameNumber) || g.id.startsWith(`${gameNumber}#`)).length;
    const game: GameBuilder = {
      id: seen ? `${gameNumber}#${seen + 1}` : String(gameNumber),
      // A number played again is another game: named apart (`Game 7 (2): ...`) in the chooser.
      title: seen ? title.replace(/^Game (\d+)/, `Game $1 (${seen + 1})`) : title,
      plies: [{ position }],
    };
    this.byNumber.set(gameNumber, game);
    this.all.push(game);
  }

  add(gameNumber: number, position: Position, san?: string): void {
    this.byNumber.get(gameNumber)?.plies.push(san === undefined ? { position } : { position, san });
  }

  /** The game's latest ply, shown again with what changed since (the clocks after its move). */
  replaceLast(gameNumber: number, position: Position): void {
    const plies = this.byNumber.get(gameNumber)?.plies;
    const last = plies?.[plies.length - 1];
    if (plies && last) plies[plies.length - 1] = { ...last, position };
  }

  /** The position the game's latest ply shows. */
  last(gameNumber: number): Position | undefined {
    return this.byNumber.get(gameNumber)?.plies.at(-1)?.position;
  }

  /** The game starts again from a new position (a position sent before any move). */
  restart(gameNumber: number, position: Position): void {
    const plies = this.byNumber.get(gameNumber)?.plies;
    if (plies) plies.splice(0, plies.length, { position });
  }

  /** Keeps the tracker's latest state of the game beside its plies. */
  track(game: TrackedGame): void {
    const builder = this.byNumber.get(game.gameNumber);
    if (builder) builder.tracked = game;
  }

  leave(gameNumber: number): void {
    this.byNumber.delete(gameNumber);
  }

  games(): SessionGame[] {
    return this.all.map((g) => ({
      id: g.id,
      title: g.title,
      plies: g.plies,
      ...(g.tracked ? { tracked: g.tracked } : {}),
    }));
  }
}

function trackerRow(event: Style12TrackerEvent, offset: number, book: GameBook, tracker: Style12Tracker): SessionEvent {
  const { game } = event;
  const fields = [{ name: 'game', value: String(game.gameNumber) }];
  if (event.kind === 'move') fields.push({ name: 'move', value: tracker.record(game.gameNumber)?.sanMove ?? '' });
  if (event.kind === 'error') fields.push({ name: 'move', value: `unread: ${event.error.message}` });
  if (event.kind === 'takeback') fields.push({ name: 'plies', value: String(event.plies) });
  if (event.kind === 'game-started')
    fields.push({ name: 'players', value: `${game.white.name} vs ${game.black.name}` });
  if (event.kind === 'game-ended')
    fields.push({ name: 'result', value: event.result }, { name: 'reason', value: event.reason });
  if (event.kind === 'game-left') fields.push({ name: 'why', value: event.why });
  return { offset, kind: 'tracker', name: event.kind, fields, ...book.placeOf(game.gameNumber) };
}

/** Feeds the tracker's events into the game book. */
function follow(event: Style12TrackerEvent, book: GameBook, tracker: Style12Tracker): void {
  const { game } = event;
  if (event.kind === 'game-left') {
    book.track(game);
    book.leave(game.gameNumber);
    return;
  }
  const record = tracker.record(game.gameNumber);
  if (record === undefined) return;
  const shown = style12Position(record, undefined, game.setup);
  if (event.kind === 'game-started')
    book.start(game.gameNumber, `Game ${game.gameNumber}: ${game.white.name} vs ${game.black.name}`, shown);
  else if (event.kind === 'move') book.add(game.gameNumber, { ...shown, lastMove: event.move }, record.sanMove);
  else if (event.kind === 'takeback' || event.kind === 'position') book.add(game.gameNumber, stripMove(shown));
  book.track(game);
}

/** A position reached by a takeback or a jump: no last move to highlight. */
function stripMove(position: Position): Position {
  const { lastMove: _move, ...rest } = position;
  return rest;
}

function scanRow(event: Style12ScanEvent, offset: number, book: GameBook): SessionEvent {
  switch (event.kind) {
    case 'board': {
      const r = event.record;
      return {
        offset,
        kind: 'style12',
        name: '<12>',
        fields: [
          { name: 'game', value: String(r.gameNumber) },
          { name: 'white', value: r.whiteName },
          { name: 'black', value: r.blackName },
          { name: 'relation', value: String(r.relation) },
          { name: 'move', value: r.sanMove },
          { name: 'clocks', value: `${formatClock(r.whiteRemainingMs)} ${formatClock(r.blackRemainingMs)}` },
        ],
        ...book.placeOf(r.gameNumber),
      };
    }
    case 'holdings': {
      const h = event.holdings;
      return {
        offset,
        kind: 'holdings',
        name: '<b1>',
        fields: [{ name: 'game', value: String(h.gameNumber) }],
        text: event.line,
        ...book.placeOf(h.gameNumber),
      };
    }
    case 'text':
      return { offset, kind: 'text', name: 'text', fields: [], text: event.text };
    case 'error':
      return { offset, kind: 'error', name: event.error.code, fields: [], text: event.error.message };
    case 'unit-start':
    case 'unit-end':
      return {
        offset,
        kind: 'block',
        name: event.kind,
        fields: [
          { name: 'id', value: String(event.block.id) },
          { name: 'command', value: String(event.block.command) },
        ],
      };
  }
}

/**
 * A raw FICS stream: the scanner's events (boards, holdings, text, errors, block ends) in
 * order, the tracker's events after the line that caused them, and every tracked game
 * position by position. Lines are fed one at a time, so each event knows where its line starts.
 */
export function readFics(text: string): FormatView {
  if (typeof text !== 'string' || text.trim() === '') {
    return {
      positions: [],
      fields: [],
      errors: [{ code: 'empty', message: 'The stream is empty', offset: 0, length: 0 }],
      notes: [],
      session: { events: [], games: [] },
    };
  }
  const scanner = createStyle12Scanner();
  const tracker = createStyle12Tracker({ moves: { parseVerbose, parseSan } });
  const book = new GameBook();
  const events: SessionEvent[] = [];
  const positions: Position[] = [];
  const errors: InputError[] = [];
  let fields: FieldRow[] = [];
  let listed = 0;
  const emit = (row: SessionEvent): void => {
    listed++;
    if (events.length < MAX_EVENTS) events.push(row);
  };
  const handle = (scanned: readonly Style12ScanEvent[], lineStart: number): void => {
    for (const event of scanned) {
      const found = 'line' in event ? text.indexOf(event.line, lineStart) : -1;
      const offset = found >= 0 ? found : Math.min(lineStart, text.length);
      const tracked =
        event.kind === 'board' || event.kind === 'holdings' || event.kind === 'text' ? tracker.push(event) : [];
      for (const t of tracked) follow(t, book, tracker);
      emit(scanRow(event, offset, book));
      for (const t of tracked) emit(trackerRow(t, offset, book, tracker));
      if (event.kind === 'board') {
        positions.push(style12Position(event.record));
        if (fields.length === 0) fields = style12Fields(text, offset, offset + event.line.length, event.record);
      } else if (
        event.kind === 'holdings' &&
        fields.length > 0 &&
        fields.every((f) => !f.name.startsWith('holdings'))
      ) {
        fields.push(...holdingsFields(text, offset, offset + event.line.length, event.holdings));
      } else if (event.kind === 'error') {
        errors.push(style12Error(text, event.error, offset));
      }
    }
  };
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const end = newline < 0 ? text.length : newline + 1;
    handle(scanner.push(text.slice(lineStart, end)), lineStart);
    lineStart = end;
  }
  handle(scanner.end(), lineStart);
  const notes: string[] = [];
  if (positions.length === 0) notes.push('No style 12 board in the stream: only text.');
  if (listed > events.length) notes.push(`The first ${events.length} of ${listed} events are listed.`);
  return { positions, fields, errors, notes, session: { events, games: book.games() } };
}

/** FICS's own marks in text without boards: the prompt, game announcements. */
function ficsText(text: string): boolean {
  const head = text.slice(0, 4000);
  return head.includes('fics%') || head.includes('{Game ') || head.includes('Creating: ');
}

export const FICS_ADAPTER: FormatAdapter = {
  name: 'fics',
  label: 'FICS stream',
  family: 'style12',
  example: [
    'fics% ',
    'Creating: Alice (1500) Bob (1500) unrated blitz 3 0',
    '{Game 7 (Alice vs. Bob) Creating unrated blitz match.}',
    '',
    '<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Alice Bob 1 3 0 39 39 180 180 1 none (0:00) none 0 0 0',
    '<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Alice Bob -1 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0 1 0',
    '<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 7 Alice Bob 1 3 0 39 39 180 177 2 P/e7-e5 (0:03) e5 0 1 0',
    '<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R B -1 1 1 1 1 1 7 Alice Bob -1 3 0 39 39 178 177 2 N/g1-f3 (0:02) Nf3 0 1 0',
    'fics% ',
  ].join('\n'),
  detect(text) {
    if (typeof text !== 'string') return 0;
    const shape = style12Shape(text);
    if (shape === 'stream' || shape === 'holdings') return 0.9;
    if (shape === 'line' || shape === 'broken-line') return 0.5;
    if (text.includes('\n<12> ') || text.includes('\n<b1> ')) return 0.9;
    if (ficsText(text)) return 0.5;
    // Plain text is what a FICS server sends between boards, and no other format reads it:
    // just above FEN's score for text without a placement (0.02), so its lines are listed.
    return text.trim() === '' ? 0 : 0.03;
  },
  read: readFics,
};

/** The FICS session format of the list, whose detector knows FICS's machine lines beside the boards. */
const FICS = streamFormat<unknown, unknown>('fics');

/**
 * The FICS session format of the list (`@chess-formats/fics`) in the FICS stream's view: a
 * session with FICS's own lines (seeks, offers, notices, tables). Before the stream view in the
 * menu, but it claims a text only by those lines (the prompts and block frames that mark any FICS
 * stream are left to the stream view), so a stream of boards alone stays there.
 */
export const FICS_SESSION_ADAPTER: FormatAdapter = {
  ...FICS_ADAPTER,
  name: 'fics-session',
  label: 'FICS session',
  family: 'fics',
  example: [
    '<s> 7 w=Alice ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f',
    '<sr> 7',
    'Creating: Alice (1500) Bob (1500) unrated blitz 3 0',
    '{Game 7 (Alice vs. Bob) Creating unrated blitz match.}',
    '<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Alice Bob 1 3 0 39 39 180 180 1 none (0:00) none 0 0 0',
  ].join('\n'),
  detect(text) {
    if (typeof text !== 'string') return 0;
    const lines = text
      .slice(0, 4096)
      .replaceAll('fics% ', '')
      .replace(/\u0015\d*\u0016\d*\u0016/g, '\n');
    return Math.min(FICS.detect(lines), 0.9);
  },
};
