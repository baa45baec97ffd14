import type { Server } from 'node:net';
import { realTimers, type Timers } from '../backoff.js';

/** Waits (a little) until `check` holds; a test that waits longer has failed. */
export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Timers whose sleeps are recorded and not waited for (the backoff schedule, checked). */
export function recordingTimers(): { timers: Timers; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    timers: {
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      start: realTimers.start,
    },
  };
}

/** Starts `server` on a free loopback port; resolves with the port. */
export function listenOnLoopback(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('no port'));
      else resolve(address.port);
    });
  });
}
