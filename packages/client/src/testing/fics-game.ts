import { parseSan, playSan, standardSetup, writeVerbose, type Setup } from '@chess-formats/board-core';
import { style12FromSetup, writeStyle12 } from '@chess-formats/style12';
import type { FicsStandInGame } from '../fics-stand-in.js';

/**
 * A game of our own for the FICS client's tests: game 7, Alice (1850) against Bob (1790E),
 * rated blitz 5 3, ten plies of a Ruy Lopez. The stand-in is given the `observe` reply at ply
 * `joinedAt` (a mid-game join) and the `moves` listing up to there; `boards` are the lines the
 * server sends for the plies after it.
 */
export const OWN_GAME_SAN = ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4', 'Nf6', 'O-O', 'Be7'] as const;
export const OWN_GAME_NUMBER = 7;

function positions(): Setup[] {
  const out = [standardSetup()];
  for (const san of OWN_GAME_SAN) {
    const next = playSan(out[out.length - 1] as Setup, san);
    if (!next.ok) throw new Error(`our own game does not play: ${san}`);
    out.push(next.value);
  }
  return out;
}

/** The style 12 line after `ply` plies, as FICS sends it to an observer with `iset ms 1`. */
export function ownBoard(ply: number): string {
  const all = positions();
  const setup = all[ply] as Setup;
  const before = all[ply - 1];
  const move = before === undefined ? undefined : parseSan(before, OWN_GAME_SAN[ply - 1] ?? '');
  return writeStyle12(
    style12FromSetup(setup, {
      gameNumber: OWN_GAME_NUMBER,
      whiteName: 'Alice',
      blackName: 'Bob',
      relation: 0,
      initialTimeMinutes: 5,
      incrementSeconds: 3,
      whiteRemainingMs: 290_000 - ply * 1000,
      blackRemainingMs: 291_000 - ply * 1000,
      clockUnit: 'milliseconds',
      ...(before === undefined || move === undefined || !move.ok
        ? {}
        : { verboseMove: writeVerbose(before, move.value), sanMove: OWN_GAME_SAN[ply - 1], moveTimeMs: 1500 }),
    }),
  );
}

/** The stand-in's game 7, observed after `joinedAt` plies. */
export function ownGame(joinedAt: number): FicsStandInGame {
  const rows: string[] = [];
  for (let ply = 0; ply < joinedAt; ply += 2) {
    const white = `${OWN_GAME_SAN[ply] ?? ''}`.padEnd(8);
    const black = ply + 1 < joinedAt ? `${(OWN_GAME_SAN[ply + 1] ?? '').padEnd(8)}(0:01.500)` : '';
    rows.push(`${String(ply / 2 + 1).padStart(3)}.  ${white}(0:01.500)     ${black}`.trimEnd());
  }
  return {
    observe: [
      `You are now observing game ${String(OWN_GAME_NUMBER)}.`,
      `Game ${String(OWN_GAME_NUMBER)}: Alice (1850) Bob (1790E) rated blitz 5 3`,
      '',
      ownBoard(joinedAt),
    ],
    moves: [
      `Movelist for game ${String(OWN_GAME_NUMBER)}:`,
      '',
      'Alice (1850) vs. Bob (1790) --- Thu Nov 26, 20:00 UTC 2026',
      'Rated blitz match, initial time: 5 minutes, increment: 3 seconds.',
      '',
      'Move  Alice                   Bob',
      '----  ---------------------   ---------------------',
      ...rows,
      '      {Still in progress} *',
    ],
  };
}
