import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, publishedPackages, type WorkspacePackage } from './workspace.js';

/**
 * Skips lifecycle scripts (a package's `prepack` build): these tests read the build that ran
 * before them, and a build per pack would cost most of their time.
 */
export const IGNORE_SCRIPTS = { npm_config_ignore_scripts: 'true' } as const;

/**
 * Every published package's `prepack`: `tooling/scripts/prepack.mjs` refuses a pack started by
 * npm (it keeps `workspace:^` ranges), then the build, so a pack never ships a stale dist.
 */
export const PREPACK = 'node ../../tooling/scripts/prepack.mjs && npm run build';

function pnpmCommand(args: readonly string[]): [string, string[]] {
  const execPath = process.env['npm_execpath'];
  const viaNode = execPath !== undefined && /pnpm/.test(execPath);
  return viaNode ? [process.execPath, [execPath, ...args]] : ['pnpm', [...args]];
}

/** pnpm, as the running script was started with it, or from the PATH; returns its standard output. */
export function pnpm(args: readonly string[], cwd: string, env: Record<string, string> = {}): string {
  const [command, argv] = pnpmCommand(args);
  return execFileSync(command, argv, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
}

/** The same, returning standard output and error together (npm's notices, a tarball's file list, go to the latter). */
export function pnpmAll(args: readonly string[], cwd: string, env: Record<string, string> = {}): string {
  const [command, argv] = pnpmCommand(args);
  const result = spawnSync(command, argv, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0)
    throw new Error(`pnpm ${args.join(' ')} failed (${result.status ?? result.signal}):\n${output}`);
  return output;
}

export function npm(args: readonly string[], cwd: string): string {
  return execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', [...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    // No registry is needed: everything comes from the tarballs.
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
  });
}

/** npm's exit status and its standard output and error together, whether it failed or not. */
export function npmAll(
  args: readonly string[],
  cwd: string,
): { readonly status: number | null; readonly output: string } {
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', [...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

export interface Packed {
  readonly pkg: WorkspacePackage;
  readonly tarball: string;
}

/** A fresh directory outside the repository, so nothing resolves from the workspace by accident. */
export function freshDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `chess-formats-${prefix}-`));
}

/**
 * `pnpm pack` of every published package (workspace ranges become versions and
 * `publishConfig` applies, as on publish), from the build that is there.
 */
export function packAll(into: string): Packed[] {
  mkdirSync(into, { recursive: true });
  const packages = publishedPackages();
  const before = new Set(readdirSync(into));
  // One pnpm for all (its own concurrency), not one start-up per package.
  pnpm(
    ['-r', ...packages.flatMap((p) => ['--filter', p.manifest.name]), 'pack', '--pack-destination', into],
    ROOT,
    IGNORE_SCRIPTS,
  );
  const made = new Set(readdirSync(into).filter((f) => f.endsWith('.tgz') && !before.has(f)));
  return packages.map((pkg) => {
    // pnpm names a tarball after the package and its version: `@scope/name` -> `scope-name-1.0.0.tgz`.
    const file = `${pkg.manifest.name.replace(/^@/, '').replace('/', '-')}-${pkg.manifest.version}.tgz`;
    if (!made.has(file))
      throw new Error(`pnpm pack of ${pkg.dir} made no ${file} (made ${[...made].join(', ') || 'nothing'})`);
    return { pkg, tarball: join(into, file) };
  });
}

/** The workspace packages a package needs at run time, itself excluded, transitively. */
export function runtimeClosure(name: string, all: readonly Packed[]): Packed[] {
  const byName = new Map(all.map((p) => [p.pkg.manifest.name, p]));
  const seen = new Set<string>();
  const visit = (n: string): void => {
    for (const dep of Object.keys(byName.get(n)?.pkg.manifest.dependencies ?? {})) {
      if (byName.has(dep) && !seen.has(dep)) {
        seen.add(dep);
        visit(dep);
      }
    }
  };
  visit(name);
  return [...seen].flatMap((n) => byName.get(n) ?? []);
}

/**
 * A scratch npm project that installs one package as a user would (`npm install x.tgz`), its
 * workspace dependencies coming from their tarballs through `overrides`, so an undeclared
 * dependency is missing here as it would be for a user. `alongside`: packages the user
 * installs too (a README example that imports two packages).
 */
export function installProject(
  target: Packed,
  all: readonly Packed[],
  dir: string,
  alongside: readonly Packed[] = [],
): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const direct = new Set([target, ...alongside].map((p) => p.pkg.manifest.name));
  // A package installed directly is not overridden too: npm refuses an override that names a
  // direct dependency (EOVERRIDE), and its tarball already satisfies the others' ranges.
  const closure = [target, ...alongside]
    .flatMap((p) => runtimeClosure(p.pkg.manifest.name, all))
    .filter((p) => !direct.has(p.pkg.manifest.name));
  const overrides = Object.fromEntries(closure.map((p) => [p.pkg.manifest.name, `file:${p.tarball}`]));
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'scratch', private: true, type: 'module', overrides }, null, 2)}\n`,
  );
  npm(
    [
      'install',
      '--offline',
      '--ignore-scripts',
      '--no-package-lock',
      target.tarball,
      ...alongside.map((p) => p.tarball),
    ],
    dir,
  );
}

/**
 * The version of the pnpm that `pnpm()` starts (the one running these tests, or the PATH's),
 * or `undefined` when there is none: a machine with only Node and npm.
 */
export function pnpmVersion(): string | undefined {
  try {
    return pnpm(['--version'], ROOT).trim();
  } catch {
    return undefined;
  }
}

/**
 * A scratch pnpm project that installs `targets` as a user's `pnpm add` would, offline, their
 * workspace dependencies from their tarballs through `pnpm.overrides`. pnpm links only the
 * project's own dependencies into its `node_modules`, so an import of a package that came in
 * only as another one's dependency fails here, as it does for a pnpm user.
 */
export function installPnpmProject(targets: readonly Packed[], all: readonly Packed[], dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const closure = targets.flatMap((p) => runtimeClosure(p.pkg.manifest.name, all));
  const fileOf = (p: Packed): [string, string] => [p.pkg.manifest.name, `file:${p.tarball}`];
  const manifest = {
    name: 'scratch',
    private: true,
    type: 'module',
    dependencies: Object.fromEntries(targets.map(fileOf)),
    pnpm: { overrides: Object.fromEntries([...closure, ...targets].map(fileOf)) },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // A store of its own, so that nothing is read from or left in the user's; no lockfile to
  // freeze (CI sets frozen-lockfile by default), no registry.
  pnpm(
    [
      'install',
      '--offline',
      '--ignore-scripts',
      '--no-frozen-lockfile',
      '--reporter=silent',
      '--store-dir',
      join(dir, '.pnpm-store'),
    ],
    dir,
  );
}
