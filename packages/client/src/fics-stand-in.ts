import { CONTROL_B, CONTROL_U, CONTROL_V, CONTROL_W, CR, DIGIT_9, LF, NUL } from '@chess-formats/board-core/internal';
import { decodeTimeseal } from '@chess-formats/fics';
import type { Transport } from './connection.js';
import { latin1, latin1Bytes } from './shared.js';
import { memoryStandInTransport, type StandInPeer, type StandInServed } from './stand-in-serve.js';

/**
 * A stand-in FICS server for tests of code that uses the FICS client (and of the client
 * itself): it speaks the login (guests and registered handles), the `%b` interface variables,
 * block mode, timeseal 1 and 2 (it decodes every line and counts the answered pings), and
 * answers `observe`, `moves`, `unobserve`, `follow` and `quit` from the games it is given;
 * anything else a test answers with `onCommand`. In memory (`transport`), or on a loopback
 * port with `listenStandIn` from `@chess-formats/client/node`. Exported because a bot or
 * an application built on the client needs the same double for its own tests, offline.
 */

/** A game the stand-in knows: the lines it answers `observe N` and `moves N` with, as the server writes them. */
export interface FicsStandInGame {
  /** The reply to `observe N`: `You are now observing game N.`, the `Game N: ...` header, a blank line, the board. */
  readonly observe: readonly string[];
  /** The reply to `moves N`: the whole listing (`Movelist for game N:` to `{Still in progress} *`). */
  readonly moves?: readonly string[];
}

/** Options of `createFicsStandIn`. */
export interface FicsStandInOptions {
  /** Registered handles and their passwords; any other handle enters as an unregistered one. */
  readonly users?: Readonly<Record<string, string>>;
  /** The name a `guest` login gets (default `GuestCFMT`). */
  readonly guestName?: string;
  /** The games by number. */
  readonly games?: Readonly<Record<number, FicsStandInGame>>;
  /**
   * Answers a command first: the reply's lines, `null` for no reply at all (a server that
   * hangs), or undefined to leave it to the stand-in (`Command not found` for what it does not know).
   */
  readonly onCommand?: (command: string, session: FicsStandInSession) => readonly string[] | null | undefined;
  /** Sends a timeseal ping before each reply to a timeseal connection. */
  readonly pingEachReply?: boolean;
  /** Answers the `%b` line with a new `login: ` prompt (a server may; the client must not take it for a refused name). */
  readonly promptAfterIvars?: boolean;
  /** Splits each of the stand-in's writes into chunks (to test how a client reads a stream split anywhere). */
  readonly chunks?: (bytes: Uint8Array) => readonly Uint8Array[];
}

/** One connection as the stand-in saw it. */
export interface FicsStandInSession {
  /** 0 for the first connection, 1 for the next ... */
  readonly index: number;
  /** Every line the client sent, decoded (timeseal taken off), pings' answers left out. */
  readonly received: readonly string[];
  /** The timeseal version of the client's hello, or 0 for none. */
  readonly timeseal: 0 | 1 | 2;
  /** The bits of the client's `%b` line, if it sent one. */
  readonly ivars: string | undefined;
  /** The handle it logged in as, once logged in. */
  readonly name: string | undefined;
  /** Pings sent, and pings the client answered. */
  readonly pingsSent: number;
  readonly pingsAnswered: number;
  /** What went wrong (a line that is not timeseal, a command without a block identifier). */
  readonly problems: readonly string[];
  /** Whether the connection is still open. */
  readonly open: boolean;
  /** Writes server text as it is (end lines with `\n\r`). */
  send(text: string): void;
  /** Sends a timeseal ping (`[G]` with the version's terminator). */
  ping(): void;
  /** Closes the connection without a word, as a server restart does. */
  drop(): void;
}

/** The stand-in, made by `createFicsStandIn`. */
export interface FicsStandIn {
  /** An in-memory transport: each call is a new connection to the stand-in. */
  readonly transport: Transport;
  /** Every connection so far, oldest first. */
  readonly sessions: readonly FicsStandInSession[];
  /** While true, connections are refused (the transport rejects), as a server that is down. */
  refuse: boolean;
  /** Writes server text to every logged-in connection (seeks, boards, notices between replies). */
  broadcast(text: string): void;
  /**
   * Serves one byte connection (a socket): `write` sends the stand-in's bytes, `end` closes;
   * returns what to call with the client's bytes and when the client closes.
   */
  accept(peer: StandInPeer): StandInServed;
}

