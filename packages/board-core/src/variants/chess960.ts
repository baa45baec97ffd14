import { standardSetup } from '../setup.js';
import { CHESS_RULES } from './standard.js';
import { defineVariant, type Variant } from './types.js';

/**
 * Chess960, Fischer random chess (FIDE Laws, Chess960 appendix): chess from one of 960 starts,
 * castling by rook square, which the rules do for every variant. Its rules are chess's (the
 * same object), so a position needs no name to be played right, and none is derived: a FEN
 * does not say whether its game was Chess960. The start given is the one shared with chess
 * (start 518).
 */
export const chess960: Variant<'chess960'> = /* @__PURE__ */ defineVariant({
  key: 'chess960',
  title: 'Chess960',
  names: {
    pgn: ['Chess960', '960', 'Fischerandom', 'Fischer Random'],
    lichess: 'chess960',
    fics: ['wild/fr', 'fr'],
    icc: 22,
  },
  rules: CHESS_RULES,
  start: standardSetup,
});
