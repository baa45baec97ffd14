import {
  parseSan,
  parseSetupJson,
  play,
  standardSetup,
  unwrap,
  writeSan,
  writeVerbose,
  type Setup,
} from '@chess-formats/board-core';
import { style12FromSetup, type Style12Facts } from '../build.js';
import { writeStyle12 } from '../write.js';

/**
 * The style 12 lines a server would send for a game played from `start` through `sans`: the
 * start, then one line per move, made with board-core's rules (tests only).
 */
export function gameLines(start: Setup, sans: readonly string[], facts: Partial<Style12Facts> = {}): string[] {
  let setup = start;
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

export const START: Setup = standardSetup();

/** A setup from a few pieces (square name to FEN letter), with empty pockets when `pockets` is given. */
export function setupOf(
  board: Record<string, string>,
  turn: 'white' | 'black' = 'white',
  pockets?: { white: string; black: string },
): Setup {
  return unwrap(
    parseSetupJson({
      geometry: 'standard',
      board,
      turn,
      castlingRooks: [],
      epSquares: [],
      halfmoves: 0,
      fullmoves: 1,
      ...(pockets ? { pockets } : {}),
    }),
  );
}
