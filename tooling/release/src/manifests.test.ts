import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PREPACK } from './pack.js';
import { readmeOpening } from './readme-install.js';
import { sizeBudgets } from './size-budgets.js';
import { ROOT, publishedPackages, workspacePackages, type Manifest } from './workspace.js';

// The conventions every package follows, so that a new package cannot forget one.

/** A placeholder for the project's own repository until it has its public address. */
const REPOSITORY = 'https://github.com/chess-formats/chess-formats';
const SOURCE_CONDITION = '@chess-formats/source';

const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
const published = publishedPackages();
const everything = workspacePackages('packages', 'apps', 'tooling');

describe('every workspace package', () => {
  test.each(everything.map((p) => [p.dir, p] as const))('%s: the one engines range, if any', (_dir, { manifest }) => {
    if (manifest.engines !== undefined) expect(manifest.engines).toEqual(root.engines);
  });
});

describe.each(published.map((p) => [p.dir, p] as const))('published package %s', (dir, { manifest }) => {
  test('has the MIT LICENSE of the repository', () => {
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(join(ROOT, dir, 'LICENSE'), 'utf8')).toBe(license);
  });

  test('declares the engines range, a description and keywords beyond "chess"', () => {
    expect(manifest.engines).toEqual(root.engines);
    expect(manifest.description?.length ?? 0).toBeGreaterThan(20);
    expect(manifest.keywords).toContain('chess');
    expect(manifest.keywords?.length ?? 0).toBeGreaterThanOrEqual(4);
  });

  test('links its repository directory, homepage and issues, and names its author', () => {
    expect(manifest.repository).toEqual({ type: 'git', url: `git+${REPOSITORY}.git`, directory: dir });
    expect(manifest.homepage).toBe(`${REPOSITORY}/tree/main/${dir}#readme`);
    expect(manifest.bugs).toEqual({ url: `${REPOSITORY}/issues` });
    expect(manifest.author).toBe('chess-formats contributors');
  });

  test('ships its CHANGELOG, and of src/ only what the build reads (no tests, no test helpers)', () => {
    const files = manifest.files ?? [];
    expect(files).toContain('CHANGELOG.md');
    if (!files.includes('src')) return;
    expect(files).toEqual(expect.arrayContaining(['!src/**/*.test.ts', '!src/**/*.test-d.ts', '!src/testing']));
  });

  test('prepack refuses npm (it would keep workspace:^ ranges), then builds, so that a manual pack or publish never ships a stale dist', () => {
    expect(manifest.scripts?.['prepack']).toBe(PREPACK);
    expect(manifest.scripts?.['build']).toBeDefined();
  });

  test.runIf(manifest.exports !== undefined)('publishes its exports without the dev-only source condition', () => {
    const strip = (value: unknown): unknown =>
      value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== SOURCE_CONDITION)
              .map(([key, v]) => [key, strip(v)]),
          )
        : value;
    expect(manifest.publishConfig?.exports).toEqual(strip(manifest.exports));
    expect(JSON.stringify(manifest.publishConfig?.exports)).not.toContain(SOURCE_CONDITION);
  });

  test('README starts with its install line, then an example (TypeScript for a library, shell for a command)', () => {
    // The install line itself is checked against the examples in readme-install.test.ts.
    const opening = readmeOpening(`${dir}/README.md`);
    expect(opening, 'no "# title", one-line description and "npm i ..." block at the top').toBeDefined();
    expect(opening?.rest).toMatch(manifest.bin === undefined ? /^```ts\n/ : /^```(sh|ts)\n/);
  });

  test.runIf(manifest.exports?.['.'] !== undefined)(
    'is tree-shakable, types first in exports, with a size budget for its main entry',
    () => {
      expect(manifest.sideEffects).toBe(false);
      const main = manifest.exports?.['.'] as Record<string, Record<string, string>>;
      for (const condition of ['import', 'require'])
        expect(Object.keys(main[condition] ?? {})[0], condition).toBe('types');
      expect(sizeBudgets().some((b) => b.package === manifest.name && b.imports === '*')).toBe(true);
    },
  );
});

test.each(published.filter((p) => p.manifest.bin !== undefined).map((p) => [p.dir, p] as const))(
  '%s: the README opens with npx examples that run from the tarball alone (no clone, no repository files)',
  (dir, { manifest }) => {
    const lines = /^```sh\n([^]*?)\n```/.exec(readmeOpening(`${dir}/README.md`)?.rest ?? '')?.[1]?.split('\n') ?? [];
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      expect(line, line).toMatch(new RegExp(`^(\\S.*\\| )?npx ${manifest.name.replace('/', '\\/')} `));
      expect(line, line).not.toMatch(/\b(apps|packages|samples)\/|\bnode \S+\.js\b|\bpnpm\b/);
    }
  },
);

test('every size budget names a published package', () => {
  const names = new Set(published.map((p) => p.manifest.name));
  for (const budget of sizeBudgets()) expect(names.has(budget.package), budget.package).toBe(true);
});

test('the root has the LICENSE every package ships', () => {
  expect(existsSync(join(ROOT, 'LICENSE'))).toBe(true);
  expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 chess-formats contributors\n/);
});

describe('the shared prepack script', () => {
  const NPM = '/usr/lib/node_modules/npm/bin/npm-cli.js';
  const PNPM = '/usr/lib/node_modules/pnpm/bin/pnpm.cjs';
  const prepack = (execpath: string | undefined, agent: string) => {
    const { npm_execpath: _execpath, npm_config_user_agent: _agent, ...env } = process.env;
    return spawnSync(process.execPath, [join(ROOT, 'tooling/scripts/prepack.mjs')], {
      encoding: 'utf8',
      env: { ...env, ...(execpath === undefined ? {} : { npm_execpath: execpath }), npm_config_user_agent: agent },
    });
  };

  test('refuses a pack started by npm with one line that says to use pnpm', () => {
    for (const result of [
      prepack(NPM, 'npm/10.8.2 node/v20.19.0 linux x64 workspaces/false'),
      // npm run from a pnpm script takes the outer user agent as its own setting.
      prepack(NPM, 'pnpm/10.12.1 npm/? node/v20.19.0 linux x64'),
      prepack(undefined, 'npm/10.8.2 node/v20.19.0 linux x64 workspaces/false'),
    ]) {
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^chess-formats: .*`pnpm pack`.*workspace:\^.*\n$/);
      expect(result.stderr.split('\n')).toHaveLength(2);
    }
  });

  test('lets a pack started by pnpm go on to the build', () => {
    for (const result of [
      prepack(PNPM, 'pnpm/10.12.1 npm/? node/v20.19.0 linux x64'),
      prepack(undefined, 'pnpm/10.12.1 npm/? node/v20.19.0 linux x64'),
    ])
      expect([result.status, result.stderr]).toEqual([0, '']);
  });
});
