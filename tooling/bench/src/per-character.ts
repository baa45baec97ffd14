import { legalMoves, play, type Setup } from '@chess-formats/board-core';
import { measure, type Measurement } from './harness.js';

const SECONDS = 0.5;
const ROUNDS = 4;

/**
 * Each contender measured in turn, `ROUNDS` times over, keeping its best rate: on a shared
 * machine the load changes from one second to the next, and measuring each contender once,
 * one after the other, would put the change into the ratios.
 */
export function interleaved(contenders: readonly (readonly [string, () => unknown])[]): Measurement[] {
  const best = contenders.map(([name]) => ({ name, opsPerSecond: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    contenders.forEach(([name, fn], k) => {
      const row = best[k] as { name: string; opsPerSecond: number };
      row.opsPerSecond = Math.max(row.opsPerSecond, measure(name, fn, SECONDS).opsPerSecond);
    });
  }
  return best;
}

/**
 * Positions of one game from `start`: the start and then one position every other ply, each
 * move picked by a fixed rule from the legal moves, so that corpora of different formats hold
 * openings and middlegames of the same shape (some captures, rights lost on the way, en
 * passant squares).
 */
export function gamePositions(start: Setup, plies: number): Setup[] {
  const positions = [start];
  let setup = start;
  for (let ply = 1; ply <= plies; ply++) {
    const moves = legalMoves(setup);
    const move = moves[(ply * 7 + 3) % moves.length];
    if (move === undefined) break;
    setup = play(setup, move);
    if (ply % 2 === 0) positions.push(setup);
  }
  return positions;
}

export const characters = (corpus: readonly string[]): number => corpus.reduce((sum, text) => sum + text.length, 0);

/** Nanoseconds per input character, from a rate in corpus passes per second. */
function nsPerCharacter(row: Measurement, corpus: readonly string[]): number {
  return 1e9 / (row.opsPerSecond * characters(corpus));
}

/** A row of the per-character table: our measurement over our corpus, the baseline's over its own. */
export type PerCharacterRow = readonly [
  name: string,
  ours: Measurement,
  ourCorpus: readonly string[],
  baseline: Measurement,
  baselineCorpus: readonly string[],
];

/**
 * Prints time per character of input of one of our text formats against `parseFen`/`writeFen`
 * (records of different formats differ in length, so a per-pass ratio would mislead).
 */
export function reportPerCharacter(format: string, rows: readonly PerCharacterRow[]): void {
  console.log(`\n## per character (ns; the ratio is ${format} time / FEN time per character, the goal <= 1.5)`);
  const label = format.toLowerCase();
  for (const [name, ours, ourCorpus, baseline, baselineCorpus] of rows) {
    const oursNs = nsPerCharacter(ours, ourCorpus);
    const theirsNs = nsPerCharacter(baseline, baselineCorpus);
    console.log(
      `${name.padEnd(14)} ${label} ${oursNs.toFixed(2).padStart(6)} ns/char   fen ${theirsNs.toFixed(2).padStart(6)} ns/char   ratio ${(oursNs / theirsNs).toFixed(2)}x`,
    );
  }
}
