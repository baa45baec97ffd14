import {
  STANDARD,
  parseSquare,
  piece,
  pieceLetter,
  squareName,
  type Color,
  type Piece,
  type Setup,
  type Square,
} from '@chess-formats/board-core';
import { escapeHtml } from '../html.js';
import { renderBoard } from '../render/board-svg.js';
import { glyphId } from '../render/glyphs.js';
import {
  CASTLING_RIGHTS,
  SPARE_ROLES,
  castlingOffered,
  clearState,
  editorFen,
  editorFrom,
  editorProblems,
  editorSetup,
  epOptions,
  movePiece,
  placePiece,
  removePiece,
  setCastling,
  setEp,
  setTurn,
  startState,
  type CastlingRight,
  type EditorState,
} from './editor-state.js';

/** What the editor needs from the page. */
export interface EditorHooks {
  /** Black at the bottom (the page's Flip box). */
  flipped(): boolean;
  coordinates(): boolean;
  /** The position is finished: its FEN goes into the input. */
  done(fen: string): void;
  /** Closed without a change. */
  cancelled(): void;
}

/** What is chosen for the next press on a square: a spare, the remove tool, or a square's piece to move. */
type Selection =
  | { readonly kind: 'spare'; readonly piece: Piece }
  | { readonly kind: 'remove' }
  | { readonly kind: 'square'; readonly square: Square };

/** A drag in progress (pointer events: mouse, pen and touch alike). */
interface Drag {
  readonly pointerId: number;
  readonly from: { readonly spare: Piece } | { readonly square: Square };
  readonly piece: Piece;
  readonly startX: number;
  readonly startY: number;
  ghost?: HTMLElement;
}

/** The pointer must travel this far (CSS pixels) before a press becomes a drag: a tap stays a click. */
const DRAG_THRESHOLD = 4;

const RIGHT_LABELS: Readonly<Record<CastlingRight, string>> = {
  K: 'White O-O (king side)',
  Q: 'White O-O-O (queen side)',
  k: 'Black O-O (king side)',
  q: 'Black O-O-O (queen side)',
};
const RIGHT_NEEDS: Readonly<Record<CastlingRight, string>> = {
  K: 'king on e1, rook on h1',
  Q: 'king on e1, rook on a1',
  k: 'king on e8, rook on h8',
  q: 'king on e8, rook on a8',
};

const words = (p: Piece): string => `${p.color} ${p.role}`;

/**
 * The board editor: its own board (the page's board is hidden meanwhile, so the page's move
 * handling never sees the editor's pointer), spare pieces of both colours above and below
 * it, side to move, castling rights, en passant, Clear, Start, Done and Cancel. Pieces are
 * dragged from the spares onto squares, between squares, and off the board to remove them;
 * or, by keyboard or taps, a spare (or a square's piece, or Remove) is chosen and then a
 * square. The squares are buttons over the drawn board, reached by Tab and moved between
 * with the arrow keys.
 */
export class BoardEditor {
  private state: EditorState = startState();
  private selection: Selection | undefined;
  private drag: Drag | undefined;
  /** A drag just ended on this press: the click that follows it is not a tap. */
  private dragged = false;
  /** The square that takes Tab into the board (one tab stop; arrows move within). */
  private cursor: Square = 0;
  active = false;
  private readonly host: HTMLElement;
  private readonly hooks: EditorHooks;

  constructor(host: HTMLElement, hooks: EditorHooks) {
    this.host = host;
    this.hooks = hooks;
    host.addEventListener('click', (event) => this.onClick(event));
    host.addEventListener('change', (event) => this.onChange(event));
    host.addEventListener('keydown', (event) => this.onKey(event));
    host.addEventListener('pointerdown', (event) => this.onPointerDown(event));
    host.addEventListener('pointermove', (event) => this.onPointerMove(event));
    host.addEventListener('pointerup', (event) => this.onPointerUp(event));
    host.addEventListener('pointercancel', () => this.endDrag());
  }

  /** Opens the editor on a position (the one shown), or the standard start. */
  open(setup: Setup | undefined): void {
    this.state = editorFrom(setup);
    this.selection = undefined;
    this.cursor = this.hooks.flipped() ? 7 : 56;
    this.active = true;
    this.host.hidden = false;
    // The status stays the same element while the editor is open, so that screen readers
    // announce its changes (a live region drawn anew each time is not announced).
    this.host.innerHTML =
      `<div class="editor" role="group" aria-labelledby="editor-heading"><div class="editor-body"></div>` +
      `<div class="editor-problems" role="status"></div></div>`;
    this.draw();
    this.host.querySelector<HTMLElement>('.editor-squares button[tabindex="0"]')?.focus();
  }

