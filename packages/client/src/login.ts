import { level1Value, level2Settings, type DatagramName } from '@chess-formats/icc-dg';

/** The two server families the clients speak to. */
export type ServerKind = 'fics' | 'icc';

/** Who to log in as: a guest, or a handle with its password (never from the command line). */
export type Credentials =
  | { readonly kind: 'guest' }
  | { readonly kind: 'user'; readonly name: string; readonly password: string };

/**
 * The DGs `connect` asks ICC for on the login line (formats2.txt section 4): who I am, the
 * login failure, the life of an observed game (started observing, position begin, moves in
 * algebraic and Smith notation, takebacks, millisecond clocks, result, relation), and nothing
 * chatty, so that a guest's stream stays small.
 */
export const ICC_DATAGRAMS: readonly DatagramName[] = /* @__PURE__ */ Object.freeze([
  'DG_WHO_AM_I',
  'DG_MY_GAME_RESULT',
  'DG_MY_GAME_ENDED',
  'DG_STARTED_OBSERVING',
  'DG_STOP_OBSERVING',
  'DG_TAKEBACK',
  'DG_BACKWARD',
  'DG_SEND_MOVES',
  'DG_MOVE_ALGEBRAIC',
  'DG_MOVE_SMITH',
  'DG_MY_RELATION_TO_GAME',
  'DG_MSEC',
  'DG_LOGIN_FAILED',
  'DG_POSITION_BEGIN',
]);

/** DG_WHO_AM_I (0) and DG_LOGIN_FAILED (69): the login's success and failure on ICC. */
const DG_WHO_AM_I = 0;
const DG_LOGIN_FAILED = 69;

/** `level1=1`: level 1 units (and no prompt); the command-marker and tag bits are not needed. */
export const ICC_LEVEL1 = /* @__PURE__ */ level1Value({ units: true });

/**
 * What the login sends on ICC at the first login prompts, one line a prompt: by default `connect`'s
 * level 1 value and DGs; the ICC client passes its own (tagged units, the books' DGs).
 */
export function iccLoginLines(
  level1: number = ICC_LEVEL1,
  datagrams: readonly DatagramName[] = ICC_DATAGRAMS,
): string[] {
  return [`level1=${String(level1)}`, `level2settings=${level2Settings(datagrams)}`];
}

/**
 * Commands the clients send right after login, and why:
 * FICS: style 12 boards, no bell bytes, `interface` names the client for `finger`, and
 * `seekinfo` once more, as a server sends the whole seek list only when it is set after the
 * login (Jin's finding, fics-wire notes 2.1); millisecond clocks, no wrapping and the other
 * interface variables go on the login line (`%b`, `ficsLoginIvars`).
 * ICC: style 13 (no board text: the position comes from DG_POSITION_BEGIN and DG_SEND_MOVES),
 * no bell; `set-quietly` so the server does not echo each variable.
 */
export function settingsCommands(server: ServerKind): string[] {
  if (server === 'fics') return ['set interface chess-formats', 'set style 12', 'set bell 0', 'iset seekinfo 1'];
  return ['set-quietly interface chess-formats', 'set-quietly style 13', 'set-quietly bell 0'];
}

/** What the login machine wants done after it has seen some output. */
export type LoginAction =
  | { readonly kind: 'wait' }
  | { readonly kind: 'send'; readonly line: string; readonly secret?: boolean }
  | { readonly kind: 'logged-in'; readonly name: string }
  /** `retry` is false where trying again cannot help (a wrong password, a refused name). */
  | { readonly kind: 'failed'; readonly message: string; readonly retry: boolean };

type LoginState = 'banner' | 'level1-sent' | 'level2-sent' | 'name-sent' | 'password-sent' | 'entering';

const WAIT: LoginAction = { kind: 'wait' };
const PRESS_RETURN = 'Press return to enter the server as "';
const FICS_STARTED = 'Starting FICS session as ';

/**
 * The login conversation of one connection, as a state machine over the server's plain text
 * (prompts arrive without a line end, so it reads the tail of the output, not lines) and, on
 * ICC, the datagrams DG_WHO_AM_I and DG_LOGIN_FAILED.
 */
