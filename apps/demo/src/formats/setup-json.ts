import { parseSetupJson, setupToJson, type SetupJson } from '@chess-formats/board-core';
import type { FieldRow, FormatAdapter, FormatView } from './adapter.js';
import { failedView } from './adapter.js';

/**
 * The canonical setup JSON of board-core (`setupToJson`), the form the conformance vectors and
 * the CLI's `--json` output use. It is the one text form here that holds every geometry, so it
 * also shows Omega positions until the OCPN adapter arrives.
 */

const MEANINGS: Readonly<Record<keyof SetupJson, (json: SetupJson) => string>> = {
  geometry: (j) =>
    j.geometry === 'omega'
      ? 'Omega chess: files a-j, ranks 0-9 and the wizard squares w1-w4'
      : 'The standard 8x8 board',
  variant: (j) => `Played by the rules of the variant ${j.variant ?? 'the position shows'}`,
  board: (j) => `Square name to piece letter (upper case White, ~ promoted): ${Object.keys(j.board).length} pieces`,
  turn: (j) => `${j.turn === 'white' ? 'White' : 'Black'} to move`,
  castlingRooks: (j) =>
    j.castlingRooks.length ? `Castling rights by rook square: ${j.castlingRooks.join(', ')}` : 'No castling rights',
  epSquares: (j) =>
    j.epSquares.length ? `En passant target squares: ${j.epSquares.join(', ')}` : 'No en passant target square',
  halfmoves: (j) => `${j.halfmoves} half-moves since the last capture or pawn move`,
  fullmoves: (j) => `Move number ${j.fullmoves}`,
  pockets: (j) => `Pieces in hand: White ${j.pockets?.white || 'none'}, Black ${j.pockets?.black || 'none'}`,
  realtime: (j) =>
    j.realtime
      ? `Realtime clock: ${j.realtime.clockMs} ms since the start, ${j.realtime.sinceCaptureMs} since the last capture, cooldown ${j.realtime.cooldownMs} ms; ${Object.keys(j.realtime.flights).length} pieces in flight, ${Object.keys(j.realtime.cooldowns).length} cooling down`
      : 'No realtime clock',
  remainingChecks: (j) => `Checks still to give: White ${j.remainingChecks?.white}, Black ${j.remainingChecks?.black}`,
  omegaAdvanced: (j) => {
    const state = j.omegaAdvanced;
    if (!state) return 'No Omega Chess Advanced state';
    const guards = (['white', 'black'] as const).map(
      (c) =>
        `${c === 'white' ? 'White' : 'Black'} ${[state.guarding[c].kingSide ? 'king side' : '', state.guarding[c].queenSide ? 'queen side' : ''].filter(Boolean).join(' and ') || 'none'}`,
    );
    const fools = (['white', 'black'] as const).filter((c) => state.foolInHand[c]);
    return `Omega Chess Advanced: guarding ${guards.join(', ')}; fools in hand: ${fools.join(' and ') || 'none'}; last moved: White ${state.lastMoved.white ?? 'nothing yet'}, Black ${state.lastMoved.black ?? 'nothing yet'}`;
  },
};

/** The offset of `"key"` in the text, or 0. */
function keyOffset(text: string, key: string): number {
  const at = text.indexOf(JSON.stringify(key));
  return at < 0 ? 0 : at;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Where `JSON.parse` gave up: the offset of the first character that breaks the JSON grammar
 * (`text.length` when the text ends too early; -1 for valid JSON). Engines' messages do not always say (V8 names
 * the token, not its place). One pass with an explicit stack, so deep nesting cannot overflow.
 */
export function jsonErrorOffset(text: string): number {
  const stack: number[] = []; // 123 for an object, 91 for an array
  let i = 0;
  let expect: 'value' | 'key' | 'after' = 'value';
  const skipSpace = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  /** Reads a string at i; returns the offset of a fault or -1. */
  const readString = (): number => {
    for (i++; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 34) {
        i++;
        return -1;
      }
      if (code < 32) return i;
      if (code === 92) i++;
    }
    return text.length;
  };
  for (;;) {
    skipSpace();
    if (i >= text.length) return expect === 'after' && stack.length === 0 ? -1 : text.length;
    const code = text.charCodeAt(i);
    if (expect === 'key') {
      if (code !== 34) return i;
      const fault = readString();
      if (fault >= 0) return fault;
      skipSpace();
      if (text[i] !== ':') return Math.min(i, text.length);
      i++;
      expect = 'value';
    } else if (expect === 'value') {
      if (code === 123 || code === 91) {
        stack.push(code);
        i++;
        skipSpace();
        if (text.charCodeAt(i) === code + 2) {
          stack.pop();
          i++;
          expect = 'after';
        } else expect = code === 123 ? 'key' : 'value';
      } else if (code === 34) {
        const fault = readString();
        if (fault >= 0) return fault;
        expect = 'after';
      } else {
        const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
        NUMBER.lastIndex = i;
        if (literal) i += literal.length;
        else if (NUMBER.test(text)) i = NUMBER.lastIndex;
        else return i;
        expect = 'after';
      }
    } else {
      const open = stack[stack.length - 1];
      if (open === undefined) return i; // text after the value
      if (code === 44) {
        i++;
        expect = open === 123 ? 'key' : 'value';
      } else if (code === open + 2) {
        stack.pop();
        i++;
      } else return i;
    }
  }
}

function readSetupJson(text: string): FormatView {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : 'not JSON';
    const offset = Math.max(0, jsonErrorOffset(text));
    return failedView({ code: 'json-syntax', message, offset, length: offset < text.length ? 1 : 0 });
  }
  const parsed = parseSetupJson(json);
  if (!parsed.ok) {
    const { code, path, message } = parsed.error;
    const last =
      path
        .split('.')
        .pop()
        ?.replace(/\[\d+\]$/, '') ?? '';
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
