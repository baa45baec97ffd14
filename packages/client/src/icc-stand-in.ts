import type { Connection, Transport } from './connection.js';
import { playSan, parseSan, standardSetup, writeSmith, type Setup } from '@chess-formats/board-core';
import { datagramId, encodeDatagram, encodeUnitStart, type DatagramInput } from '@chess-formats/icc-dg';

/**
 * A stand-in for the Internet Chess Club, for tests of code that uses the ICC client (and of the
 * client itself), offline: it speaks the login (`level1=` and `level2settings=` at the first
 * prompts, guests, registered and unregistered names, DG_LOGIN_FAILED), level 1 units with the
 * client's backquote tags, `set-2`, and answers `observe`, `unobserve`, `follow` and `quit` from
 * the games it is given with the DGs the client turned on (the game, its start, every move so
 * far, the clocks); anything else a test answers with `onCommand`. It is not a chess server: it
 * checks no rights and runs no clocks. In memory (`transport`), or on a loopback port with
 * `listenIccStandIn` from `@chess-formats/client/node`; the FICS stand-in has the same shape.
 */

/** A player of a stand-in game. */
export interface IccStandInPlayer {
  readonly name: string;
  readonly rating?: number;
  readonly titles?: readonly string[];
}

/** A game the stand-in shows to whoever observes it. */
export interface IccStandInGame {
  readonly white: IccStandInPlayer;
  readonly black: IccStandInPlayer;
  /** ICC's rating type (default `Blitz`). */
  readonly ratingType?: string;
  /** Default true. */
  readonly rated?: boolean;
  /** Each side's initial time in minutes (default 3) and increment in seconds (default 0). */
  readonly initialMinutes?: number;
  readonly incrementSeconds?: number;
  /** The moves played before anyone observes, in SAN from the standard start. */
  readonly moves: readonly string[];
}

/** Options of `createIccStandIn`. */
export interface IccStandInOptions {
  /** Registered names and their passwords; any other name but `guest` enters unregistered. */
  readonly users?: Readonly<Record<string, string>>;
  /** The name every `guest` login gets (default `guest1`, `guest2`, ... one a login). */
  readonly guestName?: string;
  /** The games by number. */
  readonly games?: Readonly<Record<number, IccStandInGame>>;
  /**
   * Answers a command the stand-in does not know: the text inside the command's unit (lines
   * ending `\r\n`, datagrams as `encodeDatagram` writes them), `null` for no answer at all (a
   * server that hangs), or undefined for `command not found`.
   */
  readonly onCommand?: (command: string, session: IccStandInSession) => string | null | undefined;
}

/** One connection as the stand-in saw it. */
export interface IccStandInSession {
  /** 0 for the first connection, 1 for the next ... */
  readonly index: number;
  /** Every line the client sent (a password as `*`). */
  readonly received: readonly string[];
  /** The client's `level1` value. */
  readonly level1: number;
  /** The DGs the client turned on (`level2settings=` and `set-2`), by number. */
  readonly datagrams: ReadonlySet<number>;
  /** The name it logged in as, once logged in. */
  readonly name: string | undefined;
  /** Whether the connection is still open. */
  readonly open: boolean;
  /** Writes to the client as it is (datagrams made with `encodeDatagram`, units, plain text; text as Latin-1). */
  send(text: string | Uint8Array): void;
  /** Closes the connection without a word, as a server restart does. */
  drop(): void;
}

/** The stand-in, made by `createIccStandIn`. */
export interface IccStandIn {
  /** An in-memory transport: each call is a new connection to the stand-in. */
  readonly transport: Transport;
  /** Every connection so far, oldest first. */
  readonly sessions: readonly IccStandInSession[];
  /** While true, connections are refused (the transport rejects, a listener hangs up), as a server that is down. */
  refuse: boolean;
  /** Writes to every logged-in connection, outside any unit (notices, seeks, moves); text as Latin-1. */
  broadcast(text: string | Uint8Array): void;
  /** Plays a move (SAN) in a game and sends it to every connection observing the game; throws for an illegal one. */
  move(gameNumber: number, san: string): void;
  /**
   * Serves one byte connection (a socket): `write` sends the stand-in's bytes, `end` closes;
   * returns what to call with the client's bytes and when the client closes.
   */
  accept(peer: { write(bytes: Uint8Array): void; end(): void }): {
    /** The client's bytes, as they come. */
    receive(bytes: Uint8Array): void;
    /** The client closed the connection (or it was dropped). */
    closed(): void;
  };
}

