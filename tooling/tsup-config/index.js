// @ts-check
import { buildSync } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { inlineCharCodes } from './char-codes.js';

/**
 * The source modules an entry reaches (tests and test helpers never do), found by a throwaway
 * esbuild bundle. Each becomes its own output module, so a user's bundler drops what is unused
 * (a single-file bundle keeps every top-level table it cannot prove pure).
 * @param {string} entry
 * @returns {string[]}
 */
function reachableModules(entry) {
  const { metafile } = buildSync({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    format: 'esm',
    logLevel: 'silent',
    // Sibling packages and JSON data stay imports; only this package's own modules count.
    packages: 'external',
    external: ['*.json', 'node:*'],
  });
  return Object.keys(metafile.inputs)
    .filter((file) => /\.[cm]?ts$/.test(file) && !file.includes('node_modules'))
    .sort();
}

/**
 * The source module of each entry point the package's `exports` map names (the main one and any
 * subpath, such as board-core's `./internal`), through the dev-only source condition.
 * @returns {string[]}
 */
function entryPoints() {
  /** @type {{ exports?: Record<string, unknown> }} */
  const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
  const entries = Object.values(manifest.exports ?? {}).flatMap((target) => {
    const source =
      target !== null && typeof target === 'object'
        ? /** @type {Record<string, unknown>} */ (target)['@chess-formats/source']
        : undefined;
    return typeof source === 'string' ? [source.replace(/^\.\//, '')] : [];
  });
  return entries.length > 0 ? entries : ['src/index.ts'];
}

/**
 * A CommonJS module built unbundled still names its siblings `./x.js`; those are the ESM
 * files, so point the requires at the `.cjs` twins.
 * @type {import('tsup').Options['plugins']}
 */
const cjsRequires = [
  {
    name: 'cjs-requires',
    renderChunk(code) {
      if (this.format !== 'cjs') return undefined;
      return { code: code.replace(/require\((["'])(\.{1,2}\/[^"']*?)\.js\1\)/g, 'require($1$2.cjs$1)') };
    },
  },
];

/**
 * A relative specifier `./x.js` in a declaration of the CommonJS twin names the ESM
 * declaration; `./x.cjs` makes TypeScript read `x.d.cts`, which says `export =`-compatible
 * CommonJS, as the runtime file does.
 * @param {string} code
 */
function toCjsSpecifiers(code) {
  return code.replace(/((?:from|import\()\s*["'])(\.{1,2}\/[^"']*?)\.js(["'])/g, '$1$2.cjs$3');
}

/**
 * Declarations, one per source module, each with a declaration map, so that "go to
 * definition" in a user's editor opens the shipped `src/` file instead of a rolled-up `.d.ts`.
 * They are emitted by TypeScript itself against the sibling packages' published declarations
 * (the dev-only source condition is off, so nothing outside this package is emitted), and
 * copied as `.d.cts` twins for the `require` condition.
 * @param {readonly string[]} modules the source modules to declare
 */
function emitDeclarations(modules) {
  const configFile = ts.readConfigFile('tsconfig.json', ts.sys.readFile);
  if (configFile.error) throw new Error(ts.flattenDiagnosticMessageText(configFile.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, process.cwd());
  /** @type {import('typescript').CompilerOptions} */
  const options = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: true,
    rootDir: resolve('src'),
    outDir: resolve('dist'),
    customConditions: [],
  };
  const program = ts.createProgram(
    modules.map((m) => resolve(m)),
    options,
  );
  const { diagnostics } = program.emit();
  const errors = [...ts.getPreEmitDiagnostics(program), ...diagnostics].filter(
    (d) => d.category === ts.DiagnosticCategory.Error,
  );
  if (errors.length > 0) {
    const host = {
      getCanonicalFileName: (/** @type {string} */ f) => f,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\n',
    };
    throw new Error(`declarations:\n${ts.formatDiagnostics(errors, host)}`);
  }
  const walk = (/** @type {string} */ dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  for (const file of walk('dist').filter((f) => f.endsWith('.d.ts'))) {
    const twin = file.replace(/\.d\.ts$/, '.d.cts');
    const mapName = (/** @type {string} */ f) => `${f.slice(f.lastIndexOf('/') + 1)}.map`;
    const code = toCjsSpecifiers(readFileSync(file, 'utf8')).replace(
      /\/\/# sourceMappingURL=\S+\s*$/,
      `//# sourceMappingURL=${mapName(twin)}\n`,
    );
    writeFileSync(twin, code);
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    writeFileSync(`${twin}.map`, JSON.stringify({ ...map, file: twin.slice(twin.lastIndexOf('/') + 1) }));
  }
}

/**
 * The one build configuration every publishable package uses: ESM + CJS, one output module per
 * source module (tree shaking works on the published files), declarations per module with
 * maps, source maps that point at the shipped `src/` instead of copying it. Plain JS so tsup can load it on Node 20 without a build step.
 * @param {Partial<import('tsup').Options>} [overrides]
 * @returns {import('tsup').Options}
 */
export function libraryConfig(overrides = {}) {
  const modules = [...new Set(entryPoints().flatMap(reachableModules))].sort();
  return {
    entry: modules,
    bundle: false,
    format: ['esm', 'cjs'],
    dts: false,
    async onSuccess() {
      emitDeclarations(modules);
    },
    sourcemap: true,
    clean: true,
    target: 'es2022',
    plugins: cjsRequires,
    esbuildPlugins: [inlineCharCodes()],
    esbuildOptions(options) {
      options.sourcesContent = false;
      // JSON imports keep their `with { type: 'json' }`, which Node requires of ESM.
      options.supported = { ...options.supported, 'import-attributes': true };
    },
    ...overrides,
  };
}

/**
 * An application (the CLI): one bundled ESM file, no declarations, no maps.
 * @param {Partial<import('tsup').Options>} [overrides]
 * @returns {import('tsup').Options}
 */
export function applicationConfig(overrides = {}) {
  return {
    entry: ['src/index.ts'],
    format: ['esm'],
    dts: false,
    clean: true,
    target: 'es2022',
    treeshake: true,
    ...overrides,
  };
}
