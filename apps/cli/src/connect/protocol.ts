import type { TrackedGame } from '@chess-formats/board-core';
import type { Setup } from '@chess-formats/board-core';
import type { FicsEvent } from '@chess-formats/fics';

/** The two server families `connect` speaks to. */
import type { ServerKind } from '@chess-formats/client';
export type { ServerKind };

/** One position of an observed game, as the decoders report it. */
export interface ObservedPosition {
  readonly game: number;
  readonly white: string;
  readonly black: string;
  readonly setup: Setup;
  /** Remaining time on each clock in milliseconds (negative after a fallen flag); undefined if unknown. */
  readonly whiteClockMs: number | undefined;
  readonly blackClockMs: number | undefined;
  /** The last move in SAN, when the server says it. */
  readonly lastMove: string | undefined;
}

/**
 * What a decoder made of the bytes so far. The session needs only these; the protocol packages
 * (style12 for FICS, icc-dg for ICC) produce much more, and the adapters narrow it to this.
 */
export type ServerEvent =
  /** A line of plain text (no line end, no control bytes). */
  | { readonly kind: 'line'; readonly text: string }
  /** An ICC level 2 datagram: its number and its arguments, unquoted. */
  | { readonly kind: 'datagram'; readonly id: number; readonly args: readonly string[] }
  | { readonly kind: 'position'; readonly position: ObservedPosition }
  /** The game ended: its result (`1-0`, `0-1`, `1/2-1/2`, `*`), the server's words for why, and the game as tracked (for its PGN). */
  | {
      readonly kind: 'game-over';
      readonly game: number;
      readonly result: string;
      readonly reason?: string;
      readonly tracked?: TrackedGame;
    }
  /** Bytes the decoder could not read (it resynchronises by itself). */
  | { readonly kind: 'garbage'; readonly message: string }
  /** A FICS seek or offer line (`<s>`, `<sr>`, `<sc>`, `Ads removed:`, `<pf>`, `<pt>`, `<pr>`) as the session reader typed it, for the books of `--seeks`. */
  | { readonly kind: 'book'; readonly event: FicsEvent };

/** A streaming decoder of one connection's bytes. Memory stays bounded whatever arrives. */
export interface ServerDecoder {
  push(chunk: Uint8Array): ServerEvent[];
  end(): ServerEvent[];
}

/** Makes a fresh decoder for each connection (state never carries over a reconnect). */
export type DecoderFactory = (server: ServerKind) => ServerDecoder;
