import type { Board } from './board.js';
import type { Geometry } from './geometry.js';
import { pieceLetter } from './piece.js';

/** What a diagram of a geometry always shows: each rank's label, padded, and the line of files. */
interface Frame {
  /** Per row from the top, the rank label padded to the widest, and a space. */
  readonly labels: readonly string[];
  readonly files: string;
}

/** Geometries are shared frozen objects: a client drawing every position of a game builds the frame once. */
const frames = new WeakMap<Geometry, Frame>();

function frameOf(geometry: Geometry): Frame {
  const known = frames.get(geometry);
  if (known !== undefined) return known;
  const { width, height, squareNames } = geometry;
  const labelWidth = Math.max(...squareNames.map((n) => n.length - 1), 1);
  const labels: string[] = [];
  for (let y = height - 1; y >= 0; y--) {
    let label = '';
    for (let x = 0; x < width && label === ''; x++) {
      const name = squareNames[y * width + x] ?? '';
      if (name !== '' && !name.startsWith('w')) label = name.slice(1);
    }
    labels.push(`${label.padStart(labelWidth)} `);
  }
  const files = Array.from({ length: width }, (_, x) => {
    const file = geometry.fieldFiles.includes(x) ? (squareNames[geometry.fieldRanks[0]! * width + x] ?? ' ')[0] : ' ';
    return file ?? ' ';
  });
  const frame = { labels, files: `${' '.repeat(labelWidth)} ${files.join(' ')}`.trimEnd() };
  frames.set(geometry, frame);
  return frame;
}

/**
 * An ASCII picture of a board, White at the bottom: pieces by FEN letter (promoted pieces
 * with `~` would break the grid, so they are shown by letter alone), `.` for an empty square,
 * a space for a hole, rank labels on the left and file letters below.
 */
export function boardDiagram(board: Board): string {
  const { geometry, pieces } = board;
  const { width, height, squareNames } = geometry;
  const { labels, files } = frameOf(geometry);
  let out = '';
  for (let y = height - 1; y >= 0; y--) {
    let row = labels[height - 1 - y] ?? '';
    for (let x = 0; x < width; x++) {
      const square = y * width + x;
      const p = pieces[square];
      row += `${x === 0 ? '' : ' '}${(squareNames[square] ?? '') === '' ? ' ' : p ? pieceLetter(p) : '.'}`;
    }
    out += `${row.trimEnd()}\n`;
  }
  return out + files;
}
