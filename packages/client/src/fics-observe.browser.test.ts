/**
 * The FICS client in a real browser: headless Chromium (found as in websocket.browser.test.ts)
 * runs `createFicsClient` over `webSocketTransport` with the page's own WebSocket, to the
 * stand-in FICS server behind a WebSocket server on loopback, and observes a game joined in
 * the middle. The test checks, from the page, that the client saw the positions and keeps the
 * whole game. When no Chromium starts, the test is skipped and says why.
 */
import { launchChromium } from '@chess-formats/testing/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFicsStandIn, type FicsStandIn } from './fics-stand-in.js';
import { bundlePage, servePage, type PageServer } from './testing/browser-harness.js';
import { OWN_GAME_NUMBER, OWN_GAME_SAN, ownBoard, ownGame } from './testing/fics-game.js';
import type { ObservedGame } from './testing/observe-page.js';
import { serveStandInOverWebSocket, type TestWebSocketServer } from './testing/websocket-server.js';

const launched = await launchChromium();
if (!launched.ok) {
  console.warn(
    `client browser tests: SKIPPED, counted as skipped, not passed: no Chromium could start.\n  ${launched.reasons.join('\n  ')}`,
  );
}

interface ObservePage {
  observe(url: string, gameNumber: number, plies: number): Promise<ObservedGame>;
  waitFor(gameNumber: number, plies: number): Promise<ObservedGame>;
  stop(): Promise<string>;
}

let browser: Browser | undefined;
let page: PageServer | undefined;
let server: TestWebSocketServer | undefined;
let standIn: FicsStandIn;

beforeAll(async () => {
  if (!launched.ok) return;
  browser = launched.value.browser;
  page = await servePage(await bundlePage('./observe-page.ts'));
  standIn = createFicsStandIn({ games: { [OWN_GAME_NUMBER]: ownGame(6) }, pingEachReply: true });
  // The stand-in behind a WebSocket: each of its writes a binary message, cut into fragments.
  server = await serveStandInOverWebSocket(standIn);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await page?.close();
  await server?.close();
});

describe.skipIf(!launched.ok)('the FICS client in headless Chromium', () => {
  it('logs in over a WebSocket, observes a game joined after 6 plies, and keeps all 8 from the start', async () => {
    if (browser === undefined || page === undefined || server === undefined) throw new Error('no browser');
    const tab = await browser.newPage();
    tab.on('pageerror', (error) => {
      throw error;
    });
    try {
      await tab.goto(page.url);
      const first = await tab.evaluate(
        ([url, number]) => (globalThis as unknown as { observePage: ObservePage }).observePage.observe(url, number, 6),
        [server.url, OWN_GAME_NUMBER] as const,
      );
      expect(first).toMatchObject({ name: 'GuestCFMT', white: 'Alice', black: 'Bob', errors: [] });
      expect(first.san).toEqual(OWN_GAME_SAN.slice(0, 6));
      // Two more plies are played while the page watches.
      standIn.broadcast(`${ownBoard(7)}\n\rfics% ${ownBoard(8)}\n\rfics% `);
      const second = await tab.evaluate(
        (number) => (globalThis as unknown as { observePage: ObservePage }).observePage.waitFor(number, 8),
        OWN_GAME_NUMBER,
      );
      expect(second.san).toEqual(OWN_GAME_SAN.slice(0, 8));
      // The observe reply's board, then the two played.
      expect(second.boards).toBeGreaterThanOrEqual(3);
      expect(second.errors).toEqual([]);
      const session = standIn.sessions[0];
      expect(session?.timeseal).toBe(2);
      expect(session?.problems).toEqual([]);
      expect(session?.received.some((line) => / observe 7$/.test(line))).toBe(true);
      expect(session?.pingsSent).toBeGreaterThan(0);
      expect(await tab.evaluate(() => (globalThis as unknown as { observePage: ObservePage }).observePage.stop())).toBe(
        'closed',
      );
      expect(session?.pingsAnswered).toBe(session?.pingsSent);
    } finally {
      await tab.close();
    }
  });
});
