export { STYLE12_ERROR_CODES, type Style12Error, type Style12ErrorCode } from './errors.js';
export { parseHoldings, writeHoldings, type Holdings } from './holdings.js';
export { MAX_LINE_LENGTH, parseStyle12, type Style12Dialect, type Style12ParseOptions } from './parse.js';
export { RELATION, type ClockUnit, type Style12, type Style12Relation } from './record.js';
export { castlingFlags, formatMoveTime, writeStyle12 } from './write.js';
