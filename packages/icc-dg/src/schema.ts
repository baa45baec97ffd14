import { deepFreeze } from '@chess-formats/board-core';

/**
 * Every level 2 datagram (DG) of ICC's formats2.txt (section 4, "Below are the level-2 DG types",
 * and the `#define DG_*` list after Appendix 1): its number, its `#define` name and its fields.
 *
 * Fields are written in a small notation, one token per field, in wire order:
 *
 *     name[:type][?][@gate]
 *
 * - `name` is the camelCase of the spec's name for the field (see the README, Schema).
 * - `type`: `s` string (default), `q` string the server quotes with ^Y{ ^Y}, `b` string the
 *   server quotes with { }, `i` integer, `f` flag (0/1, a boolean), `t` a blank-separated word
 *   list in one argument (titles such as `{GM TD}`), `c` a colour `W`/`B`, `R` a rating pair
 *   (rating, then annotation 0/1/2: two arguments), `M` a move list (every remaining argument
 *   is one braced move).
 *   A `*` after the type takes every remaining argument: `s*` strings, `i*` integers, `w*`
 *   words (each argument split on blanks), `p*` records separated by a bare `|` (DG_PSTAT).
 * - `?`: absent on servers older than the field (the spec notes when it was added).
 * - `@gate`: present only while the level 2 variable `gate` is on (DG_MOVE_SMITH for the Smith
 *   move of DG_SEND_MOVES, DG_BULLET for a bullet rating in DG_PLAYER_ARRIVED, ...).
 *
 * The table is our data, derived from the spec's Form lines; the TypeScript types of every
 * datagram's fields are computed from it, so the runtime table and the types cannot drift.
 */

/** DG_PLAYER_ARRIVED and DG_NOTIFY_ARRIVED (1, 64): the README explains the order chosen. */
const ARRIVED =
  'playerName bullet:R@3 blitz:R@4 standard:R@5 wild:R@6 bughouse:R@7 losers:R@88 crazyhouse:R@121 fiveMinute:R@125 oneMinute:R@126 correspondence:R@140 fifteenMinute:R@145 threeMinute:R@149 fortyFiveMinute:R@150 chess960:R@151 timestamp:i@8 titles:t@9 open:f@10 state@11 gameNumber:i@11 clientTrustLevel:i@130 uid:i@131 checkers:R@133';
/** Ratings DGs (3-7, 88, 121, ...): "The form of every rating" (DG_BULLET, 3). */
const RATING = 'playerName rating:i annotation:i';
/** DG_GAME_STARTED (12) and the DGs the spec calls the same (15, 18, 40, 100). */
const GAME_STARTED =
  'gameNumber:i whiteName blackName wildNumber:i ratingType rated:f whiteInitial:i whiteIncrement:i blackInitial:i blackIncrement:i playedGame:f exString:b whiteRating:i blackRating:i gameId:i whiteTitles:t blackTitles:t irregularLegality:f irregularSemantics:f usesPlunkers:f fancyTimeControl:b promoteToKing:f';
/** DG_GAME_RESULT (13, 16): the ECO field is "new as of November 2001". */
const GAME_RESULT = 'gameNumber:i becomeExamined:f gameResultCode scoreString2 descriptionString:b eco?';
/** The move of DG_SEND_MOVES (24), DG_PAST_MOVE (111), DG_CORRESPONDENCE_MOVE (160): variables 33-36, 113. */
const MOVE = 'gameNumber:i algebraicMove@33 smithMove@34 time:i@35 clock:i@36 isVariation:i@113';
const POSITION_BEGIN = 'gameNumber:i initialFen:b nMovesToFollow:i';
const LIST_ITEM = 'username listName values:s*';
const CIRCLE = 'gameNumber:i examiner coordinate';
const ARROW = 'gameNumber:i examiner origin destination';
const SUGGESTION = 'textString:b priority:i suggester subject id';

/**
 * Every level 2 datagram of ICC's formats2.txt by number, as `[name, fields]` (frozen); the
 * fields are written in wire order in the notation `name[:type][?][@gate]` the README's Schema
 * section explains.
 */
