export { enPassantCapturable } from './en-passant.js';
export { FEN_ERROR_CODES, type FenError, type FenErrorCode, type FenField } from './errors.js';
export { parseBoardFen, parseCastling, parseFen, type BoardFen, type FenParseOptions } from './parse.js';
/**
 * Moved to board-core, which validates every geometry; re-exported here for compatibility
 * until a later release removes the re-export. Import them from `@chess-formats/board-core`.
 */
export { VALIDATION_PROBLEMS, validateSetup, type ValidationProblem } from '@chess-formats/board-core';
export { INITIAL_FEN, writeBoardFen, writeCastling, writeFen, type FenWriteOptions } from './write.js';
export { fenFormat, type FenFormatWriteOptions } from './format.js';
