import type { DatagramName } from './schema.js';

/** The datagrams whose arguments are a move with the parts the level 2 variables 33-36 and 113 turn on. */
const DG_SEND_MOVES = 24;
const DG_MOVE_LIST = 25;
const DG_PAST_MOVE = 111;
const DG_CORRESPONDENCE_MOVE = 160;

/** A move variable that `inferMoveSettings` can find on: 33-36 and 113, the move parts they turn on in wire order. */
export type MoveVariable = Extract<
  DatagramName,
  'DG_MOVE_ALGEBRAIC' | 'DG_MOVE_SMITH' | 'DG_MOVE_TIME' | 'DG_MOVE_CLOCK' | 'DG_IS_VARIATION'
>;

/** What `inferMoveSettings` read from the move datagrams. */
export interface InferredMoveSettings {
  /** The move variables found on, in wire order: give them to the decoder's `settings`. */
  readonly settings: readonly MoveVariable[];
  /** How many moves (one per move datagram, each of a move list) they were read from. */
  readonly moves: number;
}

/** A datagram as it came: its number and its arguments after it, unquoted (`Datagram` has both). */
export interface RawMoveDatagram {
  /** The datagram number. */
  readonly id: number;
  /** Every argument after the number, unquoted. */
  readonly args: readonly string[];
}

/**
 * A move in Smith notation: from and to squares (files a to p, ranks 0 to 16 for the largest
 * boards ICC plays), then a capture, promotion or castling mark (`e2e4`, `e7e8Q`, `e1g1c`,
 * `f0j0C` in Omega chess), or a drop (`P@e4`).
 */
const SMITH = /^(?:[a-p][0-9]{1,2}[a-p][0-9]{1,2}[A-Za-z]?|[A-Z]@[a-p][0-9]{1,2})$/;
const INTEGER = /^-?[0-9]+$/;
/**
 * A move in algebraic notation: a piece letter or a file first (`e4`, `Nf3`, `exd5`, `Qh4+`,
 * `e8=Q`) or castling (`O-O`, `o-o-o`). A Smith move is never one: it has two ranks.
 */
const ALGEBRAIC = /^(?:[KQRBNPA-Z]?[a-p]?[0-9]{0,2}x?[a-p][0-9]{1,2}(?:=?[QRBNA-Z])?|[O0o]-[O0o](?:-[O0o])?)[+#!?]*$/;

/** The value below which a lone integer is the time a move took rather than the clock after it. */
const CLOCK_MEDIAN = 30;

/** The largest value of DG_IS_VARIATION (6, MOVE_SIDELINE, in the spec's list). */
const MAX_VARIATION_KIND = 6;

/** The shape of one move's parts: algebraic, Smith, and the integers after them. */
interface Shape {
  readonly algebraic: boolean;
  readonly smith: boolean;
  readonly integers: readonly number[];
}

function shapeOf(parts: readonly string[]): Shape | undefined {
  let i = 0;
  const algebraic = parts[i] !== undefined && !SMITH.test(parts[i] ?? '') && ALGEBRAIC.test(parts[i] ?? '');
  if (algebraic) i++;
  const smith = parts[i] !== undefined && SMITH.test(parts[i] ?? '');
  if (smith) i++;
  const integers: number[] = [];
  for (; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (!INTEGER.test(part)) return undefined;
    integers.push(Number(part));
  }
  return { algebraic, smith, integers };
}

/** The parts of each move a datagram carries (one for a move datagram, each move of a move list). */
function movesOf(datagram: RawMoveDatagram): readonly (readonly string[])[] {
  const { id, args } = datagram;
  if (id === DG_SEND_MOVES || id === DG_PAST_MOVE || id === DG_CORRESPONDENCE_MOVE) return [args.slice(1)];
  if (id === DG_MOVE_LIST) {
    return args.slice(2).map((move) => move.split(/[ \t\r\n{}]+/).filter((word) => word !== ''));
  }
  return [];
}

const keyOf = (shape: Shape): string =>
  `${shape.algebraic ? 'a' : ''}${shape.smith ? 's' : ''}${String(shape.integers.length)}`;

/**
 * Which of the move variables (33 DG_MOVE_ALGEBRAIC, 34 DG_MOVE_SMITH, 35 DG_MOVE_TIME,
 * 36 DG_MOVE_CLOCK, 113 DG_IS_VARIATION) were on when a capture was made, read from its move
 * datagrams (DG_SEND_MOVES, DG_PAST_MOVE, DG_CORRESPONDENCE_MOVE, the moves of DG_MOVE_LIST):
 * for a client that reads a capture without the `level2settings` it was made with. Each move is
 * read as an algebraic move if its first part looks like one (`e4`, `Nf3`, `O-O`), then a Smith
 * move (`e2e4`), then integers: one is the clock when the median of those values is 30 or more
 * (seconds left), else the time the move took; two are the time and the clock, unless every
 * second one is 0 to 6, the values of `isVariation` (then the first is the clock or the time, as
 * a lone one); three are the time, the clock and `isVariation`. The shape most moves have wins (the earlier on a tie). `undefined` when no
 * datagram holds a move of a shape that reads so: nothing to infer. Never throws.
 */
export function inferMoveSettings(datagrams: Iterable<RawMoveDatagram>): InferredMoveSettings | undefined {
  // Per shape: how many moves have it, the first integer of each and the largest second one.
  const counts = new Map<string, { shape: Shape; count: number; values: number[]; largestSecond: number }>();
  let moves = 0;
  for (const datagram of datagrams) {
    if (datagram === null || typeof datagram !== 'object' || !Array.isArray(datagram.args)) continue;
    for (const parts of movesOf(datagram)) {
      const shape = shapeOf(parts);
      if (shape === undefined || (!shape.algebraic && !shape.smith && shape.integers.length === 0)) continue;
      moves++;
      const key = keyOf(shape);
      const entry = counts.get(key) ?? { shape, count: 0, values: [], largestSecond: -Infinity };
      entry.count++;
      if (shape.integers.length <= 2) entry.values.push(shape.integers[0] ?? 0);
      if (shape.integers.length === 2) entry.largestSecond = Math.max(entry.largestSecond, shape.integers[1] ?? 0);
      counts.set(key, entry);
    }
  }
  let best: { shape: Shape; count: number; values: number[]; largestSecond: number } | undefined;
  for (const entry of counts.values()) if (best === undefined || entry.count > best.count) best = entry;
  if (best === undefined) return undefined;
  const { shape, values, largestSecond } = best;
  const settings: MoveVariable[] = [];
  if (shape.algebraic) settings.push('DG_MOVE_ALGEBRAIC');
  if (shape.smith) settings.push('DG_MOVE_SMITH');
  const integers = shape.integers.length;
  const lone = (): MoveVariable => (median(values) >= CLOCK_MEDIAN ? 'DG_MOVE_CLOCK' : 'DG_MOVE_TIME');
  if (integers === 1) settings.push(lone());
  // Two integers are the time and the clock, unless every second one is a variation kind
  // (0 to 6): a clock never stays that low through a capture, DG_IS_VARIATION always does.
  if (integers === 2 && largestSecond <= MAX_VARIATION_KIND) settings.push(lone(), 'DG_IS_VARIATION');
  else if (integers >= 2) settings.push('DG_MOVE_TIME', 'DG_MOVE_CLOCK');
  if (integers >= 3) settings.push('DG_IS_VARIATION');
  return Object.freeze({ settings: Object.freeze(settings), moves });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
