import { createServer, type Socket } from 'node:net';
import { playSan, parseSan, standardSetup, writeSmith, type Setup } from '@chess-formats/board-core';
import { datagramId, encodeDatagram, encodeUnitStart, type DatagramInput } from '@chess-formats/icc-dg';

/**
 * A stand-in for the Internet Chess Club on loopback, for tests and examples that must run
 * offline: it speaks enough of the server's side (formats2.txt) for `createIccClient` and other
 * clients: the login prompts with `level1=` and `level2settings=`, guests and registered names,
 * level 1 units with the client's backquote tags, and the DGs the client turned on for the games
 * it is given (observe, unobserve, follow, moves played later). It is not a chess server: it
 * checks no rights, plays no clocks, and answers other commands through `answer`.
 */

/** A player of a stand-in game. */
export interface IccStandInPlayer {
  readonly name: string;
  readonly rating?: number;
  readonly titles?: readonly string[];
}

/** A game the stand-in shows to whoever observes it. */
export interface IccStandInGame {
  readonly gameNumber: number;
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

/** One client's connection, as `answer` sees it. */
export interface IccStandInSession {
  /** 1 for the first connection the stand-in accepted. */
  readonly connection: number;
  /** The name the client logged in as. */
  readonly name: string;
  /** Writes to the client as it is (datagrams made with `encodeDatagram`, units, plain text; text as Latin-1). */
  send(text: string | Uint8Array): void;
  /** Closes the connection without a word, as a server restart does. */
  drop(): void;
}

/** Options of `startIccStandIn`. */
export interface IccStandInOptions {
  /** Registered names and their passwords; any other name but `guest` enters unregistered. */
  readonly accounts?: Readonly<Record<string, string>>;
  readonly games?: readonly IccStandInGame[];
  /**
   * Answers a command the stand-in does not know: the text of the command's unit (`undefined`:
   * "command not found"; `null`: no answer at all, as a server that hangs).
   */
  readonly answer?: (command: string, session: IccStandInSession) => string | null | undefined;
}

/** A running stand-in. */
export interface IccStandIn {
  /** The loopback port it listens on (the system picked it). */
  readonly port: number;
  /** The lines each connection's client sent (passwords as `*`), one array a connection. */
  readonly received: readonly (readonly string[])[];
  /** Plays a move (SAN) in a game and sends it to every client observing it. */
  move(gameNumber: number, san: string): void;
  /** Writes to every logged-in client (outside any unit, as a notice or a datagram comes; text as Latin-1). */
  broadcast(text: string | Uint8Array): void;
  /** Closes every connection without a word (clients see a drop). */
  dropAll(): void;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** CN_* numbers (formats2.txt, Appendix 1) of the commands the stand-in answers. */
const CN = { unknown: 0, set: 107, observe: 137, follow: 139, quit: 162, set2: 216, unobserve: 378 } as const;
const STANDARD_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** The stand-in's own clocks: nobody's time runs. */
const CLOCK_MS = 180_000;
/** A handle: 2-15 letters, digits and dashes, a letter first. */
const NAME = /^[A-Za-z][A-Za-z0-9-]{1,14}$/;
/** The longest line a client may send; a longer one is dropped with the connection. */
const MAX_LINE = 4096;

interface GameState {
  readonly spec: IccStandInGame;
  readonly start: Setup;
  setup: Setup;
  readonly plies: { readonly san: string; readonly smith: string }[];
  readonly observers: Set<Live>;
}

interface Live extends IccStandInSession {
  readonly settings: Set<number>;
  level1: number;
  loggedIn: boolean;
}

function replayGame(spec: IccStandInGame): GameState {
  let setup = standardSetup();
  const plies: GameState['plies'] = [];
  for (const san of spec.moves) {
    const next = step(setup, san);
    if (next === undefined) throw new TypeError(`game ${String(spec.gameNumber)}: '${san}' is not a legal move here`);
    plies.push(next.ply);
    setup = next.after;
  }
  return { spec, start: standardSetup(), setup, plies, observers: new Set() };
}

function step(setup: Setup, san: string): { ply: { san: string; smith: string }; after: Setup } | undefined {
  const move = parseSan(setup, san);
  const after = playSan(setup, san);
  if (!move.ok || !after.ok) return undefined;
  return { ply: { san, smith: writeSmith(setup, move.value) }, after: after.value };
}

/**
 * Starts a stand-in ICC on 127.0.0.1 at a port the system picks. Throws (rejects) for a game
 * whose moves are not legal: the games are the caller's, a mistake there is a bug.
 */
export function startIccStandIn(options: IccStandInOptions = {}): Promise<IccStandIn> {
  const games = new Map<number, GameState>();
  try {
    for (const spec of options.games ?? []) games.set(spec.gameNumber, replayGame(spec));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  const accounts = new Map(Object.entries(options.accounts ?? {}).map(([name, pw]) => [name.toLowerCase(), pw]));
  const received: string[][] = [];
  const sessions = new Set<Live>();
  const sockets = new Set<Socket>();
  let guests = 0;

  const dg = (live: Live, datagram: DatagramInput): string => {
    const number = typeof datagram.name === 'string' ? datagramId(datagram.name) : datagram.id;
    // The server sends a DG only to a client that turned it on.
    if (number === undefined || !live.settings.has(number)) return '';
    return encodeDatagram(datagram, { settings: live.settings });
  };

  const moveDg = (live: Live, gameNumber: number, ply: { san: string; smith: string }): string =>
    dg(live, {
      name: 'DG_SEND_MOVES',
      fields: {
        gameNumber,
        ...(live.settings.has(33) ? { algebraicMove: ply.san } : {}),
        ...(live.settings.has(34) ? { smithMove: ply.smith } : {}),
        ...(live.settings.has(35) ? { time: 0 } : {}),
        ...(live.settings.has(36) ? { clock: CLOCK_MS / 1000 } : {}),
        ...(live.settings.has(113) ? { isVariation: 1 } : {}),
      },
    });

  const clocks = (live: Live, game: GameState): string =>
    dg(live, {
      name: 'DG_MSEC',
      fields: { gameNumber: game.spec.gameNumber, color: 'W', msec: CLOCK_MS, running: game.setup.turn === 'white' },
    }) +
    dg(live, {
      name: 'DG_MSEC',
      fields: { gameNumber: game.spec.gameNumber, color: 'B', msec: CLOCK_MS, running: game.setup.turn === 'black' },
    });

  /** What `observe` sends inside its unit: the game, its start, every move so far, the clocks. */
  const observeText = (live: Live, game: GameState): string => {
    const s = game.spec;
    const n = s.gameNumber;
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
          if (on) live.settings.add(id);
          else live.settings.delete(id);
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
            dg(live, { name: 'DG_STOP_OBSERVING', fields: { gameNumber: game.spec.gameNumber } }) +
            `Removing game ${String(game.spec.gameNumber)} from observation list.\r\n`,
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
        const text = options.answer?.(command, live);
        if (text === null) return null;
        return { cn: CN.unknown, text: text ?? `${verb}: command not found.\r\n` };
      }
    }
  };

