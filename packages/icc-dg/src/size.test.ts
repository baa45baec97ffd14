import { build } from 'esbuild';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
// The decoder with the whole schema table (every DG typed, 10 KB of it minified) and the codec:
// 7.9 KB gzipped at first; 8.2 KB after the speed work (headers and tokens read in place), 8.3 KB
// from the built dist, hence 8.5 KB.
const BUDGET = 8704;

async function bundle(entry: string): Promise<{ text: string; gzipped: number }> {
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
  return { text: new TextDecoder().decode(code), gzipped: gzipSync(code, { level: 9 }).length };
}

test('the decoder with the schema fits the budget, and the tracker and the encoder shake away', async () => {
  const decoder = await bundle(`export { createIccDecoder } from './index.ts';`);
  const everything = await bundle(`export * from './index.ts';`);
  console.log(`icc-dg: createIccDecoder = ${String(decoder.gzipped)} bytes gzipped (budget ${String(BUDGET)}); the whole package ${String(everything.gzipped)}`);
  expect(decoder.gzipped).toBeGreaterThan(1500);
  expect(decoder.gzipped).toBeLessThanOrEqual(BUDGET);
  // Strings only the tracker (and the board-core rules it pulls in) and the encoder hold.
  for (const marker of ['unreplayable-move', 'cannot contain control-Y', 'a unit header word', 'level1']) {
    expect(decoder.text.includes(marker), marker).toBe(false);
    expect(everything.text.includes(marker) || marker === 'level1', marker).toBe(true);
  }
  expect(everything.gzipped).toBeGreaterThan(decoder.gzipped + 3000);
});
