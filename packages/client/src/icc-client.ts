import type { TrackedGame, TrackedGameEvent } from '@chess-formats/board-core';
import { CONTROL_Y } from '@chess-formats/board-core/internal';
import {
  createIccDecoder,
  createIccTracker,
  level1Value,
  taggedCommand,
  type Datagram,
  type DatagramName,
  type IccDecoder,
  type IccError,
  type IccEvent,
  type IccGameFacts,
  type IccTracker,
  type IccTrackerEvent,
  type IccTrackerError,
} from '@chess-formats/icc-dg';
import { IccBooks, type IccBookChange, type IccOffer, type IccSeek } from './icc-books.js';
import {
  type ClientResult,
  type ClientOptions,
  type CommandReply,
  type ConnectionEvent,
  type EventsDropped,
  type GameEvent,
  type ServerClient,
} from './client.js';
import type { AbortSignalLike, Connection } from './connection.js';
import { createEventHub } from './event-hub.js';
import { hangUp, lifecycleSettings, loginTimedOut, startLifecycle, type SessionEnd } from './lifecycle.js';
import { clientError, fault, latin1 } from './shared.js';
import { ICC_DATAGRAMS, iccLoginLines, LoginMachine, settingsCommands, type LoginAction } from './login.js';

export type { IccBookChange, IccOffer, IccSeek, IccSeekRemoval } from './icc-books.js';

/**
 * The DGs the ICC client asks for on the login line: `connect`'s (who I am, the login failure,
 * the life of observed games with moves in algebraic and Smith notation and millisecond clocks)
 * plus the start of my own games, the clock after each move (kept with the move), DG_SET_CLOCK,
 * the challenges (DG_MATCH, DG_MATCH_REMOVED) and DG_SET2 (the server's acknowledgement of a
 * `set-2`, which keeps the decoder's settings true). The seek DGs are turned on after the login
 * with `set-2`, as the spec advises for a DG that sends this much.
 */
export const ICC_CLIENT_DATAGRAMS: readonly DatagramName[] = Object.freeze([
  ...ICC_DATAGRAMS,
  'DG_MY_GAME_STARTED',
  'DG_MOVE_CLOCK',
  'DG_SET_CLOCK',
  'DG_MATCH',
  'DG_MATCH_REMOVED',
  'DG_SET2',
]);

/** `level1=5`: units, and the backquote tag of each command echoed in its unit's header. */
export const ICC_CLIENT_LEVEL1 = level1Value({ units: true, tags: true });

/** Options of `createIccClient`. */
export interface IccClientOptions extends ClientOptions<IccClientEvent> {
  /** The DGs asked for on the login line (default `ICC_CLIENT_DATAGRAMS`). */
  readonly datagrams?: readonly DatagramName[];
  /** Keep the seek book: DG_SEEK and DG_SEEK_REMOVED turned on after each login (default true). */
  readonly seeks?: boolean;
  /** The most games followed at once; the one updated longest ago leaves beyond it (default 64). */
  readonly maxGames?: number;
}

/** Where a datagram or a line of text came: the outermost level 1 unit around it. */
export interface IccUnit {
  /** The command number (formats2.txt, appendix: 137 is CN_OBSERVE, 2 SCN_MOVE). */
  readonly command: number;
  /** Who issued the command. */
  readonly player: string;
  /** The backquote tag, when the command had one. */
  readonly tag?: string;
}

/** The reply to one command on ICC: its unit's text lines, and the datagrams inside it. */
export interface IccCommandReply extends CommandReply {
  /** The number ICC gives the command in its unit header. */
  readonly commandNumber: number;
  /** The datagrams inside the unit (each also came as a `datagram` event). */
  readonly datagrams: readonly Datagram[];
  /** True when the reply had more lines or datagrams than are kept (10 000 each). */
  readonly truncated: boolean;
}

/** A command's reply on ICC, or why there is none. */
export type IccCommandResult = ClientResult<IccCommandReply>;

