import type { ByColor } from '@chess-formats/board-core';
import {
  mainline,
  type PgnFormatError,
  type PgnGame,
  type PgnGameError,
  type PgnGameFailure,
  type PgnNode,
} from '@chess-formats/pgn';
import {
  placedError,
  type FieldRow,
  type FormatAdapter,
  type FormatView,
  type GameInfo,
  type InputError,
  type PlayerInfo,
  type Position,
  type RecordMove,
  type SessionGame,
} from './adapter.js';
import { readAnnotations } from './annotations.js';
import { textFormat } from './list.js';
import { timeControlText } from '../view/players.js';

// PGN through the list's descriptor: its value is every game of the text, and a text with a
// broken game is that game's error, which carries every game of the text, read or broken
// (`PgnFormatError.games`), so that one broken game hides no other here. The page shows each
// good game as a game of a session (chooser, step controls, arrow keys) with its tags as
// fields and its moves as a tree; `mainline` (a helper on the game, not a reader) replays the
// main line.
const pgn = textFormat<readonly PgnGame[]>('pgn');

/** What the usual tags say, in words; other tags are the file's own. */
const TAG_MEANINGS: Readonly<Record<string, string>> = {
  Event: 'the event or match',
  Site: 'where it was played (a city, a club, a server)',
  Date: 'when it was played (year.month.day, ?? where unknown)',
  Round: 'the round of the event (- for none)',
  White: "White's player",
  Black: "Black's player",
  WhiteElo: "White's rating",
  BlackElo: "Black's rating",
  WhiteTitle: "White's title",
  BlackTitle: "Black's title",
  ECO: 'the opening, by its Encyclopaedia of Chess Openings code',
  Opening: 'the opening',
  Variation: 'the variation of the opening',
  Annotator: 'who wrote the comments',
  PlyCount: 'how many half-moves the game has',
  Termination: 'how the game ended',
  Mode: 'how it was played (OTB over the board, ICS on a server)',
  SetUp: '1: the game starts from the FEN tag',
  FEN: 'the starting position',
  Variant: 'the rules played',
  UTCDate: 'the date, in UTC',
  UTCTime: 'the time of day, in UTC',
};

const RESULT_MEANINGS: Readonly<Record<string, string>> = {
  '1-0': 'White won',
  '0-1': 'Black won',
  '1/2-1/2': 'a draw',
  '*': 'unfinished or unknown',
};

/** `180+2` as three minutes each plus two seconds a move; other forms as PGN defines them. */
function timeControlMeaning(value: string): string {
  const simple = /^(\d+)(?:\+(\d+))?$/.exec(value);
  if (simple) {
    const seconds = Number(simple[1]);
    const base = seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;
    return `${base} each${simple[2] && simple[2] !== '0' ? `, plus ${simple[2]} seconds a move` : ''}`;
  }
  if (value === '-') return 'no time control';
  if (value === '?') return 'unknown';
  return 'the time control in periods (moves/seconds, +increment, *seconds for a sandclock)';
}

function tagMeaning(name: string, value: string): string {
  if (name === 'Result') return `the result: ${RESULT_MEANINGS[value] ?? 'not a PGN result'}`;
  if (name === 'TimeControl') return `the time control: ${timeControlMeaning(value)}`;
  return TAG_MEANINGS[name] ?? 'a tag of its own, not one of the standard';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The game's tags as fields, found in the text in order from `from` (games and their tags
 * come in text order); returns where the search stops, for the next game.
 */
function tagFields(text: string, game: PgnGame, from: number): { fields: FieldRow[]; next: number } {
  const fields: FieldRow[] = [];
  let cursor = from;
  for (const [name, value] of game.tags) {
    const pattern = new RegExp(`\\[[ \\t]*${escapeRegExp(name)}[ \\t]+"((?:[^"\\\\\\n]|\\\\.)*)"[ \\t]*\\]`, 'g');
    pattern.lastIndex = cursor;
    // The same value, unescaped, among the next few of that name: a broken game between two
    // good ones has tags of the same names. Few, so that a file of many games stays linear.
    const first = pattern.exec(text);
    let found = first;
    for (let tries = 0; found && tries < 8 && (found[1] ?? '').replace(/\\(.)/g, '$1') !== value; tries++)
      found = pattern.exec(text);
    found = found && (found[1] ?? '').replace(/\\(.)/g, '$1') === value ? found : first;
    if (!found) continue;
    fields.push({ name, text: found[0], offset: found.index, meaning: tagMeaning(name, value) });
    cursor = found.index + found[0].length;
  }
  return { fields, next: cursor };
}

