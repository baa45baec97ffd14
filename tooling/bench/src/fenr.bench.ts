import { standardSetup, withRealtime, type Piece, type Setup } from '@chess-formats/board-core';
import { parseFen, writeFen } from '@chess-formats/fen';
import { parseFenr, writeFenr } from '@chess-formats/fenr';
import { overItems, report, type Measurement } from './harness.js';
import { characters, gamePositions, interleaved, reportPerCharacter } from './per-character.js';

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
    if (k % 9 === 0)
      return withRealtime(p, {
        kind: 'flight',
        from: square < 8 ? square + 8 : square - 8,
        arrivesAtMs: clockMs + 100 * k,
      });
    if (k % 4 === 0) return withRealtime(p, { kind: 'cooldown', arrivedAtMs: clockMs - 37 * k });
    return p;
  });
  return {
    ...setup,
    board: { ...setup.board, pieces },
    realtime: { clockMs, sinceCaptureMs: clockMs >> 1, cooldownMs: 10_000 },
  };
}

/**
 * `parseFenr` against this project's `parseFen` on the same 21 positions of one game: FEN
 * texts, the same positions in FENr without markers, and with markers on a third of the
 * pieces. FENr records differ in length from FEN (no turn or move number; times; markers), so
 * the comparison is per character of input.
 */
export function runFenr(): void {
  const setups = gamePositions(standardSetup(), 40);
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

  reportPerCharacter('FENr', [
    ['parse', plainRow, plainCorpus, fenRow, fenCorpus],
    ['parse strict', strictRow, plainCorpus, fenRow, fenCorpus],
    ['parse markers', markedRow, markedCorpus, fenRow, fenCorpus],
    ['write markers', writeMarkedRow, markedCorpus, writeFenRow, fenCorpus],
  ]);
}
