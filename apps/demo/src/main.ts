import {
  advanceRealtime,
  isCheck,
  movableAt,
  play,
  squareName,
  type Move,
  type Setup,
} from '@chess-formats/board-core';
import type {
  FormatAdapter,
  FormatView,
  GameInfo,
  InputError,
  PlayerInfo,
  Position,
  SessionGame,
} from './formats/adapter.js';
import { evaluationText, evaluationWords } from './formats/annotations.js';
import { ADAPTERS, MAX_INPUT_LENGTH, adapterByName, conversions, type Conversion } from './formats/registry.js';
import { readFileText } from './file-input.js';
import { escapeHtml } from './html.js';
import { unrecognisedHint, unwrapInput } from './input-link.js';
import { renderBoard } from './render/board-svg.js';
import { hasRealtime } from './render/realtime.js';
import { mountLivePanel } from './live/panel.js';
import { withLiveAddress } from './live/live-game.js';
import type { ReadResult } from './read.js';
import { READ_IN_WORKER_FROM, TextReader } from './reader.js';
import './style.css';
import { linkWithoutInput, readCompressedState, readUrlState, shareLink, type UrlState } from './url-state.js';
import {
  illegalReasons,
  renderConversions,
  renderErrors,
  renderFieldTable,
  renderIllegal,
  renderMoves,
  renderNotes,
  sanMoves,
} from './view/panels.js';
import { BoardEditor } from './view/editor.js';
import { renderPlayers, trackedInfo } from './view/players.js';
import { BoardInput } from './view/board-input.js';
import {
  clocksAt,
  isMainLine,
  mainLineNode,
  moveNumber,
  playMove,
  stepNode,
  treeFromPgn,
  treeFromPlies,
  treeFromSetup,
  type GameTree,
  type TreeNode,
} from './view/game-tree.js';
import { keepInView, renderMoveList } from './view/move-list.js';
import {
  EVENT_ROWS_SHOWN,
  cursorPosition,
  renderEvents,
  renderGameControls,
  type GameCursor,
  type Step,
} from './view/session.js';
import { patchGameControls } from './view/step-patch.js';
import { patchMarkup } from './view/patch-markup.js';
import { HeldInputs, type HistoryEntry } from './history-entry.js';
import { GameChooser } from './view/game-chooser.js';
import { LIST_GAMES_FROM, summariseGames, type GameSummary } from './view/game-list.js';
import { gameText } from './view/game-text.js';

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
}

const input = element<HTMLTextAreaElement>('input');
const fileInput = element<HTMLInputElement>('file');
const formatSelect = element<HTMLSelectElement>('format');
const detected = element('detected');
const flipBox = element<HTMLInputElement>('flip');
const coordinatesBox = element<HTMLInputElement>('coordinates');
const playButton = element<HTMLButtonElement>('play');
const shareButton = element<HTMLButtonElement>('share');
const shareStatus = element('share-status');
const branchBox = element('branch');
const inputStatus = element('input-status');
const boardBox = element('board');
const boardTitle = element('board-title');
const playerTop = element('player-top');
const playerBottom = element('player-bottom');
const sessionControls = element('session-controls');
const gameTools = element('game-tools');
const sessionSection = element('session');
const eventsBox = element('events');
const errorsBox = element('errors');
const notesBox = element('notes');
const fieldsBox = element('fields');
const conversionsBox = element('conversions');
const movesBox = element('moves');
// Board editor and evaluation (issue 30).
const evaluationBox = element('evaluation');
const editorBox = element('editor');
const editButton = element<HTMLButtonElement>('edit-board');
const moveList = element('move-list');

/** What the page shows besides the input text. */
const state: {
  adapter: FormatAdapter;
  view: FormatView;
  cursor: GameCursor;
  /** A move played from the moves list: highlighted while the input is the text it produced. */
  played: { text: string; move: Move } | undefined;
  /** The realtime position as the play button advances it. */
  realtime: Setup | undefined;
  timer: number | undefined;
  moves: { move: Move; san: string }[] | undefined;
  shownConversions: Conversion[];
  /** The capture a move played from one of its positions branched off from: the way back. */
  branch: { from: UrlState; label: string } | undefined;
  /** The last position drawn from a readable text: kept, marked stale, beside an error. */
  lastDrawn: Position | undefined;
  /** Rows of the event table listed ("Show more" adds to it): kept across steps and games. */
  eventsShown: number;
} = {
  adapter: ADAPTERS[0] as FormatAdapter,
  view: { positions: [], fields: [], errors: [], notes: [] },
  cursor: { game: 0, ply: 0 },
  played: undefined,
  realtime: undefined,
  timer: undefined,
  moves: undefined,
  shownConversions: [],
  branch: undefined,
  lastDrawn: undefined,
  eventsShown: EVENT_ROWS_SHOWN,
};

const AUTO = 'auto';

/** The formats of this page: the registry's, and any a script registers (see `DemoApi`). */
const adapters: FormatAdapter[] = [...ADAPTERS];
/** Reads long texts in a worker, short ones at once (see reader.ts). */
const reader = new TextReader(adapters);

function fillFormatMenu(): void {
  const selected = formatSelect.value;
  const options = [`<option value="${AUTO}">Detect automatically</option>`];
  for (const adapter of adapters)
    options.push(`<option value="${escapeHtml(adapter.name)}">${escapeHtml(adapter.label)}</option>`);
  formatSelect.innerHTML = options.join('');
  formatSelect.value = adapterByName(selected, adapters) ? selected : AUTO;
  const examples = document.querySelector('.examples');
  examples?.querySelectorAll('button').forEach((button) => button.remove());
  for (const adapter of adapters) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = adapter.label;
    button.dataset.example = adapter.name;
    button.addEventListener('click', () => {
      setInputText(adapter.example);
      formatSelect.value = AUTO;
      state.branch = undefined;
      void update({ history: 'push' });
    });
    examples?.append(button);
  }
}

function stopClock(): void {
  if (state.timer !== undefined) window.clearInterval(state.timer);
  state.timer = undefined;
  playButton.textContent = 'Play';
  playButton.setAttribute('aria-pressed', 'false');
}

/** The position on the board now: the session's current ply, or the record's first position. */
function shownPosition(): Position | undefined {
  const games = state.view.session?.games ?? [];
  let position = treePosition() ?? (games.length ? cursorPosition(games, state.cursor) : state.view.positions[0]);
  if (!position) return undefined;
  if (state.realtime) position = { ...position, setup: state.realtime };
  if (state.played && state.played.text === inputText()) position = { ...position, lastMove: state.played.move };
  return position;
}

/** The markup last written into each element by `setHtml`. */
const written = new WeakMap<Element, string>();

/** Writes markup only when it changed: a step repaints what the position changes, not the players' names (issue 30). */
function setHtml(element: HTMLElement, html: string): void {
  if (written.get(element) === html && element.innerHTML !== '') return;
  element.innerHTML = html;
  written.set(element, html);
}

function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

