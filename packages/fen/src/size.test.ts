import { build } from 'esbuild';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
// chessops' parseFen + makeFen bundle to 4.3 KB gzipped; ours must stay at most 3 KB.
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

test('parseFen + writeFen fit in 3 KB gzipped', async () => {
  const size = await gzippedSize(`export { parseFen, writeFen } from './index.ts';`);
  console.log(`fen: parseFen + writeFen = ${size} bytes gzipped (budget ${BUDGET})`);
  expect(size).toBeGreaterThan(500);
  expect(size).toBeLessThanOrEqual(BUDGET);
});
