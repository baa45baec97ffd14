import {
  VARIANTS,
  standardSetup,
  variantOf,
  writeSan,
  type FieldSpan,
  type FormatError,
  type Result,
  type Setup,
  type TextFormat,
  type VariantKey,
} from '@chess-formats/board-core';
import { BYTE_ORDER_MARK, CR, LF, SPACE, TAB } from '@chess-formats/board-core/internal';
import { PGN_ERROR_CODES, type PgnError, type PgnErrorCode } from './errors.js';
import { finalSetup, playNode, type PgnGame, type PgnNode } from './game.js';
import { parsePgn, type PgnReadOptions } from './read.js';
import { withPartial } from './tokens.js';
import { fenTagValue, setupTags } from './tags.js';
import { writePgn, type PgnWriteOptions } from './write.js';

/** A string's error codes: a text can never be `not-text`, which only untyped chunks give. */
export type PgnTextErrorCode = Exclude<PgnErrorCode, 'not-text'>;

/** A broken game's error as a format error: `field` says where it stands (see `pgnFormat.fields`). */
export type PgnGameError = PgnError & FormatError<PgnTextErrorCode>;

/**
 * `pgnFormat.parse`'s error: the first broken game's, and, in `games`, every game of the text
 * in order, each read (`ok: true`) or its error (`ok: false`), so that a viewer can show the
 * games that read beside the broken ones. A converter or validator takes the error alone.
 */
export type PgnFormatError = PgnGameError & { readonly games: readonly Result<PgnGame, PgnGameError>[] };

const FIELDS = /* @__PURE__ */ Object.freeze(['game', 'tag pairs', 'movetext']);
const TAG_CODES: readonly string[] = ['tag-syntax', 'tag-too-long', 'bad-fen', 'unknown-variant'];

function fieldOf(code: PgnErrorCode): number {
  if (code === 'not-text' || code === 'game-too-large') return 0;
  return TAG_CODES.includes(code) ? 1 : 2;
}

interface MoveJson {
  san: string;
  commentsBefore?: readonly string[];
  nags?: readonly number[];
  clockMs?: number;
  emtMs?: number;
  comments?: readonly string[];
  variations?: MoveJson[][];
}

/** A line of moves from `position`: each move in board-core's SAN, its alternatives under `variations`. */
function lineJson(first: PgnNode | undefined, siblings: readonly PgnNode[], from: Setup): MoveJson[] {
  const line: MoveJson[] = [];
  let position = from;
  let node = first;
  let alternatives = siblings;
  while (node !== undefined) {
    const json: MoveJson = { san: node.move === null ? '--' : writeSan(position, node.move) };
    if (node.commentsBefore) json.commentsBefore = node.commentsBefore;
    if (node.nags) json.nags = node.nags;
    if (node.clockMs !== undefined) json.clockMs = node.clockMs;
    if (node.emtMs !== undefined) json.emtMs = node.emtMs;
    if (node.comments) json.comments = node.comments;
    if (alternatives.length > 0)
      json.variations = alternatives.map((alternative) => lineJson(alternative, [], position));
    line.push(json);
    position = playNode(position, node.move);
    alternatives = node.children.slice(1);
    node = node.children[0];
  }
  return line;
}

/** The canonical JSON of a game: tags, variant, start and end positions (FEN, OCPN for Omega), the move tree, the result. */
function gameJson(game: PgnGame): unknown {
  return {
    tags: Object.fromEntries(game.tags),
    variant: game.variant,
    start: fenTagValue(game.setup),
    ...(game.root.comments ? { comments: game.root.comments } : {}),
    moves: lineJson(game.root.children[0], game.root.children.slice(1), game.setup),
    result: game.result,
    end: fenTagValue(finalSetup(game)),
  };
}

function parseGames(text: string, options?: PgnReadOptions): Result<readonly PgnGame[], PgnFormatError> {
  // Like the other descriptors, anything but a string reads as an empty text.
  const reads = parsePgn(typeof text === 'string' ? text : '', options);
  if (reads.every((read) => read.ok)) return { ok: true, value: reads.map((read) => read.value) };
  const games = reads.map(
    (read): Result<PgnGame, PgnGameError> =>
      read.ok
        ? read
        : withPartial(
            {
              ok: false,
              error: { ...read.error, code: read.error.code as PgnTextErrorCode, field: fieldOf(read.error.code) },
            },
            read.partial,
          ),
  );
  const first = games.find((game) => !game.ok) as { readonly ok: false; readonly error: PgnGameError };
  return { ok: false, error: { ...first.error, games } };
}

const isBlank = (code: number): boolean =>
  code === SPACE || code === TAB || code === LF || code === CR || code === BYTE_ORDER_MARK;

const LEFT_BRACKET = 91;

/** What a game's movetext holds: its main line's length and its result. */
function movetextMeaning(game: PgnGame | undefined): string {
  if (game === undefined) return '';
  let plies = 0;
  for (let node = game.root.children[0]; node !== undefined; node = node.children[0]) plies++;
  return `${plies} ${plies === 1 ? 'ply' : 'plies'} in the main line, result ${game.result}`;
}

