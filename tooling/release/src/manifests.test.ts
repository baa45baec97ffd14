import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sizeBudgets } from './size-budgets.js';
import { ROOT, publishedPackages, workspacePackages, type Manifest } from './workspace.js';

// The conventions every package follows, so that a new package cannot forget one.

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

  test('README starts with an example (TypeScript for a library, shell for a command)', () => {
    const readme = readFileSync(join(ROOT, dir, 'README.md'), 'utf8');
    expect(readme).toMatch(manifest.bin === undefined ? /^# \S+\n\n```ts\n/ : /^# .+\n\n```(sh|ts)\n/);
  });

  test.runIf(manifest.exports?.['.'] !== undefined)('is tree-shakable, types first in exports, with a size budget for its main entry', () => {
    expect(manifest.sideEffects).toBe(false);
    const main = manifest.exports?.['.'] as Record<string, Record<string, string>>;
    for (const condition of ['import', 'require']) expect(Object.keys(main[condition] ?? {})[0], condition).toBe('types');
    expect(sizeBudgets().some((b) => b.package === manifest.name && b.imports === '*')).toBe(true);
  });
});

test('every size budget names a published package', () => {
  const names = new Set(published.map((p) => p.manifest.name));
  for (const budget of sizeBudgets()) expect(names.has(budget.package), budget.package).toBe(true);
});

test('the root has the LICENSE every package ships', () => {
  expect(existsSync(join(ROOT, 'LICENSE'))).toBe(true);
  expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 chess-formats contributors\n/);
});