/** The tree's lines from `siblings` (the first goes on, the others are its alternatives). */
function lineOf(
  siblings: readonly PgnNode[],
  ply: number,
  start: { fullmoves: number; blackFirst: boolean },
  main: boolean,
): RecordMove[] {
  const line: RecordMove[] = [];
  let current = siblings;
  let index = ply;
  for (let node = current[0]; node; node = current[0]) {
    const counted = index + (start.blackFirst ? 1 : 0);
    const variations = current.slice(1).map((alternative) => lineOf([alternative], index, start, false));
    // `[%cal]`, `[%csl]`, `[%eval]` are drawn on the board (the ply's `annotations`), not printed.
    const commentsBefore = readAnnotations(node.commentsBefore).comments;
    const comments = readAnnotations(node.comments).comments;
    line.push({
      san: node.san,
      number: start.fullmoves + Math.floor(counted / 2),
      white: counted % 2 === 0,
      ...(node.nags?.length ? { nags: node.nags } : {}),
      ...(commentsBefore.length ? { commentsBefore } : {}),
      ...(comments.length ? { comments } : {}),
      ...(node.clockMs === undefined ? {} : { clockMs: node.clockMs }),
      ...(main ? { ply: index + 1 } : {}),
      ...(variations.length ? { variations } : {}),
    });
    current = node.children;
    index++;
  }
  return line;
}

/** A tag's value unless it is empty or PGN's `?` for unknown. */
function known(game: PgnGame, name: string): string | undefined {
  const value = game.tags.get(name)?.trim();
  return value && value !== '?' ? value : undefined;
}

export function titleOf(game: PgnGame, index: number): string {
  const player = (side: 'White' | 'Black'): string | undefined => {
    const name = known(game, side);
    const elo = known(game, `${side}Elo`);
    return name && elo ? `${name} (${elo})` : name;
  };
  const white = player('White');
  const black = player('Black');
  const players = white || black ? `${white ?? '?'} vs ${black ?? '?'}` : `Game ${index + 1}`;
  return `${players}, ${game.result}`;
}

/** The players (`White`, `WhiteElo`, `WhiteTitle`), `TimeControl` and `Result` tags, for beside the board. */
export function pgnGameInfo(game: PgnGame): GameInfo {
  const player = (side: 'White' | 'Black'): PlayerInfo | undefined => {
    const name = known(game, side);
    if (!name) return undefined;
    const rating = Number(known(game, `${side}Elo`));
    const title = known(game, `${side}Title`);
    return { name, ...(rating > 0 ? { rating } : {}), ...(title && title !== '-' ? { title } : {}) };
  };
  const white = player('White');
  const black = player('Black');
  const control = known(game, 'TimeControl');
  // `180+2`: seconds, then the increment; other forms (`40/7200:3600`, `-`) are shown as written.
  const simple = control ? /^(\d+)(?:\+(\d+(?:\.\d+)?))?$/.exec(control) : null;
  const initialMs = simple ? Number(simple[1]) * 1000 : undefined;
  return {
    ...(white ? { white } : {}),
    ...(black ? { black } : {}),
    ...(simple
      ? { timeControl: timeControlText(initialMs ?? 0, Number(simple[2] ?? 0) * 1000) }
      : control && control !== '-'
        ? { timeControl: control }
        : {}),
    ...(initialMs ? { initialMs: { white: initialMs, black: initialMs } } : {}),
    ...(game.result !== '*' ? { result: game.result } : {}),
  };
}

/** Every position of the main line, each with its move and the clocks known so far. */
function pliesOf(game: PgnGame, title: string): { position: Position; san?: string }[] {
  const clocks: { -readonly [Side in keyof ByColor<number>]?: number } = {};
  const info = pgnGameInfo(game);
  // The game's first comment annotates the start position; each move's comment the position after it.
  const first = readAnnotations(game.root.comments).annotations;
  const plies: { position: Position; san?: string }[] = [
    { position: { setup: game.setup, title, game: info, ...(first ? { annotations: first } : {}) } },
  ];
  for (const { before, node, after } of mainline(game)) {
    if (node.clockMs !== undefined) clocks[before.turn] = node.clockMs;
    const annotations = readAnnotations(node.comments).annotations;
    const position: Position = {
      setup: after,
      title,
      game: info,
      ...(node.move ? { lastMove: node.move } : {}),
      ...(Object.keys(clocks).length ? { clocks: { ...clocks } } : {}),
      ...(annotations ? { annotations } : {}),
    };
    plies.push({ position, san: node.san });
  }
  return plies;
}