/**
 * Everything the ICC client reports, in the order the server's bytes gave it:
 * - the connection's life (`connected`, `logged-in`, `disconnected`, `reconnecting`, `stopped`);
 *   `connected.attempt` counts every connection the client made, 1 for the first;
 * - `game`: a followed game changed (board-core's tracked-game events), and
 *   `position-complete`: a game's position and both its clocks are known (see icc-dg's tracker);
 * - `datagram`: every datagram, inside a unit or not (`unit` says which);
 * - `text`: text that is not the reply to one of our commands (notices, tells): a line, or the
 *   text before a datagram, its line end taken off;
 * - the books' changes: `seek`, `seek-removed`, `offer`, `offer-removed`;
 * - `problem`: server output the decoder or the tracker could not read (the client goes on);
 * - `overflow`: the server's output buffer overflowed and it discarded output (formats2.txt,
 *   appendix on sizes): the client empties the books and asks the server for them again;
 * - `events-dropped`: only from an `events()` iterator that fell behind: how many events it skipped.
 */
export type IccClientEvent =
  | ConnectionEvent
  | GameEvent
  | { readonly kind: 'position-complete'; readonly game: TrackedGame }
  | { readonly kind: 'datagram'; readonly datagram: Datagram; readonly unit?: IccUnit }
  | { readonly kind: 'text'; readonly text: string; readonly unit?: IccUnit }
  | IccBookChange
  | { readonly kind: 'problem'; readonly error: IccError | IccTrackerError }
  | { readonly kind: 'overflow' }
  | EventsDropped;

/** The ICC client: the shared client, its ICC replies, the books and ICC's facts of each game. */
export interface IccClient extends ServerClient<IccClientEvent, IccSeek, IccOffer> {
  command(text: string): Promise<IccCommandResult>;
  /**
   * Observes a game (a number) or a player's game (a name). `command-failed`, with the server's
   * words, when its reply holds no DG_STARTED_OBSERVING: no such game, or one observed already.
   */
  observe(target: number | string): Promise<IccCommandResult>;
  unobserve(target: number | string): Promise<IccCommandResult>;
  follow(name: string): Promise<IccCommandResult>;
  /** The seek ads now on the server (DG_SEEK), oldest first; empty while disconnected. */
  seeks(): IccSeek[];
  /** The challenges to and from us now pending (DG_MATCH), oldest first; empty while disconnected. */
  offers(): IccOffer[];
  /** ICC's own facts of a followed game: rating type, wild number, move texts, result code. */
  facts(gameNumber: number): IccGameFacts | undefined;
}

/** The most lines, and the most datagrams, kept of one reply. */
const MAX_REPLY_ITEMS = 10_000;
/** How much of the output's end the login reads (its prompts come without a line end). */
const TAIL_LENGTH = 1024;
/** ICC's escape, which with the next character opens and closes units and datagrams. */
const ESCAPE = String.fromCharCode(CONTROL_Y);

/** Text that says `observe` or `follow` could not be done (ICC's words). */
const REFUSED =
  /no such game|not playing|not logged in|ambiguous|no one|no player|not a registered|cannot|can't|isn't/i;

/** A command waiting for its unit. */
interface Pending {
  readonly command: string;
  readonly settle: (result: IccCommandResult) => void;
  readonly lines: string[];
  readonly datagrams: Datagram[];
  partial: string;
  truncated: boolean;
  commandNumber: number;
}

/**
 * The end of the output as plain text, for the login machine: datagrams (whole or begun) and
 * control bytes taken out, so that a prompt is read however the stream is split, and the text
 * of a DG_LOGIN_FAILED is not read twice.
 */
function plainTail(raw: string): string {
  const open = raw.lastIndexOf(`${ESCAPE}(`);
  const cut = open !== -1 && raw.indexOf(`${ESCAPE})`, open) === -1 ? raw.slice(0, open) : raw;
  // Control bytes other than the line feed are dropped, as the CLI's output tail does.
  // Unit headers and the other delimiter pairs go too: a prompt right before a `^Y]` still ends the text.
  return cut
    .replace(/\x19\([^\x19]*\x19\)/g, '')
    .replace(/\x19\[[^\n]*\n/g, '')
    .replace(/\x19[\]<>{}]/g, '')
    .replace(/[\x00-\x09\x0b-\x1f\x7f]/g, '');
}

/** The end of a chunk as text, as much as the login reads. */
function tailText(chunk: Uint8Array | string): string {
  return typeof chunk === 'string' ? chunk.slice(-TAIL_LENGTH) : latin1(chunk.subarray(-TAIL_LENGTH));
}

/** Writes to a connection; false when the transport threw (its fault must not become ours). */
function write(connection: Connection, text: string): boolean {
  try {
    connection.write(text);
    return true;
  } catch {
    return false;
  }
}

