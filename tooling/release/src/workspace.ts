import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly description?: string;
  readonly license?: string;
  readonly engines?: Record<string, string>;
  readonly keywords?: readonly string[];
  readonly files?: readonly string[];
  readonly exports?: Record<string, unknown>;
  readonly sideEffects?: boolean;
  readonly bin?: Record<string, string>;
  readonly scripts?: Record<string, string>;
  readonly repository?: { readonly type: string; readonly url: string; readonly directory?: string };
  readonly homepage?: string;
  readonly bugs?: { readonly url: string };
  readonly author?: string;
  readonly publishConfig?: { readonly access?: string; readonly exports?: Record<string, unknown> };
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

export interface WorkspacePackage {
  /** Relative to the root, `packages/fen`. */
  readonly dir: string;
  readonly manifest: Manifest;
}

/** Every package of a workspace group (`packages`, `apps`, `tooling`), in directory order. */
export function workspacePackages(...groups: readonly string[]): WorkspacePackage[] {
  return groups.flatMap((group) =>
    existsSync(join(ROOT, group))
      ? readdirSync(join(ROOT, group), { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, group, entry.name, 'package.json')))
          .map((entry) => entry.name)
          .sort()
          .map((name) => {
            const dir = `${group}/${name}`;
            const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;
            return { dir, manifest };
          })
      : [],
  );
}

/** The packages users install: everything under `packages/` and `apps/` that is not private. */
export function publishedPackages(): WorkspacePackage[] {
  return workspacePackages('packages', 'apps').filter((p) => p.manifest.private !== true);
}
