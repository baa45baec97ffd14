/**
 * The one list of variants: one line per variant. Adding a variant is one module in this
 * directory and one line here (CONTRIBUTING.md, "Adding a variant"); every lookup, the rules,
 * `outcome` and the PGN reader and writer read this list.
 */
import { bughouse } from './bughouse.js';
import { chess960 } from './chess960.js';
import { crazyhouse } from './crazyhouse.js';
import { kingOfTheHill } from './king-of-the-hill.js';
import { omega } from './omega.js';
import { standard } from './standard.js';
import { threeCheck } from './three-check.js';

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
  bughouse,
] as const);
