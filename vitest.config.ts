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
  },
});