function drawBoard(): void {
  // While the editor is open it is the board (its own drawing, flip and coordinates followed).
  if (editor.active) {
    editor.draw();
    return;
  }
  const position = shownPosition();
  if (!position) {
    const stale = state.view.errors.length ? state.lastDrawn : undefined;
    // A typo should not blank the board: the last position read stays, marked as such.
    boardBox.innerHTML = stale
      ? `<p class="stale-note">Not the text as it is now: it has an error (see Record). This is the last position read.</p><div class="stale" data-stale="true">${renderBoard(stale, { flipped: flipBox.checked !== (stale.flipped ?? false), coordinates: coordinatesBox.checked })}</div>`
      : '<p class="empty">Nothing to draw.</p>';
    boardInput.attach(undefined);
    boardTitle.textContent = '';
    evaluationBox.hidden = true;
    playerTop.innerHTML = '';
    playerBottom.innerHTML = '';
    playButton.hidden = true;
    return;
  }
  state.lastDrawn = position;
  const flipped = flipBox.checked !== (position.flipped ?? false);
  // The board's square buttons (board-input.ts) are laid over the drawing again after it is patched.
  boardBox.querySelector(':scope > .square-buttons')?.remove();
  patchMarkup(
    boardBox,
    renderBoard(position, {
      flipped,
      coordinates: coordinatesBox.checked,
    }),
  );
  boardInput.attach(boardMovesFrom(position));
  setText(boardTitle, boardTitleText(position));
  drawEvaluation(position);
  const players = renderPlayers(position, gameInfo(position), flipped, state.cursor.ply === 0);
  setHtml(playerTop, players.top);
  setHtml(playerBottom, players.bottom);
  playButton.hidden = !hasRealtime(position.setup) && state.timer === undefined;
}

/** The shown position's evaluation (PGN's `[%eval]`) in words beside the bar the board draws: not in colour only. */
function drawEvaluation(position: Position): void {
  const evaluation = position.annotations?.evaluation;
  evaluationBox.hidden = !evaluation;
  evaluationBox.textContent = evaluation
    ? `Evaluation ${evaluationText(evaluation)}: ${evaluationWords(evaluation)}${evaluation.depth === undefined ? '' : ` (depth ${evaluation.depth})`}`
    : '';
  if (evaluation) evaluationBox.dataset.eval = evaluationText(evaluation);
  else delete evaluationBox.dataset.eval;
}

/**
 * The board editor (issue 30): open, it takes the place of the board and the players; Done
 * puts its FEN in the input and reads it, so every view of the page applies to the position.
 */
const editor = new BoardEditor(editorBox, {
  flipped: () => flipBox.checked,
  coordinates: () => coordinatesBox.checked,
  done(fen) {
    closeEditor();
    input.value = fen;
    formatSelect.value = AUTO;
    state.branch = undefined;
    void update({ history: 'push' });
    editButton.focus();
  },
  cancelled() {
    closeEditor();
    drawBoard();
    editButton.focus();
  },
});

function openEditor(): void {
  stopClock();
  // One board in the page at a time: the editor's drawing holds the glyphs' ids now.
  boardBox.innerHTML = '';
  for (const box of [boardBox, playerTop, playerBottom, evaluationBox]) box.hidden = true;
  editButton.hidden = true;
  editor.open(shownPosition()?.setup);
}

function closeEditor(): void {
  editor.close();
  for (const box of [boardBox, playerTop, playerBottom]) box.hidden = false;
  editButton.hidden = false;
}

/** The shown position's players, time control and result: the record's, completed by its game's tracker (ratings, titles, result). */
function gameInfo(position: Position): GameInfo | undefined {
  const tracked = state.view.session?.games[state.cursor.game]?.tracked;
  const fromTracker = tracked ? trackedInfo(tracked) : undefined;
  const own = position.game;
  if (!fromTracker || !own) return own ?? fromTracker;
  return {
    ...fromTracker,
    ...own,
    white: { ...fromTracker.white, ...own.white } as PlayerInfo,
    black: { ...fromTracker.black, ...own.black } as PlayerInfo,
    ...((own.result ?? fromTracker.result) ? { result: own.result ?? fromTracker.result } : {}),
  };
}

/** The position's title; a realtime one with its game clock as drawn now (it runs under Play). */
function boardTitleText(position: Position): string {
  const clock = position.setup.realtime?.clockMs;
  if (clock === undefined) return position.title ?? '';
  return `${position.title ?? 'Realtime chess'}, game clock ${(clock / 1000).toFixed(1)} s`;
}

/** The session of a new reading: its event table and the game controls. */
function drawSession(): void {
  const session = state.view.session;
  const game = session?.games[state.cursor.game];
  // A file of game records (PGN) has no protocol events to list: only its games.
  sessionSection.hidden = !session || (session.events.length === 0 && game?.record !== undefined);
  eventsBox.innerHTML = session ? renderEvents(session.events, state.eventsShown) : '';
  drawGameControls();
}

/** The controls of the game shown (drawn whole when the game changes; a step patches them). */
function drawGameControls(): void {
  const session = state.view.session;
  const game = session?.games[state.cursor.game];
  sessionControls.innerHTML =
    session && session.games.length
      ? renderGameControls(session.games, state.cursor, { chooser: session.games.length > LIST_GAMES_FROM })
      : '';
  // A game record's own fields (PGN's tags) follow the game chosen.
  if (game?.fields) fieldsBox.innerHTML = renderFieldTable(game.fields);
  drawMoveList();
  chooser.setCurrent(state.cursor.game);
  gameShare.hidden = !hasGameText();
}

// --- The game chooser and one game's export and link (issue 30).

/** The chooser's rows of the games read (from the worker for a large file, else summed up here on first need). */
let summaries: readonly GameSummary[] | undefined;
const chooserBox = document.createElement('div');
const gameShare = document.createElement('div');
gameShare.className = 'game-share';
gameShare.setAttribute('role', 'group');
gameShare.setAttribute('aria-label', 'This game');
gameShare.innerHTML =
  '<button type="button" data-game-share="download">Download PGN</button> <button type="button" data-game-share="copy">Copy PGN</button> <button type="button" data-game-share="link">Copy link to this game</button> <span class="game-share-status" role="status"></span>';
gameTools.append(chooserBox, gameShare);
// After a choice the arrow keys step through the game chosen: the focus goes to the steps.
const chooser = new GameChooser(chooserBox, (index) => void showGame(index).then(() => focusStep('next')));

function gameSummary(): GameSummary | undefined {
  // The rows are the text's: a live game is exported from its moves (its tracked game).
  if (isLiveShown()) return undefined;
  const games = state.view.session?.games ?? [];
  if (games.length === 0) return undefined;
  summaries ??= summariseGames(games, shownText ?? '');
  return summaries[state.cursor.game];
}

/** Whether the shown game can be exported: a game record's own text, or a tracked game of a capture. */
function hasGameText(): boolean {
  return gameSummary()?.source !== undefined || state.view.session?.games[state.cursor.game]?.tracked !== undefined;
}

