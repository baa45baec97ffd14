export { attackersOf, checkers, isAttacked, isCheck, kingSquares } from './attacks.js';
export { emptyBoard, occupiedSquares, pieceAt, standardBoard, withPiece, type Board } from './board.js';
export { parseCoordinate, writeCoordinate, type CoordinateOptions } from './coordinate.js';
export { boardDiagram } from './diagram.js';
export { deepFreeze } from './freeze.js';
export type { FieldSpan, Format, FormatError, StreamFormat, TextFormat } from './format.js';
export {
  GEOMETRY_NAMES,
  OMEGA,
  STANDARD,
  isSquare,
  parseSquare,
  squareAt,
  squareName,
  squareX,
  squareY,
  type Geometry,
  type GeometryName,
  type Square,
} from './geometry.js';
export {
  SETUP_JSON_ERROR_CODES,
  moveToJson,
  parseMoveJson,
  parseSetupJson,
  setupToJson,
  type MoveJson,
  type OmegaAdvancedJson,
  type FlightJson,
  type RealtimeJson,
  type SetupJson,
  type SetupJsonError,
  type SetupJsonErrorCode,
  type SetupJsonOptions,
  type UnderJson,
} from './json.js';
export type { LocatedError } from './located-error.js';
export { MOVEMENT, type Movement, type Vector } from './movement.js';
export type { GuardingRights, OmegaAdvancedState } from './omega-advanced.js';
export type { CastleMove, DropMove, EnPassantMove, Move, NormalMove } from './move.js';
export {
  MAX_MOVE_TEXT_LENGTH,
  MOVE_NOTATION_ERROR_CODES,
  type MoveNotationError,
  type MoveNotationErrorCode,
  type MoveNotationField,
} from './move-notation.js';
export { piece, pieceLetter, samePiece, type Piece, type RealtimeState } from './piece.js';
export {
  FENR_COOLDOWN_MS,
  advanceRealtime,
  boardAt,
  flightsAt,
  movableAt,
  pieceStatus,
  startClock,
  statusAt,
  withRealtime,
  type Flight,
  type PieceStatus,
} from './realtime.js';
export {
  REALTIME_DEFAULTS,
  advance,
  movesAt,
  realtimeOutcome,
  realtimePieces,
  startMove,
  type Advanced,
  type RealtimeEvent,
  type RealtimeMove,
  type RealtimeMoveError,
  type RealtimeMoveErrorCode,
  type RealtimeOptions,
  type RealtimeRulesOptions,
} from './realtime-rules.js';
export { REALTIME_DRAW_MS } from './realtime-end.js';
export { simulateRealtime, type Simulation, type SimulationOptions, type SimulationStep } from './realtime-sim.js';
export { err, mapResult, ok, unwrap, type Err, type Ok, type Result } from './result.js';
export type { EventStream, StreamEvent } from './stream.js';
export { createReplay, type Replay } from './replay.js';
export { MAX_PERFT_DEPTH, isCheckmate, isLegal, isStalemate, legalMoves, perft, play } from './rules.js';
export { parseSan, writeSan } from './san.js';
export { playSan, sanMoves } from './san-moves.js';
export { emptyPocket, MAX_COUNTER, standardSetup, type Pocket, type RealtimeClock, type Setup } from './setup.js';
export {
  applySmith,
  parseSmith,
  parseSmithUnchecked,
  unplaySmith,
  writeSmith,
  type UnplaySmithOptions,
} from './smith.js';
export {
  OUTCOME_REASONS,
  hasInsufficientMaterial,
  isFiftyMoveDraw,
  isFivefoldRepetition,
  isInsufficientMaterial,
  isSeventyFiveMoveDraw,
  isThreefoldRepetition,
  outcome,
  positionKey,
  type Outcome,
  type OutcomeOptions,
  type OutcomeReason,
} from './status.js';
export {
  COLORS,
  ROLES,
  ROLE_LETTERS,
  opposite,
  roleFromLetter,
  type ByColor,
  type ByRole,
  type Color,
  type Role,
} from './vocabulary.js';
export { OMEGA_RULES, STANDARD_RULES, rulesFor, type CastlingFiles, type RulesSpec } from './variant.js';
export { VARIANTS } from './variants/list.js';
export { ICC_WILDS, type IccWild } from './variants/icc-wild.js';
export {
  iccWildVariant,
  variantByFicsType,
  variantByIccWild,
  variantByKey,
  variantByLichessKey,
  variantByName,
  variantByPgnName,
  variantOf,
  withVariant,
  type UnsupportedVariantError,
  type VariantKey,
} from './variants/lookup.js';
export {
  defineVariant,
  type NoMoveEnd,
  type Variant,
  type VariantBoard,
  type VariantNames,
  type VariantRules,
  type VariantSign,
} from './variants/types.js';
export type {
  GameScore,
  GameTracker,
  TimeControl,
  TrackedGame,
  TrackedGameEvent,
  TrackedMove,
  TrackedPlayer,
  TrackedRelation,
} from './tracked-game.js';
export { VALIDATION_PROBLEMS, validateSetup, type ValidationProblem } from './validate.js';
export { parseVerbose, writeVerbose, type VerboseOptions } from './verbose.js';
export { blankSpans, setupMeaning, textSpans, type SetupTopic } from './spans.js';
export { trailItems, trailOf, trailPush, trailTake, withTrailItems, withoutKey, type Trail } from './trail.js';
export { describeError } from './describe-error.js';
// Kept for code written against 0.1, deprecated, and to go in 1.0: the text scanning the line
// formats share is now part of the scanning kit in `@chess-formats/board-core/internal`, which
// is not public API (see the README).
export { countCode, fault, faultError, fieldEnd, isNone, isSeparator, leadingTokens } from './internal/scan.js';
