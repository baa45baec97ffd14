import type { TrackedGame } from '@chess-formats/board-core';
import {
  createIccDecoder,
  createIccTracker,
  type Datagram,
  type IccEvent,
  type IccTrackerEvent,
} from '@chess-formats/icc-dg';
import { createFicsReader, type FicsEvent } from '@chess-formats/fics';
import { createStyle12Tracker } from '@chess-formats/style12';
import { ICC_DATAGRAMS } from '@chess-formats/client';
import { trackerInput } from '../fics-command.js';
import type { DecoderFactory, ObservedPosition, ServerDecoder, ServerEvent } from './protocol.js';

/** What connect prints of a tracked game: the players, the current position, both clocks. */
function observed(game: TrackedGame, lastMove: string | undefined): ObservedPosition {
  return {
    game: game.gameNumber,
    white: game.white.name,
    black: game.black.name,
    setup: game.setup,
    // Milliseconds whatever the server sent (FICS `iset ms 1` asks for milliseconds; a server
    // that ignores it sends seconds, which the style12 parser reads from the move-time format).
    whiteClockMs: game.clocks.white,
    blackClockMs: game.clocks.black,
    lastMove,
  };
}

/** The reader's events that change the seek and offer books. */
const BOOK_KINDS: ReadonlySet<FicsEvent['kind']> = new Set([
  'seek',
  'seek-remove',
  'seek-ads-removed',
  'seek-clear',
  'offer',
  'offer-remove',
]);

/**
 * FICS: the fics package's session reader (lines, prompts, BEL, block mode, `<12>` boards and
 * every other line kind typed) and the style12 tracker. Every board of a game is a position; the
 * tracker's game-ended gives the result and the server's reason (`{Game 87 (Melanchthon vs.
 * Rookwise) Rookwise forfeits on time} 1-0`). Every line the reader read (typed or not) is also
 * a `line`, for the session's games list and refusals; seeks and offers are `book` events.
 */
export function ficsDecoder(): ServerDecoder {
  // connect sets `iset nowrap 1`: no line continues another, so none is held back waiting to see.
  const reader = createFicsReader({ joinContinuations: false });
  const tracker = createStyle12Tracker();
  const convert = (events: readonly FicsEvent[]): ServerEvent[] => {
    const out: ServerEvent[] = [];
    for (const event of events) {
      if (event.kind === 'text') out.push({ kind: 'line', text: event.text });
      else if (event.kind === 'error')
        out.push({ kind: 'garbage', message: `${event.error.code}: ${event.error.message}` });
      else if ('line' in event && event.kind !== 'board' && event.kind !== 'holdings')
        out.push({ kind: 'line', text: event.line });
      if (BOOK_KINDS.has(event.kind)) out.push({ kind: 'book', event });
      const input = trackerInput(event);
      if (input === undefined) continue;
      for (const change of tracker.push(input)) {
        switch (change.kind) {
          case 'game-started':
          case 'move':
          case 'takeback':
          case 'position':
          case 'clock': {
            const san = tracker.record(change.game.gameNumber)?.sanMove;
            out.push({
              kind: 'position',
              position: observed(change.game, san === undefined || san === 'none' ? undefined : san),
            });
            break;
          }
          case 'game-ended':
            out.push({
              kind: 'game-over',
              game: change.game.gameNumber,
              result: change.result,
              reason: change.reason,
              tracked: change.game,
            });
            break;
          default:
            break;
        }
      }
    }
    return out;
  };
  return {
    push: (chunk) => convert(reader.push(chunk)),
    end: () => convert(reader.end()),
  };
}

/** The longest line of ICC text kept while its end has not come (text pieces come between delimiters). */
const MAX_ICC_LINE = 4096;

/**
 * ICC: the icc-dg package's decoder and game tracker. A position is reported once its clocks
 * are known: the tracker's `position-complete` event (see its README) says when.
 */
