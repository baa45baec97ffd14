import type { EventStream } from '@chess-formats/board-core';
import { createTextIntake } from '@chess-formats/board-core/internal';
import type { IccError } from './errors.js';
import { Framing } from './framing.js';
import type { Datagram } from './schema.js';
import { settingBits, type SettingNames } from './settings.js';

/** What the decoder takes: bytes exactly as they come off a socket, or text already decoded. */
export type IccChunk = Uint8Array | string;

/**
 * One thing the server said. Units are level 1 (formats2.txt, section 3): `unit-start` is the
 * `^Y[` header (`depth` 1 for the outermost unit), `unit-end` its `^Y]` (`depth` 0 for the
 * extra `^Y]` the server sends when it disconnects you). `command-start` / `command-end` are
 * `^Y<` / `^Y>` (level1 & 2). A `datagram` is level 2 (section 4). `text` is everything else,
 * one line (with its line end) or the text before a delimiter per event. `overflow` is the
 * control-Z of a full output buffer (Appendix 1): output was lost.
 */
export type IccEvent =
  | {
      readonly kind: 'unit-start';
      readonly command: number;
      readonly player: string;
      readonly tag?: string;
      readonly depth: number;
    }
  | { readonly kind: 'unit-end'; readonly depth: number }
  | { readonly kind: 'command-start' }
  | { readonly kind: 'command-end' }
  | {
      readonly kind: 'datagram';
      readonly datagram: Datagram;
      /** Where its `^Y(` stands in the decoded stream (UTF-16 code units since the first chunk). */
      readonly offset: number;
    }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'overflow' }
  | { readonly kind: 'error'; readonly error: IccError };

/**
 * Options of `createIccDecoder`: the level 2 settings in force, and the limits that bound the
 * memory a hostile stream can take.
 */
export interface IccDecoderOptions {
  /**
   * The level 2 variables that are on (the list given to `level2Settings`), by name or number.
   * Datagrams whose shape depends on them (DG_SEND_MOVES, DG_MOVE_LIST, DG_PLAYER_ARRIVED,
   * DG_MATCH, ...) are read by them. A DG_SET2 acknowledgement updates them.
   */
  readonly settings?: SettingNames;
  /** The longest datagram, in characters between `^Y(` and `^Y)` (default 1 MiB). */
  readonly maxDatagramSize?: number;
  /** The longest outermost unit, in characters from `^Y[` to its `^Y]` (default 16 MiB). */
  readonly maxUnitSize?: number;
  /** The longest text event; longer lines come in pieces of this size (default 64 KiB). */
  readonly maxTextSize?: number;
  /** How bytes become text: `utf-8` (default; bytes that are not UTF-8 become U+FFFD) or `latin1`. */
  readonly encoding?: 'utf-8' | 'latin1';
  /**
   * Builds each datagram's `fields` with a small function generated from the schema's field
   * names (`new Function`; never from the input): 1.2-1.3x faster. Default true. Where
   * eval is refused the decoder falls back by itself; a page whose Content-Security-Policy
   * forbids 'unsafe-eval' passes false so that the browser has no violation to report.
   */
  readonly compile?: boolean;
}

/**
 * A streaming decoder of ICC's output, made by `createIccDecoder`: push chunks split anywhere
 * (text or bytes), then call `end`; the events are the same however the stream is split.
 * Board-core's `EventStream`, as every streaming reader of the packages is.
 */
export interface IccDecoder extends EventStream<IccChunk, IccEvent> {
  /** The events the chunk completes, in order; never throws. */
  push(chunk: IccChunk): IccEvent[];
  /**
   * Hands the events the chunk completes to `onEvent`, in order, as they are read: no array
   * holds them all (a large chunk is then as fast as small ones). The decoder itself never
   * throws; an exception thrown by `onEvent` passes through, and the rest of that chunk is dropped.
   */
  push(chunk: IccChunk, onEvent: (event: IccEvent) => void): void;
  /** Flushes what is left (an unfinished line, datagram or header) and resets the decoder. */
  end(): IccEvent[];
  /** `end()`, with the events handed to `onEvent` (see `push`). */
  end(onEvent: (event: IccEvent) => void): void;
  /** The characters held while waiting for a delimiter: at most about the largest size option. */
  buffered(): number;
}

