import type { Offer, Seek } from './machine.js';
import type { FicsEvent } from './reader.js';

/**
 * The seeks on offer, kept from a session's `seek`, `seek-remove`, `seek-ads-removed` and
 * `seek-clear` events (`iset seekinfo 1`), made by `createSeekBook`.
 */
export interface SeekBook {
  /** Applies one event of a session reader; returns whether the book changed (other events change nothing). */
  apply(event: FicsEvent): boolean;
  /** The seek of that index, if it is on offer. */
  get(index: number): Seek | undefined;
  /** Every seek on offer, oldest first. */
  seeks(): Seek[];
  /** How many seeks are on offer. */
  readonly size: number;
  /** Forgets every seek (a new session). */
  clear(): void;
}

/** Options of `createSeekBook` and `createOfferBook`. */
export interface BookOptions {
  /** The most entries kept, a whole number from 1 (default 1000 seeks, 256 offers); the oldest goes beyond it. */
  readonly maxEntries?: number;
}

function bound(options: BookOptions | undefined, fallback: number): number {
  const max = typeof options === 'object' && options !== null ? options.maxEntries : undefined;
  return typeof max === 'number' && Number.isSafeInteger(max) && max >= 1 ? max : fallback;
}

/** Map order is insertion order: an entry set again moves to the end, and the first is the oldest. */
function put<T>(map: Map<number, T>, key: number, value: T, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as number);
}

/**
 * A seek book: `<s>`/`<sn>` add or replace a seek by its index, `<sr>` and `Ads removed:`
 * remove seeks, `<sc>` clears them all. Never throws; memory is bounded by `maxEntries`.
 *
 * @example
 * ```ts
 * import { createFicsReader, createSeekBook } from '@chess-formats/fics';
 * const reader = createFicsReader();
 * const book = createSeekBook();
 * const lines = '<s> 7 w=Alice ti=00 rt=1500  t=3 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f\n<s> 9 w=Bob ti=02 rt=1700P t=5 i=2 r=u tp=blitz c=W rr=0-9999 a=t f=f\n<sr> 7\n';
 * for (const event of [...reader.push(lines), ...reader.end()]) book.apply(event);
 * console.log(book.seeks().map((s) => `${s.name} ${s.rating.text}`).join(', ')); // → Bob 1700P
 * ```
 */
export function createSeekBook(options?: BookOptions): SeekBook {
  const max = bound(options, 1000);
  const seeks = new Map<number, Seek>();
  const remove = (indexes: readonly number[]): boolean => {
    let changed = false;
    for (const index of indexes) changed = seeks.delete(index) || changed;
    return changed;
  };
  return {
    apply(event) {
      if (typeof event !== 'object' || event === null) return false;
      switch (event.kind) {
        case 'seek':
          put(seeks, event.seek.index, event.seek, max);
          return true;
        case 'seek-remove':
        case 'seek-ads-removed':
          return remove(event.indexes);
        case 'seek-clear': {
          const changed = seeks.size > 0;
          seeks.clear();
          return changed;
        }
        default:
          return false;
      }
    },
    get: (index) => seeks.get(index),
    seeks: () => [...seeks.values()],
    get size() {
      return seeks.size;
    },
    clear: () => seeks.clear(),
  };
}

/** The offers pending, kept from a session's `offer` and `offer-remove` events (`iset pendinfo 1`), made by `createOfferBook`. */
export interface OfferBook {
  /** Applies one event of a session reader; returns whether the book changed. */
  apply(event: FicsEvent): boolean;
  /** The offer of that index, if it is pending. */
  get(index: number): Offer | undefined;
  /** Every pending offer, oldest first; `direction` filters those made by the user (`to`) or received (`from`). */
  offers(direction?: 'to' | 'from'): Offer[];
  /** How many offers are pending. */
  readonly size: number;
  /** Forgets every offer (a new session). */
  clear(): void;
}

/**
 * An offer book: `<pt>`/`<pf>` add an offer by its index, `<pr>` removes it (accepted,
 * declined, withdrawn or void). Never throws; memory is bounded by `maxEntries`.
 *
 * @example
 * ```ts
 * import { createFicsReader, createOfferBook } from '@chess-formats/fics';
 * const reader = createFicsReader();
 * const book = createOfferBook();
 * const lines = '<pf> 14 w=Bob t=draw p=#\n<pf> 15 w=Bob t=takeback p=2\n<pr> 14\n';
 * for (const event of [...reader.push(lines), ...reader.end()]) book.apply(event);
 * console.log(book.offers('from').map((o) => `${o.type} ${String(o.plies)}`).join(', ')); // → takeback 2
 * ```
 */
export function createOfferBook(options?: BookOptions): OfferBook {
  const max = bound(options, 256);
  const offers = new Map<number, Offer>();
  return {
    apply(event) {
      if (typeof event !== 'object' || event === null) return false;
      if (event.kind === 'offer') {
        put(offers, event.offer.index, event.offer, max);
        return true;
      }
      return event.kind === 'offer-remove' ? offers.delete(event.index) : false;
    },
    get: (index) => offers.get(index),
    offers: (direction) => [...offers.values()].filter((o) => direction === undefined || o.direction === direction),
    get size() {
      return offers.size;
    },
    clear: () => offers.clear(),
  };
}
