import { legalMoves, play, standardSetup, withRealtime, type Piece, type Setup } from '@chess-formats/board-core';
import { parseFen, writeFen } from '@chess-formats/fen';
import { parseFenr, writeFenr } from '@chess-formats/fenr';
import { measure, overItems, report, type Measurement } from './harness.js';

const SECONDS = 0.5;
const ROUNDS = 4;

/**
 * Each contender measured in turn, `ROUNDS` times over, keeping its best rate: on a shared
 * machine the load changes from one second to the next, and measuring each contender once,
 * one after the other, would put the change into the ratios.
 */
function interleaved(contenders: readonly (readonly [string, () => unknown])[]): Measurement[] {
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
 * Positions of one game from the standard start: one position every other ply, each move
 * picked by a fixed rule from the legal moves (openings and middlegames with some captures,
 * rights lost on the way, en passant squares).
 */
function game(plies: number): Setup[] {
  const positions = [standardSetup()];
  let setup = positions[0] as Setup;
  for (let ply = 1; ply <= plies; ply++) {
    const moves = legalMoves(setup);
    const move = moves[(ply * 7 + 3) % moves.length];
    if (move === undefined) break;
    setup = play(setup, move);
    if (ply % 2 === 0) positions.push(setup);
  }
  return positions;
}

/**
 * The same position as a realtime setup at `clockMs`; with `markers`, every fourth piece
 * cools down and every ninth is in flight (from the square below or above it), so about a
 * third of the pieces are 6- or 8-character tokens.
 */
function realtime(setup: Setup, clockMs: number, markers: boolean): Setup {
  let k = 0;
  const pieces = setup.board.pieces.map((p, square): Piece | undefined => {
    if (!p || !markers) return p;
    k++;
    if (k % 9 === 0) return withRealtime(p, { kind: 'flight', from: square < 8 ? square + 8 : square - 8, arrivesAtMs: clockMs + 100 * k });
    if (k % 4 === 0) return withRealtime(p, { kind: 'cooldown', arrivedAtMs: clockMs - 37 * k });
    return p;
  });
  return { ...setup, board: { ...setup.board, pieces }, realtime: { clockMs, sinceCaptureMs: clockMs >> 1, cooldownMs: 10_000 } };
}

/** Nanoseconds per input character, from a rate in corpus passes per second. */
function nsPerCharacter(row: Measurement, characters: number): number {
  return 1e9 / (row.opsPerSecond * characters);
}

const characters = (corpus: readonly string[]): number => corpus.reduce((sum, text) => sum + text.length, 0);

/**
 * `parseFenr` against this project's `parseFen` on the same 21 positions of one game: FEN
 * texts, the same positions in FENr without markers, and with markers on a third of the
 * pieces. FENr records differ in length from FEN (no turn or move number; times; markers), so
 * the comparison is per character of input.
 */
export function runFenr(): void {
  const setups = game(40);
  const fenCorpus = setups.map((setup) => writeFen(setup));
  const plainCorpus = setups.map((setup, k) => writeFenr(realtime(setup, 1_000 + 1_733 * k, false)));
  const markedCorpus = setups.map((setup, k) => writeFenr(realtime(setup, 20_000 + 1_733 * k, true)));
  for (const text of [...plainCorpus, ...markedCorpus]) {
    const parsed = parseFenr(text, { strict: true });
    if (!parsed.ok || writeFenr(parsed.value) !== text) throw new Error(`no round trip: ${text}`);
  }
  console.log(
    `\nfenr corpus: ${setups.length} positions of one game; fen ${characters(fenCorpus)} characters, fenr ${characters(plainCorpus)}, fenr with markers ${characters(markedCorpus)}`,
  );

  const [fenRow, plainRow, strictRow, markedRow] = interleaved([
    ['@chess-formats/fen parseFen', overItems(fenCorpus, (text) => parseFen(text))],
    ['@chess-formats/fenr parseFenr', overItems(plainCorpus, (text) => parseFenr(text))],
    ['@chess-formats/fenr parseFenr strict', overItems(plainCorpus, (text) => parseFenr(text, { strict: true }))],
    ['@chess-formats/fenr parseFenr, markers', overItems(markedCorpus, (text) => parseFenr(text))],
  ]) as [Measurement, Measurement, Measurement, Measurement];
  report('parse (corpus passes; ratio to parseFen)', 'corpus', [fenRow, plainRow, strictRow, markedRow]);

  const fenSetups = fenCorpus.map((text) => {
    const result = parseFen(text);
    if (!result.ok) throw new Error(text);
    return result.value;
  });
  const markedSetups = markedCorpus.map((text) => {
    const result = parseFenr(text);
    if (!result.ok) throw new Error(text);
    return result.value;
  });
  const [writeFenRow, writeMarkedRow] = interleaved([
    ['@chess-formats/fen writeFen', overItems(fenSetups, (setup) => writeFen(setup))],
    ['@chess-formats/fenr writeFenr, markers', overItems(markedSetups, writeFenr)],
  ]) as [Measurement, Measurement];
  report('write (corpus passes; ratio to writeFen)', 'corpus', [writeFenRow, writeMarkedRow]);

  console.log('\n## per character (ns; the ratio is FENr time / FEN time per character, the goal <= 1.5)');
  const fenNs = nsPerCharacter(fenRow, characters(fenCorpus));
  const writeFenNs = nsPerCharacter(writeFenRow, characters(fenCorpus));
  for (const [name, row, corpus, baseline] of [
    ['parse', plainRow, plainCorpus, fenNs],
    ['parse strict', strictRow, plainCorpus, fenNs],
    ['parse markers', markedRow, markedCorpus, fenNs],
    ['write markers', writeMarkedRow, markedCorpus, writeFenNs],
  ] as const) {
    const ours = nsPerCharacter(row, characters(corpus));
    console.log(`${name.padEnd(14)} fenr ${ours.toFixed(2).padStart(6)} ns/char   fen ${baseline.toFixed(2).padStart(6)} ns/char   ratio ${(ours / baseline).toFixed(2)}x`);
  }
}
