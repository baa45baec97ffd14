import {
  ROLES,
  isAttacked,
  parseSquare,
  kingSquares,
  pieceLetter,
  squareName,
  squareX,
  squareY,
  type Color,
  type Geometry,
  type Move,
  type Piece,
  type Square,
} from '@chess-formats/board-core';
import type { Position } from '../formats/adapter.js';
import {
  evaluationText,
  evaluationWords,
  whiteShare,
  type AnnotationColor,
  type Annotations,
  type Evaluation,
} from '../formats/annotations.js';
import { escapeHtml } from '../html.js';
import { glyphId, glyphSymbols } from './glyphs.js';
import { MS_PER_SQUARE, cooldownLength, realtimeMarks } from './realtime.js';

export interface BoardOptions {
  /** Black at the bottom. */
  readonly flipped?: boolean;
  /** File and rank names around the board. */
  readonly coordinates?: boolean;
}

/** Size of one square in SVG units. */
export const SQUARE = 48;
const LIGHT = '#f0d9b5';
const DARK = '#b07d4f';
const WIZARD = '#cfd8f6';
const HIGHLIGHT = 'rgba(255, 214, 0, 0.55)';
/** Text attributes, so that the SVG reads the same without the page's stylesheet. */
const TEXT = ' font-size="13" font-family="sans-serif" fill="#1a1a1a"';

interface Frame {
  readonly geometry: Geometry;
  readonly flipped: boolean;
  readonly margin: number;
  /** Font size of labels in SVG units: larger on wider boards, which a page draws smaller. */
  readonly label: number;
}

/**
 * Label size in SVG units for a geometry: 13 on the 8-wide board, growing with the width, so
 * that coordinates and wizard names keep their size on screen when a wide board (Omega's 12
 * columns) is scaled down to fit a phone.
 */
export function labelSize(geometry: Geometry): number {
  return Math.round(13 * Math.max(1, geometry.width / 8));
}

/** Top-left corner of a grid cell in SVG coordinates. */
function cellOrigin(frame: Frame, x: number, y: number): { x: number; y: number } {
  const { geometry, flipped, margin } = frame;
  const column = flipped ? geometry.width - 1 - x : x;
  const row = flipped ? y : geometry.height - 1 - y;
  return { x: margin + column * SQUARE, y: margin + row * SQUARE };
}

function squareOrigin(frame: Frame, square: Square): { x: number; y: number } {
  return cellOrigin(frame, squareX(frame.geometry, square), squareY(frame.geometry, square));
}

function isWizardSquare(geometry: Geometry, square: Square): boolean {
  return geometry.name === 'omega' && /^w\d$/.test(geometry.squareNames[square] ?? '');
}

/** The squares a move touches, for the last-move highlight. */
export function moveSquares(move: Move): Square[] {
  return move.kind === 'drop' ? [move.to] : [move.from, move.to];
}

function fieldColorIsDark(geometry: Geometry, square: Square): boolean {
  // a1 (standard) and a0 (Omega) are dark: the field's first file and rank.
  const file = geometry.fieldFiles.indexOf(squareX(geometry, square));
  const rank = geometry.fieldRanks.indexOf(squareY(geometry, square));
  return (file + rank) % 2 === 0;
}

function squares(frame: Frame, highlighted: ReadonlySet<Square>): string {
  const { geometry } = frame;
  let out = '';
  geometry.squareNames.forEach((name, square) => {
    if (name === '') return;
    const { x, y } = squareOrigin(frame, square);
    const wizard = isWizardSquare(geometry, square);
    const fill = wizard ? WIZARD : fieldColorIsDark(geometry, square) ? DARK : LIGHT;
    out += `<rect class="square" data-name="${name}" x="${x}" y="${y}" width="${SQUARE}" height="${SQUARE}" fill="${fill}"/>`;
    if (highlighted.has(square)) {
      out += `<rect class="last-move" data-name="${name}" x="${x}" y="${y}" width="${SQUARE}" height="${SQUARE}" fill="${HIGHLIGHT}"/>`;
    }
    if (wizard) {
      // The wizard squares always carry their official names (w1 behind a0, ... w4 behind a9).
      // Beside the square, in the margin, when there is one (with coordinates): a wizard on
      // the square would hide a name written inside it.
      const size = frame.label;
      const outside = frame.margin >= size + 8;
      const left = x < frame.margin + (geometry.width * SQUARE) / 2;
      const at = !outside
        ? `x="${x + 3}" y="${y + size}"`
        : `x="${left ? x - 3 : x + SQUARE + 3}" y="${y + SQUARE / 2 + Math.round(size * 0.38)}" text-anchor="${left ? 'end' : 'start'}"`;
      out += `<text class="wizard-name" ${at} font-size="${size}" font-weight="700" font-family="sans-serif" fill="#1a2a6c">${name}</text>`;
    }
  });
  return out;
}

