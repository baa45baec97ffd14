import { build, transform, type Plugin } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT, workspacePackages } from './workspace.js';

// README examples are checked, not trusted: every ```ts block of every package and app README
// type-checks under the project's strict settings, runs against the sources, and each line
// marked `// → text` prints `text` (objects as console.log shows them, on one line; `...`
// stands for anything).

export const ARROW = '// →';

export interface Example {
  /** `packages/fen/README.md:3`: the README and the line of the opening fence. */
  readonly where: string;
  readonly readme: string;
  /** 1-based line of the first code line in the README. */
  readonly firstLine: number;
  readonly code: string;
  /** The `// →` lines: 1-based line within `code`, and the text it must print. */
  readonly expectations: readonly { readonly line: number; readonly text: string }[];
}

/** Every README that can hold examples: the root's and every workspace package's. */
export function readmes(): string[] {
  return ['README.md', ...workspacePackages('packages', 'apps').map((p) => `${p.dir}/README.md`)].filter((file) =>
    existsSync(join(ROOT, file)),
  );
}

export function examplesOf(readme: string): Example[] {
  return fencedExamples(readme, readFileSync(join(ROOT, readme), 'utf8').split('\n'));
}

/** Where a doc comment line's text starts: after the indent and ` * ` that open it. */
const DOC_LINE = /^\s*\* ?/;

/**
 * The ```ts blocks of the `@example` tags in a source file's doc comments, which typedoc shows
 * on the function's page: checked like README examples, the comment's ` * ` taken off.
 */
export function docExamplesOf(file: string): Example[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const examples: Example[] = [];
  lines.forEach((line, i) => {
    if (!/^\s*\* @example\s*$/.test(line)) return;
    let end = i + 1;
    while (end < lines.length && DOC_LINE.test(lines[end] ?? '') && !/\*\//.test(lines[end] ?? '')) end++;
    const block = lines.slice(i + 1, end).map((l) => l.replace(DOC_LINE, ''));
    for (const example of fencedExamples(file, block)) {
      examples.push({
        ...example,
        where: `${file}:${i + 1 + example.firstLine - 1}`,
        firstLine: i + 1 + example.firstLine,
      });
    }
  });
  return examples;
}

/** Every source file of the workspace's packages that is not a test. */
export function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) files.push(path);
    }
  };
  for (const p of workspacePackages('packages', 'apps')) if (existsSync(join(ROOT, p.dir, 'src'))) walk(`${p.dir}/src`);
  return files;
}

/** The ```ts blocks of `lines`, which come from `readme` (a README or a doc comment's text). */
function fencedExamples(readme: string, lines: readonly string[]): Example[] {
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i] ?? '')) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? '')) end++;
    const body = lines.slice(start, end);
    const expectations = body.flatMap((line, k) => {
      const at = line.indexOf(ARROW);
      return at < 0 ? [] : [{ line: k + 1, text: line.slice(at + ARROW.length).trim() }];
    });
    examples.push({ where: `${readme}:${i + 1}`, readme, firstLine: start + 1, code: body.join('\n'), expectations });
    i = end;
  }
  return examples;
}

/**
 * Source entry of every workspace package, by name, and of every subpath its exports map gives
 * a source (board-core's `./internal`, which the packages' own modules import): examples import
 * them as users would.
 */
function sourceEntries(): Map<string, string> {
  return new Map(
    workspacePackages('packages', 'apps')
      .filter((p) => existsSync(join(ROOT, p.dir, 'src', 'index.ts')))
      .flatMap((p): [string, string][] => [
        [p.manifest.name, join(ROOT, p.dir, 'src', 'index.ts')],
        ...Object.entries((p.manifest as { exports?: Record<string, unknown> }).exports ?? {}).flatMap(
          ([subpath, target]): [string, string][] => {
            const source = (target as Record<string, unknown> | null)?.['@chess-formats/source'];
            return subpath !== '.' && typeof source === 'string'
              ? [[`${p.manifest.name}/${subpath.slice(2)}`, join(ROOT, p.dir, source)]]
              : [];
          },
        ),
      ]),
  );
}

