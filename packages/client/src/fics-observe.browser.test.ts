import { describe, it } from 'vitest';

/**
 * The FICS client observing a game in headless Chromium, over `webSocketTransport` to the
 * stand-in FICS server behind a loopback WebSocket server. Waiting for `createFicsClient`,
 * which is not on this branch yet: the transport alone is proven in the browser by
 * websocket.browser.test.ts (a scripted FICS session read by the FICS reader in the page).
 */
describe('the FICS client in headless Chromium', () => {
  it.skip('observes a game joined in the middle over a WebSocket and keeps it whole: SKIPPED, createFicsClient is not here yet', () => {});
});
