/*
 * @chess-formats/board-core/internal: the scanning kit the text readers of chess-formats share.
 *
 * Not public API: it is a subpath of board-core so that every reader of the repository uses one
 * copy (a bundle that reads FEN and style12 carries it once, and the dependencies keep pointing
 * at board-core), but its names and shapes change with the readers, in any release. Users import
 * the readers' packages instead.
 */
export * from './codes.js';
export * from './intake.js';
export * from './pieces.js';
export * from './scan.js';
export { printable } from '../describe-error.js';
export { keepsPosition, trailReplay } from '../trail.js';
