// The reading worker: detects and reads a long text off the page's thread, so that the page
// answers keystrokes and clicks while a large capture is read (see the README's budget). It
// reads with the built-in formats only; the page reads itself when a script registered others.
// A large PGN file is read lazily (pgn-lazy.ts): the games' tags first, a game's moves when the
// page asks for the game, from the text the worker keeps. The text comes in slices and a lazy
// reading's rows go back in pages (hand-over.ts): no message is a long task to send or receive.
import type { InputError, SessionGame } from './formats/adapter.js';
import { ADAPTERS } from './formats/registry.js';
import { pageLazyResult, type LazyHead } from './hand-over.js';
import { LAZY_PGN_FROM, readPgnGameAt, readPgnLazily } from './pgn-lazy.js';
import { readText, type ReadResult } from './read.js';
import type { GameSummary } from './view/game-list.js';

/** A slice of the text of read `id` (see hand-over.ts); the read request follows the last. */
export interface SliceRequest {
  readonly kind: 'slice';
  readonly id: number;
  readonly text: string;
}

/** A request: to read the text of the slices sent under its id, in the format chosen in the menu (none: detect), and the game to read at once (a link's). */
export interface ReadRequest {
  readonly kind: 'read';
  readonly id: number;
  readonly chosen: string | undefined;
  readonly keep?: number;
}

/** A request for one game of the last text read lazily. */
export interface GameRequest {
  readonly kind: 'game';
  readonly id: number;
  readonly index: number;
}

export type WorkerRequest = SliceRequest | ReadRequest | GameRequest;

/**
 * The replies: a whole result; or a lazy reading's first message (`head`) and then its
 * remaining rows in pages (`rows`), in order; or a game read when asked; or a failure.
 */
export type ReadReply =
  | { readonly id: number; readonly ok: true; readonly result: ReadResult }
  | { readonly id: number; readonly ok: true; readonly head: LazyHead }
  | { readonly id: number; readonly ok: true; readonly rows: readonly GameSummary[] }
  | { readonly id: number; readonly ok: true; readonly game: SessionGame; readonly errors: readonly InputError[] }
  | { readonly id: number; readonly ok: false; readonly message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: ReadReply): void;
};

/** The text last read lazily, and its games' rows: where each game's text is. */
let lazy: { text: string; summaries: readonly GameSummary[] } | undefined;

/** The slices of the text being handed over (one read at a time: the page stops the worker for another). */
let receiving: { id: number; slices: string[] } | undefined;

function read(request: ReadRequest): ReadReply[] {
  const { id, chosen, keep } = request;
  const text = receiving?.id === id ? receiving.slices.join('') : '';
  receiving = undefined;
  lazy = undefined;
  const result = readText(text, chosen, ADAPTERS, (adapter, whole) =>
    adapter === 'pgn' && whole.length >= LAZY_PGN_FROM ? readPgnLazily(whole, keep) : undefined,
  );
  if (!result.lazy || !result.summaries) return [{ id, ok: true, result }];
  lazy = { text, summaries: result.summaries };
  const { head, pages } = pageLazyResult(result, result.shown ?? 0);
  return [{ id, ok: true, head }, ...pages.map((rows) => ({ id, ok: true as const, rows }))];
}

function game(request: GameRequest): ReadReply {
  const summary = lazy?.summaries[request.index];
  if (!lazy || !summary) return { id: request.id, ok: false, message: `no game ${request.index} read lazily` };
  return { id: request.id, ok: true, ...readPgnGameAt(lazy.text, summary) };
}

scope.onmessage = (event) => {
  const request = event.data;
  try {
    if (request.kind === 'slice') {
      if (receiving?.id !== request.id) receiving = { id: request.id, slices: [] };
      receiving.slices.push(request.text);
      return;
    }
    if (request.kind === 'game') scope.postMessage(game(request));
    else for (const reply of read(request)) scope.postMessage(reply);
  } catch (error) {
    // Adapters never throw; should one, the page reads the text itself and shows what it gets.
    scope.postMessage({ id: request.id, ok: false, message: String(error) });
  }
};
