import type { Color, Role } from '@chess-formats/board-core';

/**
 * Our own piece drawings, in a 100x100 box: a body path (filled with the side's colour), and
 * details drawn in the other side's colour so they read on both. The champion is a shield
 * with a chevron, the wizard a pointed hat with a star, the fool a jester's cap with bells:
 * none of them can be mistaken for a chess piece.
 */
interface Glyph {
  readonly body: string;
  readonly details?: string;
  readonly circles?: readonly (readonly [number, number, number])[];
}

// Shapes are wide and heavy, filling most of the box: on a phone an Omega square is about 30 px,
// and thin bodies or fine details vanish there. Every piece stands on the same broad base.
const BASE = 'M17 80 H83 Q86 80 86 83 V89 Q86 92 83 92 H17 Q14 92 14 89 V83 Q14 80 17 80 Z';

const GLYPHS: Readonly<Record<Role, Glyph>> = {
  pawn: { body: `M36 52 Q50 42 64 52 L72 80 H28 Z ${BASE}`, circles: [[50, 28, 15]] },
  knight: {
    body: `M26 80 C26 66 34 58 44 52 C36 54 27 59 20 54 C13 48 16 40 22 35 L42 18 L44 6 L55 15 C76 22 88 46 82 80 Z ${BASE}`,
    details: 'M35 31 L43 29 M61 22 C72 34 76 54 74 74',
  },
  bishop: {
    body: `M50 17 C29 32 26 52 35 64 H65 C74 52 71 32 50 17 Z M30 64 H70 V72 H30 Z M24 72 H76 L80 80 H20 Z ${BASE}`,
    details: 'M44 33 L58 47',
    circles: [[50, 12, 7]],
  },
  rook: {
    body: `M20 12 H34 V23 H43 V12 H57 V23 H66 V12 H80 V37 L71 44 V70 L80 80 H20 L29 70 V44 L20 37 Z ${BASE}`,
    details: 'M30 44 H70 M30 70 H70',
  },
  queen: {
    body: `M14 30 L29 62 L33 22 L43 56 L50 16 L57 56 L67 22 L71 62 L86 30 L76 72 H24 Z M22 72 H78 V80 H22 Z ${BASE}`,
    circles: [
      [14, 27, 6],
      [33, 19, 6],
      [50, 12, 6],
      [67, 19, 6],
      [86, 27, 6],
    ],
  },
  king: {
    body: `M45 3 H55 V11 H63 V20 H55 V29 H45 V20 H37 V11 H45 Z M50 34 C26 20 6 50 27 72 H73 C94 50 74 20 50 34 Z M24 72 H76 V80 H24 Z ${BASE}`,
    details: 'M50 38 V66 M31 58 Q50 50 69 58',
  },
  champion: {
    body: 'M14 10 H86 V46 C86 70 69 83 50 94 C31 83 14 70 14 46 Z',
    details: 'M30 30 L50 50 L70 30 M30 50 L50 70 L70 50',
  },
  wizard: {
    body: 'M50 3 L74 70 H26 Z M8 68 Q50 84 92 68 V79 Q50 97 8 79 Z',
    details: 'M50 30 L54 42 L66 46 L54 50 L50 62 L46 50 L34 46 L46 42 Z',
  },
  fool: {
    body: 'M28 70 C24 52 17 40 8 30 C27 33 37 43 41 53 C41 38 45 24 50 12 C55 24 59 38 59 53 C63 43 73 33 92 30 C83 40 76 52 72 70 Z M24 70 H76 V86 H24 Z',
    details: 'M32 78 H68',
    circles: [
      [9, 27, 7],
      [50, 9, 7],
      [91, 27, 7],
    ],
  },
};

/** Outline width in the 100-unit box: thick enough that a small piece keeps its outline. */
export const BODY_STROKE = 5;

const INK: Readonly<Record<Color, { readonly fill: string; readonly stroke: string; readonly detail: string }>> = {
  white: { fill: '#fdfdfd', stroke: '#111111', detail: '#111111' },
  black: { fill: '#1c1c1c', stroke: '#000000', detail: '#f4f4f4' },
};

export function glyphId(color: Color, role: Role): string {
  return `cf-${color}-${role}`;
}

/** One `<symbol>` per piece kind, for the board's `<defs>`. */
export function glyphSymbols(): string {
  let out = '';
  for (const color of ['white', 'black'] as const) {
    const ink = INK[color];
    for (const [role, glyph] of Object.entries(GLYPHS) as [Role, Glyph][]) {
      const circles = (glyph.circles ?? []).map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}"/>`).join('');
      out +=
        `<symbol id="${glyphId(color, role)}" viewBox="0 0 100 100">` +
        `<g fill="${ink.fill}" stroke="${ink.stroke}" stroke-width="${BODY_STROKE}" stroke-linejoin="round"><path d="${glyph.body}"/>${circles}</g>` +
        (glyph.details
          ? `<path d="${glyph.details}" fill="none" stroke="${ink.detail}" stroke-width="4.5" stroke-linecap="round"/>`
          : '') +
        '</symbol>';
    }
  }
  return out;
}
