// The reading worker: detects and reads a long text off the page's thread, so that the page
// answers keystrokes and clicks while a large capture is read (see the README's budget). It
// reads with the built-in formats only; the page reads itself when a script registered others.
// A large PGN file is read lazily (pgn-lazy.ts): the games' tags first, a game's moves when the
// page asks for the game, from the text the worker keeps.
import type { InputError, SessionGame } from './formats/adapter.js';
import { ADAPTERS } from './formats/registry.js';
import { LAZY_PGN_FROM, readPgnGameAt, readPgnLazily } from './pgn-lazy.js';
import { readText, type ReadResult } from './read.js';
import type { GameSummary } from './view/game-list.js';

/** A request: the text and the format chosen in the menu (none: detect), and the game to read at once (a link's). */
export interface ReadRequest {
  readonly kind?: 'read';
  readonly id: number;
  readonly text: string;
  readonly chosen: string | undefined;
  readonly keep?: number;
}

/** A request for one game of the last text read lazily. */
export interface GameRequest {
  readonly kind: 'game';
  readonly id: number;
  readonly index: number;
}

export type ReadReply =
  | { readonly id: number; readonly ok: true; readonly result: ReadResult }
  | { readonly id: number; readonly ok: true; readonly game: SessionGame; readonly errors: readonly InputError[] }
  | { readonly id: number; readonly ok: false; readonly message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ReadRequest | GameRequest>) => void) | null;
  postMessage(message: ReadReply): void;
};

/** The text last read lazily, and its games' rows: where each game's text is. */
let lazy: { text: string; summaries: readonly GameSummary[] } | undefined;

function read(request: ReadRequest): ReadReply {
  const { id, text, chosen, keep } = request;
  lazy = undefined;
  const result = readText(text, chosen, ADAPTERS, (adapter, whole) =>
    adapter === 'pgn' && whole.length >= LAZY_PGN_FROM ? readPgnLazily(whole, keep) : undefined,
  );
  if (result.lazy && result.summaries) lazy = { text, summaries: result.summaries };
  return { id, ok: true, result };
}

function game(request: GameRequest): ReadReply {
  const summary = lazy?.summaries[request.index];
  if (!lazy || !summary) return { id: request.id, ok: false, message: `no game ${request.index} read lazily` };
  return { id: request.id, ok: true, ...readPgnGameAt(lazy.text, summary) };
}

scope.onmessage = (event) => {
  const request = event.data;
  try {
    scope.postMessage(request.kind === 'game' ? game(request) : read(request));
  } catch (error) {
    // Adapters never throw; should one, the page reads the text itself and shows what it gets.
    scope.postMessage({ id: request.id, ok: false, message: String(error) });
  }
};
