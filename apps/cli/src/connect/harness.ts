import { readFileSync } from 'node:fs';
import { connectMain, type ConnectEnvironment } from '../connect-command.js';
import { memoryIo } from '../test-io.js';
import { guardOutput, OutputFailure, outputFailureStatus } from '../output.js';
import {
  createFicsStandIn,
  realTimers,
  type FicsStandInSession,
  type StandInServer,
  type Timers,
} from '@chess-formats/client';
import { listenStandIn, tcpConnect } from '@chess-formats/client/node';
import { parseRecordedSession, type SessionStep } from './recorded-session.js';
import type { ConnectDeps } from './session.js';

const SESSIONS = new URL('../../samples/sessions/', import.meta.url);

/** A recorded session of samples/sessions by file name. */
export function sampleSession(name: string): string {
  return readFileSync(new URL(name, SESSIONS), 'utf8');
}

export interface HarnessOptions {
  /** Options before HOST PORT. */
  readonly args?: readonly string[];
  /** The GAME argument. */
  readonly game?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Called with each piece of output; may abort the run (a Ctrl-C in the middle). */
  readonly onOutput?: (text: string, interrupt: (reason: 'SIGINT' | 'SIGTERM') => void) => void;
  readonly loginTimeoutMs?: number;
  readonly observeTimeoutMs?: number;
  /** Standard output fails with this code (`EPIPE`, `ENOSPC`) from the first write on; main's rule applies. */
  readonly outputError?: string;
  /** A port with no server behind it, instead of the stand-in. */
  readonly port?: number;
  /** Called at each reconnection wait (which is recorded, not slept). */
  readonly onWait?: (ms: number) => void;
  /** What the command takes from its environment, replaced (a clock, a failing file writer). */
  readonly deps?: Partial<ConnectDeps>;
  /** For `runAgainstSession`: the registered handles of the stand-in and their passwords. */
  readonly users?: Readonly<Record<string, string>>;
  /** For `runAgainstSession`: the name a guest gets. */
  readonly guestName?: string;
}

/** What a stand-in FICS saw of each connection: the client's lines (block identifiers taken off), timeseal, pings. */
export interface StandInReport {
  readonly received: string[][];
  readonly problems: string[];
  /** The timeseal version of each connection's hello, 0 for none. */
  readonly timeseal: number[];
  readonly pings: { sent: number; answered: number }[];
}

export interface HarnessResult {
  readonly status: number;
  readonly out: string;
  readonly err: string;
  readonly report: StandInReport | undefined;
  /** The reconnection waits asked for, in order (they are not waited for). */
  readonly waits: number[];
}

/** A stand-in's sessions as a report: a block identifier (`12 observe 87`) is taken off each command. */
export function ficsReport(sessions: readonly FicsStandInSession[]): StandInReport {
  return {
    received: sessions.map((session) => session.received.map((line) => line.replace(/^\d{1,2} (?=\S)/, ''))),
    problems: sessions.flatMap((session) => [...session.problems]),
    timeseal: sessions.map((session) => session.timeseal),
    pings: sessions.map((session) => ({ sent: session.pingsSent, answered: session.pingsAnswered })),
  };
}

/** What the stand-in answers one command of a recorded session with: its reply's lines, then what the server does next. */
interface Scripted {
  readonly reply: string[];
  readonly then: readonly SessionStep[];
}

const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/**
 * A recorded FICS session as a stand-in's script: for each connection, each command the
 * client sends (`> observe 87`) is answered with the server lines right after it, and the steps
 * up to the next command (boards, pings, a drop) follow the reply. The login is the stand-in's
 * own (registered handles from `users`, a guest named `guestName`).
 */
function scriptOf(session: string): Map<string, Scripted>[] {
  return parseRecordedSession(session).connections.map((steps) => {
    const script = new Map<string, Scripted>();
    steps.forEach((step, index) => {
      if (step.kind !== 'expect' || step.line === undefined) return;
      const reply: string[] = [];
      let at = index + 1;
      for (; at < steps.length; at++) {
        const next = steps[at] as SessionStep;
        if (next.kind !== 'send') break;
        const text = latin1(next.bytes);
        if (!text.endsWith('\n\r')) break;
        reply.push(text.slice(0, -2));
      }
      const then: SessionStep[] = [];
      for (; at < steps.length && steps[at]?.kind !== 'expect'; at++) then.push(steps[at] as SessionStep);
      script.set(step.line, { reply, then });
    });
    return script;
  });
}

