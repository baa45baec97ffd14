import {
  createIccDecoder,
  currentPosition,
  initialGamesState,
  trackGames,
  type Datagram,
  type GamesState,
  type IccEvent,
} from '@chess-formats/icc-dg';
import { createStyle12Scanner, type Style12ScanEvent } from '@chess-formats/style12';
import { ICC_DATAGRAMS } from './login.js';
import type { DecoderFactory, ServerDecoder, ServerEvent } from './protocol.js';

/** The results that end a game in a FICS `{Game N (...) ...} result` line. */
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/**
 * Reads FICS's end-of-game line, `{Game 87 (Melanchthon vs. Rookwise) Rookwise forfeits on
 * time} 1-0`. The same braces announce a game's start (`... Creating rated blitz match.}`)
 * with no result after them; that is not an end.
 */
export function ficsGameOver(line: string): { game: number; result: string } | undefined {
  if (!line.startsWith('{Game ') || line.length > 1000) return undefined;
  const number = /^\{Game (\d{1,7}) /.exec(line)?.[1];
  const close = line.lastIndexOf('}');
  if (number === undefined || close === -1) return undefined;
  const result = line.slice(close + 1).trim();
  return RESULTS.has(result) ? { game: Number(number), result } : undefined;
}

function ficsEvents(events: readonly Style12ScanEvent[]): ServerEvent[] {
  const out: ServerEvent[] = [];
  for (const event of events) {
    if (event.type === 'board') {
      const record = event.record;
      out.push({
        kind: 'position',
        position: {
          game: record.gameNumber,
          white: record.whiteName,
          black: record.blackName,
          setup: record.setup,
          // Milliseconds whatever the unit sent (`iset ms 1` asks for milliseconds; a server
          // that ignores it sends seconds, which the parser reads from the move-time format).
          whiteClockMs: record.whiteRemainingMs,
          blackClockMs: record.blackRemainingMs,
          lastMove: record.sanMove === 'none' ? undefined : record.sanMove,
        },
      });
    } else if (event.type === 'text') {
      out.push({ kind: 'line', text: event.text });
      const over = ficsGameOver(event.text);
      if (over !== undefined) out.push({ kind: 'game-over', ...over });
    } else if (event.type === 'error') {
      out.push({ kind: 'garbage', message: `${event.error.code}: ${event.error.message}` });
    }
  }
  return out;
}

/** FICS: the style12 package's scanner (lines, `<12>` boards, prompts, BEL, block mode). */
export function ficsDecoder(): ServerDecoder {
  const scanner = createStyle12Scanner();
  return {
    push: (chunk) => ficsEvents(scanner.push(chunk)),
    end: () => ficsEvents(scanner.end()),
  };
}

/** The longest line of ICC text kept while its end has not come (text pieces come between delimiters). */
const MAX_ICC_LINE = 4096;

/**
 * ICC: the icc-dg package's decoder and game tracker. A position is reported once its clocks
 * are known: after a move (or a DG_POSITION_BEGIN and the past moves that follow it) the server
 * sends DG_MSEC for both sides (formats2.txt, DG 56, cases 1 and 2); the position goes out when
 * both have come, or at the next datagram about the game, or at the end of the stream.
 */
export function iccDecoder(): ServerDecoder {
  // 64 KiB is far above any datagram connect turns on (the longest, DG_STARTED_OBSERVING, is short).
  const decoder = createIccDecoder({ settings: ICC_DATAGRAMS, maxDatagramSize: 64 * 1024 });
  let state: GamesState = initialGamesState();
  let partial = '';
  /** Games with a position not yet reported, and the clocks set since. */
  const pending = new Map<number, Set<string>>();
  /** Past moves still to come after a DG_POSITION_BEGIN. */
  const toFollow = new Map<number, number>();
  const lastSan = new Map<number, string | undefined>();

  const flush = (gameNumber: number, out: ServerEvent[]) => {
    if (!pending.delete(gameNumber)) return;
    const game = state.games.get(gameNumber);
    if (game === undefined || !game.inStep) return;
    out.push({
      kind: 'position',
      position: {
        game: gameNumber,
        white: game.white,
        black: game.black,
        setup: currentPosition(game),
        whiteClockMs: game.clocks.white.ms,
        blackClockMs: game.clocks.black.ms,
        lastMove: lastSan.get(gameNumber),
      },
    });
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
    const gameNumber = dg.fields !== null && 'gameNumber' in dg.fields ? (dg.fields.gameNumber as number) : undefined;
    if (gameNumber !== undefined && dg.name !== 'DG_MSEC') flush(gameNumber, out);
    state = trackGames(state, event);
    for (const error of state.errors) out.push({ kind: 'garbage', message: `${error.code}: ${error.message}` });
    if (gameNumber === undefined) return;
    switch (dg.name) {
      case 'DG_POSITION_BEGIN': {
        lastSan.set(gameNumber, undefined);
        toFollow.set(gameNumber, dg.fields.nMovesToFollow);
        if (dg.fields.nMovesToFollow <= 0) pending.set(gameNumber, new Set());
        return;
      }
      case 'DG_SEND_MOVES': {
        lastSan.set(gameNumber, dg.fields.algebraicMove);
        const left = (toFollow.get(gameNumber) ?? 0) - 1;
        if (left > 0) {
          toFollow.set(gameNumber, left);
          return;
        }
        toFollow.delete(gameNumber);
        pending.set(gameNumber, new Set());
        return;
      }
      case 'DG_MSEC': {
        const clocks = pending.get(gameNumber);
        if (clocks === undefined) return;
        clocks.add(dg.fields.color);
        if (clocks.size === 2) flush(gameNumber, out);
        return;
      }
      case 'DG_MY_GAME_RESULT':
        out.push({ kind: 'game-over', game: gameNumber, result: dg.fields.scoreString2 });
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
      for (const gameNumber of [...pending.keys()]) flush(gameNumber, out);
      return out;
    },
  };
}

/** The decoders of the two server families, over the style12 and icc-dg packages. */
export const protocolDecoders: DecoderFactory = (server) => (server === 'fics' ? ficsDecoder() : iccDecoder());
