import {
  countCode,
  isSeparator,
  leadingTokens,
  setupMeaning,
  textSpans,
  type Setup,
  type SetupTopic,
  type TextFormat,
} from '@chess-formats/board-core';
import { OCPN_ERROR_CODES, type OcpnErrorCode } from './errors.js';
import { parseOcpn, type OcpnParseOptions } from './parse.js';
import { writeOcpn } from './write.js';

/** The setup field each OCPN field describes (by index); the Advanced ones (3, 5, 6) are `advancedMeaning`'s. */
const TOPICS: readonly (SetupTopic | undefined)[] = [
  'placement',
  'turn',
  'castling',
  undefined,
  'en passant',
  undefined,
  undefined,
  'halfmoves',
  'fullmoves',
];

/** What OCPN's Omega Chess Advanced fields (guarding 3, fools 5 and 6) say, for each side. */
function advancedMeaning(field: number, setup: Setup): string {
  const state = setup.omegaAdvanced;
  const side = (color: 'white' | 'black'): string => {
    if (field === 3) {
      const rights = state?.guarding[color];
      return (
        [rights?.kingSide ? 'king side' : '', rights?.queenSide ? 'queen side' : ''].filter(Boolean).join(' and ') ||
        'none'
      );
    }
    if (field === 5) return state?.foolInHand[color] ? 'in hand' : 'placed';
    return state?.lastMoved[color] ?? 'nothing yet';
  };
  const topic = field === 3 ? 'guarding' : field === 5 ? 'fool' : 'last moved';
  return `${topic}: White ${side('white')}, Black ${side('black')}`;
}

/** Omega Chess Positional Notation as one text format: the value is a `Setup` with its `omegaAdvanced` state. */
export const ocpnFormat: TextFormat<Setup, OcpnErrorCode, OcpnParseOptions, undefined> = /* @__PURE__ */ Object.freeze({
  kind: 'text',
  name: 'ocpn',
  title: 'OCPN (Omega chess)',
  example: 'WWww/crnbqkbnrc/pppppppppp/A/A/A/A/A/A/PPPPPPPPPP/CRNBQKBNRC w KQkq KQkq - wb -- 0 1',
  parse: parseOcpn,
  write: (value: Setup): string => writeOcpn(value),
  detect(text: string): number {
    if (typeof text !== 'string') return 0;
    const tokens = leadingTokens(text, 10);
    const slashes = countCode(tokens[0] ?? '', 47);
    // Without its ranks, an OCPN record still shows its fool fields: availability (`wb`, `-`)
    // and two identities (`--`, `P-`), fields no other format has.
    if (
      slashes === 0 &&
      tokens.length === 9 &&
      /^(?:-|[wb]{1,2})$/.test(tokens[5] ?? '') &&
      /^[PNBRQKCWF-]{2}$/i.test(tokens[6] ?? '')
    )
      return 0.65;
    // Ten ranks and the wizard segment: eleven segments, where a FEN has eight. A rank too
    // many or too few still scores above a broken FEN (0.6).
    if (slashes < 9 || slashes > 12) return 0;
    return parseOcpn(text).ok ? 0.95 : 0.7;
  },
  errorCodes: OCPN_ERROR_CODES,
  fields: /* @__PURE__ */ Object.freeze([
    'placement',
    'side to move',
    'castling',
    'guarding',
    'en passant',
    'fool availability',
    'fool identities',
    'halfmove clock',
    'fullmove number',
    'after the last field',
  ]),
  spans: (text: string, value?: Setup) =>
    textSpans(
      text,
      value,
      parseOcpn,
      10,
      (_token, index) => index,
      (field, setup) => {
        const topic = TOPICS[field];
        return topic ? setupMeaning(setup, topic) : field < 9 ? advancedMeaning(field, setup) : 'not an OCPN field';
      },
      isSeparator,
    ),
  setupOf: (value: Setup): Setup => value,
  fromSetup(setup: Setup): Setup {
    // A setup read from another notation has no Advanced state (written as none: no rights,
    // no fools, nothing moved); the realtime clock is the game's timing, not the position.
    const { realtime: _clock, ...position } = setup;
    return position;
  },
});
