import { startClock } from '../realtime.js';
import {
  REALTIME_DEFAULTS,
  advance,
  movesAt,
  realtimeOutcome,
  startMove,
  type RealtimeRules,
} from '../realtime-rules.js';
import { standardSetup } from '../setup.js';
import { STANDARD_RULES } from '../variant.js';
import { defineVariant, type Variant } from './types.js';

/** The realtime rule set with the default options (`REALTIME_DEFAULTS`). */
const REALTIME_RULES: RealtimeRules = {
  options: REALTIME_DEFAULTS,
  movesAt: (setup, t) => movesAt(setup, t),
  startMove: (setup, move, t) => startMove(setup, move, t),
  advance: (setup, t) => advance(setup, t),
  outcome: (setup) => realtimeOutcome(setup),
};

/**
 * Realtime chess (Kung-Fu Chess; FENr, kfchess, rtchess): both sides move at any time, a piece
 * travels square by square, then cools down before it may move again; pieces collide in
 * flight; there is no check, and the game ends when a king is taken or after five minutes
 * without a capture. Shown by the realtime clock a setup carries (every FENr position). The
 * engine's `legalMoves` sees the position without time (kings not royal); the rules of time
 * are `rules.realtime` (`movesAt`, `startMove`, `advance`, `outcome`), and `outcome` asks them.
 */
export const realtime: Variant<'realtime'> = /* @__PURE__ */ defineVariant({
  key: 'realtime',
  title: 'Realtime chess',
  names: { pgn: ['Realtime chess', 'Kung-Fu Chess'], fics: [] },
  rules: { spec: STANDARD_RULES, plainKings: true, realtime: REALTIME_RULES },
  shownBy: { carries: 'realtime' },
  start: () => ({ ...standardSetup(), realtime: startClock() }),
});