/** The chooser (for more games than a menu holds) and the export of the game shown, after a new reading. */
function drawGameTools(): void {
  const games = state.view.session?.games ?? [];
  const listed = games.length > LIST_GAMES_FROM;
  chooserBox.hidden = !listed;
  if (listed) chooser.setGames(summaries ?? (summaries = summariseGames(games, shownText ?? '')), state.cursor.game);
  else chooserBox.innerHTML = '';
  gameShare.hidden = !hasGameText();
  gameTools.hidden = !listed && gameShare.hidden;
}

/** The shown game's own text (a game record's), and a link that opens it alone. */
async function onGameShare(event: Event): Promise<void> {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-game-share]');
  const text = gameText(
    shownText ?? '',
    state.view.session?.games[state.cursor.game],
    gameSummary(),
    state.adapter.name,
  );
  if (!button || !text) return;
  const status = gameShare.querySelector('.game-share-status');
  const name = `game-${state.cursor.game + 1}.pgn`;
  if (button.dataset.gameShare === 'download') {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'application/x-chess-pgn' }));
    link.download = name;
    link.click();
    window.setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    if (status) status.textContent = `Saved as ${name}.`;
    return;
  }
  if (button.dataset.gameShare === 'copy') {
    confirm(button, await copyText(`${text}\n`));
    return;
  }
  const { link, tooBig } = await shareLink({ input: text, format: 'pgn', flipped: flipBox.checked });
  if (tooBig) {
    if (status) status.textContent = 'This game is too long to share by link: download it instead.';
    return;
  }
  confirm(button, await copyText(`${location.origin}${location.pathname}${link}`));
}

// --- Stepping (issue 30): a step redraws what the position changes, and writes no history entry.

/** A step within the shown game: the board, the players and the controls' marks now; the position's panels after the frame; the URL once steps pause. */
function showStep(next?: GameCursor): void {
  const games = state.view.session?.games ?? [];
  let sameGame = true;
  if (next) {
    if (!games[next.game]) return;
    sameGame = next.game === state.cursor.game;
    state.cursor = next;
    treeNode = undefined;
  }
  const game = games[state.cursor.game];
  // The controls' marks, then the move list's (which knows variations and moves played).
  if (game && (!sameGame || !patchGameControls(sessionControls, game, state.cursor))) drawGameControls();
  else drawMoveList();
  drawBoard();
  schedulePositionPanels();
  scheduleUrl();
}

const detailsSection = conversionsBox.closest('section') ?? document.body;
let panelsFrame: number | undefined;

/**
 * The conversions and legal moves of a step are drawn once its board is painted (after the
 * next frame): every format written and every legal move in SAN would double a step's time.
 * `data-position="pending"` on their section says they are not drawn yet.
 */
function schedulePositionPanels(): void {
  if (panelsFrame !== undefined) return;
  detailsSection.dataset.position = 'pending';
  panelsFrame = requestAnimationFrame(() => {
    window.setTimeout(() => {
      if (panelsFrame !== undefined) drawPositionPanels();
    }, 0);
  });
}

/** Another game of the session: its controls and first position, and a history entry of its own. */
function showGame(index: number, ply = 0, mode: HistoryMode = 'push'): Promise<void> {
  if (pendingGames.has(index)) {
    // A large file's game is read when first shown (see pgn-lazy.ts).
    return loadGame(index).then((loaded) => (loaded ? showGame(index, ply, mode) : undefined));
  }
  state.cursor = clampCursor(index, ply);
  treeNode = undefined;
  drawGameControls();
  drawPosition();
  document.body.dataset.game = 'shown';
  void syncUrl(mode);
  return Promise.resolve();
}

/** The games of a lazily read text not read yet (their indexes). */
let pendingGames = new Set<number>();

/** Reads a game of a lazily read text in the worker; false when the page has moved on meanwhile. */
async function loadGame(index: number): Promise<boolean> {
  const view = state.view;
  document.body.dataset.game = 'loading';
  const loaded = await reader.game(index);
  const games = view.session?.games as SessionGame[] | undefined;
  if (state.view !== view || !loaded || !games) return false;
  games[index] = loaded.game;
  pendingGames.delete(index);
  if (loaded.errors.length) {
    (view.errors as InputError[]).push(...loaded.errors);
    errorsBox.innerHTML = renderErrors(inputText(), view.errors);
  }
  return true;
}

/** Everything that depends on the shown position: board, conversions, legal moves. */
function drawPosition(): void {
  drawBoard();
  drawPositionPanels();
}

/** The panels that depend on the shown position: its conversions and legal moves. */
function drawPositionPanels(): void {
  if (panelsFrame !== undefined) cancelAnimationFrame(panelsFrame);
  panelsFrame = undefined;
  delete detailsSection.dataset.position;
  const position = shownPosition();
  if (!position) {
    conversionsBox.innerHTML = '<p class="empty">Nothing read, nothing to convert.</p>';
    movesBox.innerHTML = '';
    state.shownConversions = [];
    state.moves = undefined;
    return;
  }
  state.shownConversions = conversions(
    position,
    state.adapter,
    adapters,
    state.view.session || treeNode ? undefined : inputText(),
  );
  conversionsBox.innerHTML = renderConversions(state.shownConversions);
  if (position.setup.realtime) {
    state.moves = undefined;
    movesBox.innerHTML = renderMovable(position.setup);
    return;
  }
  const illegal = illegalReasons(position.setup);
  if (illegal.length) {
    state.moves = undefined;
    movesBox.innerHTML = renderIllegal(illegal);
    return;
  }
  state.moves = sanMoves(position.setup);
  movesBox.innerHTML = renderMoves(state.moves, state.moves?.length === 0 ? gameEnd(position.setup) : undefined);
}

/** How a change of view goes into the browser's history: a new entry (Back returns), or none. */
type HistoryMode = 'push' | 'replace' | 'none';

/** What the page shows, as a URL records it. */
function currentUrlState(): UrlState {
  const chosen = formatSelect.value === AUTO ? undefined : formatSelect.value;
  return {
    input: inputText(),
    ...(chosen ? { format: chosen } : {}),
    flipped: flipBox.checked,
    ...(coordinatesBox.checked ? {} : { coordinates: false }),
    ...(state.view.session?.games.length ? { game: state.cursor.game, ply: state.cursor.ply } : {}),
  };
}

/** Texts at least this long are held out of the text box and out of history entries (issue 30). */
const HOLD_TEXT_FROM = 100_000;
/** Large inputs stay out of history entries: see history-entry.ts. */
const heldInputs = new HeldInputs(HOLD_TEXT_FROM);

/** Inputs longer than this cannot make a link of 100,000 characters, however well they compress: not compressed to find out. */
const NEVER_SHARED_FROM = 2_000_000;

let urlWrites = 0;
/** Steps write the URL once they pause this long: compressing a large input on every step was most of a step's time. */
const URL_AFTER_STEPS_MS = 500;
let urlTimer: number | undefined;