export function iccDecoder(): ServerDecoder {
  // 64 KiB is far above any datagram connect turns on (the longest, DG_STARTED_OBSERVING, is short).
  const decoder = createIccDecoder({ settings: ICC_DATAGRAMS, maxDatagramSize: 64 * 1024 });
  const tracker = createIccTracker();
  let partial = '';
  /** The algebraic text of the move into each game's position, shown beside it. */
  const lastSan = new Map<number, string | undefined>();

  const changes = (events: readonly IccTrackerEvent[], out: ServerEvent[]) => {
    for (const change of events) {
      if (change.kind === 'position-complete') {
        const gameNumber = change.game.gameNumber;
        out.push({ kind: 'position', position: observed(change.game, lastSan.get(gameNumber)) });
      } else if (change.kind === 'error')
        out.push({ kind: 'garbage', message: `${change.error.code}: ${change.error.message}` });
      else if (change.kind === 'game-ended')
        out.push({
          kind: 'game-over',
          game: change.game.gameNumber,
          result: change.result,
          reason: change.reason,
          tracked: change.game,
        });
    }
  };

  const lines = (text: string, out: ServerEvent[], complete: boolean) => {
    partial += text;
    for (let end = partial.indexOf('\n'); end !== -1; end = partial.indexOf('\n')) {
      out.push({ kind: 'line', text: partial.slice(0, end).replace(/\r/g, '') });
      partial = partial.slice(end + 1);
    }
    if (partial.length > MAX_ICC_LINE) partial = partial.slice(-MAX_ICC_LINE);
    if (complete && partial !== '') {
      out.push({ kind: 'line', text: partial.replace(/\r/g, '') });
      partial = '';
    }
  };

  const onDatagram = (event: IccEvent & { kind: 'datagram' }, out: ServerEvent[]) => {
    const dg: Datagram = event.datagram;
    out.push({ kind: 'datagram', id: dg.id, args: dg.args });
    changes(tracker.push(event), out);
    const gameNumber = dg.fields !== null && 'gameNumber' in dg.fields ? (dg.fields.gameNumber as number) : undefined;
    if (gameNumber === undefined) return;
    switch (dg.name) {
      case 'DG_POSITION_BEGIN':
      case 'DG_SET_BOARD':
      case 'DG_FEN':
        lastSan.set(gameNumber, undefined);
        return;
      case 'DG_MOVE_LIST': {
        const moves = dg.fields.moves;
        lastSan.set(gameNumber, moves.length === 0 ? undefined : moves[moves.length - 1]?.algebraicMove);
        return;
      }
      case 'DG_SEND_MOVES':
        lastSan.set(gameNumber, dg.fields.algebraicMove);
        return;
      default:
        return;
    }
  };

  const convert = (events: readonly IccEvent[], out: ServerEvent[] = []): ServerEvent[] => {
    for (const event of events) {
      switch (event.kind) {
        case 'text':
          lines(event.text, out, false);
          break;
        case 'unit-start':
        case 'unit-end':
          // A unit is one command's output: its text does not run on past the unit.
          lines('', out, true);
          break;
        case 'datagram':
          onDatagram(event, out);
          break;
        case 'overflow':
          out.push({ kind: 'garbage', message: 'the server discarded output (control-Z: its buffer for us was full)' });
          break;
        case 'error':
          out.push({ kind: 'garbage', message: `${event.error.code}: ${event.error.message}` });
          break;
        default:
          break;
      }
    }
    return out;
  };

  return {
    push: (chunk) => convert(decoder.push(chunk)),
    end: () => {
      const out = convert(decoder.end());
      lines('', out, true);
      changes(tracker.end(), out);
      return out;
    },
  };
}

/** The decoders of the two server families, over the style12 and icc-dg packages. */
export const protocolDecoders: DecoderFactory = (server) => (server === 'fics' ? ficsDecoder() : iccDecoder());
