import { VARIANTS, err, ok, type Result, type Setup } from '@chess-formats/board-core';
import { writeBoardFen, writeFen } from '@chess-formats/fen';
import { writeOcpn } from '@chess-formats/ocpn';
import { mainline, PGN_RESULTS, type PgnGame, type PgnNode, type PgnRoot } from '@chess-formats/pgn';
import type { CommandArgs } from './command-args.js';

/** The FEN of a position, OCPN for Omega chess (whose board FEN cannot hold). */
export const positionText = (setup: Setup): string =>
  setup.board.geometry.name === 'omega' ? writeOcpn(setup) : writeFen(setup);

/** The board of a FEN or OCPN: its first field, without crazyhouse's pockets and promotion marks (`Q~`). */
const placementOf = (text: string): string => (text.split(' ')[0] ?? '').replace(/\[[^\]]*\]$/, '').replace(/~/g, '');

/** The board field of a position: the board alone, as it is written for the standard board (most games). */
const boardOf = (setup: Setup): string =>
  setup.board.geometry.name === 'standard'
    ? writeBoardFen(setup.board).replace(/~/g, '')
    : placementOf(positionText(setup));

/** One test of a game; `moves` when it reads the moves, which the tags-only reader does not keep. */
interface Criterion {
  /** Criteria of the same group are alternatives; a game must pass one of every group. */
  readonly group: string;
  readonly moves: boolean;
  readonly test: (game: PgnGame) => boolean;
}

/** Which games `chess-formats pgn` selects: every group passed. */
export interface Selection {
  /** Whether any filter was given. */
  readonly filtering: boolean;
  /** Whether a filter reads the moves (ply count, position): the fast tags-only reader will not do. */
  readonly needsMoves: boolean;
  readonly selects: (game: PgnGame) => boolean;
}

/** The options of the selection, with what each value looks like, for the command's spec and help. */
export const SELECT_VALUES = {
  '--tag': 'any',
  '--tag-match': 'any',
  '--player': 'any',
  '--eco': 'any',
  '--result': [...PGN_RESULTS],
  '--variant': VARIANTS.map((variant) => variant.key),
  '--min-plies': 'any',
  '--max-plies': 'any',
  '--fen-placement': 'any',
} as const;

const TAG_NAME = /^[A-Za-z0-9_]+$/;
const ECO_CODE = /^[A-E][0-9][0-9]$/;

/** The plies of the main line, counted without replaying them. */
export function mainLinePlies(game: PgnGame): number {
  let plies = 0;
  for (let node = game.root.children[0]; node !== undefined; node = node.children[0]) plies++;
  return plies;
}

function tagCriterion(value: string): Result<Criterion, string> {
  const equals = value.indexOf('=');
  const name = value.slice(0, equals);
  if (equals < 1 || !TAG_NAME.test(name))
    return err(`--tag takes NAME=VALUE (a tag name of letters, digits and _), got '${value}'`);
  const wanted = value.slice(equals + 1);
  return ok({ group: `tag ${name}`, moves: false, test: (game) => game.tags.get(name) === wanted });
}

function tagMatchCriterion(value: string): Result<Criterion, string> {
  const match = /^([A-Za-z0-9_]+)~\/(.*)\/([a-z]*)$/s.exec(value);
  if (match === null) return err(`--tag-match takes NAME~/PATTERN/FLAGS (Event~/Olympiad/i), got '${value}'`);
  const [, name = '', source = '', flags = ''] = match;
  if (/[gy]/.test(flags)) return err(`--tag-match: the flags g and y make a pattern remember where it stopped`);
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, flags);
  } catch (error) {
    return err(`--tag-match: ${error instanceof Error ? error.message : String(error)}`);
  }
  return ok({
    group: `tag ${name}`,
    moves: false,
    test: (game) => {
      const tag = game.tags.get(name);
      return tag !== undefined && pattern.test(tag);
    },
  });
}

function ecoCriterion(value: string): Result<Criterion, string> {
  const [low = '', high = low, ...more] = value.toUpperCase().split('-');
  if (more.length > 0 || !ECO_CODE.test(low) || !ECO_CODE.test(high) || low > high)
    return err(`--eco takes a code or a range of codes (B90, A00-B99), got '${value}'`);
  return ok({
    group: 'eco',
    moves: false,
    test: (game) => {
      // Databases write the code alone or with a variation letter after it (B90a): its first three letters count.
      const code = (game.tags.get('ECO') ?? '').slice(0, 3).toUpperCase();
      return ECO_CODE.test(code) && code >= low && code <= high;
    },
  });
}

function pliesCriterion(option: '--min-plies' | '--max-plies', value: string): Result<Criterion, string> {
  if (!/^[0-9]{1,9}$/.test(value)) return err(`${option} takes a number of plies (half-moves), got '${value}'`);
  const bound = Number(value);
  const test =
    option === '--min-plies'
      ? (game: PgnGame) => mainLinePlies(game) >= bound
      : (game: PgnGame) => mainLinePlies(game) <= bound;
  return ok({ group: option, moves: true, test });
}

