import type { ConnectEnvironment } from '../connect-command.js';

/**
 * Reads a line from the terminal without echo. Undefined when standard input is not a
 * terminal (a pipe or a file is never read for a password: that would hide mistakes).
 */
export function askPasswordOnTerminal(prompt: string): Promise<string | undefined> {
  const stdin = process.stdin;
  if (!stdin.isTTY) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    let password = '';
    const done = (value: string | undefined) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      resolve(value);
    };
    const onData = (data: Buffer) => {
      for (const char of data.toString('utf8')) {
        if (char === '\r' || char === '\n') return done(password);
        // Ctrl-C or Ctrl-D: no password; the command then stops with a usage error.
        if (char === '\u0003' || char === '\u0004') return done(undefined);
        if (char === '\u007f' || char === '\b') password = password.slice(0, -1);
        else if (password.length < 1024) password += char;
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * The real process: its environment, its terminal, and its signals. The first Ctrl-C (or
 * SIGTERM) asks the session to stop cleanly (send `quit`, close, exit 130 or 143); a second
 * one exits at once with the same status.
 */
export function processConnectEnvironment(): ConnectEnvironment {
  const controller = new AbortController();
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => () => {
    if (controller.signal.aborted) process.exit(signal === 'SIGINT' ? 130 : 143);
    controller.abort(signal);
  };
  process.on('SIGINT', onSignal('SIGINT'));
  process.on('SIGTERM', onSignal('SIGTERM'));
  return {
    env: process.env,
    askPassword: askPasswordOnTerminal,
    signal: controller.signal,
  };
}
