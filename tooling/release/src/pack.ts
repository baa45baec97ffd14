import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, publishedPackages, type WorkspacePackage } from './workspace.js';

/** pnpm, as the running script was started with it, or from the PATH. */
export function pnpm(args: readonly string[], cwd: string): string {
  const execPath = process.env['npm_execpath'];
  const viaNode = execPath !== undefined && /pnpm/.test(execPath);
  return execFileSync(viaNode ? process.execPath : 'pnpm', viaNode ? [execPath, ...args] : [...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

export interface Packed {
  readonly pkg: WorkspacePackage;
  readonly tarball: string;
}

/** A fresh directory outside the repository, so nothing resolves from the workspace by accident. */
export function freshDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `chess-formats-${prefix}-`));
}

/** `pnpm pack` of every published package (workspace ranges become versions, as on publish). */
export function packAll(into: string): Packed[] {
  mkdirSync(into, { recursive: true });
  return publishedPackages().map((pkg) => {
    const before = new Set(readdirSync(into));
    pnpm(['pack', '--pack-destination', into], join(ROOT, pkg.dir));
    const made = readdirSync(into).filter((f) => f.endsWith('.tgz') && !before.has(f));
    if (made.length !== 1) throw new Error(`pnpm pack of ${pkg.dir} made ${made.join(', ') || 'nothing'}`);
    return { pkg, tarball: join(into, made[0] ?? '') };
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
 * dependency is missing here as it would be for a user.
 */
export function installProject(target: Packed, all: readonly Packed[], dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const overrides = Object.fromEntries(runtimeClosure(target.pkg.manifest.name, all).map((p) => [p.pkg.manifest.name, `file:${p.tarball}`]));
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'scratch', private: true, type: 'module', overrides }, null, 2)}\n`);
  npm(['install', '--offline', '--ignore-scripts', '--no-package-lock', target.tarball], dir);
}
