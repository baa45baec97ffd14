import type { TrackedGame } from '@chess-formats/board-core';
import {
  IVARS,
  createFicsReader,
  createOfferBook,
  createSeekBook,
  createTimesealPingFilter,
  encodeTimeseal,
  movesTableGame,
  timesealHello,
  timesealPingReply,
  writeFicsEvent,
  type FicsEvent,
  type Ivar,
  type MovesTable,
  type Offer,
  type Seek,
  type TimesealPingFilter,
} from '@chess-formats/fics';
import { createStyle12Tracker, type Style12TrackerEvent } from '@chess-formats/style12';
import {
  type ClientResult,
  type ClientOptions,
  type ClientStop,
  type CommandReply,
  type ConnectionEvent,
  type EventsDropped,
  type GameEvent,
  type ServerClient,
} from './client.js';
import type { AbortSignalLike, Connection } from './connection.js';
import { createEventHub } from './event-hub.js';
import { hangUp, lifecycleSettings, loginTimedOut, startLifecycle, type SessionEnd } from './lifecycle.js';
import { LoginMachine, settingsCommands, type LoginAction } from './login.js';
import { clientError, latin1 } from './shared.js';

/**
 * What the FICS client reports, in the order the server's bytes gave it: the life of the
 * connection, the changes of the games it follows (with their whole history once the `moves`
 * table has come), every event of the session reader (`createFicsReader`: boards, seeks,
 * offers, notices, block frames) as `fics`, and, to an `events()` iterator that fell behind,
 * how many events it missed.
 */
export type FicsClientEvent =
  | ConnectionEvent
  | GameEvent
  | { readonly kind: 'fics'; readonly event: FicsEvent }
  | EventsDropped;

/** Options of `createFicsClient`. */
export interface FicsClientOptions extends ClientOptions<FicsClientEvent> {
  /**
   * Timeseal, the lag compensation of FICS (default 2, as zseal and the web client speak it on
   * port 5000 and over WebSocket; 1 is openseal's; `false` sends plain lines, for a server or
   * a relay that does not read timeseal).
   */
  readonly timeseal?: 1 | 2 | false;
  /** The clock timeseal stamps each line with, in milliseconds (default `Date.now`; tests fix it). */
  readonly clock?: () => number;
}

/** A FICS command's reply: its text lines, the reader's events of its frame, and the server's code for the command. */
export interface FicsCommandReply extends CommandReply {
  /** The session reader's events of the reply's frame, in order (boards, the `moves` table, notices). */
  readonly events: readonly FicsEvent[];
  /** The server's block code for the command (80 observe, 77 moves; see the fics package's notes). */
  readonly code: number;
}

/** What `FicsClient.command` resolves with. */
export type FicsCommandResult = ClientResult<FicsCommandReply>;

/** What `FicsClient.moves` resolves with: the game's `moves` table, read whole. */
export type FicsMovesResult = ClientResult<MovesTable>;

/** The FICS client, made by `createFicsClient`. Every method is safe to call at any time and never throws. */
export interface FicsClient extends ServerClient<FicsClientEvent, Seek, Offer> {
  /** Sends a command in block mode and resolves with its reply, matched by the block's identifier. */
  command(text: string): Promise<FicsCommandResult>;
  observe(target: number | string): Promise<FicsCommandResult>;
  unobserve(target: number | string): Promise<FicsCommandResult>;
  /** Follows a player (`follow`); an empty name stops following. */
  follow(name: string): Promise<FicsCommandResult>;
  /** Asks for a game's `moves` table; a followed game's history is completed from it. */
  moves(gameNumber: number): Promise<FicsMovesResult>;
  /**
   * The seeks on offer (`iset seekinfo 1`), oldest first; emptied on each new connection. Their
   * changes come as the reader's `seek`, `seek-remove`, `seek-ads-removed` and `seek-clear` inside `fics` events.
   */
  seeks(): Seek[];
  /**
   * The offers pending (`iset pendinfo 1`), oldest first, each with its `direction`; emptied on
   * each new connection. Their changes come as the reader's `offer` and `offer-remove` inside `fics` events.
   */
  offers(): Offer[];
}

/**
 * The interface variables set on the login line (fics-wire notes 2.3): a fixed prompt, the
 * start board in move lists, block mode, `<g1>` game facts, offers, seeks and their removals,
 * millisecond clocks, no wrapping. Not `lock`, so that a user may still `iset` what they need.
 */
