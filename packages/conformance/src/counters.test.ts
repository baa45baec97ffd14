/**
 * Move counters have one range, board-core's: 0 (fullmoves 1) to `MAX_COUNTER`. Whatever a
 * reader produces past the old FEN limit of 9999 must go through every writer: a server's move
 * number 10000, a PGN game of more than 19,998 plies, a tracked game of either.
 */
import { MAX_COUNTER, standardSetup } from '@chess-formats/board-core';
import { parseFen, writeFen } from '@chess-formats/fen';
import { parseOcpn, writeOcpn } from '@chess-formats/ocpn';
import { formatByName } from '@chess-formats/formats';
import { finalSetup, gameToPgn, parsePgn, writePgn, type PgnGame } from '@chess-formats/pgn';
import { createStyle12Tracker, parseStyle12, style12ToJson } from '@chess-formats/style12';
import { describe, expect, test } from 'vitest';

const START_RANKS = 'rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR';

/** A FICS board line of game 7 at the start position, with White to make move `moveNumber`. */
function boardLine(moveNumber: number): string {
  return `<12> ${START_RANKS} W -1 1 1 1 1 0 7 Alice Bob 0 3 0 39 39 180 180 ${moveNumber} none (0:00) none 0 0 0`;
}

/** A game of `plies` knight moves, back and forth, from the start. */
function longGame(plies: number): string {
  const cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  const moves: string[] = [];
  for (let i = 0; i < plies; i++) moves.push(i % 2 === 0 ? `${i / 2 + 1}. ${cycle[i % 4]}` : (cycle[i % 4] as string));
  return `[Event "long"]\n[Result "*"]\n\n${moves.join(' ')} *\n`;
}

describe('move counters past 9999 go through every writer', () => {
  test('a board line with move number 10000: parsed, written as FEN, tracked and written as PGN', () => {
    const read = parseStyle12(boardLine(10_000));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.setup.fullmoves).toBe(10_000);
    expect(writeFen(read.value.setup)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 10000');
    expect(() => style12ToJson(read.value)).not.toThrow();

    const tracker = createStyle12Tracker();
    tracker.push(read.value);
    const [game] = tracker.games();
    expect(game).toBeDefined();
    if (!game) return;
    const pgn = writePgn(gameToPgn(game));
    expect(pgn).toContain('[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 10000"]');
    const [back] = parsePgn(pgn);
    expect(back?.ok && finalSetup(back.value).fullmoves).toBe(10_000);
  });

  test('a PGN game of 20,000 plies: read, its final position written, and its JSON built', () => {
    const text = longGame(20_000);
    // Through the one list, as the CLI's `pgn --json` and the demo reach it.
    const pgnFormat = formatByName('pgn');
    if (pgnFormat?.kind !== 'text') throw new Error('pgn is a text format of the list');
    const read = pgnFormat.parse(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const last = finalSetup((read.value as readonly PgnGame[])[0]!);
    expect(last.fullmoves).toBe(10_001);
    expect(writeFen(last)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 20000 10001');
    expect(() => pgnFormat.toJson?.(read.value)).not.toThrow();
  });

  test('FEN and OCPN read and write every counter up to MAX_COUNTER, and refuse the next', () => {
    for (const [halfmoves, fullmoves] of [
      [10_000, 10_000],
      [MAX_COUNTER, MAX_COUNTER],
    ] as const) {
      const setup = { ...standardSetup(), halfmoves, fullmoves };
      const fen = parseFen(writeFen(setup));
      expect(fen.ok && [fen.value.halfmoves, fen.value.fullmoves]).toEqual([halfmoves, fullmoves]);
    }
    expect(() => writeFen({ ...standardSetup(), fullmoves: MAX_COUNTER + 1 })).toThrow(TypeError);
    const omega = parseOcpn(
      `WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w KQkq KQkq - wb -- ${MAX_COUNTER} ${MAX_COUNTER}`,
    );
    expect(omega.ok).toBe(true);
    if (omega.ok) expect(writeOcpn(omega.value)).toContain(` ${MAX_COUNTER} ${MAX_COUNTER}`);
  });
});