/**
 * Runs `chess-formats connect [args] 127.0.0.1 PORT [game]` against a stand-in FICS on loopback
 * whose answers come from `session` (text in the recorded-session format: see scriptOf).
 */
export async function runAgainstSession(
  session: string | undefined,
  options: HarnessOptions = {},
): Promise<HarnessResult> {
  if (session === undefined) return runAgainstStandIn(undefined, options);
  const script = scriptOf(session);
  const standIn = createFicsStandIn({
    ...(options.users === undefined ? {} : { users: options.users }),
    guestName: options.guestName ?? 'GuestABCD',
    onCommand: (command, served) => {
      const scripted = script[served.index]?.get(command);
      if (scripted === undefined) return undefined;
      setTimeout(() => {
        let text = '';
        const flush = () => {
          if (text !== '') served.send(text);
          text = '';
        };
        for (const step of scripted.then) {
          if (step.kind === 'send') text += latin1(step.bytes);
          else if (step.kind === 'ping') {
            flush();
            served.ping();
          } else if (step.kind === 'drop' || step.kind === 'reset') {
            flush();
            served.drop();
            return;
          }
        }
        flush();
      }, 5);
      return scripted.reply;
    },
  });
  const result = await runAgainstStandIn(standIn, options);
  return { ...result, report: ficsReport(standIn.sessions) };
}

/**
 * Runs `chess-formats connect [args] 127.0.0.1 PORT [game]` against a stand-in (FICS or ICC)
 * served on a loopback port. Reconnection waits are recorded, not slept.
 */
export async function runAgainstStandIn(
  standIn: StandInServer | undefined,
  options: HarnessOptions = {},
): Promise<HarnessResult> {
  const server = standIn === undefined ? undefined : await listenStandIn(standIn);
  const port = options.port ?? server?.port ?? 1;
  const { io, captured } = memoryIo('');
  const controller = new AbortController();
  const interrupt = (reason: 'SIGINT' | 'SIGTERM') => controller.abort(reason);
  const waits: number[] = [];
  const timers: Timers = {
    sleep: (ms) => {
      waits.push(ms);
      options.onWait?.(ms);
      return Promise.resolve();
    },
    start: realTimers.start,
  };
  const environment: ConnectEnvironment = {
    env: options.env ?? {},
    askPassword: () => Promise.resolve(undefined),
    signal: controller.signal,
    deps: {
      connect: tcpConnect(2000),
      timers,
      loginTimeoutMs: options.loginTimeoutMs ?? 10_000,
      observeTimeoutMs: options.observeTimeoutMs ?? 10_000,
      ...options.deps,
    },
  };
  const watched = {
    ...io,
    out: (text: string) => {
      const code = options.outputError;
      if (code !== undefined) return Promise.reject(Object.assign(new Error(`${code}: write failed`), { code }));
      void io.out(text);
      options.onOutput?.(text, interrupt);
      return Promise.resolve();
    },
    err: (text: string) => {
      void io.err(text);
      options.onOutput?.(text, interrupt);
    },
  };
  try {
    const game = options.game === undefined ? [] : [options.game];
    const args = [...(options.args ?? []), '127.0.0.1', String(port), ...game];
    // As main runs it: through the guarded output, with the rule for a failed write.
    const status = await connectMain(args, guardOutput(watched), environment).catch((error: unknown) => {
      if (!(error instanceof OutputFailure)) throw error;
      return outputFailureStatus(error, 0, watched);
    });
    return { status, out: captured.out, err: captured.err, report: undefined, waits };
  } finally {
    // The client's farewell (`quit`) is on its way when the command returns: the stand-in reads it before it stops.
    const sessions = (standIn as { sessions?: readonly { open: boolean }[] } | undefined)?.sessions ?? [];
    for (let waited = 0; waited < 1000 && sessions.some((session) => session.open); waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await server?.close();
  }
}
