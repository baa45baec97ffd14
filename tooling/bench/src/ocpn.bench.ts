import { standardSetup } from '@chess-formats/board-core';
import { parseFen, writeFen } from '@chess-formats/fen';
import { INITIAL_OCPN, parseOcpn, writeOcpn, type OcpnPosition } from '@chess-formats/ocpn';
import { overItems, report, type Measurement } from './harness.js';
import { characters, gamePositions, interleaved, reportPerCharacter } from './per-character.js';

function parsedOcpn(text: string): OcpnPosition {
  const result = parseOcpn(text, { strict: true });
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.value;
}

/**
 * `parseOcpn` against this project's `parseFen` on comparable positions: 21 positions of one
 * game each from the Omega and the standard start, played by the same rule. OCPN records are
 * longer (104 squares, nine fields), so the comparison is per character of input.
 */
export function runOcpn(): void {
  const omega = parsedOcpn(INITIAL_OCPN);
  // The parsed setup carries the Advanced state, which play keeps up to date.
  const ocpnCorpus = gamePositions(omega, 40).map((setup) => writeOcpn(setup));
  const fenCorpus = gamePositions(standardSetup(), 40).map((setup) => writeFen(setup));
  for (const text of ocpnCorpus) if (writeOcpn(parsedOcpn(text)) !== text) throw new Error(`no round trip: ${text}`);
  console.log(
    `\nocpn corpus: ${ocpnCorpus.length} Omega positions, ${characters(ocpnCorpus)} characters; fen corpus: ${fenCorpus.length} standard positions, ${characters(fenCorpus)} characters`,
  );

  const [parseOcpnRow, parseStrictRow, parseFenRow] = interleaved([
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
  const [writeOcpnRow, writeFenRow] = interleaved([
    ['@chess-formats/ocpn writeOcpn', overItems(positions, writeOcpn)],
    ['@chess-formats/fen writeFen', overItems(setups, (setup) => writeFen(setup))],
  ]) as [Measurement, Measurement];

  reportPerCharacter('OCPN', [
    ['parse', parseOcpnRow, ocpnCorpus, parseFenRow, fenCorpus],
    ['parse strict', parseStrictRow, ocpnCorpus, parseFenRow, fenCorpus],
    ['write', writeOcpnRow, ocpnCorpus, writeFenRow, fenCorpus],
  ]);
}
