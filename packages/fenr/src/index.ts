export { FENR_ERROR_CODES, type FenrError, type FenrErrorCode, type FenrField } from './errors.js';
export { MAX_TIME_MS, parseFenr, type FenrParseOptions } from './parse.js';
export { writeFenr } from './write.js';
export { fenrFormat } from './format.js';
