import fenBoard from '../vectors/fen/board.json' with { type: 'json' };
import fenCastling from '../vectors/fen/castling.json' with { type: 'json' };
import fenCounters from '../vectors/fen/counters.json' with { type: 'json' };
import fenEnPassant from '../vectors/fen/en-passant.json' with { type: 'json' };
import fenFields from '../vectors/fen/fields.json' with { type: 'json' };
import fenPockets from '../vectors/fen/pockets.json' with { type: 'json' };
import fenPositions from '../vectors/fen/positions.json' with { type: 'json' };
import fenStrict from '../vectors/fen/strict.json' with { type: 'json' };
import fenThreeCheck from '../vectors/fen/three-check.json' with { type: 'json' };
import fenTurn from '../vectors/fen/turn.json' with { type: 'json' };
import fenValidation from '../vectors/fen/validation.json' with { type: 'json' };
import fenWriteOptions from '../vectors/fen/write-options.json' with { type: 'json' };
import fenrExamples from '../vectors/fenr/examples.json' with { type: 'json' };
import fenrFields from '../vectors/fenr/fields.json' with { type: 'json' };
import fenrPlacement from '../vectors/fenr/placement.json' with { type: 'json' };
import fenrStrict from '../vectors/fenr/strict.json' with { type: 'json' };
import iccDatagrams from '../vectors/icc/datagrams.json' with { type: 'json' };
import iccSettings from '../vectors/icc/settings.json' with { type: 'json' };
import iccQuoting from '../vectors/icc/quoting.json' with { type: 'json' };
import iccUnits from '../vectors/icc/units.json' with { type: 'json' };
import iccChunks from '../vectors/icc/chunks.json' with { type: 'json' };
import iccOverflow from '../vectors/icc/overflow.json' with { type: 'json' };
import iccErrors from '../vectors/icc/errors.json' with { type: 'json' };
import iccTracker from '../vectors/icc/tracker.json' with { type: 'json' };
import movesCoordinate from '../vectors/moves/coordinate.json' with { type: 'json' };
import movesOmega from '../vectors/moves/omega.json' with { type: 'json' };
import movesSan from '../vectors/moves/san.json' with { type: 'json' };
import movesSmith from '../vectors/moves/smith.json' with { type: 'json' };
import movesVerbose from '../vectors/moves/verbose.json' with { type: 'json' };
import ocpnBoard from '../vectors/ocpn/board.json' with { type: 'json' };
import ocpnEnPassant from '../vectors/ocpn/en-passant.json' with { type: 'json' };
import ocpnFields from '../vectors/ocpn/fields.json' with { type: 'json' };
import ocpnStrict from '../vectors/ocpn/strict.json' with { type: 'json' };
import pgnTags from '../vectors/pgn/tags.json' with { type: 'json' };
import pgnMovetext from '../vectors/pgn/movetext.json' with { type: 'json' };
import pgnAnnotations from '../vectors/pgn/annotations.json' with { type: 'json' };
import pgnResults from '../vectors/pgn/results.json' with { type: 'json' };
import pgnErrors from '../vectors/pgn/errors.json' with { type: 'json' };
import style12Examples from '../vectors/style12/examples.json' with { type: 'json' };
import style12Relation from '../vectors/style12/relation.json' with { type: 'json' };
import style12Castling from '../vectors/style12/castling.json' with { type: 'json' };
import style12EnPassant from '../vectors/style12/en-passant.json' with { type: 'json' };
import style12Moves from '../vectors/style12/moves.json' with { type: 'json' };
import style12Holdings from '../vectors/style12/holdings.json' with { type: 'json' };
import style12Names from '../vectors/style12/names.json' with { type: 'json' };
import style12Clocks from '../vectors/style12/clocks.json' with { type: 'json' };
import style12Tokens from '../vectors/style12/tokens.json' with { type: 'json' };
import style12Errors from '../vectors/style12/errors.json' with { type: 'json' };
import type { VectorCase, VectorFile } from './types.js';

export { jsonEqual } from './equal.js';
export {
  CHECKS,
  runCase,
  runVectors,
  type CaseOutcome,
  type Check,
  type Codec,
  type CodecError,
  type CodecParseResult,
  type MoveCodec,
  type SuiteOutcome,
} from './run.js';
export {
  MOVE_NOTATIONS,
  VECTOR_RESULTS,
  type Expected,
  type ExpectedError,
  type JsonValue,
  type MoveNotation,
  type VectorCase,
  type VectorFile,
  type VectorOptions,
  type VectorPosition,
  type VectorResult,
} from './types.js';

