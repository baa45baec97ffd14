import { build } from 'esbuild';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
// parseStyle12 alone, with the board-core code it uses (pieces, the standard geometry, results).
const BUDGET = 2560;

async function gzippedSize(entry: string): Promise<{ size: number; code: string }> {
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
  return { size: gzipSync(code, { level: 9 }).length, code: new TextDecoder().decode(code) };
}

test('parseStyle12 fits in 2.5 KB gzipped, without the rules engine', async () => {
  const { size, code } = await gzippedSize(`export { parseStyle12 } from './index.ts';`);
  console.log(`style12: parseStyle12 = ${size} bytes gzipped (budget ${BUDGET})`);
  expect(size).toBeGreaterThan(500);
  expect(size).toBeLessThanOrEqual(BUDGET);
  // The move generator is not in it: its attack tables and castling code would show.
  expect(code).not.toMatch(/legal|attack/i);
});

test('the last move read from the record alone stays without the rules engine', async () => {
  const { code } = await gzippedSize(`export { lastMove } from './index.ts';`);
  expect(code).not.toMatch(/legal|attack/i);
});
