/**
 * What the live panel loads from the client package when Connect is pressed: a module of its
 * own, so that the bundler makes it a chunk of its own (`live-client.js`), fetched only then.
 */
export { createFicsClient, webSocketTransport } from '@chess-formats/client';
