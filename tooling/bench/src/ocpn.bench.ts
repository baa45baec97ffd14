import { legalMoves, play, standardSetup, type Setup } from '@chess-formats/board-core';
import { parseFen, writeFen } from '@chess-formats/fen';
import { INITIAL_OCPN, parseOcpn, writeOcpn, type OcpnPosition } from '@chess-formats/ocpn';
import { measure, overItems, report, type Measurement } from './harness.js';

const SECONDS = 0.5;
const ROUNDS = 4;

/**
 * The best of several alternating measurements of each contender: on a shared machine the
 * load changes within seconds, and measuring OCPN and FEN side by side, again and again, keeps
 * a busy moment from deciding the ratio.
 */
function alternating(contenders: readonly (readonly [string, () => unknown])[]): Measurement[] {
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
 * Positions of one game from `start`: the start and then one position every other ply, each move
 * picked by a fixed rule from the legal moves, so that both corpora hold openings and
 * middlegames of the same shape (a few long pawn steps, some captures, rights lost on the way).
 */
function game(start: Setup, plies: number): Setup[] {
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

function parsedOcpn(text: string): OcpnPosition {
  const result = parseOcpn(text, { strict: true });
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.value;
}

/** Nanoseconds per input character, from a rate in corpus passes per second. */
function nsPerCharacter(row: Measurement, characters: number): number {
  return 1e9 / (row.opsPerSecond * characters);
}

/**
 * `parseOcpn` against this project's `parseFen` on comparable positions: 21 positions of one
 * game each from the Omega and the standard start, played by the same rule. OCPN records are
 * longer (104 squares, nine fields), so the comparison is per character of input.
 */
export function runOcpn(): void {
  const omega = parsedOcpn(INITIAL_OCPN);
  const ocpnCorpus = game(omega.setup, 40).map((setup, k) =>
    writeOcpn({ ...omega, setup, lastMoved: k === 0 ? omega.lastMoved : { white: 'pawn', black: 'knight' } }),
  );
  const fenCorpus = game(standardSetup(), 40).map((setup) => writeFen(setup));
  for (const text of ocpnCorpus) if (writeOcpn(parsedOcpn(text)) !== text) throw new Error(`no round trip: ${text}`);
  const ocpnCharacters = ocpnCorpus.reduce((sum, text) => sum + text.length, 0);
  const fenCharacters = fenCorpus.reduce((sum, text) => sum + text.length, 0);
  console.log(
    `\nocpn corpus: ${ocpnCorpus.length} Omega positions, ${ocpnCharacters} characters; fen corpus: ${fenCorpus.length} standard positions, ${fenCharacters} characters`,
  );

  const [parseOcpnRow, parseStrictRow, parseFenRow] = alternating([
    ['@chess-formats/ocpn parseOcpn', overItems(ocpnCorpus, (text) => parseOcpn(text))],
    ['@chess-formats/ocpn parseOcpn strict', overItems(ocpnCorpus, (text) => parseOcpn(text, { strict: true }))],
    ['@chess-formats/fen parseFen', overItems(fenCorpus, (text) => parseFen(text))],
  ]) as [Measurement, Measurement, Measurement];
  report('parse (corpus passes; ratio to parseOcpn)', 'corpus', [parseOcpnRow, parseStrictRow, parseFenRow]);

  const positions = ocpnCorpus.map(parsedOcpn);
  const setups = fenCorpus.map((text) => {
    const result = parseFen(text);
    if (!result.ok) throw new Error(text);
    return result.value;
  });
  const [writeOcpnRow, writeFenRow] = alternating([
    ['@chess-formats/ocpn writeOcpn', overItems(positions, writeOcpn)],
    ['@chess-formats/fen writeFen', overItems(setups, (setup) => writeFen(setup))],
  ]) as [Measurement, Measurement];

  console.log('\n## per character (ns; the ratio is OCPN time / FEN time per character, the goal <= 1.5)');
  for (const [name, ocpn, fen] of [
    ['parse', parseOcpnRow, parseFenRow],
    ['parse strict', parseStrictRow, parseFenRow],
    ['write', writeOcpnRow, writeFenRow],
  ] as const) {
    const ours = nsPerCharacter(ocpn, ocpnCharacters);
    const theirs = nsPerCharacter(fen, fenCharacters);
    console.log(`${name.padEnd(14)} ocpn ${ours.toFixed(2).padStart(6)} ns/char   fen ${theirs.toFixed(2).padStart(6)} ns/char   ratio ${(ours / theirs).toFixed(2)}x`);
  }
}
