export { FENR_ERROR_CODES, type FenrError, type FenrErrorCode, type FenrField } from './errors.js';
export { parseFenr, type FenrParseOptions } from './parse.js';
export { writeFenr } from './write.js';