/** A scratch directory inside the repository, so `@types/node` resolves as for any source file. */
export function scratchDir(name: string): string {
  const dir = join(ROOT, 'tooling', 'release', '.scratch', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

function fileName(index: number): string {
  return `example-${String(index).padStart(2, '0')}.ts`;
}

/**
 * Type errors of the examples, each as `README:line: message`, with the strict options of
 * `tooling/tsconfig/base.json`.
 */
export function typeErrors(examples: readonly Example[], dir: string): string[] {
  const base = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tooling', 'tsconfig', 'base.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (base === undefined) throw new Error('cannot read tooling/tsconfig/base.json');
  const files = examples.map((example, i) => {
    const file = join(dir, fileName(i));
    writeFileSync(file, `${example.code}\n`);
    return file;
  });
  const paths = Object.fromEntries([...sourceEntries()].map(([name, entry]) => [name, [entry]]));
  const options: ts.CompilerOptions = { ...base.options, noEmit: true, types: ['node'], paths };
  const program = ts.createProgram(files, options);
  const byFile = new Map(files.map((file, i) => [file, examples[i]]));
  // Only the examples are checked: the packages' own sources are the type checker's job, and
  // checking them again here would cost most of the time.
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...files.flatMap((file) => {
      const source = program.getSourceFile(file);
      return source === undefined
        ? []
        : [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    }),
  ];
  return diagnostics.map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    const example = d.file === undefined ? undefined : byFile.get(d.file.fileName);
    if (d.file === undefined || d.start === undefined || example === undefined) {
      return `${d.file?.fileName ?? 'options'}: ${message}`;
    }
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${example.readme}:${example.firstLine + line}: ${message}`;
  });
}

const PRINT_MARK = '\u0000example-print\u0000';

/** `console.log(` on a `// →` line reports its line too, so output and comment can be paired. */
function instrument(example: Example): string {
  const marked = new Set(example.expectations.map((e) => e.line));
  const body = example.code
    .split('\n')
    .map((line, k) => (marked.has(k + 1) ? line.replace('console.log(', `__examplePrint(${k + 1}, `) : line))
    .join('\n');
  const preamble = [
    `import { formatWithOptions as __format } from 'node:util';`,
    `const __examplePrint = (line: number, ...args: unknown[]): void => {`,
    `  process.stdout.write(${JSON.stringify(PRINT_MARK)} + JSON.stringify([line, __format({ breakLength: Infinity, depth: 4 }, ...args)]) + '\\n');`,
    `};`,
  ].join('\n');
  return `${preamble}\n${body}\n`;
}

const toSources = (entries: Map<string, string>): Plugin => ({
  name: 'workspace-sources',
  setup(b) {
    b.onResolve({ filter: /^@chess-formats\// }, (args) => {
      const path = entries.get(args.path);
      return path === undefined ? { errors: [{ text: `no workspace package ${args.path}` }] } : { path };
    });
  },
});

export interface Printed {
  readonly line: number;
  readonly text: string;
}

function printedLines(stdout: string): Printed[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith(PRINT_MARK))
    .map((line) => {
      const [at, text] = JSON.parse(line.slice(PRINT_MARK.length)) as [number, string];
      return { line: at, text };
    });
}

/**
 * Runs an example as a user's module in `dir`, a project where the packages are installed:
 * its imports resolve from that project's `node_modules`, not from the sources.
 */
export async function runInstalledExample(
  example: Example,
  dir: string,
  file = 'readme-example.mjs',
): Promise<Printed[]> {
  const { code } = await transform(instrument(example), {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    sourcefile: example.where,
  });
  writeFileSync(join(dir, file), code);
  return printedLines(execFileSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', timeout: 20_000 }));
}

/**
 * Bundles every example at once, each to the module `runExample` runs: one esbuild pass reads
 * the packages' sources once for all of them, where a build per example read them again each
 * time (most of the time of a run). Each example is still its own bundle, run in its own
 * process. Resolves false when the pass fails (one example that does not bundle), so that each
 * example is then built alone and the failure is the failing example's.
 */
export async function bundleExamples(examples: readonly Example[], dir: string): Promise<boolean> {
  const entryPoints = examples.map((example, index) => {
    const file = join(dir, fileName(index).replace(/\.ts$/, '.run.ts'));
    writeFileSync(file, instrument(example));
    return file;
  });
  try {
    await build({
      entryPoints,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      logLevel: 'silent',
      plugins: [toSources(sourceEntries())],
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs an example in a fresh Node process; returns what its `// →` lines printed. `bundled`:
 * `bundleExamples` made its module already.
 */
export async function runExample(example: Example, dir: string, index: number, bundled = false): Promise<Printed[]> {
  if (bundled) {
    const outfile = join(dir, fileName(index).replace(/\.ts$/, '.run.mjs'));
    return printedLines(execFileSync(process.execPath, [outfile], { encoding: 'utf8', timeout: 20_000 }));
  }
  const outfile = join(dir, fileName(index).replace(/\.ts$/, '.mjs'));
  await build({
    stdin: { contents: instrument(example), loader: 'ts', resolveDir: dir, sourcefile: example.where },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    plugins: [toSources(sourceEntries())],
  });
  return printedLines(execFileSync(process.execPath, [outfile], { encoding: 'utf8', timeout: 20_000 }));
}

/** Whether printed text matches a `// →` comment: whitespace runs are equal, `...` is anything. */
export function matchesComment(printed: string, comment: string): boolean {
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  const pattern = squash(comment)
    .split('...')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 's').test(squash(printed));
}
