import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IGNORE_SCRIPTS, PREPACK, freshDir, pnpm, pnpmAll, npmAll } from '../src/pack.js';
import { ROOT, publishedPackages, workspacePackages, type Manifest } from '../src/workspace.js';

// A release, rehearsed in a copy of the repository (the tree is never changed): the pending
// changesets are applied with `changeset version`, and every published package goes through
// `pnpm publish --dry-run`, which packs it as the registry would receive it.

const SKIP = new Set(['node_modules', '.git', '.turbo', '.scratch', 'coverage']);
const copy = join(freshDir('release'), 'repo');
const published = publishedPackages();
const read = (dir: string): Manifest => JSON.parse(readFileSync(join(copy, dir, 'package.json'), 'utf8')) as Manifest;

beforeAll(() => {
  cpSync(ROOT, copy, { recursive: true, filter: (source) => !SKIP.has(basename(source)) });
  // Tools from the real install; workspace links recreated as they are (relative), so they
  // point into the copy.
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  for (const { dir } of workspacePackages('packages', 'apps', 'tooling')) {
    const scope = join(ROOT, dir, 'node_modules', '@chess-formats');
    if (!existsSync(scope)) continue;
    mkdirSync(join(copy, dir, 'node_modules', '@chess-formats'), { recursive: true });
    for (const name of readdirSync(scope)) {
      symlinkSync(readlinkSync(join(scope, name)), join(copy, dir, 'node_modules', '@chess-formats', name));
    }
  }
});

afterAll(() => {
  rmSync(join(copy, '..'), { recursive: true, force: true });
});

describe('release rehearsal', () => {
  test('every published package is built (dist is what gets published)', () => {
    for (const { dir } of published) expect(existsSync(join(copy, dir, 'dist')), dir).toBe(true);
  });

  test('changeset version applies every pending changeset', () => {
    const pending = readdirSync(join(copy, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md');
    const before = new Map(published.map((p) => [p.dir, read(p.dir).version]));
    execChangeset(['version']);
    expect(readdirSync(join(copy, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md')).toEqual([]);
    if (pending.length === 0) return;
    const bumped = published.filter((p) => read(p.dir).version !== before.get(p.dir));
    expect(bumped.length).toBeGreaterThan(0);
    for (const { dir } of bumped) expect(existsSync(join(copy, dir, 'CHANGELOG.md')), dir).toBe(true);
  });

  // Scripts skipped (the build that is there is packed), so that each package is not built
  // again; the test below runs one `prepack` for real.
  test.each(published.map((p) => [p.manifest.name, p.dir] as const))(
    '%s: pnpm publish --dry-run succeeds',
    (name, dir) => {
      const out = pnpmAll(['publish', '--dry-run', '--no-git-checks'], join(copy, dir), IGNORE_SCRIPTS);
      expect(out).toContain(`${name}@${read(dir).version}`);
      // A versioned package ships the CHANGELOG that `changeset version` wrote.
      if (read(dir).version !== '0.0.0') expect(out).toMatch(/^npm notice \S+ CHANGELOG\.md$/m);
    },
  );

  test('every published package builds in prepack, so a publish never ships a stale or missing dist', () => {
    for (const { dir } of published) expect(read(dir).scripts?.['prepack'], dir).toBe(PREPACK);
  });

  test('npm pack stops in prepack with the one line that says to use pnpm, and makes no tarball', () => {
    const { dir } = published[0] ?? { dir: '' };
    const { status, output } = npmAll(['pack', '--dry-run'], join(copy, dir));
    expect(status).not.toBe(0);
    expect(output).toContain('chess-formats: pack and publish with pnpm (`pnpm pack`, `pnpm publish`)');
    expect(readdirSync(join(copy, dir)).filter((f) => f.endsWith('.tgz'))).toEqual([]);
  });

  test('prepack builds the CLI again: with no dist at all, publish ships one that prints the new version', () => {
    const cli = published.find((p) => p.manifest.bin !== undefined);
    if (cli === undefined) throw new Error('no published command');
    rmSync(join(copy, cli.dir, 'dist'), { recursive: true, force: true });
    const out = pnpmAll(['publish', '--dry-run', '--no-git-checks'], join(copy, cli.dir));
    expect(out).toMatch(/^npm notice \S+ dist\/cli\.js$/m);
    const bin = Object.values(read(cli.dir).bin ?? {})[0] ?? '';
    expect(readFileSync(join(copy, cli.dir, bin), 'utf8')).toContain(JSON.stringify(read(cli.dir).version));
  });
});

function execChangeset(args: readonly string[]): void {
  pnpm(['exec', 'changeset', ...args], copy);
}