  const onLine = (live: Live, state: { stage: string; name: string }, line: string, socket: Socket): void => {
    const prompt = (text: string): void => {
      socket.write(text);
    };
    if (!live.loggedIn) {
      if (line.startsWith('level1=')) {
        live.level1 = Number(line.slice('level1='.length)) || 0;
        prompt('login: ');
        return;
      }
      if (line.startsWith('level2settings=')) {
        const bits = line.slice('level2settings='.length);
        for (let i = 0; i < bits.length; i++) if (bits[i] === '1') live.settings.add(i);
        prompt('login: ');
        return;
      }
      const enter = (name: string) => {
        state.name = name;
        live.loggedIn = true;
        sessions.add(live);
        socket.write(dg(live, { name: 'DG_WHO_AM_I', fields: { myName: name, titles: [] } }));
      };
      if (state.stage === 'name') {
        const name = line.trim();
        if (name.toLowerCase() === 'guest') return enter(`guest${String(++guests)}`);
        if (!NAME.test(name)) return prompt('Names are 2-15 letters and digits.\r\nlogin: ');
        state.name = name;
        if (accounts.has(name.toLowerCase())) {
          state.stage = 'password';
          socket.write(
            dg(live, {
              name: 'DG_LOGIN_FAILED',
              fields: { code: 5, explanationString: `${name} is a registered name.` },
            }),
          );
          return prompt('password: ');
        }
        state.stage = 'unregistered';
        socket.write(
          dg(live, {
            name: 'DG_LOGIN_FAILED',
            fields: { code: 8, explanationString: `${name} is not a registered name.` },
          }),
        );
        return prompt(`Press return to enter the server as "${name}":`);
      }
      if (state.stage === 'password') {
        if (accounts.get(state.name.toLowerCase()) === line) return enter(state.name);
        socket.write(
          dg(live, { name: 'DG_LOGIN_FAILED', fields: { code: 11, explanationString: 'Invalid password.' } }),
        );
        socket.end();
        return;
      }
      if (state.stage === 'unregistered') return enter(state.name);
      return;
    }
    const tagged = /^`([^`\s]{1,99})`(.*)$/.exec(line);
    const tag = tagged !== null && (live.level1 & 5) === 5 ? tagged[1] : undefined;
    const command = tagged === null ? line : (tagged[2] ?? '');
    const reply = answer(live, command);
    if (reply === null) return;
    const units = (live.level1 & 1) === 1;
    socket.write(units ? `${encodeUnitStart(reply.cn, live.name, tag)}${reply.text}\x19]` : reply.text);
    if (reply.cn === CN.quit) socket.end();
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    const lines: string[] = [];
    received.push(lines);
    const state = { stage: 'name', name: '' };
    const live: Live = {
      connection: received.length,
      get name() {
        return state.name;
      },
      settings: new Set<number>(),
      level1: 0,
      loggedIn: false,
      send: (text) => {
        if (!socket.destroyed) socket.write(typeof text === 'string' ? Buffer.from(text, 'latin1') : text);
      },
      drop: () => socket.destroy(),
    };
    socket.setEncoding('latin1');
    socket.setDefaultEncoding('latin1');
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      sessions.delete(live);
      for (const game of games.values()) game.observers.delete(live);
    });
    let buffered = '';
    socket.on('data', (text: string) => {
      buffered += text;
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end).replace(/\r$/, '');
        buffered = buffered.slice(end + 1);
        lines.push(state.stage === 'password' && !live.loggedIn ? '*' : line);
        if (!socket.destroyed) onLine(live, state, line, socket);
      }
      if (buffered.length > MAX_LINE) socket.destroy();
    });
    socket.write('Welcome to the stand-in chess club (no games are rated here).\r\n\r\nlogin: ');
  });

  const standIn = (port: number): IccStandIn => ({
    port,
    received,
    move(gameNumber, san) {
      const game = games.get(gameNumber);
      if (game === undefined) throw new TypeError(`no stand-in game ${String(gameNumber)}`);
      const next = step(game.setup, san);
      if (next === undefined) throw new TypeError(`game ${String(gameNumber)}: '${san}' is not a legal move here`);
      game.plies.push(next.ply);
      game.setup = next.after;
      for (const live of game.observers) live.send(moveDg(live, gameNumber, next.ply) + clocks(live, game));
    },
    broadcast(text) {
      for (const live of sessions) live.send(text);
    },
    dropAll() {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('the stand-in has no port'));
      else resolve(standIn(address.port));
    });
  });
}
