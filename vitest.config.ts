import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// One process for the whole repo. The source condition makes sibling packages resolve to
// their TypeScript sources, so tests never wait for a build.
const conditions = ['@chess-formats/source', 'module', 'node', 'import', 'default'];

const include = ['{packages,apps,tooling}/*/src/**/*.test.ts'];

// The test files that replace a module (`vi.mock`) or a global (`vi.stubGlobal`), count what a
// module does once when it is first loaded, or load one against stand-in globals (the demo's
// read worker): each runs in a fresh process of its own, as every file did before. A new test
// file that does so belongs here (tooling/release/src/fresh-modules.test.ts fails until it is).
// The others share a worker's loaded modules from file to file: importing the sources,
// fast-check and vitest afresh for each of 200-odd files took about a quarter of the suite's
// time (the whole suite, back to back on a shared two-core machine at a load of about 5: 335 s
// and 374 s of CPU with a process per file, 201 s and 256 s of CPU sharing).
export const freshModules = [
  'apps/demo/src/reader.test.ts',
  'packages/icc-dg/src/decoder-fault.test.ts',
  'packages/icc-dg/src/shape-refused.test.ts',
  'packages/icc-dg/src/shape.test.ts',
  'packages/pgn/src/toy-variant.test.ts',
  'tooling/release/src/format-recipe.test.ts',
];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@chess-formats/source'] } },
  test: {
    // Each project names its files (a root `include` would be added to theirs).
    environment: 'node',
    testTimeout: 20_000,
    // Vitest leaves a core free by default, which on the two-core machines CI runs on means one
    // test file at a time; much of the suite waits on browsers, servers and workers, so two
    // files at once take about two thirds of the time (363 s to 243 s measured).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Set-up hooks that bundle a worker or read the 213 real PGN files take seconds of a core the
    // other file shares (the real files' reading passed 10 s once so).
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'fresh modules', include: freshModules, isolate: true } },
      {
        extends: true,
        test: {
          name: 'shared modules',
          include,
          exclude: [...configDefaults.exclude, ...freshModules],
          isolate: false,
        },
      },
    ],
  },
});
