/**
 * The Chromium the end-to-end tests drive: the launcher lives in `@chess-formats/testing` so
 * that the client's browser test finds its browser the same way.
 */
export * from '@chess-formats/testing/chromium';
