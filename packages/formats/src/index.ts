export { FORMATS, detectFormat, formatByName, type Detection } from './formats.js';
