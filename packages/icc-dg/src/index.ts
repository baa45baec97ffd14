export { level1Value, level2Settings, set2Commands, taggedCommand, type Level1Options } from './client.js';
export { decodeDatagram, parseDatagram, type DecodeDatagramOptions } from './datagram.js';
export {
  createIccDecoder,
  iccDecoderTransformer,
  type IccChunk,
  type IccDecoder,
  type IccDecoderOptions,
  type IccEvent,
} from './decoder.js';
export { encodeDatagram, encodeEvents, encodeUnitStart, type DatagramInput, type EncodeOptions } from './encode.js';
export { inferMoveSettings, type InferredMoveSettings, type MoveVariable, type RawMoveDatagram } from './infer.js';
export { ICC_ERROR_CODES, type IccError, type IccErrorCode, type RawDatagram } from './errors.js';
export {
  DG_SCHEMA,
  datagramId,
  datagramName,
  type Datagram,
  type DatagramId,
  type DatagramName,
  type DatagramOf,
  type FieldsOf,
  type FieldsOfName,
  type KnownDatagram,
  type MoveInfo,
  type RatingPair,
  type UnknownDatagram,
} from './schema.js';
export type { SettingNames } from './settings.js';
export {
  ICC_TRACKER_ERROR_CODES,
  TRACKER_ERROR_CODES,
  createIccTracker,
  type IccGameFacts,
  type IccTracker,
  type IccTrackerError,
  type IccTrackerErrorCode,
  type IccTrackerEvent,
  type IccTrackerOptions,
  type TrackerError,
  type TrackerErrorCode,
  type TrackerEvent,
  type TrackerOptions,
} from './tracker.js';
export { iccFormat } from './format.js';