/** The characters of the token at `offset` (a move, a tag), for the highlight. */
function tokenLength(text: string, offset: number): number {
  if (offset >= text.length) return 0;
  const token = /[^\s(){}[\]]+/y;
  token.lastIndex = offset;
  return Math.max(1, token.exec(text)?.[0].length ?? 1);
}

function pgnError(text: string, error: PgnGameError, game: number): InputError {
  const placed = placedError(text, error, pgn.fields);
  return {
    ...placed,
    message: `Game ${game}: ${error.message}`,
    length: tokenLength(text, placed.offset),
    line: error.line,
    column: error.column,
  };
}

/** At most this many broken games are listed one by one; the rest are counted. */
const ERRORS_LISTED = 50;

export function readPgn(text: string): FormatView {
  if (typeof text !== 'string')
    return {
      positions: [],
      fields: [],
      errors: [{ code: 'empty', message: 'No text', offset: 0, length: 0 }],
      notes: [],
    };
  const read = pgn.parse(text);
  const results = read.ok
    ? read.value.map((game) => ({ ok: true as const, value: game }))
    : (read.error as PgnFormatError).games;
  if (results.length === 0)
    return {
      positions: [],
      fields: [],
      errors: [{ code: 'no-game', message: 'The text holds no game', offset: 0, length: 0 }],
      notes: [],
    };
  let from = 0;
  const errors: InputError[] = [];
  const sessionGames: SessionGame[] = [];
  let partials = 0;
  results.forEach((result, index) => {
    let game: PgnGame;
    let error: InputError | undefined;
    if (!result.ok) {
      error = pgnError(text, result.error, index + 1);
      if (errors.length < ERRORS_LISTED) errors.push(error);
      // The game read up to its error (an illegal move), shown up to there with the error beside it.
      // Only a game broken in its moves: one broken in its tags has none to show.
      const partial = error.field === 'movetext' ? (result as PgnGameFailure).partial : undefined;
      if (!partial) {
        // The next game's tags are after the broken game's error.
        from = Math.max(from, Math.min(result.error.offset, text.length));
        return;
      }
      game = partial;
      partials++;
    } else game = result.value;
    const tags = tagFields(text, game, from);
    from = error ? Math.max(tags.next, Math.min(error.offset, text.length)) : tags.next;
    const title = `${titleOf(game, index)}${error ? ' (broken: up to its error)' : ''}`;
    const start = { fullmoves: game.setup.fullmoves, blackFirst: game.setup.turn === 'black' };
    const rootComments = readAnnotations(game.root.comments).comments;
    sessionGames.push({
      id: String(index + 1),
      title,
      plies: pliesOf(game, title),
      fields: tags.fields,
      record: {
        ...(rootComments.length ? { comments: rootComments } : {}),
        line: lineOf(game.root.children, 0, start, true),
        result: game.result,
      },
      pgnRoot: game.root,
      ...(error ? { error: `${error.message} (${error.code}, line ${error.line}, column ${error.column})` } : {}),
    });
  });
  const broken = results.length - sessionGames.length + partials;
  const whole = sessionGames.length - partials;
  const notes: string[] = [];
  if (broken > 0 && sessionGames.length > 0 && results.length > 1) {
    const where = errors.map((e) => `line ${e.line}`).join(', ');
    const shown =
      partials === 0
        ? `the other ${whole} ${whole === 1 ? 'is' : 'are'} shown`
        : `${partials === broken ? (broken === 1 ? 'it is' : 'they are') : `${partials} of them ${partials === 1 ? 'is' : 'are'}`} shown up to the error, the other ${whole} in full`;
    notes.push(
      `${broken} of the ${results.length} games ${broken === 1 ? 'is' : 'are'} broken (${where}${broken > errors.length ? ', ...' : ''}; see Errors): ${shown}.`,
    );
  } else if (partials > 0) notes.push('The game is broken (see Errors): it is shown up to its error.');
  if (sessionGames.length > 1)
    notes.push(`The text holds ${sessionGames.length} readable games: choose one under the board.`);
  if (broken > errors.length) notes.push(`Only the first ${ERRORS_LISTED} broken games are listed.`);
  const first = sessionGames[0];
  if (!first) return { positions: [], fields: [], errors, notes };
  return {
    positions: first.plies.map((ply) => ply.position),
    fields: first.fields ?? [],
    errors,
    notes,
    session: { events: [], games: sessionGames },
  };
}

