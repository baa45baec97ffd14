import type { TrackedGame, TrackedGameEvent } from '@chess-formats/board-core';
import type { FicsClient, FicsClientEvent, FicsCommandReply } from '@chess-formats/client';
import type { SessionGame } from '../formats/adapter.js';
import { escapeHtml } from '../html.js';
import { formatClock } from '../view/session.js';
import {
  FICS_WEBSOCKET,
  LiveGame,
  checkServerAddress,
  listedGameText,
  liveAddressFromUrl,
  liveTitle,
  runningClocks,
  stopText,
  type ListedGame,
} from './live-game.js';

/**
 * The "Watch live" panel: connects to FICS over a WebSocket with timeseal 2 (the client of
 * `@chess-formats/client`, loaded only when Connect is pressed), lists the server's games,
 * observes one and hands the page the whole game to show each time it changes. The page shows
 * it as it shows a capture's tracked game (`LiveHost`); the panel only keeps the clocks running
 * between moves on the board's clock lines.
 */

/** What the page offers the panel. */
export interface LiveHost {
  /** Shows the game as the page shows a capture's tracked game; `follow`: at its latest position. */
  show(game: SessionGame, follow: boolean): void;
  /** Whether the board shows the live game now (no text read since). */
  shown(): boolean;
  /** Whether the board shows the live game's latest position (the clocks run only there). */
  atLatest(): boolean;
}

/** The most games of the server's list drawn (FICS has a few hundred at a busy hour). */
const LISTED_GAMES = 100;
/** How often the running clock is redrawn: its tenths change at this pace. */
const TICK_MS = 100;
/** Reconnections in a row before the panel gives up (the client waits 1 s, 2 s, 4 s ... between them). */
const RETRIES = 5;

type GamesRowEvent = Extract<FicsCommandReply['events'][number], { kind: 'games-row' }>;

const MARKUP = `<h2 id="live-heading">Watch live</h2>
<p class="hint">Follow a game on FICS as it is played. A browser reaches the server over a WebSocket: FICS's gateway (<code>${FICS_WEBSOCKET}</code>) or a relay of your own.</p>
<label for="live-server">Server (WebSocket address)</label>
<input type="text" id="live-server" inputmode="url" spellcheck="false" autocomplete="off" autocapitalize="off" />
<div class="controls">
  <button type="button" id="live-connect">Connect as guest</button>
  <button type="button" id="live-disconnect" disabled>Disconnect</button>
  <button type="button" id="live-refresh" disabled>List games</button>
</div>
<p id="live-status" class="notice" role="status">Not connected.</p>
<div id="live-watch"><p id="live-watch-status" role="status"></p><div class="controls" id="live-watch-controls" hidden><button type="button" id="live-show">Show the latest position</button> <button type="button" id="live-unobserve">Stop watching</button></div></div>
<div id="live-games"></div>`;

