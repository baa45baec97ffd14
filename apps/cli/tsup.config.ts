import { applicationConfig } from '@chess-formats/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(
  applicationConfig({
    // pgn-worker.js: the worker threads of `pgn --jobs`, found beside cli.js.
    entry: ['src/cli.ts', 'src/pgn-worker.ts'],
    banner: { js: '#!/usr/bin/env node' },
  }),
);