  close(): void {
    this.endDrag();
    this.active = false;
    this.host.hidden = true;
    this.host.innerHTML = '';
  }

  /** The editor's position now (for the page's tests and scripts). */
  get fen(): string {
    return editorFen(this.state);
  }

  /** Draws the editor again, keeping the focus on the same control. */
  draw(): void {
    if (!this.active) return;
    const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-key]')?.dataset.key;
    const flipped = this.hooks.flipped();
    const setup = editorSetup(this.state);
    const top: Color = flipped ? 'white' : 'black';
    const bottom: Color = flipped ? 'black' : 'white';
    const problems = editorProblems(this.state);
    const eps = epOptions(this.state);
    const castling = CASTLING_RIGHTS.map((right) => {
      const offered = castlingOffered(this.state.board, right);
      const checked = this.state.castling.includes(right);
      return `<label${offered ? '' : ' class="unavailable"'}><input type="checkbox" data-key="castle-${right}" data-castle="${right}"${checked ? ' checked' : ''}${offered ? '' : ' disabled'}> ${RIGHT_LABELS[right]}${offered ? '' : ` <span class="needs">(needs ${RIGHT_NEEDS[right]})</span>`}</label>`;
    }).join('');
    const ep = [
      `<option value="">none</option>`,
      ...eps.map((square) => {
        const name = squareName(STANDARD, square);
        return `<option value="${name}"${this.state.ep === square ? ' selected' : ''}>${name}</option>`;
      }),
    ].join('');
    const fen = editorFen(this.state);
    const body = this.host.querySelector<HTMLElement>('.editor-body');
    const status = this.host.querySelector<HTMLElement>('.editor-problems');
    if (!body || !status) return;
    body.innerHTML =
      `<h3 id="editor-heading">Board editor</h3>` +
      `<p class="editor-help">Drag pieces from the spares onto the board, between squares, or off the board to remove them. Or choose a spare (or a piece on the board, or Remove), then a square.</p>` +
      this.spares(top) +
      `<div class="editor-board" data-flipped="${flipped}">${renderBoard({ setup }, { flipped, coordinates: this.hooks.coordinates() })}<div class="editor-squares" role="group" aria-label="Squares: choose one to put, move or remove a piece"></div></div>` +
      this.spares(bottom, true) +
      `<div class="controls editor-actions">` +
      `<button type="button" data-action="clear" data-key="clear">Clear</button>` +
      `<button type="button" data-action="start" data-key="start">Start</button>` +
      `<button type="button" data-action="done" data-key="done">Done</button>` +
      `<button type="button" data-action="cancel" data-key="cancel" class="secondary">Cancel</button>` +
      `</div>` +
      `<fieldset class="editor-turn"><legend>Side to move</legend>` +
      (['white', 'black'] as const)
        .map(
          (color) =>
            `<label><input type="radio" name="editor-turn" value="${color}" data-key="turn-${color}"${this.state.turn === color ? ' checked' : ''}> ${color === 'white' ? 'White' : 'Black'}</label>`,
        )
        .join('') +
      `</fieldset>` +
      `<fieldset class="editor-castling"><legend>Castling</legend>${castling}</fieldset>` +
      `<p class="editor-ep"><label for="editor-ep">En passant</label> <select id="editor-ep" data-key="ep"${eps.length ? '' : ' disabled'}>${ep}</select>${eps.length ? '' : ' <span class="needs">(no pawn has just made a double step that can be taken)</span>'}</p>` +
      `<p class="editor-fen">FEN: <code data-fen>${escapeHtml(fen)}</code></p>`;
    const said = problems.length
      ? `<strong>Not a legal position</strong> (board-core's validateSetup): <ul>${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>`
      : 'A legal position.';
    status.dataset.legal = String(problems.length === 0);
    if (status.innerHTML !== said) status.innerHTML = said;
    this.placeSquares();
    // The same control again, where it was: a redraw must not scroll the page.
    if (focused) this.host.querySelector<HTMLElement>(`[data-key="${focused}"]`)?.focus({ preventScroll: true });
  }

  /** One row of spare pieces; the bottom row ends with the remove tool. */
  private spares(color: Color, withRemove = false): string {
    const pieces = SPARE_ROLES.map((role) => {
      const p = piece(color, role);
      const letter = pieceLetter(p);
      const pressed = this.selection?.kind === 'spare' && pieceLetter(this.selection.piece) === letter;
      return `<button type="button" class="spare" data-spare="${letter}" data-key="spare-${letter}" aria-pressed="${pressed}" aria-label="${words(p)}"><svg viewBox="0 0 100 100" aria-hidden="true"><use href="#${glyphId(color, role)}"/></svg></button>`;
    }).join('');
    const remove = withRemove
      ? `<button type="button" class="spare remove" data-spare="remove" data-key="spare-remove" aria-pressed="${this.selection?.kind === 'remove'}">Remove</button>`
      : '';
    return `<div class="spares" role="group" aria-label="${color === 'white' ? 'White' : 'Black'} spare pieces" data-spares="${color}">${pieces}${remove}</div>`;
  }

  /** The square buttons, laid over the drawn squares (their places read from the SVG, so flip and margins follow). */
  private placeSquares(): void {
    const svg = this.host.querySelector<SVGSVGElement>('.editor-board svg');
    const layer = this.host.querySelector<HTMLElement>('.editor-squares');
    if (!svg || !layer) return;
    const [, , width = 1, height = 1] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
    const rects = [...svg.querySelectorAll<SVGRectElement>('rect.square')]
      .map((rect) => ({
        name: rect.dataset.name ?? '',
        x: Number(rect.getAttribute('x')),
        y: Number(rect.getAttribute('y')),
        size: Number(rect.getAttribute('width')),
      }))
      // In reading order, so that Tab and a screen reader go as the eye does.
      .sort((a, b) => a.y - b.y || a.x - b.x);
    const selected = this.selection?.kind === 'square' ? this.selection.square : undefined;
    layer.innerHTML = rects
      .map(({ name, x, y, size }) => {
        const square = parseSquare(STANDARD, name) as Square;
        const p = this.state.board.pieces[square];
        const style = `left:${pct(x, width)};top:${pct(y, height)};width:${pct(size, width)};height:${pct(size, height)}`;
        return `<button type="button" class="edit-square" data-edit-square="${name}" data-key="square-${name}"${p ? ` data-has="${pieceLetter(p)}"` : ''} tabindex="${square === this.cursor ? 0 : -1}" aria-pressed="${square === selected}" aria-label="${name}, ${p ? words(p) : 'empty'}" style="${style}"></button>`;
      })
      .join('');
  }

  private apply(next: EditorState): void {
    this.state = next;
    this.draw();
  }

  private onClick(event: MouseEvent): void {
    const target = (event.target as HTMLElement).closest<HTMLElement>('button');
    if (!target || !this.host.contains(target)) return;
    // The click a drag's release makes is not a tap (a keyboard's click has no pointer: detail 0).
    if (this.dragged && event.detail > 0) {
      this.dragged = false;
      return;
    }
    event.stopPropagation();
    const action = target.dataset.action;
    if (action === 'clear') return this.apply(clearState(this.state));
    if (action === 'start') return this.apply(startState());
    if (action === 'done') return this.hooks.done(editorFen(this.state));
    if (action === 'cancel') return this.hooks.cancelled();
    const spare = target.dataset.spare;
    if (spare) {
      const chosen: Selection = spare === 'remove' ? { kind: 'remove' } : { kind: 'spare', piece: spareOf(spare) };
      this.selection = sameSelection(this.selection, chosen) ? undefined : chosen;
      return this.draw();
    }
    const name = target.dataset.editSquare;
    if (name) this.pressSquare(parseSquare(STANDARD, name) as Square);
  }

  /** A square chosen by a click, a tap or the keyboard: do what the selection says. */
  private pressSquare(square: Square): void {
    this.cursor = square;
    const selection = this.selection;
    if (selection?.kind === 'spare') return this.apply(placePiece(this.state, square, selection.piece));
    if (selection?.kind === 'remove') return this.apply(removePiece(this.state, square));
    if (selection?.kind === 'square') {
      this.selection = undefined;
      if (selection.square === square) return this.draw();
      return this.apply(movePiece(this.state, selection.square, square));
    }
    if (this.state.board.pieces[square]) this.selection = { kind: 'square', square };
    this.draw();
  }

  private onChange(event: Event): void {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.name === 'editor-turn') return this.apply(setTurn(this.state, target.value as Color));
    const right = target.dataset.castle as CastlingRight | undefined;
    if (right) return this.apply(setCastling(this.state, right, (target as HTMLInputElement).checked));
    if (target.id === 'editor-ep') this.apply(setEp(this.state, parseSquare(STANDARD, target.value)));
  }

  /** Arrow keys move between squares; Delete empties one; Escape drops the selection. */
  private onKey(event: KeyboardEvent): void {
    const name = (event.target as HTMLElement).dataset.editSquare;
    if (event.key === 'Escape' && this.selection) {
      this.selection = undefined;
      this.draw();
      event.stopPropagation();
      return;
    }
    // The page's arrow keys, Home and End step through a game: not the one under the editor.
    if (event.key in ARROWS || event.key === 'Home' || event.key === 'End') event.stopPropagation();
    if (!name) return;
    const square = parseSquare(STANDARD, name) as Square;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      this.cursor = square;
      return this.apply(removePiece(this.state, square));
    }
    const step = ARROWS[event.key];
    if (!step) return;
    // Arrows go as drawn: on a flipped board "up" is towards rank 1.
    const sign = this.hooks.flipped() ? -1 : 1;
    const file = (square % 8) + step[0] * sign;
    const rank = Math.floor(square / 8) + step[1] * sign;
    event.preventDefault();
    if (file < 0 || file > 7 || rank < 0 || rank > 7) return;
    this.cursor = rank * 8 + file;
    this.draw();
    this.host.querySelector<HTMLElement>(`[data-edit-square="${squareName(STANDARD, this.cursor)}"]`)?.focus();
  }

  private onPointerDown(event: PointerEvent): void {
    if (event.button !== 0) return;
    this.dragged = false;
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-spare], [data-edit-square]');
    if (!target) return;
    const spare = target.dataset.spare;
    const name = target.dataset.editSquare;
    let from: Drag['from'] | undefined;
    let moving: Piece | undefined;
    if (spare && spare !== 'remove') {
      moving = spareOf(spare);
      from = { spare: moving };
    } else if (name) {
      const square = parseSquare(STANDARD, name) as Square;
      moving = this.state.board.pieces[square];
      if (moving) from = { square };
    }
    if (!from || !moving) return;
    this.drag = { pointerId: event.pointerId, from, piece: moving, startX: event.clientX, startY: event.clientY };
    target.setPointerCapture?.(event.pointerId);
  }

  private onPointerMove(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag || drag.pointerId !== event.pointerId) return;
    if (!drag.ghost) {
      if (Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < DRAG_THRESHOLD) return;
      drag.ghost = this.ghost(drag.piece);
    }
    event.preventDefault();
    const size = drag.ghost.offsetWidth;
    drag.ghost.style.transform = `translate(${event.clientX - size / 2}px, ${event.clientY - size / 2}px)`;
  }

  private onPointerUp(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const wasDrag = drag.ghost !== undefined;
    this.endDrag();
    if (!wasDrag) return; // a tap: the click that follows handles it
    this.dragged = true;
    // Redrawn, the pressed element is gone and may get no click: the mark lasts this task only.
    window.setTimeout(() => {
      this.dragged = false;
    }, 0);
    // The ghost ignores the pointer, so the square under it is found.
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const onto = under?.closest<HTMLElement>('[data-edit-square]');
    const to =
      onto && this.host.contains(onto) ? (parseSquare(STANDARD, onto.dataset.editSquare ?? '') as Square) : undefined;
    this.selection = undefined;
    if ('spare' in drag.from) {
      if (to !== undefined) {
        this.cursor = to;
        this.apply(placePiece(this.state, to, drag.from.spare));
      } else this.draw();
      return;
    }
    // Off the board, the piece is removed.
    if (to === undefined) return this.apply(removePiece(this.state, drag.from.square));
    this.cursor = to;
    this.apply(movePiece(this.state, drag.from.square, to));
  }

  /** The piece following the pointer, the size of a square on screen. */
  private ghost(p: Piece): HTMLElement {
    const square = this.host.querySelector<HTMLElement>('.edit-square');
    const size = square?.getBoundingClientRect().width ?? 48;
    const ghost = document.createElement('div');
    ghost.className = 'editor-ghost';
    ghost.style.width = `${size}px`;
    ghost.style.height = `${size}px`;
    ghost.innerHTML = `<svg viewBox="0 0 100 100" aria-hidden="true"><use href="#${glyphId(p.color, p.role)}"/></svg>`;
    this.host.append(ghost);
    return ghost;
  }

  private endDrag(): void {
    this.drag?.ghost?.remove();
    this.drag = undefined;
  }
}

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

const pct = (value: number, of: number): string => `${((value / of) * 100).toFixed(3)}%`;

function spareOf(letter: string): Piece {
  const color: Color = letter === letter.toUpperCase() ? 'white' : 'black';
  const role = SPARE_ROLES.find((r) => pieceLetter(piece(color, r)) === letter) ?? 'pawn';
  return piece(color, role);
}

function sameSelection(a: Selection | undefined, b: Selection): boolean {
  if (!a || a.kind !== b.kind) return false;
  if (a.kind === 'spare' && b.kind === 'spare') return pieceLetter(a.piece) === pieceLetter(b.piece);
  return a.kind === 'remove';
}
