export { enPassantCapturable } from './en-passant.js';
export {
  FEN_ERROR_CODES,
  VALIDATION_PROBLEMS,
  type FenError,
  type FenErrorCode,
  type FenField,
  type ValidationProblem,
} from './errors.js';
export { parseBoardFen, parseCastling, parseFen, type BoardFen, type FenParseOptions } from './parse.js';
export { validateSetup } from './validate.js';
export { INITIAL_FEN, writeBoardFen, writeCastling, writeFen, type FenWriteOptions } from './write.js';
export { fenFormat, type FenFormatWriteOptions } from './format.js';
