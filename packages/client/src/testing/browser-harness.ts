import { build } from 'esbuild';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { listenOnLoopback } from './helpers.js';

/**
 * What the browser tests need around a page: a bundle of a page script made from the sources
 * (as a user's bundler would, with no Node built-in available: a `node:` import fails the
 * build, which is how the tests know the client is browser-safe), and a loopback HTTP server
 * that serves it.
 */

/** Bundles `entry` (a path beside this file) for a browser, from the workspace's sources. */
export async function bundlePage(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    conditions: ['@chess-formats/source'],
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error(`esbuild wrote nothing for ${entry}`);
  return output.text;
}

export interface PageServer {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  close(): Promise<void>;
}

/** Serves a page that runs `script` on 127.0.0.1 (a port the system picks): `/` and `/page.js`. */
export function servePage(script: string): Promise<PageServer> {
  const html =
    '<!doctype html><meta charset="utf-8"><title>client browser test</title><script src="/page.js"></script>';
  const server = createServer((request, response) => {
    if (request.url === '/page.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else response.writeHead(404).end();
  });
  return listenOnLoopback(server).then((port) => ({
    url: `http://127.0.0.1:${String(port)}/`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  }));
}
