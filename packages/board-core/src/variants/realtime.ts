import { realtimeEnd } from '../realtime-end.js';
import { standardSetup } from '../setup.js';
import { STANDARD_RULES } from '../variant.js';
import { defineVariant, type Variant } from './types.js';

/**
 * Realtime chess (Kung-Fu Chess; FENr, kfchess, rtchess): both sides move at any time, a piece
 * travels square by square, then cools down before it may move again; pieces collide in
 * flight; there is no check, and the game ends when a king is taken or after five minutes
 * without a capture. Shown by the realtime clock a setup carries (every FENr position). The
 * engine's `legalMoves` sees the position without time (kings not royal); the rules of time
 * are functions of their own (`movesAt`, `startMove`, `advance`, `realtimeOutcome`), so that a
bundle of the rules engine does not carry them; the descriptor carries the end of the game
(`rules.realtime.outcome`), which `outcome` asks.
 */
export const realtime: Variant<'realtime'> = /* @__PURE__ */ defineVariant({
  key: 'realtime',
  title: 'Realtime chess',
  names: { pgn: ['Realtime chess', 'Kung-Fu Chess'], fics: [] },
  rules: { spec: STANDARD_RULES, plainKings: true, realtime: { outcome: (setup) => realtimeEnd(setup) } },
  shownBy: { carries: 'realtime' },
  // Named, without a clock (the rules read a missing clock as 0, and `advance` and `startMove`
  // give one): the clock is the game's timing, which PGN and style 12 leave out, so the start
  // reads back the same from a PGN's `[Variant "Realtime chess"]`.
  start: () => ({ ...standardSetup(), variant: 'realtime' }),
});