const LOGIN_IVARS: readonly Ivar[] = [
  'seekremove',
  'defprompt',
  'startpos',
  'block',
  'gameinfo',
  'pendinfo',
  'seekinfo',
  'ms',
  'nowrap',
];

/** `%b` and one bit a variable, up to the last one set (nowrap, bit 31: the 32 bits FatICS asks for). */
export function ficsLoginIvars(ivars: readonly Ivar[] = LOGIN_IVARS): string {
  const on = new Set(ivars);
  let last = -1;
  IVARS.forEach((name, bit) => {
    if (on.has(name)) last = bit;
  });
  return `%b${IVARS.slice(0, last + 1)
    .map((name) => (on.has(name) ? '1' : '0'))
    .join('')}`;
}

/** Block identifiers cycle through 1-99, skipping those still waiting, so a reply is never matched to the wrong command. */
const MAX_BLOCK_ID = 99;
/** Commands waiting for the login beyond this many are refused rather than kept. */
const MAX_WAITING = 256;
/** A reply's lines and events beyond this many are not kept (a `games` list of a busy server stays far below). */
const MAX_REPLY_ITEMS = 20_000;
/** How much of the output the login reads (prompts come without line ends). */
const TAIL_LENGTH = 1024;
/** Block codes from 512 on are the server's refusals (bad command, bad parameters ...). */
const FIRST_ERROR_CODE = 512;
/** The end of a Ctrl-free line: a command must be one line. */
const LINE_BREAK = /[\n\r]/;

interface Waiting {
  readonly text: string;
  readonly resolve: (result: FicsCommandResult) => void;
  cancel: () => void;
  sent: boolean;
  id: number;
  code: number;
  readonly lines: string[];
  readonly events: FicsEvent[];
}

/** One connection's state, while it lasts. */
interface Session {
  readonly connection: Connection;
  loggedIn: boolean;
  sendLine(line: string): void;
  readonly pending: Map<number, Waiting>;
  /** Identifiers of commands that timed out: kept from reuse until their late reply comes, so it is never taken for another's. */
  readonly stale: Set<number>;
  nextId: number;
}

/**
 * A FICS client over any transport: logs in (a guest, or a handle with its password sent only
 * at the password prompt) with the interface variables on the login line, speaks timeseal,
 * sends each command in block mode and matches its reply, keeps the seek and offer books, and
 * follows the games it observes with their whole history (it asks for `moves N` when it joins
 * a game in the middle). After a drop it reconnects with backoff and observes again what it
 * observed; a fault that another try cannot mend (a refused password) stops it with `failed`.
 * Never throws on any server input.
 *
 * Memory is bounded: the reader by its longest line and move list, the books and the tracker by
 * their entries, a command's reply by MAX_REPLY_ITEMS, and each `events()` iterator by
 * `maxQueuedEvents` (a slow reader misses the oldest events and is told how many).
 *
 * @example
 * ```ts
 * import { createFicsClient, createFicsStandIn } from '@chess-formats/client';
 * const standIn = createFicsStandIn(); // in memory; tcpTransport from '@chess-formats/client/node' for a server
 * const client = createFicsClient({ transport: standIn.transport });
 * const reply = await client.command('frobnicate');
 * console.log(reply.ok || reply.error.code); // → command-failed
 * client.close();
 * console.log((await client.stopped).kind); // → closed
 * ```
 */