/** The URL and the history entry catch up with the steps once they pause (`data-url` is `pending` meanwhile). */
function scheduleUrl(): void {
  if (urlTimer !== undefined) window.clearTimeout(urlTimer);
  document.body.dataset.url = 'pending';
  urlTimer = window.setTimeout(() => {
    urlTimer = undefined;
    void syncUrl('replace');
  }, URL_AFTER_STEPS_MS);
}

/** The last input found too big for a link (and its compressed length): another game or ply of it is too big as well, so it is not compressed again. */
let tooBigInput: { input: string; length: number } | undefined;

/**
 * Writes the view into the URL (readable or compressed, see url-state.ts) and the history
 * entry (which holds the whole view, so Back restores even a capture too big for a link).
 */
async function syncUrl(mode: HistoryMode): Promise<void> {
  if (urlTimer !== undefined) window.clearTimeout(urlTimer);
  urlTimer = undefined;
  // A live game is no text a link could hold: its steps leave the URL as it was.
  if (mode === 'none' || isLiveShown()) return;
  const view = currentUrlState();
  const entry = heldInputs.entry(view, state.branch);
  // Push now, so a quick Back after a click finds the entry; the link follows when compressed.
  if (mode === 'push') history.pushState(entry, '', location.href);
  const write = ++urlWrites;
  document.body.dataset.url = 'pending';
  const { link, tooBig, length } =
    view.input === tooBigInput?.input
      ? { link: linkWithoutInput(view), tooBig: true, length: tooBigInput.length }
      : view.input.length >= NEVER_SHARED_FROM
        ? { link: linkWithoutInput(view), tooBig: true, length: 0 }
        : await shareLink(view);
  if (write !== urlWrites) return; // a later change wrote its own
  if (tooBig) tooBigInput = { input: view.input, length };
  // A server address given by a link (`?live=`) stays in the URL (Watch live, issue 30).
  history.replaceState(entry, '', `${location.pathname}${withLiveAddress(link, location.search)}`);
  shareStatus.textContent = !tooBig
    ? ''
    : length
      ? `Too big to share by link: the input takes ${length.toLocaleString('en')} characters in a link even compressed. Share the text itself.`
      : `Too big to share by link: the input is ${view.input.length.toLocaleString('en')} characters. Share the text itself, or one game of it.`;
  shareButton.disabled = tooBig;
  document.body.dataset.url = 'written';
}

// --- Large texts kept out of the text box (issue 30): laying out megabytes in a textarea is a
// task of seconds on the page's thread. A paste, a file or a link that long is held here and
// read from here; the box says so and shows the text on request.

let heldText: string | undefined;
const heldBox = document.createElement('p');
heldBox.className = 'held-text';
heldBox.hidden = true;
input.after(heldBox);

/** The text the page reads: the box's, or the large text held out of it. */
function inputText(): string {
  return heldText ?? input.value;
}

function setInputText(text: string): void {
  if (text.length < HOLD_TEXT_FROM) {
    dropHeldText();
    input.value = text;
    return;
  }
  heldText = text;
  input.value = '';
  const size = text.length >= 1e6 ? `${(text.length / 1e6).toFixed(1)} MB` : `${Math.round(text.length / 1e3)} KB`;
  heldBox.innerHTML = `A ${size} text (${text.length.toLocaleString('en')} characters) is read, kept out of the box so that the page stays quick. <button type="button" id="show-held-text">Show the text</button>`;
  heldBox.hidden = false;
  input.placeholder = `The ${size} text is held out of the box (see below); typing here replaces it.`;
}

function dropHeldText(): void {
  heldText = undefined;
  heldBox.hidden = true;
  heldBox.textContent = '';
  input.placeholder = '';
}

heldBox.addEventListener('click', (event) => {
  if (!(event.target as HTMLElement).closest('#show-held-text') || heldText === undefined) return;
  // Asked for: the box takes the text, however long it takes to lay out.
  const text = heldText;
  dropHeldText();
  input.value = text;
  input.focus();
});

/** Text at least this long is read once typing pauses, not on every keystroke (see the README's budget). */
const READ_AFTER_PAUSE_FROM = READ_IN_WORKER_FROM;
/** The pause: long enough to span the gap between keystrokes, short enough to feel immediate. */
const TYPING_PAUSE_MS = 200;
let pendingRead: number | undefined;

function onInput(event: Event): void {
  pastes++; // a large paste not yet handled is older than this change
  state.branch = undefined;
  dropHeldText();
  const kind = (event as InputEvent).inputType ?? '';
  // A paste or a drop is one change: read it now. Typing into a long text waits for a pause.
  if (inputText().length < READ_AFTER_PAUSE_FROM || kind.startsWith('insertFrom')) {
    void update();
    return;
  }
  if (pendingRead !== undefined) window.clearTimeout(pendingRead);
  document.body.dataset.read = 'pending';
  pendingRead = window.setTimeout(() => void update(), TYPING_PAUSE_MS);
}

interface UpdateOptions {
  readonly keepCursor?: boolean;
  readonly cursor?: { game?: number; ply?: number };
  readonly history?: HistoryMode;
  /** What the page did to a file before reading it (decompressed it), said under the box. */
  readonly note?: string;
}

/** Counts reads, so that a long read that ends after a newer one is dropped. */
let reads = 0;

/**
 * Reads the input and shows it. A short text is shown before this returns; a long one is read
 * in the worker and shown when the promise settles (the page stays usable meanwhile).
 */
function update(options: UpdateOptions = {}): Promise<void> {
  if (pendingRead !== undefined) window.clearTimeout(pendingRead);
  pendingRead = undefined;
  stopClock();
  state.realtime = undefined;
  let text = inputText();
  let status = options.note ?? '';
  if (text.length > MAX_INPUT_LENGTH) {
    // Said, not silent: what was cut is gone from the box, so the reader must know.
    status = `${status ? `${status} ` : ''}The text is longer than ${MAX_INPUT_LENGTH.toLocaleString('en')} characters: only the first ${MAX_INPUT_LENGTH.toLocaleString('en')} are read, the rest was cut.`;
    text = text.slice(0, MAX_INPUT_LENGTH);
    setInputText(text);
  }
  const unwrapped = unwrapInput(text);
  if (unwrapped) {
    text = unwrapped.text;
    setInputText(text);
    status = unwrapped.note;
  }
  inputStatus.textContent = status;
  const chosen =
    formatSelect.value === AUTO || !adapterByName(formatSelect.value, adapters) ? undefined : formatSelect.value;
  const read = ++reads;
  document.body.dataset.read = 'pending';
  const result = reader.read(text, chosen, options.cursor?.game);
  // Where the text is read (`worker` or `page`), for the end-to-end tests.
  document.body.dataset.reading = result instanceof Promise ? 'worker' : 'page';
  if (!(result instanceof Promise)) {
    show(text, result, options);
    return Promise.resolve();
  }
  inputStatus.textContent = `${status ? `${status} ` : ''}Reading ${text.length.toLocaleString('en')} characters...`;
  return result.then((done) => {
    if (read !== reads) return; // the text changed meanwhile: a newer read shows it
    inputStatus.textContent = status;
    show(text, done, options);
  });
}

