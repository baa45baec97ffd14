import { parseSetupJson, setupToJson, type SetupJson } from '@chess-formats/board-core';
import type { FieldRow, FormatAdapter, FormatView } from './adapter.js';
import { failedView } from './adapter.js';

/**
 * The canonical setup JSON of board-core (`setupToJson`), the form the conformance vectors and
 * the CLI's `--json` output use. It is the one text form here that holds every geometry, so it
 * also shows Omega positions until the OCPN adapter arrives.
 */

const MEANINGS: Readonly<Record<keyof SetupJson, (json: SetupJson) => string>> = {
  geometry: (j) => (j.geometry === 'omega' ? 'Omega chess: files a-j, ranks 0-9 and the wizard squares w1-w4' : 'The standard 8x8 board'),
  board: (j) => `Square name to piece letter (upper case White, ~ promoted): ${Object.keys(j.board).length} pieces`,
  turn: (j) => `${j.turn === 'white' ? 'White' : 'Black'} to move`,
  castlingRooks: (j) => (j.castlingRooks.length ? `Castling rights by rook square: ${j.castlingRooks.join(', ')}` : 'No castling rights'),
  epSquares: (j) => (j.epSquares.length ? `En passant target squares: ${j.epSquares.join(', ')}` : 'No en passant target square'),
  halfmoves: (j) => `${j.halfmoves} half-moves since the last capture or pawn move`,
  fullmoves: (j) => `Move number ${j.fullmoves}`,
  pockets: (j) => `Pieces in hand: White ${j.pockets?.white || 'none'}, Black ${j.pockets?.black || 'none'}`,
  remainingChecks: (j) => `Checks still to give: White ${j.remainingChecks?.white}, Black ${j.remainingChecks?.black}`,
};

/** The offset of `"key"` in the text, or 0. */
function keyOffset(text: string, key: string): number {
  const at = text.indexOf(JSON.stringify(key));
  return at < 0 ? 0 : at;
}

/** V8 and other engines say `at position N` in JSON syntax errors. */
function syntaxOffset(message: string, length: number): number {
  const match = /position (\d{1,9})/.exec(message);
  return match ? Math.min(Number(match[1]), length) : 0;
}

function readSetupJson(text: string): FormatView {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : 'not JSON';
    const offset = syntaxOffset(message, text.length);
    return failedView({ code: 'json-syntax', message, offset, length: offset < text.length ? 1 : 0 });
  }
  const parsed = parseSetupJson(json);
  if (!parsed.ok) {
    const { code, path, message } = parsed.error;
    const last = path.split('.').pop()?.replace(/\[\d+\]$/, '') ?? '';
    const offset = last === '' ? 0 : keyOffset(text, last);
    return failedView({ code, message, offset, length: last === '' ? 1 : last.length + 2, field: path || 'the value' });
  }
  const canonical = setupToJson(parsed.value);
  const fields: FieldRow[] = (Object.keys(canonical) as (keyof SetupJson)[]).map((key) => ({
    name: key,
    text: JSON.stringify(canonical[key]),
    offset: keyOffset(text, key),
    meaning: MEANINGS[key](canonical),
  }));
  return { positions: [{ setup: parsed.value }], fields, errors: [], notes: [] };
}

export const SETUP_JSON_ADAPTER: FormatAdapter = {
  name: 'setup-json',
  label: 'Setup JSON (board-core)',
  family: 'setup-json',
  example:
    '{"geometry":"omega","board":{"w1":"W","w2":"W","a0":"C","b0":"R","c0":"N","d0":"B","e0":"Q","f0":"K","g0":"B","h0":"N","i0":"R","j0":"C","a1":"P","b1":"P","c1":"P","d1":"P","e1":"P","f1":"P","g1":"P","h1":"P","i1":"P","j1":"P","a8":"p","b8":"p","c8":"p","d8":"p","e8":"p","f8":"p","g8":"p","h8":"p","i8":"p","j8":"p","a9":"c","b9":"r","c9":"n","d9":"b","e9":"q","f9":"k","g9":"b","h9":"n","i9":"r","j9":"c","w4":"w","w3":"w"},"turn":"white","castlingRooks":["b0","i0","b9","i9"],"epSquares":[],"halfmoves":0,"fullmoves":1}',
  detect(text) {
    if (typeof text !== 'string' || text.trimStart()[0] !== '{') return 0;
    try {
      const json: unknown = JSON.parse(text);
      return typeof json === 'object' && json !== null && 'geometry' in json ? 0.9 : 0.5;
    } catch {
      return 0.5;
    }
  },
  read: readSetupJson,
  write: ({ setup }) => JSON.stringify(setupToJson(setup)),
};
