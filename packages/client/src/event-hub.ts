import { DEFAULT_MAX_QUEUED_EVENTS, type EventsDropped } from './client.js';
import { positiveInteger } from './shared.js';

/**
 * Where a client's events go: to the `onEvent` callback, and to each `events()` iterator, which
 * holds at most `maxQueued` events a slow reader has not taken; beyond, the oldest go and the
 * iterator yields one `events-dropped` saying how many, so memory stays bounded under a flood.
 */
export interface EventHub<Event> {
  /**
   * Hands an event to the callback (whose faults are its own) and to every open iterator; after
   * `stopped`, the client's last event, the iterators end.
   */
  emit(event: Event): void;
  /** A new iterable; each iterator sees the events from when it starts. */
  events(): AsyncIterable<Event | EventsDropped>;
  /** Ends every iterator once it has yielded what it holds; later iterators end at once. */
  end(): void;
}

/** One iterator's queue; `head` moves instead of shifting, and the array is cut now and then. */
interface Subscriber<Event> {
  queue: Event[];
  head: number;
  dropped: number;
  done: boolean;
  wake: (() => void) | undefined;
}

/** Taken entries kept at the queue's start before it is cut (so a long run does not copy on every event). */
const COMPACT_AFTER = 1024;

/** A client's hub: `maxQueuedEvents` as the option gave it (a whole number from 1, else the default). */
export function createEventHub<Event extends { readonly kind: string }>(
  onEvent: ((event: Event) => void) | undefined,
  maxQueuedEvents: unknown,
): EventHub<Event> {
  const maxQueued = positiveInteger(maxQueuedEvents, DEFAULT_MAX_QUEUED_EVENTS);
  const subscribers = new Set<Subscriber<Event>>();
  let ended = false;

  const wake = (s: Subscriber<Event>): void => {
    const w = s.wake;
    s.wake = undefined;
    w?.();
  };

  const emit = (event: Event): void => {
    if (onEvent !== undefined) {
      try {
        onEvent(event);
      } catch {
        // A listener's fault is its own: the session goes on.
      }
    }
    for (const s of subscribers) {
      if (s.done) continue;
      if (s.queue.length - s.head >= maxQueued) {
        s.head++;
        s.dropped++;
      }
      s.queue.push(event);
      if (s.head > COMPACT_AFTER && s.head * 2 > s.queue.length) {
        s.queue = s.queue.slice(s.head);
        s.head = 0;
      }
      wake(s);
    }
    if (event.kind === 'stopped') end();
  };

  const events = (): AsyncIterable<Event | EventsDropped> => ({
    [Symbol.asyncIterator](): AsyncIterator<Event | EventsDropped> {
      const s: Subscriber<Event> = { queue: [], head: 0, dropped: 0, done: ended, wake: undefined };
      if (!ended) subscribers.add(s);
      const finish = (): IteratorResult<Event | EventsDropped> => {
        subscribers.delete(s);
        s.done = true;
        s.queue = [];
        s.head = 0;
        return { done: true, value: undefined };
      };
      return {
        async next(): Promise<IteratorResult<Event | EventsDropped>> {
          for (;;) {
            if (s.dropped > 0) {
              const count = s.dropped;
              s.dropped = 0;
              return { done: false, value: { kind: 'events-dropped', count } };
            }
            if (s.head < s.queue.length) {
              const value = s.queue[s.head] as Event;
              s.head++;
              return { done: false, value };
            }
            if (s.done) return finish();
            await new Promise<void>((resolve) => {
              s.wake = resolve;
            });
          }
        },
        return(): Promise<IteratorResult<Event | EventsDropped>> {
          const result = finish();
          wake(s);
          return Promise.resolve(result);
        },
      };
    },
  });

  const end = (): void => {
    ended = true;
    for (const s of subscribers) {
      s.done = true;
      wake(s);
    }
    subscribers.clear();
  };

  return { emit, events, end };
}
