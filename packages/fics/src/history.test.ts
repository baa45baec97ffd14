/**
 * A game joined part way, whole, on a session of our own: `observe` (its header and the board
 * joined at), a board that comes before the `moves` reply, the reply, a board after it; fed
 * through the session reader, the style12 tracker (`adopt` for the reply) and `gameToPgn`.
 */
import {
  parseSan,
  parseVerbose,
  play,
  standardSetup,
  writeSan,
  writeVerbose,
  type Setup,
} from '@chess-formats/board-core';
import { gameToPgn, writePgn } from '@chess-formats/pgn';
import { createStyle12Tracker, style12FromSetup, writeStyle12 } from '@chess-formats/style12';
import { describe, expect, test } from 'vitest';
import { createFicsReader, movesTableGame, writeMovesTable, type MovesRow } from './index.js';

const SANS = ['d4', 'Nf6', 'c4', 'e6', 'Nc3', 'Bb4', 'Qc2', 'O-O', 'a3', 'Bxc3+', 'Qxc3', 'd5'];
const FACTS = { gameNumber: 41, whiteName: 'Alice', blackName: 'Bob', initialTimeMinutes: 15, incrementSeconds: 10 };

/** The board lines after each move (index i: after i moves), as FICS sends them. */
function boards(): string[] {
  let setup: Setup = standardSetup();
  const lines = [writeStyle12(style12FromSetup(setup, FACTS))];
  for (const san of SANS) {
    const move = parseSan(setup, san);
    if (!move.ok) throw new Error(san);
    const verboseMove = writeVerbose(setup, move.value);
    const sanMove = writeSan(setup, move.value);
    setup = play(setup, move.value);
    lines.push(writeStyle12(style12FromSetup(setup, { ...FACTS, verboseMove, sanMove, moveTimeMs: 3_000 })));
  }
  return lines;
}

/** The `moves` reply for the first `plies` moves, each taking 3 s but the first two. */
function listing(plies: number): string {
  const rows: MovesRow[] = [];
  const listed = (i: number) => ({
    san: SANS[i] as string,
    timeMs: i < 2 ? 0 : 3_000,
    timeText: i < 2 ? '0:00.000' : '0:03.000',
  });
  for (let i = 0; i < plies; i += 2)
    rows.push({ moveNumber: i / 2 + 1, white: listed(i), black: i + 1 < plies ? listed(i + 1) : undefined });
  return writeMovesTable({
    gameNumber: 41,
    white: { name: 'Alice', rating: { text: '1990', value: 1990, mark: undefined } },
    black: { name: 'Bob', rating: { text: '1720P', value: 1720, mark: 'P' } },
    date: 'Thu Nov 26, 12:00 UTC 2026',
    rated: true,
    type: 'standard',
    minutes: 15,
    increment: 10,
    start: undefined,
    rows,
    status: 'Still in progress',
    result: '*',
  });
}

describe('a game joined part way, on a session of our own', () => {
  test('observe at ply 8, a board before the reply, the reply (8 plies), a board after: the PGN is all 10 plies', () => {
    const board = boards();
    const session = [
      'You are now observing game 41.',
      'Game 41: Alice (1990) Bob (1720P) rated standard 15 10',
      '',
      board[8],
      board[9],
      ...listing(8).split('\n'),
      board[10],
      '',
    ].join('\n\r');
    const reader = createFicsReader();
    const tracker = createStyle12Tracker({ moves: { parseVerbose, parseSan } });
    const kinds: string[] = [];
    for (const event of [...reader.push(session), ...reader.end()]) {
      if (event.kind === 'moves') {
        const game = movesTableGame(event.table);
        if (!game.ok) throw new Error(game.error.message);
        kinds.push(...tracker.adopt(game.value).map((e) => e.kind));
      } else kinds.push(...tracker.push(event).map((e) => e.kind));
    }
    expect(kinds).toEqual(['game-started', 'move', 'position', 'move']);
    const game = tracker.game(41);
    expect(game?.moves).toHaveLength(10);
    const pgn = gameToPgn(game!, { server: 'FICS' });
    expect(Object.fromEntries(pgn.tags)).toMatchObject({
      Event: 'FICS rated standard game',
      WhiteElo: '1990',
      BlackElo: '1720',
      TimeControl: '900+10',
    });
    expect(pgn.tags.has('FEN')).toBe(false);
    // The listed moves' clocks come from their times, the later ones from the boards.
    expect(writePgn(pgn)).toContain('4... O-O { [%clk 0:15:21] } 5. a3');
  });

  test('without the reply the PGN starts where the client joined, as before', () => {
    const board = boards();
    const reader = createFicsReader();
    const tracker = createStyle12Tracker();
    for (const event of [...reader.push(`${board[8]!}\n\r${board[9]!}\n\r`), ...reader.end()]) tracker.push(event);
    const pgn = gameToPgn(tracker.game(41)!, { server: 'FICS' });
    expect([pgn.tags.has('FEN'), tracker.game(41)?.moves.length, pgn.tags.get('Event')]).toEqual([
      true,
      1,
      'FICS standard game',
    ]);
  });
});
