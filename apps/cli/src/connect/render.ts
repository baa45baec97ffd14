import { boardDiagram } from '@chess-formats/board-core';
import { writeFen } from '@chess-formats/fen';
import type { ObservedPosition, ServerKind } from './protocol.js';

/** The JSON line printed for each position with `--json`. */
export interface PositionJson {
  readonly kind: 'position';
  readonly server: ServerKind;
  readonly game: number;
  readonly white: string;
  readonly black: string;
  readonly fen: string;
  readonly turn: 'white' | 'black';
  readonly whiteClockMs: number | null;
  readonly blackClockMs: number | null;
  readonly lastMove: string | null;
}

/** The JSON line printed when the observed game ends. */
export interface GameOverJson {
  readonly kind: 'game-over';
  readonly server: ServerKind;
  readonly game: number;
  readonly result: string;
  /** The server's words for why (`Tarrasque resigns`), when it gave them. */
  readonly reason?: string;
}

export function positionJson(position: ObservedPosition, server: ServerKind): PositionJson {
  return {
    kind: 'position',
    server,
    game: position.game,
    white: position.white,
    black: position.black,
    fen: writeFen(position.setup),
    turn: position.setup.turn,
    whiteClockMs: position.whiteClockMs ?? null,
    blackClockMs: position.blackClockMs ?? null,
    lastMove: position.lastMove ?? null,
  };
}

/** A clock as `m:ss.t` (`h:mm:ss.t` from an hour), with a minus sign after a fallen flag. */
export function formatClock(ms: number | undefined): string {
  if (ms === undefined) return '?';
  const sign = ms < 0 ? '-' : '';
  const tenths = Math.floor(Math.abs(ms) / 100);
  const hours = Math.floor(tenths / 36_000);
  const minutes = Math.floor((tenths % 36_000) / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  const ss = `${String(seconds).padStart(2, '0')}.${String(tenths % 10)}`;
  return hours > 0
    ? `${sign}${String(hours)}:${String(minutes).padStart(2, '0')}:${ss}`
    : `${sign}${String(minutes)}:${ss}`;
}

/** The text block printed for each position: a header line, the board, the FEN, a blank line. */
export function positionText(position: ObservedPosition): string {
  const { setup } = position;
  const moved = position.lastMove === undefined ? 'start' : `last move ${position.lastMove}`;
  const header =
    `game ${String(position.game)}: ${position.white} vs ${position.black}, ${moved}, ` +
    `${setup.turn} to move, white ${formatClock(position.whiteClockMs)}, black ${formatClock(position.blackClockMs)}`;
  return `${header}\n${boardDiagram(setup.board)}\n${writeFen(setup)}\n\n`;
}

export function renderPosition(position: ObservedPosition, server: ServerKind, json: boolean): string {
  return json ? `${JSON.stringify(positionJson(position, server))}\n` : positionText(position);
}

export function renderGameOver(
  game: number,
  result: string,
  server: ServerKind,
  json: boolean,
  reason?: string,
): string {
  if (json) {
    const line: GameOverJson =
      reason === undefined
        ? { kind: 'game-over', server, game, result }
        : { kind: 'game-over', server, game, result, reason };
    return `${JSON.stringify(line)}\n`;
  }
  return `game ${String(game)} is over: ${result}${reason === undefined ? '' : ` (${reason})`}\n`;
}