export function createFicsClient(options: FicsClientOptions): FicsClient {
  const opts: Partial<FicsClientOptions> = typeof options === 'object' && options !== null ? options : {};
  const settings = lifecycleSettings(opts);
  const { timers, loginTimeoutMs, commandTimeoutMs } = settings;
  const hub = createEventHub<FicsClientEvent>(opts.onEvent, opts.maxQueuedEvents);
  const version = opts.timeseal === undefined ? 2 : opts.timeseal;
  const clock = typeof opts.clock === 'function' ? opts.clock : () => Date.now();
  const credentials = opts.credentials ?? { kind: 'guest' as const };

  const tracker = createStyle12Tracker();
  const seeks = createSeekBook();
  const offers = createOfferBook();
  /** Games whose `moves` table was asked for on this connection. */
  const asked = new Set<number>();
  /** What to observe again after a reconnection, as the user named it. */
  const observed = new Set<string>();
  let followed: string | undefined;
  const queue: Waiting[] = [];
  let session: Session | undefined;
  let name: string | undefined;

  const emit = hub.emit;

  const onTracker = (event: Style12TrackerEvent): void => {
    if (event.kind === 'holdings' || event.kind === 'error') return;
    emit({ kind: 'game', event });
    // The server gives a number to another game once this one is over.
    if (event.kind === 'game-left') asked.delete(event.game.gameNumber);
    if (event.kind === 'game-started') {
      const { game } = event;
      const joined = game.initial.fullmoves > 1 || game.initial.turn === 'black';
      if (game.relation === 'observing' && joined && game.moves.length === 0 && !asked.has(game.gameNumber)) {
        asked.add(game.gameNumber);
        void moves(game.gameNumber);
      }
    }
  };

  /**
   * A `moves` table of a game the client follows becomes its history: the tracker adopts the
   * whole game and keeps the boards seen since the table was sent (a `position` event).
   */
  const adoptTable = (table: MovesTable): void => {
    if (tracker.game(table.gameNumber) === undefined) return;
    const game = movesTableGame(table);
    if (game.ok) tracker.adopt(game.value, onTracker);
  };

  const settle = (waiting: Waiting, result: FicsCommandResult): void => {
    waiting.cancel();
    const index = queue.indexOf(waiting);
    if (index >= 0) queue.splice(index, 1);
    if (session?.pending.get(waiting.id) === waiting) {
      session.pending.delete(waiting.id);
      if (!result.ok && result.error.code === 'command-timeout') session.stale.add(waiting.id);
    }
    waiting.resolve(result);
    // An identifier came free: a command that waited for one goes out.
    if (queue.length > 0) flushQueue();
  };

  const dispatch = (current: Session, waiting: Waiting): boolean => {
    for (let tries = 0; tries < MAX_BLOCK_ID; tries++) {
      const id = current.nextId;
      current.nextId = (current.nextId % MAX_BLOCK_ID) + 1;
      if (current.pending.has(id) || current.stale.has(id)) continue;
      waiting.id = id;
      waiting.sent = true;
      current.pending.set(id, waiting);
      current.sendLine(`${String(id)} ${waiting.text}`);
      return true;
    }
    return false;
  };

  const flushQueue = (): void => {
    const current = session;
    if (current === undefined || !current.loggedIn) return;
    while (queue.length > 0) {
      const next = queue[0] as Waiting;
      if (!dispatch(current, next)) return;
      queue.shift();
    }
  };

  const command = (text: string): Promise<FicsCommandResult> =>
    new Promise((resolve) => {
      if (life.isDone()) {
        resolve({ ok: false, error: clientError('closed', 'the client is closed') });
        return;
      }
      if (typeof text !== 'string' || LINE_BREAK.test(text)) {
        resolve({ ok: false, error: clientError('command-failed', 'a command is one line of text') });
        return;
      }
      if (queue.length >= MAX_WAITING) {
        resolve({
          ok: false,
          error: clientError('command-failed', `more than ${String(MAX_WAITING)} commands wait; try again later`),
        });
        return;
      }
      const waiting: Waiting = {
        text,
        resolve,
        cancel: () => undefined,
        sent: false,
        id: 0,
        code: 0,
        lines: [],
        events: [],
      };
      waiting.cancel = timers.start(commandTimeoutMs, () =>
        settle(waiting, {
          ok: false,
          error: waiting.sent
            ? clientError('command-timeout', `no reply to '${text}' within ${String(commandTimeoutMs / 1000)} s`)
            : clientError(
                'not-connected',
                `not logged in within ${String(commandTimeoutMs / 1000)} s to send '${text}'`,
              ),
        }),
      );
      queue.push(waiting);
      flushQueue();
    });

  const moves = async (gameNumber: number): Promise<FicsMovesResult> => {
    if (!Number.isSafeInteger(gameNumber) || gameNumber < 0)
      return { ok: false, error: clientError('command-failed', `${String(gameNumber)} is not a game number`) };
    const reply = await command(`moves ${String(gameNumber)}`);
    if (!reply.ok) return reply;
    for (const event of reply.value.events)
      if (event.kind === 'moves' && event.table.gameNumber === gameNumber) return { ok: true, value: event.table };
    const why = reply.value.lines.join(' ').trim();
    return {
      ok: false,
      error: clientError('command-failed', `no move list of game ${String(gameNumber)}${why === '' ? '' : `: ${why}`}`),
    };
  };

  /** One event of the session reader: to the books, the tracker, the command it answers, and out. */
  const onFics = (event: FicsEvent): void => {
    seeks.apply(event);
    offers.apply(event);
    emit({ kind: 'fics', event });
    // The tracker reads boards, holdings, text, and the reader's typed notices by their line.
    if (event.kind !== 'error') tracker.push(event, onTracker);
    if (event.kind === 'moves') adoptTable(event.table);
    const current = session;
    if (current === undefined) return;
    if (event.kind === 'unit-start') return;
    const block = 'block' in event ? event.block : undefined;
    if (block === undefined) return;
    const waiting = current.pending.get(block.id);
    if (waiting === undefined) {
      if (event.kind === 'unit-end' && current.stale.delete(block.id)) flushQueue();
      return;
    }
    waiting.code = block.command;
    if (event.kind === 'unit-end') {
      const lines = waiting.lines;
      if (block.command >= FIRST_ERROR_CODE)
        settle(waiting, {
          ok: false,
          error: clientError(
            'command-failed',
            `the server refused '${waiting.text}' (code ${String(block.command)})${lines.length > 0 ? `: ${lines.join(' ')}` : ''}`,
          ),
        });
      else
        settle(waiting, {
          ok: true,
          value: { command: waiting.text, lines, events: waiting.events, code: block.command },
        });
      return;
    }
    if (waiting.events.length < MAX_REPLY_ITEMS) waiting.events.push(event);
    if (waiting.lines.length >= MAX_REPLY_ITEMS) return;
    if (event.kind === 'text') waiting.lines.push(event.text);
    else if (event.kind === 'moves') waiting.lines.push(...writeFicsEvent(event).split('\n'));
    else if (event.kind !== 'board' && event.kind !== 'holdings' && 'line' in event) waiting.lines.push(event.line);
  };

  /** One connection, from the login to its end: FICS's protocol (the lifecycle opens and reopens it). */
  const runSession = async (connection: Connection, attempt: number, signal: AbortSignalLike): Promise<SessionEnd> => {
    seeks.clear();
    offers.clear();
    asked.clear();
    emit({ kind: 'connected', attempt });

    const reader = createFicsReader({ joinContinuations: false });
    const pings: TimesealPingFilter | undefined = version === false ? undefined : createTimesealPingFilter(version);
    const sendLine = (line: string): void => {
      connection.write(version === false ? `${line}\n` : encodeTimeseal(line, clock()));
    };
    const current: Session = { connection, loggedIn: false, sendLine, pending: new Map(), stale: new Set(), nextId: 1 };
    session = current;
    let end: SessionEnd | undefined;
    // The reading stops when the connection ends, even on a transport whose close leaves its iteration hanging.
    let stopReading: () => void = () => undefined;
    const readingStopped = new Promise<undefined>((resolve) => {
      stopReading = () => resolve(undefined);
    });
    const finish = (result: SessionEnd, farewell: boolean): void => {
      if (end !== undefined) return;
      end = result;
      stopReading();
      cancelLogin();
      if (farewell && current.loggedIn) {
        // In block mode every command carries an identifier, `quit` too.
        let id = current.nextId;
        while (current.pending.has(id) && current.pending.size < MAX_BLOCK_ID) id = (id % MAX_BLOCK_ID) + 1;
        const line = `${String(id)} quit`;
        const quit = version === false ? `${line}\n` : latin1(encodeTimeseal(line, clock()));
        hangUp(connection, quit);
      } else hangUp(connection);
    };
    const cancelLogin = timers.start(loginTimeoutMs, () => finish(loginTimedOut(loginTimeoutMs), false));
    const onStop = (): void => finish({ kind: 'closed' }, true);
    signal.addEventListener('abort', onStop, { once: true });
    // A listener may have closed the client on `connected`.
    if (signal.aborted) onStop();

    if (version !== false) connection.write(timesealHello(version, clock()));
    // The interface variables go first, on a line of their own before the handle, as Jin sends them.
    sendLine(ficsLoginIvars());
    const login = new LoginMachine('fics', credentials);
    let tail = '';
    let handleSent = false;
    let sparePrompt = true;

    const apply = (action: LoginAction): void => {
      if (action.kind === 'wait') return;
      tail = '';
      if (action.kind === 'send') {
        handleSent = true;
        sendLine(action.line);
        return;
      }
      if (action.kind === 'failed') {
        finish(
          { kind: 'ended', error: clientError('login-failed', action.message), retry: action.retry, loggedIn: false },
          false,
        );
        return;
      }
      cancelLogin();
      current.loggedIn = true;
      name = action.name;
      emit({ kind: 'logged-in', server: 'fics', name: action.name });
      // The settings and the observations of before a drop go first, then what waited for the login.
      const earlier = queue.splice(0);
      for (const setting of settingsCommands('fics')) void command(setting);
      for (const target of observed) void command(`observe ${target}`);
      if (followed !== undefined) void command(`follow ${followed}`);
      queue.push(...earlier);
      flushQueue();
    };

    const onText = (text: string): void => {
      if (!current.loggedIn) {
        // Control bytes out, line ends kept: the login machine reads prompts at the end of the text.
        tail = (tail + text.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')).slice(-TAIL_LENGTH);
        // A server may answer the `%b` line with a prompt of its own: one bare prompt after the
        // handle is that one, not a refusal (a refusal says why before it asks again).
        if (handleSent && sparePrompt && tail.trim() === 'login:') {
          sparePrompt = false;
          tail = '';
        } else apply(login.onText(tail));
      }
      if (end === undefined) reader.push(text, onFics);
    };

    let iterator: AsyncIterator<Uint8Array> | undefined;
    try {
      iterator = connection.chunks[Symbol.asyncIterator]();
      while (end === undefined) {
        const next = await Promise.race([iterator.next(), readingStopped]);
        if (next === undefined || next.done === true || end !== undefined) break;
        const chunk = next.value;
        const raw = typeof (chunk as unknown) === 'string' ? (chunk as unknown as string) : latin1(chunk);
        if (pings === undefined) onText(raw);
        else {
          const filtered = pings.push(raw);
          for (let k = 0; k < filtered.pings; k++) connection.write(timesealPingReply(clock()));
          onText(filtered.text);
        }
      }
    } catch {
      // A reset or a destroyed socket ends the iteration with an error: a drop like any other.
    } finally {
      signal.removeEventListener('abort', onStop);
      cancelLogin();
      // Lets the transport release what the iteration holds; its own errors are not ours.
      void Promise.resolve()
        .then(() => iterator?.return?.())
        .catch(() => undefined);
    }
    if (end === undefined) {
      reader.end(onFics);
      hangUp(connection);
    }
    session = undefined;
    name = undefined;
    const result: SessionEnd = end ?? {
      kind: 'ended',
      error: clientError('dropped', 'the server closed the connection'),
      retry: true,
      loggedIn: current.loggedIn,
    };
    // Commands sent on this connection lost their replies; those not sent yet wait for the next.
    for (const waiting of [...current.pending.values()])
      settle(
        waiting,
        result.kind === 'closed'
          ? { ok: false, error: clientError('closed', `the client was closed before the reply to '${waiting.text}'`) }
          : { ok: false, error: clientError('dropped', `the connection ended before the reply to '${waiting.text}'`) },
      );
    return result;
  };

  const life = startLifecycle({
    options: opts,
    settings,
    emit,
    session: runSession,
    onStop: (why: ClientStop) => {
      const error = why.kind === 'closed' ? clientError('closed', 'the client is closed') : why.error;
      for (const waiting of [...queue]) settle(waiting, { ok: false, error });
    },
  });
  const games = (): TrackedGame[] => tracker.games();

  const client: FicsClient = {
    stopped: life.stopped,
    command,
    observe: async (target) => {
      const text = String(target).trim();
      const reply = await command(`observe ${text}`);
      if (reply.ok) observed.add(text);
      return reply;
    },
    unobserve: async (target) => {
      const text = String(target).trim();
      observed.delete(text);
      for (const game of tracker.games())
        if (String(game.gameNumber) === text || game.white.name === text || game.black.name === text)
          observed.delete(String(game.gameNumber));
      return command(`unobserve ${text}`);
    },
    follow: async (who) => {
      const text = String(who).trim();
      const reply = await command(text === '' ? 'follow' : `follow ${text}`);
      if (reply.ok) followed = text === '' ? undefined : text;
      return reply;
    },
    moves,
    games,
    game: (gameNumber) => tracker.game(gameNumber),
    close: life.close,
    events: hub.events,
    seeks: () => seeks.seeks(),
    offers: () => offers.offers(),
    user: () => name,
  };
  return client;
}
