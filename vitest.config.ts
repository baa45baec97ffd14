import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One process for the whole repo. The source condition makes sibling packages resolve to
// their TypeScript sources, so tests never wait for a build.
const conditions = ['@chess-formats/source', 'module', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@chess-formats/source'] } },
  test: {
    include: ['{packages,apps,tooling}/*/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Vitest leaves a core free by default, which on the two-core machines CI runs on means one
    // test file at a time; much of the suite waits on browsers, servers and workers, so two
    // files at once take about two thirds of the time (363 s to 243 s measured).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Set-up hooks that bundle a worker or read the 213 real PGN files take seconds of a core the
    // other file shares (the real files' reading passed 10 s once so).
    hookTimeout: 60_000,
  },
});