/** The commands and rules of one connection. */
interface Session {
  readonly connection: Connection;
  loggedIn: boolean;
  name: string | undefined;
  end: SessionEnd | undefined;
  readonly pending: Map<string, Pending>;
  finish(end: SessionEnd, farewell?: boolean): void;
}

/**
 * A client of the Internet Chess Club over any transport: logs in (a guest or a registered
 * name), asks for level 1 units with tags and the DGs it reads, matches each command to its unit,
 * keeps the games it observes (their whole history: DG_POSITION_BEGIN and the moves after it
 * come on `observe`, so a game joined mid-way has all its moves), the seek and offer books, and
 * reconnects after a drop with backoff, observing and following again what it did. Never throws;
 * faults are values and events.
 */
export function createIccClient(options: IccClientOptions): IccClient {
  const opts: Partial<IccClientOptions> = typeof options === 'object' && options !== null ? options : {};
  const settings = lifecycleSettings(opts);
  const { timers, loginTimeoutMs, commandTimeoutMs } = settings;
  const hub = createEventHub<IccClientEvent>(opts.onEvent, opts.maxQueuedEvents);
  const datagrams = opts.datagrams ?? ICC_CLIENT_DATAGRAMS;
  const credentials = opts.credentials ?? { kind: 'guest' };
  const loginLines = iccLoginLines(ICC_CLIENT_LEVEL1, datagrams);
  const afterLogin = [...settingsCommands('icc'), ...(opts.seeks === false ? [] : ['set-2 50 1', 'set-2 51 1'])];

  const tracker: IccTracker = createIccTracker(opts.maxGames === undefined ? {} : { maxGames: opts.maxGames });
  const books = new IccBooks();
  /** Games we observe (re-observed after a reconnection) and players we follow. */
  const observed = new Set<number>();
  const followed = new Map<string, string>();
  let current: Session | undefined;
  let tagSeq = 0;

  const emit = hub.emit;

  const onTracker = (change: IccTrackerEvent): void => {
    if (change.kind === 'error') emit({ kind: 'problem', error: change.error });
    else if (change.kind === 'position-complete') emit({ kind: 'position-complete', game: change.game });
    else {
      if (change.kind === 'game-started' && change.game.relation === 'observing') observed.add(change.game.gameNumber);
      if (change.kind === 'game-left') observed.delete(change.game.gameNumber);
      emit({ kind: 'game', event: change as TrackedGameEvent });
    }
  };

  /** Sends a command with a fresh tag and waits for its unit (or the timeout, or the end of the connection). */
  const send = (session: Session, text: string): Promise<IccCommandResult> =>
    new Promise((resolve) => {
      const tag = `c${String(++tagSeq)}`;
      let cancel = (): void => undefined;
      const settle = (result: IccCommandResult): void => {
        if (!session.pending.delete(tag)) return;
        cancel();
        resolve(result);
      };
      session.pending.set(tag, {
        command: text,
        settle,
        lines: [],
        datagrams: [],
        partial: '',
        truncated: false,
        commandNumber: -1,
      });
      cancel = timers.start(commandTimeoutMs, () =>
        settle(fault('command-timeout', `no reply to '${text}' within ${String(commandTimeoutMs / 1000)} s`)),
      );
      if (!write(session.connection, `${taggedCommand(tag, text)}\n`))
        settle(fault('dropped', `the connection refused '${text}'`));
    });

  const command = (text: string): Promise<IccCommandResult> => {
    if (life.isDone()) return Promise.resolve(fault('closed', 'the client was closed'));
    if (typeof text !== 'string' || /[\r\n]/.test(text) || text.trim() === '')
      return Promise.resolve(fault('command-failed', 'a command is one line of text, not empty'));
    const session = current;
    if (session === undefined || !session.loggedIn || session.end !== undefined)
      return Promise.resolve(fault('not-connected', `not logged in to ICC now: '${text}' was not sent`));
    return send(session, text.trim());
  };

  /** `observe`, `unobserve`, `follow`: a target is a game number or a one-word name. */
  const targetOf = (target: unknown): string | undefined =>
    typeof target === 'number'
      ? Number.isSafeInteger(target) && target >= 0
        ? String(target)
        : undefined
      : typeof target === 'string' && /^[^\s`]{1,64}$/.test(target)
        ? target
        : undefined;

  const refused = (verb: string, target: string, result: IccCommandResult): IccCommandResult => {
    if (!result.ok) return result;
    const said = result.value.lines.find((line) => line.trim() !== '')?.trim() ?? 'no answer';
    return fault('command-failed', `cannot ${verb} ${target}: ${said}`);
  };

  const observe = async (target: number | string): Promise<IccCommandResult> => {
    const what = targetOf(target);
    if (what === undefined)
      return fault('command-failed', `observe takes a game number or a name, got ${JSON.stringify(target)}`);
    const result = await command(`observe ${what}`);
    if (!result.ok) return result;
    const started = result.value.datagrams.some((dg) => dg.name === 'DG_STARTED_OBSERVING');
    return started ? result : refused('observe', what, result);
  };

  const unobserve = async (target: number | string): Promise<IccCommandResult> => {
    const what = targetOf(target);
    if (what === undefined)
      return fault('command-failed', `unobserve takes a game number or a name, got ${JSON.stringify(target)}`);
    if (typeof target === 'number') observed.delete(target);
    const result = await command(`unobserve ${what}`);
    if (result.ok && REFUSED.test(result.value.lines.join('\n'))) return refused('unobserve', what, result);
    return result;
  };

  const follow = async (name: string): Promise<IccCommandResult> => {
    const who = targetOf(name);
    if (who === undefined || typeof name !== 'string')
      return fault('command-failed', `follow takes a player's name, got ${JSON.stringify(name)}`);
    const result = await command(`follow ${who}`);
    if (!result.ok) return result;
    if (REFUSED.test(result.value.lines.join('\n'))) return refused('follow', who, result);
    followed.set(who.toLowerCase(), who);
    return result;
  };

  /** One connection, from the login to its end: ICC's protocol (the lifecycle opens and reopens it). */
  const runSession = async (connection: Connection, attempt: number, signal: AbortSignalLike): Promise<SessionEnd> => {
    const decoder: IccDecoder = createIccDecoder({ settings: datagrams });
    const login = new LoginMachine('icc', credentials, loginLines);
    let raw = '';
    let unit: IccUnit | undefined;
    let reply: Pending | undefined;
    let cancelLogin = (): void => undefined;
    const session: Session = {
      connection,
      loggedIn: false,
      name: undefined,
      end: undefined,
      pending: new Map(),
      finish(end, farewell = false) {
        if (session.end !== undefined) return;
        session.end = end;
        cancelLogin();
        hangUp(connection, farewell && session.loggedIn ? 'quit\n' : undefined);
      },
    };
    current = session;
    cancelLogin = timers.start(loginTimeoutMs, () => session.finish(loginTimedOut(loginTimeoutMs)));
    const onStop = (): void => session.finish({ kind: 'closed' }, true);
    signal.addEventListener('abort', onStop, { once: true });
    emit({ kind: 'connected', attempt });
    // A listener may have closed the client on `connected`.
    if (signal.aborted) onStop();

    const apply = (action: LoginAction): void => {
      if (action.kind === 'wait' || session.loggedIn) return;
      raw = '';
      if (action.kind === 'send') {
        write(connection, `${action.line}\n`);
        return;
      }
      if (action.kind === 'failed') {
        session.finish({
          kind: 'ended',
          error: clientError('login-failed', action.message),
          retry: action.retry,
          loggedIn: false,
        });
        return;
      }
      cancelLogin();
      session.loggedIn = true;
      session.name = action.name;
      emit({ kind: 'logged-in', server: 'icc', name: action.name });
      // Replies to our own settings are not the user's: they are read and dropped.
      for (const line of afterLogin) void send(session, line);
      for (const game of observed)
        void send(session, `observe ${String(game)}`).then((result) => {
          // A game that ended while we were away cannot be observed again: it is no longer ours to follow.
          if (result.ok && !result.value.datagrams.some((dg) => dg.name === 'DG_STARTED_OBSERVING'))
            observed.delete(game);
        });
      for (const name of followed.values()) void send(session, `follow ${name}`);
    };

    const addLine = (pending: Pending, line: string): void => {
      if (pending.lines.length < MAX_REPLY_ITEMS) pending.lines.push(line);
      else pending.truncated = true;
    };

    const onEvent = (event: IccEvent): void => {
      switch (event.kind) {
        case 'unit-start':
          if (event.depth !== 1) return;
          unit =
            event.tag === undefined
              ? { command: event.command, player: event.player }
              : { command: event.command, player: event.player, tag: event.tag };
          reply = event.tag === undefined ? undefined : session.pending.get(event.tag);
          if (reply !== undefined) reply.commandNumber = event.command;
          return;
        case 'unit-end': {
          if (event.depth > 1) return;
          const done = reply;
          unit = undefined;
          reply = undefined;
          if (done === undefined) return;
          if (done.partial !== '') addLine(done, done.partial);
          done.settle({
            ok: true,
            value: {
              command: done.command,
              lines: done.lines,
              commandNumber: done.commandNumber,
              datagrams: done.datagrams,
              truncated: done.truncated,
            },
          });
          return;
        }
        case 'text': {
          if (reply !== undefined) {
            const pieces = (reply.partial + event.text).split('\n');
            reply.partial = pieces.pop() ?? '';
            for (const piece of pieces) addLine(reply, piece.replace(/\r$/, ''));
            return;
          }
          const text = event.text.replace(/\r?\n$/, '').replace(/\r$/, '');
          if (text !== '') emit(unit === undefined ? { kind: 'text', text } : { kind: 'text', text, unit });
          return;
        }
        case 'datagram': {
          const dg = event.datagram;
          emit(unit === undefined ? { kind: 'datagram', datagram: dg } : { kind: 'datagram', datagram: dg, unit });
          if (reply !== undefined) {
            if (reply.datagrams.length < MAX_REPLY_ITEMS) reply.datagrams.push(dg);
            else reply.truncated = true;
          }
          if (!session.loggedIn) apply(login.onDatagram(dg.id, dg.args));
          tracker.push(event, onTracker);
          const change = books.read(dg);
          if (change !== undefined) emit(change);
          return;
        }
        case 'error':
          emit({ kind: 'problem', error: event.error });
          return;
        case 'overflow':
          emit({ kind: 'overflow' });
          // Output was discarded, so the books may be wrong (formats2.txt, appendix on sizes): they
          // are emptied and their DGs turned off and on, which makes the server send them whole.
          if (session.loggedIn) {
            books.clear();
            const resync = opts.seeks === false ? ['29'] : ['29', '50'];
            for (const dg of resync) {
              void send(session, `set-2 ${dg} 0`);
              void send(session, `set-2 ${dg} 1`);
            }
          }
          return;
        case 'command-start':
        case 'command-end':
          return;
      }
    };

    const read = (chunk: Uint8Array | string): void => {
      decoder.push(chunk, (event) => {
        if (session.end === undefined) onEvent(event);
      });
      if (session.loggedIn || session.end !== undefined) return;
      raw = (raw + tailText(chunk)).slice(-TAIL_LENGTH);
      apply(login.onText(plainTail(raw)));
    };

    try {
      // After the end the rest is read and ignored: leaving the iteration would destroy a socket
      // whose farewell (`quit`) may not be written yet; the transport closes it soon after.
      for await (const chunk of connection.chunks) {
        if (session.end === undefined && (typeof chunk === 'string' || chunk instanceof Uint8Array)) read(chunk);
      }
    } catch {
      // A reset or a destroyed socket ends the iteration with an error: a drop like any other.
    }
    signal.removeEventListener('abort', onStop);
    cancelLogin();
    // What the decoder holds back (a last line without its end, a datagram cut by the drop) is read.
    if (session.end === undefined) decoder.end((event) => onEvent(event));
    if (current === session) current = undefined;
    const end: SessionEnd =
      session.end ??
      (signal.aborted
        ? { kind: 'closed' }
        : {
            kind: 'ended',
            error: clientError('dropped', 'the server closed the connection'),
            retry: true,
            loggedIn: session.loggedIn,
          });
    if (session.end === undefined) hangUp(connection);
    session.end = end;
    for (const pending of [...session.pending.values()])
      pending.settle(
        end.kind === 'closed'
          ? fault('closed', `the client was closed before the reply to '${pending.command}'`)
          : fault('dropped', `the connection ended before the reply to '${pending.command}'`),
      );
    tracker.end(onTracker);
    books.clear();
    return end;
  };

  const life = startLifecycle({ options: opts, settings, emit, session: runSession, onStop: () => undefined });

  return {
    stopped: life.stopped,
    command,
    observe,
    unobserve,
    follow,
    games: () => tracker.games(),
    game: (gameNumber) => tracker.game(gameNumber),
    facts: (gameNumber) => tracker.facts(gameNumber),
    seeks: () => books.seeks(),
    offers: () => books.offers(),
    user: () => (current?.loggedIn === true ? current.name : undefined),
    close: life.close,
    events: hub.events,
  };
}