export const DG_SCHEMA = /* @__PURE__ */ deepFreeze({
  0: ['DG_WHO_AM_I', 'myName titles:t'],
  1: ['DG_PLAYER_ARRIVED', ARRIVED],
  2: ['DG_PLAYER_LEFT', 'playerName'],
  3: ['DG_BULLET', RATING],
  4: ['DG_BLITZ', RATING],
  5: ['DG_STANDARD', RATING],
  6: ['DG_WILD', RATING],
  7: ['DG_BUGHOUSE', RATING],
  8: ['DG_TIMESTAMP', 'playerName timestampClientNumber:i'],
  9: ['DG_TITLES', 'playerName titles:t'],
  10: ['DG_OPEN', 'playerName open:f'],
  11: ['DG_STATE', 'playerName state gameNumber:i'],
  12: ['DG_GAME_STARTED', GAME_STARTED],
  13: ['DG_GAME_RESULT', GAME_RESULT],
  14: ['DG_EXAMINED_GAME_IS_GONE', 'gameNumber:i'],
  15: ['DG_MY_GAME_STARTED', GAME_STARTED],
  16: ['DG_MY_GAME_RESULT', GAME_RESULT],
  17: ['DG_MY_GAME_ENDED', 'gameNumber:i'],
  18: ['DG_STARTED_OBSERVING', GAME_STARTED],
  19: ['DG_STOP_OBSERVING', 'gameNumber:i'],
  20: ['DG_PLAYERS_IN_MY_GAME', 'gameNumber:i playerName symbol kibValue:f'],
  21: [
    'DG_OFFERS_IN_MY_GAME',
    'gameNumber:i wDraw:f bDraw:f wAdjourn:f bAdjourn:f wAbort:f bAbort:f wTakeback:i bTakeback:i',
  ],
  22: ['DG_TAKEBACK', 'gameNumber:i takebackCount:i'],
  23: ['DG_BACKWARD', 'gameNumber:i backupCount:i'],
  24: ['DG_SEND_MOVES', MOVE],
  25: ['DG_MOVE_LIST', 'gameNumber:i initialPosition moves:M'],
  26: ['DG_KIBITZ', 'gameNumber:i playerName titles:t kibWhi:f kibString:q'],
  27: ['DG_PEOPLE_IN_MY_CHANNEL', 'channel:i playerName comeGo:f'],
  28: ['DG_CHANNEL_TELL', 'channel:i playerName titles:t tellString:q type:i'],
  29: [
    'DG_MATCH',
    'challengerName challengerRating:R challengerTitles:t receiverName receiverRating:R receiverTitles:t wildNumber:i ratingType isItRated:f isItAdjourned:f challengerInitial:i challengerIncrement:i receiverInitial:i receiverIncrement:i challengerColorRequest:i assessLoss:i@85 assessDraw:i@85 assessWin:i@85 fancyTimeControl:b?',
  ],
  30: ['DG_MATCH_REMOVED', 'challengerName receiverName explanationString:q'],
  31: ['DG_PERSONAL_TELL', 'playerName titles:t tellString:q type:i'],
  32: ['DG_SHOUT', 'playerName titles:t type:i shoutString:q'],
  33: ['DG_MOVE_ALGEBRAIC', ''],
  34: ['DG_MOVE_SMITH', ''],
  35: ['DG_MOVE_TIME', ''],
  36: ['DG_MOVE_CLOCK', ''],
  37: ['DG_BUGHOUSE_HOLDINGS', 'gameNumber:i whiteHolding:b blackHolding:b'],
  38: ['DG_SET_CLOCK', 'gameNumber:i whiteClock:i blackClock:i'],
  39: ['DG_FLIP', 'gameNumber:i flip:f'],
  40: ['DG_ISOLATED_BOARD', GAME_STARTED],
  41: ['DG_REFRESH', 'gameNumber:i'],
  42: ['DG_ILLEGAL_MOVE', 'gameNumber:i moveString reason:i'],
  43: ['DG_MY_RELATION_TO_GAME', 'gameNumber:i symbol'],
  44: ['DG_PARTNERSHIP', 'name1 name2 forming:f'],
  45: ['DG_SEES_SHOUTS', 'playerName bitVector:i'],
  46: ['DG_CHANNELS_SHARED', 'playerName channels:i*'],
  47: ['DG_MY_VARIABLE', 'variableName value:i'],
  48: ['DG_MY_STRING_VARIABLE', 'variableName value:q'],
  49: [
    'DG_JBOARD',
    'board sideToMove:c doublePushFile:i whiteCanCastleShort:f whiteCanCastleLong:f blackCanCastleShort:f blackCanCastleLong:f moveNumber:i algebraicLastMove:b smithLastMove:b whiteClock:i blackClock:i status:i flip:f',
  ],
  50: [
    'DG_SEEK',
    'index:i name titles:t rating:i provisionalStatus:i wild:i ratingType time:i inc:i rated:f color:i minRating:i maxRating:i autoAccept:f formula:f fancyTimeControl:b',
  ],
  51: ['DG_SEEK_REMOVED', 'index:i reasonCode:i'],
  52: ['DG_MY_RATING', 'bulletRating:i blitzRating:i standardRating:i wildRating:i bughouseRating:i'],
  53: ['DG_SOUND', 'code:i'],
  55: ['DG_PLAYER_ARRIVED_SIMPLE', 'name'],
  56: ['DG_MSEC', 'gameNumber:i color:c msec:i running:f freeTimeToMove:i? minMoveTime:i?'],
  57: ['DG_BUGHOUSE_PASS', 'gameNumber:i color:c piece'],
  58: ['DG_IP', 'playerName ipAddress'],
  59: ['DG_CIRCLE', CIRCLE],
  60: ['DG_ARROW', ARROW],
  61: ['DG_MORETIME', 'gameNumber:i color:c seconds:i'],
  62: ['DG_PERSONAL_TELL_ECHO', 'receiverName type:i string:q'],
  63: ['DG_SUGGESTION', `commandString:b ${SUGGESTION}`],
  64: ['DG_NOTIFY_ARRIVED', ARRIVED],
  65: ['DG_NOTIFY_LEFT', 'playerName'],
  66: ['DG_NOTIFY_OPEN', 'playerName open:f'],
  67: ['DG_NOTIFY_STATE', 'playerName state gameNumber:i'],
  68: ['DG_MY_NOTIFY_LIST', 'name yesNo:f'],
  69: ['DG_LOGIN_FAILED', 'code:i explanationString:b'],
  70: ['DG_FEN', 'gameNumber:i fenString:b'],
  71: ['DG_TOURNEY_MATCH', ''],
  72: ['DG_GAMELIST_BEGIN', 'command parameters:b nHits:i first:i last:i summary:b'],
  73: [
    'DG_GAMELIST_ITEM',
    'index:i id:i event date time whiteName whiteRating blackName blackRating rated:f ratingType:i wild:i initTimeW:i incW:i initTimeB:i incB:i eco status:i color:i mode:i note:b here:f',
  ],
  74: ['DG_IDLE', 'name idleTime:i timeSinceRead:i'],
  75: ['DG_ACK_PING', 'name lagInMs:i mean:i variance:i'],
  76: ['DG_RATING_TYPE_KEY', 'index:i string'],
  77: ['DG_GAME_MESSAGE', 'gameNumber:i string:q'],
  78: ['DG_UNACCENTED', ''],
  79: ['DG_STRINGLIST_BEGIN', 'nHits:i description:b'],
  80: ['DG_STRINGLIST_ITEM', 'string:b'],
  81: ['DG_DUMMY_RESPONSE', ''],
  82: ['DG_CHANNEL_QTELL', 'channel:i name titles:t qtellString:q'],
  83: ['DG_PERSONAL_QTELL', 'playerName titles:t qtellString:q'],
  84: ['DG_SET_BOARD', 'gameNumber:i board sideToMove:c'],
  85: ['DG_MATCH_ASSESSMENT', ''],
  86: ['DG_LOG_PGN', 'lines:s*'],
  87: ['DG_NEW_MY_RATING', 'ratings:i*'],
  88: ['DG_LOSERS', RATING],
  89: ['DG_UNCIRCLE', CIRCLE],
  90: ['DG_UNARROW', ARROW],
  91: ['DG_WSUGGEST', `url ${SUGGESTION}`],
  93: ['DG_TEMPORARY_PASSWORD', 'password'],
  94: ['DG_MESSAGELIST_BEGIN', 'commandString:b'],
  95: ['DG_MESSAGELIST_ITEM', 'index:i sender time date message:q'],
  96: ['DG_LIST', 'header:b rowStart:b items:s*'],
  97: ['DG_SJI_AD', 'freeFormText:q'],
  98: ['DG_BLITZIN_REG', ''],
  99: ['DG_QRETRACT', 'id'],
  100: ['DG_MY_GAME_CHANGE', GAME_STARTED],
  101: ['DG_POSITION_BEGIN', POSITION_BEGIN],
  102: ['DG_ALLOW_GUESS', 'gameNumber:i teacher:b token:b answer:b'],
  103: ['DG_TOURNEY', 'index:i bitField:i description:b joinCommand:b watchCommand:b infoCommand:b confirmText:b'],
  104: ['DG_REMOVE_TOURNEY', 'index:i'],
  105: ['DG_DIALOG_START', 'sizeInBytes:i'],
  106: ['DG_DIALOG_DATA', 'data'],
  107: ['DG_DIALOG_DEFAULT', 'controlNumber:i type value:b'],
  108: ['DG_DIALOG_END', 'isModal:f focus:i commandOnOk:q commandOnCancel:q commandOnIdYes:q commandOnIdNo:q'],
  109: ['DG_DIALOG_RELEASE', ''],
  110: ['DG_POSITION_BEGIN2', POSITION_BEGIN],
  111: ['DG_PAST_MOVE', MOVE],
  112: ['DG_PGN_TAG', 'gameNumber:i tagName value:b'],
  113: ['DG_IS_VARIATION', ''],
  114: ['DG_PASSWORD', 'newPassword handle'],
  115: ['DG_BANNER', 'gameNumber:i url'],
  116: ['DG_WILD_KEY', 'index:i string:b'],
  117: ['DG_FORM_FEEDBACK', 'fieldName problemCode:i problemDescription:b'],
  119: ['DG_KEY_VERSION', 'wildKeyVersion:i'],
  120: ['DG_SWITCH_SERVERS', 'serverName port:i ipNumber'],
  121: ['DG_CRAZYHOUSE', RATING],
  122: ['DG_PLUGIN_TRUSTED', 'index:i hashCode'],
  123: ['DG_SPEAK', 'text:q'],
  124: ['DG_SET2', 'dgCode:i offOn:f'],
  125: ['DG_FIVEMINUTE', RATING],
  126: ['DG_ONEMINUTE', RATING],
  127: ['DG_QIMPART', 'sender text:q'],
  128: ['DG_MUGSHOT', 'player url gameNumber:i'],
  129: ['DG_TRANSLATIONSOKAY', ''],
  130: ['DG_CLIENT_TRUST_LEVEL', ''],
  131: ['DG_UID', ''],
  132: ['DG_KNOWS_FISCHER_RANDOM', ''],
  133: ['DG_FREE_WAS_CHECKERS', ''],
  134: ['DG_WEB_AUTH', 'key urlPrefix:b wwwServers:b'],
  135: ['DG_ICCLOGBOT', ''],
  136: ['DG_COMMAND', 'command allArguments:b'],
  137: ['DG_TOURNEY_GAME_STARTED', 'eventLabel:b white black id:i gameNumber:i'],
  138: ['DG_TOURNEY_GAME_ENDED', 'eventLabel:b white black id:i scoreString2'],
  139: ['DG_MY_TURN', 'gameNumber:i'],
  140: ['DG_CORRESPONDENCE_RATING', RATING],
  141: ['DG_DISABLE_PREMOVE', 'gameNumber:i'],
  142: ['DG_PSTAT', 'initiated:i player1 player2 records:p*'],
  143: ['DG_BOARDINFO', 'gameNumber:i examinerName type:i coord1 coord2 color:i'],
  144: ['DG_MOVE_LAG', 'player lag:i'],
  145: ['DG_FIFTEENMINUTE', RATING],
  146: ['DG_PHRASELIST_UPDATE', 'index:i text:b'],
  147: ['DG_PHRASELIST_ITEM', 'index:i text:b'],
  148: ['DG_MENU_SPEAK', 'username uid:i talkToUidStatus:i menuSpeak:i menuSupport:i'],
  149: ['DG_THREEMINUTE', RATING],
  150: ['DG_FORTYFIVEMINUTE', RATING],
  151: ['DG_CHESS960', RATING],
  152: ['DG_COUNTRY', 'player gameNumber:i country'],
  153: ['DG_FEATURES', 'features:w*'],
  154: ['DG_ERROR', 'errorNumber:i language errorText:b url:b'],
  155: ['DG_GROUP_INFO', ''],
  156: ['DG_CHANNEL_INFO', ''],
  157: ['DG_CHECKERS', RATING],
  158: ['DG_CLIENT_INFO', 'type:i name:b value:b'],
  159: ['DG_ZRATING', 'username ratingType:i rank:i rating:i wins:i losses:i ties:i best:i changed:f'],
  160: ['DG_CORRESPONDENCE_MOVE', MOVE],
  161: [
    'DG_CORRESPONDENCE_GAME',
    'target reason:i begin:f end:f id:i white whitePreRating:i black blackPreRating:i startDt:b lastMoveDt:b status:i numHalfMoves:i wild:i rated:f ratingType:i lastMove comment:b',
  ],
  162: ['DG_NO_CORRESPONDENCE_GAME', 'target reason:i'],
  163: ['DG_LIST_HEAD', 'username listName listSize:i'],
  164: ['DG_LIST_END', ''],
  165: ['DG_LIST_ITEM', LIST_ITEM],
  166: ['DG_LIST_ADDED', LIST_ITEM],
  167: ['DG_LIST_REMOVED', LIST_ITEM],
  168: ['DG_FAIL', 'commandId:i errorMessage:b'],
  169: ['DG_NOTE', 'username index:i text:b'],
  170: ['DG_FIELD', 'username key value:b'],
  171: [
    'DG_RATING',
    'username ratingCategory:i rank:i rating:i need:i wins:i losses:i draws:i bestRating:i bestRatingDate:b',
  ],
  172: ['DG_END_PROFILE', 'username'],
  173: ['DG_PSTAT2', 'ratingCategory:i username1 username2 wins1:i losses1:i draws1:i wins2:i losses2:i draws2:i'],
  174: ['DG_EXAMINERS_IN_GAME', 'game:i examinerUsername examinerTitles:t joined:f'],
  175: ['DG_POOL_JOINED', 'poolName'],
  176: ['DG_POOL_LEFT', 'poolName'],
  177: ['DG_25_5', ''],
  178: ['DG_LOGIN_LIST_FRIENDS', ''],
  179: ['DG_LOGIN_LIST_ALIASES', ''],
  180: ['DG_LOGIN_LIST_MESSAGES', ''],
  181: ['DG_LOGIN_LIST_ROOMS', ''],
  182: ['DG_LOGIN_LIST_ADJOURNED_GAMES', ''],
  183: ['DG_LOGIN_LIST_LIBRARY_GAMES', ''],
  184: ['DG_LOGIN_LIST_HISTORY_GAMES', ''],
  185: ['DG_LOGIN_LIST_CENSORS', ''],
  186: ['DG_AUTH_URL', ''],
  187: ['DG_PGN', ''],
  188: ['DG_IN_CHANNEL', 'id:i name memberCount:i description:b'],
} as const);

