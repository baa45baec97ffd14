import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { expect, test } from 'vitest';

// Every TypeScript example of the README runs, and each `console.log(...)` prints what the
// comment at the end of its line says.
const here = dirname(fileURLToPath(import.meta.url));
const readme = readFileSync(join(here, '..', 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');

test.each(blocks.map((code, k) => [k, code] as const))('README example %i prints what its comments say', async (_k, code) => {
  const expected = code
    .split('\n')
    .filter((line) => line.includes('console.log('))
    .map((line) => line.slice(line.lastIndexOf('// ') + 3));
  const bundled = await build({
    stdin: { contents: code, resolveDir: here, sourcefile: 'example.ts', loader: 'ts' },
    bundle: true,
    format: 'cjs',
    platform: 'neutral',
    conditions: ['@chess-formats/source'],
    write: false,
    logLevel: 'silent',
  });
  const printed: string[] = [];
  const console = { log: (...args: unknown[]) => printed.push(format(...args)) };
  new Function('console', 'module', 'exports', bundled.outputFiles[0]?.text ?? '')(console, { exports: {} }, {});
  expect(printed).toEqual(expected);
});