/**
 * PGN's fields, by lines: a line that starts with `[` is a tag pair (its meaning the tag as
 * the reader kept it); the lines between are a game's movetext, one span, and a tag pair
 * after movetext starts the next game. The reader has read the games; this only places them.
 */
function pgnSpans(text: string, games?: readonly PgnGame[]): FieldSpan[] {
  if (typeof text !== 'string') return [];
  let read = games;
  if (read === undefined) {
    const parsed = parseGames(text);
    if (parsed.ok) read = parsed.value;
  }
  const spans: FieldSpan[] = [];
  let game = 0;
  let moves: [start: number, end: number] | undefined;
  const closeMoves = (): void => {
    if (moves === undefined) return;
    spans.push({ field: 2, start: moves[0], end: moves[1], meaning: read ? movetextMeaning(read[game]) : '' });
    moves = undefined;
    game++;
  };
  for (let from = 0; from < text.length; ) {
    let to = text.indexOf('\n', from);
    if (to < 0) to = text.length;
    let start = from;
    let end = to;
    while (start < end && isBlank(text.charCodeAt(start))) start++;
    while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
    from = to + 1;
    if (start === end) continue;
    if (text.charCodeAt(start) === LEFT_BRACKET) {
      closeMoves();
      const name = /^\[[ \t]*([A-Za-z0-9_]+)/.exec(text.slice(start, end))?.[1];
      const value = name === undefined ? undefined : read?.[game]?.tags.get(name);
      spans.push({ field: 1, start, end, meaning: value === undefined ? '' : `${name}: ${value}` });
    } else if (moves === undefined) moves = [start, end];
    else moves[1] = end;
  }
  closeMoves();
  return spans;
}

/**
 * What a PGN text starts with, after blanks: a tag pair (`[Event "`), a move number before a
 * move (`1. e4`, `12...Nf6`), or a lone game termination. FEN, OCPN, FENr, style 12 and ICC
 * texts start with none of these; nor does a JSON object, which a leading `{` comment would claim.
 */
function pgnStart(text: string): boolean {
  let i = 0;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  const head = text.slice(i, i + 64);
  return /^(?:\[[A-Za-z0-9_]+[ \t]*"|\d{1,4}[ \t]*\.(?:\.\.)?[ \t]*(?:[a-hKQRBNPO0]|--)|(?:1-0|0-1|1\/2-1\/2|\*)[ \t\r]*(?:\n|$))/.test(
    head,
  );
}

/**
 * PGN as one text format. The value is every game of the text, in order (`PgnGame[]`), so a
 * file converts and validates whole; a text with a broken game is that game's error, which
 * carries every game of the text, read or broken, for a viewer that shows the good ones. The
 * setup of a value is where the first game's main line ends (the standard start for a text
 * with no game), and a setup becomes one game with no moves that starts there (`SetUp` and
 * `FEN` tags unless it is the standard start; the variant from the setup).
 */
export const pgnFormat: Omit<
  TextFormat<readonly PgnGame[], PgnTextErrorCode, PgnReadOptions, PgnWriteOptions>,
  'parse'
> & {
  /** Every game of the text; or the first broken game's error, which carries every game (`PgnFormatError.games`). */
  parse(text: string, options?: PgnReadOptions): Result<readonly PgnGame[], PgnFormatError>;
} = /* @__PURE__ */ Object.freeze({
  kind: 'text',
  name: 'pgn',
  title: 'PGN (Portable Game Notation)',
  example:
    '[Event "Casual"]\n[White "Newton"]\n[Black "Einstein"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n',
  parse: parseGames,
  write: (games: readonly PgnGame[], options?: PgnWriteOptions): string =>
    games.map((game) => writePgn(game, options)).join('\n'),
  detect(text: string): number {
    if (typeof text !== 'string' || !pgnStart(text)) return 0;
    const read = parsePgn(text);
    return read.length > 0 && read.every((game) => game.ok) ? 0.95 : 0.75;
  },
  errorCodes: /* @__PURE__ */ Object.freeze(
    PGN_ERROR_CODES.filter((code): code is PgnTextErrorCode => code !== 'not-text'),
  ),
  fields: FIELDS,
  spans: pgnSpans,
  setupOf: (games: readonly PgnGame[]): Setup => (games[0] === undefined ? standardSetup() : finalSetup(games[0])),
  fromSetup(setup: Setup): readonly PgnGame[] {
    // The realtime clock is the game's timing, not the position, as for style 12.
    const { realtime: _clock, ...position } = setup;
    // The variant the setup names, else the one it shows (board-core's `variantOf`).
    const variant = variantOf(position);
    const tags = new Map<string, string>([['Result', '*']]);
    if (variant !== VARIANTS[0]) tags.set('Variant', variant.names.pgn[0] ?? variant.title);
    for (const [name, value] of setupTags(position)) tags.set(name, value);
    return [{ tags, variant: variant.key as VariantKey, setup: position, root: { children: [] }, result: '*' }];
  },
  toJson: (games: readonly PgnGame[]): unknown => ({ games: games.map(gameJson) }),
});