/** The text (and the format menu's value) the page shows: Back to another game of it needs no new reading. */
let shownText: string | undefined;
let shownFormat: string | undefined;

/** Shows what reading `text` gave. */
function show(text: string, result: ReadResult, options: UpdateOptions): void {
  const detectedAdapter = adapterByName(result.detected, adapters) ?? (adapters[0] as FormatAdapter);
  state.adapter = adapterByName(result.adapter, adapters) ?? detectedAdapter;
  const picked = formatSelect.value !== AUTO && adapterByName(formatSelect.value, adapters) !== undefined;
  detected.textContent = picked
    ? `Reading as ${state.adapter.label}${detectedAdapter !== state.adapter ? ` (it looks like ${detectedAdapter.label})` : ''}`
    : `Detected: ${detectedAdapter.label}`;
  detected.dataset.format = state.adapter.name;
  const unrecognised = result.unrecognised;
  if (unrecognised) {
    detected.textContent = 'Not recognised: this text is in none of the formats the page reads';
    detected.dataset.format = 'unrecognised';
  }
  if (result.notARecord) {
    detected.textContent = `Detected: ${result.notARecord.label}, not a record`;
    detected.dataset.format = result.notARecord.kind;
    // No typo in a record: the last board read is not kept beside the advice.
    state.lastDrawn = undefined;
  }
  state.view = result.view;
  resetTrees(`${state.adapter.name}\n${text}`);
  // "Show more" holds for the text it was pressed on: a new text lists its first rows.
  if (text !== shownText) state.eventsShown = EVENT_ROWS_SHOWN;
  shownText = text;
  shownFormat = formatSelect.value;
  if (!options.keepCursor) state.cursor = { game: 0, ply: 0 };
  if (options.cursor) state.cursor = clampCursor(options.cursor.game ?? 0, options.cursor.ply ?? 0);
  errorsBox.innerHTML = unrecognised
    ? `<div class="unrecognised"><p><strong>Not recognised.</strong> ${escapeHtml(unrecognisedHint(text))}</p></div>`
    : renderErrors(text, state.view.errors);
  notesBox.innerHTML = renderNotes(state.view.notes);
  fieldsBox.innerHTML = renderFieldTable(state.view.fields);
  summaries = result.summaries;
  const games = state.view.session?.games ?? [];
  pendingGames = new Set(result.lazy ? games.flatMap((game, i) => (game.plies.length ? [] : [i])) : []);
  drawSession();
  drawGameTools();
  drawPosition();
  drawBranch();
  document.body.dataset.read = 'done';
  void syncUrl(options.history ?? 'replace');
}

/** A cursor inside the session's games (a link may name a game or ply the text lacks). */
function clampCursor(game: number, ply: number): GameCursor {
  const games = state.view.session?.games ?? [];
  const g = Math.min(Math.max(0, game), Math.max(0, games.length - 1));
  const plies = games[g]?.plies.length ?? 1;
  return { game: g, ply: Math.min(Math.max(0, ply), Math.max(0, plies - 1)) };
}

function drawBranch(): void {
  branchBox.hidden = !state.branch;
  branchBox.innerHTML = state.branch
    ? `<p>A move played from ${escapeHtml(state.branch.label)}. <button type="button" id="back-to-capture">Back to the capture</button></p>`
    : '';
}

/** Whether the page shows `view`'s text, read in its format, with nothing pending. */
function showsText(view: UrlState): boolean {
  const format = view.format && adapterByName(view.format, adapters) ? view.format : AUTO;
  return (
    // A live game on the board is not the text: going back to the text reads it again.
    !isLiveShown() &&
    view.input !== '' &&
    view.input === shownText &&
    view.input === inputText() &&
    format === shownFormat &&
    format === formatSelect.value &&
    document.body.dataset.read === 'done' &&
    state.played === undefined
  );
}

