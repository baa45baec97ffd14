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

const BASE = 'M28 80 H72 V90 H28 Z';

const GLYPHS: Readonly<Record<Role, Glyph>> = {
  pawn: { body: `M38 50 Q50 44 62 50 L68 80 H32 Z ${BASE}`, circles: [[50, 34, 13]] },
  knight: {
    body: `M32 80 C32 68 40 62 47 55 C40 56 32 60 27 56 C22 51 25 45 30 41 L46 24 L48 13 L57 24 C71 31 77 50 72 80 Z ${BASE}`,
    details: 'M41 36 L47 34',
  },
  bishop: {
    body: `M50 22 C35 34 33 50 39 60 H61 C67 50 65 34 50 22 Z M36 62 H64 V70 H36 Z M32 72 H68 L70 80 H30 Z ${BASE}`,
    details: 'M45 36 L56 47',
    circles: [[50, 16, 6]],
  },
  rook: { body: `M30 20 H39 V28 H46 V20 H54 V28 H61 V20 H70 V38 L63 43 V72 L70 80 H30 L37 72 V43 L30 38 Z ${BASE}`, details: 'M37 43 H63' },
  queen: {
    body: `M24 34 L35 62 L41 30 L50 58 L59 30 L65 62 L76 34 L68 74 H32 Z M30 74 H70 V80 H30 Z ${BASE}`,
    circles: [
      [24, 30, 5],
      [41, 26, 5],
      [59, 26, 5],
      [76, 30, 5],
    ],
  },
  king: {
    body: `M46 8 H54 V16 H62 V24 H54 V33 H46 V24 H38 V16 H46 Z M50 36 C30 28 18 52 34 72 H66 C82 52 70 28 50 36 Z M32 72 H68 V80 H32 Z ${BASE}`,
    details: 'M50 40 V66',
  },
  champion: { body: `M28 18 H72 V48 C72 66 61 76 50 84 C39 76 28 66 28 48 Z`, details: 'M37 34 L50 50 L63 34 M37 48 L50 64 L63 48' },
  wizard: {
    body: 'M50 8 L68 70 H32 Z M20 70 Q50 82 80 70 L80 78 Q50 92 20 78 Z',
    details: 'M50 36 L53 45 L62 48 L53 51 L50 60 L47 51 L38 48 L47 45 Z',
  },
  fool: {
    body: 'M30 70 C26 52 20 42 14 32 C30 36 38 45 42 54 C42 40 46 26 50 16 C54 26 58 40 58 54 C62 45 70 36 86 32 C80 42 74 52 70 70 Z M28 70 H72 V82 H28 Z',
    details: 'M36 76 H64',
    circles: [
      [14, 30, 6],
      [50, 13, 6],
      [86, 30, 6],
    ],
  },
};

/** Outline width in the 100-unit box: thick enough that a small piece keeps its outline. */
export const BODY_STROKE = 4.5;

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
        (glyph.details ? `<path d="${glyph.details}" fill="none" stroke="${ink.detail}" stroke-width="3" stroke-linecap="round"/>` : '') +
        '</symbol>';
    }
  }
  return out;
}
