// @ts-check
// Builds the demo for production and prints its size, with each package's share of the
// JavaScript (minified bytes of the code each package contributes after tree shaking).
// `node bundle-report.mjs` from apps/demo; the numbers go in the README.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = dirname(fileURLToPath(import.meta.url));
/** @type {Map<string, number>} */
const shares = new Map();

/** The package a module belongs to: a workspace package, or the demo itself. */
function owner(id) {
  const path = relative(join(root, '..', '..'), id.replace(/\?.*$/, '')).split(sep);
  if (path[0] === 'packages' && path[1]) return `@chess-formats/${path[1]}`;
  if (path[0] === 'apps' && path[1] === 'demo') return 'demo (apps/demo/src)';
  return path.includes('node_modules') ? 'third party' : 'other';
}

/** @type {import('vite').Plugin} */
const measure = {
  name: 'measure-shares',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      for (const [id, info] of Object.entries(chunk.modules)) {
        shares.set(owner(id), (shares.get(owner(id)) ?? 0) + info.renderedLength);
      }
    }
  },
};

const outDir = join(root, 'dist');
const result = await build({
  root,
  logLevel: 'silent',
  plugins: [measure],
  build: { outDir, emptyOutDir: true, minify: true },
});
const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
let total = 0;
let gzipped = 0;
let scriptGzipped = 0;
const rows = [];
for (const file of outputs) {
  const bytes = await readFile(join(outDir, file.fileName));
  total += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
  if (file.fileName.endsWith('.js')) scriptGzipped += gzipSync(bytes, { level: 9 }).length;
  rows.push(
    `| ${file.fileName.replace(/-[\w-]{8}\./, '.')} | ${bytes.length} | ${gzipSync(bytes, { level: 9 }).length} |`,
  );
}
console.log('| file | bytes | gzipped |\n|---|---|---|');
console.log(rows.sort().join('\n'));
console.log(`| total | ${total} | ${gzipped} |\n`);
const sum = [...shares.values()].reduce((a, b) => a + b, 0);
console.log('| package | share of the JavaScript | about, gzipped |\n|---|---|---|');
for (const [name, size] of [...shares].sort((a, b) => b[1] - a[1])) {
  console.log(
    `| ${name} | ${((100 * size) / sum).toFixed(1)}% | ${((scriptGzipped * size) / sum / 1024).toFixed(1)} KB |`,
  );
}
