// Types only: the dialect every streaming reader speaks, so that a client learns it once.

/** An event of a streaming reader: every event is tagged by its `kind`. */
export interface StreamEvent {
  /** What the event is (`datagram`, `board`, `game`, `move`, ...); each reader lists its own. */
  readonly kind: string;
}

/**
 * The surface of every streaming reader of the packages (the icc-dg decoder and tracker, the
 * style12 scanner and tracker, the PGN reader): push chunks split anywhere, then call `end`.
 *
 * - `push(chunk)` returns the events the chunk completes, in order;
 *   `push(chunk, onEvent)` hands them to `onEvent` instead, in order, and returns nothing.
 * - `end()` / `end(onEvent)` likewise gives what was held back (an unfinished line, a position
 *   waiting for its clocks) and readies the reader for a new stream.
 *
 * The events are the same however the input is split, and whether or not a callback takes
 * them. A reader never throws; an exception thrown by `onEvent` passes through to the caller,
 * and the events of that chunk not yet handed over are dropped.
 */
export interface EventStream<Chunk, Event extends StreamEvent> {
  /** The events `chunk` completes, in order. */
  push(chunk: Chunk): Event[];
  /** Hands the events `chunk` completes to `onEvent`, in order. */
  push(chunk: Chunk, onEvent: (event: Event) => void): void;
  /** The events held back until the end of the stream; the reader then starts afresh. */
  end(): Event[];
  /** `end()`, with the events handed to `onEvent`. */
  end(onEvent: (event: Event) => void): void;
}