/** Mounts the panel into `root` (an empty element); `search` is the page's query (`?live=` fills the address). */
export function mountLivePanel(root: HTMLElement, host: LiveHost, search: string): void {
  root.innerHTML = MARKUP;
  const find = <T extends HTMLElement>(id: string): T => root.querySelector<T>(`#${id}`) as T;
  const address = find<HTMLInputElement>('live-server');
  const connectButton = find<HTMLButtonElement>('live-connect');
  const disconnectButton = find<HTMLButtonElement>('live-disconnect');
  const refreshButton = find<HTMLButtonElement>('live-refresh');
  const status = find('live-status');
  const watchStatus = find('live-watch-status');
  const watchControls = find('live-watch-controls');
  const gamesBox = find('live-games');
  address.value = liveAddressFromUrl(search) ?? FICS_WEBSOCKET;

  let client: FicsClient | undefined;
  /** The game observed, by the server's number. */
  let watching: number | undefined;
  /** Until the observed game's first board is drawn, it is drawn whatever the page shows. */
  let firstShow = false;
  let view = new LiveGame();
  let latest: { game: TrackedGame; session: SessionGame; at: number } | undefined;
  let timer: number | undefined;
  /** Why the last connection ended, said again while the client waits to try again. */
  let lastDrop = '';

  const setStatus = (text: string): void => {
    status.textContent = text;
  };
  const connected = (on: boolean): void => {
    connectButton.disabled = on;
    disconnectButton.disabled = !on;
    address.disabled = on;
  };

  function stopTicking(): void {
    if (timer !== undefined) window.clearInterval(timer);
    timer = undefined;
  }

  /** The running clock, redrawn where the board shows it (the players' lines and the step controls). */
  function tick(): void {
    if (!latest || !host.shown()) {
      stopTicking(); // the page shows something else: nothing to redraw until the game is shown again
      return;
    }
    if (!host.atLatest()) return;
    const last = latest.session.plies.at(-1)?.position.clocks ?? {};
    const clocks = runningClocks(last, latest.game.running, performance.now() - latest.at);
    for (const color of ['white', 'black'] as const) {
      const ms = clocks[color];
      if (ms === undefined) continue;
      const text = formatClock(ms);
      for (const shown of document.querySelectorAll(
        `[data-player-clock="${color}"], #session-controls [data-clock="${color}"]`,
      )) {
        // Only the clock's own text: a low clock's "(low)" beside it stays.
        const node = shown.firstChild;
        if (node?.nodeType === Node.TEXT_NODE) {
          if (node.nodeValue !== text) node.nodeValue = text;
        } else shown.prepend(text);
      }
    }
  }

  function startTicking(): void {
    const game = latest?.game;
    if (timer !== undefined || !game || game.result !== undefined || game.running === undefined) return;
    timer = window.setInterval(tick, TICK_MS);
  }

  function describe(game: TrackedGame): string {
    const plies = game.moves.length;
    if (game.result !== undefined)
      return `${liveTitle(game)}: game over, ${game.result}${game.reason ? ` (${game.reason})` : ''}.`;
    return `Watching ${liveTitle(game)}, ${plies} ${plies === 1 ? 'move' : 'moves'} so far.`;
  }

  /** Draws a change of the observed game at once (the board follows within a frame of the server's message). */
  function follow(event: TrackedGameEvent): void {
    const game = event.game;
    const session = view.update(game);
    latest = { game, session, at: performance.now() };
    if (game.result !== undefined) stopTicking();
    if (firstShow || host.shown()) {
      host.show(session, firstShow || host.atLatest());
      firstShow = false;
      tick();
      startTicking();
    }
    watchStatus.textContent = describe(game);
  }

  function onEvent(event: FicsClientEvent): void {
    switch (event.kind) {
      case 'connected':
        setStatus(`Connected to ${address.value.trim()}; logging in as a guest...`);
        return;
      case 'logged-in':
        setStatus(`Logged in as ${event.name}.`);
        refreshButton.disabled = false;
        void listGames();
        return;
      case 'disconnected':
        lastDrop = event.error.message;
        setStatus(`Disconnected: ${lastDrop}`);
        refreshButton.disabled = true;
        return;
      case 'reconnecting':
        setStatus(
          `Disconnected: ${lastDrop}. Trying again in ${Math.round(event.delayMs / 1000)} s (attempt ${event.attempt} of ${RETRIES}); Disconnect stops trying.`,
        );
        return;
      case 'stopped':
        setStatus(stopText(event.stop));
        client = undefined;
        stopTicking();
        connected(false);
        refreshButton.disabled = true;
        if (watching !== undefined && latest) watchStatus.textContent = `${describe(latest.game)} Not followed now.`;
        watching = undefined;
        watchControls.hidden = true;
        return;
      case 'game':
        if (event.event.game.gameNumber === watching) follow(event.event);
        return;
      default:
        return;
    }
  }

  async function connect(): Promise<void> {
    const checked = checkServerAddress(address.value, location.protocol);
    if (!checked.ok) {
      setStatus(checked.message);
      address.focus();
      return;
    }
    connected(true);
    setStatus(`Connecting to ${checked.url}...`);
    let library: typeof import('./live-client.js');
    try {
      // The client is loaded only now: a page that never watches live never fetches it.
      library = await import('./live-client.js');
    } catch (error) {
      connected(false);
      setStatus(`The page could not load its FICS client: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // The client's own backoff paces the retries (1 s doubling to 30 s, five times): the server is never hammered.
    client = library.createFicsClient({
      transport: library.webSocketTransport(checked.url, { timeoutMs: 15_000 }),
      retries: RETRIES,
      onEvent,
    });
  }

  async function listGames(): Promise<void> {
    const asked = client;
    if (!asked) return;
    gamesBox.innerHTML = '<p class="empty">Asking for the games in progress...</p>';
    const reply = await asked.command('games');
    if (asked !== client) return;
    if (!reply.ok) {
      gamesBox.innerHTML = `<p class="empty">The list of games did not come: ${escapeHtml(reply.error.message)}</p>`;
      return;
    }
    const rows: ListedGame[] = reply.value.events
      .filter((e): e is GamesRowEvent => e.kind === 'games-row')
      .map((e) => e.row);
    if (rows.length === 0) {
      gamesBox.innerHTML = '<p class="empty">No games in progress.</p>';
      return;
    }
    const items = rows
      .slice(0, LISTED_GAMES)
      .map(
        (row) =>
          `<li><button type="button" class="live-game" data-game="${row.gameNumber}"><span class="num">${row.gameNumber}</span> ${escapeHtml(listedGameText(row))}</button></li>`,
      )
      .join('');
    const more = rows.length > LISTED_GAMES ? ` (the first ${LISTED_GAMES} listed)` : '';
    gamesBox.innerHTML = `<h3 id="live-games-heading">${rows.length} ${rows.length === 1 ? 'game' : 'games'} in progress${more}: choose one to watch</h3><ul class="live-games" aria-labelledby="live-games-heading">${items}</ul>`;
  }

  async function observe(gameNumber: number): Promise<void> {
    const asked = client;
    if (!asked) return;
    if (watching !== undefined && watching !== gameNumber) void asked.unobserve(watching);
    stopTicking();
    watching = gameNumber;
    view = new LiveGame();
    latest = undefined;
    firstShow = true;
    watchStatus.textContent = `Observing game ${gameNumber}...`;
    watchControls.hidden = false;
    const reply = await asked.observe(gameNumber);
    if (watching !== gameNumber) return;
    if (!reply.ok) {
      watchStatus.textContent = `Game ${gameNumber} could not be observed: ${reply.error.message}`;
      watching = undefined;
      watchControls.hidden = true;
      return;
    }
    // A game that is over or never was: the server says so in words, and no board comes.
    if (!asked.game(gameNumber) && !latest) {
      watchStatus.textContent = `Game ${gameNumber}: ${reply.value.lines.find((l) => l.trim() !== '') ?? 'no board came'}`;
      watching = undefined;
      watchControls.hidden = true;
    }
  }

  connectButton.addEventListener('click', () => void connect());
  disconnectButton.addEventListener('click', () => {
    setStatus('Disconnecting...');
    client?.close();
  });
  refreshButton.addEventListener('click', () => void listGames());
  gamesBox.addEventListener('click', (event) => {
    const chosen = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-game]');
    if (chosen) void observe(Number(chosen.dataset.game));
  });
  // Back to the game after reading a text, or after stepping back through its moves.
  root.querySelector('#live-show')?.addEventListener('click', () => {
    if (!latest) return;
    host.show(latest.session, true);
    tick();
    startTicking();
  });
  root.querySelector('#live-unobserve')?.addEventListener('click', () => {
    if (watching !== undefined) void client?.unobserve(watching);
    if (latest) watchStatus.textContent = `${describe(latest.game)} Not followed now.`;
    watching = undefined;
    stopTicking();
    watchControls.hidden = true;
  });
}
