import { defaultClientConditions, defineConfig } from 'vite';

// Workspace packages are read from their TypeScript sources (the source export condition), so
// the demo builds without building the packages first and bundles exactly the code it uses.
export default defineConfig({
  base: './',
  resolve: { conditions: ['@chess-formats/source', ...defaultClientConditions] },
  build: { target: 'es2022', reportCompressedSize: false },
});