type Schema = typeof DG_SCHEMA;
/** The number of a datagram the document describes. */
export type DatagramId = keyof Schema;
/** The `#define` name of a datagram the document describes, `DG_WHO_AM_I` ... `DG_IN_CHANNEL`. */
export type DatagramName = Schema[DatagramId][0];

/** A rating in a datagram: the number, and 0 (none), 1 (provisional) or 2 (established). */
export interface RatingPair {
  /** The rating. */
  readonly rating: number;
  /** 0 no rating, 1 provisional, 2 established. */
  readonly annotation: number;
}

/** One move of DG_MOVE_LIST, with the parts the level 2 variables 33-36 and 113 turn on. */
export interface MoveInfo {
  /** The move in algebraic notation (variable 33, DG_MOVE_ALGEBRAIC). */
  readonly algebraicMove?: string;
  /** The move in Smith notation (variable 34, DG_MOVE_SMITH). */
  readonly smithMove?: string;
  /** Seconds the player took for the move (variable 35, DG_MOVE_TIME). */
  readonly time?: number;
  /** Seconds on the player's clock after the move, increment added (variable 36, DG_MOVE_CLOCK). */
  readonly clock?: number;
  /** How the move came (variable 113, DG_IS_VARIATION): 0 initial, 1 played, 2 forward, 3 examined, ... */
  readonly isVariation?: number;
}

