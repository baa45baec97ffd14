export { style12FromSetup, type Style12Facts } from './build.js';
export { STYLE12_ERROR_CODES, type Style12Error, type Style12ErrorCode } from './errors.js';
export { parseHoldings, writeHoldings, type Holdings } from './holdings.js';
export { holdingsToJson, style12ToJson, type HoldingsJson, type Style12Json } from './json.js';
export { lastMove, type LastMoveOptions, type SanReader, type VerboseReader } from './last-move.js';
export { MAX_LINE_LENGTH, parseStyle12, type Style12Dialect, type Style12ParseOptions } from './parse.js';
export { RELATION, type ClockUnit, type Style12, type Style12Relation } from './record.js';
export {
  createStyle12Scanner,
  type Block,
  type InBlock,
  type Style12ScanEvent,
  type Style12Scanner,
  type Style12ScannerOptions,
} from './scanner.js';
export {
  createStyle12Tracker,
  type Style12Tracker,
  type Style12TrackerEvent,
  type Style12TrackerInput,
  type Style12TrackerOptions,
  type TrackerEvent,
  type TrackerOptions,
} from './tracker.js';
export { castlingFlags, formatMoveTime, writeStyle12 } from './write.js';
export { style12Format } from './format.js';
export {
  createBughouseTracker,
  heldFromStart,
  type BughousePass,
  type BughouseTrackedGame,
  type BughouseTracker,
  type BughouseTrackerEvent,
} from './bughouse.js';
