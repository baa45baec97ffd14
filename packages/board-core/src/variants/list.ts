/**
 * The one list of variants: one line per variant. Adding a variant is one module in this
 * directory and one line here (CONTRIBUTING.md, "Adding a variant"); every lookup, the rules,
 * `outcome` and the PGN reader and writer read this list.
 */
import { antichess } from './antichess.js';
import { atomic } from './atomic.js';
import { bughouse } from './bughouse.js';
import { chess960 } from './chess960.js';
import { crazyhouse } from './crazyhouse.js';
import { horde } from './horde.js';
import { kingOfTheHill } from './king-of-the-hill.js';
import { losers } from './losers.js';
import { omega } from './omega.js';
import { racingKings } from './racing-kings.js';
import { realtime } from './realtime.js';
import { standard } from './standard.js';
import { suicide } from './suicide.js';
import { threeCheck } from './three-check.js';
import { wild0, wild1 } from './wild-castle.js';
import { wild2, wild3, wild4, wild5, wild8, wild8a } from './wild-positions.js';

/**
 * Every variant the rules play, frozen. Order matters twice: the first is the default (chess),
 * and a setup that names no variant is the first one it shows (`shownBy`).
 */
export const VARIANTS = /* @__PURE__ */ Object.freeze([
  standard,
  chess960,
  omega,
  crazyhouse,
  threeCheck,
  kingOfTheHill,
  antichess,
  horde,
  suicide,
  losers,
  atomic,
  racingKings,
  wild0,
  wild1,
  wild2,
  wild3,
  wild4,
  wild5,
  wild8,
  wild8a,
  bughouse,
  realtime,
] as const);
