import { libraryConfig } from '@chess-formats/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(
  libraryConfig({
    entry: ['src/cli.ts'],
    format: ['esm'],
    dts: false,
    banner: { js: '#!/usr/bin/env node' },
  }),
);