const labelText = (frame: Frame): string => ` font-size="${frame.label}" font-family="sans-serif" fill="#1a1a1a"`;

function coordinates(frame: Frame): string {
  const { geometry, margin } = frame;
  let out = '';
  const bottom = margin + geometry.height * SQUARE;
  geometry.fieldFiles.forEach((x, i) => {
    const { x: left } = cellOrigin(frame, x, 0);
    out += `<text class="coord" x="${left + SQUARE / 2}" y="${bottom + frame.label + 2}" text-anchor="middle"${labelText(frame)}>${String.fromCharCode(97 + i)}</text>`;
  });
  const firstRank = geometry.name === 'omega' ? 0 : 1;
  geometry.fieldRanks.forEach((y, i) => {
    const { y: top } = cellOrigin(frame, 0, y);
    out += `<text class="coord" x="${margin - 8}" y="${top + SQUARE / 2 + Math.round(frame.label * 0.38)}" text-anchor="end"${labelText(frame)}>${firstRank + i}</text>`;
  });
  return out;
}

/**
 * Kings attacked by the other side: the side to move's in check, and the other's in an
 * illegal position. Realtime chess has no check (kings are captured), so none there.
 */
export function checkedKings(position: Position): Square[] {
  const { board, realtime } = position.setup;
  if (realtime) return [];
  try {
    return (['white', 'black'] as const).flatMap((color) =>
      kingSquares(board, color).filter((square) => isAttacked(board, square, color === 'white' ? 'black' : 'white')),
    );
  } catch {
    return [];
  }
}

function checkMarks(frame: Frame, kings: readonly Square[]): string {
  return kings
    .map((square) => {
      const { x, y } = squareOrigin(frame, square);
      const c = SQUARE / 2;
      return `<circle class="check" data-name="${squareName(frame.geometry, square)}" cx="${x + c}" cy="${y + c}" r="${n(c * 0.96)}" fill="url(#check-glow)"/>`;
    })
    .join('');
}

/** A number for an SVG attribute, without float noise. */
const n = (value: number): number => Number(value.toFixed(2));

/** Share of a square a piece's drawing fills: large, so that pieces still read on a phone-sized board. */
export const PIECE_SHARE = 0.92;

function pieceUse(p: Piece, x: number, y: number, size = SQUARE): string {
  const promoted = p.promoted
    ? `<circle class="promoted" cx="${x + size - 7}" cy="${y + 7}" r="4" fill="#c62828" stroke="#fff"/>`
    : '';
  const inset = (size * (1 - PIECE_SHARE)) / 2;
  return `<use href="#${glyphId(p.color, p.role)}" x="${n(x + inset)}" y="${n(y + inset)}" width="${n(size * PIECE_SHARE)}" height="${n(size * PIECE_SHARE)}"/>${promoted}`;
}

/** Seconds with one decimal, for countdowns. */
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** A countdown label centred on `cx` with its baseline at `y`, readable on any square. */
function countdown(cx: number, y: number, ms: number): string {
  return (
    `<rect x="${n(cx - 16)}" y="${n(y - 10)}" width="32" height="13" rx="3" fill="#ffffff" stroke="#0d2a6b"/>` +
    `<text class="countdown" x="${n(cx)}" y="${n(y)}" text-anchor="middle" font-size="10" font-weight="700" font-family="sans-serif" fill="#0d2a6b">${seconds(ms)}</text>`
  );
}

