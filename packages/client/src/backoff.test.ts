import { expect, test } from 'vitest';
import { backoffDelay, realTimers } from './backoff.js';

test('delays double from the base and stop at the maximum', () => {
  expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt))).toEqual([
    1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
  ]);
  expect(backoffDelay(1000, { baseMs: 10, maxMs: 50 })).toBe(50);
  expect(backoffDelay(0, { baseMs: 10, maxMs: 50 })).toBe(10);
});

test('the real sleep ends early when the signal aborts', async () => {
  const controller = new AbortController();
  const started = Date.now();
  const sleeping = realTimers.sleep(60_000, controller.signal);
  controller.abort();
  await sleeping;
  expect(Date.now() - started).toBeLessThan(1000);
});
