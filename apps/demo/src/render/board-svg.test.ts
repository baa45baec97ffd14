import {
  STANDARD,
  advanceRealtime,
  parseSetupJson,
  parseSquare,
  piece,
  standardSetup,
  withPiece,
  type Setup,
} from '@chess-formats/board-core';
import { parseFen } from '@chess-formats/fen';
import { parseFenr } from '@chess-formats/fenr';
import { describe, expect, it } from 'vitest';
import { SQUARE, renderBoard } from './board-svg.js';
import { hasRealtime, realtimeMarks } from './realtime.js';

function fen(text: string): Setup {
  const parsed = parseFen(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** square name -> piece letter, read back from the SVG the way a user's script would. */
function drawnPieces(svg: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of svg.matchAll(/<g class="piece" data-square="([^"]+)" data-piece="([^"]+)"/g))
    out[match[1] ?? ''] = match[2] ?? '';
  return out;
}

/** The x and y of the glyph of the piece on a square. */
function glyphAt(svg: string, square: string): { x: number; y: number } {
  const match = new RegExp(
    `data-square="${square}"[^>]*>(?:<[^u][^>]*>)*<use href="[^"]+" x="([\\d.]+)" y="([\\d.]+)"`,
  ).exec(svg);
  if (!match) throw new Error(`no piece on ${square}`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

const svgTexts = (svg: string, cls: string): string[] =>
  [...svg.matchAll(new RegExp(`<text class="${cls}"[^>]*>([^<]*)</text>`, 'g'))].map((m) => m[1] ?? '');

describe('renderBoard on the standard board', () => {
  const svg = renderBoard({ setup: standardSetup() });

  it('draws every piece on its named square with its FEN letter', () => {
    const pieces = drawnPieces(svg);
    expect(Object.keys(pieces)).toHaveLength(32);
    expect(pieces).toMatchObject({ e1: 'K', d1: 'Q', a1: 'R', g8: 'n', e7: 'p', d8: 'q' });
  });

  it('draws 64 squares, a1 dark and h1 light', () => {
    expect(svg.match(/class="square"/g)).toHaveLength(64);
    expect(svg).toContain('data-name="a1" x="24" y="360" width="48" height="48" fill="#b07d4f"');
    expect(svg).toMatch(/data-name="h1" [^>]*fill="#f0d9b5"/);
  });

  it('labels files and ranks, and leaves them out on request', () => {
    expect(svgTexts(svg, 'coord')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    expect(svgTexts(renderBoard({ setup: standardSetup() }, { coordinates: false }), 'coord')).toEqual([]);
  });

  it('puts White at the bottom, and Black when flipped', () => {
    const white = glyphAt(svg, 'e1');
    const flipped = renderBoard({ setup: standardSetup() }, { flipped: true });
    const black = glyphAt(flipped, 'e1');
    expect(white.y).toBeGreaterThan(glyphAt(svg, 'e8').y);
    expect(black.y).toBeLessThan(glyphAt(flipped, 'e8').y);
    expect(black.x).toBeLessThan(glyphAt(flipped, 'a1').x);
    expect(flipped).toContain('data-flipped="true"');
  });

  it("follows the format's flip unless the options say otherwise", () => {
    expect(renderBoard({ setup: standardSetup(), flipped: true })).toContain('data-flipped="true"');
    expect(renderBoard({ setup: standardSetup(), flipped: true }, { flipped: false })).toContain(
      'data-flipped="false"',
    );
  });

  it('highlights the squares of the last move', () => {
    const e2 = parseSquare(STANDARD, 'e2') ?? 0;
    const e4 = parseSquare(STANDARD, 'e4') ?? 0;
    const moved = renderBoard({ setup: standardSetup(), lastMove: { kind: 'normal', from: e2, to: e4 } });
    expect([...moved.matchAll(/class="last-move" data-name="(\w+)"/g)].map((m) => m[1])).toEqual(['e2', 'e4']);
    const dropped = renderBoard({ setup: standardSetup(), lastMove: { kind: 'drop', role: 'knight', to: e4 } });
    expect([...dropped.matchAll(/class="last-move" data-name="(\w+)"/g)].map((m) => m[1])).toEqual(['e4']);
    expect(svg).not.toContain('last-move');
  });

  it('marks promoted pieces', () => {
    const promoted = renderBoard({ setup: fen('4k3/8/8/8/8/8/8/3QK2Q~ w - - 0 1') });
    expect(promoted).toContain('data-square="h1" data-piece="Q" data-promoted="true"');
    expect(promoted.match(/class="promoted"/g)).toHaveLength(1);
  });

  it('marks the king in check, and both kings of an illegal position where the side that moved is in check', () => {
    const checked = renderBoard({ setup: fen('4k3/8/8/8/8/8/4r3/4K3 w - - 0 1') });
    expect([...checked.matchAll(/<circle class="check" data-name="(\w+)"/g)].map((m) => m[1])).toEqual(['e1']);
    expect(checked).toContain('White to move, the white king on e1 is in check:');
    const both = renderBoard({ setup: fen('4k3/4R3/8/8/8/8/4r3/4K3 w - - 0 1') });
    expect([...both.matchAll(/<circle class="check" data-name="(\w+)"/g)].map((m) => m[1])).toEqual(['e1', 'e8']);
    expect(svg).not.toContain('class="check"');
  });

  it('draws pieces that fill most of their square, with a thick outline, so they read when small', () => {
    const use = /<g class="piece" data-square="e1"[^>]*><use href="[^"]+" x="[\d.]+" y="[\d.]+" width="([\d.]+)"/.exec(
      svg,
    );
    expect(Number(use?.[1])).toBeGreaterThanOrEqual(SQUARE * 0.9);
    // How much of the square the drawing itself covers is measured in Chromium (the e2e test's getBBox).
    expect(svg).toContain('stroke-width="5" stroke-linejoin="round"');
  });

  it('describes the board for screen readers', () => {
    expect(renderBoard({ setup: fen('4k3/8/8/8/8/8/8/4K3 b - - 0 1') })).toContain(
      'aria-label="Chess board, Black to move: white king e1, black king e8"',
    );
  });
});

describe('renderBoard with pockets', () => {
  const svg = renderBoard({ setup: fen('r3k2r/8/8/8/8/8/8/R3K2R[PPNbr] w KQkq - 0 20') });
  const pocket = [...svg.matchAll(/data-pocket="(\w+)" data-piece="(\w)" data-count="(\d+)"/g)].map(
    (m) => `${m[1]}:${m[2]}x${m[3]}`,
  );

  it('draws the pieces in hand beside the board with their counts', () => {
    expect(pocket).toEqual(['black:bx1', 'black:rx1', 'white:Px2', 'white:Nx1']);
    expect(svgTexts(svg, 'pocket-label')).toEqual(['Black in hand', 'White in hand']);
  });

  it('widens the board for them and says when a pocket is empty', () => {
    expect(svg).toContain('viewBox="0 0 518 432"');
    expect(svgTexts(renderBoard({ setup: fen('4k3/8/8/8/8/8/8/4K3[] w - - 0 1') }), 'pocket-empty')).toEqual([
      'none',
      'none',
    ]);
  });
});

describe('renderBoard on the Omega board', () => {
  const json = {
    geometry: 'omega',
    board: { w1: 'W', w2: 'W', w3: 'w', w4: 'w', a0: 'C', f0: 'K', f9: 'k', j9: 'c', e5: 'F' },
    turn: 'white',
    castlingRooks: [],
    epSquares: [],
    halfmoves: 0,
    fullmoves: 1,
  };
  const parsed = parseSetupJson(json);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const svg = renderBoard({ setup: parsed.value });

  it('draws the 100 field squares and the four wizard squares, a0 dark and j0 light', () => {
    expect(svg.match(/class="square"/g)).toHaveLength(104);
    expect(svg).toMatch(/data-name="a0" [^>]*fill="#b07d4f"/);
    expect(svg).toMatch(/data-name="j0" [^>]*fill="#f0d9b5"/);
    expect(svg).toMatch(/data-name="w1" [^>]*fill="#cfd8f6"/);
    expect(svg).toContain('data-geometry="omega"');
  });

  it('names the wizard squares and puts them at the corners', () => {
    expect(svgTexts(svg, 'wizard-name')).toEqual(['w1', 'w2', 'w4', 'w3']);
    const w1 = glyphAt(svg, 'w1');
    const a0 = glyphAt(svg, 'a0');
    expect(w1.x).toBeCloseTo(a0.x - SQUARE, 5);
    expect(w1.y).toBeCloseTo(a0.y + SQUARE, 5);
    const w3 = glyphAt(svg, 'w3');
    const j9 = glyphAt(svg, 'j9');
    expect(w3.x - j9.x).toBeCloseTo(SQUARE, 5);
    expect(w3.y - j9.y).toBeCloseTo(-SQUARE, 5);
  });

  it('draws champions, wizards and the fool with their letters', () => {
    expect(drawnPieces(svg)).toEqual({
      w1: 'W',
      w2: 'W',
      a0: 'C',
      f0: 'K',
      e5: 'F',
      f9: 'k',
      j9: 'c',
      w4: 'w',
      w3: 'w',
    });
    for (const id of ['cf-white-wizard', 'cf-black-champion', 'cf-white-fool'])
      expect(svg).toContain(`<use href="#${id}"`);
  });

  it('labels files a-j and ranks 0-9', () => {
    expect(svgTexts(svg, 'coord')).toEqual([...'abcdefghij', ...'0123456789']);
  });

  it('turns the wizard squares with the board when flipped', () => {
    const flipped = renderBoard({ setup: parsed.value }, { flipped: true });
    const w1 = glyphAt(flipped, 'w1');
    const w3 = glyphAt(flipped, 'w3');
    expect(w1.x).toBeGreaterThan(w3.x);
    expect(w1.y).toBeLessThan(w3.y);
  });
});

describe('realtime pieces', () => {
  const a1 = parseSquare(STANDARD, 'a1') ?? 0;
  const a4 = parseSquare(STANDARD, 'a4') ?? 0;
  const f4 = parseSquare(STANDARD, 'f4') ?? 0;
  // At 20 s: a rook left a1 for a4 and arrives in 1.5 s; a pawn on f4 arrived 7.5 s ago.
  const parsed = parseFenr('4k3/8/8/8/MRa115004DP75002/8/8/4K3 - - 0 20000');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const setup = parsed.value;
  const svg = renderBoard({ setup });

  it('draws a piece in flight between its origin and its square, with the time to arrival', () => {
    expect(svg).toContain('data-square="a4" data-piece="R" data-from="a1" data-arrives-in="1500"');
    const drawn = glyphAt(svg, 'a4');
    const square = glyphAt(
      renderBoard({ setup: { ...setup, board: withPiece(setup.board, a4, piece('white', 'rook')) } }),
      'a4',
    );
    // 1500 ms at one square a second: one and a half squares short of a4, towards a1.
    expect(drawn.x).toBe(square.x);
    expect(drawn.y - square.y).toBeCloseTo(1.5 * SQUARE, 5);
    expect(svg).toContain('class="flight"');
    expect(svgTexts(svg, 'countdown')).toContain('1.5s');
    expect(svg).toContain('data-clock-ms="20000"');
  });

  it('shows the cooldown left with a countdown', () => {
    expect(svg).toContain('data-square="f4" data-piece="P" data-cooldown="2500"');
    expect(svgTexts(svg, 'countdown')).toContain('2.5s');
  });

  it("reads the marks from board-core's model as its clock advances", () => {
    expect(hasRealtime(setup)).toBe(true);
    const later = advanceRealtime(setup, 1000);
    expect(realtimeMarks(later, a4)).toEqual({ flight: { from: a1, remainingMs: 500 } });
    expect(realtimeMarks(later, f4)).toEqual({ cooldownMs: 1500 });
    const landed = advanceRealtime(setup, 2000);
    // The rook arrived 500 ms ago and has started its ten second cooldown.
    expect(realtimeMarks(landed, a4)).toEqual({ cooldownMs: 9500 });
    expect(realtimeMarks(landed, f4)).toEqual({ cooldownMs: 500 });
    expect(realtimeMarks(advanceRealtime(setup, 2500), f4)).toBeUndefined();
    expect(drawnPieces(renderBoard({ setup: landed }))).toMatchObject({ a4: 'R', f4: 'P' });
    expect(hasRealtime(advanceRealtime(setup, 11_500))).toBe(false);
    expect(realtimeMarks(setup, parseSquare(STANDARD, 'e1') ?? 0)).toBeUndefined();
  });
});

describe('annotations on the board: arrows, circles, the evaluation bar', () => {
  const annotated = {
    setup: standardSetup(),
    annotations: {
      arrows: [{ from: 'e2', to: 'e4', color: 'green' as const }],
      circles: [{ square: 'd4', color: 'red' as const }],
      evaluation: { kind: 'pawns' as const, pawns: 0.35 },
    },
  };

  it('draws each arrow and circle in a layer above the pieces that ignores the pointer', () => {
    const svg = renderBoard(annotated);
    expect(svg).toContain('<g class="annotations" pointer-events="none">');
    expect(svg.indexOf('class="annotations"')).toBeGreaterThan(svg.lastIndexOf('class="piece"'));
    expect(svg).toMatch(
      /<g class="annotation-arrow" data-arrow="e2e4" data-color="green" opacity="0.7"><line [^>]*stroke="#15781b"/,
    );
    expect(svg).toMatch(/<polygon points="[^"]+" fill="#15781b"\/>/);
    expect(svg).toMatch(/data-circle="d4" data-color="red"/);
    expect(renderBoard({ setup: standardSetup() })).not.toContain('annotations');
  });

  it('places arrows and circles on their squares, flipped or not', () => {
    const centre = (svg: string): { x: number; y: number } => {
      const match = /data-circle="d4"[^>]* cx="([\d.]+)" cy="([\d.]+)"/.exec(svg);
      return { x: Number(match?.[1]), y: Number(match?.[2]) };
    };
    const margin = 24;
    expect(centre(renderBoard(annotated))).toEqual({ x: margin + 3.5 * SQUARE, y: margin + 4.5 * SQUARE });
    expect(centre(renderBoard(annotated, { flipped: true }))).toEqual({
      x: margin + 4.5 * SQUARE,
      y: margin + 3.5 * SQUARE,
    });
    // e2 to e4 points up the board, and down it when flipped.
    const shaft = (svg: string): number[] =>
      (/data-arrow="e2e4"[^>]*><line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"/.exec(svg) ?? [])
        .slice(1)
        .map(Number);
    const [, y1, , y2] = shaft(renderBoard(annotated));
    expect(y2).toBeLessThan(y1 ?? 0);
    const [, fy1, , fy2] = shaft(renderBoard(annotated, { flipped: true }));
    expect(fy2).toBeGreaterThan(fy1 ?? 0);
  });

  it('draws the evaluation bar beside the board with White’s share, and says it in the label', () => {
    const svg = renderBoard(annotated);
    expect(svg).toMatch(/<g class="eval-bar" data-eval="\+0.35" data-white-share="0.53">/);
    expect(svg).toContain('evaluation +0.35 (White is better by 0.35 pawns)');
    expect(svg).toContain('arrows green e2 to e4; circled red d4');
    const mated = renderBoard({
      ...annotated,
      annotations: { arrows: [], circles: [], evaluation: { kind: 'mate', moves: 3, whiteMates: false } },
    });
    expect(mated).toMatch(/data-eval="#-3" data-white-share="0"/);
    // The bar widens the drawing; the board itself does not move.
    const plain = renderBoard({ setup: standardSetup() });
    const width = (text: string): number => Number(/viewBox="0 0 (\d+)/.exec(text)?.[1]);
    expect(width(svg) - width(plain)).toBe(20);
    expect(glyphAt(svg, 'a1')).toEqual(glyphAt(plain, 'a1'));
    // White's part at White's side: the bottom, or the top when flipped.
    const whiteY = (text: string): number => Number(/class="eval-white" x="[\d.]+" y="([\d.]+)"/.exec(text)?.[1]);
    expect(whiteY(svg)).toBeGreaterThan(24);
    expect(whiteY(renderBoard(annotated, { flipped: true }))).toBe(24);
  });
});
