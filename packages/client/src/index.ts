export {
  backoffDelay,
  DEFAULT_BACKOFF,
  DEFAULT_STABLE_MS,
  realTimers,
  type BackoffOptions,
  type Timers,
} from './backoff.js';
export type { AbortSignalLike, Connection, Transport } from './connection.js';
export {
  webSocketTransport,
  type WebSocketConstructor,
  type WebSocketLike,
  type WebSocketTransportOptions,
} from './websocket.js';
export {
  createIccClient,
  ICC_CLIENT_DATAGRAMS,
  ICC_CLIENT_LEVEL1,
  type IccBookChange,
  type IccClient,
  type IccClientEvent,
  type IccClientOptions,
  type IccCommandReply,
  type IccCommandResult,
  type IccOffer,
  type IccSeek,
  type IccSeekRemoval,
  type IccUnit,
} from './icc-client.js';
export {
  createIccStandIn,
  type IccStandIn,
  type IccStandInGame,
  type IccStandInOptions,
  type IccStandInPlayer,
  type IccStandInSession,
} from './icc-stand-in.js';
export {
  CLIENT_ERROR_CODES,
  DEFAULT_MAX_QUEUED_EVENTS,
  type EventsDropped,
  type ClientError,
  type ClientResult,
  type ClientErrorCode,
  type ClientOptions,
  type ClientStop,
  type CommandReply,
  type CommandResult,
  type ConnectionEvent,
  type GameEvent,
  type ServerClient,
} from './client.js';
export {
  ICC_DATAGRAMS,
  ICC_LEVEL1,
  LoginMachine,
  iccLoginLines,
  settingsCommands,
  type Credentials,
  type LoginAction,
  type ServerKind,
} from './login.js';
export {
  createFicsClient,
  ficsLoginIvars,
  type FicsClient,
  type FicsClientEvent,
  type FicsClientOptions,
  type FicsCommandReply,
  type FicsCommandResult,
  type FicsMovesResult,
} from './fics-client.js';
export {
  createFicsStandIn,
  type FicsStandIn,
  type FicsStandInGame,
  type FicsStandInOptions,
  type FicsStandInSession,
} from './fics-stand-in.js';
export type { StandInPeer, StandInServed, StandInServer } from './stand-in-serve.js';
