import type { Datagram, FieldsOfName } from '@chess-formats/icc-dg';

/**
 * ICC's live seek and offer books, kept from datagrams (formats2.txt, DG 29, 30, 50, 51). They
 * live in the client package rather than in icc-dg because what makes them a book is client
 * policy: they are emptied when the connection drops (the server sends the whole lists again on
 * the next login), and they are bounded so that a server cannot grow them without end.
 */

/** A seek ad as DG_SEEK gives it (`index` is the server's key; ratings, time in minutes, increment in seconds). */
export type IccSeek = FieldsOfName<'DG_SEEK'>;

/** A pending challenge to or from us, as DG_MATCH gives it (identified by challenger and receiver). */
export type IccOffer = FieldsOfName<'DG_MATCH'>;

/** Why a seek left the book, by DG_SEEK_REMOVED's reason code (5 and unknown codes are `unavailable`). */
export type IccSeekRemoval = 'left' | 'playing' | 'removed' | 'replaced' | 'unavailable';

const REMOVALS: Readonly<Record<number, IccSeekRemoval>> = { 1: 'left', 2: 'playing', 3: 'removed', 4: 'replaced' };

/** What a datagram changed in the books. */
export type IccBookChange =
  | { readonly kind: 'seek'; readonly seek: IccSeek }
  | { readonly kind: 'seek-removed'; readonly index: number; readonly why: IccSeekRemoval; readonly seek?: IccSeek }
  | { readonly kind: 'offer'; readonly offer: IccOffer }
  | {
      readonly kind: 'offer-removed';
      readonly challenger: string;
      readonly receiver: string;
      readonly explanation: string;
      readonly offer?: IccOffer;
    };

/**
 * The most seeks kept: the spec's seek index is at most 1999 "currently"; twice that leaves room
 * for a larger server, and a hostile one cannot grow the book past it (the oldest ad goes).
 */
export const MAX_SEEKS = 4000;
/** The most pending challenges kept (the oldest goes beyond it). */
export const MAX_OFFERS = 1000;

const offerKey = (challenger: string, receiver: string): string =>
  `${challenger.toLowerCase()} ${receiver.toLowerCase()}`;

/** The seek and offer books of one client. */
export class IccBooks {
  private readonly seekBook = new Map<number, IccSeek>();
  private readonly offerBook = new Map<string, IccOffer>();

  /** The seeks, oldest ad first. */
  seeks(): IccSeek[] {
    return [...this.seekBook.values()];
  }

  /** The pending challenges, oldest first. */
  offers(): IccOffer[] {
    return [...this.offerBook.values()];
  }

  /** Empties both books (the connection dropped: the next login sends them again). */
  clear(): void {
    this.seekBook.clear();
    this.offerBook.clear();
  }

  /** Reads one datagram; returns what changed, or undefined for a datagram of no book. */
  read(datagram: Datagram): IccBookChange | undefined {
    switch (datagram.name) {
      case 'DG_SEEK': {
        const seek = datagram.fields;
        // A replaced ad takes the place of the old one: delete first so it counts as the newest.
        this.seekBook.delete(seek.index);
        this.seekBook.set(seek.index, seek);
        if (this.seekBook.size > MAX_SEEKS) this.seekBook.delete(this.seekBook.keys().next().value as number);
        return { kind: 'seek', seek };
      }
      case 'DG_SEEK_REMOVED': {
        const { index, reasonCode } = datagram.fields;
        const seek = this.seekBook.get(index);
        this.seekBook.delete(index);
        const why = REMOVALS[reasonCode] ?? 'unavailable';
        return seek === undefined ? { kind: 'seek-removed', index, why } : { kind: 'seek-removed', index, why, seek };
      }
      case 'DG_MATCH': {
        const offer = datagram.fields;
        const key = offerKey(offer.challengerName, offer.receiverName);
        this.offerBook.delete(key);
        this.offerBook.set(key, offer);
        if (this.offerBook.size > MAX_OFFERS) this.offerBook.delete(this.offerBook.keys().next().value as string);
        return { kind: 'offer', offer };
      }
      case 'DG_MATCH_REMOVED': {
        const { challengerName: challenger, receiverName: receiver, explanationString: explanation } = datagram.fields;
        const key = offerKey(challenger, receiver);
        const offer = this.offerBook.get(key);
        this.offerBook.delete(key);
        return offer === undefined
          ? { kind: 'offer-removed', challenger, receiver, explanation }
          : { kind: 'offer-removed', challenger, receiver, explanation, offer };
      }
      default:
        return undefined;
    }
  }
}