type TypeOf<T extends string> = T extends 'i'
  ? number
  : T extends 'f'
    ? boolean
    : T extends 't' | 'w*' | 's*'
      ? readonly string[]
      : T extends 'i*'
        ? readonly number[]
        : T extends 'p*'
          ? readonly (readonly number[])[]
          : T extends 'c'
            ? 'W' | 'B'
            : T extends 'R'
              ? RatingPair
              : T extends 'M'
                ? readonly MoveInfo[]
                : string;

type Bare<F extends string> = F extends `${infer N}@${string}` ? Bare<N> : F extends `${infer N}?` ? N : F;
type NameOf<F extends string> = Bare<F> extends `${infer N}:${string}` ? N : Bare<F>;
type KindOf<F extends string> = Bare<F> extends `${string}:${infer T}` ? T : 's';
type IsOptional<F extends string> = F extends `${string}@${string}` | `${string}?` ? true : false;

type FieldOf<F extends string> =
  IsOptional<F> extends true
    ? { readonly [K in NameOf<F>]?: TypeOf<KindOf<F>> }
    : { readonly [K in NameOf<F>]: TypeOf<KindOf<F>> };

type ParseFields<S extends string> = S extends ''
  ? unknown
  : S extends `${infer Head} ${infer Rest}`
    ? FieldOf<Head> & ParseFields<Rest>
    : FieldOf<S>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The typed fields of the datagram with this number. */
