/** Seeded randomness for differential tests, so that a failure replays exactly. */

export { random } from '../seeded-random.js';

/** A random Chess960 start position as X-FEN: bishops on opposite colours, king between the rooks. */
export function chess960Fen(next: () => number): string {
  const rank: (string | undefined)[] = new Array(8).fill(undefined);
  const pick = (squares: number[]): number => squares[Math.floor(next() * squares.length)] as number;
  const free = (): number[] => rank.flatMap((p, i) => (p === undefined ? [i] : []));
  rank[pick([0, 2, 4, 6])] = 'b';
  rank[pick([1, 3, 5, 7])] = 'b';
  rank[pick(free())] = 'q';
  rank[pick(free())] = 'n';
  rank[pick(free())] = 'n';
  const [a, b, c] = free() as [number, number, number];
  rank[a] = 'r';
  rank[b] = 'k';
  rank[c] = 'r';
  const black = rank.join('');
  return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${black.toUpperCase()} w KQkq - 0 1`;
}
