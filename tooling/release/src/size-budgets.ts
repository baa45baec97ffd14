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
  readonly gzip: number;
  readonly why?: string;
}

export function sizeBudgets(): SizeBudget[] {
  const file = JSON.parse(readFileSync(join(ROOT, 'size-budgets.json'), 'utf8')) as { budgets: SizeBudget[] };
  return file.budgets;
}

export function describeImports(budget: SizeBudget): string {
  return budget.imports === '*' ? `* from ${budget.package}` : `{ ${budget.imports.join(', ')} } from ${budget.package}`;
}

/**
 * What a user's bundler makes of an import, resolved from `dir` (a project with the package
 * installed): esbuild, platform neutral, minified, then gzip -9. Returns raw and gzipped bytes.
 */
export async function bundledSize(budget: SizeBudget, dir: string): Promise<{ readonly raw: number; readonly gzip: number }> {
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
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}