function placementCriterion(value: string): Result<Criterion, string> {
  const wanted = placementOf(value.trim());
  if (wanted === '' || !/^[^\s]+$/.test(wanted) || !wanted.includes('/'))
    return err(
      `--fen-placement takes the board field of a FEN (rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR), got '${value}'`,
    );
  return ok({
    group: 'fen-placement',
    moves: true,
    test: (game) => {
      if (boardOf(game.setup) === wanted) return true;
      for (const step of mainline(game)) if (boardOf(step.after) === wanted) return true;
      return false;
    },
  });
}

/** The criterion of one value of one option. */
function criterionOf(option: string, value: string): Result<Criterion, string> {
  switch (option) {
    case '--tag':
      return tagCriterion(value);
    case '--tag-match':
      return tagMatchCriterion(value);
    case '--player':
      // As pgn-extract's -Tp: the name starts the White or the Black tag (`Carlsen` finds `Carlsen, Magnus`).
      return ok({
        group: 'player',
        moves: false,
        test: (game) =>
          (game.tags.get('White') ?? '').startsWith(value) || (game.tags.get('Black') ?? '').startsWith(value),
      });
    case '--eco':
      return ecoCriterion(value);
    case '--result':
      return ok({ group: 'result', moves: false, test: (game) => game.result === value });
    case '--variant':
      return ok({ group: 'variant', moves: false, test: (game) => game.variant === value });
    case '--min-plies':
    case '--max-plies':
      return pliesCriterion(option, value);
    case '--fen-placement':
      return placementCriterion(value);
    default:
      return err(`${option} is no filter`);
  }
}

/**
 * The selection the arguments ask for: repeating an option gives alternatives (`--result 1-0
 * --result 0-1`: decisive games), and `--tag`/`--tag-match` of the same tag name are
 * alternatives too; a game is selected when it passes every option (every tag name) given.
 */
export function selectionOf(args: CommandArgs): Result<Selection, string> {
  const groups = new Map<string, Criterion[]>();
  for (const option of Object.keys(SELECT_VALUES)) {
    // One bound a side: the last --min-plies or --max-plies given counts.
    const given = args.lists.get(option) ?? [];
    const values = option === '--min-plies' || option === '--max-plies' ? given.slice(-1) : given;
    for (const value of values) {
      const criterion = criterionOf(option, value);
      if (!criterion.ok) return criterion;
      const group = groups.get(criterion.value.group);
      if (group === undefined) groups.set(criterion.value.group, [criterion.value]);
      else group.push(criterion.value);
    }
  }
  const all = [...groups.values()];
  return ok({
    filtering: all.length > 0,
    needsMoves: all.some((group) => group.some((criterion) => criterion.moves)),
    // Tag tests come first (SELECT_VALUES's order): a game they refuse is not walked again
    // for its plies or positions.
    selects: (game) => all.every((group) => group.some((criterion) => criterion.test(game))),
  });
}

/** What `--output pgn` leaves out of each game. */
export interface Strip {
  readonly comments: boolean;
  readonly variations: boolean;
  readonly clocks: boolean;
}

function strippedNode(node: PgnNode, children: readonly PgnNode[], strip: Strip): PgnNode {
  const { commentsBefore, comments, clockMs, emtMs, children: _children, ...kept } = node;
  return {
    ...kept,
    children,
    ...(strip.comments || commentsBefore === undefined ? {} : { commentsBefore }),
    ...(strip.comments || comments === undefined ? {} : { comments }),
    ...(strip.clocks || clockMs === undefined ? {} : { clockMs }),
    ...(strip.clocks || emtMs === undefined ? {} : { emtMs }),
  };
}

/**
 * A line from `start` on, stripped: the line itself is walked in a loop (a game may have
 * thousands of moves), and only variations recurse, as deep as the reader let them nest.
 */
function strippedLine(start: PgnNode, strip: Strip): PgnNode {
  const line: PgnNode[] = [];
  for (let node: PgnNode | undefined = start; node !== undefined; node = node.children[0]) line.push(node);
  let next: PgnNode | undefined;
  for (let i = line.length - 1; i >= 0; i--) {
    const node = line[i]!;
    const alternatives = strip.variations ? [] : node.children.slice(1).map((alt) => strippedLine(alt, strip));
    next = strippedNode(node, next === undefined ? alternatives : [next, ...alternatives], strip);
  }
  return next!;
}

/** The game without what `strip` names; the game itself is left as it was. */
export function strippedGame(game: PgnGame, strip: Strip): PgnGame {
  if (!strip.comments && !strip.variations && !strip.clocks) return game;
  const [first, ...alternatives] = game.root.children;
  const children =
    first === undefined
      ? []
      : [strippedLine(first, strip), ...(strip.variations ? [] : alternatives.map((alt) => strippedLine(alt, strip)))];
  const root: PgnRoot =
    strip.comments || game.root.comments === undefined ? { children } : { comments: game.root.comments, children };
  return { ...game, root };
}
