import { escapeHtml } from '../html.js';
import { matchGames, searchText, type GameSummary } from './game-list.js';

/** Each row's height in CSS pixels (style.css sets the same): rows are placed, not laid out, so 10,000 games cost what 20 do. */
export const ROW_PX = 32;
/** Rows drawn beyond the visible ones, above and below, so that a quick scroll shows no gap. */
const OVERSCAN = 8;

/**
 * The searchable list of a session's games (a combobox: the search box, and a listbox of the
 * games that match). Only the rows in view are in the page; the arrow keys, Page Up/Down and
 * Enter in the search box move through the list and choose; a click chooses too.
 */
export class GameChooser {
  readonly #root: HTMLElement;
  readonly #onChoose: (index: number) => void;
  #games: readonly GameSummary[] = [];
  #haystacks: string[] = [];
  /** Indexes (into the games) of the rows listed, in order. */
  #shown: number[] = [];
  /** The row the keys are on (an index into #shown). */
  #active = 0;
  #current = 0;
  #frame: number | undefined;

  constructor(root: HTMLElement, onChoose: (index: number) => void) {
    this.#root = root;
    this.#onChoose = onChoose;
  }

  /** Lists a new session's games, the shown one marked. */
  setGames(games: readonly GameSummary[], current: number): void {
    this.#games = games;
    this.#haystacks = games.map(searchText);
    this.#current = current;
    this.#root.innerHTML =
      `<div class="game-chooser"><label for="game-search">Find a game</label> <input id="game-search" type="search" role="combobox" aria-expanded="true" aria-controls="game-list" aria-autocomplete="list" autocomplete="off" spellcheck="false" placeholder="player, event, date, result" />` +
      `<p id="game-count" class="count" role="status"></p>` +
      `<div class="game-list-head" aria-hidden="true"><span>#</span><span>White</span><span>Black</span><span>Result</span><span>Date</span><span>Event</span><span>Plies</span></div>` +
      `<div id="game-list" role="listbox" aria-label="Games"><div class="game-list-space"></div></div></div>`;
    const search = this.#search();
    search.addEventListener('input', () => this.#filter(search.value));
    search.addEventListener('keydown', (event) => this.#onKey(event));
    const list = this.#list();
    list.addEventListener('scroll', () => this.#scheduleDraw());
    list.addEventListener('click', (event) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>('[role="option"]');
      if (row) this.#onChoose(Number(row.dataset.index));
    });
    this.#filter('');
  }

  /** Marks the game shown (after a choice, Back, or a link). */
  setCurrent(index: number): void {
    this.#current = index;
    this.#draw();
  }

  #search(): HTMLInputElement {
    return this.#root.querySelector<HTMLInputElement>('#game-search') as HTMLInputElement;
  }

  #list(): HTMLElement {
    return this.#root.querySelector<HTMLElement>('#game-list') as HTMLElement;
  }

  /** Whether the list is in the page (a session of few games has none). */
  #listed(): boolean {
    return this.#root.querySelector('#game-list') !== null;
  }

  #filter(query: string): void {
    this.#shown = query.trim() ? matchGames(this.#haystacks, query) : this.#games.map((_, i) => i);
    this.#active = 0;
    const count = this.#root.querySelector('#game-count');
    if (count)
      count.textContent = query.trim()
        ? `${this.#shown.length.toLocaleString('en')} of ${this.#games.length.toLocaleString('en')} games match`
        : `${this.#games.length.toLocaleString('en')} games`;
    const list = this.#list();
    const space = list.querySelector<HTMLElement>('.game-list-space');
    if (space) space.style.height = `${this.#shown.length * ROW_PX}px`;
    list.scrollTop = 0;
    this.#draw();
  }

  #onKey(event: KeyboardEvent): void {
    const page = Math.max(1, Math.floor(this.#list().clientHeight / ROW_PX) - 1);
    const moves: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      this.#active = Math.min(Math.max(0, this.#active + move), Math.max(0, this.#shown.length - 1));
      this.#scrollToActive();
      this.#draw();
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      const index = this.#shown[this.#active];
      if (index !== undefined) this.#onChoose(index);
    }
  }

  #scrollToActive(): void {
    const list = this.#list();
    const top = this.#active * ROW_PX;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW_PX > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW_PX - list.clientHeight;
  }

  #scheduleDraw(): void {
    if (this.#frame !== undefined) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = undefined;
      this.#draw();
    });
  }

  /** Draws the rows in view (and a few beyond), each placed at its offset. */
  #draw(): void {
    if (!this.#listed()) return;
    const list = this.#list();
    const space = list.querySelector<HTMLElement>('.game-list-space');
    if (!space) return;
    const height = list.clientHeight || ROW_PX * 10;
    const first = Math.max(0, Math.floor(list.scrollTop / ROW_PX) - OVERSCAN);
    const last = Math.min(this.#shown.length, Math.ceil((list.scrollTop + height) / ROW_PX) + OVERSCAN);
    let rows = '';
    for (let i = first; i < last; i++) {
      const game = this.#games[this.#shown[i] ?? -1];
      if (game) rows += this.#row(game, i);
    }
    space.innerHTML = rows;
    const search = this.#search();
    const active = this.#shown[this.#active];
    if (active === undefined) search.removeAttribute('aria-activedescendant');
    else search.setAttribute('aria-activedescendant', `game-option-${active}`);
  }

  #row(game: GameSummary, position: number): string {
    const cell = (text: string, kind: string): string => `<span class="${kind}">${escapeHtml(text)}</span>`;
    const current = game.index === this.#current ? ' data-current="true"' : '';
    return (
      `<div role="option" id="game-option-${game.index}" data-index="${game.index}" aria-selected="${position === this.#active}"${current} style="top:${position * ROW_PX}px">` +
      `${cell(String(game.index + 1), 'num')}${cell(game.white || game.title, 'white')}${cell(game.black, 'black')}${cell(game.result, 'result')}${cell(game.date, 'date')}${cell(game.event, 'event')}${cell(game.plies === undefined ? '' : String(game.plies), 'plies')}</div>`
    );
  }
}