/** A pie slice covering the share of the square that is still cooling down. */
function cooldownPie(x: number, y: number, ms: number, fullMs: number): string {
  const share = Math.min(1, ms / fullMs);
  const cx = x + SQUARE / 2;
  const cy = y + SQUARE / 2;
  const r = SQUARE * 0.46;
  if (share >= 0.999) return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="rgba(40,60,160,0.28)"/>`;
  const angle = share * 2 * Math.PI;
  const ex = cx + r * Math.sin(angle);
  const ey = cy - r * Math.cos(angle);
  return `<path d="M${cx} ${cy} L${cx} ${cy - r} A${r} ${r} 0 ${share > 0.5 ? 1 : 0} 1 ${ex.toFixed(2)} ${ey.toFixed(2)} Z" fill="rgba(40,60,160,0.28)"/>`;
}

/** Where a piece in flight is drawn: on the line from its origin to its square, `remaining` squares short. */
export function flightPoint(frame: Frame, from: Square, to: Square, remainingMs: number): { x: number; y: number } {
  const a = squareOrigin(frame, from);
  const b = squareOrigin(frame, to);
  const distance = Math.hypot(b.x - a.x, b.y - a.y) / SQUARE;
  if (distance === 0) return b;
  const share = Math.min(1, remainingMs / MS_PER_SQUARE / distance);
  return { x: b.x + (a.x - b.x) * share, y: b.y + (a.y - b.y) * share };
}

function pieces(frame: Frame, position: Position): string {
  const { geometry } = frame;
  let out = '';
  let flights = '';
  position.setup.board.pieces.forEach((p, square) => {
    if (!p || geometry.squareNames[square] === '' || geometry.squareNames[square] === undefined) return;
    const name = squareName(geometry, square);
    const letter = pieceLetter(p);
    const marks = realtimeMarks(position.setup, square);
    const origin = squareOrigin(frame, square);
    let attributes = `class="piece" data-square="${name}" data-piece="${letter}"`;
    if (p.promoted) attributes += ' data-promoted="true"';
    let extra = '';
    let at = origin;
    if (marks?.flight && geometry.squareNames[marks.flight.from]) {
      const fromName = squareName(geometry, marks.flight.from);
      at = flightPoint(frame, marks.flight.from, square, marks.flight.remainingMs);
      const start = squareOrigin(frame, marks.flight.from);
      attributes += ` data-from="${fromName}" data-arrives-in="${marks.flight.remainingMs}"`;
      flights +=
        `<line class="flight" x1="${start.x + SQUARE / 2}" y1="${start.y + SQUARE / 2}" x2="${origin.x + SQUARE / 2}" y2="${origin.y + SQUARE / 2}" stroke="#1565c0" stroke-width="3" stroke-dasharray="6 5"/>` +
        `<circle class="flight-origin" cx="${start.x + SQUARE / 2}" cy="${start.y + SQUARE / 2}" r="5" fill="#1565c0"/>`;
      extra += countdown(at.x + SQUARE / 2, at.y + 9, marks.flight.remainingMs);
    }
    if (marks?.cooldownMs !== undefined) {
      attributes += ` data-cooldown="${marks.cooldownMs}"`;
      extra += countdown(origin.x + SQUARE / 2, origin.y + SQUARE - 2, marks.cooldownMs);
    }
    const pie =
      marks?.cooldownMs !== undefined
        ? cooldownPie(origin.x, origin.y, marks.cooldownMs, cooldownLength(position.setup))
        : '';
    out += `<g ${attributes}>${pie}${pieceUse(p, at.x, at.y)}${extra}</g>`;
  });
  return flights + out;
}

const POCKET_SQUARE = 36;

function pocketColumn(color: Color, pocket: Readonly<Record<string, number>>, top: number, left: number): string {
  let out = `<text class="pocket-label" x="${left}" y="${top - 6}"${TEXT}>${color === 'white' ? 'White' : 'Black'} in hand</text>`;
  let row = 0;
  for (const role of ROLES) {
    const count = pocket[role] ?? 0;
    if (count <= 0) continue;
    const y = top + row * POCKET_SQUARE;
    const letter = pieceLetter({ color, role, promoted: false });
    out += `<g class="pocket-piece" data-pocket="${color}" data-piece="${letter}" data-count="${count}">${pieceUse({ color, role, promoted: false }, left, y, POCKET_SQUARE)}<text class="pocket-count" x="${left + POCKET_SQUARE + 4}" y="${y + POCKET_SQUARE / 2 + 5}"${TEXT}>${count}</text></g>`;
    row++;
  }
  if (row === 0) out += `<text class="pocket-empty" x="${left}" y="${top + 16}"${TEXT}>none</text>`;
  return out;
}

/** The arrows, circles and evaluation in words, for the board's label: drawn, they are colour and shape only. */
function describeAnnotations(annotations: Annotations | undefined): string {
  if (!annotations) return '';
  const parts: string[] = [];
  if (annotations.arrows.length)
    parts.push(`arrows ${annotations.arrows.map((a) => `${a.color} ${a.from} to ${a.to}`).join(', ')}`);
  if (annotations.circles.length)
    parts.push(`circled ${annotations.circles.map((c) => `${c.color} ${c.square}`).join(', ')}`);
  if (annotations.evaluation)
    parts.push(`evaluation ${evaluationText(annotations.evaluation)} (${evaluationWords(annotations.evaluation)})`);
  return parts.length ? `; ${parts.join('; ')}` : '';
}

/** A short text for screen readers: which piece stands where. */
export function describeBoard(position: Position): string {
  const { geometry, pieces: cells } = position.setup.board;
  const names: string[] = [];
  cells.forEach((p, square) => {
    // Words, not FEN letters: a screen reader says "white pawn e4", not "P e 4".
    if (p && geometry.squareNames[square])
      names.push(`${p.color} ${p.promoted ? 'promoted ' : ''}${p.role} ${geometry.squareNames[square]}`);
  });
  const turn = position.setup.turn === 'white' ? 'White' : 'Black';
  const checked = checkedKings(position).map(
    (square) => `the ${cells[square]?.color ?? ''} king on ${geometry.squareNames[square] ?? ''} is in check`,
  );
  // Realtime chess has no turns: the setup's turn field means nothing there.
  if (position.setup.realtime) return `Realtime chess board, no turns: ${names.length ? names.join(', ') : 'empty'}`;
  return `${geometry.name === 'omega' ? 'Omega chess board' : 'Chess board'}, ${turn} to move${checked.length ? `, ${checked.join(', ')}` : ''}: ${names.length ? names.join(', ') : 'empty'}${describeAnnotations(position.annotations)}`;
}

/** The annotation colours as lichess draws them: dark enough to read on both square colours. */
const ANNOTATION_COLORS: Readonly<Record<AnnotationColor, string>> = {
  green: '#15781b',
  red: '#882020',
  yellow: '#e68f00',
  blue: '#003088',
};

/**
 * Arrows and circled squares (PGN's `[%cal]` and `[%csl]`): a layer of their own above the
 * pieces, see-through so that the pieces under them still read, and ignoring the pointer so
 * that a click or a drag reaches the square beneath. Each arrow is `data-arrow="e2e4"`, each
 * circle `data-circle="d4"`, both with `data-color`.
 */
function annotationLayer(frame: Frame, annotations: Annotations | undefined): string {
  if (!annotations || (annotations.arrows.length === 0 && annotations.circles.length === 0)) return '';
  const center = (name: string): { x: number; y: number } | undefined => {
    const square = parseSquare(frame.geometry, name);
    if (square === undefined) return undefined;
    const { x, y } = squareOrigin(frame, square);
    return { x: x + SQUARE / 2, y: y + SQUARE / 2 };
  };
  let out = '';
  for (const circle of annotations.circles) {
    const c = center(circle.square);
    if (!c) continue;
    out += `<circle class="annotation-circle" data-circle="${circle.square}" data-color="${circle.color}" cx="${c.x}" cy="${c.y}" r="${n(SQUARE / 2 - 3)}" fill="none" stroke="${ANNOTATION_COLORS[circle.color]}" stroke-width="4" opacity="0.8"/>`;
  }
  const width = SQUARE * 0.2;
  const headLength = SQUARE * 0.42;
  const headWidth = SQUARE * 0.48;
  for (const arrow of annotations.arrows) {
    const a = center(arrow.from);
    const b = center(arrow.to);
    if (!a || !b) continue;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    // The tip stops short of the target's centre, so a piece there stays visible.
    const ux = (b.x - a.x) / length;
    const uy = (b.y - a.y) / length;
    const tip = { x: b.x - ux * SQUARE * 0.12, y: b.y - uy * SQUARE * 0.12 };
    const base = { x: tip.x - ux * headLength, y: tip.y - uy * headLength };
    const side = { x: -uy * (headWidth / 2), y: ux * (headWidth / 2) };
    const color = ANNOTATION_COLORS[arrow.color];
    // One group's opacity, so the shaft and the head do not darken where they meet.
    out +=
      `<g class="annotation-arrow" data-arrow="${arrow.from}${arrow.to}" data-color="${arrow.color}" opacity="0.7">` +
      `<line x1="${n(a.x)}" y1="${n(a.y)}" x2="${n(base.x + ux)}" y2="${n(base.y + uy)}" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round"/>` +
      `<polygon points="${n(tip.x)},${n(tip.y)} ${n(base.x + side.x)},${n(base.y + side.y)} ${n(base.x - side.x)},${n(base.y - side.y)}" fill="${color}"/></g>`;
  }
  return `<g class="annotations" pointer-events="none">${out}</g>`;
}

