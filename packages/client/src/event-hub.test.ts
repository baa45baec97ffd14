import { describe, expect, test } from 'vitest';
import { DEFAULT_MAX_QUEUED_EVENTS } from './client.js';
import { createEventHub } from './event-hub.js';

type Event = { readonly kind: 'n'; readonly n: number } | { readonly kind: 'stopped' };

async function take<T>(iterator: AsyncIterator<T>, count: number): Promise<T[]> {
  const out: T[] = [];
  while (out.length < count) {
    const next = await iterator.next();
    if (next.done === true) break;
    out.push(next.value);
  }
  return out;
}

describe('createEventHub', () => {
  test('a slow iterator keeps the newest events and is told how many it missed', async () => {
    const hub = createEventHub<Event>(undefined, 3);
    const events = hub.events();
    const iterator = events[Symbol.asyncIterator]();
    const first = iterator.next();
    hub.emit({ kind: 'n', n: 0 });
    expect((await first).value).toEqual({ kind: 'n', n: 0 });
    for (let n = 1; n <= 10; n++) hub.emit({ kind: 'n', n });
    hub.emit({ kind: 'stopped' });
    const rest: unknown[] = [];
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) rest.push(next.value);
    expect(rest).toEqual([
      { kind: 'events-dropped', count: 8 },
      { kind: 'n', n: 9 },
      { kind: 'n', n: 10 },
      { kind: 'stopped' },
    ]);
  });

  test('each iterator sees the events from when it starts; after stopped, a new one ends at once', async () => {
    const seen: Event[] = [];
    const hub = createEventHub<Event>((event) => {
      seen.push(event);
      throw new Error('a listener fault stays the listener’s');
    }, 'no number');
    hub.emit({ kind: 'n', n: 1 });
    const late = hub.events()[Symbol.asyncIterator]();
    hub.emit({ kind: 'n', n: 2 });
    hub.emit({ kind: 'stopped' });
    expect(await take(late, 5)).toEqual([{ kind: 'n', n: 2 }, { kind: 'stopped' }]);
    expect(await take(hub.events()[Symbol.asyncIterator](), 5)).toEqual([]);
    expect(seen).toHaveLength(3);
  });

  test('an option that is not a whole number from 1 gives the default', () => {
    const hub = createEventHub<Event>(undefined, 0);
    const iterator = hub.events()[Symbol.asyncIterator]();
    for (let n = 0; n < DEFAULT_MAX_QUEUED_EVENTS + 5; n++) hub.emit({ kind: 'n', n });
    return expect(iterator.next()).resolves.toEqual({ done: false, value: { kind: 'events-dropped', count: 5 } });
  });
});
