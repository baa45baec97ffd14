import { parseSan, play, unwrap, writeSan, writeVerbose, type Setup } from '@chess-formats/board-core';
import { parseFen } from '@chess-formats/fen';
import { style12FromSetup, type Style12Facts } from '../build.js';
import { writeStyle12 } from '../write.js';

/**
 * The style 12 lines a server would send for a game played from `fen` through `sans`: the
 * start, then one line per move, made with board-core's rules (tests only).
 */
export function gameLines(fen: string, sans: readonly string[], facts: Partial<Style12Facts> = {}): string[] {
  let setup: Setup = unwrap(parseFen(fen));
  const base: Style12Facts = { gameNumber: 7, whiteName: 'Alice', blackName: 'Bob', ...facts };
  const lines = [writeStyle12(style12FromSetup(setup, base))];
  for (const san of sans) {
    const move = unwrap(parseSan(setup, san));
    const verboseMove = writeVerbose(setup, move);
    const sanMove = writeSan(setup, move);
    setup = play(setup, move);
    lines.push(writeStyle12(style12FromSetup(setup, { ...base, verboseMove, sanMove, moveTimeMs: 1500 })));
  }
  return lines;
}

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
