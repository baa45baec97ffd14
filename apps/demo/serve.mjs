// @ts-check
// A small static file server for the built demo: loopback only, GET and HEAD, files under the
// root only. `node serve.mjs [dir] [port]` serves dist/ and prints the address; the end-to-end
// tests import startStaticServer.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the files under `root` on 127.0.0.1.
 * @param {string} root
 * @param {number} [port] 0 (the default) picks a free port
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startStaticServer(root, port = 0) {
  const base = resolve(root);
  // Old-style links carry the whole input in the query (`?input=`): 200,000 characters are
  // three times that percent-encoded. Node's default 16 KiB header limit would answer 431.
  const server = createServer({ maxHeaderSize: 1024 * 1024 }, async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    let file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const info = await stat(file);
      const type = TYPES[/** @type {keyof typeof TYPES} */ (extname(file))] ?? 'application/octet-stream';
      response.writeHead(200, { 'content-type': type, 'content-length': info.size, 'cache-control': 'no-cache' });
      if (request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    }
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done(undefined));
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actual}/`,
    close: () => new Promise((done) => server.close(() => done(undefined))),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = process.argv[2] ?? fileURLToPath(new URL('dist', import.meta.url));
  const wanted = Number(process.argv[3] ?? process.env.PORT ?? 4173);
  let served;
  try {
    served = await startStaticServer(root, wanted);
  } catch {
    served = await startStaticServer(root, 0); // the usual port is taken: any free one
  }
  console.log(`chess-formats demo: ${served.url}  (Ctrl+C to stop)`);
}
