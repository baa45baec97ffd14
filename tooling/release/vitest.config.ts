import { defineConfig } from 'vitest/config';

// Tests of what users get: they read the built packages (`pnpm build` first), so they run apart
// from the source tests (`pnpm test:dist`; `pnpm verify` runs both).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['dist-tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