/** Shows a view a URL or a history entry describes. */
function applyView(view: UrlState, branch: HistoryEntry['branch'], mode: HistoryMode): Promise<void> {
  if (showsText(view)) {
    // Another game or position of the text shown (Back after choosing a game): no new reading.
    stopClock();
    state.realtime = undefined;
    flipBox.checked = view.flipped;
    coordinatesBox.checked = view.coordinates !== false;
    state.branch = branch;
    drawBranch();
    return showGame(view.game ?? 0, view.ply ?? 0, mode);
  }
  setInputText(view.input || (adapters[0] as FormatAdapter).example);
  formatSelect.value = view.format && adapterByName(view.format, adapters) ? view.format : AUTO;
  flipBox.checked = view.flipped;
  coordinatesBox.checked = view.coordinates !== false;
  state.branch = branch;
  return update({
    cursor: {
      ...(view.game !== undefined ? { game: view.game } : {}),
      ...(view.ply !== undefined ? { ply: view.ply } : {}),
    },
    history: mode,
  });
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission (plain http, some browsers), copy through a selection.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

function confirm(button: HTMLButtonElement, ok: boolean): void {
  const label = button.textContent;
  button.textContent = ok ? 'Copied' : 'Copy failed';
  window.setTimeout(() => {
    button.textContent = label;
  }, 1500);
}

function onConversionClick(event: Event): void {
  const target = (event.target as HTMLElement).closest('button');
  if (!target) return;
  const name = target.dataset.copy ?? target.dataset.open;
  const conversion = state.shownConversions.find((c) => c.name === name);
  if (!conversion) return;
  if (target.dataset.copy) {
    void copyText(conversion.text).then((ok) => confirm(target, ok));
  } else {
    setInputText(conversion.text);
    formatSelect.value = conversion.name;
    state.branch = undefined;
    void update({ history: 'push' });
    input.focus();
  }
}

function onMoveClick(event: Event): void {
  const target = (event.target as HTMLElement).closest<HTMLButtonElement>('button.move');
  const position = shownPosition();
  const chosen = state.moves?.[Number(target?.dataset.move)];
  if (!target || !position || !chosen) return;
  const next: Position = { setup: play(position.setup, chosen.move), lastMove: chosen.move };
  // A move from a position of a capture branches off: the capture is kept for the way back.
  // (From a live game's position the way back is the panel's "Show the latest position".)
  const games = state.view.session?.games;
  if (isLiveShown()) state.branch = undefined;
  else if (games?.length) {
    const game = games[state.cursor.game];
    state.branch = { from: currentUrlState(), label: `${game?.title ?? 'the capture'}, position ${state.cursor.ply}` };
  }
  // Write the new position in the format being read (a FEN from a live game's position), or
  // the first format that can hold it.
  const first = (isLiveShown() ? adapterByName('fen', adapters) : undefined) ?? state.adapter;
  const writers = [first, ...adapters.filter((a) => a !== first)];
  for (const adapter of writers) {
    const text = adapter.write?.(next);
    if (text === undefined) continue;
    setInputText(text);
    state.played = { text, move: chosen.move };
    if (adapter !== state.adapter || isLiveShown()) formatSelect.value = AUTO;
    void update({ history: 'push' });
    movesBox.querySelector<HTMLButtonElement>('button.move')?.focus();
    return;
  }
}

function onSessionClick(event: Event): void {
  // The moves themselves are the move list's (onMoveListClick); here, the step buttons.
  const target = (event.target as HTMLElement).closest<HTMLButtonElement>('button.step');
  if (!target || !state.view.session?.games.length) return;
  const step = target.dataset.step as Step;
  // Through the tree: Next goes on in the variation shown, as the arrow keys do.
  if (stepTo(step)) showStep();
  focusStep(step);
}

/** An event row of a game's position (FICS, ICC) shows that game at that position. */
function onEventJump(event: Event): boolean {
  const jump = (event.target as HTMLElement).closest<HTMLButtonElement>('button.event-jump');
  const games = state.view.session?.games;
  if (!jump || !games) return false;
  const index = games.findIndex((game) => game.id === jump.dataset.jumpGame);
  if (index < 0) return false;
  const ply = Number(jump.dataset.jumpPly);
  if (index === state.cursor.game) showStep(clampCursor(index, ply));
  else void showGame(index, ply);
  return true;
}

/** After a step the controls are redrawn: focus the same button, or (at an end, where it is disabled) the way back. */
function focusStep(step: Step): void {
  const back: Readonly<Record<Step, Step>> = { first: 'next', previous: 'next', next: 'previous', last: 'previous' };
  const button = (name: Step): HTMLButtonElement | null =>
    sessionControls.querySelector<HTMLButtonElement>(`button[data-step="${name}"]:not(:disabled)`);
  (button(step) ?? button(back[step]) ?? sessionControls.querySelector<HTMLElement>('#game-select'))?.focus();
}

const STEP_KEYS: Readonly<Record<string, Step>> = {
  ArrowLeft: 'previous',
  ArrowRight: 'next',
  Home: 'first',
  End: 'last',
};

/** Arrow keys, Home and End step through the shown game, unless the focus is in a form field. */
function onStepKey(event: KeyboardEvent): void {
  const step = STEP_KEYS[event.key];
  const games = state.view.session?.games;
  // A single position steps too once moves were played on its board.
  const steps = Boolean(games?.length) || (currentTree()?.root.children.length ?? 0) > 0;
  if (!step || !steps || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if ((event.target as HTMLElement).closest('textarea, input, select, [contenteditable]')) return;
  event.preventDefault();
  const hadFocus = sessionControls.contains(document.activeElement);
  if (!stepTo(step)) return;
  showStep();
  if (hadFocus) focusStep(step);
}

function onGameChange(event: Event): void {
  const select = event.target as HTMLSelectElement;
  if (select.id !== 'game-select') return;
  // The arrow keys step through the game chosen, not through the menu: the focus goes to the steps.
  void showGame(Number(select.value)).then(() => focusStep('next'));
}

/** With no legal move: whether the side to move is in check (checkmate) or not (stalemate). */
function gameEnd(setup: Setup): { turn: 'white' | 'black'; inCheck: boolean } | undefined {
  try {
    return { turn: setup.turn, inCheck: isCheck(setup) };
  } catch {
    return undefined; // a setup the rules cannot judge (no king): say only that no move is legal
  }
}

/** Realtime chess has no turns: the pieces that may move now, by board-core's `movableAt`. */
function renderMovable(setup: Setup): string {
  const squares = movableAt(setup).map((square) => squareName(setup.board.geometry, square));
  return `<p class="empty" data-movable="${squares.join(' ')}">Realtime positions have no turns: every piece that is not in flight or cooling down may move (${squares.length} now).</p>`;
}

/** Runs the realtime clocks: pieces in flight advance, cooldowns count down. */
function togglePlay(): void {
  if (state.timer !== undefined) {
    stopClock();
    return;
  }
  const position = shownPosition();
  if (!position) return;
  state.realtime = position.setup;
  const tick = 100;
  state.timer = window.setInterval(() => {
    if (!state.realtime) return;
    state.realtime = advanceRealtime(state.realtime, tick);
    drawPosition();
    if (!hasRealtime(state.realtime)) stopClock();
  }, tick);
  playButton.textContent = 'Pause';
  playButton.setAttribute('aria-pressed', 'true');
}

/** Reads a file (opened, dropped or pasted) as a paste of its text; an image or a file without text is said so, the box kept. */
async function openFile(file: File): Promise<void> {
  document.body.dataset.read = 'pending';
  const read = await readFileText(file, file.name || 'The file', MAX_INPUT_LENGTH);
  if (!read.ok) {
    inputStatus.textContent = read.message;
    document.body.dataset.read = 'done';
    return;
  }
  setInputText(read.text);
  formatSelect.value = AUTO; // a new file: detect its format
  state.branch = undefined;
  await update({ history: 'push', ...(read.note ? { note: read.note } : {}) });
}

function hasFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/** A file dropped anywhere on the page is read; dropped text still goes into the box by itself. */
function onDrop(event: DragEvent): void {
  const file = event.dataTransfer?.files[0];
  if (!file) return;
  event.preventDefault();
  void openFile(file);
}

/** Large pastes so far: one handled after another came is dropped. */
let pastes = 0;

/** A pasted image (a screenshot) comes as a file without text: say what it is rather than nothing. */
function onPaste(event: ClipboardEvent): void {
  const data = event.clipboardData;
  const pasted = data?.getData('text/plain') ?? '';
  if (pasted.length >= HOLD_TEXT_FROM) {
    // A large paste goes to the reader, not into the box: the box would freeze the page for seconds.
    event.preventDefault();
    // Reading megabytes off the clipboard is the browser's work, a task of its own (100 ms and
    // more for 5 MB): the page's own work follows in the next task rather than lengthen it.
    document.body.dataset.read = 'pending';
    const paste = ++pastes;
    window.setTimeout(() => {
      if (paste !== pastes) return; // pasted again meanwhile
      setInputText(pasted);
      formatSelect.value = AUTO;
      state.branch = undefined;
      void update({ history: 'push' });
    }, 0);
    return;
  }
  const file = data?.files[0];
  if (!data || !file || data.getData('text/plain') !== '') return;
  event.preventDefault();
  void openFile(file);
}

/* ---- The board you use (issue 30): moves on the board, the game as a tree, the move list ---- */

/** Moves chosen on the board (click, drag, keyboard) extend the shown game. */
const boardInput = new BoardInput(boardBox, { onMove: onBoardMove });
/** The game tree of each game of the view (by game index; -1 for a single position), kept while the text is. */
const trees = new Map<number, GameTree>();
/**
 * The shown node when the cursor's ply does not name it: in a variation, past the record's
 * last move, or a move played from a single position. Undefined: the cursor's main-line ply.
 */
let treeNode: TreeNode | undefined;

/** The text (and format) the trees were built for. */
let treesOf = '';

/**
 * A new read shows the main line. The moves played stay while the text is the same (Back or
 * Forward to another position of the same game keeps them); another text starts again.
 */
function resetTrees(read: string): void {
  if (read !== treesOf) trees.clear();
  treesOf = read;
  treeNode = undefined;
}

/** The shown game's tree: a PGN game's with its variations, a tracked game's line, or a single position's. */
function currentTree(): GameTree | undefined {
  const games = state.view.session?.games ?? [];
  const key = games.length ? state.cursor.game : -1;
  const known = trees.get(key);
  if (known) return known;
  let tree: GameTree | undefined;
  const game = games[state.cursor.game];
  if (game) {
    const start = game.plies[0]?.position.setup;
    tree =
      game.pgnRoot && start
        ? treeFromPgn(start, game.pgnRoot, {
            ...(game.record ? { result: game.record.result } : {}),
            ...(game.error ? { error: game.error } : {}),
          })
        : treeFromPlies(
            game.plies.map((ply) => ({
              setup: ply.position.setup,
              ...(ply.position.lastMove ? { move: ply.position.lastMove } : {}),
              ...(ply.san ? { san: ply.san } : {}),
              ...(ply.position.clocks ? { clocks: ply.position.clocks } : {}),
            })),
          );
  } else if (!games.length) {
    const position = state.view.positions[0];
    if (position && !position.setup.realtime) tree = treeFromSetup(position.setup);
  }
  if (tree) trees.set(key, tree);
  return tree;
}

/** The node shown: `treeNode`, else the main line's node at the cursor's ply. */
function currentNode(): TreeNode | undefined {
  const tree = currentTree();
  if (!tree) return undefined;
  return treeNode && tree.nodes[treeNode.id] === treeNode ? treeNode : mainLineNode(tree, state.cursor.ply);
}

/** The position of `treeNode`, made from the tree (the record's positions hold the main line only). */
function treePosition(): Position | undefined {
  const tree = currentTree();
  if (!treeNode || !tree || tree.nodes[treeNode.id] !== treeNode || treeNode === tree.root) return undefined;
  const games = state.view.session?.games ?? [];
  const base = games.length ? games[state.cursor.game]?.plies[0]?.position : state.view.positions[0];
  const clocks = clocksAt(treeNode);
  return {
    setup: treeNode.setup,
    ...(treeNode.move ? { lastMove: treeNode.move } : {}),
    ...(base?.title === undefined ? {} : { title: base.title }),
    ...(base?.game ? { game: base.game } : {}),
    ...(clocks ? { clocks } : {}),
  };
}

/** Shows `node`: a main-line position of the record by the cursor (so links and steps name it), any other by `treeNode`. */
function goToNode(node: TreeNode): void {
  const game = state.view.session?.games[state.cursor.game];
  if (game && isMainLine(node) && node.ply < game.plies.length && !node.played) {
    treeNode = undefined;
    state.cursor = clampCursor(state.cursor.game, node.ply);
  } else treeNode = node;
}

/** A step through the tree (the line the shown move is on); false when there is nowhere to go. */
function stepTo(step: Step): boolean {
  const tree = currentTree();
  const node = currentNode();
  if (!tree || !node) return false;
  const next = stepNode(tree, node, step);
  if (next === node) return false;
  goToNode(next);
  return true;
}

/** The position the board takes moves in: none for realtime chess (no turns), an illegal position or a running clock. */
function boardMovesFrom(position: Position): Setup | undefined {
  if (position.setup.realtime || state.timer !== undefined || !currentTree()) return undefined;
  return illegalReasons(position.setup).length ? undefined : position.setup;
}

/** A move made on the board: the next move of the line is stepped to; any other becomes a variation there. */
function onBoardMove(move: Move): void {
  const tree = currentTree();
  const node = currentNode();
  if (!tree || !node) return;
  const { node: next } = playMove(tree, node, move, play(node.setup, move));
  goToNode(next);
  showStep();
}

/** The tree the move list was last written for, and its size then. */
let listDrawn: { tree: GameTree | undefined; size: number; first: ChildNode | null } = {
  tree: undefined,
  size: 0,
  first: null,
};

/** The move list beside the board: the tree's moves, the shown one marked and kept in view. */
function drawMoveList(): void {
  const tree = currentTree();
  const node = currentNode();
  const shown = Boolean(tree && node && (state.view.session?.games.length || tree.root.children.length));
  moveList.hidden = !shown;
  if (!tree || !node || !shown) {
    moveList.innerHTML = '';
    return;
  }
  // A step moves the mark only: the list is written again when the tree grew or another is shown.
  if (listDrawn.tree === tree && listDrawn.size === tree.nodes.length && listDrawn.first === moveList.firstChild) {
    moveList.querySelector('[aria-current]')?.removeAttribute('aria-current');
    moveList.querySelector(`[data-node="${node.id}"]`)?.setAttribute('aria-current', 'step');
    moveList.querySelector('.in-variation')?.toggleAttribute('hidden', isMainLine(node));
  } else {
    moveList.innerHTML = renderMoveList(tree, node);
    listDrawn = { tree, size: tree.nodes.length, first: moveList.firstChild };
  }
  const current = moveList.querySelector<HTMLElement>('[aria-current]');
  if (current) keepInView(moveList, current);
  // At the last move of a broken game, its error (after the moves) comes into view too.
  const error = moveList.querySelector<HTMLElement>('.game-error');
  if (error && !node.children.length && isMainLine(node)) keepInView(moveList, error);
  if (!state.view.session?.games.length) return;
  // The step controls follow the tree: Next goes on in a variation, and past the record's end into moves played there.
  for (const button of sessionControls.querySelectorAll<HTMLButtonElement>('button.step')) {
    const forward = button.dataset.step === 'next' || button.dataset.step === 'last';
    button.disabled = forward ? node.children.length === 0 : node === tree.root;
  }
  if (!treeNode) return;
  const { number, white } = moveNumber(tree, node);
  const where = sessionControls.querySelector('.ply');
  if (where)
    where.innerHTML = `${node.played ? 'A move played here' : 'In a variation'}, after <strong class="san">${escapeHtml(`${number}${white ? '.' : '...'} ${node.san}`)}</strong>`;
}

function onMoveListClick(event: Event): void {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-node]');
  const node = currentTree()?.nodes[Number(button?.dataset.node)];
  if (!button || !node) return;
  goToNode(node);
  showStep();
  moveList.querySelector<HTMLButtonElement>(`button[data-node="${node.id}"]`)?.focus();
}

/** `f` flips the board, unless the focus is in a form field. */
function onFlipKey(event: KeyboardEvent): void {
  if (event.key !== 'f' || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
  if ((event.target as HTMLElement).closest('textarea, input, select, [contenteditable]')) return;
  event.preventDefault();
  flipBox.click();
}

async function start(): Promise<void> {
  fillFormatMenu();
  const fromUrl = (await readCompressedState(location.hash)) ?? readUrlState(location.search);
  input.addEventListener('input', onInput);
  eventsBox.addEventListener('click', (event) => {
    if (onEventJump(event)) return;
    const more = (event.target as HTMLElement).closest<HTMLButtonElement>('#show-more-events');
    const events = state.view.session?.events;
    if (!more || !events) return;
    state.eventsShown = Number(more.dataset.shown) + EVENT_ROWS_SHOWN * 4;
    eventsBox.innerHTML = renderEvents(events, state.eventsShown);
    // Focus stays on the control, or on the table once everything is listed.
    (
      eventsBox.querySelector<HTMLElement>('#show-more-events') ?? eventsBox.querySelector<HTMLElement>('table')
    )?.focus();
  });
  formatSelect.addEventListener('change', () => void update({ history: 'push' }));
  // Flipping turns the board (and the players beside it): nothing to read again.
  flipBox.addEventListener('change', () => {
    drawBoard();
    void syncUrl('push');
  });
  coordinatesBox.addEventListener('change', () => {
    drawBoard();
    void syncUrl('push');
  });
  playButton.addEventListener('click', togglePlay);
  editButton.addEventListener('click', openEditor);
  shareButton.addEventListener('click', () => {
    const live = isLiveShown();
    void shareLink(live ? livePositionState() : currentUrlState()).then(({ link }) =>
      copyText(`${location.origin}${location.pathname}${link}`).then((ok) => {
        confirm(shareButton, ok);
        if (live && ok) shareStatus.textContent = LIVE_LINK_NOTE;
      }),
    );
  });
  branchBox.addEventListener('click', (event) => {
    if (!(event.target as HTMLElement).closest('#back-to-capture') || !state.branch) return;
    void applyView(state.branch.from, undefined, 'push').then(() =>
      sessionControls.querySelector<HTMLButtonElement>('button.step:not(:disabled), #game-select')?.focus(),
    );
  });
  document.addEventListener('keydown', onStepKey);
  document.addEventListener('keydown', onFlipKey);
  moveList.addEventListener('click', onMoveListClick);
  window.addEventListener('popstate', (event) => {
    const entry = event.state as HistoryEntry | null;
    if (entry?.view) {
      const restored = heldInputs.restore(entry);
      if (restored) void applyView(restored.view, restored.branch, 'none');
      else
        inputStatus.textContent =
          'This view held a large text the page no longer has (it was reloaded): open or paste it again.';
      return;
    }
    void readCompressedState(location.hash).then((view) =>
      applyView(view ?? readUrlState(location.search), undefined, 'none'),
    );
  });
  conversionsBox.addEventListener('click', onConversionClick);
  movesBox.addEventListener('click', onMoveClick);
  sessionControls.addEventListener('click', onSessionClick);
  sessionControls.addEventListener('change', onGameChange);
  gameShare.addEventListener('click', (event) => void onGameShare(event));
  // Dropping a file anywhere on the page opens it (the browser would otherwise navigate to it).
  document.addEventListener('dragover', (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  });
  document.addEventListener('drop', onDrop);
  // While a file is dragged over the page, the page shows it takes the drop anywhere.
  let dragDepth = 0;
  document.addEventListener('dragenter', (event) => {
    if (!hasFiles(event)) return;
    dragDepth++;
    document.body.dataset.drop = 'ready';
  });
  const endDrag = (event: DragEvent): void => {
    if (event.type === 'dragleave' && --dragDepth > 0) return;
    dragDepth = 0;
    delete document.body.dataset.drop;
  };
  document.addEventListener('dragleave', endDrag);
  document.addEventListener('drop', endDrag);
  input.addEventListener('paste', onPaste);
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file) void openFile(file);
    fileInput.value = ''; // the same file again is a change too
  });
  await applyView(fromUrl, undefined, 'replace');
  window.chessFormatsDemo = {
    adapters,
    register(adapter) {
      const index = adapters.findIndex((a) => a.name === adapter.name);
      if (index >= 0) adapters[index] = adapter;
      else adapters.push(adapter);
      fillFormatMenu();
      void update();
    },
  };
  document.body.dataset.ready = 'true';
}

