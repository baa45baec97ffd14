export {
  PGN_ERROR_CODES,
  PGN_WARNING_CODES,
  type PgnError,
  type PgnErrorCode,
  type PgnWarning,
  type PgnWarningCode,
} from './errors.js';
export {
  PGN_RESULTS,
  PGN_VARIANTS,
  finalSetup,
  mainline,
  playNode,
  type MainlineStep,
  type PgnGame,
  type PgnNode,
  type PgnResult,
  type PgnRoot,
  type PgnVariant,
} from './game.js';
export { SEVEN_TAG_ROSTER } from './tags.js';
export { PGN_ENCODINGS, type PgnEncoding } from './decode.js';
export { writePgn, type PgnWriteOptions } from './write.js';
export {
  DEFAULT_LIMITS,
  createPgnReader,
  parsePgn,
  type PgnEvent,
  type PgnGameFailure,
  type PgnGameResult,
  type PgnReadOptions,
  type PgnReader,
} from './read.js';
export { pgnFormat, type PgnFormatError, type PgnGameError, type PgnTextErrorCode } from './format.js';
export { gameToPgn, type GameToPgnOptions } from './tracked.js';
export {
  BPGN_ERROR_CODES,
  createBpgnReader,
  parseBpgn,
  writeBpgn,
  type BpgnBoard,
  type BpgnBoards,
  type BpgnError,
  type BpgnErrorCode,
  type BpgnEvent,
  type BpgnGame,
  type BpgnMove,
  type BpgnReadOptions,
  type BpgnReader,
} from './bpgn.js';