export class LoginMachine {
  private state: LoginState = 'banner';
  private readonly pendingIccLines: string[];
  private readonly server: ServerKind;
  private readonly credentials: Credentials;

  /**
   * `iccLines`: the lines sent at ICC's first prompts (`iccLoginLines()` gives `connect`'s).
   * They are the caller's to give, so that a FICS client's bundle carries none of ICC's tables.
   */
  constructor(server: 'fics', credentials: Credentials);
  constructor(server: 'icc', credentials: Credentials, iccLines: readonly string[]);
  constructor(server: ServerKind, credentials: Credentials, iccLines?: readonly string[]);
  constructor(server: ServerKind, credentials: Credentials, iccLines: readonly string[] = []) {
    this.server = server;
    this.credentials = credentials;
    this.pendingIccLines = server === 'icc' ? [...iccLines] : [];
  }

  /** The handle sent at the login prompt. */
  private handle(): string {
    return this.credentials.kind === 'guest' ? 'guest' : this.credentials.name;
  }

  /**
   * Reads the output tail (plain text, control bytes removed, at most a few hundred characters).
   * The caller clears its tail after any action other than `wait`.
   */
  onText(tail: string): LoginAction {
    const end = tail.trimEnd();
    const started = tail.indexOf(FICS_STARTED);
    if (started !== -1 && this.server === 'fics') {
      const rest = tail.slice(started + FICS_STARTED.length);
      // The name counts once a character after it shows it whole: a chunk may end inside it.
      const name = /^([A-Za-z0-9_-]{1,40})(?=[^A-Za-z0-9_-])/.exec(rest)?.[1];
      if (name !== undefined) return { kind: 'logged-in', name };
    }
    if (/invalid password/i.test(tail)) {
      return { kind: 'failed', message: 'the server refused the password', retry: false };
    }
    if (end.endsWith('login:')) return this.onLoginPrompt();
    if (end.endsWith('password:')) {
      if (this.state !== 'name-sent') return WAIT;
      if (this.credentials.kind === 'guest') {
        return { kind: 'failed', message: 'the server asks a password for a guest login', retry: false };
      }
      this.state = 'password-sent';
      return { kind: 'send', line: this.credentials.password, secret: true };
    }
    const press = tail.lastIndexOf(PRESS_RETURN);
    if (press !== -1 && end.endsWith('":') && this.state === 'name-sent') {
      this.state = 'entering';
      return { kind: 'send', line: '' };
    }
    return WAIT;
  }

  private onLoginPrompt(): LoginAction {
    switch (this.state) {
      case 'banner':
      case 'level1-sent': {
        const line = this.pendingIccLines.shift();
        if (line !== undefined) {
          this.state = this.state === 'banner' ? 'level1-sent' : 'level2-sent';
          return { kind: 'send', line };
        }
        this.state = 'name-sent';
        return { kind: 'send', line: this.handle() };
      }
      case 'level2-sent':
        this.state = 'name-sent';
        return { kind: 'send', line: this.handle() };
      case 'name-sent':
      case 'entering':
        return { kind: 'failed', message: `the server refused the name '${this.handle()}'`, retry: false };
      case 'password-sent':
        return { kind: 'failed', message: 'the server refused the password', retry: false };
    }
  }

  /** Reads an ICC datagram (only DG_WHO_AM_I and DG_LOGIN_FAILED matter here). */
  onDatagram(id: number, args: readonly string[]): LoginAction {
    if (id === DG_WHO_AM_I && args[0] !== undefined) return { kind: 'logged-in', name: args[0] };
    if (id !== DG_LOGIN_FAILED) return WAIT;
    const code = Number(args[0]);
    const explanation = args[1] ?? '';
    // 5: a registered name, the password prompt follows; 8: an unregistered name, return enters.
    if (code === 5) return WAIT;
    if (code === 8) {
      this.state = 'entering';
      return { kind: 'send', line: '' };
    }
    // 19, 20: the server is full or queues us; worth another try later.
    return {
      kind: 'failed',
      message: `login failed (ICC code ${String(code)}): ${explanation}`,
      retry: code === 19 || code === 20,
    };
  }
}