/**
 * What the page offers scripts (`window.chessFormatsDemo`): the adapters it reads with, and a
 * way to add one at run time, to try an adapter before it is built in (the end-to-end tests
 * use it for the session and realtime views).
 */
export interface DemoApi {
  readonly adapters: readonly FormatAdapter[];
  register(adapter: FormatAdapter): void;
}

declare global {
  interface Window {
    chessFormatsDemo?: DemoApi;
  }
}

// Watch live (issue 30): the game the live panel observes is shown as a capture's tracked game
// is (the same board, players, clocks, steps and moves), from a view of its own that a read of
// the text replaces. The panel loads the FICS client only when it connects.
let liveView: FormatView | undefined;
function isLiveShown(): boolean {
  return liveView !== undefined && state.view === liveView;
}

/** What Copy link shares while a live game is shown: the position on the board, as a FEN (no link holds a live game). */
function livePositionState(): UrlState {
  const position = shownPosition();
  const fen = position ? adapterByName('fen', adapters)?.write?.(position) : undefined;
  return {
    input: fen ?? '',
    format: 'fen',
    flipped: flipBox.checked,
    ...(coordinatesBox.checked ? {} : { coordinates: false }),
  };
}
const LIVE_LINK_NOTE = 'Copied a link to the position on the board, as a FEN: no link holds a live game.';
mountLivePanel(
  element('live'),
  {
    show(game, follow) {
      const last = game.plies.length - 1;
      const notes = [`${game.title}: from the server (Watch live), not from the text box.`];
      liveView = { positions: [], fields: [], errors: [], notes, session: { events: [], games: [game] } };
      state.view = liveView;
      // Each new ply is a new game for the move list's tree (rebuilt from the plies: a takeback or a
      // `moves` listing may change what came before).
      resetTrees(`live\n${game.title ?? ''}\n${String(game.plies.length)}`);
      state.played = undefined;
      state.branch = undefined;
      stopClock();
      state.realtime = undefined;
      state.cursor = { game: 0, ply: follow ? last : Math.min(state.cursor.ply, last) };
      errorsBox.innerHTML = '';
      // Copy link shares the board's position now, whatever the text's size.
      shareButton.disabled = false;
      if (shareStatus.textContent !== LIVE_LINK_NOTE) shareStatus.textContent = '';
      notesBox.innerHTML = renderNotes(notes);
      fieldsBox.innerHTML = renderFieldTable([]);
      drawSession();
      // The live game's own export (its moves as PGN), not the text's game list.
      drawGameTools();
      drawPosition();
      drawBranch();
    },
    shown: isLiveShown,
    atLatest: () => state.cursor.ply >= (liveView?.session?.games[0]?.plies.length ?? 0) - 1,
  },
  location.search,
);

void start();