/** One SAN move, with a check mark and an annotation (`Nxe5+!?`, `exd8=Q#`, `O-O-O`). */
const SAN_MOVE = '(?:[NBRQK][a-h]?[1-8]?x?[a-h][1-8]|[a-h](?:x[a-h])?[1-8](?:=?[NBRQ])?|O-O(?:-O)?)[+#]?[!?]{0,2}';
/** Two or more SAN moves and nothing else, perhaps a result at the end. */
const BARE_MOVES = new RegExp(`^\\s*${SAN_MOVE}(?:\\s+${SAN_MOVE})+(?:\\s+(?:1-0|0-1|1/2-1/2|\\*))?\\s*$`);
/** Longer texts are no list someone copied: the test stays cheap. */
const BARE_MOVES_UP_TO = 20_000;

export const PGN_ADAPTER: FormatAdapter = {
  name: 'pgn',
  label: 'PGN',
  family: 'pgn',
  example: [
    '[Event "Rated blitz game"]',
    '[Site "Example Chess Club"]',
    '[Date "2024.03.09"]',
    '[Round "-"]',
    '[White "Melanchthon"]',
    '[Black "Rookwise"]',
    '[Result "0-1"]',
    '[WhiteElo "1841"]',
    '[BlackElo "1790"]',
    '[TimeControl "180+2"]',
    '[ECO "C50"]',
    '',
    '1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:01] } 2. Nf3 { [%clk 0:03:00] }',
    '2... Nc6 { [%clk 0:02:59] } 3. Bc4 { [%clk 0:02:58] } 3... Nd4?! { [%clk 0:02:51]',
    'The Blackburne Shilling gambit: a trap if White takes the pawn. } (3... Bc5 4. c3',
    '(4. O-O Nf6) 4... Nf6) 4. Nxe5? { [%clk 0:02:41] } 4... Qg5! { [%clk 0:02:47] }',
    '5. Nxf7 { [%clk 0:02:30] } 5... Qxg2 { [%clk 0:02:45] } 6. Rf1 { [%clk 0:02:20] }',
    '6... Qxe4+ { [%clk 0:02:43] } 7. Be2 { [%clk 0:02:12] } 7... Nf3# { [%clk 0:02:40] }',
    '0-1',
  ].join('\n'),
  detect(text) {
    if (typeof text !== 'string') return 0;
    const score = pgn.detect(text);
    if (score > 0) return score;
    // Broken PGN the list's detector does not claim (a tag without quotes, a NAG before the
    // first move) is still PGN to the page, so that the PGN reader names its error: a tag
    // pair's bracket at the start, or a move number before a move early on. Other formats'
    // texts start otherwise, and a FICS stream's own marks score higher.
    const head = text.slice(0, 4000);
    if (/^\uFEFF?\s*\[[A-Za-z]\w*\s/.test(head)) return 0.5;
    if (/(?:^|\s)\d+\.(?:\.\.)?\s*(?:[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8]|O-O)/.test(head)) return 0.4;
    // Moves without numbers (`e4 e5 Nf3 Nc6`), as people copy them from a move list: PGN's
    // movetext (the numbers are optional to its readers), a game from the standard start.
    if (text.length <= BARE_MOVES_UP_TO && BARE_MOVES.test(text)) return 0.4;
    return 0;
  },
  read(text) {
    const view = readPgn(text);
    if (typeof text !== 'string' || text.length > BARE_MOVES_UP_TO || !BARE_MOVES.test(text)) return view;
    return {
      ...view,
      notes: [
        'Read as PGN movetext without move numbers (they are optional): a game from the standard starting position.',
        ...view.notes,
      ],
    };
  },
};
