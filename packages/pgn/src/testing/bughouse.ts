/** Test-only: bughouse matches played at random on both boards, with the pieces captured passed across. */
import {
  legalMoves,
  play,
  standardSetup,
  variantByKey,
  withVariant,
  writeSan,
  type Setup,
} from '@chess-formats/board-core';
import fc from 'fast-check';
import type { BpgnBoard, BpgnGame, BpgnMove } from '../bpgn.js';
import { PGN_RESULTS } from '../game.js';

/** One step of a random match: which board moves, which move, its clock and comments. */
interface Step {
  readonly board: number;
  readonly choice: number;
  readonly clock: number | undefined;
  readonly comments: readonly string[];
}

/** Comment texts the writer keeps as they are: trimmed, no `}`, never only a number (that is a clock). */
const commentText = fc
  .string({ minLength: 1, maxLength: 12 })
  .map((text) => text.replace(/[{}]/g, '').trim())
  .filter((text) => text !== '' && !/^[\d.]+$/.test(text));

const step: fc.Arbitrary<Step> = fc.record({
  board: fc.nat(1),
  choice: fc.nat(1000),
  clock: fc.option(
    fc.oneof(
      fc.nat(10_800),
      fc.nat(10_800_000).map((ms) => ms / 1000),
    ),
    { nil: undefined },
  ),
  comments: fc.array(commentText, { maxLength: 2 }),
});

/** `boards` after `move` on `board`, the captured piece passed to the other board (as the reader does it). */
function playOn(
  boards: Record<BpgnBoard, Setup>,
  board: BpgnBoard,
  move: ReturnType<typeof legalMoves>[number],
): Record<BpgnBoard, Setup> {
  const here = boards[board];
  const square = move.kind === 'normal' ? move.to : move.kind === 'enPassant' ? move.captured : -1;
  const taken = square < 0 ? undefined : here.board.pieces[square];
  const after = play(here, move);
  const otherName: BpgnBoard = board === 'A' ? 'B' : 'A';
  let other = boards[otherName];
  if (taken && other.pockets) {
    const role = taken.promoted ? 'pawn' : taken.role;
    const pocket = other.pockets[taken.color];
    other = { ...other, pockets: { ...other.pockets, [taken.color]: { ...pocket, [role]: pocket[role] + 1 } } };
  }
  return board === 'A' ? { A: after, B: other } : { A: other, B: after };
}

/** A match played from `steps`: a board with no legal move is skipped. */
export function playMatch(
  steps: readonly Step[],
  tags: ReadonlyMap<string, string>,
  result: BpgnGame['result'],
  comments: readonly string[],
): BpgnGame {
  const start = withVariant(standardSetup(), variantByKey('bughouse')!);
  let boards: Record<BpgnBoard, Setup> = { A: start, B: start };
  const moves: BpgnMove[] = [];
  for (const s of steps) {
    const first: BpgnBoard = s.board === 0 ? 'A' : 'B';
    for (const board of [first, first === 'A' ? 'B' : 'A'] as const) {
      const setup = boards[board];
      const legal = legalMoves(setup);
      if (legal.length === 0) continue;
      // Favour captures and drops a little, so that pockets fill and empty.
      const busy = legal.filter((m) => m.kind === 'drop' || (m.kind === 'normal' && setup.board.pieces[m.to]));
      const pool = s.choice % 2 === 1 && busy.length > 0 ? busy : legal;
      const move = pool[s.choice % pool.length]!;
      const played: { -readonly [K in keyof BpgnMove]: BpgnMove[K] } = {
        board,
        color: setup.turn,
        san: writeSan(setup, move),
        move,
      };
      if (s.clock !== undefined) played.clock = s.clock;
      if (s.comments.length > 0) played.comments = s.comments;
      moves.push(played);
      boards = playOn(boards, board, move);
      break;
    }
  }
  const game: { -readonly [K in keyof BpgnGame]: BpgnGame[K] } = { tags, moves, result, boards };
  if (comments.length > 0) game.comments = comments;
  return game;
}

const tagName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,8}$/).filter((name) => name !== 'FEN' && name !== 'SetUp');
const tagValue = fc.string({ maxLength: 16 }).map((text) => text.replace(/[\r\n]/g, ' '));

/** A random bughouse match: tags, up to `maxSteps` moves on both boards, comments, a result. */
export const arbitraryMatch = (maxSteps = 80): fc.Arbitrary<BpgnGame> =>
  fc
    .record({
      steps: fc.array(step, { maxLength: maxSteps }),
      tags: fc.uniqueArray(fc.tuple(tagName, tagValue), { selector: ([name]) => name, maxLength: 5 }),
      result: fc.constantFrom(...PGN_RESULTS),
      comments: fc.array(commentText, { maxLength: 2 }),
    })
    .map(({ steps, tags, result, comments }) => playMatch(steps, new Map(tags), result, comments));