/** Width in SVG units the evaluation bar takes beside the board (right of it, before the pockets). */
const EVAL_BAR = 14;
const EVAL_GAP = 6;

/**
 * The evaluation bar: White's share (from the evaluation, a mate fills it) from White's side
 * of the board, Black's from the other, a mark at the middle. `data-eval` holds the number
 * as written beside the board (`+0.35`, `#-3`), `data-white-share` the share.
 */
function evaluationBar(frame: Frame, evaluation: Evaluation, left: number): string {
  const top = frame.margin;
  const height = frame.geometry.height * SQUARE;
  const share = whiteShare(evaluation);
  const white = n(height * share);
  // White's part grows from the bottom unless the board is flipped.
  const whiteY = frame.flipped ? top : n(top + height - white);
  return (
    `<g class="eval-bar" data-eval="${evaluationText(evaluation)}" data-white-share="${n(share)}">` +
    `<rect x="${left}" y="${top}" width="${EVAL_BAR}" height="${height}" fill="#403d39" stroke="#1a1a1a"/>` +
    `<rect class="eval-white" x="${left}" y="${whiteY}" width="${EVAL_BAR}" height="${white}" fill="#ffffff"/>` +
    `<line x1="${left}" y1="${top + height / 2}" x2="${left + EVAL_BAR}" y2="${top + height / 2}" stroke="#c62828" stroke-width="2"/>` +
    `<rect x="${left}" y="${top}" width="${EVAL_BAR}" height="${height}" fill="none" stroke="#1a1a1a"/></g>`
  );
}

