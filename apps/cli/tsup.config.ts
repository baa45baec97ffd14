import { applicationConfig } from '@chess-formats/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(
  applicationConfig({
    entry: ['src/cli.ts'],
    banner: { js: '#!/usr/bin/env node' },
  }),
);
