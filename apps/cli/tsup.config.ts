import { applicationConfig } from '@chess-formats/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(
  applicationConfig({
    // pgn-worker.js: the worker threads of `pgn --jobs`, found beside cli.js.
    entry: ['src/cli.ts', 'src/pgn-worker.ts'],
    banner: { js: '#!/usr/bin/env node' },
    // The packages' built code goes into the bundle (in chunks that cli.js and pgn-worker.js
    // share): Node then loads a few files at start-up instead of every module of every
    // package, about half the start-up's CPU time, which every run of a command pays.
    noExternal: [/^@chess-formats\//],
  }),
);
