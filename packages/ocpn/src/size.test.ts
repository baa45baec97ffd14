import { build } from 'esbuild';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
// The FEN package's parseFen + writeFen fit in 3 KB; OCPN has three more fields and a second
// board segment, and its budget is set from the first measurement plus a little room.
const BUDGET = 3584;

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

test('parseOcpn + writeOcpn fit in 3.5 KB gzipped', async () => {
  const size = await gzippedSize(`export { parseOcpn, writeOcpn } from './index.ts';`);
  console.log(`ocpn: parseOcpn + writeOcpn = ${size} bytes gzipped (budget ${BUDGET})`);
  expect(size).toBeGreaterThan(500);
  expect(size).toBeLessThanOrEqual(BUDGET);
});
