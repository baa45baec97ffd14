import type { Board } from './board.js';
import { pieceLetter } from './piece.js';

/**
 * An ASCII picture of a board, White at the bottom: pieces by FEN letter (promoted pieces
 * with `~` would break the grid, so they are shown by letter alone), `.` for an empty square,
 * a space for a hole, rank labels on the left and file letters below.
 */
export function boardDiagram(board: Board): string {
  const { geometry, pieces } = board;
  const { width, height, squareNames } = geometry;
  const labelWidth = Math.max(...squareNames.map((n) => n.length - 1), 1);
  const lines: string[] = [];
  for (let y = height - 1; y >= 0; y--) {
    let label = '';
    const cells: string[] = [];
    for (let x = 0; x < width; x++) {
      const square = y * width + x;
      const name = squareNames[square] ?? '';
      if (name === '') {
        cells.push(' ');
        continue;
      }
      if (label === '' && !name.startsWith('w')) label = name.slice(1);
      const p = pieces[square];
      cells.push(p ? pieceLetter(p) : '.');
    }
    lines.push(`${label.padStart(labelWidth)} ${cells.join(' ')}`.trimEnd());
  }
  const files = Array.from({ length: width }, (_, x) => {
    const file = geometry.fieldFiles.includes(x) ? (squareNames[geometry.fieldRanks[0]! * width + x] ?? ' ')[0] : ' ';
    return file ?? ' ';
  });
  lines.push(`${' '.repeat(labelWidth)} ${files.join(' ')}`.trimEnd());
  return lines.join('\n');
}
