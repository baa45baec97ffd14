// Bundles the TypeScript benchmarks (reading the packages' sources through the source
// condition, so no build is needed) and runs them in one Node process.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inlineCharCodes } from '../tsup-config/char-codes.js';

const here = dirname(fileURLToPath(import.meta.url));
// `pnpm bench demo` builds the demo and drives Chromium: a script of its own, beside the demo
// (its flags follow: `pnpm bench demo --paste`).
if (process.argv[2] === 'demo') {
  const demo = spawnSync(process.execPath, [join(here, '../../apps/demo/bench/demo.mjs'), ...process.argv.slice(3)], {
    stdio: 'inherit',
  });
  process.exit(demo.status ?? 1);
}
// The bundle lives beside this file: Node resolves the external peers of an ES module from
// the module's own folder (NODE_PATH does not apply to `import`).
const dir = mkdtempSync(join(here, '.bundle-'));
const outfile = join(dir, 'bench.mjs');
try {
  await build({
    entryPoints: [join(here, 'src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    conditions: ['@chess-formats/source'],
    // The peers are measured as published, not re-bundled.
    external: ['chessops', 'chessops/*', 'chess.js'],
    nodePaths: [join(here, 'node_modules')],
    logLevel: 'warning',
    // The character codes written as numbers, as the packages' build ships them.
    plugins: [inlineCharCodes()],
  });
  // The workers of `readPgnParallel` (the `pgn-jobs` suite) run this file, found beside the bundle.
  await build({
    entryPoints: [join(here, '../../packages/pgn/src/piece-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: join(dir, 'piece-worker.js'),
    conditions: ['@chess-formats/source'],
    nodePaths: [join(here, 'node_modules')],
    logLevel: 'warning',
    plugins: [inlineCharCodes()],
  });
  // The CLI, for `pgn --jobs` in the `pgn-jobs` suite: its bundle and the worker module beside it.
  const cliDir = join(dir, 'cli');
  mkdirSync(cliDir);
  writeFileSync(join(cliDir, 'package.json'), '{ "type": "module" }\n');
  for (const name of ['cli', 'pgn-worker'])
    await build({
      entryPoints: [join(here, `../../apps/cli/src/${name}.ts`)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: join(cliDir, `${name}.js`),
      conditions: ['@chess-formats/source'],
      logLevel: 'warning',
      plugins: [inlineCharCodes()],
    });
  const result = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
    stdio: 'inherit',
    cwd: here,
    env: { ...process.env, NODE_PATH: join(here, 'node_modules'), PGN_JOBS_CLI: join(cliDir, 'cli.js') },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
