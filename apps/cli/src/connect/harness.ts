import { readFileSync } from 'node:fs';
import { connectMain, type ConnectEnvironment } from '../connect-command.js';
import { memoryIo } from '../test-io.js';
import { guardOutput, OutputFailure, outputFailureStatus } from '../output.js';
import { realTimers, type Timers } from '@chess-formats/client';
import { protocolDecoders } from './decoders.js';
import { startFakeServer, type FakeServerReport } from './fake-server.js';
import { parseRecordedSession } from './recorded-session.js';
import { tcpConnect } from '@chess-formats/client/node';

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
  /** A port with no server behind it, instead of the fake server. */
  readonly port?: number;
  /** The decoders of the server's output, instead of the real ones (to make one fail). */
  readonly decoders?: ConnectEnvironment['decoders'];
}

export interface HarnessResult {
  readonly status: number;
  readonly out: string;
  readonly err: string;
  readonly report: FakeServerReport | undefined;
  /** The reconnection waits asked for, in order (they are not waited for). */
  readonly waits: number[];
}

/**
 * Runs `chess-formats connect [args] 127.0.0.1 PORT [game]` against a fake server replaying `session`
 * (text in the recorded-session format). Reconnection waits are recorded, not slept.
 */
export async function runAgainstSession(
  session: string | undefined,
  options: HarnessOptions = {},
): Promise<HarnessResult> {
  const server = session === undefined ? undefined : await startFakeServer(parseRecordedSession(session), 15_000);
  const port = options.port ?? server?.port ?? 1;
  const { io, captured } = memoryIo('');
  const controller = new AbortController();
  const interrupt = (reason: 'SIGINT' | 'SIGTERM') => controller.abort(reason);
  const waits: number[] = [];
  const timers: Timers = {
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    start: realTimers.start,
  };
  const environment: ConnectEnvironment = {
    env: options.env ?? {},
    askPassword: () => Promise.resolve(undefined),
    decoders: options.decoders ?? protocolDecoders,
    signal: controller.signal,
    deps: {
      connect: tcpConnect(2000),
      timers,
      loginTimeoutMs: options.loginTimeoutMs ?? 10_000,
      observeTimeoutMs: options.observeTimeoutMs ?? 10_000,
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
    return { status, out: captured.out, err: captured.err, report: await server?.stopped, waits };
  } finally {
    server?.stop();
  }
}
