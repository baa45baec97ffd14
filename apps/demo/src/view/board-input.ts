import { ROLES, legalMoves, pieceLetter, type Move, type Role, type Setup } from '@chess-formats/board-core';
import { escapeHtml } from '../html.js';
import { glyphId } from '../render/glyphs.js';

/**
 * Moves on the drawn board: a layer of square buttons over the SVG (one per square, placed
 * from the SVG's own squares, so flip, coordinates and Omega's field need nothing here).
 * Click a piece then a square, or drag the piece (pointer events: mouse, pen and touch); the
 * legal targets of the chosen piece are marked; a pawn reaching the last rank asks which
 * piece (buttons with names). From the keyboard: Tab reaches the board, the arrow keys move
 * between squares (when the focus is visible, so arrows after a click still step the game),
 * Enter or Space chooses, Escape lets go. Only board-core's legal moves are offered.
 */
export interface BoardInputOptions {
  /** A legal move chosen on the board. */
  readonly onMove: (move: Move) => void;
}

/** Pixels a pointer travels before a press becomes a drag. */
const DRAG_THRESHOLD = 4;

const ROLE_NAMES: Readonly<Partial<Record<Role, string>>> = {
  queen: 'Queen',
  knight: 'Knight',
  rook: 'Rook',
  bishop: 'Bishop',
  king: 'King',
};

/**
 * Where a move starts: its square, or for a drop from the pocket a number below 0 that names
 * the piece (`-1 - ROLES.indexOf(role)`), so that a pocket piece is chosen as a square is.
 */
function fromOf(move: Move): number {
  return move.kind === 'drop' ? dropKey(move.role) : move.from;
}

function dropKey(role: Role): number {
  return -1 - ROLES.indexOf(role);
}

/** The name of a pocket piece's button (`data-at`): `drop-knight`. */
const DROP = 'drop-';

interface Press {
  readonly pointer: number;
  readonly square: string;
  readonly x: number;
  readonly y: number;
  /** The press chose this piece (it was not chosen before), so its click does not let go of it. */
  readonly selectedNow: boolean;
  ghost?: SVGSVGElement;
}

export class BoardInput {
  private setup: Setup | undefined;
  private moves: readonly Move[] = [];
  private selected: number | undefined;
  /** The square that takes the Tab stop (roving tabindex), by name. */
  private tabSquare: string | undefined;
  private press: Press | undefined;
  /** A move chosen from the keyboard: the board is redrawn, the focus goes back to it. */
  private refocus: string | undefined;

  private readonly box: HTMLElement;
  private readonly options: BoardInputOptions;

  constructor(box: HTMLElement, options: BoardInputOptions) {
    this.box = box;
    this.options = options;
    box.addEventListener('pointerdown', (event) => this.onPointerDown(event));
    box.addEventListener('pointermove', (event) => this.onPointerMove(event));
    box.addEventListener('pointerup', (event) => this.onPointerUp(event));
    box.addEventListener('pointercancel', () => this.endPress());
    box.addEventListener('click', (event) => this.onClick(event));
    box.addEventListener('keydown', (event) => this.onKey(event));
  }

  /**
   * Called after each drawing of the board: lays the square buttons over it. `setup` is the
   * position the moves are played from; undefined when the board takes no moves (realtime,
   * an illegal position, a stale board).
   */
  attach(setup: Setup | undefined): void {
    if (setup !== this.setup) this.selected = undefined;
    this.setup = setup;
    this.press = undefined;
    document.querySelectorAll('.drag-ghost').forEach((ghost) => ghost.remove());
    let moves: Move[] = [];
    try {
      moves = setup && !setup.realtime ? legalMoves(setup) : [];
    } catch {
      moves = []; // a position the rules cannot judge takes no moves on the board
    }
    this.moves = moves;
    const svg = this.box.querySelector<SVGSVGElement>('svg.board');
    if (!setup || !svg || setup.realtime) return;
    const view = svg.viewBox.baseVal;
    const geometry = setup.board.geometry;
    let buttons = '';
    for (const rect of svg.querySelectorAll<SVGRectElement>('rect.square')) {
      const name = rect.dataset.name ?? '';
      const square = geometry.squareNames.indexOf(name);
      if (square < 0) continue;
      const x = Number(rect.getAttribute('x'));
      const y = Number(rect.getAttribute('y'));
      const size = Number(rect.getAttribute('width'));
      const style = `left:${(x / view.width) * 100}%;top:${(y / view.height) * 100}%;width:${(size / view.width) * 100}%;height:${(size / view.height) * 100}%`;
      buttons += `<button type="button" class="square-button" data-at="${escapeHtml(name)}" data-col="${Math.round(x / size)}" data-row="${Math.round(y / size)}" tabindex="-1" style="${style}"></button>`;
    }
    buttons += this.pocketButtons(svg, setup);
    const layer = document.createElement('div');
    layer.className = 'square-buttons';
    layer.setAttribute('role', 'group');
    layer.setAttribute('aria-label', 'Board squares: choose a piece, then the square it moves to');
    layer.innerHTML = buttons;
    this.box.append(layer);
    this.mark();
    if (this.refocus) {
      this.button(this.refocus)?.focus();
      this.refocus = undefined;
    }
  }