export type FieldsOf<Id extends DatagramId> = Simplify<ParseFields<Schema[Id][1]>>;

/** A decoded datagram the document describes; `name` narrows `fields`. */
export type KnownDatagram = {
  [Id in DatagramId]: {
    readonly id: Id;
    readonly name: Schema[Id][0];
    /** Every argument after the number, unquoted, in order (the extra ones too). */
    readonly args: readonly string[];
    readonly fields: FieldsOf<Id>;
    /** Arguments after the last field the schema knows (the spec: "ignore any fields after the last one"). */
    readonly extra: readonly string[];
  };
}[DatagramId];

/** A datagram whose number the document does not describe: its arguments, unread. */
export interface UnknownDatagram {
  /** The datagram number. */
  readonly id: number;
  /** No name: the document does not describe this number. */
  readonly name: null;
  /** Every argument after the number, unquoted, in order. */
  readonly args: readonly string[];
  /** No typed fields. */
  readonly fields: null;
  /** The same arguments as `args`, none of them read. */
  readonly extra: readonly string[];
}

/**
 * A decoded datagram: a known one with typed `fields` by name, or an unknown number with its
 * raw arguments.
 */
export type Datagram = KnownDatagram | UnknownDatagram;

/** The decoded datagram of this name. */
export type DatagramOf<N extends DatagramName> = Extract<KnownDatagram, { readonly name: N }>;
/** The fields of the datagram of this name. */
export type FieldsOfName<N extends DatagramName> = DatagramOf<N>['fields'];

/** Numbers by name, built once on first use. */
let idsByName: Map<string, number> | undefined;

/** The number of a datagram name (`'DG_SEND_MOVES'` is 24); undefined for a name the document lacks. */
export function datagramId(name: string): DatagramId | undefined {
  if (idsByName === undefined) {
    idsByName = new Map();
    for (const [id, entry] of Object.entries(DG_SCHEMA)) idsByName.set(entry[0], Number(id));
  }
  return idsByName.get(name) as DatagramId | undefined;
}

/** The name of a datagram number (24 is `'DG_SEND_MOVES'`); undefined for a number the document lacks. */
export function datagramName(id: number): DatagramName | undefined {
  return (DG_SCHEMA as Partial<Record<number, readonly [DatagramName, string]>>)[id]?.[0];
}
