import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  freshDir,
  installPnpmProject,
  installProject,
  packAll,
  pnpmVersion,
  runtimeClosure,
  type Packed,
} from '../src/pack.js';
import { examplesOf, matchesComment, runInstalledExample } from '../src/readme-examples.js';
import { readmeOpening } from '../src/readme-install.js';
import { bundledSize, describeImports, excludedFound, sizeBudgets } from '../src/size-budgets.js';
import { ROOT, publishedPackages } from '../src/workspace.js';

// What a user of `npm i @chess-formats/<one>` gets: every published package is packed, then
// installed alone (with its workspace dependencies from their tarballs) into a scratch npm
// project outside the repository, offline. There it is imported from ESM and CommonJS,
// type-checked with `node16` and `bundler` resolution, and bundled against its size budgets.

const scratch = freshDir('installed');
const projects = new Map<string, string>();
let packed: Packed[] = [];

beforeAll(() => {
  packed = packAll(join(scratch, 'tarballs'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function packedOf(name: string): Packed {
  const target = packed.find((p) => p.pkg.manifest.name === name);
  if (target === undefined) throw new Error(`${name} was not packed`);
  return target;
}

/** A scratch project with `name` installed from its tarball, alone or with the packages `alongside`. */
function project(name: string, alongside: readonly string[] = []): string {
  const key = [name, ...alongside].join(' ');
  const existing = projects.get(key);
  if (existing !== undefined) return existing;
  const dir = join(scratch, key.replace(/[@/ ]/g, '_'));
  installProject(packedOf(name), packed, dir, alongside.map(packedOf));
  projects.set(key, dir);
  return dir;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file a wildcard export (`"./vectors/*": "./vectors/*"`) makes importable, as specifiers. */
function wildcardSpecifiers(name: string, exportsMap: Record<string, unknown>, installed: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, target] of Object.entries(exportsMap)) {
    if (!key.includes('*') || typeof target !== 'string') continue;
    const prefix = target.slice(0, target.indexOf('*'));
    const base = join(installed, prefix);
    if (!existsSync(base)) continue;
    for (const file of filesUnder(base)) {
      const rest = relative(base, file).split('\\').join('/');
      found.set(`${name}/${key.replace('*', rest).slice(2)}`, file);
    }
  }
  return found;
}

const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const STRICT = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: false,
  skipDefaultLibCheck: true,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2022'],
  types: [],
};

function typeCheck(
  dir: string,
  config: string,
  compilerOptions: Record<string, unknown>,
  files: readonly string[],
): void {
  writeFileSync(
    join(dir, config),
    JSON.stringify({ compilerOptions: { ...STRICT, ...compilerOptions }, files }, null, 2),
  );
  // The compiler's own diagnostics become the failure's message, so a failing run says which
  // declaration did not check.
  const run = spawnSync(process.execPath, [tsc, '-p', config], { cwd: dir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`tsc -p ${config} failed:\n${run.stdout}${run.stderr}`);
}

const libraries = publishedPackages().filter((p) => p.manifest.exports?.['.'] !== undefined);

describe.each(libraries.map((p) => [p.manifest.name, p] as const))('%s, installed from its tarball', (name, pkg) => {
  test('imports from ESM and CommonJS with the same exports, and ships its LICENSE and README', () => {
    const dir = project(name);
    const installed = join(dir, 'node_modules', ...name.split('/'));
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    expect(existsSync(join(installed, 'README.md'))).toBe(true);
    const manifest = readFileSync(join(installed, 'package.json'), 'utf8');
    expect(manifest).not.toMatch(/"(workspace|catalog):/);
    writeFileSync(
      join(dir, 'probe.mjs'),
      [
        `import { createRequire } from 'node:module';`,
        `import * as esm from '${name}';`,
        `const cjs = createRequire(import.meta.url)('${name}');`,
        `console.log(JSON.stringify({ esm: Object.keys(esm).filter((k) => k !== 'default').sort(), cjs: Object.keys(cjs).sort() }));`,
      ].join('\n'),
    );
    const out = JSON.parse(execFileSync(process.execPath, ['probe.mjs'], { cwd: dir, encoding: 'utf8' })) as {
      esm: string[];
      cjs: string[];
    };
    expect(out.esm.length).toBeGreaterThan(0);
    expect(out.cjs).toEqual(out.esm);
  });

  test('every file of a wildcard export resolves from CommonJS and imports from ESM', () => {
    const dir = project(name);
    const installed = join(dir, 'node_modules', ...name.split('/'));
    const specifiers = wildcardSpecifiers(name, pkg.manifest.exports ?? {}, installed);
    if (specifiers.size === 0) return;
    writeFileSync(
      join(dir, 'subpaths.mjs'),
      [
        `import { createRequire } from 'node:module';`,
        `const require = createRequire(import.meta.url);`,
        `const out = {};`,
        `for (const s of ${JSON.stringify([...specifiers.keys()])}) {`,
        `  const json = s.endsWith('.json');`,
        `  const loaded = json ? (await import(s, { with: { type: 'json' } })).default : await import(s);`,
        `  out[s] = [require.resolve(s), loaded !== undefined && loaded !== null];`,
        `}`,
        `console.log(JSON.stringify(out));`,
      ].join('\n'),
    );
    const out = JSON.parse(execFileSync(process.execPath, ['subpaths.mjs'], { cwd: dir, encoding: 'utf8' })) as Record<
      string,
      [string, boolean]
    >;
    for (const [specifier, file] of specifiers) expect(out[specifier], specifier).toEqual([file, true]);
  });

  test('type-checks under node16 (ESM and CommonJS) and bundler resolution, declarations included', () => {
    const dir = project(name);
    const body = `export const names: readonly string[] = Object.keys(api);\n`;
    writeFileSync(join(dir, 'esm.mts'), `import * as api from '${name}';\n${body}`);
    writeFileSync(join(dir, 'cjs.cts'), `import api = require('${name}');\n${body}`);
    writeFileSync(join(dir, 'bundler.ts'), `import * as api from '${name}';\n${body}`);
    expect(() =>
      typeCheck(dir, 'tsconfig.node16.json', { module: 'node16', moduleResolution: 'node16' }, ['esm.mts', 'cjs.cts']),
    ).not.toThrow();
    expect(() =>
      typeCheck(dir, 'tsconfig.bundler.json', { module: 'esnext', moduleResolution: 'bundler' }, ['bundler.ts']),
    ).not.toThrow();
  });
});

const commands = publishedPackages().filter((p) => p.manifest.bin !== undefined);

describe.each(commands.map((p) => [p.manifest.name, p] as const))('%s, installed from its tarball', (name, pkg) => {
  test.each(Object.keys(pkg.manifest.bin ?? {}))('npx %s runs: --version, and a position through fen', (bin) => {
    const dir = project(name);
    const installed = join(dir, 'node_modules', ...name.split('/'));
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    const npx = (args: readonly string[], input = '') =>
      execFileSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', bin, ...args], {
        cwd: dir,
        encoding: 'utf8',
        input,
      });
    expect(npx(['--version'])).toBe(`${pkg.manifest.version}\n`);
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(npx(['fen'], `${start}\n`)).toBe(`${start}\n`);
  });
});

describe('size budgets (size-budgets.json), bundled from the installed packages', () => {
  test.each(sizeBudgets().map((b) => [describeImports(b), b] as const))('%s', async (_what, budget) => {
    const size = await bundledSize(budget, project(budget.package));
    console.log(`${describeImports(budget)}: ${size.gzip} bytes gzipped, ${size.raw} minified (budget ${budget.gzip})`);
    // `pnpm budgets` reads these to set each row's measurement and ceiling.
    const out = process.env['SIZE_MEASUREMENTS'];
    if (out) appendFileSync(out, `${JSON.stringify({ what: describeImports(budget), gzip: size.gzip })}\n`);
    expect(size.gzip).toBeGreaterThan(0);
    expect(size.gzip).toBeLessThanOrEqual(budget.gzip);
    if (budget.excludes === undefined) return;
    expect(excludedFound(budget, size.code), 'left to tree shaking, yet bundled').toEqual([]);
    // Each excluded string is real: it is in the whole of the package or of a dependency.
    const dir = project(budget.package);
    const manifest = JSON.parse(
      readFileSync(join(dir, 'node_modules', ...budget.package.split('/'), 'package.json'), 'utf8'),
    ) as {
      dependencies?: Record<string, string>;
    };
    const wholes = await Promise.all(
      [budget.package, ...Object.keys(manifest.dependencies ?? {})].map((name) =>
        bundledSize({ package: name, imports: '*' }, dir),
      ),
    );
    expect(excludedFound(budget, wholes.map((whole) => whole.code).join('\n')), 'in no bundle at all').toEqual(
      budget.excludes,
    );
  });
});

describe('@chess-formats/icc-dg, installed from its tarball', () => {
  test('decodes its sample session alike where Node refuses code generation from strings (the generated fields fall back)', () => {
    const dir = project('@chess-formats/icc-dg');
    writeFileSync(
      join(dir, 'no-eval.mjs'),
      [
        `import { readFileSync } from 'node:fs';`,
        `import { createRequire } from 'node:module';`,
        `import { createIccDecoder } from '@chess-formats/icc-dg';`,
        `const sample = readFileSync(createRequire(import.meta.url).resolve('@chess-formats/icc-dg/package.json').replace(/package\\.json$/, 'samples/session.icc'));`,
        `let evalAllowed = true;`,
        `try { new Function('return 1'); } catch { evalAllowed = false; }`,
        `const settings = ['DG_SEND_MOVES', 'DG_MOVE_ALGEBRAIC', 'DG_MOVE_SMITH', 'DG_MOVE_CLOCK', 'DG_MSEC', 'DG_STARTED_OBSERVING', 'DG_PERSONAL_TELL', 'DG_SEEK', 'DG_MATCH'];`,
        `const decode = (compile) => { const d = createIccDecoder({ settings, compile }); return [...d.push(sample), ...d.end()]; };`,
        `console.log(JSON.stringify({ evalAllowed, compiled: decode(true), plain: decode(false) }));`,
      ].join('\n'),
    );
    const run = (flags: string[]) =>
      JSON.parse(execFileSync(process.execPath, [...flags, 'no-eval.mjs'], { cwd: dir, encoding: 'utf8' })) as {
        evalAllowed: boolean;
        compiled: unknown[];
        plain: unknown[];
      };
    const allowed = run([]);
    const refused = run(['--disallow-code-generation-from-strings']);
    expect([allowed.evalAllowed, refused.evalAllowed]).toEqual([true, false]);
    expect(allowed.compiled.filter((e) => (e as { kind: string }).kind === 'datagram').length).toBeGreaterThan(20);
    expect(refused.compiled).toEqual(allowed.compiled);
    expect(refused.plain).toEqual(allowed.compiled);
  });
});

/** The shell lines a command's README opens with, after its install line. */
function commandLines(dir: string): string[] {
  const rest = readmeOpening(`${dir}/README.md`)?.rest ?? '';
  return /^```sh\n([^]*?)\n```/.exec(rest)?.[1]?.split('\n') ?? [];
}

/** Runs one README shell line in `dir` and checks what it prints against its `# →` comment. */
function runCommandLine(line: string, dir: string): void {
  // Offline: npx must find the installed package, never fetch one.
  const env = { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' };
  const out = execFileSync('sh', ['-c', line], {
    cwd: dir,
    encoding: 'utf8',
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(out.trim().length).toBeGreaterThan(0);
  const at = line.indexOf('# →');
  if (at >= 0) expect(matchesComment(out, line.slice(at + 3).trim()), out).toBe(true);
}

// The first example of each README (the five lines a user reads first), run where the package
// was installed alone from its tarball: a library's ```ts block as a user's module, a
// command's ```sh lines through npx. A package the example imports besides its own
// dependencies (conformance's example checks fen) is installed beside it, as the user must.

const published = publishedPackages();
const publishedNames = new Set(published.map((p) => p.manifest.name));

describe.each(libraries.map((p) => [p.manifest.name, p] as const))(
  '%s, installed alone from its tarball',
  (name, pkg) => {
    test('runs the first example of its README and prints what its comments say', async () => {
      const [example] = examplesOf(`${pkg.dir}/README.md`);
      if (example === undefined) throw new Error(`${pkg.dir}/README.md has no example`);
      const imported = [...example.code.matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');
      const closure = new Set([name, ...runtimeClosure(name, packed).map((p) => p.pkg.manifest.name)]);
      const alongside = [...new Set(imported.filter((i) => publishedNames.has(i) && !closure.has(i)))];
      const printed = await runInstalledExample(example, project(name, alongside));
      expect(example.expectations.length).toBeGreaterThan(0);
      for (const { line, text } of example.expectations) {
        const mine = printed.filter((p) => p.line === line);
        expect(mine.length, `${example.where} line ${line} printed nothing`).toBeGreaterThan(0);
        for (const p of mine) expect(matchesComment(p.text, text), `printed ${p.text}\nexpected ${text}`).toBe(true);
      }
    });
  },
);

describe.each(commands.map((p) => [p.manifest.name, p] as const))(
  '%s, installed alone from its tarball',
  (name, pkg) => {
    const lines = commandLines(pkg.dir);

    test('its README opens with shell examples', () => {
      expect(lines.length).toBeGreaterThanOrEqual(3);
    });

    test.each(lines)('README: %s', (line) => {
      runCommandLine(line, project(name));
    });
  },
);

// Every README example where only what its install line names was installed: one scratch
// project per README under npm, and one under pnpm when pnpm can be started (it packed the
// tarballs above, so it can wherever these tests run through `pnpm test:dist`). npm hoists a
// package's dependencies into the project's node_modules, so an import its install line
// forgot still resolves there; pnpm links only what the project installed, so it fails, as it
// does for a user of pnpm.

const PNPM = pnpmVersion();
const pnpmProjects = new Map<string, string>();

/** The pnpm scratch project of an install line, made once. */
function pnpmProject(names: readonly string[]): string {
  const key = names.join(' ');
  const existing = pnpmProjects.get(key);
  if (existing !== undefined) return existing;
  const dir = join(scratch, 'pnpm', key.replace(/[@/ ]/g, '_'));
  installPnpmProject(names.map(packedOf), packed, dir);
  pnpmProjects.set(key, dir);
  return dir;
}

async function expectExamplesRun(readme: string, dir: string): Promise<void> {
  const examples = examplesOf(readme);
  for (const [i, example] of examples.entries()) {
    const printed = await runInstalledExample(example, dir, `readme-example-${i}.mjs`);
    for (const { line, text } of example.expectations) {
      const mine = printed.filter((p) => p.line === line);
      expect(mine.length, `${example.where} line ${line} printed nothing`).toBeGreaterThan(0);
      for (const p of mine) expect(matchesComment(p.text, text), `printed ${p.text}\nexpected ${text}`).toBe(true);
    }
  }
}

describe.each(published.map((p) => [p.manifest.name, p] as const))('%s, installed as its README says', (name, pkg) => {
  const readme = `${pkg.dir}/README.md`;
  const names = readmeOpening(readme)?.packages ?? [];
  const isCommand = pkg.manifest.bin !== undefined;

  test('the README has an install line that names the package first', () => {
    expect(names[0]).toBe(name);
  });

  test.runIf(!isCommand)(
    'every example runs where npm installed only the packages the install line names',
    async () => {
      await expectExamplesRun(readme, project(names[0] ?? name, names.slice(1)));
    },
  );

  // A command whose install line names it alone had its README lines run in that very npm
  // project already ('installed alone from its tarball', above).
  test.runIf(isCommand && names.length > 1)(
    'its README lines run where npm installed only the packages the install line names',
    () => {
      for (const line of commandLines(pkg.dir)) runCommandLine(line, project(names[0] ?? name, names.slice(1)));
    },
  );

  if (PNPM === undefined) {
    test.skip('under pnpm: no pnpm to start (neither the one running these tests nor one on the PATH)', () => {});
    return;
  }

  test.runIf(!isCommand)(`every example runs where pnpm ${PNPM} installed only those packages`, async () => {
    await expectExamplesRun(readme, pnpmProject(names));
  });

  test.runIf(isCommand)(`its README lines run where pnpm ${PNPM} installed only those packages`, () => {
    for (const line of commandLines(pkg.dir)) runCommandLine(line, pnpmProject(names));
  });
});

/** Every file of an installed package, relative to it, its own node_modules left out. */
function shipped(installed: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name === 'node_modules') return [];
      const path = join(dir, entry.name);
      return entry.isDirectory() ? walk(path) : [relative(installed, path).split('\\').join('/')];
    });
  return walk(installed).sort();
}

const TESTS_AND_HELPERS =
  /(^|\/)(testing|__tests__|__snapshots__|__fixtures__|fixtures?)\/|\.(test|test-d|spec|e2e|bench)\.[cm]?[jt]sx?(\.map)?$/;

describe.each(published.map((p) => [p.manifest.name, p] as const))('%s, as packed', (name, pkg) => {
  test('has LICENSE, README and CHANGELOG (listed in files until the first version writes it), and no tests, test helpers or fixtures', () => {
    const installed = join(project(name), 'node_modules', ...name.split('/'));
    const files = shipped(installed);
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
    expect(pkg.manifest.files).toContain('CHANGELOG.md');
    // 0.0.0 is the unreleased version: `changeset version` writes the CHANGELOG with the first one.
    if (pkg.manifest.version !== '0.0.0') expect(files).toContain('CHANGELOG.md');
    expect(files.filter((f) => TESTS_AND_HELPERS.test(f))).toEqual([]);
  });

  test('imports nothing it does not declare: its own files, Node builtins and its dependencies only', () => {
    const installed = join(project(name), 'node_modules', ...name.split('/'));
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    const allowed = new Set([name, ...Object.keys(manifest.dependencies ?? {})]);
    const undeclared = shipped(installed)
      .filter((f) => /\.[cm]?[jt]s$/.test(f))
      .flatMap((f) =>
        ts
          .preProcessFile(readFileSync(join(installed, f), 'utf8'), true, true)
          .importedFiles.map((i) => i.fileName)
          .filter((spec) => !spec.startsWith('.') && !builtinModules.includes(spec.replace(/^node:/, '')))
          .filter(
            (spec) =>
              !allowed.has(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? '')),
          )
          .map((spec) => `${f}: ${spec}`),
      );
    expect(undeclared).toEqual([]);
  });

  test('every declaration and module has a map whose sources are shipped (go to definition opens src/)', () => {
    const installed = join(project(name), 'node_modules', ...name.split('/'));
    const files = shipped(installed);
    const mapped = files.filter((f) => f.startsWith('dist/') && /\.(d\.[cm]?ts|[cm]?js)$/.test(f));
    const missing = mapped.flatMap((f) => {
      if (!files.includes(`${f}.map`)) return [`${f}: no map`];
      const { sources } = JSON.parse(readFileSync(join(installed, `${f}.map`), 'utf8')) as { sources: string[] };
      return sources.filter((s) => !existsSync(join(installed, dirname(f), s))).map((s) => `${f}.map: ${s}`);
    });
    // The command is one bundle without maps; every library maps its declarations to src/.
    if (pkg.manifest.exports?.['.'] !== undefined) {
      expect(mapped.filter((f) => /\.d\.c?ts$/.test(f)).length).toBeGreaterThan(0);
      expect(missing).toEqual([]);
    }
    const packedManifest = readFileSync(join(installed, 'package.json'), 'utf8');
    expect(packedManifest).not.toContain('@chess-formats/source');
  });
});

interface SourceMapper {
  tryGetSourcePosition(info: { fileName: string; pos: number }): { fileName: string; pos: number } | undefined;
}

describe('@chess-formats/fen, installed from its tarball, in an editor', () => {
  test('go to definition of an import opens the shipped TypeScript source, through the declaration map', () => {
    const dir = project('@chess-formats/fen');
    const file = join(dir, 'editor.ts');
    const code = `import { parseFen } from '@chess-formats/fen';\nparseFen('8/8/8/8/8/8/8/8 w - - 0 1');\n`;
    writeFileSync(file, code);
    const options: ts.CompilerOptions = {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      types: [],
    };
    const service = ts.createLanguageService({
      getScriptFileNames: () => [file],
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) =>
        ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name) ?? '') : undefined,
      getCurrentDirectory: () => dir,
      getCompilationSettings: () => options,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
      realpath: (path) => ts.sys.realpath?.(path) ?? path,
    });
    const definitions = service.getDefinitionAtPosition(file, code.lastIndexOf('parseFen(') + 2) ?? [];
    // The language service finds the declaration; the editor's server then follows its
    // declaration map, as tsserver does, with the service's (untyped) source mapper.
    const mapper = (service as unknown as { getSourceMapper(): SourceMapper }).getSourceMapper();
    const installed = join(dir, 'node_modules', '@chess-formats', 'fen');
    const opened = definitions.map(
      (d) =>
        mapper.tryGetSourcePosition({ fileName: d.fileName, pos: d.textSpan.start }) ?? {
          fileName: d.fileName,
          pos: d.textSpan.start,
        },
    );
    expect(definitions.map((d) => relative(installed, d.fileName).split('\\').join('/'))).toEqual(['dist/parse.d.ts']);
    expect(opened.map((d) => relative(installed, d.fileName).split('\\').join('/'))).toEqual(['src/parse.ts']);
    const source = readFileSync(join(installed, 'src', 'parse.ts'), 'utf8');
    expect(source.slice(opened[0]?.pos ?? 0)).toMatch(/^(export )?function parseFen\(|^parseFen\(/);
  });
});
