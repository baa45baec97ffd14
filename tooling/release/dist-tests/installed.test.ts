import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDir, installProject, packAll, type Packed } from '../src/pack.js';
import { bundledSize, describeImports, excludedFound, sizeBudgets } from '../src/size-budgets.js';
import { ROOT, publishedPackages } from '../src/workspace.js';

// What a user of `npm i @chess-formats/<one>` gets: every published package is packed, then
// installed alone (with its workspace dependencies from their tarballs) into a scratch npm
// project outside the repository, offline. There it is imported from ESM and CommonJS,
// type-checked with `node16` and `bundler` resolution, and bundled against its size budgets.

const scratch = freshDir('installed');
const projects = new Map<string, string>();
let packed: Packed[] = [];

beforeAll(() => {
  packed = packAll(join(scratch, 'tarballs'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function project(name: string): string {
  const existing = projects.get(name);
  if (existing !== undefined) return existing;
  const target = packed.find((p) => p.pkg.manifest.name === name);
  if (target === undefined) throw new Error(`${name} was not packed`);
  const dir = join(scratch, name.replace(/[@/]/g, '_'));
  installProject(target, packed, dir);
  projects.set(name, dir);
  return dir;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file a wildcard export (`"./vectors/*": "./vectors/*"`) makes importable, as specifiers. */
function wildcardSpecifiers(name: string, exportsMap: Record<string, unknown>, installed: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, target] of Object.entries(exportsMap)) {
    if (!key.includes('*') || typeof target !== 'string') continue;
    const prefix = target.slice(0, target.indexOf('*'));
    const base = join(installed, prefix);
    if (!existsSync(base)) continue;
    for (const file of filesUnder(base)) {
      const rest = relative(base, file).split('\\').join('/');
      found.set(`${name}/${key.replace('*', rest).slice(2)}`, file);
    }
  }
  return found;
}

const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const STRICT = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: false,
  skipDefaultLibCheck: true,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2022'],
  types: [],
};

function typeCheck(dir: string, config: string, compilerOptions: Record<string, unknown>, files: readonly string[]): void {
  writeFileSync(join(dir, config), JSON.stringify({ compilerOptions: { ...STRICT, ...compilerOptions }, files }, null, 2));
  execFileSync(process.execPath, [tsc, '-p', config], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const libraries = publishedPackages().filter((p) => p.manifest.exports?.['.'] !== undefined);

describe.each(libraries.map((p) => [p.manifest.name, p] as const))('%s, installed from its tarball', (name, pkg) => {
  test('imports from ESM and CommonJS with the same exports, and ships its LICENSE and README', () => {
    const dir = project(name);
    const installed = join(dir, 'node_modules', ...name.split('/'));
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    expect(existsSync(join(installed, 'README.md'))).toBe(true);
    const manifest = readFileSync(join(installed, 'package.json'), 'utf8');
    expect(manifest).not.toMatch(/"(workspace|catalog):/);
    writeFileSync(
      join(dir, 'probe.mjs'),
      [
        `import { createRequire } from 'node:module';`,
        `import * as esm from '${name}';`,
        `const cjs = createRequire(import.meta.url)('${name}');`,
        `console.log(JSON.stringify({ esm: Object.keys(esm).filter((k) => k !== 'default').sort(), cjs: Object.keys(cjs).sort() }));`,
      ].join('\n'),
    );
    const out = JSON.parse(execFileSync(process.execPath, ['probe.mjs'], { cwd: dir, encoding: 'utf8' })) as { esm: string[]; cjs: string[] };
    expect(out.esm.length).toBeGreaterThan(0);
    expect(out.cjs).toEqual(out.esm);
  });

  test('every file of a wildcard export resolves from CommonJS and imports from ESM', () => {
    const dir = project(name);
    const installed = join(dir, 'node_modules', ...name.split('/'));
    const specifiers = wildcardSpecifiers(name, pkg.manifest.exports ?? {}, installed);
    if (specifiers.size === 0) return;
    writeFileSync(
      join(dir, 'subpaths.mjs'),
      [
        `import { createRequire } from 'node:module';`,
        `const require = createRequire(import.meta.url);`,
        `const out = {};`,
        `for (const s of ${JSON.stringify([...specifiers.keys()])}) {`,
        `  const json = s.endsWith('.json');`,
        `  const loaded = json ? (await import(s, { with: { type: 'json' } })).default : await import(s);`,
        `  out[s] = [require.resolve(s), loaded !== undefined && loaded !== null];`,
        `}`,
        `console.log(JSON.stringify(out));`,
      ].join('\n'),
    );
    const out = JSON.parse(execFileSync(process.execPath, ['subpaths.mjs'], { cwd: dir, encoding: 'utf8' })) as Record<string, [string, boolean]>;
    for (const [specifier, file] of specifiers) expect(out[specifier], specifier).toEqual([file, true]);
  });

  test('type-checks under node16 (ESM and CommonJS) and bundler resolution, declarations included', () => {
    const dir = project(name);
    const body = `export const names: readonly string[] = Object.keys(api);\n`;
    writeFileSync(join(dir, 'esm.mts'), `import * as api from '${name}';\n${body}`);
    writeFileSync(join(dir, 'cjs.cts'), `import api = require('${name}');\n${body}`);
    writeFileSync(join(dir, 'bundler.ts'), `import * as api from '${name}';\n${body}`);
    expect(() => typeCheck(dir, 'tsconfig.node16.json', { module: 'node16', moduleResolution: 'node16' }, ['esm.mts', 'cjs.cts'])).not.toThrow();
    expect(() => typeCheck(dir, 'tsconfig.bundler.json', { module: 'esnext', moduleResolution: 'bundler' }, ['bundler.ts'])).not.toThrow();
  });
});

const commands = publishedPackages().filter((p) => p.manifest.bin !== undefined);

describe.each(commands.map((p) => [p.manifest.name, p] as const))('%s, installed from its tarball', (name, pkg) => {
  test.each(Object.keys(pkg.manifest.bin ?? {}))('npx %s runs: --version, and a position through fen', (bin) => {
    const dir = project(name);
    const installed = join(dir, 'node_modules', ...name.split('/'));
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    const npx = (args: readonly string[], input = '') =>
      execFileSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', bin, ...args], { cwd: dir, encoding: 'utf8', input });
    expect(npx(['--version'])).toBe(`${pkg.manifest.version}\n`);
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(npx(['fen'], `${start}\n`)).toBe(`${start}\n`);
  });
});

describe('size budgets (size-budgets.json), bundled from the installed packages', () => {
  test.each(sizeBudgets().map((b) => [describeImports(b), b] as const))('%s', async (_what, budget) => {
    const size = await bundledSize(budget, project(budget.package));
    console.log(`${describeImports(budget)}: ${size.gzip} bytes gzipped, ${size.raw} minified (budget ${budget.gzip})`);
    expect(size.gzip).toBeGreaterThan(0);
    expect(size.gzip).toBeLessThanOrEqual(budget.gzip);
    if (budget.excludes === undefined) return;
    expect(excludedFound(budget, size.code), 'left to tree shaking, yet bundled').toEqual([]);
    // Each excluded string is real: it is in the whole of the package or of a dependency.
    const dir = project(budget.package);
    const manifest = JSON.parse(readFileSync(join(dir, 'node_modules', ...budget.package.split('/'), 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    const wholes = await Promise.all(
      [budget.package, ...Object.keys(manifest.dependencies ?? {})].map((name) => bundledSize({ package: name, imports: '*' }, dir)),
    );
    expect(excludedFound(budget, wholes.map((whole) => whole.code).join('\n')), 'in no bundle at all').toEqual(budget.excludes);
  });
});

describe('@chess-formats/icc-dg, installed from its tarball', () => {
  test('decodes its sample session alike where Node refuses code generation from strings (the generated fields fall back)', () => {
    const dir = project('@chess-formats/icc-dg');
    writeFileSync(
      join(dir, 'no-eval.mjs'),
      [
        `import { readFileSync } from 'node:fs';`,
        `import { createRequire } from 'node:module';`,
        `import { createIccDecoder } from '@chess-formats/icc-dg';`,
        `const sample = readFileSync(createRequire(import.meta.url).resolve('@chess-formats/icc-dg/package.json').replace(/package\\.json$/, 'samples/session.icc'));`,
        `let evalAllowed = true;`,
        `try { new Function('return 1'); } catch { evalAllowed = false; }`,
        `const settings = ['DG_SEND_MOVES', 'DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK', 'DG_MSEC', 'DG_STARTED_OBSERVING', 'DG_PERSONAL_TELL', 'DG_SEEK', 'DG_MATCH'];`,
        `const decode = (compile) => { const d = createIccDecoder({ settings, compile }); return [...d.push(sample), ...d.end()]; };`,
        `console.log(JSON.stringify({ evalAllowed, compiled: decode(true), plain: decode(false) }));`,
      ].join('\n'),
    );
    const run = (flags: string[]) =>
      JSON.parse(execFileSync(process.execPath, [...flags, 'no-eval.mjs'], { cwd: dir, encoding: 'utf8' })) as { evalAllowed: boolean; compiled: unknown[]; plain: unknown[] };
    const allowed = run([]);
    const refused = run(['--disallow-code-generation-from-strings']);
    expect([allowed.evalAllowed, refused.evalAllowed]).toEqual([true, false]);
    expect(allowed.compiled.filter((e) => (e as { kind: string }).kind === 'datagram').length).toBeGreaterThan(20);
    expect(refused.compiled).toEqual(allowed.compiled);
    expect(refused.plain).toEqual(allowed.compiled);
  });
});
