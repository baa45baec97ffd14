/**
 * The WebSocket transport in a real browser: headless Chromium (the system's, else the one
 * `@sparticuz/chromium` ships, found by `@chess-formats/testing/chromium`, as the demo's
 * end-to-end tests find it) loads a page bundled from the sources with esbuild, whose script
 * connects with the browser's own WebSocket to a stand-in FICS server on loopback. When no
 * Chromium starts, the tests are skipped and say why.
 */
import { launchChromium } from '@chess-formats/testing/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePage, servePage, type PageServer } from './testing/browser-harness.js';
import type { TransportPageResult } from './testing/transport-page.js';
import { cut, startWebSocketServer, type TestWebSocketServer, type WebSocketPeer } from './testing/websocket-server.js';

const launched = await launchChromium();
if (!launched.ok) {
  console.warn(
    `client browser tests: SKIPPED, counted as skipped, not passed: no Chromium could start.\n  ${launched.reasons.join('\n  ')}`,
  );
}

/** A game observed from its third half-move on, as a FICS server sends it (made-up players). */
const SESSION = [
  'fics% You are now observing game 7.\n\r',
  'Game 7: Alice (1850) Bob (1790) rated blitz 3 0\n\r',
  '\n\r',
  '<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 7 Alice Bob 0 3 0 39 39 180 178 2 P/e7-e5 (0:02) e5 0 1 0\n\r',
  'fics% \u0007\n\r',
  '<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R B -1 1 1 1 1 1 7 Alice Bob 0 3 0 39 39 177 178 2 N/g1-f3 (0:03) Nf3 0 1 0\n\r',
  'fics% \n\r',
  '<12> r-bqkbnr pppp-ppp --n----- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R W -1 1 1 1 1 2 7 Alice Bob 0 3 0 39 39 177 175 3 N/b8-c6 (0:03) Nc6 0 1 0\n\r',
  'fics% (end of session)',
].join('');

let browser: Browser | undefined;
let page: PageServer | undefined;
let server: TestWebSocketServer | undefined;
const peers: WebSocketPeer[] = [];

beforeAll(async () => {
  if (!launched.ok) return;
  browser = launched.value.browser;
  page = await servePage(await bundlePage('./transport-page.ts'));
  server = await startWebSocketServer({
    onPeer: (peer) => {
      peers.push(peer);
      peer.onMessage = (message) => {
        const line = message.data.toString('latin1');
        if (line === 'observe 7\n') {
          // Cut anywhere, in text and binary messages, fragmented, over odd TCP writes.
          cut(Buffer.from(SESSION, 'latin1'), [5, 90, 1, 160, 33, 7, 200]).forEach((part, i) =>
            peer.send(part, { text: i % 2 === 0, fragments: [3, 50], writes: [2, 9] }),
          );
        } else if (line === 'quit\n') {
          peer.send('\n\rThank you for using the stand-in.\n\r');
          peer.close();
        }
      };
    },
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await page?.close();
  await server?.close();
});

async function openPage(): Promise<Page> {
  if (browser === undefined || page === undefined) throw new Error('no browser');
  const tab = await browser.newPage();
  tab.on('pageerror', (error) => {
    throw error;
  });
  await tab.goto(page.url);
  return tab;
}

describe.skipIf(!launched.ok)('the WebSocket transport in headless Chromium', () => {
  it('carries a scripted FICS session, cut anywhere, to the FICS reader in the page, and the farewell back', async () => {
    const tab = await openPage();
    try {
      const url = server?.url ?? '';
      const result = await tab.evaluate(
        (wsUrl) =>
          (globalThis as unknown as { runTransportPage(url: string): Promise<TransportPageResult> }).runTransportPage(
            wsUrl,
          ),
        url,
      );
      expect(result.observed).toEqual([7]);
      expect(result.moves).toEqual(['e5', 'Nf3', 'Nc6']);
      expect(result.errors).toEqual([]);
      expect(result.bytes).toBe(SESSION.length + '\n\rThank you for using the stand-in.\n\r'.length);
      expect(result.chunks).toBeGreaterThan(8);
      expect(result.farewellAnswer).toBe('Thank you for using the stand-in.');
      const peer = peers.at(-1);
      expect(peer?.messages.map((m) => [m.text, m.data.toString('latin1')])).toEqual([
        [false, 'observe 7\n'],
        [false, 'quit\n'],
      ]);
      expect(await peer?.closed).toBe(1000);
    } finally {
      await tab.close();
    }
  });
});
