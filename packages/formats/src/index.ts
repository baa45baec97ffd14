export { FORMATS, STREAM_FORMATS, TEXT_FORMATS, detectFormat, formatByName, type Detection } from './formats.js';
