import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from './formats/registry.js';
import { ROWS_PAGE, TEXT_SLICE } from './hand-over.js';
import { LAZY_PGN_FROM } from './pgn-lazy.js';
import type { ReadReply, WorkerRequest } from './read-worker.js';
import { READ_IN_WORKER_FROM, TextReader } from './reader.js';

// The page's reader and the reading worker together, in Node: the worker module runs in this
// thread behind a stand-in `Worker` that copies every message as a real one does
// (structuredClone) and delivers it in a later task, so the protocol (the text in slices, the
// rows back in pages) is what is checked, not the browser.

const sent: WorkerRequest[] = [];
const replies: ReadReply[] = [];
const scope: { onmessage: ((event: { data: WorkerRequest }) => void) | null; postMessage(reply: ReadReply): void } = {
  onmessage: null,
  postMessage(reply) {
    replies.push(reply);
    const copy = structuredClone(reply);
    setTimeout(() => workers.at(-1)?.onmessage?.({ data: copy }), 0);
  },
};
const workers: StandInWorker[] = [];

class StandInWorker {
  onmessage: ((event: { data: ReadReply }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor() {
    workers.push(this);
  }
  postMessage(request: WorkerRequest): void {
    sent.push(request);
    const copy = structuredClone(request);
    setTimeout(() => scope.onmessage?.({ data: copy }), 0);
  }
  terminate(): void {}
}

function syntheticPgn(count: number): string {
  const games: string[] = [];
  for (let i = 1; i <= count; i++)
    games.push(`[Event "E${i % 7}"]\n[White "Player${i}"]\n[Black "Rival"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n`);
  return games.join('\n');
}

const globals = globalThis as unknown as Record<string, unknown>;

beforeAll(async () => {
  globals.self = scope;
  globals.Worker = StandInWorker;
  await import('./read-worker.js');
});

afterAll(() => {
  delete globals.self;
  delete globals.Worker;
});

describe('TextReader with its worker', () => {
  it("hands a long text over in slices and gets a large file's rows back in pages, put together again", async () => {
    const reader = new TextReader(ADAPTERS);
    expect(reader.usesWorker).toBe(true);
    // Past one slice, and rows for several pages.
    let text = syntheticPgn(2_400);
    while (text.length <= TEXT_SLICE) text += `\n${syntheticPgn(2_400)}`;
    const games = text.split('[Event ').length - 1;
    expect(text.length).toBeGreaterThan(LAZY_PGN_FROM);
    sent.length = 0;
    replies.length = 0;
    const read = reader.read(text, undefined, games - 2);
    expect(read).toBeInstanceOf(Promise);
    const result = await read;
    const slices = sent.filter((r) => r.kind === 'slice');
    expect(slices).toHaveLength(Math.ceil(text.length / TEXT_SLICE));
    expect(slices.map((r) => r.text).join('')).toBe(text);
    expect(sent.at(-1)).toMatchObject({ kind: 'read', keep: games - 2 });
    // The first reply carries the first page of rows; the rest come a page a message.
    expect(replies).toHaveLength(Math.ceil(games / ROWS_PAGE));
    expect(replies[0] && 'head' in replies[0] && replies[0].head.result.summaries?.length).toBe(ROWS_PAGE);
    expect(result.lazy).toBe(true);
    expect(result.summaries).toHaveLength(games);
    expect(result.summaries?.[games - 1]?.white).toBe(`Player${((games - 1) % 2_400) + 1}`);
    const session = result.view.session?.games ?? [];
    expect(session).toHaveLength(games);
    expect(session.map((game, i) => (game.plies.length ? i : -1)).filter((i) => i >= 0)).toEqual([games - 2]);
    // The shown game read: every game of the text has the same moves.
    expect(session[games - 2]?.plies.map((p) => p.san)).toEqual([undefined, 'e4', 'e5', 'Nf3']);
    // And a game asked for later is read from the text the worker kept.
    const later = await reader.game(5);
    expect(later?.game.plies.map((p) => p.san)).toEqual([undefined, 'e4', 'e5', 'Nf3']);
    expect(later?.game.title).toBe(result.summaries?.[5]?.title);
  });

  it('gets a text read whole back in one message', async () => {
    const reader = new TextReader(ADAPTERS);
    const text = syntheticPgn(400);
    expect(text.length).toBeGreaterThan(READ_IN_WORKER_FROM);
    expect(text.length).toBeLessThan(LAZY_PGN_FROM);
    sent.length = 0;
    replies.length = 0;
    const result = await reader.read(text, undefined);
    expect(sent.map((r) => r.kind)).toEqual(['slice', 'read']);
    expect(replies).toHaveLength(1);
    expect(result.lazy).toBeUndefined();
    expect(result.view.session?.games).toHaveLength(400);
  });
});
