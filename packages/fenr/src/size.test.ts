import { build } from 'esbuild';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
// FENr is FEN's placement with two markers, and fewer fields: it costs no more than FEN.
const BUDGET = 3072;

async function gzippedSize(entry: string): Promise<number> {
  const result = await build({
    stdin: { contents: entry, resolveDir: here, sourcefile: 'entry.ts', loader: 'ts' },
    bundle: true,
    minify: true,
    treeShaking: true,
    platform: 'neutral',
    format: 'esm',
    conditions: ['@chess-formats/source'],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return gzipSync(code, { level: 9 }).length;
}

test('parseFenr + writeFenr fit in 3 KB gzipped', async () => {
  const size = await gzippedSize(`export { parseFenr, writeFenr } from './index.ts';`);
  console.log(`fenr: parseFenr + writeFenr = ${size} bytes gzipped (budget ${BUDGET})`);
  expect(size).toBeGreaterThan(500);
  expect(size).toBeLessThanOrEqual(BUDGET);
});