// The JSON files are imported rather than read from disk so that bundlers and browsers get them
// too. Their shape is checked against vectors.schema.json by the corpus sanity test, which is
// what makes this one cast sound.
// Every runner in a process shares them, so they are frozen all the way down: a test that
// changed an expected value would change it for every later test. (This package has no runtime
// dependency, so it has its own few lines rather than board-core's deepFreeze.)
const asFiles = (files: readonly unknown[]): readonly VectorFile[] => freezeAll(files) as readonly VectorFile[];

function freezeAll<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freezeAll(inner);
  }
  return value;
}

/** Every FEN vector file, in topic order. */
export const FEN_VECTORS: readonly VectorFile[] = /* @__PURE__ */ asFiles([
  fenBoard,
  fenTurn,
  fenCastling,
  fenEnPassant,
  fenCounters,
  fenFields,
  fenPockets,
  fenThreeCheck,
  fenStrict,
  fenWriteOptions,
  fenPositions,
  fenValidation,
]);

/**
 * Every move vector file: one per notation (SAN, coordinates, style 12 verbose, Smith), then
 * Omega chess (its positions are setup JSON, since FEN cannot describe the board).
 */
export const MOVE_VECTORS: readonly VectorFile[] = /* @__PURE__ */ asFiles([
  movesSan,
  movesCoordinate,
  movesVerbose,
  movesSmith,
  movesOmega,
]);

/** Every style 12 vector file (FICS and ICC board lines, `<b1>` holdings), in topic order. */
export const STYLE12_VECTORS: readonly VectorFile[] = /* @__PURE__ */ asFiles([
  style12Examples,
  style12Relation,
  style12Castling,
  style12EnPassant,
  style12Moves,
  style12Holdings,
  style12Names,
  style12Clocks,
  style12Tokens,
  style12Errors,
]);

/** Every ICC level 1 / level 2 vector file (`@chess-formats/icc-dg`): a stream in, its events out. */
export const ICC_VECTORS: readonly VectorFile[] = /* @__PURE__ */ asFiles([
  iccDatagrams,
  iccSettings,
  iccQuoting,
  iccUnits,
  iccChunks,
  iccOverflow,
  iccErrors,
  iccTracker,
]);

/** Every OCPN (Omega chess) vector file, in topic order. */
export const OCPN_VECTORS: readonly VectorFile[] = /* @__PURE__ */ asFiles([
  ocpnBoard,
  ocpnFields,
  ocpnEnPassant,
  ocpnStrict,
]);

/** Every FENr (realtime chess) vector file, in topic order. */
export const FENR_VECTORS: readonly VectorFile[] = /* @__PURE__ */ asFiles([
  fenrPlacement,
  fenrFields,
  fenrStrict,
  fenrExamples,
]);

/** Every PGN vector file (`@chess-formats/pgn` through its descriptor), in topic order. */
export const PGN_VECTORS: readonly VectorFile[] = /* @__PURE__ */ asFiles([
  pgnTags,
  pgnMovetext,
  pgnAnnotations,
  pgnResults,
  pgnErrors,
]);

/** The formats the corpus has vectors for, one folder of `vectors/` each. */
export const VECTOR_FORMATS = /* @__PURE__ */ Object.freeze([
  'fen',
  'moves',
  'style12',
  'icc',
  'ocpn',
  'fenr',
  'pgn',
] as const);
/** A format of the corpus, one of `VECTOR_FORMATS`. */
export type VectorFormat = (typeof VECTOR_FORMATS)[number];

/** The vector files of a format (every topic), as parsed from the JSON files of this package. */
export function loadVectors(format: VectorFormat): readonly VectorFile[] {
  switch (format) {
    case 'fen':
      return FEN_VECTORS;
    case 'moves':
      return MOVE_VECTORS;
    case 'ocpn':
      return OCPN_VECTORS;
    case 'fenr':
      return FENR_VECTORS;
    case 'style12':
      return STYLE12_VECTORS;
    case 'icc':
      return ICC_VECTORS;
    case 'pgn':
      return PGN_VECTORS;
  }
}

/** Every case of some vector files, flattened in order (convenient for `test.each`). */
export function vectorCases(files: readonly VectorFile[]): readonly VectorCase[] {
  return files.flatMap((file) => file.cases);
}

/**
 * How a corpus covers an implementation's list of error codes: the codes no case expects
 * (`missing`) and the codes cases expect that the list lacks (`unknown`). An implementation's
 * own tests assert both are empty, so its codes and the corpus cannot drift apart.
 */
export function errorCodeCoverage(
  cases: readonly VectorCase[],
  codes: readonly string[],
): { readonly missing: readonly string[]; readonly unknown: readonly string[] } {
  const used = new Set(cases.flatMap((c) => (c.error ? [c.error.code] : [])));
  return {
    missing: codes.filter((code) => !used.has(code)),
    unknown: [...used].filter((code) => !codes.includes(code)).sort(),
  };
}
