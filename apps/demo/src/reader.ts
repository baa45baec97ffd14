import type { FormatAdapter, InputError, SessionGame } from './formats/adapter.js';
import { ADAPTERS } from './formats/registry.js';
import { readText, type ReadResult } from './read.js';
import type { GameRequest, ReadReply, ReadRequest, SliceRequest } from './read-worker.js';
import { joinLazyResult, textSlices, type LazyHead } from './hand-over.js';
import type { GameSummary } from './view/game-list.js';

/** Texts at least this long are read in the worker; shorter ones on the page, where a read takes a few milliseconds. */
export const READ_IN_WORKER_FROM = 20_000;

interface Pending {
  readonly text: string;
  readonly chosen: string | undefined;
  readonly resolve: (result: ReadResult) => void;
  /** A lazy reading's first message and the pages of rows come so far. */
  head?: LazyHead;
  rows?: number;
  pages?: (readonly GameSummary[])[];
}

/** Resolves in a later task of the page's thread (a message to itself: timers wait longer, and longer still in a tab behind). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** One game of a text read lazily, as the worker reads it when the page shows it. */
export interface LazyGame {
  readonly game: SessionGame;
  readonly errors: readonly InputError[];
}

/**
 * Reads texts for the page: long ones in a Web Worker (the page's thread stays free for
 * keystrokes), short ones at once. Without a worker (none in this browser, or it cannot start,
 * as from a `file:` page) everything is read on the page: slower to answer, the same result.
 */
export class TextReader {
  #worker: Worker | undefined;
  /** False once a worker could not be made or failed: read on the page from then on. */
  #workerUsable = typeof Worker === 'function';
  #pending = new Map<number, Pending>();
  /** Games asked of the worker (undefined when the worker stopped before answering). */
  #games = new Map<number, (game: LazyGame | undefined) => void>();
  #nextId = 0;
  readonly #adapters: readonly FormatAdapter[];

  constructor(adapters: readonly FormatAdapter[]) {
    this.#adapters = adapters;
  }

  /** Whether the next long text goes to the worker. */
  get usesWorker(): boolean {
    return this.#workerUsable && this.#builtInOnly();
  }

  /** Detects and reads `text`: the result at once for a short text, a promise for a long one. */
  read(text: string, chosen: string | undefined, keep?: number): ReadResult | Promise<ReadResult> {
    if (text.length < READ_IN_WORKER_FROM || !this.usesWorker) return readText(text, chosen, this.#adapters);
    const worker = this.#start();
    if (!worker) return readText(text, chosen, this.#adapters);
    // A read still running is for a text the page no longer shows: stop it rather than wait.
    if (this.#pending.size > 0) {
      this.#stop();
      return this.read(text, chosen, keep);
    }
    return new Promise((resolve) => {
      const id = ++this.#nextId;
      this.#pending.set(id, { text, chosen, resolve });
      void this.#handOver(worker, id, text, chosen, keep);
    });
  }

  /**
   * Sends the text in slices, one a task (see hand-over.ts), then the request to read them.
   * Stops when the read was dropped meanwhile (another text, or the worker failed).
   */
  async #handOver(worker: Worker, id: number, text: string, chosen: string | undefined, keep?: number): Promise<void> {
    const slices = textSlices(text);
    for (const [index, slice] of slices.entries()) {
      if (index > 0) await nextTask();
      if (this.#worker !== worker || !this.#pending.has(id)) return;
      worker.postMessage({ kind: 'slice', id, text: slice } satisfies SliceRequest);
    }
    if (this.#worker !== worker || !this.#pending.has(id)) return;
    worker.postMessage({ kind: 'read', id, chosen, ...(keep === undefined ? {} : { keep }) } satisfies ReadRequest);
  }

  /** Game `index` of the text the worker read last, lazily (undefined if the worker has stopped since). */
  game(index: number): Promise<LazyGame | undefined> {
    const worker = this.#worker;
    if (!worker) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const id = ++this.#nextId;
      this.#games.set(id, resolve);
      worker.postMessage({ kind: 'game', id, index } satisfies GameRequest);
    });
  }

  /** The worker reads with the built-in formats; a format a script registered is read on the page. */
  #builtInOnly(): boolean {
    return this.#adapters.length === ADAPTERS.length && this.#adapters.every((adapter, i) => adapter === ADAPTERS[i]);
  }

  #start(): Worker | undefined {
    if (this.#worker) return this.#worker;
    try {
      const worker = new Worker(new URL('./read-worker.ts', import.meta.url), {
        type: 'module',
        name: 'chess-formats reader',
      });
      worker.onmessage = (event: MessageEvent<ReadReply>) => this.#settle(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.#fallBack();
      };
      this.#worker = worker;
      return worker;
    } catch {
      this.#workerUsable = false;
      return undefined;
    }
  }

  #settle(reply: ReadReply): void {
    const asked = this.#games.get(reply.id);
    if (asked) {
      this.#games.delete(reply.id);
      asked(reply.ok && 'game' in reply ? { game: reply.game, errors: reply.errors } : undefined);
      return;
    }
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    // A lazy reading comes in pages, each message its own task: put together once all are here.
    if (reply.ok && 'head' in reply) {
      pending.head = reply.head;
      pending.rows = reply.head.result.summaries?.length ?? 0;
      pending.pages = [];
    } else if (reply.ok && 'rows' in reply && pending.head && pending.pages) {
      pending.pages.push(reply.rows);
      pending.rows = (pending.rows ?? 0) + reply.rows.length;
    }
    if (pending.head && pending.pages && reply.ok) {
      if ((pending.rows ?? 0) < pending.head.total) return;
      this.#pending.delete(reply.id);
      pending.resolve(joinLazyResult(pending.head, pending.pages));
      return;
    }
    this.#pending.delete(reply.id);
    pending.resolve(
      reply.ok && 'result' in reply ? reply.result : readText(pending.text, pending.chosen, this.#adapters),
    );
  }

  #stop(): void {
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#pending.clear();
    for (const resolve of this.#games.values()) resolve(undefined);
    this.#games.clear();
  }

  /** The worker could not load or broke: read what it was given on the page, and every later text too. */
  #fallBack(): void {
    this.#workerUsable = false;
    const pending = [...this.#pending.values()];
    this.#stop();
    for (const { text, chosen, resolve } of pending) resolve(readText(text, chosen, this.#adapters));
  }
}
