import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PACKAGE_DIR, vectorFormats } from './testing/corpus.js';

// This package is the one place that imports every package and runs every vector file. These
// tests keep it so as packages and formats are added.

interface Manifest {
  readonly name: string;
  readonly private?: boolean;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
}

const ROOT = join(PACKAGE_DIR, '..', '..');
const own = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as Manifest;

function workspaceManifests(): { readonly dir: string; readonly manifest: Manifest }[] {
  return ['packages', 'apps', 'tooling'].flatMap((group) =>
    readdirSync(join(ROOT, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, group, entry.name, 'package.json')))
      .map((entry) => {
        const dir = `${group}/${entry.name}`;
        return { dir, manifest: JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Manifest };
      }),
  );
}

describe('conformance wiring', () => {
  test.each(vectorFormats())('vectors/%s has its adapter src/<format>.conformance.test.ts', (format) => {
    expect(existsSync(join(PACKAGE_DIR, 'src', `${format}.conformance.test.ts`))).toBe(true);
  });

  test('every published package is a dependency of this package, so its adapter can import it', () => {
    const published = workspaceManifests()
      .filter(({ dir, manifest }) => dir.startsWith('packages/') && manifest.private !== true && manifest.name !== own.name)
      .map(({ manifest }) => manifest.name);
    expect(published.length).toBeGreaterThan(1);
    const missing = published.filter((name) => own.devDependencies?.[name] === undefined);
    expect(missing).toEqual([]);
  });

  test('no workspace package depends on this package (it depends on them)', () => {
    const dependents = workspaceManifests()
      .filter(({ manifest }) =>
        [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies, manifest.optionalDependencies].some(
          (deps) => deps?.[own.name] !== undefined,
        ),
      )
      .map(({ dir }) => dir);
    expect(dependents).toEqual([]);
  });
});