/**
 * The board as one SVG element (a string, so that it renders the same in a page and in a
 * test). Every piece is a `<g>` with `data-square` (its square's name) and `data-piece` (its
 * FEN letter); pieces in hand are `<g>` with `data-pocket` and `data-piece`.
 */
export function renderBoard(position: Position, options: BoardOptions = {}): string {
  const geometry = position.setup.board.geometry;
  const flipped = options.flipped ?? position.flipped ?? false;
  const showCoordinates = options.coordinates ?? true;
  const label = labelSize(geometry);
  const margin = showCoordinates ? Math.max(24, label + 10) : 6;
  const frame: Frame = { geometry, flipped, margin, label };
  const boardWidth = geometry.width * SQUARE;
  const boardHeight = geometry.height * SQUARE;
  const pockets = position.setup.pockets;
  const pocketWidth = pockets ? 86 : 0;
  const evaluation = position.annotations?.evaluation;
  const evalWidth = evaluation ? EVAL_GAP + EVAL_BAR : 0;
  const width = margin * 2 + boardWidth + evalWidth + pocketWidth;
  const height = margin * 2 + boardHeight;
  const highlighted = new Set(position.lastMove ? moveSquares(position.lastMove) : []);

  let pocketSvg = '';
  if (pockets) {
    const left = margin + boardWidth + evalWidth + 14;
    const top: Color = flipped ? 'white' : 'black';
    const bottom: Color = flipped ? 'black' : 'white';
    pocketSvg =
      pocketColumn(top, pockets[top], margin + 14, left) +
      pocketColumn(bottom, pockets[bottom], margin + boardHeight / 2 + 14, left);
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="board" role="img" aria-label="${escapeHtml(describeBoard(position))}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" data-geometry="${geometry.name}" data-flipped="${flipped}"${position.setup.realtime ? ` data-clock-ms="${position.setup.realtime.clockMs}"` : ''}>` +
    `<defs>${glyphSymbols()}<radialGradient id="check-glow"><stop offset="0.35" stop-color="#e00000"/><stop offset="1" stop-color="#e00000" stop-opacity="0"/></radialGradient></defs>` +
    squares(frame, highlighted) +
    checkMarks(frame, checkedKings(position)) +
    (showCoordinates ? coordinates(frame) : '') +
    pieces(frame, position) +
    annotationLayer(frame, position.annotations) +
    (evaluation ? evaluationBar(frame, evaluation, margin + boardWidth + EVAL_GAP) : '') +
    pocketSvg +
    '</svg>'
  );
}