  /** Buttons over the pocket pieces of the side to move (crazyhouse): chosen, then dropped on a square. */
  private pocketButtons(svg: SVGSVGElement, setup: Setup): string {
    const view = svg.viewBox.baseVal;
    let buttons = '';
    for (const role of ROLES) {
      const letter = pieceLetter({ color: setup.turn, role, promoted: false });
      const use = svg.querySelector(
        `g.pocket-piece[data-pocket="${setup.turn}"][data-piece="${CSS.escape(letter)}"] use`,
      );
      if (!use) continue;
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(use.getAttribute(a)));
      const style = `left:${((x ?? 0) / view.width) * 100}%;top:${((y ?? 0) / view.height) * 100}%;width:${((w ?? 0) / view.width) * 100}%;height:${((h ?? 0) / view.height) * 100}%`;
      buttons += `<button type="button" class="square-button pocket-button" data-at="${DROP}${role}" data-col="-9" data-row="-9" tabindex="-1" style="${style}"></button>`;
    }
    return buttons;
  }

  /** The legal moves of the piece on `square` (or in the pocket: `fromOf`). */
  private movesFrom(square: number | undefined): Move[] {
    return square === undefined ? [] : this.moves.filter((move) => fromOf(move) === square);
  }

  /** A button's square, or a pocket piece's number (`fromOf`). */
  private squareOf(name: string | undefined): number | undefined {
    if (!this.setup || name === undefined) return undefined;
    if (name.startsWith(DROP)) {
      const role = name.slice(DROP.length) as Role;
      return ROLES.includes(role) ? dropKey(role) : undefined;
    }
    const square = this.setup.board.geometry.squareNames.indexOf(name);
    return square < 0 ? undefined : square;
  }

  private nameOf(square: number): string {
    if (square < 0) return `${DROP}${ROLES[-1 - square] ?? ''}`;
    return this.setup?.board.geometry.squareNames[square] ?? '';
  }

  private button(name: string): HTMLButtonElement | null {
    return this.box.querySelector<HTMLButtonElement>(`.square-button[data-at="${CSS.escape(name)}"]`);
  }

  /** The moves that take the chosen piece to `square` (several for a promotion); castling by the rook's square too. */
  private movesTo(from: number | undefined, square: number): Move[] {
    const moves = this.movesFrom(from);
    const direct = moves.filter((move) => move.to === square);
    return direct.length ? direct : moves.filter((move) => move.kind === 'castle' && move.rook === square);
  }

  /** Names, states and the Tab stop of the square buttons, after a choice. */
  private mark(): void {
    const setup = this.setup;
    if (!setup) return;
    const targets = new Set(this.movesFrom(this.selected).map((move) => move.to));
    const movable = new Set(this.moves.map(fromOf));
    const buttons = [...this.box.querySelectorAll<HTMLButtonElement>('.square-button')];
    if (!buttons.some((b) => b.dataset.at === this.tabSquare)) this.tabSquare = undefined;
    const stop = this.selected !== undefined ? this.nameOf(this.selected) : (this.tabSquare ?? buttons[0]?.dataset.at);
    for (const button of buttons) {
      const name = button.dataset.at ?? '';
      const square = this.squareOf(name);
      const piece = square === undefined || square < 0 ? undefined : setup.board.pieces[square];
      const target = square !== undefined && targets.has(square);
      button.classList.toggle('selected', square !== undefined && square === this.selected);
      button.classList.toggle('target', target);
      button.classList.toggle('occupied', Boolean(piece));
      button.classList.toggle('movable', square !== undefined && movable.has(square));
      button.tabIndex = name === stop ? 0 : -1;
      let label = name.startsWith(DROP)
        ? `${setup.turn} ${name.slice(DROP.length)} in hand, to drop`
        : `${name}${piece ? `, ${piece.color} ${piece.role}` : ''}`;
      if (square !== undefined && square === this.selected) label += ', chosen';
      if (target) label += piece ? ', capture here' : ', move here';
      button.setAttribute('aria-label', label);
      if (square === this.selected) button.setAttribute('aria-pressed', 'true');
      else button.removeAttribute('aria-pressed');
    }
  }

  /** A click or Enter on a square: choose a piece, move the chosen one, or let go. */
  private choose(name: string, fromKeyboard: boolean): void {
    const square = this.squareOf(name);
    if (square === undefined) return;
    if (this.selected !== undefined && this.movesTo(this.selected, square).length) {
      this.play(this.movesTo(this.selected, square), fromKeyboard ? name : undefined);
      return;
    }
    this.selected = this.selected !== square && this.movesFrom(square).length ? square : undefined;
    this.tabSquare = name;
    this.mark();
  }

  private play(moves: readonly Move[], refocus: string | undefined): void {
    const promotions = moves.filter((move) => move.kind === 'normal' && move.promotion !== undefined);
    if (promotions.length > 1) {
      this.askPromotion(promotions, refocus);
      return;
    }
    const move = moves[0];
    if (!move) return;
    this.selected = undefined;
    this.refocus = refocus;
    this.options.onMove(move);
  }

  /** Which piece a pawn becomes: one button per piece the rules allow, named, and Cancel. */
  private askPromotion(moves: readonly Move[], refocus: string | undefined): void {
    this.box.querySelector('.promotion-choice')?.remove();
    const color = this.setup?.turn ?? 'white';
    const choice = document.createElement('div');
    choice.className = 'promotion-choice';
    choice.setAttribute('role', 'dialog');
    choice.setAttribute('aria-label', 'Promote the pawn to');
    const buttons = moves
      .map((move, i) => {
        const role = move.kind === 'normal' ? move.promotion : undefined;
        if (!role) return '';
        const name = ROLE_NAMES[role] ?? role[0]?.toUpperCase() + role.slice(1);
        return `<button type="button" data-promotion="${i}" data-role="${role}"><svg viewBox="0 0 48 48" aria-hidden="true"><use href="#${glyphId(color, role)}" width="48" height="48"/></svg>${escapeHtml(name)}</button>`;
      })
      .join('');
    choice.innerHTML = `<p>Promote the pawn to</p><div class="promotion-buttons">${buttons}</div><button type="button" data-promotion="cancel">Cancel</button>`;
    choice.addEventListener('click', (event) => {
      event.stopPropagation();
      const pressed = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-promotion]');
      if (!pressed) return;
      choice.remove();
      const move = moves[Number(pressed.dataset.promotion)];
      if (pressed.dataset.promotion === 'cancel' || !move) {
        this.selected = undefined;
        this.mark();
        if (refocus) this.button(refocus)?.focus();
        return;
      }
      this.play([move], refocus);
    });
    choice.addEventListener('keydown', (event) => {
      event.stopPropagation();
      if (event.key !== 'Escape') return;
      choice.querySelector<HTMLButtonElement>('[data-promotion="cancel"]')?.click();
    });
    choice.addEventListener('pointerdown', (event) => event.stopPropagation());
    choice.addEventListener('pointerup', (event) => event.stopPropagation());
    this.box.append(choice);
    choice.querySelector<HTMLButtonElement>('button')?.focus();
  }

  private squareAt(x: number, y: number): string | undefined {
    const hit = document.elementFromPoint(x, y)?.closest<HTMLElement>('.square-button');
    return hit && this.box.contains(hit) ? hit.dataset.at : undefined;
  }

  private onPointerDown(event: PointerEvent): void {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('.square-button');
    if (!button || event.button !== 0 || !this.setup) return;
    const name = button.dataset.at ?? '';
    const square = this.squareOf(name);
    if (square === undefined) return;
    const isTarget = this.selected !== undefined && this.movesTo(this.selected, square).length > 0;
    const selectedNow = !isTarget && this.selected !== square && this.movesFrom(square).length > 0;
    if (selectedNow) {
      this.selected = square;
      this.tabSquare = name;
      this.mark();
    }
    this.press = { pointer: event.pointerId, square: name, x: event.clientX, y: event.clientY, selectedNow };
    if (this.movesFrom(square).length) {
      button.setPointerCapture?.(event.pointerId);
      event.preventDefault(); // no text selection, no scrolling while a piece is held
    }
  }

  private onPointerMove(event: PointerEvent): void {
    const press = this.press;
    if (!press || press.pointer !== event.pointerId) return;
    const from = this.squareOf(press.square);
    if (!press.ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return;
      if (from === undefined || !this.movesFrom(from).length) return;
      const ghost = this.makeGhost(press.square);
      if (!ghost) return;
      press.ghost = ghost;
    }
    const size = press.ghost.getBoundingClientRect().width;
    press.ghost.style.left = `${event.clientX - size / 2}px`;
    press.ghost.style.top = `${event.clientY - size / 2}px`;
  }

  /** The held piece, drawn under the pointer while it is dragged; the piece on its square fades. */
  private makeGhost(name: string): SVGSVGElement | undefined {
    const square = this.squareOf(name);
    const piece =
      square !== undefined && square < 0 && this.setup
        ? this.box.querySelector<SVGGElement>(
            `g.pocket-piece[data-pocket="${this.setup.turn}"][data-piece="${CSS.escape(pieceLetter({ color: this.setup.turn, role: ROLES[-1 - square] as Role, promoted: false }))}"]`,
          )
        : this.box.querySelector<SVGGElement>(`g.piece[data-square="${CSS.escape(name)}"]`);
    const use = piece?.querySelector('use');
    const button = this.button(name);
    if (!piece || !use || !button) return undefined;
    const size = button.getBoundingClientRect().width;
    const ghost = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    ghost.setAttribute('class', 'drag-ghost');
    ghost.setAttribute('viewBox', '0 0 48 48');
    ghost.setAttribute('aria-hidden', 'true');
    ghost.style.width = `${size}px`;
    ghost.style.height = `${size}px`;
    ghost.innerHTML = `<use href="${use.getAttribute('href') ?? ''}" width="48" height="48"/>`;
    document.body.append(ghost);
    piece.classList.add('dragged');
    return ghost;
  }

  private endPress(): void {
    this.press?.ghost?.remove();
    this.box.querySelector('g.dragged')?.classList.remove('dragged');
    this.press = undefined;
  }

  private onPointerUp(event: PointerEvent): void {
    const press = this.press;
    if (!press || press.pointer !== event.pointerId) return;
    const dragged = press.ghost !== undefined;
    this.endPress();
    const over = this.squareAt(event.clientX, event.clientY);
    if (dragged) {
      const from = this.squareOf(press.square);
      const to = this.squareOf(over);
      const moves = to === undefined ? [] : this.movesTo(from, to);
      if (moves.length) {
        this.selected = from;
        this.play(moves, undefined);
      }
      return;
    }
    // A click: on the square pressed, unless the press itself chose the piece.
    if (over === press.square && !press.selectedNow) this.choose(over, false);
  }

  /** Enter or Space on a square button (a click with no pointer: `detail` 0). */
  private onClick(event: MouseEvent): void {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('.square-button');
    if (!button || event.detail !== 0) return;
    this.choose(button.dataset.at ?? '', true);
  }

  private onKey(event: KeyboardEvent): void {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('.square-button');
    if (!button) return;
    if (event.key === 'Escape') {
      this.selected = undefined;
      this.mark();
      return;
    }
    const step: Readonly<Record<string, readonly [number, number]>> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const delta = step[event.key];
    // After a click the focus is on a square but not shown: the arrows step the game then.
    if (!delta || !button.matches(':focus-visible') || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    event.stopPropagation();
    const col = Number(button.dataset.col) + delta[0];
    const row = Number(button.dataset.row) + delta[1];
    const next = this.box.querySelector<HTMLButtonElement>(`.square-button[data-col="${col}"][data-row="${row}"]`);
    if (!next) return;
    button.tabIndex = -1;
    next.tabIndex = 0;
    this.tabSquare = next.dataset.at;
    next.focus();
  }
}