/** CN_* numbers (formats2.txt, Appendix 1) of the commands the stand-in answers. */
const CN = { unknown: 0, set: 107, observe: 137, follow: 139, quit: 162, set2: 216, unobserve: 378 } as const;
const STANDARD_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** The stand-in's own clocks: nobody's time runs. */
const CLOCK_MS = 180_000;
/** A handle: 2-15 letters, digits and dashes, a letter first. */
const NAME = /^[A-Za-z][A-Za-z0-9-]{1,14}$/;
type Peer = Parameters<IccStandIn['accept']>[0];

function bytesOf(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

function textOf(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/** The longest line a client may send; a longer one is dropped with the connection. */
const MAX_LINE = 4096;

interface GameState {
  readonly gameNumber: number;
  readonly spec: IccStandInGame;
  setup: Setup;
  readonly plies: { readonly san: string; readonly smith: string }[];
  readonly observers: Set<Live>;
}

interface Live extends IccStandInSession {
  readonly datagrams: Set<number>;
  readonly received: string[];
  level1: number;
  loggedIn: boolean;
  open: boolean;
  name: string | undefined;
}

function replayGame(gameNumber: number, spec: IccStandInGame): GameState {
  let setup = standardSetup();
  const plies: GameState['plies'] = [];
  for (const san of spec.moves) {
    const next = step(setup, san);
    if (next === undefined) throw new TypeError(`game ${String(gameNumber)}: '${san}' is not a legal move here`);
    plies.push(next.ply);
    setup = next.after;
  }
  return { gameNumber, spec, setup, plies, observers: new Set() };
}

function step(setup: Setup, san: string): { ply: { san: string; smith: string }; after: Setup } | undefined {
  const move = parseSan(setup, san);
  const after = playSan(setup, san);
  if (!move.ok || !after.ok) return undefined;
  return { ply: { san, smith: writeSmith(setup, move.value) }, after: after.value };
}

/**
 * Makes a stand-in ICC (see `IccStandIn`). Throws a `TypeError` for a game whose moves are not
 * legal: the games are the caller's, a mistake there is a bug.
 */
export function createIccStandIn(options: IccStandInOptions = {}): IccStandIn {
  const games = new Map<number, GameState>();
  for (const [number, spec] of Object.entries(options.games ?? {}))
    games.set(Number(number), replayGame(Number(number), spec));
  const users = new Map(Object.entries(options.users ?? {}).map(([name, pw]) => [name.toLowerCase(), pw]));
  const sessions: Live[] = [];
  let guests = 0;

  const dg = (live: Live, datagram: DatagramInput): string => {
    const number = typeof datagram.name === 'string' ? datagramId(datagram.name) : datagram.id;
    // The server sends a DG only to a client that turned it on.
    if (number === undefined || !live.datagrams.has(number)) return '';
    return encodeDatagram(datagram, { settings: live.datagrams });
  };

  const moveDg = (live: Live, gameNumber: number, ply: { san: string; smith: string }): string =>
    dg(live, {
      name: 'DG_SEND_MOVES',
      fields: {
        gameNumber,
        ...(live.datagrams.has(33) ? { algebraicMove: ply.san } : {}),
        ...(live.datagrams.has(34) ? { smithMove: ply.smith } : {}),
        ...(live.datagrams.has(35) ? { time: 0 } : {}),
        ...(live.datagrams.has(36) ? { clock: CLOCK_MS / 1000 } : {}),
        ...(live.datagrams.has(113) ? { isVariation: 1 } : {}),
      },
    });

  const clocks = (live: Live, game: GameState): string =>
    dg(live, {
      name: 'DG_MSEC',
      fields: { gameNumber: game.gameNumber, color: 'W', msec: CLOCK_MS, running: game.setup.turn === 'white' },
    }) +
    dg(live, {
      name: 'DG_MSEC',
      fields: { gameNumber: game.gameNumber, color: 'B', msec: CLOCK_MS, running: game.setup.turn === 'black' },
    });

  /** What `observe` sends inside its unit: the game, its start, every move so far, the clocks. */
  const observeText = (live: Live, game: GameState): string => {
    const s = game.spec;
    const n = game.gameNumber;
    game.observers.add(live);
    return (
      dg(live, {
        name: 'DG_STARTED_OBSERVING',
        fields: {
          gameNumber: n,
          whiteName: s.white.name,
          blackName: s.black.name,
          wildNumber: 0,
          ratingType: s.ratingType ?? 'Blitz',
          rated: s.rated ?? true,
          whiteInitial: s.initialMinutes ?? 3,
          whiteIncrement: s.incrementSeconds ?? 0,
          blackInitial: s.initialMinutes ?? 3,
          blackIncrement: s.incrementSeconds ?? 0,
          playedGame: true,
          exString: '',
          whiteRating: s.white.rating ?? 0,
          blackRating: s.black.rating ?? 0,
          gameId: n,
          whiteTitles: s.white.titles ?? [],
          blackTitles: s.black.titles ?? [],
          irregularLegality: false,
          irregularSemantics: false,
          usesPlunkers: false,
          fancyTimeControl: '',
          promoteToKing: false,
        },
      }) +
      dg(live, { name: 'DG_MY_RELATION_TO_GAME', fields: { gameNumber: n, symbol: 'O' } }) +
      dg(live, {
        name: 'DG_POSITION_BEGIN',
        fields: { gameNumber: n, initialFen: STANDARD_FEN, nMovesToFollow: game.plies.length },
      }) +
      game.plies.map((ply) => moveDg(live, n, ply)).join('') +
      clocks(live, game) +
      `You are now observing game ${String(n)}.\r\n`
    );
  };

  const gameOf = (target: string): GameState | undefined => {
    if (/^\d+$/.test(target)) return games.get(Number(target));
    const name = target.toLowerCase();
    return [...games.values()].find(
      (g) => g.spec.white.name.toLowerCase() === name || g.spec.black.name.toLowerCase() === name,
    );
  };

  /** The text of the unit that answers `command`, its command number, or null for no answer. */
  const answer = (live: Live, command: string): { cn: number; text: string } | null => {
    const [verb = '', ...rest] = command.trim().split(/\s+/);
    const arg = rest[0] ?? '';
    switch (verb.toLowerCase()) {
      case 'set':
      case 'set-quietly':
        return { cn: CN.set, text: '' };
      case 'set-2': {
        const id = Number(rest[0]);
        const on = rest[1] === '1';
        if (Number.isInteger(id) && id >= 0 && id < 256) {
          if (on) live.datagrams.add(id);
          else live.datagrams.delete(id);
        }
        return { cn: CN.set2, text: dg(live, { name: 'DG_SET2', fields: { dgCode: id, offOn: on } }) };
      }
      case 'observe': {
        const game = gameOf(arg);
        return game === undefined
          ? { cn: CN.observe, text: `There is no such game.\r\n` }
          : { cn: CN.observe, text: observeText(live, game) };
      }
      case 'unobserve': {
        const game = gameOf(arg);
        if (game === undefined || !game.observers.delete(live))
          return { cn: CN.unobserve, text: `You are not observing game ${arg}.\r\n` };
        return {
          cn: CN.unobserve,
          text:
            dg(live, { name: 'DG_STOP_OBSERVING', fields: { gameNumber: game.gameNumber } }) +
            `Removing game ${String(game.gameNumber)} from observation list.\r\n`,
        };
      }
      case 'follow': {
        if (!NAME.test(arg)) return { cn: CN.follow, text: `There is no player matching the name ${arg}.\r\n` };
        const game = gameOf(arg);
        return {
          cn: CN.follow,
          text: `You will now be following ${arg}'s games.\r\n${game === undefined ? '' : observeText(live, game)}`,
        };
      }
      case 'quit':
        return { cn: CN.quit, text: 'Thank you for using the stand-in chess club.\r\n' };
      default: {
        const text = options.onCommand?.(command, live);
        if (text === null) return null;
        return { cn: CN.unknown, text: text ?? `${verb}: command not found.\r\n` };
      }
    }
  };

  const onLine = (live: Live, stage: { value: string }, line: string, peer: Peer): void => {
    const write = (text: string): void => peer.write(bytesOf(text));
    if (!live.loggedIn) {
      if (line.startsWith('level1=')) {
        live.level1 = Number(line.slice('level1='.length)) || 0;
        write('login: ');
        return;
      }
      if (line.startsWith('level2settings=')) {
        const bits = line.slice('level2settings='.length);
        for (let i = 0; i < bits.length && i < 256; i++) if (bits[i] === '1') live.datagrams.add(i);
        write('login: ');
        return;
      }
      const enter = (name: string): void => {
        live.name = name;
        live.loggedIn = true;
        write(dg(live, { name: 'DG_WHO_AM_I', fields: { myName: name, titles: [] } }));
      };
      if (stage.value === 'name') {
        const name = line.trim();
        if (name.toLowerCase() === 'guest') return enter(options.guestName ?? `guest${String(++guests)}`);
        if (!NAME.test(name)) return write('Names are 2-15 letters, digits and dashes.\r\nlogin: ');
        live.name = name;
        const registered = users.has(name.toLowerCase());
        stage.value = registered ? 'password' : 'unregistered';
        write(
          dg(live, {
            name: 'DG_LOGIN_FAILED',
            fields: registered
              ? { code: 5, explanationString: `${name} is a registered name.` }
              : { code: 8, explanationString: `${name} is not a registered name.` },
          }),
        );
        return write(registered ? 'password: ' : `Press return to enter the server as "${name}":`);
      }
      if (stage.value === 'password') {
        if (users.get((live.name ?? '').toLowerCase()) === line) return enter(live.name ?? '');
        write(dg(live, { name: 'DG_LOGIN_FAILED', fields: { code: 11, explanationString: 'Invalid password.' } }));
        peer.end();
        return;
      }
      if (stage.value === 'unregistered') enter(live.name ?? '');
      return;
    }
    const tagged = /^`([^`\s]{1,99})`(.*)$/.exec(line);
    const tag = tagged !== null && (live.level1 & 5) === 5 ? tagged[1] : undefined;
    const command = tagged === null ? line : (tagged[2] ?? '');
    const reply = answer(live, command);
    if (reply === null) return;
    const units = (live.level1 & 1) === 1;
    write(units ? `${encodeUnitStart(reply.cn, live.name ?? '*', tag)}${reply.text}\x19]` : reply.text);
    if (reply.cn === CN.quit) peer.end();
  };

  const accept = (peer: Peer): { receive(bytes: Uint8Array): void; closed(): void } => {
    const stage = { value: 'name' };
    let buffered = '';
    const live: Live = {
      index: sessions.length,
      received: [],
      level1: 0,
      datagrams: new Set<number>(),
      name: undefined,
      open: true,
      loggedIn: false,
      send: (text) => {
        if (live.open) peer.write(typeof text === 'string' ? bytesOf(text) : text);
      },
      drop: () => {
        if (live.open) peer.end();
      },
    };
    sessions.push(live);
    peer.write(bytesOf('Welcome to the stand-in chess club (no games are rated here).\r\n\r\nlogin: '));
    return {
      receive(bytes) {
        if (!live.open) return;
        buffered += textOf(bytes);
        for (let end = buffered.indexOf('\n'); end !== -1 && live.open; end = buffered.indexOf('\n')) {
          const line = buffered.slice(0, end).replace(/\r$/, '');
          buffered = buffered.slice(end + 1);
          live.received.push(stage.value === 'password' && !live.loggedIn ? '*' : line);
          onLine(live, stage, line, peer);
        }
        if (buffered.length > MAX_LINE) peer.end();
      },
      closed() {
        live.open = false;
        for (const game of games.values()) game.observers.delete(live);
      },
    };
  };

  const standIn: IccStandIn = {
    transport: (signal) => {
      if (standIn.refuse) return Promise.reject(new Error('connection refused'));
      if (signal.aborted) return Promise.reject(new Error('interrupted'));
      return Promise.resolve(memoryConnection(accept));
    },
    sessions,
    refuse: false,
    broadcast(text) {
      for (const live of sessions) if (live.loggedIn) live.send(text);
    },
    move(gameNumber, san) {
      const game = games.get(gameNumber);
      if (game === undefined) throw new TypeError(`no stand-in game ${String(gameNumber)}`);
      const next = step(game.setup, san);
      if (next === undefined) throw new TypeError(`game ${String(gameNumber)}: '${san}' is not a legal move here`);
      game.plies.push(next.ply);
      game.setup = next.after;
      for (const live of game.observers) live.send(moveDg(live, gameNumber, next.ply) + clocks(live, game));
    },
    accept,
  };
  return standIn;
}

/** A connection in memory to `accept`: the stand-in's bytes are the chunks, the client's go to `receive`. */
function memoryConnection(accept: IccStandIn['accept']): Connection {
  const queue: Uint8Array[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  const poke = (): void => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const served = accept({
    write: (bytes) => {
      if (ended) return;
      queue.push(bytes);
      poke();
    },
    end: () => {
      if (ended) return;
      ended = true;
      poke();
      served.closed();
    },
  });
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const next = queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  }
  return {
    chunks: chunks(),
    write: (data) => {
      if (!ended) served.receive(typeof data === 'string' ? bytesOf(data) : data);
    },
    close: (farewell) => {
      if (ended) return;
      if (farewell !== undefined) served.receive(bytesOf(farewell));
      if (ended) return;
      ended = true;
      poke();
      served.closed();
    },
  };
}
