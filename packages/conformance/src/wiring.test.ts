import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PACKAGE_DIR, vectorFormats } from './testing/corpus.js';
import { TEXT_FORMATS } from './testing/formats.js';

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
  test.each(vectorFormats())(
    'vectors/%s has its adapter: a text format of the list, or src/<format>.conformance.test.ts',
    (format) => {
      const viaList = TEXT_FORMATS.some((text) => text.name === format);
      expect(viaList || existsSync(join(PACKAGE_DIR, 'src', `${format}.conformance.test.ts`))).toBe(true);
    },
  );

  test('every published package is a dependency of this package, so its adapter can import it, or a format of the list', () => {
    const manifests = workspaceManifests();
    const published = manifests
      .filter(
        ({ dir, manifest }) => dir.startsWith('packages/') && manifest.private !== true && manifest.name !== own.name,
      )
      .map(({ manifest }) => manifest.name);
    expect(published.length).toBeGreaterThan(1);
    // A format package that only the list brings (a new format, following CONTRIBUTING.md) is
    // reached through @chess-formats/formats: its vectors run through its descriptor, with no
    // adapter here to import it.
    const list = manifests.find(({ manifest }) => manifest.name === '@chess-formats/formats')?.manifest;
    const missing = published.filter(
      (name) => own.devDependencies?.[name] === undefined && list?.dependencies?.[name] === undefined,
    );
    expect(missing).toEqual([]);
  });

  test('no library depends on this package (it depends on them); only private apps at the top read the corpus', () => {
    const manifests = workspaceManifests();
    const dependsOn = (manifest: (typeof manifests)[number]['manifest'], name: string): boolean =>
      [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies, manifest.optionalDependencies].some(
        (deps) => deps?.[name] !== undefined,
      );
    const dependents = manifests.filter(({ manifest }) => dependsOn(manifest, own.name));
    // A private app (the demo detects every vector as its own format) sits above every package:
    // nothing depends on it, so reading the corpus there makes no cycle. Anything else would.
    const notTopApps = dependents
      .filter(({ dir, manifest }) => {
        const isTopApp =
          dir.startsWith('apps/') &&
          manifest.private === true &&
          !manifests.some((other) => manifest.name !== undefined && dependsOn(other.manifest, manifest.name));
        return !isTopApp;
      })
      .map(({ dir }) => dir);
    expect(notTopApps).toEqual([]);
  });
});
