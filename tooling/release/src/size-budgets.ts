import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './workspace.js';

/** A row of `size-budgets.json`: what a user imports from a package, and its gzipped budget. */
export interface SizeBudget {
  readonly package: string;
  /** `"*"` for the whole main entry, or the names imported. */
  readonly imports: '*' | readonly string[];
  /** The gzipped bytes measured when the budget was last set. */
  readonly measured: number;
  /** The ceiling: always `ceilingFor(measured)`. */
  readonly gzip: number;
  readonly why?: string;
  /**
   * Strings (identifiers, property names, messages; matched without regard to case) that must
   * not be in this import's bundle: code it promises to leave to tree shaking. Each must be in
   * the bundle of the whole main entry of the package or of one of its dependencies, or the
   * row would prove nothing.
   */
  readonly excludes?: readonly string[];
}

/**
 * The budget of an import measured at `measured` gzipped bytes: the measurement plus a margin of
 * 5% or up to the next 512-byte step, whichever is larger. A budget is a ceiling with room to
 * grow, not a ratchet: a change that names things or removes duplication may spend the margin,
 * and only a measurement (with its reason in the commit) moves the ceiling.
 */
export function ceilingFor(measured: number): number {
  return Math.max(measured + Math.ceil(measured * 0.05), (Math.floor(measured / 512) + 1) * 512);
}

export function sizeBudgets(): SizeBudget[] {
  const file = JSON.parse(readFileSync(join(ROOT, 'size-budgets.json'), 'utf8')) as { budgets: SizeBudget[] };
  return file.budgets;
}

export function describeImports(budget: SizeBudget): string {
  return budget.imports === '*'
    ? `* from ${budget.package}`
    : `{ ${budget.imports.join(', ')} } from ${budget.package}`;
}

/**
 * What a user's bundler makes of an import, resolved from `dir` (a project with the package
 * installed): esbuild, platform neutral, minified, then gzip -9. Returns the minified code, and
 * its raw and gzipped bytes.
 */
export async function bundledSize(
  budget: Pick<SizeBudget, 'package' | 'imports'>,
  dir: string,
): Promise<{ readonly code: string; readonly raw: number; readonly gzip: number }> {
  const contents =
    budget.imports === '*'
      ? `export * from '${budget.package}';`
      : `export { ${budget.imports.join(', ')} } from '${budget.package}';`;
  const result = await build({
    stdin: { contents, resolveDir: dir, loader: 'js' },
    bundle: true,
    minify: true,
    treeShaking: true,
    platform: 'neutral',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { code: new TextDecoder().decode(code), raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

/** The excluded strings of `budget` found in `code` (without regard to case). */
export function excludedFound(budget: SizeBudget, code: string): string[] {
  const lower = code.toLowerCase();
  return (budget.excludes ?? []).filter((marker) => lower.includes(marker.toLowerCase()));
}
