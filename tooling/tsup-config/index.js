// @ts-check
import { buildSync } from 'esbuild';

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
 * The one build configuration every publishable package uses: ESM + CJS, one output module per
 * source module (tree shaking works on the published files), declarations rolled up into one
 * `index.d.ts` / `index.d.cts`, source maps that point at the shipped `src/` instead of
 * copying it. Plain JS so tsup can load it on Node 20 without a build step.
 * @param {Partial<import('tsup').Options>} [overrides]
 * @returns {import('tsup').Options}
 */
export function libraryConfig(overrides = {}) {
  return {
    entry: reachableModules('src/index.ts'),
    bundle: false,
    format: ['esm', 'cjs'],
    dts: { entry: { index: 'src/index.ts' } },
    sourcemap: true,
    clean: true,
    target: 'es2022',
    plugins: cjsRequires,
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