/** Block mode's frame (fics-wire notes): a block starts, separates its fields, ends. */
const BLOCK_START = String.fromCharCode(CONTROL_U);
const BLOCK_SEPARATOR = String.fromCharCode(CONTROL_V);
const BLOCK_END = String.fromCharCode(CONTROL_W);
/** Timeseal 2's answer to a ping ends with a null character rather than a line end. */
const TIMESEAL2_ACK = `[G]${String.fromCharCode(NUL)}`;
/** The prompt, with `iset defprompt 1`. */
const PROMPT = 'fics% ';
/** Block codes of the commands the stand-in answers (ictk's table, as the fics-wire notes give it). */
const CODES: Readonly<Record<string, number>> = { observe: 80, moves: 77, iset: 56, games: 43, sought: 157 };
const BAD_COMMAND = 512;
/** The bit of `block` in the `%b` string. */
const BLOCK_BIT = 6;
/** The longest line the stand-in keeps; a client sending more is a problem, not a buffer. */
const MAX_LINE = 4096;

/** Makes a stand-in FICS server (see `FicsStandIn`). */
export function createFicsStandIn(options: FicsStandInOptions = {}): FicsStandIn {
  const users = options.users ?? {};
  const guestName = options.guestName ?? 'GuestCFMT';
  const games = options.games ?? {};
  const sessions: FicsStandInSession[] = [];
  const live = new Set<{ loggedIn: () => boolean; send: (text: string) => void }>();

  const accept: FicsStandIn['accept'] = (peer) => {
    const received: string[] = [];
    const problems: string[] = [];
    let buffered: number[] = [];
    let open = true;
    let first = true;
    let timeseal: 0 | 1 | 2 = 0;
    let ivars: string | undefined;
    let block = false;
    let state: 'login' | 'password' | 'enter' | 'session' = 'login';
    let pending: string | undefined;
    let name: string | undefined;
    let guest = false;
    let pingsSent = 0;
    let pingsAnswered = 0;

    const write = (text: string): void => {
      if (!open) return;
      const bytes = latin1Bytes(text);
      for (const chunk of options.chunks ? options.chunks(bytes) : [bytes]) peer.write(chunk);
    };
    const end = (): void => {
      if (!open) return;
      open = false;
      live.delete(entry);
      peer.end();
    };
    const ping = (): void => {
      if (timeseal === 0) return;
      pingsSent++;
      write(timeseal === 1 ? '[G]\n\r' : TIMESEAL2_ACK);
    };
    const reply = (id: number | undefined, code: number, lines: readonly string[]): void => {
      if (options.pingEachReply) ping();
      const body = lines.map((line) => `${line}\n\r`).join('');
      write(
        id === undefined
          ? `${body}${PROMPT}`
          : `${BLOCK_START}${String(id)}${BLOCK_SEPARATOR}${String(code)}${BLOCK_SEPARATOR}${body}${BLOCK_END}\n\r${PROMPT}`,
      );
    };

    const session: FicsStandInSession = {
      index: sessions.length,
      received,
      get timeseal() {
        return timeseal;
      },
      get ivars() {
        return ivars;
      },
      get name() {
        return name;
      },
      get pingsSent() {
        return pingsSent;
      },
      get pingsAnswered() {
        return pingsAnswered;
      },
      problems,
      get open() {
        return open;
      },
      send: write,
      ping,
      drop: end,
    };
    sessions.push(session);
    const entry = { loggedIn: () => state === 'session', send: write };
    live.add(entry);

    const enter = (): void => {
      state = 'session';
      write(`\n\r**** Starting FICS session as ${name ?? ''}${guest ? '(U)' : ''} ****\n\r\n\r${PROMPT}`);
    };

    const answer = (line: string): void => {
      let id: number | undefined;
      let text = line;
      if (block) {
        const framed = /^(\d{1,9}) (.*)$/.exec(line);
        if (framed === null) {
          problems.push(`a command without a block identifier: ${JSON.stringify(line)}`);
          return;
        }
        id = Number(framed[1]);
        text = framed[2] as string;
      }
      const words = text.trim().split(/\s+/);
      const verb = words[0] ?? '';
      const argument = words.slice(1).join(' ');
      const code = CODES[verb] ?? 0;
      if (verb === 'quit') {
        write(`Logging you out.\n\r`);
        end();
        return;
      }
      const custom = options.onCommand?.(text, session);
      if (custom === null) return;
      if (custom !== undefined) {
        reply(id, code, custom);
        return;
      }
      const game = (): [number, FicsStandInGame] | undefined => {
        const number = Number(argument);
        if (Number.isSafeInteger(number) && games[number] !== undefined) return [number, games[number]];
        for (const [key, value] of Object.entries(games))
          if (argument !== '' && value.observe.some((l) => l.split(' ').includes(argument)))
            return [Number(key), value];
        return undefined;
      };
      switch (verb) {
        case 'observe': {
          const found = game();
          reply(id, code, found ? found[1].observe : ['There is no such game.']);
          return;
        }
        case 'moves': {
          const found = game();
          reply(id, code, found?.[1].moves ?? ['There is no such game.']);
          return;
        }
        case 'unobserve':
          reply(id, code, [`Removing game ${argument} from observation list.`]);
          return;
        case 'follow':
          reply(id, code, [
            argument === ''
              ? "You will not follow any player's games."
              : `You will now be following ${argument}'s games.`,
          ]);
          return;
        case 'set':
        case 'iset':
          reply(id, code, verb === 'iset' ? [`${words[1] ?? ''} set.`] : []);
          return;
        default:
          reply(id, BAD_COMMAND, [`${verb}: Command not found.`]);
      }
    };

    const onLine = (bytes: Uint8Array): void => {
      let line: string;
      if (first) {
        first = false;
        const hello = decodeTimeseal(bytes);
        if (hello.ok) {
          const text = latin1(hello.value.line);
          if (text.startsWith('TIMESEAL2|') || text.startsWith('TIMESTAMP|')) {
            timeseal = text.startsWith('TIMESEAL2|') ? 2 : 1;
            return;
          }
        }
      }
      if (timeseal !== 0) {
        const decoded = decodeTimeseal(bytes);
        if (!decoded.ok) {
          problems.push(`a line that is not timeseal: ${decoded.error.message}`);
          return;
        }
        const plain = decoded.value.line;
        if (plain.length === 2 && plain[0] === CONTROL_B && plain[1] === DIGIT_9) {
          pingsAnswered++;
          return;
        }
        line = latin1(plain);
      } else line = latin1(bytes[bytes.length - 1] === CR ? bytes.subarray(0, -1) : bytes);
      received.push(line);
      switch (state) {
        case 'login': {
          const handle = line.trim();
          if (handle.startsWith('%b')) {
            ivars = handle.slice(2);
            block = ivars[BLOCK_BIT] === '1';
            if (options.promptAfterIvars) write('login: ');
            return;
          }
          if (handle === '') {
            write('login: ');
            return;
          }
          if (handle.toLowerCase() === 'guest') {
            name = guestName;
            guest = true;
            state = 'enter';
            write(`\n\rPress return to enter the server as "${guestName}":`);
            return;
          }
          const known = Object.keys(users).find((user) => user.toLowerCase() === handle.toLowerCase());
          if (known !== undefined) {
            pending = known;
            state = 'password';
            write(
              `\n\r"${known}" is a registered name.  If it is yours, type the password.\n\rIf not, just hit return to try another name.\n\r\n\rpassword: `,
            );
            return;
          }
          name = handle;
          guest = true;
          state = 'enter';
          write(`\n\r"${handle}" is not a registered name.\n\r\n\rPress return to enter the server as "${handle}":`);
          return;
        }
        case 'password':
          if (pending !== undefined && users[pending] === line) {
            name = pending;
            enter();
          } else {
            state = 'login';
            write('\n\r\n\r**** Invalid password! ****\n\r\n\rlogin: ');
          }
          return;
        case 'enter':
          enter();
          return;
        case 'session':
          answer(line);
      }
    };

    write('Welcome to the chess-formats stand-in FICS\n\r\n\rlogin: ');
    return {
      receive(bytes) {
        for (const byte of bytes) {
          if (byte === LF) {
            const line = Uint8Array.from(buffered);
            buffered = [];
            if (open) onLine(line);
          } else if (buffered.length < MAX_LINE) buffered.push(byte);
          else if (buffered.length === MAX_LINE) {
            problems.push('a line too long');
            buffered.push(byte);
          }
        }
      },
      closed: end,
    };
  };

  const standIn: FicsStandIn = {
    sessions,
    refuse: false,
    broadcast(text) {
      for (const entry of live) if (entry.loggedIn()) entry.send(text);
    },
    accept,
    transport: (signal) => memoryStandInTransport(standIn)(signal),
  };
  return standIn;
}