function limit(value: unknown, fallback: number): number {
  return typeof value === 'number' && value >= 1 ? Math.floor(value) : fallback;
}

/**
 * Decodes ICC output (level 0, 1 and 2, mixed) from chunks of any size; see {@link IccEvent}.
 *
 * @example
 * ```ts
 * import { createIccDecoder } from '@chess-formats/icc-dg';
 * const decoder = createIccDecoder({ settings: ['DG_MOVE_SMITH'] });
 * for (const event of decoder.push('\x19(24 117 e2e4\x19)'))
 *   if (event.kind === 'datagram') console.log(event.datagram.name, event.datagram.fields); // → DG_SEND_MOVES { gameNumber: 117, smithMove: 'e2e4' }
 * ```
 */
export function createIccDecoder(options: IccDecoderOptions = {}): IccDecoder {
  const opts: IccDecoderOptions = typeof options === 'object' && options !== null ? options : {};
  const framing = new Framing({
    maxDatagram: limit(opts.maxDatagramSize, 1 << 20),
    maxUnit: limit(opts.maxUnitSize, 1 << 24),
    maxText: limit(opts.maxTextSize, 1 << 16),
    compile: opts.compile !== false,
    settings: settingBits(opts.settings),
  });
  // Chunks may mix bytes and strings: the intake makes them the text of the stream (a byte-order
  // mark at its very start dropped, held bytes flushed before a string) or ignores them.
  const intake = createTextIntake(undefined, opts.encoding === 'latin1');

  /** Reads `chunk` (then flushes, when `final`) with events going to `onEvent`, or gathered when it is not a function. */
  const read = (chunk: unknown, onEvent: unknown, final: boolean): IccEvent[] => {
    const gather = typeof onEvent !== 'function';
    framing.setSink(gather ? null : (onEvent as (event: IccEvent) => void));
    framing.sinkThrew = false;
    try {
      const text = final ? intake.end() : intake.push(chunk);
      if (text !== undefined && text !== '') framing.read(text);
      if (final) framing.finish();
    } catch (e) {
      if (framing.sinkThrew) {
        framing.abandonChunk();
        framing.setSink(null);
        throw e;
      }
      // Unreachable by design; a defect must not take the caller's connection down with it.
      framing.internalFault(e);
    }
    framing.setSink(null);
    return gather ? framing.take() : (undefined as unknown as IccEvent[]);
  };

  return {
    buffered: () => framing.buffered(),
    push: (chunk: IccChunk, onEvent?: (event: IccEvent) => void): IccEvent[] => read(chunk, onEvent, false),
    end(onEvent?: (event: IccEvent) => void): IccEvent[] {
      try {
        return read(undefined, onEvent, true);
      } finally {
        framing.reset();
      }
    },
  } as IccDecoder;
}

/**
 * The decoder as a WHATWG `Transformer`: `new TransformStream(iccDecoderTransformer())` turns a
 * stream of chunks (a socket's readable side) into a stream of events.
 */
export function iccDecoderTransformer(options?: IccDecoderOptions): {
  /** Decodes a chunk and enqueues the events it completes. */
  transform(chunk: IccChunk, controller: { enqueue(event: IccEvent): void }): void;
  /** Enqueues what is left at the end of the stream. */
  flush(controller: { enqueue(event: IccEvent): void }): void;
} {
  const decoder = createIccDecoder(options);
  return {
    transform(chunk, controller) {
      decoder.push(chunk, (event) => controller.enqueue(event));
    },
    flush(controller) {
      decoder.end((event) => controller.enqueue(event));
    },
  };
}
