import { createOfferBook, createSeekBook, type FicsEvent, type Offer, type Seek } from '@chess-formats/fics';

/** What `connect --seeks` prints, one JSON object a line, as the seek and offer books change. */
export type BookLine =
  | { readonly kind: 'seek'; readonly seek: Seek }
  | { readonly kind: 'seek-removed'; readonly index: number }
  | { readonly kind: 'seeks-cleared' }
  | { readonly kind: 'offer'; readonly offer: Offer }
  | { readonly kind: 'offer-removed'; readonly index: number };

/** Both books of one connection, and the lines that say how each event changed them. */
export interface BookPrinter {
  /** The lines an event of the session reader makes: none when it changes neither book. */
  push(event: FicsEvent): BookLine[];
  /** The seeks and offers now, oldest first. */
  readonly seeks: () => readonly Seek[];
  readonly offers: () => readonly Offer[];
}

/**
 * The seek and offer books of the fics package (bounded: the oldest entry goes past 1000 seeks
 * or 256 offers), with one line per change: a seek added or replaced, each seek of a removal
 * that was on the book (the server also removes seeks it never sent), all cleared (only when
 * some were there), an offer made or received, an offer gone.
 */
export function createBookPrinter(): BookPrinter {
  const seeks = createSeekBook();
  const offers = createOfferBook();
  return {
    push(event) {
      switch (event.kind) {
        case 'seek':
          seeks.apply(event);
          return [{ kind: 'seek', seek: event.seek }];
        case 'seek-remove':
        case 'seek-ads-removed': {
          const gone = event.indexes.filter((index) => seeks.get(index) !== undefined);
          seeks.apply(event);
          return gone.map((index) => ({ kind: 'seek-removed', index }));
        }
        case 'seek-clear':
          return seeks.apply(event) ? [{ kind: 'seeks-cleared' }] : [];
        case 'offer':
          offers.apply(event);
          return [{ kind: 'offer', offer: event.offer }];
        case 'offer-remove':
          return offers.apply(event) ? [{ kind: 'offer-removed', index: event.index }] : [];
        default:
          return [];
      }
    },
    seeks: () => seeks.seeks(),
    offers: () => offers.offers(),
  };
}
